// Unicode character names from ICU: char-from-name and ucs-names, which
// C-x 8 RET (insert-char) completes over; the `name' property.
//
// Emacs builds its table from the Unicode data files it ships; ICU carries
// the same names and the correction aliases. The names of control
// characters ("NULL", "LINE FEED (LF)") are not in ICU's data:
// docs/lisp-lite.md lists the difference.
#include <unicode/uchar.h>

#include <cctype>
#include <optional>
#include <string>

#include "core/utf8.hpp"
#include "lisp-lite/lang/builtins.hpp"
#include "lisp-lite/lang/reader.hpp"
#include "lisp-lite/lang/unicode_properties.hpp"

namespace gapmacs::lisp {

namespace {

// ICU's longest name is under 100 bytes; a name that does not fit is no name.
constexpr int name_capacity = 128;

std::string icu_name(UChar32 c, UCharNameChoice choice)
{
    char buf[name_capacity];
    UErrorCode status = U_ZERO_ERROR;
    const std::int32_t n = u_charName(c, choice, buf, name_capacity, &status);
    if (U_FAILURE(status) || n <= 0 || n >= name_capacity)
        return {};
    return std::string(buf, static_cast<std::size_t>(n));
}

std::optional<UChar32> icu_char(const std::string& name, UCharNameChoice choice)
{
    UErrorCode status = U_ZERO_ERROR;
    const UChar32 c = u_charFromName(choice, name.c_str(), &status);
    if (U_FAILURE(status) || c < 0)
        return std::nullopt;
    return c;
}

// (char-from-name NAME &optional IGNORE-CASE): Unicode names are upper
// case, so without IGNORE-CASE a name with a lower-case letter names
// nothing, as in Emacs.
Value f_char_from_name(Args a)
{
    check_string(a[0]);
    std::string name(string_view(a[0]));
    const bool ignore_case = !nilp(a[1]);
    for (char& ch : name) {
        const auto u = static_cast<unsigned char>(ch);
        if (u >= 0x80)
            return Qnil; // names are ASCII
        if (std::islower(u)) {
            if (!ignore_case)
                return Qnil;
            ch = static_cast<char>(std::toupper(u));
        }
    }
    if (name.empty() || name.size() >= name_capacity)
        return Qnil;
    for (UCharNameChoice choice : {U_UNICODE_CHAR_NAME, U_CHAR_NAME_ALIAS})
        if (auto c = icu_char(name, choice))
            return make_integer(*c);
    return Qnil;
}

// Ideographs are named by their code (CJK UNIFIED IDEOGRAPH-4E00): Emacs
// leaves them out of the completion table, which would otherwise be three
// times as long, and so does this one; char-from-name still knows them.
bool ideograph_by_code(std::string_view name)
{
    return name.starts_with("CJK UNIFIED IDEOGRAPH-") || name.starts_with("CJK COMPATIBILITY IDEOGRAPH-") ||
           name.starts_with("TANGUT IDEOGRAPH-") || name.starts_with("KHITAN SMALL SCRIPT CHARACTER-");
}

UBool collect_name(void* table, UChar32 code, UCharNameChoice, const char* name, int32_t length)
{
    const std::string_view n(name, static_cast<std::size_t>(length));
    if (ideograph_by_code(n))
        return true;
    hash_put(*static_cast<Value*>(table), make_string(n), make_integer(code));
    return true;
}

// (ucs-names): a table from every character name (and alias) to its code,
// built once and kept in the variable `ucs-names`, as Emacs does.
Value f_ucs_names(Args)
{
    Value var = Qucs_names; // defvar'd nil by the prelude
    if (Value cached = symbol_value(var); !nilp(cached))
        return cached;
    Value table = make_hash_table_with_test(Qequal, 50000);
    UErrorCode status = U_ZERO_ERROR;
    for (UCharNameChoice choice : {U_UNICODE_CHAR_NAME, U_CHAR_NAME_ALIAS}) {
        u_enumCharNames(0, max_unicode_char + 1, collect_name, &table, choice, &status);
        if (U_FAILURE(status))
            error("Cannot read the Unicode character names");
    }
    set_symbol_value(var, table);
    return table;
}

constexpr SubrDef char_name_subrs[] = {
    {"char-from-name", 1, 2, f_char_from_name},
    {"ucs-names", 0, 0, f_ucs_names},
};

} // namespace

void register_char_name_builtins() { register_subrs(char_name_subrs); }

std::string unicode_char_name(char32_t c)
{
    return c > max_unicode_char ? std::string() : icu_name(static_cast<UChar32>(c), U_UNICODE_CHAR_NAME);
}

} // namespace gapmacs::lisp
