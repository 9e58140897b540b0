// Strings, characters, arrays and `format`.
//
// Case mapping and character widths come from ICU. Regexp arguments
// (split-string SEPARATORS, string-trim) are core/regex's Emacs regexps.
#include <unicode/uchar.h>
#include <unicode/ustring.h>
#include <unicode/utf16.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>
#include <optional>
#include <vector>

#include "core/error.hpp"
#include "core/regex.hpp"
#include "core/utf8.hpp"
#include "lisp-lite/lang/bool_vector.hpp"
#include "lisp-lite/lang/bignum.hpp"
#include "lisp-lite/lang/builtins.hpp"
#include "lisp-lite/lang/char_table.hpp"
#include "lisp-lite/lang/eval.hpp"
#include "lisp-lite/lang/reader.hpp"
#include "lisp-lite/lang/string_properties.hpp"

namespace gapmacs::lisp {

namespace {

std::u32string chars_of(Value s)
{
    std::u32string out;
    std::int64_t n = string_length(s);
    out.reserve(static_cast<std::size_t>(n));
    std::string_view b = string_view(s);
    bool multibyte = xstring(s)->multibyte();
    for (std::size_t i = 0; i < b.size();) {
        int len = 1;
        char32_t c = decode_internal_char(b.data() + i, b.data() + b.size(), &len);
        if (!multibyte && is_raw_byte_char(c))
            c = raw_byte_value(c);
        out.push_back(c);
        i += static_cast<std::size_t>(len);
    }
    return out;
}

// Builds a string from chars: unibyte when every char is < 256 and some
// came from a unibyte source, else multibyte (as concat does).
Value chars_to_string(const std::u32string& chars, bool unibyte_source)
{
    bool any_multibyte = false;
    for (char32_t c : chars)
        if (c >= 0x100 || (c >= 0x80 && !unibyte_source))
            any_multibyte = true;
    if (unibyte_source && !any_multibyte) {
        std::string out;
        for (char32_t c : chars)
            append_internal_char(out, c >= 0x80 ? raw_byte_char(static_cast<std::uint8_t>(c)) : c);
        return make_string_raw(std::move(out), static_cast<std::int64_t>(chars.size()), false);
    }
    return string_from_chars(chars);
}

std::string_view string_or_symbol(Value v)
{
    if (symbolp(v))
        return string_view(xsymbol(v)->name);
    return check_string(v)->bytes;
}

Value f_stringp(Args a) { return boolean(stringp(a[0])); }
Value f_vectorp(Args a) { return boolean(vectorp(a[0])); }
Value f_characterp(Args a)
{
    return boolean(a[0].is_fixnum() && a[0].as_fixnum() >= 0 && a[0].as_fixnum() <= static_cast<std::int64_t>(max_char));
}
Value f_char_or_string_p(Args a) { return boolean(stringp(a[0]) || !nilp(f_characterp(a))); }

Value f_concat(Args a)
{
    std::string out;
    std::int64_t nchars = 0;
    bool multibyte = false, props = false;
    for (Value v : a) {
        if (stringp(v)) {
            String* s = xstring(v);
            out += s->bytes;
            nchars += s->nchars;
            multibyte |= s->multibyte();
            props |= s->props != nullptr;
            continue;
        }
        if (!listp(v) && !vectorp(v))
            wrong_type(Qsequencep, v);
        auto add = [&](Value c) {
            char32_t ch = check_char(c);
            append_internal_char(out, ch);
            ++nchars;
            if (ch >= 0x80)
                multibyte = true;
        };
        if (vectorp(v)) {
            for (Value c : xvector(v)->items)
                add(c);
        } else {
            list_length(v);
            for (Value l : tails(v))
                add(xcar(l));
        }
    }
    Value result = make_string_raw(std::move(out), nchars, multibyte);
    if (props) {
        // Each string's properties follow its text into the result.
        std::int64_t at = 0;
        for (Value v : a) {
            if (stringp(v)) {
                copy_string_properties(v, 0, xstring(v)->nchars, result, at);
                at += xstring(v)->nchars;
            } else {
                at += vectorp(v) ? static_cast<std::int64_t>(xvector(v)->items.size()) : list_length(v);
            }
        }
    }
    return result;
}

// Resolves FROM/TO (negative counts from the end) against length n.
void substring_bounds(Value str, Value from, Value to, std::int64_t n, std::int64_t& f, std::int64_t& t)
{
    f = nilp(from) ? 0 : check_fixnum(from);
    t = nilp(to) ? n : check_fixnum(to);
    if (f < 0)
        f += n;
    if (t < 0)
        t += n;
    if (f < 0 || t > n || f > t)
        args_out_of_range3(str, from, to);
}

Value f_substring(Args a)
{
    Value s = a[0];
    if (vectorp(s)) {
        auto& items = xvector(s)->items;
        std::int64_t f, t;
        substring_bounds(s, a[1], a[2], static_cast<std::int64_t>(items.size()), f, t);
        Value r = make_vector(0, Qnil);
        xvector(r)->items.assign(items.begin() + f, items.begin() + t);
        return r;
    }
    String* str = check_string(s);
    std::int64_t f, t;
    substring_bounds(s, a[1], a[2], str->nchars, f, t);
    const std::string& b = str->bytes;
    std::size_t bf = string_char_to_byte(s, f);
    std::size_t bt = string_char_to_byte(s, t);
    Value r = make_string_raw(b.substr(bf, bt - bf), t - f, str->multibyte());
    copy_string_properties(s, f, t, r, 0);
    return r;
}

Value f_substring_no_properties(Args a)
{
    check_string(a[0]);
    Value r = f_substring(a);
    xstring(r)->props.reset();
    return r;
}

Value f_string_equal(Args a)
{
    if (stringp(a[0]) && stringp(a[1]))
        return boolean(same_string_text(xstring(a[0]), xstring(a[1])));
    return boolean(string_or_symbol(a[0]) == string_or_symbol(a[1]));
}
// The character at p, as string< sees it in string s.
char32_t ordered_char(const String* s, const char*& p)
{
    int length = 0;
    char32_t c = decode_internal_char(p, s->bytes.data() + s->bytes.size(), &length);
    p += length;
    return !s->multibyte() && is_raw_byte_char(c) ? raw_byte_value(c) : c;
}

const String* string_or_symbol_name(Value v)
{
    return symbolp(v) ? xstring(xsymbol(v)->name) : check_string(v);
}

Value f_string_lessp(Args a)
{
    return boolean(compare_string_text(string_or_symbol_name(a[0]), string_or_symbol_name(a[1])) < 0);
}
Value f_string_greaterp(Args a)
{
    return boolean(compare_string_text(string_or_symbol_name(a[0]), string_or_symbol_name(a[1])) > 0);
}

} // namespace

char32_t downcase_char(char32_t c)
{
    if (c < 0x80)
        return c >= 'A' && c <= 'Z' ? c + 32 : c;
    if (c > max_unicode_char)
        return c;
    return static_cast<char32_t>(u_tolower(static_cast<UChar32>(c)));
}

int char_width(char32_t c)
{
    if (c == '\t')
        return 8;
    if (c == '\n')
        return 0;
    if (c < 0x20 || c == 0x7F)
        return 2;
    if (c < 0x7F)
        return 1;
    if (is_raw_byte_char(c) || (c >= 0x80 && c < 0xA0))
        return 4;
    if (c > max_unicode_char)
        return 1;
    // Emacs's char-width-table (characters.el): combining marks and
    // format characters (U+200B..U+200F, U+FEFF, Arabic's U+0600..) are 0.
    auto cat = u_charType(static_cast<UChar32>(c));
    if (cat == U_NON_SPACING_MARK || cat == U_ENCLOSING_MARK || cat == U_FORMAT_CHAR)
        return 0;
    int ea = u_getIntPropertyValue(static_cast<UChar32>(c), UCHAR_EAST_ASIAN_WIDTH);
    return ea == U_EA_WIDE || ea == U_EA_FULLWIDTH ? 2 : 1;
}

namespace {

char32_t upcase_char(char32_t c)
{
    if (c < 0x80)
        return c >= 'a' && c <= 'z' ? c - 32 : c;
    if (c > max_unicode_char)
        return c;
    return static_cast<char32_t>(u_toupper(static_cast<UChar32>(c)));
}

std::u32string fold(std::u32string s)
{
    for (auto& c : s)
        c = downcase_char(c);
    return s;
}

Value f_string_prefix_p(Args a)
{
    std::u32string p = chars_of(a[0]), s = chars_of(a[1]);
    if (!nilp(a[2])) {
        p = fold(p);
        s = fold(s);
    }
    return boolean(s.size() >= p.size() && s.compare(0, p.size(), p) == 0);
}

Value f_string_suffix_p(Args a)
{
    std::u32string p = chars_of(a[0]), s = chars_of(a[1]);
    if (!nilp(a[2])) {
        p = fold(p);
        s = fold(s);
    }
    return boolean(s.size() >= p.size() && s.compare(s.size() - p.size(), p.size(), p) == 0);
}

bool is_word_char(char32_t c)
{
    if (c < 0x80)
        return std::isalnum(static_cast<int>(c));
    return c <= max_unicode_char && u_isalnum(static_cast<UChar32>(c));
}

enum class Case { Up, Down, Capitalize, UpInitials };

// Full (special-casing) mapping of one non-ASCII char, as Emacs applies to
// strings: "ß" upcases to "SS", "İ" downcases to "i̇".
void full_case(char32_t c, Case how, std::u32string& out)
{
    UChar src[2];
    int32_t n = 0;
    U16_APPEND_UNSAFE(src, n, static_cast<UChar32>(c));
    UChar dst[16];
    UErrorCode err = U_ZERO_ERROR;
    int32_t len = how == Case::Down ? u_strToLower(dst, 16, src, n, "", &err)
                  : how == Case::Up ? u_strToUpper(dst, 16, src, n, "", &err)
                                    : u_strToTitle(dst, 16, src, n, nullptr, "", &err);
    if (U_FAILURE(err)) {
        out.push_back(c);
        return;
    }
    for (int32_t i = 0; i < len;) {
        UChar32 cp;
        U16_NEXT(dst, i, len, cp);
        out.push_back(static_cast<char32_t>(cp));
    }
}

std::u32string map_case(const std::u32string& s, Case how)
{
    std::u32string out;
    out.reserve(s.size());
    bool in_word = false;
    for (char32_t c : s) {
        bool word = is_word_char(c);
        Case op = how;
        if (how == Case::Capitalize)
            op = in_word ? Case::Down : Case::Capitalize;
        else if (how == Case::UpInitials)
            op = in_word ? Case::UpInitials : Case::Capitalize;
        if (op == Case::UpInitials) {
            out.push_back(c);
        } else if (c < 0x80) {
            out.push_back(op == Case::Down ? downcase_char(c) : upcase_char(c));
        } else if (c > max_unicode_char) {
            out.push_back(c);
        } else {
            full_case(c, op, out);
        }
        in_word = word;
    }
    return out;
}

Value case_op(Value v, Case how)
{
    if (v.is_fixnum()) {
        char32_t c = check_char(v);
        if (how == Case::Down)
            return Value::fixnum(downcase_char(c));
        return Value::fixnum(upcase_char(c));
    }
    check_string(v);
    if (!xstring(v)->multibyte()) {
        // Emacs changes the case of a unibyte string's ASCII letters only:
        // its bytes 128..255 are not Latin-1 characters.
        std::u32string chars = chars_of(v), out;
        std::size_t start = 0;
        for (std::size_t i = 0; i <= chars.size(); ++i) {
            if (i < chars.size() && chars[i] < 0x80)
                continue;
            std::u32string mapped = map_case(chars.substr(start, i - start), how);
            out += mapped;
            if (i < chars.size())
                out.push_back(chars[i]);
            start = i + 1;
        }
        return chars_to_string(out, true);
    }
    return chars_to_string(map_case(chars_of(v), how), false);
}

Value f_upcase(Args a) { return case_op(a[0], Case::Up); }
Value f_downcase(Args a) { return case_op(a[0], Case::Down); }
Value f_capitalize(Args a) { return case_op(a[0], Case::Capitalize); }
Value f_upcase_initials(Args a) { return case_op(a[0], Case::UpInitials); }

Value f_char_equal(Args a)
{
    char32_t x = check_char(a[0]), y = check_char(a[1]);
    if (x == y)
        return Qt;
    Value cfs = xsymbol(Qcase_fold_search)->value;
    if (cfs == Qunbound || nilp(cfs))
        return Qnil;
    return boolean(downcase_char(x) == downcase_char(y));
}

Value f_number_to_string(Args a)
{
    if (a[0].is_fixnum())
        return make_string(std::to_string(a[0].as_fixnum()));
    if (bignump(a[0]))
        return make_string(xbignum(a[0]).get_str());
    if (floatp(a[0]))
        return make_string(float_to_string(xfloat(a[0])));
    wrong_type(Qnumberp, a[0]);
}

Value f_string_to_number(Args a)
{
    std::string_view s = check_string(a[0])->bytes;
    int base = nilp(a[1]) ? 10 : static_cast<int>(check_fixnum(a[1]));
    if (base < 2 || base > 16)
        args_out_of_range(a[1], Value::fixnum(16));
    std::size_t i = 0;
    while (i < s.size() && (s[i] == ' ' || s[i] == '\t'))
        ++i;
    std::size_t start = i;
    if (i < s.size() && (s[i] == '+' || s[i] == '-'))
        ++i;
    auto is_digit = [&](char c) {
        int d = std::isdigit(static_cast<unsigned char>(c)) ? c - '0'
                : std::isalpha(static_cast<unsigned char>(c)) ? (c | 0x20) - 'a' + 10
                                                               : 99;
        return d < base;
    };
    std::size_t digits_start = i;
    while (i < s.size() && is_digit(s[i]))
        ++i;
    std::size_t int_end = i;
    bool is_float = false;
    if (base == 10) {
        std::size_t j = i;
        if (j < s.size() && s[j] == '.') {
            std::size_t k = j + 1;
            while (k < s.size() && std::isdigit(static_cast<unsigned char>(s[k])))
                ++k;
            if (k > j + 1) {
                is_float = true;
                i = k;
            } else if (int_end > digits_start) {
                i = j + 1; // "1." is an integer
            }
        }
        if ((int_end > digits_start || is_float) && i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
            std::string_view rest = s.substr(i + 1);
            if (rest.substr(0, 4) == "+INF" || rest.substr(0, 4) == "+NaN") {
                Value v;
                if (parse_number_token(s.substr(start, i + 5 - start), 10, v))
                    return v;
            }
            std::size_t k = i + 1;
            if (k < s.size() && (s[k] == '+' || s[k] == '-'))
                ++k;
            std::size_t exp_start = k;
            while (k < s.size() && std::isdigit(static_cast<unsigned char>(s[k])))
                ++k;
            if (k > exp_start) {
                is_float = true;
                i = k;
            }
        }
    }
    if (is_float)
        return make_float(std::strtod(std::string(s.substr(start, i - start)).c_str(), nullptr));
    if (int_end == digits_start)
        return Value::fixnum(0);
    std::string digits(s.substr(start, int_end - start));
    if (digits[0] == '+') // GMP takes a sign only when it is a minus
        digits.erase(0, 1);
    return make_integer_unbounded(mpz_class(digits, base));
}

// ---- separators: regexps of core/regex (split-string, string-trim) ----

// The first match of REGEXP in STRING at or after character `from`:
// [beg, end) in characters. Folds case under case-fold-search, as
// string-match does; sets no match data. Signals invalid-regexp.
bool search_separator(Value regexp, Value string, std::size_t from, std::size_t& beg, std::size_t& end)
{
    check_string(regexp);
    const Value fold = xsymbol(Qcase_fold_search)->value;
    std::string_view s = string_view(string);
    try {
        auto re = compile_regex(string_view(regexp), fold != Qunbound && !nilp(fold));
        auto m = re->string_match(s, string_char_to_byte(string, static_cast<std::int64_t>(from)));
        if (!m)
            return false;
        beg = static_cast<std::size_t>(string_byte_to_char(string, static_cast<std::size_t>(m->groups[0].begin)));
        end = static_cast<std::size_t>(string_byte_to_char(string, static_cast<std::size_t>(m->groups[0].end)));
        return true;
    } catch (const gapmacs::Error& e) {
        signal_core_error(e);
    }
}

// SEP as plain text when it has no regexp operator ("\n", ", "): then
// split-string scans the characters once (the regexp path steps through
// the string's char/byte cache, and an 11 MB listing once took minutes).
std::optional<std::u32string> literal_separator(Value sep)
{
    if (!stringp(sep))
        return std::nullopt;
    std::u32string lit = chars_of(sep);
    if (lit.empty() || lit.find_first_of(U".*+?[^$\\") != std::u32string::npos)
        return std::nullopt;
    // string-match folds case under case-fold-search: only caseless text
    // matches itself alone.
    for (char32_t c : lit)
        if (c > max_unicode_char || u_hasBinaryProperty(static_cast<UChar32>(c), UCHAR_CASED))
            return std::nullopt;
    return lit;
}

bool ascii_only(const std::u32string& chars)
{
    return std::all_of(chars.begin(), chars.end(), [](char32_t c) { return c < 0x80; });
}

// A piece of STR's bytes as a string of STR's kind (unibyte stays unibyte).
Value substring_bytes(Value str, std::string_view bytes)
{
    if (xstring(str)->multibyte())
        return make_string(bytes);
    return make_string_raw(std::string(bytes), static_cast<std::int64_t>(count_chars(bytes)), false);
}

// split-string on a non-empty ASCII separator: ASCII bytes never occur inside
// a character's encoding, so the pieces are found in STR's bytes directly
// (no decoding: a 40 MB buffer-string splits at memchr speed).
template <typename Keep>
void split_on_ascii(Value str, std::string_view sep, Keep keep)
{
    std::string_view b = string_view(str);
    std::size_t start = 0;
    for (std::size_t at; (at = b.find(sep, start)) != std::string_view::npos; start = at + sep.size())
        keep(substring_bytes(str, b.substr(start, at - start)));
    keep(substring_bytes(str, b.substr(start)));
}

Value f_split_string(Args a)
{
    Value str = a[0];
    check_string(str);
    bool default_sep = nilp(a[1]);
    Value sep = default_sep ? make_string("[ \f\t\n\r\v]+") : a[1];
    bool omit_nulls = default_sep ? true : !nilp(a[2]);
    RootedVector parts;
    auto keep = [&](Value piece) {
        if (!nilp(a[3]))
            piece = call3(Qstring_trim, piece, a[3], a[3]);
        if (!(omit_nulls && string_length(piece) == 0))
            parts.push_back(piece);
    };
    const std::optional<std::u32string> literal = literal_separator(sep);
    if (literal && ascii_only(*literal)) {
        split_on_ascii(str, string_view(sep), keep);
        return list_from(parts);
    }
    std::u32string chars = chars_of(str);
    auto push = [&](std::size_t b, std::size_t e) {
        keep(chars_to_string(chars.substr(b, e - b), !xstring(str)->multibyte()));
    };
    // Emacs's loop (subr.el): an empty match right at the previous match
    // is retried one character later, so "" splits between characters.
    std::size_t start = 0, prev_beg = 0;
    bool notfirst = false;
    std::size_t beg, end;
    auto search = [&](std::size_t from) {
        if (!literal)
            return search_separator(sep, str, from, beg, end);
        beg = chars.find(*literal, from);
        end = beg + literal->size();
        return beg != std::u32string::npos;
    };
    for (;;) {
        std::size_t from = notfirst && start == prev_beg && start < chars.size() ? start + 1 : start;
        if (from > chars.size() || !search(from) || start >= chars.size())
            break;
        notfirst = true;
        push(start, beg);
        start = end;
        prev_beg = beg;
    }
    push(start, chars.size());
    return list_from(parts);
}

Value trim(Value str, Value left_re, Value right_re, bool left, bool right)
{
    std::u32string chars = chars_of(str);
    std::size_t b = 0, e = chars.size();
    static const std::u32string ws = U" \t\n\r";
    if (left) {
        if (nilp(left_re)) {
            while (b < e && ws.find(chars[b]) != std::u32string::npos)
                ++b;
        } else {
            std::size_t mb, me;
            if (search_separator(left_re, str, 0, mb, me) && mb == 0)
                b = me;
        }
    }
    if (right) {
        if (nilp(right_re)) {
            while (e > b && ws.find(chars[e - 1]) != std::u32string::npos)
                --e;
        } else {
            // The last match that ends at the end of the string.
            std::size_t from = b, mb, me;
            while (from < e && search_separator(right_re, str, from, mb, me)) {
                if (me == chars.size() && mb >= b) {
                    e = mb;
                    break;
                }
                from = mb + 1;
            }
        }
    }
    return chars_to_string(chars.substr(b, e - b), !xstring(str)->multibyte());
}

Value f_string_trim(Args a)
{
    check_string(a[0]);
    return trim(a[0], a[1], a[2], true, true);
}
Value f_string_trim_left(Args a)
{
    check_string(a[0]);
    return trim(a[0], a[1], Qnil, true, false);
}
Value f_string_trim_right(Args a)
{
    check_string(a[0]);
    return trim(a[0], Qnil, a[1], false, true);
}

Value f_string_join(Args a)
{
    RootedVector parts;
    Value sep = nilp(a[1]) ? make_string("") : a[1];
    bool first = true;
    for (Value l : tails(a[0])) {
        if (!first)
            parts.push_back(sep);
        first = false;
        parts.push_back(xcar(l));
    }
    return f_concat(Args{parts.items().data(), parts.size()});
}

Value f_string_empty_p(Args a) { return boolean(string_or_symbol(a[0]).empty()); }

Value f_string_to_char(Args a)
{
    check_string(a[0]);
    return string_length(a[0]) == 0 ? Value::fixnum(0) : Value::fixnum(string_char_at(a[0], 0));
}

Value f_char_to_string(Args a) { return chars_to_string(std::u32string(1, check_char(a[0])), false); }

Value f_string(Args a)
{
    std::u32string chars;
    for (Value v : a)
        chars.push_back(check_char(v));
    return chars_to_string(chars, false);
}

Value f_make_string(Args a)
{
    std::int64_t n = check_natnum(a[0]);
    char32_t c = check_char(a[1]);
    std::string unit;
    append_internal_char(unit, c);
    check_allocation(static_cast<double>(unit.size()) * static_cast<double>(n));
    std::string out;
    out.reserve(unit.size() * static_cast<std::size_t>(n));
    for (std::int64_t i = 0; i < n; ++i)
        out += unit;
    return make_string_raw(std::move(out), n, c >= 0x80);
}

Value f_vconcat(Args a);

// subr.el's (append STRING nil) and (vconcat STRING): any sequence.
Value f_string_to_list(Args a)
{
    if (!stringp(a[0])) {
        Value args[2] = {a[0], Qnil};
        return funcall(Qappend, args, 2);
    }
    std::u32string chars = chars_of(a[0]);
    Value result = Qnil;
    for (std::size_t i = chars.size(); i-- > 0;)
        result = make_cons(Value::fixnum(chars[i]), result);
    return result;
}

Value f_string_to_vector(Args a)
{
    if (!stringp(a[0]))
        return f_vconcat(a);
    std::u32string chars = chars_of(a[0]);
    Value v = make_vector(chars.size(), Qnil);
    for (std::size_t i = 0; i < chars.size(); ++i)
        xvector(v)->items[i] = Value::fixnum(chars[i]);
    return v;
}


Value f_string_width(Args a)
{
    std::u32string chars = chars_of(a[0]);
    // FROM and TO as substring's: negative counts from the end.
    std::int64_t from, to;
    substring_bounds(a[0], a[1], a[2], static_cast<std::int64_t>(chars.size()), from, to);
    std::int64_t w = 0;
    for (std::int64_t i = from; i < to; ++i)
        w += char_width(chars[static_cast<std::size_t>(i)]);
    return Value::fixnum(w);
}

Value f_char_width(Args a) { return Value::fixnum(char_width(check_char(a[0]))); }

Value f_aref(Args a) { return array_ref(a[0], a[1], Qarrayp); }

// (fillarray ARRAY ITEM). A string keeps its byte length, as in Emacs.
Value f_fillarray(Args a)
{
    if (vectorp(a[0])) {
        auto& items = xvector(a[0])->items;
        std::fill(items.begin(), items.end(), a[1]);
    } else if (CharTable* t = char_table(a[0])) {
        t->set_range(0, max_char, a[1]);
        t->default_value = a[1]; // set_range counted the change
    } else if (stringp(a[0])) {
        String* s = xstring(a[0]);
        char32_t c = check_char(a[1]);
        if (!s->multibyte())
            c &= 0xFF;
        std::string unit;
        append_internal_char(unit, !s->multibyte() && c >= 0x80 ? raw_byte_char(static_cast<std::uint8_t>(c)) : c);
        const std::int64_t emacs_bytes = s->multibyte() ? static_cast<std::int64_t>(s->bytes.size()) : s->nchars;
        const std::int64_t unit_bytes = s->multibyte() ? static_cast<std::int64_t>(unit.size()) : 1;
        if (unit_bytes * s->nchars != emacs_bytes)
            error("Attempt to change byte length of a string");
        std::string text;
        text.reserve(unit.size() * static_cast<std::size_t>(s->nchars));
        for (std::int64_t i = 0; i < s->nchars; ++i)
            text += unit;
        s->bytes = std::move(text);
        forget_string_offset(s);
    } else {
        wrong_type(Qarrayp, a[0]);
    }
    return a[0];
}

Value f_aset(Args a)
{
    if (CharTable* t = char_table(a[0])) {
        t->set(check_char(a[1]), a[2]);
        return a[2];
    }
    std::int64_t i = check_fixnum(a[1]);
    if (BoolVector* b = bool_vector(a[0])) {
        if (i < 0 || i >= static_cast<std::int64_t>(b->bits.size()))
            args_out_of_range(a[0], a[1]);
        b->bits[static_cast<std::size_t>(i)] = !nilp(a[2]);
        return a[2];
    }
    if (vector_like(a[0])) {
        auto& items = xvector(a[0])->items;
        if (i < 0 || i >= static_cast<std::int64_t>(items.size()))
            args_out_of_range(a[0], a[1]);
        items[static_cast<std::size_t>(i)] = a[2];
        return a[2];
    }
    if (stringp(a[0])) {
        if (i < 0 || i >= string_length(a[0]))
            args_out_of_range(a[0], a[1]);
        char32_t c = check_char(a[2]);
        String* s = xstring(a[0]);
        bool stays_unibyte = !s->multibyte() && c < 0x100;
        if (s->multibyte() || stays_unibyte) {
            // In place: only the character's bytes change (a same-width
            // character costs no copy; 100 asets on 10 MB re-encoded the
            // whole string each time, 17 s).
            std::string unit;
            append_internal_char(unit, stays_unibyte && c >= 0x80 ? raw_byte_char(static_cast<std::uint8_t>(c)) : c);
            std::string& b = s->bytes;
            std::size_t off = static_cast<std::int64_t>(b.size()) == s->nchars
                                  ? static_cast<std::size_t>(i)
                                  : advance_chars(b.data(), b.size(), static_cast<std::size_t>(i));
            int len = 1;
            decode_internal_char(b.data() + off, b.data() + b.size(), &len);
            if (unit.size() == static_cast<std::size_t>(len)) {
                std::memcpy(b.data() + off, unit.data(), unit.size());
            } else {
                b.replace(off, static_cast<std::size_t>(len), unit);
                // Two such asets may give back the old size at the old address.
                forget_string_offset(s);
            }
            return a[2];
        }
        // A unibyte string taking a character that is no byte becomes
        // multibyte when it is all ASCII; with bytes >= 128, Emacs refuses.
        if (static_cast<std::int64_t>(s->bytes.size()) != s->nchars || !is_ascii(s->bytes))
            args_out_of_range(a[0], a[2]);
        std::u32string chars = chars_of(a[0]);
        chars[static_cast<std::size_t>(i)] = c;
        bool unibyte = !s->multibyte() && (c < 0x100);
        std::string out;
        for (char32_t ch : chars)
            append_internal_char(out, unibyte && ch >= 0x80 ? raw_byte_char(static_cast<std::uint8_t>(ch)) : ch);
        s->bytes = std::move(out);
        if (!unibyte)
            s->m_flags |= String::multibyte_flag;
        return a[2];
    }
    wrong_type(Qarrayp, a[0]);
}

Value f_make_vector(Args a) { return make_vector(static_cast<std::size_t>(check_natnum(a[0])), a[1]); }

Value f_vector(Args a)
{
    Value v = make_vector(a.n, Qnil);
    for (std::size_t i = 0; i < a.n; ++i)
        xvector(v)->items[i] = a[i];
    return v;
}

Value f_vconcat(Args a)
{
    RootedVector items;
    for (Value s : a) {
        if (listp(s)) {
            list_length(s);
            for (Value l : tails(s))
                items.push_back(xcar(l));
        } else if (vectorp(s)) {
            for (Value v : xvector(s)->items)
                items.push_back(v);
        } else if (stringp(s)) {
            for (char32_t c : chars_of(s))
                items.push_back(Value::fixnum(c));
        } else if (const BoolVector* b = bool_vector(s)) {
            for (bool bit : b->bits)
                items.push_back(boolean(bit));
        } else {
            wrong_type(Qsequencep, s);
        }
    }
    Value v = make_vector(0, Qnil);
    xvector(v)->items = items.items();
    return v;
}

// A search of the internal bytes, as Emacs's memmem: a raw byte has the
// same internal form in unibyte and multibyte strings, and a match can only
// start where a character does (lead bytes are never continuation bytes), so
// the bytes give Emacs's answer for every mix of the two. Linear, so a loop
// stepping START through a large string stays linear.
Value f_string_search(Args a)
{
    std::string_view needle = string_view(a[0]), hay = string_view(a[1]);
    std::int64_t start = nilp(a[2]) ? 0 : check_fixnum(a[2]);
    if (start < 0 || start > string_length(a[1]))
        xsignal1(Qargs_out_of_range, a[2]);
    std::size_t at = hay.find(needle, string_char_to_byte(a[1], start));
    return at == std::string_view::npos ? Qnil : Value::fixnum(string_byte_to_char(a[1], at));
}

Value f_string_replace(Args a)
{
    std::u32string from = chars_of(a[0]), to = chars_of(a[1]), in = chars_of(a[2]);
    if (from.empty())
        wrong_length_argument(a[0]);
    std::u32string out;
    std::size_t pos = 0;
    for (;;) {
        std::size_t at = in.find(from, pos);
        if (at == std::u32string::npos)
            break;
        out.append(in, pos, at - pos);
        out += to;
        pos = at + from.size();
    }
    out.append(in, pos, std::u32string::npos);
    return chars_to_string(out, !xstring(a[2])->multibyte());
}

Value f_string_distance(Args a)
{
    std::u32string s = chars_of(a[0]), t = chars_of(a[1]);
    std::vector<std::size_t> prev(t.size() + 1), cur(t.size() + 1);
    for (std::size_t j = 0; j <= t.size(); ++j)
        prev[j] = j;
    for (std::size_t i = 1; i <= s.size(); ++i) {
        cur[0] = i;
        for (std::size_t j = 1; j <= t.size(); ++j)
            cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (s[i - 1] != t[j - 1] ? 1u : 0u)});
        std::swap(prev, cur);
    }
    return Value::fixnum(static_cast<std::int64_t>(prev[t.size()]));
}

