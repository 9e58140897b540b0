#include "ui/modules.hpp"

#include "ui/editor.hpp"
#include "ui/keyboard_macro.hpp"
#include "ui/window_configuration.hpp"

namespace gapmacs::ui {

namespace {

const lisp::Module modules[] = {
    {"terminal", register_ui_builtins},
    {"window-configurations", register_window_configuration_builtins},
    {"keyboard-macros", register_keyboard_macro_builtins},
};

} // namespace

std::span<const lisp::Module> terminal_modules() { return modules; }

} // namespace gapmacs::ui
