// Emacs regular expressions, run by ICU's regex engine.
//
// An Emacs regexp is translated once into an ICU pattern (see
// translate_emacs_regexp) and compiled into a Regex; compile_regex keeps an
// LRU cache of compiled patterns keyed by (source, case_fold), because Lisp
// code compiles the same few regexps over and over.
//
// Matching runs on internal text (UTF-8 plus raw bytes stored as C0/C1 two-byte
// sequences, see utf8.hpp) in at most two pieces, so a gap buffer is searched
// in place: no copy, no gap move. A UText provider decodes the text in chunks
// for ICU; its native indexes ARE byte offsets, so every offset in a Match is
// a byte offset into the text. A raw byte 0x80..0xFF is shown to ICU as one
// private-use character, U+10FF00 + byte (raw_byte_code_point), so `.` or
// `[^a]` match it whole and offsets never fall inside it; the same code points
// are what a raw byte in a pattern translates to. (Real text holding
// U+10FF80..U+10FFFF would be confused with raw bytes; nothing else is.)
//
// Semantics follow Emacs 28 (regex-emacs.c): backtracking, leftmost match,
// first alternative wins; `^`/`$` match at line starts/ends; word and symbol
// syntax use Emacs's standard syntax table; `\b` `\<` `\>` also see the
// boundary Emacs puts between word characters of different scripts. The
// oracle tests compare hundreds of regexps with GNU Emacs 28; known
// differences are listed at the end of this file.
#pragma once
#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/literal_search.hpp"
#include "core/regex_prefilter.hpp"
#include "core/split_text.hpp"

namespace gapmacs {

// Where a raw byte (0x80..0xFF) appears to ICU: one private-use code point.
constexpr char32_t raw_byte_code_point(std::uint8_t b) { return 0x10FF00 + b; }

// Match data: byte offsets of the whole match (group 0) and of each Emacs
// group 1..group_count(); a group that did not participate is {-1, -1}.
struct Match {
    struct Span {
        std::int64_t begin = -1;
        std::int64_t end = -1;
        bool matched() const { return begin >= 0; }
    };
    std::vector<Span> groups;

    std::size_t begin() const { return static_cast<std::size_t>(groups[0].begin); }
    std::size_t end() const { return static_cast<std::size_t>(groups[0].end); }
};

// The syntax classes (Emacs's designators: ' ' 'w' '_' '.' '(' ...) of the
// ASCII characters in the syntax table a search runs under, when they are
// not the standard table's: \w, \sC, \_< and \b then follow them (a Lisp
// mode's `-' and `:' are symbol constituents); other characters keep the
// standard table's classes.
struct AsciiSyntax {
    std::array<char, 128> classes{};
    bool operator==(const AsciiSyntax&) const = default;
};

// Translates Emacs regexp syntax into the ICU pattern Regex compiles (with
// UREGEX_MULTILINE | UREGEX_UNIX_LINES, and ICU's anchoring bounds when the
// regexp uses \< or \_<; this is the form without case folding, which
// only changes [:upper:] and [:lower:]). Throws Error("invalid-regexp", msg)
// with Emacs's message for bad input ("Unmatched [ or [^", "Trailing
// backslash", ...). `\=` (point) never matches in this translation; Regex
// handles it for buffer searches.
std::string translate_emacs_regexp(std::string_view emacs, const AsciiSyntax* ascii = nullptr);

// regexp-quote: an Emacs regexp matching exactly `literal`.
std::string regexp_quote(std::string_view literal);

class Regex final {
public:
    // Compiles (uncached); throws Error("invalid-regexp", ...). ASCII:
    // the syntax table's classes, when not the standard table's.
    Regex(std::string_view source, bool case_fold, const AsciiSyntax* ascii = nullptr);
    ~Regex();
    Regex(const Regex&) = delete;
    Regex& operator=(const Regex&) = delete;

    const std::string& source() const { return m_source; }
    bool case_fold() const { return m_case_fold; }
    // Number of Emacs groups (explicitly numbered groups count up to their number).
    std::size_t group_count() const { return m_group_count; }

    // The first match starting in [from, bound] and ending by bound
    // (re-search-forward). Lookbehind (`\b`, `^`...) sees text before `from`
    // and lookahead (`$`, `\>`...) text after `bound`, as in Emacs; `\``
    // and `\'` are the start and end of the whole text.
    //
    // `point` is the byte offset of point when the text is a buffer: `\=`
    // matches there when the search starts at point; otherwise `\=` never
    // matches (as for strings).
    std::optional<Match> search_forward(const SplitText& text, std::size_t from, std::size_t bound,
                                        std::optional<std::size_t> point = {}) const;
    // The match starting nearest before `from` (re-search-backward): it starts
    // in [bound, from] and ends by `from`. Found by forward searches over
    // windows that double in size as they move away from `from`.
    std::optional<Match> search_backward(const SplitText& text, std::size_t from, std::size_t bound,
                                         std::optional<std::size_t> point = {}) const;
    // An anchored match starting at `pos` (looking-at).
    std::optional<Match> looking_at(const SplitText& text, std::size_t pos,
                                    std::optional<std::size_t> point = {}) const;
    // string-match: the first match at or after byte offset `start`.
    std::optional<Match> string_match(std::string_view text, std::size_t start = 0) const
    {
        return search_forward(SplitText(text), start, text.size());
    }

