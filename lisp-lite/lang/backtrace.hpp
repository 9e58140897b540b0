// The backtrace: one frame per function call in progress (subr, lambda,
// byte-code), with its evaluated arguments, for `backtrace-frame',
// `mapbacktrace' and `backtrace-frames'. Special forms and the evaluation
// of arguments make no frame, so an interpreted function's frames are
// those Emacs shows for the same function byte-compiled, which is what
// Emacs's library counts on (CC Mode's change hooks look 3 frames out).
#pragma once
#include <cstddef>
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

} // namespace gapmacs::lisp
