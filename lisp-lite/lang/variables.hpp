// Variables: reading, setting and the default value of a symbol, with
// Emacs's buffer-local bindings (the "swap-in" design) and variable aliases.
//
// A symbol's value cell always holds the binding seen now, so reading a
// variable never looks anything up. The language owns that symbol side: a
// symbol flagged localized (Symbol::localized_flag) may have local
// bindings; while one is loaded (Symbol::loaded()) the value cell is that
// binding and the default waits in Symbol::default_value. A forwarded
// variable's value is a field of whatever holds the bindings (a buffer's
// read-only flag): its value cell stays Qunbound.
//
// Where local bindings live (buffers) is the editor's business, above the
// language: the language asks the LocalBindings the editor's buffer module
// installs, and only for localized or forwarded symbols, so a plain
// variable costs what it always did.
//
// Anything that reads or writes a variable generically must use these
// functions (or symbol_value / set_symbol_value), not Symbol::value.
#pragma once
#include <cstdint>

#include "lisp-lite/lang/lisp.hpp"

namespace gapmacs::lisp {

// What the language asks of the owner of local bindings (Emacs's BLV
// "where"). The default has no places: no symbol is ever local anywhere.
class LocalBindings {
public:
    virtual ~LocalBindings() = default;
    // Where the loaded bindings belong (the current buffer).
    virtual Value current_place() = 0;
    // Does PLACE, still alive, have its own binding of sym (a let restores
    // only that binding, and only then)?
    virtual bool has_local(Value sym, Value place) = 0;
    // Sets the binding of sym seen in PLACE.
    virtual void set_local(Value sym, Value place, Value value) = 0;
    // Gives the current place its own binding of sym: a variable made
    // local by being set (make-variable-buffer-local) is being set.
    virtual void make_local(Value sym) = 0;
    // A forwarded variable's value in the current place, and setting it.
    virtual Value forwarded_value(Symbol* s) = 0;
    virtual void set_forwarded_value(Symbol* s, Value value) = 0;
};
// The editor's buffer-locals module installs the buffers' bindings
// (editor/buffer_locals.cpp, in the list of editor/modules.cpp).
void install_local_bindings(LocalBindings& bindings);
LocalBindings& local_bindings();

// Variable aliases (defvaralias) ride on forwarding: the alias's value cell
// stays Qunbound, so every read already takes the slow path, and each entry
// point hands the work to the variable it names. The aliased symbol is kept
// in default_value (marked by the collector); m_aux holds this sentinel.
constexpr std::uint32_t alias_aux = 0xFFFFFFFFu;
inline bool forwarded(Symbol* s) { return s->m_flags & Symbol::forwarded_flag; }
inline bool variable_alias_p(Symbol* s) { return forwarded(s) && s->m_aux == alias_aux; }
// The variable an alias chain ends at (the symbol itself if not an alias).
Value indirect_variable(Value sym);
// The variable SYM names (through aliases) when it may have buffer-local
// bindings; a constant or a keyword signals setting-constant, as Emacs's
// make-local-variable and make-variable-buffer-local do.
Value localizable_variable(Value sym);

// Variable watchers: a watched variable's every write (set, let, unlet,
// makunbound, defvaralias) first calls its `watchers' property's functions
// with (SYMBOL NEWVAL OPERATION WHERE), as Emacs's notify_variable_watchers.
inline bool trapped_write(Symbol* s) { return s->m_small & Symbol::trapped_write_flag; }
void notify_variable_watchers(Value sym, Value newval, Value operation, Value where);
// WHERE for a write of sym: the current place when the binding written is
// its own there (or becomes so), else nil.
Value write_place(Value sym, bool bind);

// The binding seen now; Qunbound when void.
Value find_symbol_value(Value sym);
// The binding of SYM seen now, nil when void.
inline Value value_or_nil(Value sym)
{
    const Value v = find_symbol_value(sym);
    return v == Qunbound ? Qnil : v;
}
// setq / set: sets the current binding. An automatically-local variable
// becomes local in the current place unless `bind` (a let is binding it)
// or a let of its default value is active there, as in Emacs.
// Signals setting-constant.
void set_internal(Value sym, Value value, bool bind = false);
// The default (global) value; Qunbound when void.
Value default_value(Value sym);
// NOTIFY false: a let's own write, whose watchers it called (specbind, unbind).
void set_default(Value sym, Value value, bool notify = true);
// Does the current place have its own binding of sym?
bool local_in_current_buffer(Value sym);

// boundp, makunbound, default-value, set-default, default-boundp,
// default-toplevel-value, set-default-toplevel-value, defvaralias,
// indirect-variable, make-variable-buffer-local (which only marks the
// symbol; the prelude uses it).
void register_variable_builtins();

} // namespace gapmacs::lisp
