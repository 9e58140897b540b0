// What the editor layer asks of the program above it (the terminal UI),
// on top of the language's (lang/host.hpp): a turn before each wait, and
// word of a killed buffer. The program installs its host once, with a
// HostScope, for as long as it runs; the layers below call up through it
// and nothing else (no hooks of their own for the UI).
#pragma once
#include <optional>

#include "core/event_loop.hpp"
#include "lisp-lite/lang/host.hpp"
#include "lisp-lite/lang/lisp.hpp"

namespace gapmacs::lisp {

struct ModeLineWindow;

class EditorHost : public LanguageHost {
public:
    // Before each turn of a wait (accept-process-output, sleep-for,
    // sit-for, call-process): the UI redisplays; it may shorten LEFT.
    virtual void before_wait(std::optional<EventLoop::Duration>& left) = 0;
    // BUFFER is being killed: kill-buffer-hook and the editor's own
    // clean-up have run, and it is still live.
    virtual void buffer_killed(Value buffer) = 0;
    // Where WINDOW (nil: the selected one) is, for the %-constructs of
    // format-mode-line that depend on it (%p, %l, %c...); returns the
    // buffer it shows.
    virtual Value describe_window_for_mode_line(Value window, ModeLineWindow& out) = 0;
    // Whether a terminal shows the frame (not so in batch mode, where the
    // editor runs with no display).
    virtual bool has_terminal() const = 0;

protected:
    ~EditorHost() = default;
};

// The installed host, or null (the tests of the lower layers).
EditorHost* editor_host();
// A host is installed and a terminal shows its frame.
bool terminal_shown();

// Installs HOST for the scope's lifetime; one at a time.
class HostScope {
public:
    explicit HostScope(EditorHost& host);
    ~HostScope();
    HostScope(const HostScope&) = delete;
    HostScope& operator=(const HostScope&) = delete;
};

} // namespace gapmacs::lisp
