// The windows of batch mode (batch_window.cpp): what selected-window,
// window-buffer, window-width... answer before the editor's UI replaces
// them with its own windows.
#pragma once
#include <span>

#include "lisp-lite/lang/builtins.hpp"

namespace gapmacs::lisp {

// Every subr of batch's windows: the UI must register each of these names.
std::span<const SubrDef> batch_window_subrs();

} // namespace gapmacs::lisp