// A unibyte string holds one byte per character (internally its bytes
// 128..255 take two, as raw-byte characters).
Value f_string_bytes(Args a)
{
    String* s = check_string(a[0]);
    return Value::fixnum(s->multibyte() ? static_cast<std::int64_t>(s->bytes.size()) : s->nchars);
}

Value f_multibyte_string_p(Args a) { return boolean(stringp(a[0]) && xstring(a[0])->multibyte()); }

Value f_string_to_multibyte(Args a)
{
    String* s = check_string(a[0]);
    if (s->multibyte())
        return a[0];
    return make_string_raw(s->bytes, s->nchars, true);
}

// A unibyte string's internal text is already what Emacs's byte sequence
// means in a multibyte context (bytes >= 0x80 as raw-byte characters), so
// the conversions below mostly change the flag, not the text.

Value f_unibyte_string(Args a)
{
    std::string bytes;
    bytes.reserve(a.n);
    for (Value v : a) {
        std::int64_t b = check_fixnum(v);
        if (b < 0 || b > 255)
            xsignal3(Qargs_out_of_range, v, Value::fixnum(0), Value::fixnum(255));
        bytes += static_cast<char>(b);
    }
    return make_unibyte_string(bytes);
}

Value f_string_to_unibyte(Args a)
{
    String* s = check_string(a[0]);
    if (!s->multibyte())
        return a[0];
    const std::string& b = s->bytes;
    std::int64_t index = 0;
    for (std::size_t i = 0; i < b.size(); ++index) {
        int len = 1;
        char32_t c = decode_internal_char(b.data() + i, b.data() + b.size(), &len);
        if (c >= 0x80 && !is_raw_byte_char(c))
            error(curve_quotes("Can't convert the " + std::to_string(index) + "th character to unibyte"));
        i += static_cast<std::size_t>(len);
    }
    return make_string_raw(b, s->nchars, false);
}

