#include "lisp-lite/editor/waiting.hpp"

#include <chrono>

#include "lisp-lite/editor/host.hpp"
#include "lisp-lite/editor/modules.hpp"
#include "lisp-lite/editor/symbols.hpp"
#include "lisp-lite/lang/builtins.hpp"
#include "lisp-lite/lang/variables.hpp"

namespace gapmacs::lisp {

EventLoop& event_loop()
{
    static EventLoop loop;
    return loop;
}

std::optional<EventLoop::Duration> seconds_arg(Value seconds, Value millisec)
{
    if (nilp(seconds) && nilp(millisec))
        return std::nullopt;
    double s = nilp(seconds) ? 0 : check_number(seconds);
    if (!nilp(millisec))
        s += static_cast<double>(check_fixnum(millisec)) / 1000.0;
    if (!(s >= 0)) // negative or NaN
        s = 0;
    if (s > 1e9) // ~32 years: converting more to the clock's integer ticks overflows
        s = 1e9;
    return std::chrono::duration_cast<EventLoop::Duration>(std::chrono::duration<double>(s));
}

void wait_until(std::optional<EventLoop::Duration> timeout, const std::function<bool()>& done)
{
    auto deadline = timeout ? std::optional(EventLoop::Clock::now() + *timeout) : std::nullopt;
    while (!done()) {
        maybe_quit();
        std::optional<EventLoop::Duration> left;
        if (deadline) {
            auto now = EventLoop::Clock::now();
            if (now >= *deadline)
                return;
            left = *deadline - now;
        }
        if (EditorHost* host = editor_host())
            host->before_wait(left);
        event_loop().run_once(left);
    }
}

namespace {

// SECONDS must be a number, as Emacs's (sit-for nil) in batch signals
// (wrong-type-argument numberp nil) instead of waiting forever.
Value check_seconds(Value seconds)
{
    if (!numberp(seconds))
        wrong_type(Qnumberp, seconds);
    return seconds;
}

Value f_sleep_for(Args a)
{
    auto timeout = seconds_arg(check_seconds(a[0]), a[1]);
    wait_until(timeout, [] { return false; });
    return Qnil;
}

bool input_pending() { return consp(value_or_nil(Qunread_command_events)); }

Value f_sit_for(Args a) { return sit_for_noninteractive(a[0]); }

constexpr SubrDef waiting_subrs[] = {
    {"sleep-for", 0, 2, f_sleep_for},
    {"sit-for", 0, 2, f_sit_for},
};

} // namespace

// Batch has no keyboard; with `noninteractive' bound to nil (company's
// tests do), Emacs's sit-for reads an event while it waits: one already in
// unread-command-events, or one a timer puts there, ends the wait with nil,
// and goes back as (t . EVENT), as sit-for puts back what read-event read.
Value sit_for_noninteractive(Value seconds)
{
    auto timeout = seconds_arg(check_seconds(seconds), Qnil);
    if (!nilp(value_or_nil(Qnoninteractive))) {
        wait_until(timeout, [] { return false; });
        return Qt;
    }
    if (input_pending())
        return Qnil;
    wait_until(timeout, input_pending);
    if (!input_pending())
        return Qt;
    Value unread = value_or_nil(Qunread_command_events);
    Value event = xcar(unread);
    if (consp(event) && xcar(event) == Qt)
        event = xcdr(event);
    set_internal(Qunread_command_events, make_cons(make_cons(Qt, event), xcdr(unread)), false);
    return Qnil;
}


void register_waiting_builtins() { register_subrs(waiting_subrs); }

} // namespace gapmacs::lisp
