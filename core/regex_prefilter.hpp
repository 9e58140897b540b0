// Which lines a regexp search can skip without running the matcher.
//
// When no match of a regexp can hold a newline and every match holds some
// literal text (`^[0-9a-f]+ lorem ipsum needle`, `error: .*`,
// `\_<defun\_>`), a forward search only needs the matcher on the lines that
// hold that text, and those are found at memchr speed (byte_search.hpp).
// The scan of the regexp is conservative: whatever it does not understand,
// or any construct that might match a newline, gives no prefilter.
#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/byte_search.hpp"

namespace gapmacs {

struct LinePrefilter {
    std::string bytes; // internal text every match holds (3 bytes or more)
    AsciiCase how = AsciiCase::exact;
    // The other texts every match holds, each 1 byte or more: a line
    // holding `bytes` but not one of them is skipped too.
    std::vector<std::string> also;
    // When the regexp ends in literal text and `$`: the text a matching
    // line ends with.
    std::string line_end;
};

// The prefilter for Emacs regexp `source`, or nullopt. With `case_fold`
// the required text is ASCII, so Emacs's folding is ASCII's.
std::optional<LinePrefilter> line_prefilter(std::string_view source, bool case_fold);

} // namespace gapmacs
