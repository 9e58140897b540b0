// Input with no terminal to read, as Emacs's batch mode reads it: from
// standard input. The editor with no screen (batch mode) reads the same way
// when no keyboard macro runs.
#pragma once
#include "lisp-lite/lang/lisp.hpp"

namespace gapmacs::lisp {

// Emacs's read_minibuf_noninteractive: PROMPT to standard output, then a
// line of standard input; READ parses it (an empty line reads DFLT).
Value read_minibuffer_noninteractive(Value prompt, bool read, Value dflt);

// The next event: the head of unread-command-events, else a byte of
// standard input; empty at the end of input.
Value next_noninteractive_event();

// Emacs 28's barf_if_interaction_inhibited: every way of asking the user
// (the minibuffer, read-event, read-char...) signals inhibited-interaction
// while inhibit-interaction is non-nil, even with input waiting.
void barf_if_interaction_inhibited();

} // namespace gapmacs::lisp
