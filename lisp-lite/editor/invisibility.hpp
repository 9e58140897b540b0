// Invisible text: Emacs's `invisible' property (of the text or of an
// overlay) read through buffer-invisibility-spec. Redisplay leaves it out
// and the command loop moves point out of it.
#pragma once
#include "buffer/buffer.hpp"
#include "lisp-lite/lang/lisp.hpp"

namespace gapmacs::lisp {

enum class Invisibility { visible, hidden, ellipsis };

// buffer-invisibility-spec in buffer (t, as in Emacs, before Lisp defines it).
Value spec_of(Value buffer);

// Emacs's TEXT_PROP_MEANS_INVISIBLE: how text whose `invisible' property is
// `prop` shows under `spec`: t hides any non-nil value; a list hides a value
// that is one of its atoms, or a list holding one, with an ellipsis for an
// entry (ATOM . non-nil).
Invisibility invisibility_of(Value prop, Value spec);

// Buffer's text from pos on shows as `kind` up to `end`, where it may change
// (at most the limit asked for).
struct InvisibleStretch {
    Invisibility kind;
    CharPos end;
};
InvisibleStretch invisible_stretch(Value buffer, CharPos pos, CharPos limit);
// Where the stretch of text that shows as the character before pos does
// begins (at least floor).
CharPos invisible_stretch_start(Value buffer, CharPos pos, CharPos floor);

// Emacs's adjust_point_for_property for invisible text, after a command
// that moved point from last_pt to pt in buffer: point left inside
// invisible text goes to the edge the motion points to (the start when it
// moved back), so it is where the cursor shows. Returns the new point.
// `modified`: the command changed the buffer (then text hidden without an
// ellipsis is not passed over as if it were not there).
CharPos point_out_of_invisible_text(Value buffer, CharPos pt, CharPos last_pt, bool modified);

} // namespace gapmacs::lisp
