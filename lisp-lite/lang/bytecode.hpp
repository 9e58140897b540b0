// Byte-code function objects and the interpreter of Emacs's byte-code
// (Emacs 28's bytecode.c). gapmacs compiles nothing to byte-code, but
// Emacs's library builds it: `#[...]' literals in its sources (Gnus),
// nadvice.el's advice objects (`make-byte-code'), `make-closure'. They run
// here unchanged.
//
// A byte-code function is a Vector with the compiled flag:
// [ARGS CODE CONSTANTS DEPTH DOCSTRING INTERACTIVE-SPEC ...]. ARGS is an
// integer (lexical: the arguments go on the stack) or a lambda list
// (dynamic: they are bound as variables).
#pragma once
#include <cstddef>
#include <memory>
#include <vector>

#include "lisp-lite/lang/lisp.hpp"

namespace gapmacs::lisp {

// Calls a byte-code function with evaluated args.
Value funcall_compiled(Value fn, const Value* args, std::size_t n);
// (func-arity FN) of a byte-code function with an integer ARGS.
Value compiled_arity(Value fn);
// The object `#[ITEMS...]' reads as, or an empty Value when the items are
// not a valid byte-code object (the reader's error).
Value make_compiled_from_items(std::vector<Value> items);

// What the byte-code's save-excursion, save-restriction and
// save-current-buffer keep: editor state, restored when the object is
// destroyed (a Lisp non-local exit included). The editor installs the
// makers once (builtins_save_forms.cpp); without them those opcodes signal.
class SavedEditorState {
public:
    virtual ~SavedEditorState() = default;
};
struct ByteCodeHost {
    std::unique_ptr<SavedEditorState> (*save_excursion)() = nullptr;
    std::unique_ptr<SavedEditorState> (*save_restriction)() = nullptr;
    std::unique_ptr<SavedEditorState> (*save_current_buffer)() = nullptr;
};
void install_byte_code_host(const ByteCodeHost& host);

} // namespace gapmacs::lisp
