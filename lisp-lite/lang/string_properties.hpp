// Text properties travel with strings: String::props (core's
// TextProperties, plists as Value bits, 0-based). What the string builtins
// need to carry them along; the property builtins themselves are the
// editor's (editor/text_properties.hpp).
#pragma once
#include <cstdint>

#include "lisp-lite/lang/lisp.hpp"

namespace gapmacs::lisp {

// The properties of characters [from, to) of string src, given to the
// characters from `at` of string dst (concat, substring, format).
void copy_string_properties(Value src, std::int64_t from, std::int64_t to, Value dst, std::int64_t at);
// The properties of character `from` of src, given to `n` characters of dst from `at`.
void copy_string_properties(Value src, std::int64_t from, Value dst, std::int64_t at, std::int64_t n);

} // namespace gapmacs::lisp
