// Keyboard macros, as Emacs's macros.c: the keys typed while
// `defining-kbd-macro' is set are recorded, and `execute-kbd-macro' feeds a
// key vector back through the command loop. State lives in Emacs's Lisp
// variables (`defining-kbd-macro', `last-kbd-macro', `executing-kbd-macro',
// `executing-kbd-macro-index'), so the collector sees every recorded event.
#pragma once

#include "lisp-lite/lang/value.hpp"

namespace gapmacs::ui {

// The next event of the macro being executed, or an empty Value when none
// is executing or it has run out (then the keyboard is read, as in Emacs
// when a macro ends inside a command that wants more input).
lisp::Value next_macro_event();
// A macro is executing and all its events were read. Emacs's command loop
// then returns: a recursive edit (the minibuffer) the macro entered ends as
// if exited, with what the macro typed.
bool macro_ran_out();

// Called for each event that came from the keyboard.
void record_macro_event(lisp::Value event);

// An error or C-g while defining ends the definition, keeping nothing.
void cancel_macro_definition();

void register_keyboard_macro_builtins();

} // namespace gapmacs::ui
