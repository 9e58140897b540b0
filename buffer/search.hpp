// Searching buffers: re-search-forward/backward, looking-at, and literal
// search-forward/backward, in character positions.
//
// The accessible region (narrowing honoured) is searched in place as the two
// pieces around the gap (SplitText): nothing is copied and the gap does not
// move, so a search costs the same however often it runs. `^`, `\``, `\b`...
// see point-min/point-max as the text's ends, as in Emacs. The regexp
// machinery and its differences from Emacs are in core/regex.hpp.
#pragma once
#include <optional>
#include <string_view>
#include <utility>
#include <vector>

#include "buffer/buffer.hpp"
#include "core/position.hpp"
#include "core/regex.hpp"

namespace gapmacs {

// Match data in buffer positions, as (match-data) shows after a buffer search.
struct BufferMatch {
    // groups[0] is the whole match; a group that did not participate is empty.
    std::vector<std::optional<std::pair<CharPos, CharPos>>> groups;

    CharPos begin() const { return groups[0]->first; }
    CharPos end() const { return groups[0]->second; }
};

// The first match that starts at or after `from` and ends by `bound`
// (re-search-forward with point at `from`). `bound` beyond point-max is
// point-max; before `from` is Error("error", "Invalid search bound (wrong
// side of point)"). `from` must be accessible (args-out-of-range).
std::optional<BufferMatch> re_search_forward(const Buffer& buffer, const Regex& re, CharPos from, CharPos bound);
// The match that starts nearest before `from`, at or after `bound`, and ends
// by `from` (re-search-backward).
std::optional<BufferMatch> re_search_backward(const Buffer& buffer, const Regex& re, CharPos from, CharPos bound);
// A match starting exactly at `pos` (looking-at).
std::optional<BufferMatch> looking_at(const Buffer& buffer, const Regex& re, CharPos pos);

// search-forward / search-backward for internal text `needle`; with
// case_fold, letters match either case (see core/regex.hpp for how).
std::optional<BufferMatch> search_forward(const Buffer& buffer, std::string_view needle, CharPos from,
                                          CharPos bound, bool case_fold);
std::optional<BufferMatch> search_backward(const Buffer& buffer, std::string_view needle, CharPos from,
                                           CharPos bound, bool case_fold);

} // namespace gapmacs
