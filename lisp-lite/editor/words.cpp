// Motion by words, characters sets and syntax classes: forward-word,
// backward-word, skip-chars-forward/-backward, skip-syntax-forward/-backward.
//
// Syntax is the current buffer's syntax table: a word is a run of
// word-constituent characters (in the standard table letters, digits, $
// and %, most non-ASCII letters and marks). Inside such a run there is a word boundary
// where the script changes (Emacs's char-script-table rule, with Han
// followed by kana combining, as its word-combining-categories say) and,
// for scripts written without spaces (Han, kana, Thai, Lao, Khmer,
// Myanmar), where ICU's dictionary-based word break iterator puts one. ICU
// is only run over the run of word characters around point, read in
// bounded chunks, so a 1 GB buffer costs what the distance moved costs.
#include <unicode/ubrk.h>
#include <unicode/uchar.h>
#include <unicode/uscript.h>
#include <unicode/utf16.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/utf8.hpp"
#include "lisp-lite/editor/buffers.hpp"
#include "lisp-lite/editor/modules.hpp"
#include "lisp-lite/editor/syntax_table.hpp"
#include "lisp-lite/lang/builtins.hpp"

namespace gapmacs::lisp {

namespace {

// Characters read at a time: a first small chunk (most words are short),
// then growing to chunk_chars; a run of word characters longer than that is
// segmented chunk by chunk.
constexpr std::int64_t first_chunk_chars = 64;
constexpr std::int64_t chunk_chars = 4096;
std::int64_t grow(std::int64_t n) { return std::min(n * 4, chunk_chars); }



UScriptCode script_of(char32_t c)
{
    if (c > max_unicode_char)
        return USCRIPT_COMMON;
    UErrorCode err = U_ZERO_ERROR;
    UScriptCode s = uscript_getScript(static_cast<UChar32>(c), &err);
    return U_FAILURE(err) ? USCRIPT_COMMON : s;
}

// Scripts written without spaces between words: ICU segments them with
// dictionaries.
bool unspaced_script(UScriptCode s)
{
    switch (s) {
    case USCRIPT_HAN:
    case USCRIPT_HIRAGANA:
    case USCRIPT_KATAKANA:
    case USCRIPT_THAI:
    case USCRIPT_LAO:
    case USCRIPT_KHMER:
    case USCRIPT_MYANMAR:
        return true;
    default:
        return false;
    }
}

// Emacs's word_boundary_p for two adjacent word characters: a change of
// script, except from Han to kana and to or from combining characters.
bool script_boundary(UScriptCode a, UScriptCode b)
{
    if (a == b || a == USCRIPT_COMMON || b == USCRIPT_COMMON || a == USCRIPT_INHERITED || b == USCRIPT_INHERITED)
        return false;
    if (a == USCRIPT_HAN && (b == USCRIPT_HIRAGANA || b == USCRIPT_KATAKANA))
        return false;
    if ((a == USCRIPT_HIRAGANA || a == USCRIPT_KATAKANA) && (b == USCRIPT_HIRAGANA || b == USCRIPT_KATAKANA))
        return false; // both are "kana" in Emacs's char-script-table
    return true;
}

// Characters of [from, to) of the current buffer.
std::u32string chars_of(Buffer& b, CharPos from, CharPos to)
{
    std::string text = b.substring(from, to);
    std::u32string out;
    out.reserve(static_cast<std::size_t>(to.value - from.value));
    const char* p = text.data();
    const char* end = p + text.size();
    while (p < end) {
        int len = 0;
        out.push_back(decode_internal_char(p, end, &len));
        p += len;
    }
    return out;
}

struct BreakIteratorDeleter {
    void operator()(UBreakIterator* bi) const { ubrk_close(bi); }
};

// Word boundaries inside a run of word characters: offsets 1..n-1 (in
// characters) where a word ends.
std::vector<bool> boundaries_in_run(const std::u32string& run)
{
    std::size_t n = run.size();
    std::vector<bool> at(n + 1, false);
    bool unspaced = false;
    std::vector<UScriptCode> scripts(n);
    for (std::size_t i = 0; i < n; ++i) {
        scripts[i] = script_of(run[i]);
        unspaced = unspaced || unspaced_script(scripts[i]);
        if (i > 0 && script_boundary(scripts[i - 1], scripts[i]))
            at[i] = true;
    }
    if (!unspaced)
        return at;
    static std::unique_ptr<UBreakIterator, BreakIteratorDeleter> bi;
    UErrorCode err = U_ZERO_ERROR;
    if (!bi) {
        bi.reset(ubrk_open(UBRK_WORD, "", nullptr, 0, &err));
        if (U_FAILURE(err)) {
            bi.reset();
            return at;
        }
    }
    std::u16string text;
    std::vector<std::size_t> char_of_unit; // UTF-16 offset -> character index
    for (std::size_t i = 0; i < n; ++i) {
        char32_t c = run[i] > max_unicode_char ? U'\uFFFD' : run[i];
        UChar units[2];
        int k = 0;
        U16_APPEND_UNSAFE(units, k, static_cast<UChar32>(c));
        for (int j = 0; j < k; ++j) {
            text.push_back(static_cast<char16_t>(units[j]));
            char_of_unit.push_back(i);
        }
    }
    char_of_unit.push_back(n);
    ubrk_setText(bi.get(), reinterpret_cast<const UChar*>(text.data()), static_cast<std::int32_t>(text.size()), &err);
    if (U_FAILURE(err))
        return at;
    for (std::int32_t u = ubrk_first(bi.get()); u != UBRK_DONE; u = ubrk_next(bi.get())) {
        std::size_t i = char_of_unit[static_cast<std::size_t>(u)];
        if (i == 0 || i >= n)
            continue;
        if (unspaced_script(scripts[i - 1]) || unspaced_script(scripts[i]))
            at[i] = true;
    }
    return at;
}

// Emacs's scan_words: the position after COUNT words from FROM (before,
// when COUNT is negative), or nothing if the accessible region ends first.
std::optional<CharPos> scan_words(Buffer& b, CharPos from, std::int64_t count)
{
    const SyntaxLookup syntax;
    auto word_char = [&](char32_t c) { return syntax.cls(c) == SyntaxClass::Word; };
    const CharPos lo = b.point_min(), hi = b.point_max();
    CharPos pos = from;
    for (; count > 0; --count) {
        // Skip to the start of a word.
        for (std::int64_t step = first_chunk_chars;; step = grow(step)) {
            if (pos >= hi)
                return std::nullopt;
            CharPos to = std::min(hi, pos + CharCount(step));
            std::u32string cs = chars_of(b, pos, to);
            auto it = std::find_if(cs.begin(), cs.end(), word_char);
            pos = pos + CharCount(it - cs.begin());
            if (it != cs.end())
                break;
        }
        // To its end: the first boundary in the run of word characters.
        // A chunk that ends inside the run is read again, larger, so ICU
        // sees the whole run (up to chunk_chars at a time).
        for (std::int64_t step = first_chunk_chars;; step = grow(step)) {
            CharPos to = std::min(hi, pos + CharCount(step));
            std::u32string cs = chars_of(b, pos, to);
            auto it = std::find_if_not(cs.begin(), cs.end(), word_char);
            bool run_ends_here = it != cs.end() || to == hi;
            cs.erase(it, cs.end());
            if (cs.empty())
                break;
            std::vector<bool> at = boundaries_in_run(cs);
            std::size_t stop = cs.size();
            for (std::size_t i = 1; i < cs.size(); ++i)
                if (at[i]) {
                    stop = i;
                    break;
                }
            if (stop < cs.size() || run_ends_here) {
                pos = pos + CharCount(static_cast<std::int64_t>(stop));
                break;
            }
            if (step == chunk_chars)
                pos = pos + CharCount(static_cast<std::int64_t>(cs.size()));
        }
    }
    for (; count < 0; ++count) {
        for (std::int64_t step = first_chunk_chars;; step = grow(step)) {
            if (pos <= lo)
                return std::nullopt;
            CharPos start = std::max(lo, pos - CharCount(step));
            std::u32string cs = chars_of(b, start, pos);
            auto it = std::find_if(cs.rbegin(), cs.rend(), word_char);
            pos = pos - CharCount(it - cs.rbegin());
            if (it != cs.rend())
                break;
        }
        for (std::int64_t step = first_chunk_chars;; step = grow(step)) {
            CharPos start = std::max(lo, pos - CharCount(step));
            std::u32string cs = chars_of(b, start, pos);
            auto it = std::find_if_not(cs.rbegin(), cs.rend(), word_char);
            bool run_ends_here = it != cs.rend() || start == lo;
            cs.erase(cs.begin(), it.base());
            std::vector<bool> at = boundaries_in_run(cs);
            std::size_t begin = 0;
            for (std::size_t i = cs.size(); i-- > 1;)
                if (at[i]) {
                    begin = i;
                    break;
                }
            if (begin > 0 || run_ends_here) {
                pos = pos - CharCount(static_cast<std::int64_t>(cs.size() - begin));
                break;
            }
            if (step == chunk_chars)
                pos = pos - CharCount(static_cast<std::int64_t>(cs.size()));
        }
    }
    return pos;
}

Value move_words(std::int64_t count)
{
    Buffer& b = current();
    auto to = scan_words(b, b.point(), count);
    b.goto_char(to ? *to : count > 0 ? b.point_max() : b.point_min());
    return boolean(to.has_value());
}

Value f_forward_word(Args a) { return move_words(nilp(a[0]) ? 1 : check_fixnum(a[0])); }
Value f_backward_word(Args a) { return move_words(-(nilp(a[0]) ? 1 : check_fixnum(a[0]))); }

// ---- skip-chars ----

// A skip-chars set: "a-zA-Z", leading ^ negates, \ quotes, [:class:].
struct CharSet {
    // The buffer's syntax, for [:space:], [:word:] and [:punct:] only:
    // skip-chars without them need no table lookups.
    std::optional<SyntaxLookup> syntax;
    bool negated = false;
    std::vector<std::pair<char32_t, char32_t>> ranges;
    std::vector<std::string> classes;

