// Where a regexp engine plugs into the string builtins (split-string,
// string-trim). The regexp module installs a search function; without one,
// separators may only be literals or a single [...] class.
#pragma once
#include <cstdint>

#include "lisp-lite/lisp.hpp"

namespace gapmacs::lisp {

// Searches REGEXP in STRING from character index `start`; on a match sets
// [beg, end) (character indexes) and returns true. May signal
// invalid-regexp.
using RegexSearchHook = bool (*)(Value regexp, Value string, std::int64_t start, std::int64_t& beg,
                                 std::int64_t& end);
void set_regex_search_hook(RegexSearchHook hook);

[[noreturn]] void wrong_length_argument(Value v);

} // namespace gapmacs::lisp