// Emacs's internal bytes of the string: a raw-byte character is its byte.
Value f_string_as_unibyte(Args a)
{
    String* s = check_string(a[0]);
    if (!s->multibyte())
        return a[0];
    std::string bytes;
    internal_to_utf8(s->bytes, bytes);
    return make_unibyte_string(bytes);
}

// The bytes read as internal text: UTF-8 sequences become characters, the
// other bytes raw-byte characters.
Value f_string_as_multibyte(Args a)
{
    String* s = check_string(a[0]);
    if (s->multibyte())
        return a[0];
    std::string bytes, internal;
    internal_to_utf8(s->bytes, bytes);
    utf8_to_internal(bytes, internal, true);
    const auto n = static_cast<std::int64_t>(count_chars(internal));
    return make_string_raw(std::move(internal), n, true);
}

Value f_unibyte_char_to_multibyte(Args a)
{
    char32_t c = check_char(a[0]);
    if (c >= 0x100)
        error("Not a unibyte character: " + std::to_string(c));
    return Value::fixnum(c >= 0x80 ? raw_byte_char(static_cast<std::uint8_t>(c)) : c);
}

Value f_multibyte_char_to_unibyte(Args a)
{
    char32_t c = check_char(a[0]);
    if (c < 0x100)
        return a[0];
    return Value::fixnum(is_raw_byte_char(c) ? raw_byte_value(c) : -1);
}