    bool contains(char32_t c) const
    {
        bool in = false;
        for (auto [lo, hi] : ranges)
            if (c >= lo && c <= hi) {
                in = true;
                break;
            }
        for (std::size_t i = 0; !in && i < classes.size(); ++i)
            in = in_class(classes[i], c);
        return in != negated;
    }

    bool in_class(const std::string& name, char32_t c) const
    {
        auto cp = static_cast<UChar32>(c > max_unicode_char ? 0xFFFD : c);
        if (name == "alpha")
            return u_isalpha(cp);
        if (name == "alnum")
            return u_isalnum(cp);
        if (name == "digit")
            return c >= '0' && c <= '9';
        if (name == "xdigit")
            return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
        if (name == "space")
            return syntax->cls(c) == SyntaxClass::Whitespace;
        if (name == "blank")
            return c == ' ' || c == '\t' || u_charType(cp) == U_SPACE_SEPARATOR;
        if (name == "upper")
            return u_isupper(cp);
        if (name == "lower")
            return u_islower(cp);
        if (name == "word")
            return syntax->cls(c) == SyntaxClass::Word;
        if (name == "punct")
            return c < 0x80 ? (c > 0x20 && c < 0x7F && !std::isalnum(static_cast<int>(c)))
                            : syntax->cls(c) != SyntaxClass::Word;
        if (name == "cntrl")
            return c < 0x20;
        if (name == "ascii")
            return c < 0x80;
        if (name == "nonascii")
            return c >= 0x80;
        if (name == "graph")
            return c > 0x20 && c != 0x7F && !u_isspace(cp);
        if (name == "print")
            return c >= 0x20 && c != 0x7F;
        if (name == "multibyte")
            return c >= 0x80 && !is_raw_byte_char(c);
        if (name == "unibyte")
            return c < 0x80 || is_raw_byte_char(c);
        error("Invalid ISO C character class");
    }
};

CharSet parse_char_set(Value spec)
{
    check_string(spec);
    std::u32string s;
    for (std::int64_t i = 0, n = string_length(spec); i < n; ++i)
        s.push_back(string_char_at(spec, i));
    CharSet set;
    std::size_t i = 0;
    if (i < s.size() && s[i] == '^') {
        set.negated = true;
        ++i;
    }
    while (i < s.size()) {
        if (s[i] == '[' && i + 1 < s.size() && s[i + 1] == ':') {
            std::size_t close = s.find(U":]", i + 2);
            if (close != std::u32string::npos) {
                std::string name;
                for (std::size_t k = i + 2; k < close; ++k)
                    name += static_cast<char>(s[k]);
                if (!set.syntax && (name == "space" || name == "word" || name == "punct"))
                    set.syntax.emplace();
                set.in_class(name, 'a'); // validates the name
                set.classes.push_back(name);
                i = close + 2;
                continue;
            }
        }
        char32_t c = s[i];
        if (c == '\\' && i + 1 < s.size())
            c = s[++i];
        ++i;
        if (i + 1 < s.size() && s[i] == '-') {
            char32_t hi = s[i + 1];
            if (hi == '\\' && i + 2 < s.size())
                hi = s[++i + 1];
            i += 2;
            if (c <= hi)
                set.ranges.emplace_back(c, hi);
            continue;
        }
        set.ranges.emplace_back(c, c);
    }
    return set;
}

// Moves point over characters satisfying pred, forward or backward, not
// past LIM (clamped to the accessible region); returns the distance moved.
template <typename Pred> Value skip(Value lim, bool forward, Pred&& pred)
{
    Buffer& b = current();
    CharPos limit = forward ? b.point_max() : b.point_min();
    if (!nilp(lim))
        limit = std::clamp(CharPos(check_position(lim)), b.point_min(), b.point_max());
    CharPos start = b.point(), pos = start;
    std::int64_t step = first_chunk_chars;
    if (forward) {
        for (; pos < limit; step = grow(step)) {
            CharPos to = std::min(limit, pos + CharCount(step));
            std::u32string cs = chars_of(b, pos, to);
            auto it = std::find_if_not(cs.begin(), cs.end(), pred);
            pos = pos + CharCount(it - cs.begin());
            if (it != cs.end())
                break;
        }
    } else {
        for (; pos > limit; step = grow(step)) {
            CharPos from = std::max(limit, pos - CharCount(step));
            std::u32string cs = chars_of(b, from, pos);
            auto it = std::find_if_not(cs.rbegin(), cs.rend(), pred);
            pos = pos - CharCount(it - cs.rbegin());
            if (it != cs.rend())
                break;
        }
    }
    b.goto_char(pos);
    return Value::fixnum(pos.value - start.value);
}

// A set of ASCII ranges only decides every byte alone: ASCII bytes by the
// table, and every byte of a non-ASCII character alike (in the set only
// when negated). Skipping is then a byte scan, without decoding.
std::optional<std::array<bool, 256>> byte_table(const CharSet& set)
{
    if (!set.classes.empty())
        return std::nullopt;
    std::array<bool, 256> in{};
    for (auto [lo, hi] : set.ranges) {
        if (hi >= 0x80)
            return std::nullopt;
        for (char32_t c = lo; c <= hi; ++c)
            in[c] = true;
    }
    for (std::size_t i = 0; i < 256; ++i)
        in[i] = (i < 0x80 && in[i]) != set.negated;
    return in;
}

Value skip_bytes(Value lim, bool forward, const std::array<bool, 256>& in)
{
    Buffer& b = current();
    CharPos limit = forward ? b.point_max() : b.point_min();
    if (!nilp(lim))
        limit = std::clamp(CharPos(check_position(lim)), b.point_min(), b.point_max());
    const CharPos start = b.point();
    if (forward ? start >= limit : start <= limit)
        return Value::fixnum(0);
    const BytePos from = b.char_to_byte(forward ? start : limit);
    const BytePos to = b.char_to_byte(forward ? limit : start);
    std::vector<std::string_view> pieces; // at most two: before and after the gap
    b.gap_buffer().for_each_piece(from, to, [&](std::string_view p) { pieces.push_back(p); });
    if (!forward)
        std::reverse(pieces.begin(), pieces.end());
    auto member = [&](char c) { return in[static_cast<unsigned char>(c)]; };
    std::int64_t moved = 0;
    for (std::string_view p : pieces) {
        std::size_t n;
        if (forward) {
            n = static_cast<std::size_t>(std::find_if_not(p.begin(), p.end(), member) - p.begin());
            moved += static_cast<std::int64_t>(count_chars(p.data(), n));
        } else {
            n = static_cast<std::size_t>(std::find_if_not(p.rbegin(), p.rend(), member) - p.rbegin());
            moved += static_cast<std::int64_t>(count_chars(p.data() + p.size() - n, n));
        }
        if (n < p.size())
            break;
    }
    b.goto_char(forward ? start + CharCount(moved) : start - CharCount(moved));
    return Value::fixnum(forward ? moved : -moved);
}

Value skip_chars(Args a, bool forward)
{
    CharSet set = parse_char_set(a[0]);
    if (auto in = byte_table(set))
        return skip_bytes(a[1], forward, *in);
    return skip(a[1], forward, [&](char32_t c) { return set.contains(c); });
}
Value f_skip_chars_forward(Args a) { return skip_chars(a, true); }
Value f_skip_chars_backward(Args a) { return skip_chars(a, false); }

// A skip-syntax spec: syntax code characters ("w_", "^ "); "-" is " ".
Value skip_syntax(Args a, bool forward)
{
    check_string(a[0]);
    std::string_view spec = string_view(a[0]);
    bool negated = !spec.empty() && spec[0] == '^';
    if (negated)
        spec.remove_prefix(1);
    std::array<bool, 16> in{};
    for (char c : spec)
        if (int cls = syntax_class_of_char(c); cls >= 0)
            in[static_cast<std::size_t>(cls)] = true;
    const SyntaxLookup syntax;
    return skip(a[1], forward, [&](char32_t c) {
        return in[static_cast<std::size_t>(syntax.cls(c)) & 15] != negated;
    });
}
Value f_skip_syntax_forward(Args a) { return skip_syntax(a, true); }
Value f_skip_syntax_backward(Args a) { return skip_syntax(a, false); }

const SubrDef word_subrs[] = {
    {"forward-word", 0, 1, f_forward_word},
    {"backward-word", 0, 1, f_backward_word},
    {"skip-chars-forward", 1, 2, f_skip_chars_forward},
    {"skip-chars-backward", 1, 2, f_skip_chars_backward},
    {"skip-syntax-forward", 1, 2, f_skip_syntax_forward},
    {"skip-syntax-backward", 1, 2, f_skip_syntax_backward},
};

} // namespace

void register_word_builtins() { register_subrs(word_subrs); }

} // namespace gapmacs::lisp
