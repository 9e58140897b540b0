// Fontification driven by redisplay, as Emacs's xdisp.c does it: before a
// window's text is drawn, `fontification-functions' (jit-lock-function
// where font-lock is on) are called at each stretch of it that has no
// `fontified' property, so the cost is the text shown, never the buffer.
#pragma once
#include "core/position.hpp"
#include "lisp-lite/lisp_lite.hpp"

namespace gapmacs::ui {

// Calls BUFFER's fontification functions on [from, to) where needed. An
// error is logged in *Messages* ("Error during redisplay"), as Emacs's.
// False when input interrupted them (lisp::request_input_interrupt):
// jit-lock leaves what it did not finish unfontified, for the next
// redisplay.
bool fontify_for_display(lisp::Value buffer, CharPos from, CharPos to);

} // namespace gapmacs::ui