// ---- format ----

[[noreturn]] void format_error(const char* msg) { error(msg); }

std::string pad(std::string body, std::int64_t body_width, std::int64_t width, bool left, char fill = ' ')
{
    if (width <= body_width)
        return body;
    std::string padding(static_cast<std::size_t>(width - body_width), fill);
    return left ? body + padding : padding + body;
}

std::int64_t text_width(std::string_view internal)
{
    std::int64_t w = 0;
    for (std::size_t i = 0; i < internal.size();) {
        int len = 1;
        char32_t c = decode_internal_char(internal.data() + i, internal.data() + internal.size(), &len);
        w += c == '\t' || c == '\n' ? 1 : char_width(c);
        i += static_cast<std::size_t>(len);
    }
    return w;
}

std::string truncate_chars(std::string_view s, std::int64_t n)
{
    std::size_t off = advance_chars(s.data(), s.size(), static_cast<std::size_t>(n));
    return std::string(s.substr(0, off));
}

std::string format_integer(Value arg, char conv, const std::string& flags, std::int64_t width, std::int64_t precision)
{
    std::int64_t n = 0;
    std::optional<std::string> big; // the digits of a bignum, or of a float beyond the int64 range
    const int base = conv == 'd' ? 10 : conv == 'o' ? 8 : conv == 'x' ? 16 : -16;
    if (arg.is_fixnum()) {
        n = arg.as_fixnum();
    } else if (bignump(arg)) {
        big = mpz_class(abs(xbignum(arg))).get_str(base);
        n = sgn(xbignum(arg));
    } else if (floatp(arg)) {
        const double d = xfloat(arg);
        if (std::isnan(d) || std::isinf(d)) {
            // As Emacs 28: (format "%d" 1.0e+INF) is "inf".
            std::string body = std::isnan(d) ? (std::signbit(d) ? "-nan" : "nan") : (d < 0 ? "-inf" : "inf");
            return pad(body, static_cast<std::int64_t>(body.size()), width, flags.find('-') != std::string::npos);
        }
        if (std::fabs(d) >= 9223372036854775808.0) {
            // Emacs 28 formats it as the bignum it is: (format "%d" 1e300) has 301 digits.
            big = mpz_class(std::fabs(std::trunc(d))).get_str(base);
            n = d < 0 ? -1 : 1;
        } else {
            n = static_cast<std::int64_t>(std::trunc(d));
        }
    } else if (marker_to_number(arg).is_fixnum()) {
        n = marker_to_number(arg).as_fixnum();
    } else {
        format_error("Format specifier doesn\xE2\x80\x99t match argument type");
    }
    bool minus = flags.find('-') != std::string::npos;
    bool zero = flags.find('0') != std::string::npos && !minus && precision < 0;
    bool plus = flags.find('+') != std::string::npos;
    bool space = flags.find(' ') != std::string::npos;
    bool alt = flags.find('#') != std::string::npos;
    std::uint64_t mag = n < 0 ? static_cast<std::uint64_t>(-(n + 1)) + 1 : static_cast<std::uint64_t>(n);
    std::string digits;
    if (big) {
        digits = *big;
    } else {
        char buf[80];
        const char* f = conv == 'd' ? "%llu" : conv == 'o' ? "%llo" : conv == 'x' ? "%llx" : "%llX";
        std::snprintf(buf, sizeof buf, f, static_cast<unsigned long long>(mag));
        digits = buf;
    }
    if (precision >= 0 && static_cast<std::int64_t>(digits.size()) < precision)
        digits = std::string(static_cast<std::size_t>(precision - static_cast<std::int64_t>(digits.size())), '0') + digits;
    std::string prefix = n < 0 ? "-" : plus ? "+" : space ? " " : "";
    if (alt && mag != 0)
        prefix += conv == 'o' ? "0" : conv == 'x' ? "0x" : conv == 'X' ? "0X" : "";
    std::int64_t len = static_cast<std::int64_t>(prefix.size() + digits.size());
    if (zero && width > len)
        digits = std::string(static_cast<std::size_t>(width - len), '0') + digits;
    std::string body = prefix + digits;
    return pad(body, static_cast<std::int64_t>(body.size()), width, minus);
}

