// The backtrace: one frame per function call in progress (subr, lambda,
// byte-code), with its evaluated arguments, for `backtrace-frame',
// `mapbacktrace' and `backtrace-frames'. Special forms and the evaluation
// of arguments make no frame, so an interpreted function's frames are
// those Emacs shows for the same function byte-compiled, which is what
// Emacs's library counts on (CC Mode's change hooks look 3 frames out).
#pragma once
#include <cstddef>
#include <string>
#include <vector>

#include "lisp-lite/lang/lisp.hpp"

namespace gapmacs::lisp {

struct BacktraceFrame {
    Value function; // as called: usually a symbol
    const Value* args;
    std::size_t nargs;
};

extern std::vector<BacktraceFrame> g_backtrace;

// Records a call for its extent; its values stay live in the caller.
class BacktraceScope {
public:
    BacktraceScope(Value function, const Value* args, std::size_t nargs)
    {
        g_backtrace.push_back({function, args, nargs});
    }
    ~BacktraceScope()
    {
        g_backtrace.pop_back();
        asm volatile("" ::: "memory"); // see ~LexenvScope (eval.hpp)
    }
    BacktraceScope(const BacktraceScope&) = delete;
    BacktraceScope& operator=(const BacktraceScope&) = delete;
};

// With `debug-on-error' set, each signal keeps the calls in progress as
// text (Emacs's "FUNCTION(ARGS...)" lines, innermost first), so batch can
// show where an uncaught error came from as Emacs's debugger does. The
// text is made at the signal, before unwinding drops the frames.
void record_signal_backtrace(Value data);
// The text recorded for the signal whose data is DATA, or "" when none.
const std::string& signal_backtrace(Value data);

} // namespace gapmacs::lisp
