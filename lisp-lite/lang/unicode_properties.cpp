// Unicode character properties, as Emacs names them and gives their values
// (its international/uni-*.el tables), computed from ICU:
// get-char-code-property, and the whole-table form of a property,
// unicode-property-table-internal, which characters.el, sgml-mode and
// char-fold walk with map-char-table. A table holds the decoded values
// (Emacs's hold codes that get-unicode-property-internal decodes; aref on
// one gives the code there, the value here).
#include "lisp-lite/lang/unicode_properties.hpp"

#include <unicode/normalizer2.h>
#include <unicode/uchar.h>
#include <unicode/unistr.h>

#include <cmath>
#include <optional>
#include <vector>
#include <string_view>

#include "core/utf8.hpp"
#include "lisp-lite/lang/builtins.hpp"
#include "lisp-lite/lang/char_table.hpp"
#include "lisp-lite/lang/reader.hpp"
#include "lisp-lite/lang/variables.hpp"

namespace gapmacs::lisp {

namespace {

Value general_category(UChar32 c)
{
    static const char* const names[U_CHAR_CATEGORY_COUNT] = {
        "Cn", "Lu", "Ll", "Lt", "Lm", "Lo", "Mn", "Me", "Mc", "Nd", "Nl", "No", "Zs", "Zl", "Zp",
        "Cc", "Cf", "Co", "Cs", "Pd", "Ps", "Pe", "Pc", "Po", "Sm", "Sc", "Sk", "So", "Pi", "Pf"};
    const std::int8_t t = u_charType(c);
    return t >= 0 && t < U_CHAR_CATEGORY_COUNT ? intern(names[t]) : Qnil;
}

Value bidi_class(UChar32 c)
{
    // In UCharDirection's order.
    static const char* const names[] = {"L",  "R",   "EN",  "ES",  "ET", "AN",  "CS",  "B",
                                        "S",  "WS",  "ON",  "LRE", "LRO", "AL", "RLE", "RLO",
                                        "PDF", "NSM", "BN", "FSI", "LRI", "RLI", "PDI"};
    const auto d = static_cast<std::size_t>(u_charDirection(c));
    return d < std::size(names) ? intern(names[d]) : Qnil;
}

// Emacs's tag of a compatibility decomposition, by ICU's decomposition type.
const char* decomposition_tag(UChar32 c)
{
    switch (u_getIntPropertyValue(c, UCHAR_DECOMPOSITION_TYPE)) {
    case U_DT_COMPAT: return "compat";
    case U_DT_CIRCLE: return "circle";
    case U_DT_FINAL: return "final";
    case U_DT_FONT: return "font";
    case U_DT_FRACTION: return "fraction";
    case U_DT_INITIAL: return "initial";
    case U_DT_ISOLATED: return "isolated";
    case U_DT_MEDIAL: return "medial";
    case U_DT_NARROW: return "narrow";
    case U_DT_NOBREAK: return "noBreak";
    case U_DT_SMALL: return "small";
    case U_DT_SQUARE: return "square";
    case U_DT_SUB: return "sub";
    case U_DT_SUPER: return "super";
    case U_DT_VERTICAL: return "vertical";
    case U_DT_WIDE: return "wide";
    default: return nullptr; // canonical
    }
}

// (CHARS...) or (TAG CHARS...); a character that does not decompose, and
// a Hangul syllable (decomposed by rule, not by the data), is (C).
Value decomposition(UChar32 c, bool trivial_as_nil)
{
    UErrorCode status = U_ZERO_ERROR;
    const icu::Normalizer2* nfkd = icu::Normalizer2::getNFKDInstance(status);
    icu::UnicodeString raw;
    const bool hangul = c >= 0xAC00 && c <= 0xD7A3;
    if (U_FAILURE(status) || hangul || !nfkd->getRawDecomposition(c, raw))
        return trivial_as_nil ? Qnil : list({Value::fixnum(c)});
    Value chars = Qnil;
    for (std::int32_t i = raw.length(); i > 0;) {
        const UChar32 d = raw.char32At(i - 1);
        i -= U16_LENGTH(d);
        chars = make_cons(Value::fixnum(d), chars);
    }
    const char* tag = decomposition_tag(c);
    return tag ? make_cons(intern(tag), chars) : chars;
}

Value numeric_value(UChar32 c, bool digits_only, bool decimal_only)
{
    const auto type = static_cast<UNumericType>(u_getIntPropertyValue(c, UCHAR_NUMERIC_TYPE));
    if (type == U_NT_NONE || (decimal_only && type != U_NT_DECIMAL) ||
        (digits_only && type != U_NT_DECIMAL && type != U_NT_DIGIT))
        return Qnil;
    const double v = u_getNumericValue(c);
    if (v == U_NO_NUMERIC_VALUE)
        return Qnil;
    return v == std::floor(v) && std::fabs(v) < 1e15 ? make_integer(static_cast<std::int64_t>(v)) : make_number(v);
}

// A case mapping, nil when the character maps to itself.
Value case_mapping(UChar32 c, UChar32 (*map)(UChar32))
{
    const UChar32 m = map(c);
    return m == c ? Qnil : Value::fixnum(m);
}

enum class Property {
    name, general_category, canonical_combining_class, bidi_class, decomposition, decimal_digit_value,
    digit_value, numeric_value, mirrored, mirroring, paired_bracket, bracket_type, lowercase, uppercase,
    titlecase
};

constexpr std::pair<std::string_view, Property> property_names[] = {
    {"name", Property::name},
    {"general-category", Property::general_category},
    {"canonical-combining-class", Property::canonical_combining_class},
    {"bidi-class", Property::bidi_class},
    {"decomposition", Property::decomposition},
    {"decimal-digit-value", Property::decimal_digit_value},
    {"digit-value", Property::digit_value},
    {"numeric-value", Property::numeric_value},
    {"mirrored", Property::mirrored},
    {"mirroring", Property::mirroring},
    {"paired-bracket", Property::paired_bracket},
    {"bracket-type", Property::bracket_type},
    {"lowercase", Property::lowercase},
    {"uppercase", Property::uppercase},
    {"titlecase", Property::titlecase},
};

std::optional<Property> find_property(Value sym)
{
    const std::string_view name = string_view(check_symbol(sym)->name);
    for (auto& [n, p] : property_names)
        if (n == name)
            return p;
    return std::nullopt;
}

// The value of property P for c. In a table, TRIVIAL_AS_NIL leaves out
// the decomposition of a character into itself (get-unicode-property-internal
// gives it back).
Value property_value(UChar32 c, Property p, bool trivial_as_nil = false)
{
    switch (p) {
    case Property::name: {
        std::string n = unicode_char_name(static_cast<char32_t>(c));
        return n.empty() ? Qnil : make_string(n);
    }
    case Property::general_category: return general_category(c);
    case Property::canonical_combining_class: return Value::fixnum(u_getCombiningClass(c));
    case Property::bidi_class: return bidi_class(c);
    case Property::decomposition: return decomposition(c, trivial_as_nil);
    case Property::decimal_digit_value: return numeric_value(c, true, true);
    case Property::digit_value: return numeric_value(c, true, false);
    case Property::numeric_value: return numeric_value(c, false, false);
    case Property::mirrored: return u_isMirrored(c) ? QY : QN;
    case Property::mirroring: {
        const UChar32 m = u_charMirror(c);
        return m == c ? Qnil : Value::fixnum(m);
    }
    case Property::paired_bracket:
        return u_getIntPropertyValue(c, UCHAR_BIDI_PAIRED_BRACKET_TYPE) == U_BPT_NONE
                   ? Qnil
                   : Value::fixnum(u_getBidiPairedBracket(c));
    case Property::bracket_type:
        switch (u_getIntPropertyValue(c, UCHAR_BIDI_PAIRED_BRACKET_TYPE)) {
        case U_BPT_OPEN: return Qo;
        case U_BPT_CLOSE: return Qc;
        default: return Qn;
        }
    case Property::lowercase: return case_mapping(c, u_tolower);
    case Property::uppercase: return case_mapping(c, u_toupper);
    case Property::titlecase: return case_mapping(c, u_totitle);
    }
    return Qnil;
}

// (get-char-code-property CHAR PROPNAME)
Value f_get_char_code_property(Args a)
{
    const char32_t c = check_char(a[0]);
    const std::optional<Property> p = find_property(a[1]);
    if (!p || c > max_unicode_char)
        return Qnil;
    return property_value(static_cast<UChar32>(c), *p);
}

// The tables built so far, one per property: kept, as Emacs keeps the
// tables it loaded.
std::vector<Value>& cached_tables()
{
    static std::vector<Value> tables(std::size(property_names), Value());
    return tables;
}

void mark_cached_tables()
{
    for (Value t : cached_tables())
        if (!t.is_empty())
            mark_value(t);
}

Value& cached_table(Property p) { return cached_tables()[static_cast<std::size_t>(p)]; }

// Emacs's tables hold codes, and slot 1 the function that decodes one
// (char-fold calls it on each range); these hold values, which decode to
// themselves.
Value f_unicode_property_decoded(Args a) { return a[1]; }

// (unicode-property-table-internal PROP): a char-table of the property for
// every character, built from ICU at first use, runs of eq values one entry
// each; extra slot 0 names the property. nil for a property Emacs
// does not have.
Value f_unicode_property_table_internal(Args a)
{
    const std::optional<Property> p = find_property(a[0]);
    if (!p) {
        // A property of the user's (define-char-code-property with a
        // char-table), as Emacs's: from char-code-property-alist.
        for (Value tail = find_symbol_value(Qchar_code_property_alist); consp(tail); tail = xcdr(tail))
            if (consp(xcar(tail)) && xcar(xcar(tail)) == a[0])
                return char_table(xcdr(xcar(tail))) ? xcdr(xcar(tail)) : Qnil;
        return Qnil;
    }
    if (Value known = cached_table(*p); !known.is_empty())
        return known;
    Value table = make_char_table(Qchar_code_property_table, Qnil);
    CharTable& t = check_char_table(table);
    if (t.extra_slots.size() < 5)
        t.extra_slots.resize(5, Qnil);
    t.extra_slots[0] = a[0];
    t.extra_slots[1] = Qunicode_property__decoded;
    Value run_value = Qnil;
    char32_t run_start = 0;
    for (char32_t c = 0; c <= max_unicode_char; ++c) {
        Value v = property_value(static_cast<UChar32>(c), *p, true);
        // Runs of eq values, as map-char-table reports them: a list (a
        // decomposition) is each character's own, as in Emacs.
        if (c > 0 && v == run_value)
            continue;
        if (c > 0 && !nilp(run_value))
            t.set_range(run_start, c - 1, run_value);
        run_start = c;
        run_value = v;
    }
    if (!nilp(run_value))
        t.set_range(run_start, max_unicode_char, run_value);
    cached_table(*p) = table;
    return table;
}

// (get-unicode-property-internal CHAR-TABLE CHAR): the table's value (nil
// for a decomposition into the character itself, as in Emacs 28, where
// get-char-code-property gives (CHAR)).
Value f_get_unicode_property_internal(Args a) { return check_char_table(a[0]).get(check_char(a[1])); }

// (put-unicode-property-internal CHAR-TABLE CHAR VALUE)
Value f_put_unicode_property_internal(Args a)
{
    check_char_table(a[0]).set(check_char(a[1]), a[2]);
    return a[2];
}

constexpr SubrDef unicode_property_subrs[] = {
    {"unicode-property--decoded", 2, 3, f_unicode_property_decoded},
    {"get-char-code-property", 2, 2, f_get_char_code_property},
    {"unicode-property-table-internal", 1, 1, f_unicode_property_table_internal},
    {"get-unicode-property-internal", 2, 2, f_get_unicode_property_internal},
    {"put-unicode-property-internal", 3, 3, f_put_unicode_property_internal},
};

} // namespace

void register_unicode_property_builtins()
{
    register_subrs(unicode_property_subrs);
    add_root_source(mark_cached_tables);
}

} // namespace gapmacs::lisp