// A double has at most 1074 fraction digits and 767 significant ones: past
// this precision, the C library's digits are only zeros, added here instead
// (snprintf cannot make a string over INT_MAX bytes).
constexpr std::int64_t exact_precision = 1100;

std::string format_float(Value arg, char conv, const std::string& flags, std::int64_t width, std::int64_t precision)
{
    double d;
    if (floatp(arg))
        d = xfloat(arg);
    else if (integerp(arg))
        d = integer_to_double(arg);
    else if (marker_to_number(arg).is_fixnum())
        d = static_cast<double>(marker_to_number(arg).as_fixnum());
    else
        format_error("Format specifier doesn\xE2\x80\x99t match argument type");
    const bool left = flags.find('-') != std::string::npos;
    if (std::isinf(d) || std::isnan(d)) {
        std::string body = std::isnan(d) ? (std::signbit(d) ? "-nan" : "nan") : (d < 0 ? "-inf" : "inf");
        return pad(body, static_cast<std::int64_t>(body.size()), width, left);
    }
    const std::int64_t zeros = precision > exact_precision ? precision - exact_precision : 0;
    std::string spec(1, '%');
    spec += flags;
    // Width is applied below when zeros are to be added, else by printf.
    if (width >= 0 && zeros == 0)
        spec += std::to_string(width);
    if (precision >= 0) {
        spec += '.';
        spec += std::to_string(std::min(precision, exact_precision));
    }
    spec += conv;
    const int len = std::snprintf(nullptr, 0, spec.c_str(), d);
    if (len < 0)
        error("Maximum string size exceeded");
    std::string out(static_cast<std::size_t>(len) + 1, '\0');
    std::snprintf(out.data(), out.size(), spec.c_str(), d);
    out.resize(static_cast<std::size_t>(len));
    // %g drops trailing zeros unless '#' keeps them.
    if (zeros > 0 && (conv != 'g' || flags.find('#') != std::string::npos)) {
        const std::size_t at = conv == 'f' ? out.size() : out.find_first_of("eE");
        out.insert(at == std::string::npos ? out.size() : at, static_cast<std::size_t>(zeros), '0');
    }
    if (zeros > 0) {
        const bool zero_fill = flags.find('0') != std::string::npos && !left;
        if (zero_fill && width > static_cast<std::int64_t>(out.size())) {
            const std::size_t sign = !out.empty() && std::strchr("+- ", out[0]) ? 1 : 0;
            out.insert(sign, static_cast<std::size_t>(width) - out.size(), '0');
        }
        return pad(out, static_cast<std::int64_t>(out.size()), width, left);
    }
    return out;
}

} // namespace

