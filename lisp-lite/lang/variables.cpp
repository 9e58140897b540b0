// Variables (see variables.hpp for the design) and their builtins: boundp,
// makunbound, default-value, set-default, default-boundp,
// default-toplevel-value, set-default-toplevel-value, defvaralias,
// indirect-variable, make-variable-buffer-local. The builtins about local
// bindings themselves (make-local-variable, buffer-local-value...) are the
// editor's (editor/buffer_locals.cpp).
#include "lisp-lite/lang/variables.hpp"

#include "lisp-lite/lang/builtins.hpp"
#include "lisp-lite/lang/eval.hpp"
#include "lisp-lite/lang/preloaded_index.hpp"

namespace gapmacs::lisp {

namespace {

constexpr std::uint8_t F_FORWARDED = Symbol::forwarded_flag;
constexpr std::uint8_t F_LOCALIZED = Symbol::localized_flag;
constexpr std::uint8_t F_LOCAL_IF_SET = Symbol::local_if_set_flag;

// The language alone: no places, so nothing is ever local and nothing is
// forwarded (only the editor makes forwarded variables).
class NoPlaces final : public LocalBindings {
public:
    Value current_place() override { return Qnil; }
    bool has_local(Value, Value) override { return false; }
    void set_local(Value, Value, Value) override {}
    void make_local(Value) override {}
    Value forwarded_value(Symbol*) override { return Qunbound; }
    void set_forwarded_value(Symbol*, Value) override {}
};

NoPlaces g_no_places;
LocalBindings* g_bindings = &g_no_places;

Value check_void(Value sym, Value v)
{
    if (v == Qunbound)
        xsignal1(Qvoid_variable, sym);
    return v;
}

// ---- builtins ----

Value f_boundp(Args a)
{
    check_symbol(a[0]);
    if (find_symbol_value(a[0]) != Qunbound)
        return Qt;
    // What Emacs has preloaded is bound there: load it to say so. boundp
    // never signals: a file that fails to load leaves the variable void.
    try {
        return boolean(load_preloaded_variable(a[0]) && find_symbol_value(a[0]) != Qunbound);
    } catch (const LispSignal& e) {
        if (e.symbol() == Qquit)
            throw;
        return Qnil;
    }
}

Value f_makunbound(Args a)
{
    Symbol* s = check_symbol(a[0]);
    if (s->constant())
        xsignal1(Qsetting_constant, a[0]);
    set_internal(a[0], Qunbound);
    return a[0];
}

Value f_default_value(Args a)
{
    check_symbol(a[0]);
    Value v = default_value(a[0]);
    if (v == Qunbound && load_preloaded_variable(a[0]))
        v = default_value(a[0]);
    return check_void(a[0], v);
}

Value f_set_default(Args a)
{
    check_symbol(a[0]);
    set_default(a[0], a[1]);
    return a[1];
}

Value f_default_boundp(Args a)
{
    check_symbol(a[0]);
    return boolean(default_value(a[0]) != Qunbound);
}

Value f_default_toplevel_value(Args a)
{
    check_symbol(a[0]);
    Value v = default_toplevel_value(a[0]);
    return check_void(a[0], v);
}

Value f_set_default_toplevel_value(Args a)
{
    check_symbol(a[0]);
    set_default_toplevel_value(a[0], a[1]);
    return Qnil;
}

// Marks the symbol only: it becomes local wherever it is set
// (set_internal asks the LocalBindings for that binding). make-variable-
// buffer-local of an alias acts on the variable it names, as in Emacs.
Value f_make_variable_buffer_local(Args a)
{
    const Value var = localizable_variable(a[0]);
    xsymbol(var)->m_flags |= F_LOCALIZED | F_LOCAL_IF_SET | Symbol::special_flag;
    // Emacs gives a void variable the default value nil.
    if (default_value(var) == Qunbound)
        set_default(var, Qnil);
    return var;
}

// (defvaralias NEW-ALIAS BASE-VARIABLE &optional DOCSTRING)
Value f_defvaralias(Args a)
{
    Symbol* s = check_symbol(a[0]);
    check_symbol(a[1]);
    if (s->constant() || keywordp(a[0]))
        xsignal1(Qerror, list({make_string("Cannot make a constant an alias: %s"), a[0]}));
    if ((forwarded(s) && !variable_alias_p(s)) || s->localized())
        xsignal1(Qerror, list({make_string("Don't know how to make a buffer-local variable an alias: %s"), a[0]}));
    for (Value v = a[1];; v = xsymbol(v)->default_value) {
        if (v == a[0])
            xsignal1(Qcyclic_variable_indirection, a[1]);
        if (!variable_alias_p(xsymbol(v)))
            break;
    }
    if (trapped_write(s))
        notify_variable_watchers(a[0], a[1], Qdefvaralias, Qnil);
    // Emacs: a void BASE-VARIABLE takes the value NEW-ALIAS had.
    if (!variable_alias_p(s) && s->value != Qunbound && find_symbol_value(a[1]) == Qunbound)
        set_default(a[1], s->value);
    s->m_flags |= Symbol::special_flag | F_FORWARDED;
    xsymbol(a[1])->m_flags |= Symbol::special_flag;
    s->m_aux = alias_aux;
    s->value = Qunbound;
    s->default_value = a[1];
    if (!nilp(a[2]))
        symbol_put(a[0], Qvariable_documentation, a[2]);
    return a[1];
}

Value watchers_of(Value sym) { return symbol_get(sym, Qwatchers); }

void set_trapped(Value sym, bool on)
{
    Symbol* s = xsymbol(sym);
    s->m_small = on ? (s->m_small | Symbol::trapped_write_flag) : (s->m_small & ~Symbol::trapped_write_flag);
}

// (add-variable-watcher SYMBOL WATCH-FUNCTION): on the variable an alias names.
Value f_add_variable_watcher(Args a)
{
    check_symbol(a[0]);
    Value sym = indirect_variable(a[0]);
    set_trapped(sym, true);
    Value watchers = watchers_of(sym);
    if (nilp(call2(Qmember, a[1], watchers)))
        symbol_put(sym, Qwatchers, make_cons(a[1], watchers));
    return Qnil;
}

Value f_remove_variable_watcher(Args a)
{
    check_symbol(a[0]);
    Value sym = indirect_variable(a[0]);
    Value watchers = call2(Qdelete, a[1], call1(Qcopy_sequence, watchers_of(sym)));
    symbol_put(sym, Qwatchers, watchers);
    if (nilp(watchers))
        set_trapped(sym, false);
    return Qnil;
}

Value f_get_variable_watchers(Args a)
{
    check_symbol(a[0]);
    Value sym = indirect_variable(a[0]);
    return trapped_write(xsymbol(sym)) ? watchers_of(sym) : Qnil;
}

Value f_indirect_variable(Args a)
{
    return symbolp(a[0]) ? indirect_variable(a[0]) : a[0];
}

const SubrDef variable_subrs[] = {
    {"defvaralias", 2, 3, f_defvaralias},
    {"indirect-variable", 1, 1, f_indirect_variable},
    {"add-variable-watcher", 2, 2, f_add_variable_watcher},
    {"remove-variable-watcher", 2, 2, f_remove_variable_watcher},
    {"get-variable-watchers", 1, 1, f_get_variable_watchers},
    {"boundp", 1, 1, f_boundp},
    {"makunbound", 1, 1, f_makunbound},
    {"default-value", 1, 1, f_default_value},
    {"set-default", 2, 2, f_set_default},
    {"default-boundp", 1, 1, f_default_boundp},
    {"default-toplevel-value", 1, 1, f_default_toplevel_value},
    {"set-default-toplevel-value", 2, 2, f_set_default_toplevel_value},
    {"make-variable-buffer-local", 1, 1, f_make_variable_buffer_local},
};

} // namespace

Value localizable_variable(Value sym)
{
    check_symbol(sym);
    const Value var = indirect_variable(sym);
    if (xsymbol(var)->constant() || keywordp(var))
        xsignal1(Qsetting_constant, var);
    return var;
}

void install_local_bindings(LocalBindings& bindings) { g_bindings = &bindings; }
LocalBindings& local_bindings() { return *g_bindings; }

Value indirect_variable(Value sym)
{
    for (int n = 0; variable_alias_p(xsymbol(sym)); ++n) {
        if (n > 100)
            xsignal1(Qcyclic_variable_indirection, sym);
        sym = xsymbol(sym)->default_value;
    }
    return sym;
}

Value find_symbol_value(Value sym)
{
    Symbol* s = xsymbol(sym);
    if (variable_alias_p(s))
        return find_symbol_value(s->default_value);
    if (s->value != Qunbound || !forwarded(s))
        return s->value;
    return g_bindings->forwarded_value(s);
}

void set_internal(Value sym, Value value, bool bind)
{
    Symbol* s = xsymbol(sym);
    if (variable_alias_p(s))
        return set_internal(s->default_value, value, bind);
    if (s->constant()) {
        // As Emacs's set_internal: a keyword may be set to itself.
        if (keywordp(sym) && value == sym)
            return;
        xsignal1(Qsetting_constant, sym);
    }
    if (trapped_write(s) && !bind) // a let notifies for itself (specbind)
        notify_variable_watchers(sym, value == Qunbound ? Qnil : value,
                                 value == Qunbound ? Qmakunbound : Qset, write_place(sym, false));
    if (!(s->m_flags & (F_LOCALIZED | F_FORWARDED)) || s->loaded()) {
        s->value = value;
        return;
    }
    if (forwarded(s)) {
        if (value == Qunbound)
            value = Qnil;
        g_bindings->set_forwarded_value(s, value);
        return;
    }
    if (!bind && (s->m_flags & F_LOCAL_IF_SET) && !let_shadows_buffer_binding(sym, g_bindings->current_place()))
        g_bindings->make_local(sym);
    s->value = value;
}

Value default_value(Value sym)
{
    Symbol* s = xsymbol(sym);
    if (variable_alias_p(s))
        return default_value(s->default_value);
    return forwarded(s) || s->loaded() ? s->default_value : s->value;
}

void set_default(Value sym, Value value, bool notify)
{
    Symbol* s = xsymbol(sym);
    if (variable_alias_p(s))
        return set_default(s->default_value, value, notify);
    if (s->constant())
        xsignal1(Qsetting_constant, sym);
    if (notify && trapped_write(s))
        notify_variable_watchers(sym, value == Qunbound ? Qnil : value, Qset, Qnil);
    if (forwarded(s) || s->loaded())
        s->default_value = value;
    else
        s->value = value;
}

Value write_place(Value sym, bool bind)
{
    Symbol* s = xsymbol(sym);
    const bool own = local_in_current_buffer(sym) || (!bind && (s->m_flags & F_LOCAL_IF_SET));
    return own ? local_bindings().current_place() : Qnil;
}

// The watchers run with the variable untrapped, so one that sets it does not
// call itself again; restored however they exit.
void notify_variable_watchers(Value sym, Value newval, Value operation, Value where)
{
    Symbol* s = xsymbol(sym);
    struct Untrap {
        Symbol* s;
        ~Untrap() { s->m_small |= Symbol::trapped_write_flag; }
    } untrap{s};
    s->m_small &= ~Symbol::trapped_write_flag;
    Value watchers = symbol_get(sym, Qwatchers);
    for (ListWalker w(watchers); w.consp(); w.next()) {
        Value args[4] = {sym, newval, operation, where};
        funcall(w.car(), args, 4);
    }
}

bool local_in_current_buffer(Value sym)
{
    Symbol* s = xsymbol(sym);
    if (variable_alias_p(s))
        return local_in_current_buffer(s->default_value);
    return forwarded(s) || s->loaded();
}

void register_variable_builtins() { register_subrs(variable_subrs); }

} // namespace gapmacs::lisp
