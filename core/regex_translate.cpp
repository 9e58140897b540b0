// Emacs regexps translated into ICU patterns: Emacs's syntax parsed as
// regex-emacs.c's regex_compile parses it, each construct written as ICU
// syntax (sets for Emacs's syntax classes, categories and character
// classes; lookarounds for ^ $ \` \' and \=).
#include "core/regex_translate.hpp"

#include <algorithm>
#include <cstring>
#include <iterator>
#include <limits>
#include <string>

#include <unicode/uniset.h>
#include <unicode/unistr.h>

#include "core/error.hpp"
#include "core/regex_char_data.hpp"
#include "core/utf8.hpp"

namespace gapmacs {

using namespace regex_data;
using namespace regex_translation;

namespace {

// ICU pattern fragments.

// Concatenation by appending (GCC 12 warns, wrongly, on chains of `+`).
template <typename... Parts>
std::string cat(const Parts&... parts)
{
    std::string s;
    (s.append(parts), ...);
    return s;
}

// A code point as an ICU pattern escape: safe both inside and outside sets.
void append_escape(std::string& out, char32_t cp)
{
    static const char hex[] = "0123456789ABCDEF";
    char buf[16];
    int n = 0;
    do {
        buf[n++] = hex[cp & 0xF];
        cp >>= 4;
    } while (cp);
    out += "\\x{";
    while (n)
        out += buf[--n];
    out += '}';
}

// A literal character outside a set.
std::string literal_atom(char32_t c)
{
    c = icu_code_point(c);
    if ((c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'))
        return std::string(1, static_cast<char>(c));
    std::string s;
    append_escape(s, c);
    return s;
}

void append_range(std::string& out, char32_t from, char32_t to)
{
    append_escape(out, from);
    if (to != from) {
        out += '-';
        append_escape(out, to);
    }
}

// The inside of an ICU set (no brackets) holding the ranges.
std::string ranges_inner(std::span<const CodeRange> ranges)
{
    std::string s;
    for (const CodeRange& r : ranges)
        append_range(s, r.from, r.to);
    return s;
}

const std::string empty_set = "[^\\x{0}-\\x{10FFFF}]";

// The ranges as a set; empty_set for none.
std::string ranges_set(std::span<const CodeRange> ranges)
{
    return ranges.empty() ? empty_set : cat("[", ranges_inner(ranges), "]");
}

const std::string& word_set()
{
    static const std::string s = ranges_set(standard_syntax_ranges('w'));
    return s;
}

// Word or symbol syntax: what \_< and \_> look at.
const std::string& symbol_or_word_set()
{
    static const std::string s =
        cat("[", ranges_inner(standard_syntax_ranges('w')), ranges_inner(standard_syntax_ranges('_')), "]");
    return s;
}

// A set matched without case folding (one that is its own case closure).
std::string case_invariant(const std::string& set) { return cat("(?-i:", set, ")"); }

// Whether any character of [from, to] (Emacs codes) has case variants.
bool has_case(char32_t from, char32_t to)
{
    static const icu::UnicodeSet case_sensitive = [] {
        UErrorCode status = U_ZERO_ERROR;
        icu::UnicodeSet set;
        set.applyIntPropertyValue(UCHAR_CASE_SENSITIVE, 1, status);
        set.freeze();
        return set;
    }();
    to = std::min<char32_t>(to, max_unicode_char);
    return from <= to && !case_sensitive.containsNone(static_cast<UChar32>(from), static_cast<UChar32>(to));
}
const std::string any_char_set = "[\\x{0}-\\x{10FFFF}]";
const std::string non_ascii = "[\\x{80}-\\x{10FFFF}]";

// The set for syntax class designator `code` (\sC); empty for classes no
// character has in the standard syntax table and for invalid designators
// (Emacs 28 compiles those into a test that never succeeds).
std::string syntax_set(char32_t code)
{
    return code == 'w' ? word_set() : ranges_set(standard_syntax_ranges(code));
}

// The syntax-class sets a translation uses (\w, \sC, \_<, [:space:]...):
// the standard table's, or those of a table whose ASCII characters have
// other classes (a mode's: `:' and `-' are symbol constituents in Lisp),
// its non-ASCII characters keeping the standard classes.
class SyntaxSets {
public:
    explicit SyntaxSets(const AsciiSyntax* ascii) : m_ascii(ascii) {}

    const std::string& word() const
    {
        if (!m_ascii)
            return word_set();
        if (!m_word)
            m_word = set_of({'w'});
        return *m_word;
    }
    const std::string& symbol_or_word() const
    {
        if (!m_ascii)
            return symbol_or_word_set();
        if (!m_symbol_or_word)
            m_symbol_or_word = set_of({'w', '_'});
        return *m_symbol_or_word;
    }
    // \sC: empty for a class no character has, and for an invalid
    // designator (Emacs 28 compiles those into a test that never succeeds).
    std::string of(char32_t code) const
    {
        if (code == '-')
            code = ' ';
        if (!m_ascii)
            return syntax_set(code);
        return code < 128 ? set_of({static_cast<char>(code)}) : empty_set;
    }

private:
    std::string set_of(std::initializer_list<char> codes) const
    {
        std::string inner;
        for (char code : codes) {
            for (char32_t c = 0; c < 128; ++c)
                if (m_ascii->classes[c] == code)
                    append_escape(inner, c);
            for (const CodeRange& r : standard_syntax_ranges(static_cast<char32_t>(code)))
                if (r.to >= 0x80)
                    append_range(inner, std::max<char32_t>(r.from, 0x80), r.to);
        }
        return inner.empty() ? empty_set : cat("[", inner, "]");
    }

    const AsciiSyntax* m_ascii;
    mutable std::optional<std::string> m_word, m_symbol_or_word;
};

// The set for category `c` (\cC); unknown categories match nothing, as in Emacs.
std::string category_set(char32_t c)
{
    if (auto ranges = category_ranges(c); !ranges.empty())
        return ranges_set(ranges);
    switch (c) {
    case '.': return "[^\\p{M}\\p{C}]";                        // base characters
    case 'L': return "[\\p{bc=L}]";                            // strong left-to-right
    case '^': return "[\\p{M}]";                               // combining
    case 'c': return "[\\p{sc=Hani}\\p{sc=Bopo}\\x{3000}-\\x{303F}\\x{FF01}-\\x{FF5E}]";
    case 'h': return "[\\p{sc=Hang}\\p{sc=Hani}\\x{3000}-\\x{303F}]";
    case 'j': return "[\\p{sc=Hani}\\p{sc=Hira}\\p{sc=Kana}\\x{3000}-\\x{303F}\\x{FF01}-\\x{FF9F}]";
    default: return empty_set;
    }
}

// Emacs's character classes ([:alpha:] ...): ASCII as C's ctype, other
// characters as Emacs 28 decides them (Unicode general categories, or the
// syntax table for space, word and punct). Empty string: unknown name.
//
// With case folding ICU closes each operand of a set difference over case,
// which would empty [:lower:]; Emacs then matches any cased letter for both
// [:upper:] and [:lower:], so `case_fold` says which form to use.
std::string class_set(std::string_view name, bool case_fold, const SyntaxSets& sets)
{
    const std::string not_ascii = "-[\\x{0}-\\x{7F}]";
    if (name == "alpha") return cat("[A-Za-z[[\\p{L}\\p{M}\\p{Nl}]", not_ascii, "]]");
    if (name == "alnum") return cat("[0-9A-Za-z[[\\p{L}\\p{M}\\p{Nl}\\p{Nd}]", not_ascii, "]]");
    if (name == "digit") return "[0-9]";
    if (name == "xdigit") return "[0-9A-Fa-f]";
    if (name == "cntrl") return "[\\x{0}-\\x{1F}]";
    if (name == "blank") return cat("[\\x{9}\\x{20}[\\p{Zs}", not_ascii, "]]");
    if (name == "space") return sets.of(' ');
    // Raw bytes have word syntax (\w matches them) but are in no class.
    const std::string not_raw = "-[\\x{10FF80}-\\x{10FFFF}]";
    if (name == "word") return cat("[", sets.word(), not_raw, "]");
    if (case_fold && (name == "upper" || name == "lower"))
        return "[\\p{Changes_When_Lowercased}\\p{Changes_When_Uppercased}]";
    if (name == "upper") return "[\\p{Changes_When_Lowercased}]";
    if (name == "lower") return "[[\\p{Changes_When_Uppercased}]-[\\p{Changes_When_Lowercased}]]";
    if (name == "punct")
        return cat("[\\x{21}-\\x{2F}\\x{3A}-\\x{40}\\x{5B}-\\x{60}\\x{7B}-\\x{7E}[", non_ascii, "-", sets.word(), "]]");
    if (name == "graph")
        return cat("[\\x{21}-\\x{7E}[[^\\p{Zs}\\p{Zl}\\p{Zp}\\p{Cc}\\p{Cs}\\p{Cn}]", not_ascii, not_raw, "]]");
    if (name == "print") return cat("[\\x{20}-\\x{7E}[[^\\p{Cc}\\p{Cs}\\p{Cn}]", not_ascii, not_raw, "]]");
    if (name == "ascii" || name == "unibyte") return "[\\x{0}-\\x{7F}]";
    if (name == "nonascii") return "[\\x{80}-\\x{10FF7F}]";
    if (name == "multibyte") return "[\\x{80}-\\x{10FF7F}]";
    return {};
}

// An ICU set written as explicit ranges. ICU evaluates a script property
// in a pattern by scanning the code space (~20 us each): the sets below are
// resolved once here instead of in every pattern that uses \b.
std::string resolved_set(const char* icu_set)
{
    UErrorCode status = U_ZERO_ERROR;
    icu::UnicodeSet set(icu::UnicodeString(icu_set, -1, US_INV), status);
    std::string s = "[";
    for (int32_t i = 0; U_SUCCESS(status) && i < set.getRangeCount(); ++i)
        append_range(s, static_cast<char32_t>(set.getRangeStart(i)), static_cast<char32_t>(set.getRangeEnd(i)));
    return s + "]";
}

// Emacs puts a word boundary between two word characters of different
// scripts, except before or after a combining mark and from Han to kana;
// Hiragana to Katakana is one. Scripts here are Latin (with all of
// U+0000..U+024F), Han, Hiragana, Katakana, Hangul, and everything else
// (so Greek next to Cyrillic is no boundary); marks of the Inherited script
// are neutral. Assumes both neighbours are word characters.
const std::string& script_boundary()
{
    static const std::string s = [] {
        const char* marks = "\\p{sc=Zinh}";
        const char* latin = "\\x{0}-\\x{24F}\\p{sc=Latn}";
        const char* han = "\\p{sc=Hani}";
        const char* hira = "\\p{sc=Hira}";
        const char* kana = "\\p{sc=Kana}";
        const char* hang = "\\p{sc=Hang}";
        std::string known = cat(latin, han, hira, kana, hang, marks);
        // Each group: what it is, and what may follow it without a boundary.
        const std::pair<std::string, std::string> groups[] = {
            {cat("[", latin, "]"), cat("[", latin, marks, "]")},
            {cat("[", han, "]"), cat("[", han, hira, kana, marks, "]")},
            {cat("[", hira, "]"), cat("[", hira, marks, "]")},
            {cat("[", kana, "]"), cat("[", kana, hira, marks, "]")},
            {cat("[", hang, "]"), cat("[", hang, marks, "]")},
            {cat("[^", known, "]"), cat("[[^", known, "]", marks, "]")},
        };
        std::string alts;
        for (const auto& [group, same] : groups)
            alts += cat(alts.empty() ? "" : "|", "(?<=", resolved_set(group.c_str()), ")(?!",
                        resolved_set(same.c_str()), ")");
        return cat("(?:", alts, ")");
    }();
    return s;
}

// Translation.

[[noreturn]] void invalid(const char* message)
{
    throw Error("invalid-regexp", message);
}

// Mirrors regex_compile in Emacs's regex-emacs.c, emitting ICU syntax.
class Translator {
public:
    Translator(std::string_view source, Mode mode, bool case_fold, const AsciiSyntax* ascii)
        : m_p(reinterpret_cast<const unsigned char*>(source.data())), m_end(m_p + source.size()), m_mode(mode),
          m_case_fold(case_fold), m_sets(ascii)
    {
        m_frames.emplace_back();
    }

    Translation run();

private:
    static constexpr std::size_t none = std::string::npos;
    static constexpr int max_regnum = 255;

    // One open group: its ICU text so far and where its last atom starts
    // (Emacs's `laststart`; none where a repetition operator is literal).
    struct Frame {
        std::string out;
        std::size_t last = none;
        bool last_simple = true; // one ICU atom a quantifier may follow
        // Whether the current alternative can match the empty string: all
        // atoms before the last, the last, and any earlier alternative.
        bool prefix_nullable = true;
        bool last_nullable = true;
        bool alt_nullable = false;
        bool nullable() const { return alt_nullable || (prefix_nullable && last_nullable); }
        int regnum = 0;        // Emacs group number; 0 for a shy group
        bool capture = false;
        std::size_t first_group = 0; // index in group_of of the first ICU group inside
        std::size_t last_groups = 0; // same, for the groups inside the last atom
    };

    Frame& top() { return m_frames.back(); }
    bool at_end() const { return m_p == m_end; }
    char32_t fetch();
    char32_t fetch_or_premature_end();
    bool next_is(const char* s) const;

    // Every atom is one ICU atom (a character, a set, or a group) so that a
    // quantifier can follow it; `nullable`: it can match the empty string.
    void atom(const std::string& icu, bool nullable = false);
    // An atom holding the ICU groups group_of[groups_inside...].
    void atom(const std::string& icu, bool nullable, std::size_t groups_inside);
    void quantify(const std::string& q);
    void literal(char32_t c) { atom(literal_atom(c)); }

    void repetition(char32_t c);
    void bracket();
    bool char_class(std::string& items);
    void add_range(std::string& items, char32_t from, char32_t to);
    void backslash();
    void open_group();
    void close_group();
    void interval();
    void back_reference(int n);
    bool group_open(int regnum) const;

    // Anchors, written per mode (see Mode).
    bool lookaround_anchors() const { return m_mode != Mode::plain; }
    std::string text_start() const { return lookaround_anchors() ? cat("(?<!", any_char_set, ")") : "\\A"; }
    std::string text_end() const { return lookaround_anchors() ? cat("(?!", any_char_set, ")") : "\\z"; }
    std::string word_boundary() const;

    const unsigned char* m_p;
    const unsigned char* m_end;
    Mode m_mode;
    bool m_case_fold;
    SyntaxSets m_sets;
    std::vector<Frame> m_frames;
    Translation m_result;
    int m_nsub = 0;
    bool m_alt_start = true; // just after the start, \( or \| (where ^ is special)
};

char32_t Translator::fetch()
{
    int len;
    char32_t c = decode_char(m_p, static_cast<std::size_t>(m_end - m_p), len);
    m_p += len;
    return c;
}

char32_t Translator::fetch_or_premature_end()
{
    if (at_end())
        invalid("Premature end of regular expression");
    return fetch();
}

bool Translator::next_is(const char* s) const
{
    std::size_t n = std::strlen(s);
    return static_cast<std::size_t>(m_end - m_p) >= n && std::memcmp(m_p, s, n) == 0;
}

void Translator::atom(const std::string& icu, bool nullable)
{
    atom(icu, nullable, m_result.group_of.size());
}

void Translator::atom(const std::string& icu, bool nullable, std::size_t groups_inside)
{
    Frame& f = top();
    f.last = f.out.size();
    f.last_groups = groups_inside;
    f.last_simple = true;
    f.prefix_nullable = f.prefix_nullable && f.last_nullable;
    f.last_nullable = nullable;
    f.out += icu;
}

// Applies a quantifier to the last atom. A quantified atom is grouped first
// so that a second operator (Emacs's `a\{2\}*`) applies to the whole, never
// as ICU's possessive `*+`; single atoms are not, so that ICU's fast loops
// (`.*`, `[set]*`) still apply.
//
// ICU 72 loops forever on a lazy `*?` or `+?` over something that can match
// the empty string (`(?:a*)*?x` against "ab"): its lazy loops lack the
// empty-iteration check of its greedy ones. `(?:|X)*` tries the same
// iteration counts in the same order (fewest first) with that check; `X+?`
// becomes `X(?:|X)*`, the copy's groups standing for the same Emacs groups.
void Translator::quantify(const std::string& q)
{
    Frame& f = top();
    bool lazy_loop = q == "*?" || q == "+?";
    if (!f.last_simple || (lazy_loop && f.last_nullable)) {
        std::string last = f.out.substr(f.last);
        f.out.resize(f.last);
        if (lazy_loop && f.last_nullable) {
            if (q == "+?") {
                f.out += cat("(?:", last, ")");
                auto& groups = m_result.group_of;
                std::vector<int> copies(groups.begin() + static_cast<std::ptrdiff_t>(f.last_groups), groups.end());
                groups.insert(groups.end(), copies.begin(), copies.end());
            }
            f.out += cat("(?:|", last, ")*");
            f.last_simple = false;
            return;
        }
        f.out += cat("(?:", last, ")");
    }
    f.out += q;
    f.last_simple = false;
    if (q[0] == '*' || q[0] == '?' || q.rfind("{0", 0) == 0)
        f.last_nullable = true;
}

Translation Translator::run()
{
    while (!at_end()) {
        bool alt_start = m_alt_start;
        m_alt_start = false;
        char32_t c = fetch();
        switch (c) {
        case '^':
            if (!alt_start) {
                literal(c);
                break;
            }
            top().out += lookaround_anchors() ? "(?<![^\\n])" : "^";
            top().last = none;
            break;
        case '$':
            if (!(at_end() || next_is("\\)") || next_is("\\|"))) {
                literal(c);
                break;
            }
            top().out += lookaround_anchors() ? "(?![^\\n])" : "$";
            break;
        case '*': case '+': case '?':
            repetition(c);
            break;
        case '.':
            atom(".");
            break;
        case '[':
            bracket();
            break;
        case '\\':
            backslash();
            break;
        default:
            literal(c);
            break;
        }
    }
    if (m_frames.size() > 1)
        invalid("Unmatched ( or \\(");
    m_result.icu = std::move(top().out);
    m_result.group_count = static_cast<std::size_t>(std::min(m_nsub, max_regnum));
    return std::move(m_result);
}

// A run of * + ? collapses into one operator, as in Emacs: `?` after another
// operator makes it non-greedy, `+*` is `*`, `?+` is `*`...
void Translator::repetition(char32_t c)
{
    if (top().last == none) {
        literal(c);
        return;
    }
    bool zero = false, many = false, greedy = true;
    for (;;) {
        if (c == '?' && (zero || many))
            greedy = false;
        else {
            zero |= c != '+';
            many |= c != '?';
        }
        if (at_end() || !(*m_p == '*' || *m_p == '+' || *m_p == '?'))
            break;
        c = *m_p++;
    }
    std::string q = many ? (zero ? "*" : "+") : "?";
    if (!greedy)
        q += '?';
    quantify(q);
}

// [...]: `]` first is literal, `^` first negates, backslash is literal,
// [:class:] anywhere; a reversed range is empty (Emacs 28 does not complain).
void Translator::bracket()
{
    if (at_end())
        invalid("Unmatched [ or [^");
    bool negate = *m_p == '^';
    if (negate)
        ++m_p;
    const unsigned char* first = m_p;
    std::string items;
    bool cased = false; // a literal character or range that case folding changes
    for (;;) {
        const unsigned char* here = m_p;
        if (at_end())
            invalid("Unmatched [ or [^");
        if (char_class(items)) {
            if (at_end())
                invalid("Unmatched [ or [^");
            continue;
        }
        char32_t c = fetch();
        if (c == ']' && here != first)
            break;
        char32_t c1 = c;
        // Emacs peeks one byte past the end here (the string's NUL), so a
        // trailing `-` starts a range and then runs out of pattern.
        if (!at_end() && *m_p == '-' && (m_p + 1 == m_end || m_p[1] != ']')) {
            ++m_p;
            c1 = fetch_or_premature_end();
            if (is_raw_byte_char(c1) && c >= 0x80 && !is_raw_byte_char(c))
                c = c1 + 1; // a range from a multibyte char to a raw byte is empty
        }
        add_range(items, c, c1);
        cased = cased || has_case(c, c1);
    }
    if (items.empty())
        atom(negate ? any_char_set : empty_set);
    else if (cased || !m_case_fold)
        atom(cat(negate ? "[^" : "[", items, "]"));
    else
        atom(case_invariant(cat(negate ? "[^" : "[", items, "]"))); // classes only: see backslash()
}

// [:name:] at the current position (re_wctype_parse): a class is anything
// up to the next ":]", so an unknown name is an error, not literal text.
bool Translator::char_class(std::string& items)
{
    std::size_t left = static_cast<std::size_t>(m_end - m_p);
    if (left < 4 || m_p[0] != '[' || m_p[1] != ':')
        return false;
    std::string_view rest(reinterpret_cast<const char*>(m_p + 2), left - 2);
    std::size_t close = rest.find(":]");
    if (close == std::string_view::npos)
        return false;
    std::string set = class_set(rest.substr(0, close), m_case_fold, m_sets);
    if (set.empty())
        invalid("Invalid character class name");
    items += set;
    m_p += 2 + close + 2;
    return true;
}

// A range of Emacs character codes; the ASCII part of a range ending in a
// raw byte stops at 0x7F and the rest covers raw bytes only, as in Emacs.
void Translator::add_range(std::string& items, char32_t from, char32_t to)
{
    if (from > to)
        return;
    if (from < 0x80) {
        char32_t ascii_end = std::min<char32_t>(0x7F, to);
        append_range(items, from, ascii_end);
        from = is_raw_byte_char(to) ? raw_byte_char(0x80) : ascii_end + 1;
        if (from > to)
            return;
    }
    if (is_raw_byte_char(from))
        append_range(items, icu_code_point(from), icu_code_point(to));
    else
        append_range(items, from, std::min<char32_t>(to, max_unicode_char));
}

void Translator::backslash()
{
    if (at_end())
        invalid("Trailing backslash");
    char32_t c = fetch();
    const std::string& w = m_sets.word();
    switch (c) {
    case '(': open_group(); break;
    case ')': close_group(); break;
    case '|': {
        Frame& f = top();
        f.out += '|';
        f.last = none;
        f.alt_nullable = f.nullable();
        f.prefix_nullable = f.last_nullable = true;
        m_alt_start = true;
        break;
    }
    case '{': interval(); break;
    case '=':
        m_result.uses_point = true;
        atom(m_mode == Mode::point_start ? "(?:\\A)" : m_mode == Mode::point_end ? "(?:\\z)" : "(?:(?!))", true);
        break;
    // Syntax, category and word sets are the same in either case: (?-i:)
    // spares ICU closing each over case, which cost 5 ms a set (a regexp
    // of a thousand \w took 5 s to compile, and could not be quit).
    case 's': atom(case_invariant(m_sets.of(fetch_or_premature_end()))); break;
    case 'S': atom(case_invariant(cat("[^", m_sets.of(fetch_or_premature_end()), "]"))); break;
    case 'c': atom(case_invariant(category_set(fetch_or_premature_end()))); break;
    case 'C': atom(case_invariant(cat("[^", category_set(fetch_or_premature_end()), "]"))); break;
    case 'w': atom(case_invariant(w)); break;
    case 'W': atom(case_invariant(cat("[^", w, "]"))); break;
    case '<':
        m_result.uses_limit = true;
        atom(cat("(?-i:(?=", w, ")(?!\\z)(?:(?<!", w, ")|", script_boundary(), "))"), true);
        break;
    case '>': atom(cat("(?-i:(?<=", w, ")(?:(?!", w, ")|", script_boundary(), "))"), true); break;
    case 'b': atom(cat("(?-i:", word_boundary(), ")"), true); break;
    case 'B': atom(cat("(?-i:(?!", word_boundary(), "))"), true); break;
    case '_': {
        char32_t d = fetch_or_premature_end();
        const std::string& s = m_sets.symbol_or_word();
        if (d == '<') {
            m_result.uses_limit = true;
            atom(cat("(?-i:(?<!", s, ")(?=", s, ")(?!\\z))"), true);
        }
        else if (d == '>')
            atom(cat("(?-i:(?<=", s, ")(?!", s, "))"), true);
        else
            invalid("Invalid regular expression");
        break;
    }
    case '`':
        // Emacs 28 leaves `laststart` alone here: at the start of an
        // alternative a following * is literal, elsewhere it repeats the
        // previous atom together with \`.
        top().out += text_start();
        if (top().last != none)
            top().last_simple = false;
        break;
    case '\'': atom(cat("(?:", text_end(), ")"), true); break;
    case '1': case '2': case '3': case '4': case '5': case '6': case '7': case '8': case '9':
        back_reference(static_cast<int>(c - '0'));
        break;
    default:
        literal(c); // \. \* \[ ... and \n, \t, which are plain n and t
        break;
    }
}

// Emacs's \b also matches at the very start and end of the text, even next
// to a non-word character, and \B never does.
std::string Translator::word_boundary() const
{
    const std::string& w = m_sets.word();
    return cat(text_start(), "|", text_end(), "|(?<=", w, ")(?:(?!", w, ")|", script_boundary(), ")|(?<!", w, ")(?=", w,
               ")");
}

void Translator::open_group()
{
    bool shy = false;
    int regnum = 0;
    if (m_end - m_p > 1 && *m_p == '?') {
        ++m_p;
        while (!shy) {
            char32_t c = fetch_or_premature_end();
            if (c == ':')
                shy = true;
            else if (c >= '0' && c <= '9') {
                if (c == '0' && regnum == 0)
                    invalid("Invalid regular expression");
                if (regnum > (0x7FFFFFFF - 9) / 10)
                    invalid("Regular expression too big");
                regnum = regnum * 10 + static_cast<int>(c - '0');
            } else
                invalid("Invalid regular expression");
        }
    }
    Frame f;
    f.first_group = m_result.group_of.size();
    if (!shy)
        regnum = ++m_nsub;
    else if (regnum) {
        if (regnum > m_nsub)
            m_nsub = regnum;
        else if (group_open(regnum))
            invalid("Invalid regular expression");
    }
    // Like Emacs, record groups up to number 255 only (MAX_REGNUM).
    if (regnum > 0 && regnum <= max_regnum) {
        f.regnum = regnum;
        f.capture = true;
        m_result.group_of.push_back(regnum);
    }
    m_frames.push_back(std::move(f));
    m_alt_start = true;
}

void Translator::close_group()
{
    if (m_frames.size() == 1)
        invalid("Unmatched ) or \\)");
    Frame f = std::move(top());
    m_frames.pop_back();
    atom(cat(f.capture ? "(" : "(?:", f.out, ")"), f.nullable(), f.first_group);
}

bool Translator::group_open(int regnum) const
{
    for (const Frame& f : m_frames)
        if (f.capture && f.regnum == regnum)
            return true;
    return false;
}

// \{n,m\}; parsed (and errors found) before deciding that, with nothing to
// repeat, the \{ is a literal { and the rest is read again as pattern.
void Translator::interval()
{
    const unsigned char* begin = m_p;
    char32_t c = 0;
    auto count = [&](int& num) {
        if (at_end())
            invalid("Unmatched \\{");
        c = fetch();
        while (c >= '0' && c <= '9') {
            if (num < 0)
                num = 0;
            int digit = static_cast<int>(c - '0');
            if (0xFFFF / 10 - (0xFFFF % 10 < digit) < num)
                invalid("Invalid content of \\{\\}");
            num = num * 10 + digit;
            if (at_end())
                invalid("Unmatched \\{");
            c = fetch();
        }
    };
    int lower = 0, upper = -1;
    count(lower);
    if (c == ',')
        count(upper);
    else
        upper = lower;
    if (lower < 0 || (upper >= 0 && upper < lower) || c != '\\')
        invalid("Invalid content of \\{\\}");
    if (at_end())
        invalid("Trailing backslash");
    if (*m_p++ != '}')
        invalid("Invalid content of \\{\\}");
    if (top().last == none) {
        literal('{');
        m_p = begin;
        return;
    }
    std::string q = cat("{", std::to_string(lower));
    if (upper != lower)
        q += upper < 0 ? std::string(",") : cat(",", std::to_string(upper));
    quantify(cat(q, "}"));
}

// \N: an error for a group not yet closed or beyond the groups seen so far;
// a group that exists only as a number never matches.
void Translator::back_reference(int n)
{
    if (n > m_nsub || group_open(n))
        invalid("Invalid back reference");
    std::string alts;
    for (std::size_t i = m_result.group_of.size(); i-- > 0;) {
        if (m_result.group_of[i] != n)
            continue;
        if (!alts.empty())
            alts += '|';
        alts += cat("\\", std::to_string(i + 1));
    }
    atom(alts.empty() ? std::string("(?:(?!))") : cat("(?:", alts, ")"), true);
}

} // namespace

namespace regex_translation {

char32_t icu_code_point(char32_t c)
{
    return is_raw_byte_char(c) ? raw_byte_code_point(raw_byte_value(c)) : c;
}

// Decodes one character of internal text: raw bytes (and, defensively, the
// bytes of malformed sequences) give Emacs's raw-byte character codes.
char32_t decode_char(const unsigned char* b, std::size_t avail, int& len)
{
    unsigned char b0 = b[0];
    if (b0 < 0x80) {
        len = 1;
        return b0;
    }
    if (is_raw_byte_lead(b0) && avail >= 2 && is_continuation_byte(b[1])) {
        len = 2;
        return raw_byte_char(static_cast<std::uint8_t>(0x80 | ((b0 & 1) << 6) | (b[1] & 0x3F)));
    }
    int n = utf8_sequence_status(reinterpret_cast<const char*>(b), avail);
    if (n < 2) {
        len = 1;
        return raw_byte_char(b0);
    }
    len = n;
    char32_t c = b0 & (0x7F >> n);
    for (int i = 1; i < n; ++i)
        c = (c << 6) | (b[i] & 0x3F);
    return c;
}

Translation translate(std::string_view source, Mode mode, bool case_fold, const AsciiSyntax* ascii)
{
    return Translator(source, mode, case_fold, ascii).run();
}

Translation translate_for_search(std::string_view source, bool case_fold, const AsciiSyntax* ascii, Mode& mode)
{
    mode = Mode::plain;
    Translation t = translate(source, mode, case_fold, ascii);
    if (t.uses_limit) {
        mode = Mode::anchored;
        t = translate(source, mode, case_fold, ascii);
    }
    return t;
}

} // namespace regex_translation

std::string translate_emacs_regexp(std::string_view emacs, const AsciiSyntax* ascii)
{
    Mode mode;
    return translate_for_search(emacs, false, ascii, mode).icu;
}

std::string regexp_quote(std::string_view literal)
{
    std::string out;
    out.reserve(literal.size());
    for (char c : literal) {
        if (std::strchr("[*.\\?+^$", c) && c != '\0')
            out += '\\';
        out += c;
    }
    return out;
}

} // namespace gapmacs