int compare_ordered_bytes(std::string_view x, std::string_view y)
{
    auto [i, j] = std::mismatch(x.begin(), x.end(), y.begin(), y.end());
    if (i == x.end())
        return j == y.end() ? 0 : -1;
    if (j == y.end())
        return 1;
    return order_byte(static_cast<unsigned char>(*i)) < order_byte(static_cast<unsigned char>(*j)) ? -1 : 1;
}

int compare_string_text(const String* a, const String* b)
{
    if (orders_by_bytes(a) && orders_by_bytes(b))
        return compare_ordered_bytes(a->bytes, b->bytes);
    const char *p = a->bytes.data(), *p_end = p + a->bytes.size();
    const char *q = b->bytes.data(), *q_end = q + b->bytes.size();
    for (; p < p_end && q < q_end;) {
        char32_t c = ordered_char(a, p), d = ordered_char(b, q);
        if (c != d)
            return c < d ? -1 : 1;
    }
    return p < p_end ? 1 : q < q_end ? -1 : 0;
}

Value format_string(Args a, bool message_quotes)
{
    String* fs = check_string(a[0]);
    std::string fmt = message_quotes ? curve_quotes(fs->bytes) : fs->bytes;
    std::string out;
    bool multibyte = fs->multibyte() || message_quotes;
    std::size_t argi = 1;
    // %s arguments with text properties: (argument, its chars used, where they went).
    struct Propertized {
        Value arg;
        std::int64_t nchars;
        std::int64_t at;
        std::int64_t padding; // after the text: its last properties cover it
    };
    std::vector<Propertized> propertized;
    // Where each spec of a format string with properties went, in bytes:
    // format [fbeg, fend) became output [obeg, oend).
    struct SpecSpan {
        std::size_t fbeg, fend, obeg, oend;
    };
    std::vector<SpecSpan> specs;
    for (std::size_t i = 0; i < fmt.size();) {
        char c = fmt[i];
        if (c != '%') {
            out += c;
            ++i;
            continue;
        }
        std::size_t spec_start = i++;
        const std::size_t out_start = out.size();
        // %N$ field number
        std::size_t j = i;
        std::int64_t num = 0;
        // Saturates: a field number that large names no argument anyway.
        while (j < fmt.size() && std::isdigit(static_cast<unsigned char>(fmt[j])))
            num = std::min<std::int64_t>(num * 10 + (fmt[j++] - '0'), std::int64_t(1) << 40);
        if (j < fmt.size() && fmt[j] == '$' && j > i) {
            argi = static_cast<std::size_t>(num);
            i = j + 1;
        }
        std::string flags;
        while (i < fmt.size() && std::strchr("-+ #0", fmt[i]))
            flags += fmt[i++];
        std::int64_t width = -1, precision = -1;
        // A width or precision no string can have is Emacs's error, never an
        // overflowed number.
        auto read_count = [&] {
            std::int64_t v = 0;
            while (i < fmt.size() && std::isdigit(static_cast<unsigned char>(fmt[i]))) {
                if (v > (std::numeric_limits<std::int64_t>::max() >> 4) / 10)
                    error("Maximum string size exceeded");
                v = v * 10 + (fmt[i++] - '0');
            }
            return v;
        };
        if (i < fmt.size() && std::isdigit(static_cast<unsigned char>(fmt[i])))
            width = read_count();
        if (i < fmt.size() && fmt[i] == '.') {
            ++i;
            precision = read_count();
        }
        if (i >= fmt.size())
            format_error("Format string ends in middle of format specifier");
        char conv = fmt[i++];
        if (conv == 'i') // as Emacs's styled_format: %i is %d
            conv = 'd';
        if (conv == '%') {
            out += '%';
            if (fs->props)
                specs.push_back({spec_start, i, out_start, out.size()});
            continue;
        }
        if (!std::strchr("sSdoxXcfeg", conv)) {
            std::string msg = "Invalid format operation %";
            append_char(msg, static_cast<unsigned char>(conv));
            error(msg);
        }
        if (argi >= a.n)
            format_error("Not enough arguments for format string");
        Value arg = a[argi++];
        (void)spec_start;
        bool left = flags.find('-') != std::string::npos;
        switch (conv) {
        case 's':
        case 'S': {
            if (conv == 's' && floatp(arg) && precision >= 0) {
                out += format_float(arg, 'f', flags, width, precision);
                break;
            }
            std::string text;
            // A unibyte string's bytes go in as they are (the result stays
            // unibyte unless something else is multibyte); anything else is
            // printed as into a buffer.
            const bool unibyte_arg = conv == 's' && stringp(arg) && !xstring(arg)->multibyte();
            if (conv == 's' && stringp(arg))
                text = xstring(arg)->bytes;
            else if (conv == 's' && symbolp(arg))
                text = string_view(xsymbol(arg)->name); // Emacs: the name, never #:
            else
                print_value_into_text(text, arg, conv == 'S');
            if (stringp(arg) && xstring(arg)->multibyte())
                multibyte = true;
            if (precision >= 0)
                text = truncate_chars(text, precision);
            if (!unibyte_arg && !is_ascii(text))
                multibyte = true;
            std::string padded = pad(text, text_width(text), width, left);
            if (conv == 's' && stringp(arg) && xstring(arg)->props) {
                const auto n = static_cast<std::int64_t>(count_chars(text));
                const auto before = static_cast<std::int64_t>(count_chars(out));
                const auto padding = static_cast<std::int64_t>(count_chars(padded)) - n;
                propertized.push_back({arg, n, before + (left ? 0 : padding), left ? padding : 0});
            }
            out += padded;
            break;
        }
        case 'c': {
            char32_t ch = check_char(arg);
            std::string text;
            append_char(text, ch);
            if (ch >= 0x80)
                multibyte = true;
            out += pad(text, text_width(text), width, left);
            break;
        }
        case 'd':
        case 'o':
        case 'x':
        case 'X': out += format_integer(arg, conv, flags, width, precision); break;
        default: out += format_float(arg, conv, flags, width, precision); break;
        }
        if (fs->props)
            specs.push_back({spec_start, i, out_start, out.size()});
    }
    Value result = !multibyte ? make_string_raw(out, static_cast<std::int64_t>(count_chars(out)), false)
                              : make_string(out);
    if (fs->props) {
        // The format string's properties, moved to where its text went: a
        // spec's properties cover all of what it produced.
        auto fchars = [&](std::size_t b) { return static_cast<std::int64_t>(count_chars(fmt.data(), b)); };
        auto ochars = [&](std::size_t b) { return static_cast<std::int64_t>(count_chars(out.data(), b)); };
        auto translate = [&](std::int64_t pos) {
            std::int64_t shift = 0;
            for (const SpecSpan& sp : specs) {
                const std::int64_t fb = fchars(sp.fbeg), fe = fchars(sp.fend);
                if (pos < fb)
                    break;
                if (pos == fb)
                    return ochars(sp.obeg);
                if (pos < fe)
                    return ochars(sp.oend);
                shift = ochars(sp.oend) - fe;
            }
            return pos + shift;
        };
        fs->props->for_each_run([&](const TextProperties::Run& run) {
            const std::int64_t b = translate(run.beg), e = translate(run.end);
            if (b < e)
                copy_string_properties(a[0], run.beg, result, b, e - b);
        });
    }
    for (const Propertized& p : propertized) {
        copy_string_properties(p.arg, 0, p.nchars, result, p.at);
        if (p.padding > 0 && p.nchars > 0)
            copy_string_properties(p.arg, p.nchars - 1, result, p.at + p.nchars, p.padding);
    }
    return result;
}

