// Emacs regexps on ICU: compiled patterns and the searches on them. The
// translation is in regex_translate.cpp, ICU's view of the text in
// regex_utext.cpp, the cache in regex_cache.cpp; regex.hpp has the contract.
#include "core/regex.hpp"

#include <algorithm>
#include <cstring>
#include <iterator>
#include <limits>
#include <string>

#include <unicode/regex.h>
#include <unicode/uniset.h>
#include <unicode/unistr.h>
#include <unicode/utext.h>
#include <unicode/utf16.h>

#include "core/error.hpp"
#include "core/regex_translate.hpp"
#include "core/regex_utext.hpp"
#include "core/utf8.hpp"

namespace gapmacs {

using namespace regex_translation;
using namespace regex_utext;

// Compiled patterns and matching.

struct Regex::Compiled {
    UText text = UTEXT_INITIALIZER; // reopened per search; storage reused
    std::unique_ptr<icu::RegexPattern> pattern;
    std::unique_ptr<icu::RegexMatcher> matcher;
    bool anchoring = false; // \A and \z are the region's ends (see Mode)
    // A find tries no start at or after this (ICU's region end also limits
    // where a match may end); see find_in.
    std::int64_t start_limit = std::numeric_limits<std::int64_t>::max();
    bool hit_start_limit = false;

