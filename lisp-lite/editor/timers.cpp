// The event loop's alarm for Lisp timers: lisp/timer.el keeps the timers,
// and this is the one wakeup it needs.
//
// The alarm fires inside EventLoop::run_once, so timers run wherever the
// editor waits: accept-process-output, sit-for, sleep-for and the wait for
// a key. A `throw' from a timer (with-timeout) unwinds out of the wait like
// one from a process filter.
#include <algorithm>
#include <chrono>
#include <memory>

#include "lisp-lite/editor/modules.hpp"
#include "lisp-lite/editor/processes.hpp"
#include "lisp-lite/editor/symbols.hpp"
#include "lisp-lite/lang/builtins.hpp"
#include "lisp-lite/lang/eval.hpp"

namespace gapmacs::lisp {

namespace {

// Made after the loop (f_timer_arm_wakeup asks for the loop first), so it
// goes before the loop at exit.
std::unique_ptr<EventLoop::Timer>& alarm()
{
    static std::unique_ptr<EventLoop::Timer> timer;
    return timer;
}

// As Emacs's timer_check: timers run with inhibit-quit bound (C-g waits
// for them); timer.el reports their errors and restores the buffer.
void run_due_timers()
{
    SpecScope bindings;
    specbind(Qinhibit_quit, Qt);
    call0(Qtimer__run_due);
}

// (timer--arm-wakeup DELAY): call timer--run-due in DELAY seconds (a
// number), replacing the previous request; nil cancels it.
Value f_timer_arm_wakeup(Args a)
{
    EventLoop& loop = event_loop(); // first: see alarm()
    std::unique_ptr<EventLoop::Timer>& timer = alarm();
    if (nilp(a[0])) {
        timer.reset();
        return Qnil;
    }
    const double delay = std::max(check_number(a[0]), 0.0);
    const auto when = EventLoop::Clock::now() +
                      std::chrono::duration_cast<EventLoop::Duration>(std::chrono::duration<double>(std::min(delay, 1e9)));
    if (timer)
        timer->reschedule(when);
    else
        timer = std::make_unique<EventLoop::Timer>(loop, when, run_due_timers);
    return Qnil;
}

constexpr SubrDef timer_subrs[] = {
    {"timer--arm-wakeup", 1, 1, f_timer_arm_wakeup},
};

} // namespace

void register_timer_builtins() { register_subrs(timer_subrs); }

void disarm_timer_alarm() { alarm().reset(); }

} // namespace gapmacs::lisp