void wrong_length_argument(Value v) { xsignal1(Qwrong_length_argument, v); }

namespace {

Value f_format(Args a) { return format_string(a, false); }
Value f_format_message(Args a) { return format_string(a, true); }

const SubrDef string_subrs[] = {
    {"stringp", 1, 1, f_stringp},
    {"vectorp", 1, 1, f_vectorp},
    {"characterp", 1, 2, f_characterp},
    {"char-or-string-p", 1, 1, f_char_or_string_p},
    {"concat", 0, many, f_concat},
    {"substring", 1, 3, f_substring},
    {"substring-no-properties", 1, 3, f_substring_no_properties},
    {"string=", 2, 2, f_string_equal},
    {"string-equal", 2, 2, f_string_equal},
    {"string<", 2, 2, f_string_lessp},
    {"string-lessp", 2, 2, f_string_lessp},
    {"string>", 2, 2, f_string_greaterp},
    {"string-greaterp", 2, 2, f_string_greaterp},
    {"string-prefix-p", 2, 3, f_string_prefix_p},
    {"string-suffix-p", 2, 3, f_string_suffix_p},
    {"upcase", 1, 1, f_upcase},
    {"downcase", 1, 1, f_downcase},
    {"capitalize", 1, 1, f_capitalize},
    {"upcase-initials", 1, 1, f_upcase_initials},
    {"char-equal", 2, 2, f_char_equal},
    {"format", 1, many, f_format},
    {"format-message", 1, many, f_format_message},
    {"number-to-string", 1, 1, f_number_to_string},
    {"string-to-number", 1, 2, f_string_to_number},
    {"split-string", 1, 4, f_split_string},
    {"string-trim", 1, 3, f_string_trim},
    {"string-trim-left", 1, 2, f_string_trim_left},
    {"string-trim-right", 1, 2, f_string_trim_right},
    {"string-join", 1, 2, f_string_join},
    {"string-empty-p", 1, 1, f_string_empty_p},
    {"string-to-char", 1, 1, f_string_to_char},
    {"char-to-string", 1, 1, f_char_to_string},
    {"string", 0, many, f_string},
    {"make-string", 2, 3, f_make_string},
    {"string-to-list", 1, 1, f_string_to_list},
    {"string-to-vector", 1, 1, f_string_to_vector},
    {"string-width", 1, 3, f_string_width},
    {"char-width", 1, 1, f_char_width},
    {"aref", 2, 2, f_aref},
    {"aset", 3, 3, f_aset},
    {"fillarray", 2, 2, f_fillarray},
    {"make-vector", 2, 2, f_make_vector},
    {"vector", 0, many, f_vector},
    {"vconcat", 0, many, f_vconcat},
    {"string-search", 2, 3, f_string_search},
    {"string-replace", 3, 3, f_string_replace},
    {"string-distance", 2, 3, f_string_distance},
    {"multibyte-string-p", 1, 1, f_multibyte_string_p},
    {"string-bytes", 1, 1, f_string_bytes},
    {"string-to-multibyte", 1, 1, f_string_to_multibyte},
    {"unibyte-string", 0, many, f_unibyte_string},
    {"string-to-unibyte", 1, 1, f_string_to_unibyte},
    {"string-as-unibyte", 1, 1, f_string_as_unibyte},
    {"string-as-multibyte", 1, 1, f_string_as_multibyte},
    {"unibyte-char-to-multibyte", 1, 1, f_unibyte_char_to_multibyte},
    {"multibyte-char-to-unibyte", 1, 1, f_multibyte_char_to_unibyte},
};

} // namespace

void register_string_builtins() { register_subrs(string_subrs); }

Value array_ref(Value array, Value index, Value predicate)
{
    const std::int64_t i = check_fixnum(index);
    if (vector_like(array)) {
        auto& items = xvector(array)->items;
        if (i < 0 || i >= static_cast<std::int64_t>(items.size()))
            args_out_of_range(array, index);
        return items[static_cast<std::size_t>(i)];
    }
    if (stringp(array)) {
        if (i < 0 || i >= string_length(array))
            args_out_of_range(array, index);
        return Value::fixnum(string_char_at(array, i));
    }
    if (const CharTable* t = char_table(array))
        return t->get(check_char(index));
    if (const BoolVector* b = bool_vector(array)) {
        if (i < 0 || i >= static_cast<std::int64_t>(b->bits.size()))
            args_out_of_range(array, index);
        return boolean(b->bits[static_cast<std::size_t>(i)]);
    }
    wrong_type(predicate, array);
}

} // namespace gapmacs::lisp
