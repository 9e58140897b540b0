// Literal text in SplitText: each piece is searched as bytes, and the few
// bytes around the seam between the pieces for a match that crosses it.
#include "core/literal_search.hpp"

#include <algorithm>

#include "core/byte_search.hpp"
#include "core/regex.hpp"

namespace gapmacs {

namespace {

constexpr std::size_t npos = std::string_view::npos;

// The bytes around the seam that a match crossing it could use:
// [seam_from, seam_from + result.size()), within [from, to).
std::string seam_window(const SplitText& text, std::size_t len, std::size_t from, std::size_t to,
                        std::size_t& seam_from)
{
    std::size_t n1 = text.first.size();
    seam_from = std::max(from, n1 >= len - 1 ? n1 - (len - 1) : 0);
    std::size_t seam_to = std::min(to, n1 + len - 1);
    std::string w;
    if (seam_from >= n1 || seam_to <= n1)
        return w;
    w.append(text.first.substr(seam_from));
    w.append(text.second.substr(0, seam_to - n1));
    return w;
}

// The first occurrence of a non-empty needle inside [from, to).
std::optional<LiteralMatch> find_in(const SplitText& text, std::string_view needle, std::size_t from,
                                    std::size_t to, AsciiCase how)
{
    std::size_t n1 = text.first.size(), len = needle.size();
    if (from < n1) {
        std::string_view a = text.first.substr(from, std::min(to, n1) - from);
        if (auto i = find_bytes(a, needle, how); i != npos)
            return LiteralMatch{from + i, from + i + len};
    }
    std::size_t seam_from;
    std::string w = seam_window(text, len, from, to, seam_from);
    if (auto i = find_bytes(w, needle, how); i != npos && seam_from + i < n1)
        return LiteralMatch{seam_from + i, seam_from + i + len};
    std::size_t b = std::max(from, n1);
    if (b < to) {
        std::string_view s = text.second.substr(b - n1, to - b);
        if (auto i = find_bytes(s, needle, how); i != npos)
            return LiteralMatch{b + i, b + i + len};
    }
    return std::nullopt;
}

// The last occurrence of a non-empty needle inside [from, to).
std::optional<LiteralMatch> rfind_in(const SplitText& text, std::string_view needle, std::size_t from,
                                     std::size_t to, AsciiCase how)
{
    std::size_t n1 = text.first.size(), len = needle.size();
    std::size_t b = std::max(from, n1);
    if (b < to) {
        std::string_view s = text.second.substr(b - n1, to - b);
        if (auto i = rfind_bytes(s, needle, how); i != npos)
            return LiteralMatch{b + i, b + i + len};
    }
    std::size_t seam_from;
    std::string w = seam_window(text, len, from, to, seam_from);
    for (std::size_t end = w.size(); end >= len;) {
        auto i = rfind_bytes(std::string_view(w).substr(0, end), needle, how);
        if (i == npos)
            break;
        if (seam_from + i < n1 && seam_from + i + len > n1)
            return LiteralMatch{seam_from + i, seam_from + i + len};
        end = i + len - 1;
    }
    if (from < n1) {
        std::string_view a = text.first.substr(from, std::min(to, n1) - from);
        if (auto i = rfind_bytes(a, needle, how); i != npos)
            return LiteralMatch{from + i, from + i + len};
    }
    return std::nullopt;
}

bool at_line_start(const SplitText& t, std::size_t p) { return p == 0 || t.byte(p - 1) == '\n'; }
bool at_line_end(const SplitText& t, std::size_t p) { return p == t.size() || t.byte(p) == '\n'; }

bool anchors_hold(const SplitText& t, const LiteralRegexp& re, std::size_t begin, std::size_t end)
{
    return (!re.line_start || at_line_start(t, begin)) && (!re.line_end || at_line_end(t, end));
}

AsciiCase ascii_case(const LiteralRegexp& re) { return re.fold ? AsciiCase::fold : AsciiCase::exact; }

// The first position in [pos, bound] where an empty regexp's anchors hold:
// line starts and line ends are found with memchr, not byte by byte.
std::optional<std::size_t> next_anchor(const SplitText& t, const LiteralRegexp& re, std::size_t pos,
                                       std::size_t bound)
{
    while (pos <= bound) {
        if (anchors_hold(t, re, pos, pos))
            return pos;
        // Not a line start (when one is needed): go to the next one. A line
        // start that is no line end: its line's end is the next candidate
        // for `$` alone; for "^$" the line start after it.
        auto nl = find_in(t, "\n", pos, std::min(t.size(), bound + 1), AsciiCase::exact);
        if (!nl)
            return re.line_end && !re.line_start && bound == t.size() ? std::optional(bound) : std::nullopt;
        pos = re.line_start ? nl->end : nl->begin;
    }
    return std::nullopt;
}

std::optional<std::size_t> previous_anchor(const SplitText& t, const LiteralRegexp& re, std::size_t pos,
                                           std::size_t bound)
{
    for (;;) {
        if (anchors_hold(t, re, pos, pos))
            return pos;
        if (pos <= bound)
            return std::nullopt;
        // The newline before pos is a line end; the position after it a line start.
        std::size_t lo = bound > 0 ? bound - 1 : 0;
        auto nl = rfind_in(t, "\n", lo, re.line_start ? pos - 1 : pos, AsciiCase::exact);
        if (!nl) {
            if (re.line_start && bound == 0)
                pos = 0;
            else
                return std::nullopt;
        } else {
            pos = re.line_start ? nl->end : nl->begin;
        }
        if (pos < bound)
            return std::nullopt;
    }
}

bool has_ascii_letter(std::string_view s)
{
    return std::any_of(s.begin(), s.end(), [](char c) { return (c | 0x20) >= 'a' && (c | 0x20) <= 'z'; });
}

bool has_non_ascii(std::string_view s)
{
    return std::any_of(s.begin(), s.end(), [](char c) { return static_cast<unsigned char>(c) >= 0x80; });
}

std::optional<LiteralMatch> to_literal(const std::optional<Match>& m)
{
    if (!m)
        return std::nullopt;
    return LiteralMatch{m->begin(), m->end()};
}

} // namespace

std::optional<LiteralRegexp> literal_regexp(std::string_view source, bool case_fold)
{
    static constexpr std::string_view operators = ".*+?[^$\\";
    static constexpr std::string_view quotable = ".*+?[]^$\\";
    LiteralRegexp re;
    std::size_t i = 0;
    if (!source.empty() && source[0] == '^') {
        re.line_start = true;
        ++i;
    }
    for (; i < source.size(); ++i) {
        char c = source[i];
        if (c == '\\') {
            if (i + 1 == source.size() || quotable.find(source[i + 1]) == npos)
                return std::nullopt;
            re.bytes += source[++i];
        } else if (c == '$' && i + 1 == source.size()) {
            re.line_end = true;
        } else if (operators.find(c) != npos) {
            return std::nullopt;
        } else {
            re.bytes += c;
        }
    }
    if (case_fold && has_non_ascii(re.bytes))
        return std::nullopt;
    re.fold = case_fold && has_ascii_letter(re.bytes);
    return re;
}

std::optional<LiteralMatch> search_forward(const SplitText& text, const LiteralRegexp& re, std::size_t from,
                                           std::size_t bound)
{
    bound = std::min(bound, text.size());
    if (re.bytes.empty()) {
        auto p = from <= bound ? next_anchor(text, re, from, bound) : std::nullopt;
        return p ? std::optional(LiteralMatch{*p, *p}) : std::nullopt;
    }
    for (std::size_t pos = from; pos < bound;) {
        auto m = find_in(text, re.bytes, pos, bound, ascii_case(re));
        if (!m || anchors_hold(text, re, m->begin, m->end))
            return m;
        if (re.line_start && !at_line_start(text, m->begin)) {
            auto nl = find_in(text, "\n", m->begin, bound, AsciiCase::exact);
            if (!nl)
                return std::nullopt;
            pos = nl->end;
        } else {
            pos = m->begin + 1;
        }
    }
    return std::nullopt;
}

std::optional<LiteralMatch> search_backward(const SplitText& text, const LiteralRegexp& re, std::size_t from,
                                            std::size_t bound)
{
    from = std::min(from, text.size());
    if (bound > from)
        return std::nullopt;
    if (re.bytes.empty()) {
        auto p = previous_anchor(text, re, from, bound);
        return p ? std::optional(LiteralMatch{*p, *p}) : std::nullopt;
    }
    for (std::size_t to = from;;) {
        auto m = rfind_in(text, re.bytes, bound, to, ascii_case(re));
        if (!m || anchors_hold(text, re, m->begin, m->end))
            return m;
        to = m->end - 1; // matches starting before this one
    }
}

std::optional<LiteralMatch> looking_at(const SplitText& text, const LiteralRegexp& re, std::size_t pos)
{
    std::size_t end = pos + re.bytes.size();
    if (end > text.size() || !anchors_hold(text, re, pos, end))
        return std::nullopt;
    if (re.bytes.empty())
        return LiteralMatch{pos, pos};
    return find_in(text, re.bytes, pos, end, ascii_case(re));
}

std::optional<LiteralMatch> search_literal_forward(const SplitText& text, std::string_view needle,
                                                   std::size_t from, std::size_t bound, bool case_fold)
{
    bound = std::min(bound, text.size());
    if (from > bound)
        return std::nullopt;
    if (case_fold && has_non_ascii(needle))
        return to_literal(compile_regex(regexp_quote(needle), true)->search_forward(text, from, bound));
    if (needle.empty())
        return LiteralMatch{from, from};
    return find_in(text, needle, from, bound, case_fold ? AsciiCase::fold : AsciiCase::exact);
}

std::optional<LiteralMatch> search_literal_backward(const SplitText& text, std::string_view needle,
                                                    std::size_t from, std::size_t bound, bool case_fold)
{
    from = std::min(from, text.size());
    if (bound > from)
        return std::nullopt;
    if (case_fold && has_non_ascii(needle))
        return to_literal(compile_regex(regexp_quote(needle), true)->search_backward(text, from, bound));
    if (needle.empty())
        return LiteralMatch{from, from};
    return rfind_in(text, needle, bound, from, case_fold ? AsciiCase::fold : AsciiCase::exact);
}

} // namespace gapmacs
