// The strings redisplay shows in a buffer's text besides the text itself:
// the before-strings and after-strings of overlays, and a `display'
// property whose value is a string, shown in place of the text it covers
// (of the text, or of an overlay, which wins).
#pragma once
#include <optional>

#include "buffer/buffer.hpp"
#include "lisp-lite/lang/heap.hpp"
#include "lisp-lite/lang/lisp.hpp"

namespace gapmacs::lisp {

// The strings shown at pos, in Emacs's order: the after-strings of the
// overlays ending there (lowest priority first), the before-strings of
// those starting there (highest first), then a display string, which
// replaces the text up to *replaced_end.
void display_strings_at(Value buffer, CharPos pos, RootedVector& strings, std::optional<CharPos>& replaced_end);

// The first position after pos, before limit, where strings may show
// (limit when none does).
CharPos next_display_strings(Value buffer, CharPos pos, CharPos limit);

} // namespace gapmacs::lisp
