// Keyboard: input events from the terminal, a watcher on the editor's event
// loop like any process.
//
// Events wait in a queue until the command loop reads them. While a command
// runs, an interval timer (SIGALRM, as Emacs's poll_for_input) looks at the
// terminal without reading the editor's state: a C-g among the bytes sets the
// evaluator's quit flag, so `(while t)` stops; the bytes are kept for the
// decoder. A lone ESC is taken as ESC after a short wait.
#pragma once
#include <deque>
#include <memory>

#include "core/event_loop.hpp"
#include "lisp-lite/lisp_lite.hpp"
#include "ui/key_decoder.hpp"

namespace gapmacs::ui {

class Keyboard final {
public:
    Keyboard(EventLoop& loop, int fd);
    ~Keyboard();
    Keyboard(const Keyboard&) = delete;
    Keyboard& operator=(const Keyboard&) = delete;

    bool has_event() const { return !m_queue.empty(); }
    // The next event as Lisp sees it: a character, a symbol, or
    // (xterm-paste TEXT).
    lisp::Value pop();
    void discard();
    // The terminal was closed: reading gave end-of-file or an error.
    bool hung_up() const { return m_hangup; }
    // When the bytes of the oldest queued event were read.
    EventLoop::Clock::time_point last_read_time() const { return m_read_time; }
    // Reads what the terminal has now without waiting.
    void poll_now();
    // In an InterruptScope, a key came (the poller took its bytes).
    bool interrupted() const;

    // While a command runs, the quit poller watches for C-g.
    void start_quit_polling();
    void stop_quit_polling();

    // In its scope (redisplay's fontification) the poller looks every
    // millisecond, and any key interrupts the Lisp that runs
    // (lisp::request_input_interrupt): the key is served and drawn at once,
    // and the text not yet fontified waits for the next redisplay, as with
    // Emacs's jit-lock-defer-time. Not inside a command's quit polling.
    class InterruptScope {
    public:
        explicit InterruptScope(Keyboard& keyboard);
        ~InterruptScope();
        InterruptScope(const InterruptScope&) = delete;
        InterruptScope& operator=(const InterruptScope&) = delete;

    private:
        Keyboard& m_keyboard;
    };

private:
    void read_available();
    void decode_polled(); // with SIGALRM blocked
    void decode(std::string_view bytes);

    int m_fd;
    KeyDecoder m_decoder;
    std::deque<KeyEvent> m_queue;
    EventLoop::Clock::time_point m_read_time{};
    bool m_polling = false; // a command runs: C-g quits it
    bool m_hangup = false;
    EventLoop::FdWatcher m_watcher;
    EventLoop::Timer m_flush;
};

// Turns a decoded key into the Lisp event Emacs would read.
lisp::Value lisp_event(const KeyEvent& key);

} // namespace gapmacs::ui
