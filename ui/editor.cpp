// The editor as an object: what it owns (terminal, frame, keyboard), the
// signals it takes, its messages, and which buffers its windows show.
// The command loop, input, redisplay, minibuffer and start-up are in
// the editor_*.cpp beside it.
#include "ui/editor.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <charconv>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <optional>

#include "core/error.hpp"
#include "lisp-lite/editor/buffers.hpp"
#include "lisp-lite/editor/frames.hpp"
#include "lisp-lite/editor/host.hpp"
#include "lisp-lite/editor/waiting.hpp"
#include "lisp-lite/lang/eval.hpp"
#include "lisp-lite/lang/heap.hpp"
#include "ui/editor_support.hpp"
#include "ui/emergency_save.hpp"
#include "ui/lisp_faces.hpp"
#include "ui/symbols.hpp"

namespace gapmacs::ui {

using namespace lisp;
using namespace editor_support;

Editor* Editor::s_instance = nullptr;

namespace {

int g_signal_pipe[2] = {-1, -1};

extern "C" void on_editor_signal(int sig)
{
    const int saved_errno = errno;
    unsigned char b = static_cast<unsigned char>(sig);
    [[maybe_unused]] ssize_t n = ::write(g_signal_pipe[1], &b, 1);
    // A command that runs forever must stop for SIGTERM and SIGHUP too; one
    // that cannot (a blocking system call) is ended by the watchdog.
    if (sig != SIGWINCH) {
        request_quit();
        TerminationWatchdog::signal_arrived();
    }
    errno = saved_errno;
}

// How long a SIGTERM or SIGHUP waits for the command loop to save and exit
// by itself before the watchdog does it.
constexpr int termination_grace_ms = 2000;
constexpr auto minibuffer_message_timeout = std::chrono::seconds(2);

} // namespace

int install_signal_pipe()
{
    if (g_signal_pipe[0] < 0) {
        if (::pipe2(g_signal_pipe, O_CLOEXEC | O_NONBLOCK) != 0)
            throw Error("file-error", "Cannot create the signal pipe");
        for (int sig : {SIGWINCH, SIGHUP, SIGTERM}) {
            struct sigaction sa {};
            sa.sa_handler = on_editor_signal;
            sigemptyset(&sa.sa_mask);
            sa.sa_flags = SA_RESTART;
            ::sigaction(sig, &sa, nullptr);
        }
    }
    return g_signal_pipe[0];
}

Editor::Editor(EventLoop& loop) : Editor(loop, std::make_unique<Terminal>()) {}

Editor::Editor(EventLoop& loop, Headless) : Editor(loop, nullptr) {}

Editor::Editor(EventLoop& loop, std::unique_ptr<Terminal> terminal) : m_loop(loop), m_terminal(std::move(terminal))
{
    s_instance = this;
    if (m_terminal) {
        const char* term = std::getenv("TERM");
        describe_terminal(term ? term : "", m_terminal->colors());
    }
    Value scratch = get_buffer_create(make_string("*scratch*"));
    Value mini = get_buffer_create(make_string(" *Minibuf-0*"));
    // Emacs's batch frame: 80x25, the minibuffer on the last line.
    m_frame = m_terminal ? std::make_unique<Frame>(m_terminal->rows(), m_terminal->cols(), scratch, mini)
                         : std::make_unique<Frame>(25, 80, scratch, mini);
    set_current_buffer(scratch);
    note_shown(scratch);
    if (m_terminal) {
        m_keyboard = std::make_unique<Keyboard>(loop, m_terminal->input_fd());
        int fd = install_signal_pipe();
        m_signal_watcher = std::make_unique<EventLoop::FdWatcher>(loop, fd, EventLoop::Readable,
                                                                  [this](unsigned) { handle_signals(); });
        m_termination_watchdog = std::make_unique<TerminationWatchdog>(termination_grace_ms);
        xsymbol(Qnoninteractive)->value = Qnil;
    } else {
        // Batch's Lisp runs at the top level, as if in its recursive edit.
        m_depth = 1;
    }
    m_host = std::make_unique<HostScope>(*this);
}

Editor& Editor::running()
{
    if (!s_instance)
        error("The terminal editor is not running");
    return *s_instance;
}

Editor::~Editor()
{
    m_host.reset();
    m_keyboard.reset();
    m_signal_watcher.reset();
    m_frame.reset();
    m_terminal.reset();
    s_instance = nullptr;
}

void Editor::mark_values() const
{
    if (m_frame)
        m_frame->mark_values();
    for (Value v : m_recent)
        mark_value(v);
}

// ---- signals ----

void Editor::handle_signals()
{
    unsigned char sigs[64];
    ssize_t n;
    bool exit_requested = false;
    while ((n = ::read(g_signal_pipe[0], sigs, sizeof sigs)) > 0) {
        for (ssize_t i = 0; i < n; ++i) {
            if (sigs[i] == SIGWINCH) {
                m_terminal->update_size();
                m_frame->resize(m_terminal->rows(), m_terminal->cols());
                redisplay(true);
            } else {
                exit_requested = true;
            }
        }
    }
    // Acted on by read_event, outside the loop's dispatch.
    if (exit_requested)
        m_exit_requested = true;
}

// ---- the terminal ----

void Editor::beep()
{
    if (m_terminal)
        m_terminal->beep();
}

void Editor::force_repaint()
{
    if (m_terminal)
        m_terminal->force_repaint();
}

void Editor::send_raw(std::string_view bytes)
{
    if (m_terminal)
        m_terminal->send_raw(bytes);
    else
        std::fwrite(bytes.data(), 1, bytes.size(), stdout);
}

int Editor::colors() const { return m_terminal ? m_terminal->colors() : 0; }

void Editor::discard_input()
{
    if (m_keyboard)
        m_keyboard->discard();
}

// ---- output ----

void Editor::write_stdout(std::string_view internal)
{
    if (m_terminal)
        message(internal); // output to t shows as a message, as in Emacs's interactive session
    else
        default_stdout(internal);
}

namespace {

// How many times a line of *Messages* says `text`: once when it is the
// text, N times when it is "TEXT [N times]".
std::optional<std::int64_t> times_said(std::string_view line, std::string_view text)
{
    if (line == text)
        return 1;
    if (!line.starts_with(text) || !line.ends_with(" times]"))
        return std::nullopt;
    std::string_view count = line.substr(text.size());
    if (!count.starts_with(" ["))
        return std::nullopt;
    count = count.substr(2, count.size() - 2 - 7);
    std::int64_t n = 0;
    const auto [end, error] = std::from_chars(count.data(), count.data() + count.size(), n);
    return error == std::errc() && end == count.data() + count.size() && n > 1 ? std::optional(n) : std::nullopt;
}

// Logs a message in *Messages* as Emacs's message_dolog: on a line of its
// own, and a message that repeats the last line makes it "TEXT [2 times]",
// then 3...
void log_message(Buffer& log, std::string_view text)
{
    const CharPos end(log.size() + 1);
    if (text.find('\n') == std::string_view::npos && log.char_before(end) == U'\n') {
        const CharPos last_end = end - CharCount(1);
        const CharPos last = log.line_beginning(last_end);
        if (auto n = times_said(log.substring(last, last_end), text)) {
            log.delete_region(last, last_end);
            log.insert_at(last, std::string(text) + " [" + std::to_string(*n + 1) + " times]");
            return;
        }
    }
    log.insert_at(end, text);
    log.insert_at(CharPos(log.size() + 1), "\n");
}

} // namespace

void Editor::message(std::string_view internal, Value propertized, bool display)
{
    if (!m_terminal) {
        // As Emacs in batch: to stderr, and kept in *Messages* too.
        default_message(internal, display);
    } else if (display && m_frame->minibuffer_active()) {
        // As Emacs 28's set-minibuffer-message: shown after the input for a
        // while, the input staying in view.
        std::string_view text = internal;
        m_frame->minibuffer_message = text.starts_with("[") ? std::string(text) : "[" + std::string(text) + "]";
        m_minibuffer_message_until = EventLoop::Clock::now() + minibuffer_message_timeout;
    } else if (display) {
        m_frame->echo = {std::string(internal), stringp(propertized) ? string_faces(propertized) : std::vector<StyledLine::Span>{}};
    }
    // Every message is kept in *Messages*, as in Emacs, unless
    // message-log-max is nil (ElDoc's are not); failing to keep it (a
    // signal from a hook, no memory) must not lose the message itself.
    if (nilp(find_symbol_value(Qmessage_log_max)))
        return;
    try {
        Buffer& b = check_live_buffer(get_buffer_create(make_string("*Messages*")));
        const bool ro = b.read_only();
        b.set_read_only(false);
        log_message(b, internal);
        b.set_read_only(ro);
    } catch (const std::exception&) {
    }
}

// ---- buffers in windows ----

void Editor::note_shown(Value buffer)
{
    m_recent.erase(std::remove(m_recent.begin(), m_recent.end(), buffer), m_recent.end());
    m_recent.insert(m_recent.begin(), buffer);
}

void Editor::switch_to_buffer(Value buffer)
{
    Window& w = m_frame->selected();
    if (w.is_minibuffer())
        throw Error("error", "Cannot switch buffers in minibuffer window");
    if (w.buffer() != buffer)
        w.set_buffer(buffer);
    set_current_buffer(buffer);
    // The window shows the buffer where its point is.
    note_shown(buffer);
}

Value Editor::other_buffer(Value avoid)
{
    auto usable = [&](Value b) {
        Buffer* buf = live_buffer(b);
        return buf && b != avoid && !buf->name().starts_with(" ");
    };
    for (Value b : m_recent)
        if (usable(b))
            return b;
    for (Value b : buffer_list())
        if (usable(b))
            return b;
    return get_buffer_create(make_string("*scratch*"));
}

void Editor::buffer_killed(Value buffer)
{
    m_recent.erase(std::remove(m_recent.begin(), m_recent.end(), buffer), m_recent.end());
    for (Window* w : m_frame->windows()) {
        if (w->buffer() == buffer) {
            Value other = other_buffer(buffer);
            w->set_buffer(other);
        }
    }
}

} // namespace gapmacs::ui
