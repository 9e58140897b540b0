// What a buffer's display properties make of its text besides its faces:
// invisible text, the before-strings and after-strings of overlays, and a
// `display' property whose value is a string, shown in place of the text it
// covers (of the text, or of an overlay, which wins). Redisplay asks this
// at each row; no Lisp runs.
#pragma once
#include <optional>

#include "buffer/buffer.hpp"
#include "lisp-lite/editor/invisibility.hpp"
#include "lisp-lite/lang/heap.hpp"
#include "lisp-lite/lang/lisp.hpp"

namespace gapmacs::lisp {

struct DisplayStretch {
    Invisibility kind = Invisibility::visible; // of the text from pos
    CharPos end;                               // where any of this may change (at most the limit)
    std::optional<CharPos> replaced_end;       // a display string stands for [pos, *replaced_end)
};

// The text from pos as it shows, and in `strings` the strings shown at pos
// in Emacs's order: the after-strings of the overlays ending there (lowest
// priority first), the before-strings of those starting there (highest
// first), then a display string. The overlays are looked at in windows
// growing from pos: a far limit costs the overlays up to the first change.
DisplayStretch display_stretch(Value buffer, CharPos pos, CharPos limit, RootedVector& strings);

} // namespace gapmacs::lisp
