// Waiting: the editor's one event loop, and the waits that turn it
// (accept-process-output, sleep-for, sit-for, call-process): timers and
// process output run during them, C-g quits them, and the UI redisplays
// before each turn through the wait hook.
#pragma once
#include <functional>
#include <optional>

#include "core/event_loop.hpp"
#include "lisp-lite/lang/lisp.hpp"

namespace gapmacs::lisp {

// The editor's event loop: the one the application hands down with
// set_event_loop, or one made on first use in batch mode. (Its
// construction blocks SIGCHLD.)
EventLoop& event_loop();
void set_event_loop(EventLoop& loop);

// Called before each wait of accept-process-output, sleep-for and sit-for
// (the UI redisplays there); `left` may be shortened by the hook.
using WaitHook = void (*)(std::optional<EventLoop::Duration>& left);
void set_wait_hook(WaitHook hook);

// SECONDS plus MILLISEC as a duration (both nil: none, wait for ever);
// negative or NaN is zero, and a huge one is clamped.
std::optional<EventLoop::Duration> seconds_arg(Value seconds, Value millisec);

// Turns the loop until `done` holds or the timeout passes.
void wait_until(std::optional<EventLoop::Duration> timeout, const std::function<bool()>& done);

} // namespace gapmacs::lisp
