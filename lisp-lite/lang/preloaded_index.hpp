// What Emacs has preloaded, on first use. Emacs dumps its preloaded files,
// so their functions and variables exist in batch as in the editor;
// gapmacs reads nothing at start-up (B7) and instead keeps an index of
// what those files define at top level (preloaded_index.inc, written by
// gen-preloaded-index.el): gapmacs's own lisp/ files the editor loads, and
// the files of GNU Emacs's library that gapmacs does not bundle. A function
// named there is an autoload from the moment its symbol exists; a variable
// named there loads its file the first time it is found void.
#pragma once
#include <string_view>

#include "lisp-lite/lang/lisp.hpp"

namespace gapmacs::lisp {

// Turns the index on once start-up's own loading is done (the editor's
// loadup.el runs in its own order without it). Entries from Emacs's
// library count only when that library was found.
void enable_preloaded_index();

// Makes the symbol of every indexed function, so that completing over
// the obarray (M-x, C-h f) offers them all as Emacs does: the editor's
// start-up, not batch's. After enable_preloaded_index.
void intern_preloaded_functions();

// Called by intern for each new symbol: an indexed function becomes its
// autoload.
void preloaded_index_interned(Value sym, std::string_view name);

// FILE is about to be loaded: the functions the index gives it that are
// still its autoloads stop being so first, so the file finds them void, as
// Emacs's preloading does (fringe.el's `(unless (fboundp
// 'define-fringe-bitmap) (defun define-fringe-bitmap ...))' defines it
// then, and files.el's stand-ins when loadup loads it).
void preloaded_file_loading(std::string_view file);

// `sym` is void: when the index names the file defining it and that file
// was not loaded for it yet, loads it and says true (read the value again).
bool load_preloaded_variable(Value sym);

// An autoload of FILE is due for name: when FILE is an Emacs file whose
// definitions are read one at a time (gapmacs has its own file of that
// name), evaluates name's definition alone and says true.
bool load_preloaded_definition(std::string_view file, Value name);

// sym is not a face yet: the same for the file whose defface names it
// (lisp/face-core.el asks, through internal--load-preloaded-face).
bool load_preloaded_face(Value sym);

} // namespace gapmacs::lisp
