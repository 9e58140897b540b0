// Buffer-local variables, Emacs's "swap-in" design.
//
// A symbol's value cell always holds the binding seen in the current
// buffer, so reading a variable never looks anything up. Each Lisp buffer
// keeps an alist of its local bindings ((SYMBOL . VALUE) ...). For a
// symbol with a local binding in the current buffer (Symbol::loaded()), the
// value cell is that binding and the default value waits in
// Symbol::default_value; the alist cell's cdr is only meaningful while the
// buffer is not current. set_current_buffer swaps the old buffer's bindings
// out and the new one's in (cost: the two buffers' local counts).
//
// A few per-buffer variables are "forwarded" to a field of the C++ Buffer
// (buffer-read-only, buffer-file-name, buffer-file-coding-system): their
// value cell stays Qunbound and find_symbol_value asks the buffer, so the
// C++ side and Lisp never disagree.
//
// Anything that reads or writes a variable generically must use these
// functions (or symbol_value / set_symbol_value), not Symbol::value.
#pragma once
#include "buffer/buffer.hpp"
#include "lisp-lite/lisp.hpp"

namespace gapmacs::lisp {

// The binding seen in the current buffer; Qunbound when void.
Value find_symbol_value(Value sym);
// setq / set: sets the current binding. An automatically-local variable
// becomes local in the current buffer unless `bind` (a let is binding it)
// or a let of its default value is active in this buffer, as in Emacs.
// Signals setting-constant.
void set_internal(Value sym, Value value, bool bind = false);
// The default (global) value; Qunbound when void.
Value default_value(Value sym);
void set_default(Value sym, Value value);
// Does the current buffer have its own binding of sym?
bool local_in_current_buffer(Value sym);
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

void register_buffer_local_builtins();
// The built-in per-buffer variables; needs the buffer list (init_buffers).
void define_per_buffer_variables();

} // namespace gapmacs::lisp
