// backtrace-frame--internal and mapbacktrace, as Emacs 28's eval.c.
#include "lisp-lite/lang/backtrace.hpp"

#include "lisp-lite/lang/builtins.hpp"

namespace gapmacs::lisp {

std::vector<BacktraceFrame> g_backtrace;

namespace {

// The index of the frame NFRAMES out from the innermost call of BASE (or
// from the innermost frame when BASE is nil); -1 when there is none.
std::ptrdiff_t frame_index(std::int64_t nframes, Value base)
{
    std::ptrdiff_t i = static_cast<std::ptrdiff_t>(g_backtrace.size()) - 1;
    if (!nilp(base)) {
        Value target = indirect_function(base);
        while (i >= 0 && indirect_function(g_backtrace[static_cast<std::size_t>(i)].function) != target)
            --i;
    }
    return i - nframes;
}

// (FUNCTION EVALD FUNC ARGS FLAGS): arguments are always evaluated here.
Value apply_to_frame(Value function, std::size_t i)
{
    const BacktraceFrame frame = g_backtrace[i];
    Value args = Qnil;
    for (std::size_t j = frame.nargs; j > 0; --j)
        args = make_cons(frame.args[j - 1], args);
    Value call[4] = {Qt, frame.function, args, Qnil};
    return funcall(function, call, 4);
}

Value f_backtrace_frame_internal(Args a)
{
    std::ptrdiff_t i = frame_index(check_natnum(a[1]), a[2]);
    return i < 0 ? Qnil : apply_to_frame(a[0], static_cast<std::size_t>(i));
}

// (mapbacktrace FUNCTION &optional BASE): innermost first.
Value f_mapbacktrace(Args a)
{
    for (std::ptrdiff_t i = frame_index(0, a[1]); i >= 0; --i)
        if (static_cast<std::size_t>(i) < g_backtrace.size()) // FUNCTION may return through frames
            apply_to_frame(a[0], static_cast<std::size_t>(i));
    return Qnil;
}

constexpr SubrDef backtrace_subrs[] = {
    {"backtrace-frame--internal", 3, 3, f_backtrace_frame_internal},
    {"mapbacktrace", 1, 2, f_mapbacktrace},
};

} // namespace

void register_backtrace_builtins() { register_subrs(backtrace_subrs); }

} // namespace gapmacs::lisp
