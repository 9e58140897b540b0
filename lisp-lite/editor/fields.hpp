// Fields (fields.cpp): stretches of text with the same `field' property.
#pragma once
#include "core/position.hpp"
#include "lisp-lite/lang/lisp.hpp"

namespace gapmacs::lisp {


// constrain-to-field in the current buffer: the position nearest new_pos in
// old_pos's field (see fields.cpp); unchanged when no field is near or
// inhibit-field-text-motion is non-nil.
CharPos constrain_to_field(CharPos new_pos, CharPos old_pos, bool escape_from_edge, bool only_in_line,
                           Value inhibit_capture_property = Qnil);

// Emacs's minibuffer-prompt-end in the current buffer: the end of the field
// its text starts with when that has a `field' property (the prompt, as
// Emacs and packages like ivy put it in the minibuffer), else point-min.
CharPos minibuffer_prompt_end();

} // namespace gapmacs::lisp
