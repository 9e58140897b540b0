// Unicode character properties from ICU under Emacs's names and values
// (unicode_properties.cpp); the character names live in char_names.cpp.
#pragma once
#include <string>

#include "lisp-lite/lang/lisp.hpp"

namespace gapmacs::lisp {

// The Unicode name of c, or "" when it has none (char_names.cpp).
std::string unicode_char_name(char32_t c);

} // namespace gapmacs::lisp
