// Lisp process objects over process/: make-process with string and region
// filters, call-process, accept-process-output and friends.
//
// A Lisp process (Type::Process) owns its gapmacs::Process. Filters and
// sentinels are Lisp functions wrapped into the C++ callbacks; an error in
// one is reported with `message` ("error in process filter: ...") and the
// process goes on, as in Emacs. The event loop is the one the whole editor
// turns (accept-process-output, sit-for, sleep-for, the UI).
#pragma once
#include "core/event_loop.hpp"
#include "lisp-lite/lisp.hpp"

namespace gapmacs::lisp {

// The editor's event loop (created on first use; blocks SIGCHLD).
EventLoop& event_loop();

// Registers the process builtins (from init).
void register_process_builtins();

} // namespace gapmacs::lisp
