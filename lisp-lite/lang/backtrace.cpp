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

namespace {
std::string g_signal_text;
Value g_signal_data = Qnil; // identity only: never dereferenced
} // namespace

void record_signal_backtrace(Value data)
{
    static bool recording = false; // printing an argument may signal
    if (recording || nilp(symbol_value(Qdebug_on_error)))
        return;
    recording = true;
    struct Done { ~Done() { recording = false; } } done;
    // Arguments are printed shallow, and a long string by its size: a
    // frame may hold a buffer's worth of text.
    auto print_arg = [](std::string& line, Value arg) {
        if (stringp(arg) && xstring(arg)->bytes.size() > 200)
            line += "#<string of " + std::to_string(xstring(arg)->bytes.size()) + " bytes>";
        else
            print_value_limited(line, arg, true, 3, 10);
    };
    try {
        std::string text;
        for (std::size_t i = g_backtrace.size(); i-- > 0;) {
            const BacktraceFrame& frame = g_backtrace[i];
            std::string line = "  ";
            print_arg(line, frame.function);
            line += "(";
            for (std::size_t j = 0; j < frame.nargs && line.size() < 300; ++j) {
                if (j)
                    line += " ";
                print_arg(line, frame.args[j]);
            }
            if (line.size() > 300) {
                std::size_t cut = 300;
                while (cut > 0 && (static_cast<unsigned char>(line[cut]) & 0xC0) == 0x80)
                    --cut; // not inside a character
                line.resize(cut);
                line += "...";
            }
            text += line + ")\n";
        }
        g_signal_text = std::move(text);
        g_signal_data = data;
    } catch (...) { // the signal being made is the one to report
        g_signal_data = Qnil;
    }
}

const std::string& signal_backtrace(Value data)
{
    static const std::string none;
    return data == g_signal_data ? g_signal_text : none;
}

void register_backtrace_builtins() { register_subrs(backtrace_subrs); }

} // namespace gapmacs::lisp
