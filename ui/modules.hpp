// The terminal's modules: its windows, minibuffer, keyboard macros and
// window configurations as Lisp builtins. Installed after init_ui() by
// the terminal editor only (main.cpp): each replaces by name the batch
// mode's subr of the same name (lisp-lite/editor/batch_window.cpp), which
// batch mode keeps.
#pragma once
#include <span>

#include "lisp-lite/lang/modules.hpp"

namespace gapmacs::ui {

std::span<const lisp::Module> terminal_modules();

} // namespace gapmacs::ui
