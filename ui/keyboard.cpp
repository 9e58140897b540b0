#include "ui/keyboard.hpp"

#include <poll.h>
#include <sys/time.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstring>

#include "core/utf8.hpp"
#include "ui/symbols.hpp"

namespace gapmacs::ui {

using namespace lisp;

namespace {

// Bytes the quit poller read while a command ran, for the decoder. Written
// only by the SIGALRM handler, read only with SIGALRM blocked.
char g_polled[4096];
volatile std::sig_atomic_t g_polled_len = 0;
volatile std::sig_atomic_t g_polled_fd = -1;
// Any byte interrupts redisplay's Lisp (Keyboard::InterruptScope).
volatile std::sig_atomic_t g_interrupt_on_input = 0;

extern "C" void on_poll_alarm(int)
{
    const int saved_errno = errno;
    struct pollfd p{g_polled_fd, POLLIN, 0};
    if (g_polled_fd >= 0 && ::poll(&p, 1, 0) == 1 && (p.revents & POLLIN)) {
        std::size_t room = sizeof g_polled - static_cast<std::size_t>(g_polled_len);
        if (room > 0) {
            ssize_t n = ::read(g_polled_fd, g_polled + g_polled_len, room);
            if (n > 0 && g_interrupt_on_input) {
                g_polled_len = g_polled_len + static_cast<int>(n);
                request_input_interrupt();
            } else if (n > 0) {
                char* start = g_polled + g_polled_len;
                g_polled_len = g_polled_len + static_cast<int>(n);
                // The C-g is consumed by the quit, and what was typed
                // before it is dropped, as in Emacs; what follows is kept.
                for (char* p = g_polled + g_polled_len; p-- > start;) {
                    if (*p == 7) {
                        request_quit();
                        std::size_t keep = static_cast<std::size_t>(g_polled + g_polled_len - (p + 1));
                        std::memmove(g_polled, p + 1, keep);
                        g_polled_len = static_cast<int>(keep);
                        break;
                    }
                }
            }
        }
    }
    errno = saved_errno;
}

// Blocks SIGALRM in a scope, so the handler never reads beside us.
class AlarmBlock {
public:
    AlarmBlock()
    {
        sigset_t s;
        sigemptyset(&s);
        sigaddset(&s, SIGALRM);
        ::sigprocmask(SIG_BLOCK, &s, &m_old);
    }
    ~AlarmBlock() { ::sigprocmask(SIG_SETMASK, &m_old, nullptr); }
    AlarmBlock(const AlarmBlock&) = delete;
    AlarmBlock& operator=(const AlarmBlock&) = delete;

private:
    sigset_t m_old;
};

void set_poll_timer(long usec)
{
    struct itimerval t {};
    t.it_interval.tv_usec = usec;
    t.it_value.tv_usec = usec;
    ::setitimer(ITIMER_REAL, &t, nullptr);
}

// Stops the poller; SIGALRM must be blocked (an AlarmBlock). A tick the
// timer raised before it stopped is still pending and would run the handler
// once the block ends: it would read the terminal after the caller decoded
// what was polled, and those bytes would wait in g_polled with no readable
// descriptor to wake the event loop (a key lost until the next one). So the
// pending tick is taken here.
void stop_poll_timer()
{
    set_poll_timer(0);
    sigset_t s;
    sigemptyset(&s);
    sigaddset(&s, SIGALRM);
    const struct timespec now{};
    while (::sigtimedwait(&s, nullptr, &now) == SIGALRM) {
    }
}

constexpr auto esc_wait = std::chrono::milliseconds(30);

} // namespace

Value lisp_event(const KeyEvent& key)
{
    switch (key.kind) {
    case KeyEvent::Kind::Char: return Value::fixnum(key.code);
    case KeyEvent::Kind::Symbol: return intern(key.text);
    case KeyEvent::Kind::Paste: return list({Qxterm_paste, make_string_from_utf8(key.text)});
    }
    return Qnil;
}

Keyboard::Keyboard(EventLoop& loop, int fd)
    : m_fd(fd), m_watcher(loop, fd, EventLoop::Readable, [this](unsigned) { read_available(); }, EventLoop::Priority::Input),
      m_flush(loop, EventLoop::Clock::now(), [this] {
          std::vector<KeyEvent> out;
          m_decoder.flush(out);
          m_queue.insert(m_queue.end(), out.begin(), out.end());
      })
{
    g_polled_fd = fd;
    struct sigaction sa {};
    sa.sa_handler = on_poll_alarm;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_RESTART;
    ::sigaction(SIGALRM, &sa, nullptr);
}

Keyboard::~Keyboard()
{
    stop_quit_polling();
    g_polled_fd = -1;
}

void Keyboard::decode(std::string_view bytes)
{
    std::vector<KeyEvent> out;
    if (m_queue.empty())
        m_read_time = EventLoop::Clock::now();
    m_decoder.feed(bytes, out);
    for (const KeyEvent& k : out) {
        // C-g typed while a command runs (waiting for a process, say) quits
        // it, and what was typed before it is dropped, as in Emacs.
        if (m_polling && k == KeyEvent::chr(7)) {
            request_quit();
            m_queue.clear();
            continue;
        }
        m_queue.push_back(k);
    }
    if (m_decoder.pending())
        m_flush.reschedule(EventLoop::Clock::now() + esc_wait);
}

void Keyboard::decode_polled()
{
    if (g_polled_len > 0) {
        decode(std::string_view(g_polled, static_cast<std::size_t>(g_polled_len)));
        g_polled_len = 0;
    }
}

void Keyboard::read_available()
{
    AlarmBlock block;
    decode_polled();
    char buf[8192];
    ssize_t n = ::read(m_fd, buf, sizeof buf);
    if (n > 0)
        decode(std::string_view(buf, static_cast<std::size_t>(n)));
    else if (n == 0 || (errno != EINTR && errno != EAGAIN))
        m_hangup = true; // the terminal went away
}

void Keyboard::poll_now()
{
    {
        AlarmBlock block;
        decode_polled();
    }
    struct pollfd p{m_fd, POLLIN, 0};
    if (::poll(&p, 1, 0) == 1 && (p.revents & POLLIN))
        read_available();
}

bool Keyboard::interrupted() const { return g_interrupt_on_input && g_polled_len > 0; }

Value Keyboard::pop()
{
    KeyEvent key = std::move(m_queue.front());
    m_queue.pop_front();
    return lisp_event(key);
}

void Keyboard::discard() { m_queue.clear(); }

void Keyboard::start_quit_polling()
{
    m_polling = true;
    set_poll_timer(50000);
}

Keyboard::InterruptScope::InterruptScope(Keyboard& keyboard) : m_keyboard(keyboard)
{
    g_interrupt_on_input = 1;
    set_poll_timer(1000);
}

Keyboard::InterruptScope::~InterruptScope()
{
    AlarmBlock block;
    stop_poll_timer();
    g_interrupt_on_input = 0;
    clear_input_interrupt();
    // The keys the poller took wake no watcher: queue them now.
    m_keyboard.decode_polled();
}

void Keyboard::stop_quit_polling()
{
    m_polling = false;
    // Keys the poller took from the terminal while the command ran are no
    // longer there to wake the event loop: queue them now, or typeahead
    // (RET right after a slow SPC completion) would wait for the next key.
    AlarmBlock block;
    stop_poll_timer();
    decode_polled();
}

} // namespace gapmacs::ui
