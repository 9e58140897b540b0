// Buffer-local variables, Emacs's "swap-in" design: the buffers' side.
//
// The language owns the symbol side (lang/variables.hpp: the value cell
// always holds the binding seen in the current buffer, so reading a
// variable never looks anything up). Each Lisp buffer keeps an alist of
// its local bindings ((SYMBOL . VALUE) ...); the alist cell's cdr is only
// meaningful while the buffer is not current. set_current_buffer swaps the
// old buffer's bindings out and the new one's in (cost: the two buffers'
// local counts). This module installs the language's LocalBindings.
//
// A few per-buffer variables are "forwarded" to a field of the C++ Buffer
// (buffer-read-only, buffer-file-name, buffer-file-coding-system): their
// value cell stays Qunbound and find_symbol_value asks the buffer, so the
// C++ side and Lisp never disagree.
#pragma once
#include "buffer/buffer.hpp"
#include "lisp-lite/lang/lisp.hpp"
#include "lisp-lite/lang/variables.hpp" // find_symbol_value, set_internal, default_value...

namespace gapmacs::lisp {

// Does BUFFER (live) have its own binding of sym?
bool local_variable_p(Value sym, Value buffer);
// The value of sym in BUFFER (its local binding, else the default);
// Qunbound when void. BUFFER must be live.
Value buffer_local_value(Value sym, Value buffer);
// Sets the binding of sym seen in BUFFER (for let unwinding).
void set_buffer_local_value(Value sym, Value buffer, Value value);

// Built-in per-buffer variables. An always-local one has a binding in
// every buffer (default-directory, major-mode); otherwise it becomes local
// when set (tab-width, fill-column).
Value defvar_per_buffer(const char* name, Value default_value, bool always_local);

// Called by the buffer layer (buffers.cpp).
void swap_out_locals(Value buffer);
void swap_in_locals(Value buffer);
// A new buffer's always-local bindings; `creator` is the buffer current
// when it was made (default-directory is inherited from it).
void init_buffer_locals(Value buffer, Value creator);
// A dying buffer (not current) drops its bindings.
void drop_buffer_locals(Value buffer);

// Installs the LocalBindings of buffers and the builtins.
void register_buffer_local_builtins();
// The built-in per-buffer variables; needs the buffer list (init_buffers).
void define_per_buffer_variables();

} // namespace gapmacs::lisp