    // ICU's pattern and matcher (regex.cpp).
    struct Compiled;

private:
    enum class Variant { plain, point_start, point_end };
    Compiled& compiled(Variant v) const;
    Variant variant_for(std::size_t from, std::optional<std::size_t> point, Variant at_point) const;
    std::optional<Match> run(Compiled& c, const SplitText& text, std::size_t from, std::size_t to,
                             bool anchored) const;
    bool may_match_line(const SplitText& text, std::size_t start, std::size_t end, bool newline_at_end) const;
    std::optional<Match> search_lines(Compiled& c, const SplitText& text, std::size_t from, std::size_t bound,
                                      bool& dense) const;
    Match match_data(Compiled& c) const;

    const AsciiSyntax* ascii_syntax() const { return m_ascii ? &*m_ascii : nullptr; }

    std::string m_source;
    bool m_case_fold;
    std::optional<AsciiSyntax> m_ascii;
    bool m_uses_point = false;
    std::size_t m_group_count = 0;
    // ICU group i+1 belongs to Emacs group m_group_of[i] (explicit numbers
    // allow several ICU groups per Emacs group).
    std::vector<int> m_group_of;
    mutable std::unique_ptr<Compiled> m_compiled[3];
    // Set when the regexp is literal text (literal_search.hpp): then it is
    // searched as bytes and never compiled by ICU.
    std::optional<LiteralRegexp> m_literal;
    // Set when matches lie within a line and hold this text
    // (regex_prefilter.hpp): forward searches run ICU on its lines only.
    std::optional<LinePrefilter> m_prefilter;
    // After a search whose text held the prefilter's text on most lines,
    // the next `m_prefilter_rest` searches run without it; each dense
    // search in a row doubles the rest.
    mutable unsigned m_prefilter_rest = 0;
    mutable unsigned m_prefilter_backoff = 1;
};

// Called every few thousand steps of a long match or search; when it returns
// true the match stops with Error("quit", "Quit") (lisp-lite installs its
// C-g test here). Null (the default): never.
using RegexQuitCheck = bool (*)();
void set_regex_quit_check(RegexQuitCheck check);

// A compiled regexp from an LRU cache keyed by (source, case_fold,
// ascii).
std::shared_ptr<const Regex> compile_regex(std::string_view source, bool case_fold,
                                           const AsciiSyntax* ascii = nullptr);
// Number of entries in the cache, and emptying it (tests).
std::size_t regex_cache_size();
// Compiled patterns kept, least recently used out first. CC Mode's
// fontification of one chunk cycles through 90 regexps: with 64 they were
// compiled again and again (a third of its time).
constexpr std::size_t regex_cache_capacity = 512;
void clear_regex_cache();

// Known differences from Emacs 28:
// - Case folding of a regexp or literal with a non-ASCII character is ICU's:
//   full Unicode folding ("ß" matches "ss", KELVIN SIGN matches "k"); Emacs
//   folds character by character through its case table. Literal text and
//   literal regexps of ASCII fold as Emacs's: a letter to its ASCII partner.
// - Word/whitespace/symbol/punctuation syntax of non-ASCII characters is
//   Emacs's *standard* syntax table's (generated from Emacs 28), not a
//   buffer's mode-specific one (ASCII follows the buffer's: AsciiSyntax). `\cX`
//   categories: exact for the small categories of Emacs 28 (Greek, Cyrillic,
//   kana, Thai...), Unicode approximations for `.` `L` `^` `c` `h` `j`.
// - `\sC' and `\SC' see the syntax table only, never a character's
//   `syntax-table' text property (Emacs's matcher reads those when
//   parse-sexp-lookup-properties is on): sh-script's `\s|' rule does not
//   find the here-document fence it put.
// - Word boundaries between word characters of different scripts (`abc\b`
//   before "日本") see the scripts Latin (and all of U+0000..U+024F), Han,
//   Hiragana, Katakana, Hangul, and "other" (Greek next to Cyrillic is no
//   boundary), rather than Emacs's char-script-table.
// - `\=` matches at point at the start of a forward search or looking-at
//   from point, and at the end of a backward search from point (what
//   looking-back needs); when the search does not start at point, or in a
//   string, it never matches.
// - Emacs's erratic results for a repetition operator on a zero-width
//   assertion (`\b*`, `\'?`) or for an empty iteration of a counted loop
//   (`\(a*\)\{2,\}`) are not reproduced: ICU treats them logically. A
//   counted loop over something that can match empty may backtrack
//   exponentially in ICU (set_regex_quit_check lets C-g stop it).
// - "Stack overflow in regexp matcher" comes from ICU's backtracking stack
//   limit (64 MB) rather than Emacs's failure stack.
// - The cache and the matchers are not thread-safe (one editor thread).

} // namespace gapmacs
