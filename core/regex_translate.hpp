// Emacs regexps translated into ICU's syntax (Emacs's regex_compile,
// emitting ICU), and what the matcher shares with the translator. Private
// to core/regex*.
#pragma once
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "core/regex.hpp"

namespace gapmacs::regex_translation {

// How a translation runs. ICU's \A and \z (and ^ $) stop either at the
// ends of the text or at the ends of the search region ("anchoring
// bounds"). `plain` runs with the text's ends: ^ $ \` \' are ICU's own.
// The other modes run with anchoring bounds, write ^ $ \` \' as lookarounds
// (which see the whole text), and keep \A and \z for the region's ends:
// the match limit, which Emacs's \< and \_< need (the character after them
// must lie inside it: re-search-backward from a word start finds the
// previous one), and point for \=, at the region's start (forward search,
// looking-at) or end (backward search). In the first two modes \= never
// matches.
enum class Mode { plain, anchored, point_start, point_end };

struct Translation {
    std::string icu;
    std::vector<int> group_of; // ICU group i+1 -> Emacs group
    std::size_t group_count = 0;
    bool uses_point = false;
    bool uses_limit = false; // \< or \_<: run anchored
};

// Decodes one character of internal text: raw bytes (and, defensively, the
// bytes of malformed sequences) give Emacs's raw-byte character codes.
char32_t decode_char(const unsigned char* b, std::size_t avail, int& len);

// An Emacs character code (raw bytes are 0x3FFF80..0x3FFFFF) as the code
// point the UText shows ICU.
char32_t icu_code_point(char32_t c);

Translation translate(std::string_view source, Mode mode, bool case_fold, const AsciiSyntax* ascii);
// The translation for searches that do not involve point: plain unless the
// regexp needs the match limit, which MODE then says.
Translation translate_for_search(std::string_view source, bool case_fold, const AsciiSyntax* ascii, Mode& mode);

} // namespace gapmacs::regex_translation
