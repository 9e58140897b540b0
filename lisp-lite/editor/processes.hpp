// Lisp process objects over process/: make-process with string and region
// filters, call-process, accept-process-output and friends.
//
// A Lisp process (Type::Process) owns its gapmacs::Process. Filters and
// sentinels are Lisp functions wrapped into the C++ callbacks, run as Emacs
// runs them (async_lisp.hpp): an error in one is reported with `message`
// ("error in process filter: ...") and the process goes on. The event loop is the one the whole editor
// turns (accept-process-output, sit-for, sleep-for, the UI).
#pragma once
#include "lisp-lite/editor/waiting.hpp"
#include "lisp-lite/lang/lisp.hpp"

namespace gapmacs::lisp {

// Kills every subprocess without running sentinels: kill-emacs and the end
// of a batch run call it, so no child outlives the editor.
void kill_all_processes();
// Drops the timers' alarm (timers.cpp) at exit, so no timer fires while
// the program ends.
void disarm_timer_alarm();

// Registers the process builtins (from init).
void register_process_builtins();

} // namespace gapmacs::lisp
