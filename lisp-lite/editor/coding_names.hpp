// The converter (core/coding.hpp) a coding-system symbol names.
//
// The converters know UTF-8, Latin-1, binary and ICU's charsets by name;
// Emacs's library names more coding systems (japanese-iso-8bit,
// utf-8-emacs, prefer-utf-8...), kept by codings.el's registry.  A name
// the converters do not know is asked of that registry, which answers with
// a name they do (by the coding's aliases and MIME charset), so every
// function that takes a coding system accepts the same names.
#pragma once
#include "core/coding.hpp"
#include "lisp-lite/lang/lisp.hpp"

namespace gapmacs::lisp {

// Signals (coding-system-error SYMBOL) when neither knows SYMBOL.
CodingSystem coding_system_of(Value symbol);

} // namespace gapmacs::lisp
