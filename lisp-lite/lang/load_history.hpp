// load-history as Emacs keeps it (lread.c's build_load_history): while a
// file loads, what it defines is gathered in `current-load-list' (Emacs's
// LOADHIST_ATTACH), and when the load ends the file's entry (FILE . DEFS)
// replaces any older one at the front of `load-history'. symbol-file,
// find-function, M-. in Emacs Lisp and unload-feature read it.
#pragma once

#include "lisp-lite/lang/lisp.hpp"

namespace gapmacs::lisp {

// `current-load-list', which a load binds to nil for its extent.
Value current_load_list_symbol();
// Records ENTRY (a variable's symbol, (defun . F), (provide . FEATURE)...)
// as defined by the file being loaded; nothing outside a load.
void loadhist_attach(Value entry);
// (require . FEATURE), once a file.
void loadhist_attach_require(Value feature);
// The load of FILE ended: (FILE . what current-load-list gathered, in
// order) goes at the front of load-history, in place of FILE's old entry.
// Call while the load's binding of current-load-list still holds.
void record_load_history(Value file);

void register_load_history_builtins();

} // namespace gapmacs::lisp
