// Searching for literal text, and for the regexps that are literal text
// (`needle`, `^needle`, `needle$`, "^$", regexp-quote's output): bytes are
// compared directly, with Emacs's folding of ASCII letters (byte_search.hpp),
// instead of running ICU's matcher over decoded text. A needle that folds
// beyond ASCII goes through a quoted regexp.
#pragma once
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "core/split_text.hpp"

namespace gapmacs {

// The byte offsets [begin, end) of a match.
struct LiteralMatch {
    std::size_t begin;
    std::size_t end;
};

// search-forward: the first occurrence starting at or after `from` and
// ending by `bound`.
std::optional<LiteralMatch> search_literal_forward(const SplitText& text, std::string_view needle,
                                                   std::size_t from, std::size_t bound, bool case_fold);
// search-backward: the last occurrence starting at or after `bound` and
// ending by `from`.
std::optional<LiteralMatch> search_literal_backward(const SplitText& text, std::string_view needle,
                                                    std::size_t from, std::size_t bound, bool case_fold);

// An Emacs regexp that is literal text, perhaps anchored at a line's start
// (leading `^`) and end (trailing `$`). `^` matches at the start of the text
// or after a newline, `$` at its end or before one, as in Emacs.
struct LiteralRegexp {
    std::string bytes; // internal text
    bool fold = false; // ASCII letters match either case
    bool line_start = false;
    bool line_end = false;
};

// The plan for `source`, or nullopt when it uses any other operator (or is
// malformed: the regexp compiler reports that) or when case folding would
// have to fold a non-ASCII character.
std::optional<LiteralRegexp> literal_regexp(std::string_view source, bool case_fold);

// re-search-forward: the first match starting in [from, bound] and ending by bound.
std::optional<LiteralMatch> search_forward(const SplitText& text, const LiteralRegexp& re, std::size_t from,
                                           std::size_t bound);
// re-search-backward: the match starting nearest before `from`, in [bound, from], ending by `from`.
std::optional<LiteralMatch> search_backward(const SplitText& text, const LiteralRegexp& re, std::size_t from,
                                            std::size_t bound);
// looking-at: a match starting at `pos`.
std::optional<LiteralMatch> looking_at(const SplitText& text, const LiteralRegexp& re, std::size_t pos);

} // namespace gapmacs