    Compiled() = default;
    Compiled(const Compiled&) = delete;
    Compiled& operator=(const Compiled&) = delete;
    ~Compiled()
    {
        matcher.reset(); // it holds a clone of `text` and refers to `pattern`
        pattern.reset();
        utext_close(&text);
    }
};

namespace {

// Backtracking deeper than this is Emacs's "Stack overflow in regexp matcher".
constexpr std::int32_t match_stack_limit = 64 * 1024 * 1024;

RegexQuitCheck quit_check = nullptr;

UBool U_CALLCONV keep_matching(const void*, int32_t)
{
    return !(quit_check && quit_check());
}

// ICU calls this before each further start position it tries, with that
// position: it stops at the search's start limit, and tests for a quit only
// now and then.
UBool U_CALLCONV keep_finding(const void* context, int64_t next_start)
{
    auto& c = *static_cast<Regex::Compiled*>(const_cast<void*>(context));
    if (next_start >= c.start_limit) {
        c.hit_start_limit = true;
        return false;
    }
    static unsigned calls = 0;
    return (++calls & 0xFFF) != 0 || !(quit_check && quit_check());
}

[[noreturn]] void match_failed(UErrorCode status)
{
    if (status == U_REGEX_STOPPED_BY_CALLER)
        throw Error("quit", "Quit");
    if (status == U_REGEX_STACK_OVERFLOW)
        throw Error("error", "Stack overflow in regexp matcher");
    throw Error("error", std::string("Regexp matcher failed: ") + u_errorName(status));
}

std::unique_ptr<Regex::Compiled> compile_icu(const std::string& icu, bool case_fold, bool anchoring);

} // namespace

Regex::Regex(std::string_view source, bool case_fold, const AsciiSyntax* ascii)
    : m_source(source), m_case_fold(case_fold), m_literal(literal_regexp(source, case_fold))
{
    if (m_literal)
        return;
    if (ascii)
        m_ascii = *ascii;
    Mode mode;
    Translation t = translate_for_search(source, case_fold, ascii_syntax(), mode);
    m_uses_point = t.uses_point;
    m_group_count = t.group_count;
    m_group_of = std::move(t.group_of);
    m_compiled[0] = compile_icu(t.icu, case_fold, mode != Mode::plain);
    if (mode == Mode::plain && !m_uses_point)
        m_prefilter = line_prefilter(source, case_fold);
}

Regex::~Regex() = default;

Regex::Compiled& Regex::compiled(Variant v) const
{
    auto& slot = m_compiled[static_cast<int>(v)];
    if (!slot) {
        Mode mode = v == Variant::point_start ? Mode::point_start : Mode::point_end;
        slot = compile_icu(translate(m_source, mode, m_case_fold, ascii_syntax()).icu, m_case_fold, true);
    }
    return *slot;
}

Regex::Variant Regex::variant_for(std::size_t from, std::optional<std::size_t> point, Variant at_point) const
{
    return m_uses_point && point && *point == from ? at_point : Variant::plain;
}

namespace {

// Points the matcher at `text`; set_region then limits a search to [from,
// to]. Lookaround sees the whole text (transparent bounds); ^ $ \` \' see the
// text's ends, not the region's (see Mode).
void prepare(Regex::Compiled& c, const SplitText& text)
{
    UErrorCode status = U_ZERO_ERROR;
    open_split(&c.text, text, &status);
    if (U_FAILURE(status))
        match_failed(status);
    c.matcher->reset(&c.text);
}

void set_region(Regex::Compiled& c, std::size_t from, std::size_t to)
{
    UErrorCode status = U_ZERO_ERROR;
    c.matcher->region(static_cast<int64_t>(from), static_cast<int64_t>(to), status);
    if (U_FAILURE(status))
        match_failed(status);
    c.matcher->useTransparentBounds(true);
    c.matcher->useAnchoringBounds(c.anchoring);
}

// The first match in [from, to] that starts before `start_limit`.
bool find_in(Regex::Compiled& c, std::size_t from, std::size_t to,
             std::size_t start_limit = std::numeric_limits<std::size_t>::max())
{
    set_region(c, from, to);
    c.start_limit = static_cast<std::int64_t>(std::min<std::size_t>(start_limit, INT64_MAX));
    c.hit_start_limit = false;
    UErrorCode status = U_ZERO_ERROR;
    bool found = c.matcher->find(status);
    if (status == U_REGEX_STOPPED_BY_CALLER && c.hit_start_limit)
        return false;
    if (U_FAILURE(status))
        match_failed(status);
    return found && static_cast<std::size_t>(c.matcher->start64(status)) < start_limit;
}

bool looking_at_in(Regex::Compiled& c, std::size_t from, std::size_t to)
{
    set_region(c, from, to);
    UErrorCode status = U_ZERO_ERROR;
    bool found = c.matcher->lookingAt(status);
    if (U_FAILURE(status))
        match_failed(status);
    return found;
}

std::unique_ptr<Regex::Compiled> compile_icu(const std::string& icu, bool case_fold, bool anchoring)
{
    auto c = std::make_unique<Regex::Compiled>();
    uint32_t flags = UREGEX_MULTILINE | UREGEX_UNIX_LINES | (case_fold ? UREGEX_CASE_INSENSITIVE : 0);
    UParseError parse_error;
    UErrorCode status = U_ZERO_ERROR;
    c->pattern.reset(icu::RegexPattern::compile(icu::UnicodeString::fromUTF8(icu), flags, parse_error, status));
    if (U_SUCCESS(status))
        c->matcher.reset(c->pattern->matcher(status));
    if (U_SUCCESS(status))
        c->matcher->setStackLimit(match_stack_limit, status);
    if (U_SUCCESS(status))
        c->matcher->setMatchCallback(keep_matching, nullptr, status);
    if (U_SUCCESS(status))
        c->matcher->setFindProgressCallback(keep_finding, c.get(), status);
    if (U_FAILURE(status)) {
        // A translation bug or an ICU limit (e.g. a huge interval).
        if (status == U_REGEX_PATTERN_TOO_BIG || status == U_REGEX_NUMBER_TOO_BIG)
            throw Error("invalid-regexp", "Regular expression too big");
        throw Error("invalid-regexp", "Invalid regular expression");
    }
    c->anchoring = anchoring;
    return c;
}

} // namespace

Match Regex::match_data(Compiled& c) const
{
    UErrorCode status = U_ZERO_ERROR;
    Match m;
    m.groups.resize(m_group_count + 1);
    m.groups[0] = {c.matcher->start64(status), c.matcher->end64(status)};
    // Several ICU groups may stand for one explicitly numbered Emacs group:
    // the last one that participated wins, as in Emacs.
    for (std::size_t i = 0; i < m_group_of.size(); ++i) {
        auto k = static_cast<int32_t>(i + 1);
        int64_t b = c.matcher->start64(k, status);
        if (b >= 0)
            m.groups[static_cast<std::size_t>(m_group_of[i])] = {b, c.matcher->end64(k, status)};
    }
    if (U_FAILURE(status))
        match_failed(status);
    return m;
}

std::optional<Match> Regex::run(Compiled& c, const SplitText& text, std::size_t from, std::size_t to,
                                bool anchored) const
{
    prepare(c, text);
    bool found = anchored ? looking_at_in(c, from, to) : find_in(c, from, to);
    if (!found)
        return std::nullopt;
    return match_data(c);
}

namespace {

std::optional<Match> whole_match(std::optional<LiteralMatch> m)
{
    if (!m)
        return std::nullopt;
    Match match;
    match.groups.push_back({static_cast<std::int64_t>(m->begin), static_cast<std::int64_t>(m->end)});
    return match;
}

} // namespace

std::optional<Match> Regex::search_forward(const SplitText& text, std::size_t from, std::size_t bound,
                                           std::optional<std::size_t> point) const
{
    bound = std::min(bound, text.size());
    if (from > bound)
        return std::nullopt;
    if (m_literal)
        return whole_match(gapmacs::search_forward(text, *m_literal, from, bound));
    if (m_prefilter && m_prefilter_rest == 0) {
        bool dense = false;
        auto m = search_lines(*m_compiled[0], text, from, bound, dense);
        m_prefilter_backoff = dense ? std::min(m_prefilter_backoff * 2, 1024u) : 1;
        m_prefilter_rest = dense ? m_prefilter_backoff : 0;
        return m;
    }
    if (m_prefilter_rest > 0)
        --m_prefilter_rest;
    return run(compiled(variant_for(from, point, Variant::point_start)), text, from, bound, false);
}

// Whether the line [start, end) holds the prefilter's other texts, and ends
// with its line end when `end` is a newline (a shorter line that the bound
// cuts may still end a match at a newline after it).
bool Regex::may_match_line(const SplitText& text, std::size_t start, std::size_t end, bool newline_at_end) const
{
    const bool fold = m_prefilter->how == AsciiCase::fold;
    const std::string& tail = m_prefilter->line_end;
    if (newline_at_end && !tail.empty() &&
        (end - start < tail.size() || !search_literal_forward(text, tail, end - tail.size(), end, fold)))
        return false;
    for (const std::string& other : m_prefilter->also)
        if (!search_literal_forward(text, other, start, end, fold))
            return false;
    return true;
}

// The prefilter's text is found by memchr; ICU runs from the start of its
// line to the end (no match crosses one). When the lines holding the text
// come close together and do not match, one ICU pass over the rest costs
// less than a call a line: that search is `dense`.
std::optional<Match> Regex::search_lines(Compiled& c, const SplitText& text, std::size_t from,
                                         std::size_t bound, bool& dense) const
{
    prepare(c, text);
    const bool fold = m_prefilter->how == AsciiCase::fold;
    std::size_t misses = 0;
    for (std::size_t pos = from; pos <= bound;) {
        auto hit = search_literal_forward(text, m_prefilter->bytes, pos, bound, fold);
        if (!hit)
            return std::nullopt;
        auto nl_before = search_literal_backward(text, "\n", hit->begin, pos, false);
        auto nl_after = search_literal_forward(text, "\n", hit->end, bound, false);
        std::size_t line_start = nl_before ? nl_before->end : pos;
        std::size_t line_end = nl_after ? nl_after->begin : bound;
        if (!may_match_line(text, line_start, line_end, nl_after.has_value())) {
            pos = line_end + 1;
            continue;
        }
        if (find_in(c, line_start, line_end))
            return match_data(c);
        if (++misses >= 16 && (line_end - from) / misses < 1024) {
            dense = true;
            return find_in(c, line_end, bound) ? std::optional(match_data(c)) : std::nullopt;
        }
        pos = line_end + 1;
    }
    return std::nullopt;
}

std::optional<Match> Regex::looking_at(const SplitText& text, std::size_t pos,
                                       std::optional<std::size_t> point) const
{
    if (pos > text.size())
        return std::nullopt;
    if (m_literal)
        return whole_match(gapmacs::looking_at(text, *m_literal, pos));
    return run(compiled(variant_for(pos, point, Variant::point_start)), text, pos, text.size(), true);
}

namespace {

unsigned char byte_at(const SplitText& text, std::size_t i)
{
    return static_cast<unsigned char>(i < text.first.size() ? text.first[i] : text.second[i - text.first.size()]);
}

// The start of the character holding byte `pos`.
std::size_t char_start_at(const SplitText& text, std::size_t pos)
{
    for (int k = 0; k < 3 && pos > 0 && pos < text.size() && is_continuation_byte(byte_at(text, pos)); ++k)
        --pos;
    return pos;
}

// The start of the character after the one at `pos` (pos < size).
std::size_t next_char(const SplitText& text, std::size_t pos)
{
    std::size_t n = text.size(), p = pos + 1;
    for (int k = 0; k < 3 && p < n && is_continuation_byte(byte_at(text, p)); ++k)
        ++p;
    return p;
}

} // namespace

// Emacs tries an anchored match at from, from-1, ... bound, each limited to
// end by `from`. Here the first 128 positions are tried that way (a match
// close by is the common case: skipping back over a field of a line), each
// as a find limited to starting there, so that ICU's test of the first
// character skips most positions without running the matcher. Then forward
// searches list the match starts in one window [lo, hi) at a time, nearest
// to `from` first, keeping the last. The window doubles as it moves away, so
// a rare match far away costs about twice the distance, not an attempt per
// byte. (dired's permission bits before each file name: 16 tries, then
// windows each searched on to `from`, cost 2.7x as long.)
std::optional<Match> Regex::search_backward(const SplitText& text, std::size_t from, std::size_t bound,
                                            std::optional<std::size_t> point) const
{
    from = std::min(from, text.size());
    if (bound > from)
        return std::nullopt;
    if (m_literal)
        return whole_match(gapmacs::search_backward(text, *m_literal, from, bound));
    Compiled& c = compiled(variant_for(from, point, Variant::point_end));
    prepare(c, text);
    std::size_t hi = from; // starts in [hi, from] have no match
    for (int tries = 0; tries < 128; ++tries) {
        if (find_in(c, hi, from, hi + 1))
            return match_data(c);
        if (hi <= bound)
            return std::nullopt;
        hi = char_start_at(text, hi - 1);
    }
    ++hi; // now exclusive: hi itself is still to be tried
    for (std::size_t window = 64;; window = std::min<std::size_t>(window * 2, std::size_t(1) << 40)) {
        std::size_t lo = hi - bound > window ? std::max(bound, char_start_at(text, hi - window)) : bound;
        std::optional<Match> best;
        std::size_t pos = lo;
        while (find_in(c, pos, from, hi)) {
            UErrorCode status = U_ZERO_ERROR;
            auto start = static_cast<std::size_t>(c.matcher->start64(status));
            best = match_data(c);
            if (start >= from)
                break;
            pos = next_char(text, start);
        }
        if (best || lo <= bound)
            return best;
        hi = lo;
    }
}

void set_regex_quit_check(RegexQuitCheck check)
{
    quit_check = check;
}

} // namespace gapmacs
