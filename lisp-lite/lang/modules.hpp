// The Lisp world is built by modules installed in one order: the
// language's (language_modules(), here), then the editor's
// (editor/modules.cpp, whose init() installs both). A module interns its
// symbols, registers its subrs and variables, and installs what it
// provides to the others (the editor's LocalBindings); it may use what the
// modules before it installed, and nothing else runs in between.
#pragma once
#include <span>

namespace gapmacs::lisp {

struct Module {
    const char* name; // for readers and debuggers
    void (*install)();
};

// The language's modules, in order: the heap and the obarray first, the
// prelude (the macros Emacs writes in Lisp, which use the builtins) last.
std::span<const Module> language_modules();
void install_modules(std::span<const Module> modules);

} // namespace gapmacs::lisp
