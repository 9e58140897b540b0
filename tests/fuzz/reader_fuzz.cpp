// The lisp-lite reader and printer on any bytes.
//
// The input is decoded as a file would be (utf-8, invalid bytes kept as raw
// bytes) and read form after form. Each read gives a value or a Lisp error,
// never a crash; each value read prints (with print-circle, so cycles made
// by #N= print too) to text that reads back to a value printing the same:
// prin1 then read round-trips. Values the printer cannot write readably
// (#<...>), and hash tables that contain themselves (Emacs 28's reader does
// not look inside hash tables for #N#), are not compared. Text property
// lists come back reversed, as in Emacs: two round trips give the text.
#include <cstdint>
#include <new>
#include <string>
#include <string_view>

#include "check.hpp"
#include "core/utf8.hpp"
#include "lisp-lite/lisp_lite.hpp"
#include "lisp-lite/lang/reader.hpp"

using namespace gapmacs;
using namespace gapmacs::lisp;

namespace {

constexpr int max_forms = 64;

void init_once()
{
    static bool done = [] {
        init();
        set_symbol_value(intern("print-circle"), Qt);
        return true;
    }();
    (void)done;
}

bool comparable(std::string_view printed)
{
    return printed.find("#<") == std::string_view::npos && printed.find("#s(hash-table") == std::string_view::npos;
}

// prin1 of v, or nothing when printing signals (nesting beyond the limit).
bool print(Value v, std::string& out)
{
    try {
        out = prin1_to_string(v);
        return true;
    } catch (const LispSignal&) {
        return false;
    }
}

void check_round_trip(Value v)
{
    std::string printed;
    if (!print(v, printed) || !comparable(printed))
        return;
    Value back;
    try {
        std::size_t pos = 0;
        back = read_from(printed, pos);
        FUZZ_CHECK_MSG(at_end_of_forms(printed, pos), "printed text has more than one form: %s", printed.c_str());
    } catch (const LispSignal& e) {
        FUZZ_CHECK_MSG(false, "printed text does not read back: %s: %s", printed.c_str(),
                       prin1_to_string(make_cons(e.symbol(), e.data())).c_str());
    }
    std::string again;
    FUZZ_CHECK(print(back, again));
    if (again != printed) {
        // Reading #("..." BEG END PLIST) reverses each PLIST, as in Emacs
        // 28 (set-text-properties): the second round trip restores it.
        std::size_t pos = 0;
        std::string twice;
        FUZZ_CHECK(print(read_from(again, pos), twice));
        FUZZ_CHECK_MSG(twice == printed, "%s reads back as %s, then %s", printed.c_str(), again.c_str(),
                       twice.c_str());
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    init_once();
    std::string text;
    utf8_to_internal(std::string_view(reinterpret_cast<const char*>(data), size), text, true);
    std::size_t pos = 0;
    for (int i = 0; i < max_forms; ++i) {
        Value v;
        try {
            if (at_end_of_forms(text, pos))
                break;
            v = read_from(text, pos);
        } catch (const LispSignal&) {
            break; // a read error: what the reader must do with bad syntax
        } catch (const std::bad_alloc&) {
            break; // memory-full (#s(hash-table size 6888888888)): a Lisp error in Lisp
        }
        check_round_trip(v);
    }
    return 0;
}
