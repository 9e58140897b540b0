// Waiting: the editor's one event loop, and the waits that turn it
// (accept-process-output, sleep-for, sit-for, call-process): timers and
// process output run during them, C-g quits them, and the host (the UI)
// redisplays before each turn.
#pragma once
#include <functional>
#include <optional>

#include "core/event_loop.hpp"
#include "lisp-lite/lang/lisp.hpp"

namespace gapmacs::lisp {

// The one event loop: every wait turns it, the terminal's keys included.
// A static made at the first call and kept until the process exits, past
// init()'s Lisp world and every Editor. init() calls it early
// (register_process_builtins) because its construction blocks SIGCHLD
// before any child can exit unheard.
EventLoop& event_loop();

// SECONDS plus MILLISEC as a duration (both nil: none, wait for ever);
// negative or NaN is zero, and a huge one is clamped.
std::optional<EventLoop::Duration> seconds_arg(Value seconds, Value millisec);

// Turns the loop until `done` holds or the timeout passes.
void wait_until(std::optional<EventLoop::Duration> timeout, const std::function<bool()>& done);

// sit-for with no terminal (batch mode): waits, ended early only by an
// event in unread-command-events when `noninteractive' is nil.
Value sit_for_noninteractive(Value seconds);

} // namespace gapmacs::lisp
