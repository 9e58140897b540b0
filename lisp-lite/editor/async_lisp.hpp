// Lisp the editor runs on its own, between or under commands: process
// filters and sentinels. They run as Emacs runs them (process.c's
// read_and_dispose_of_process_output and exec_sentinel): inhibit-quit and
// last-nonmenu-event bound to t, and the current buffer, the match data and
// deactivate-mark of the code they interrupted restored afterwards. An error is reported as
// a message and output goes on, unless debug-on-error asks for it; a quit
// or a throw goes on to whoever waits.
#pragma once
#include <exception>

#include "lisp-lite/editor/buffers.hpp"
#include "lisp-lite/editor/match_data.hpp"
#include "lisp-lite/lang/eval.hpp"

namespace gapmacs::lisp {

class AsyncLispScope {
public:
    AsyncLispScope();
    AsyncLispScope(const AsyncLispScope&) = delete;
    AsyncLispScope& operator=(const AsyncLispScope&) = delete;

private:
    // Destroyed in reverse: the bindings go last, after the buffer and the
    // match data are back.
    SpecScope m_bindings;
    CurrentBufferScope m_buffer;
    MatchDataScope m_match_data;
};

// Inside a catch block: reports the error being handled as "WHAT: MESSAGE",
// or rethrows it when it is no error (quit, a throw) or debug-on-error is set.
void report_async_error(const char* what);

template <typename F> void run_async_lisp(const char* what, F&& f)
{
    AsyncLispScope scope;
    try {
        f();
    } catch (const std::exception&) {
        report_async_error(what);
    }
}

} // namespace gapmacs::lisp
