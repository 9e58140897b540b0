// Symbols: interning, value and function cells, property lists.
#include "lisp-lite/lang/builtins.hpp"
#include "lisp-lite/lang/eval.hpp"
#include "lisp-lite/lang/load_history.hpp"
#include "lisp-lite/lang/obarrays.hpp"
#include "lisp-lite/lang/variables.hpp"

namespace gapmacs::lisp {

namespace {

Value f_symbolp(Args a) { return boolean(symbolp(a[0])); }
Value f_keywordp(Args a) { return boolean(keywordp(a[0])); }
Value f_booleanp(Args a) { return boolean(nilp(a[0]) || a[0] == Qt); }

Value f_intern(Args a)
{
    std::string_view name = check_string(a[0])->bytes;
    return initial_obarray_p(a[1]) ? intern(name) : obarray_intern(a[1], name);
}

// The symbol named NAME (a string, or a symbol's name) in obarray OB, or empty.
Value lookup(Value name, Value ob)
{
    std::string_view text = symbolp(name) ? string_view(xsymbol(name)->name) : std::string_view(check_string(name)->bytes);
    return initial_obarray_p(ob) ? intern_soft(text) : obarray_lookup(ob, text);
}

Value f_intern_soft(Args a)
{
    Value found = lookup(a[0], a[1]);
    if (found.is_empty() || (symbolp(a[0]) && found != a[0]))
        return Qnil;
    return found;
}

Value f_make_symbol(Args a) { return make_uninterned_symbol(check_string(a[0])->bytes); }

Value f_gensym(Args a)
{
    Value counter_sym = Qgensym_counter;
    Value counter = xsymbol(counter_sym)->value;
    std::int64_t n = counter.is_fixnum() ? counter.as_fixnum() : 0;
    std::string prefix = nilp(a[0]) ? "g" : std::string(check_string(a[0])->bytes);
    xsymbol(counter_sym)->value = Value::fixnum(n + 1);
    return make_uninterned_symbol(prefix + std::to_string(n));
}

Value f_unintern(Args a)
{
    Value sym = lookup(a[0], a[1]);
    if (sym.is_empty() || (symbolp(a[0]) && sym != a[0]))
        return Qnil;
    if (!initial_obarray_p(a[1]))
        return boolean(obarray_remove(a[1], sym));
    if (nilp(sym) || sym == Qt)
        return Qnil;
    unintern_symbol(sym);
    return Qt;
}

Value f_symbol_name(Args a) { return check_symbol(a[0])->name; }

Value f_symbol_value(Args a)
{
    check_symbol(a[0]);
    return symbol_value(a[0]);
}

Value f_symbol_function(Args a) { return check_symbol(a[0])->function; }
Value f_indirect_function(Args a) { return indirect_function(a[0]); }

Value f_fboundp(Args a) { return boolean(!nilp(check_symbol(a[0])->function)); }

Value f_set(Args a)
{
    check_symbol(a[0]);
    set_symbol_value(a[0], a[1]);
    return a[1];
}

Value f_fset(Args a)
{
    Symbol* s = check_symbol(a[0]);
    if (nilp(a[0]) && !nilp(a[1]))
        xsignal1(Qsetting_constant, a[0]);
    s->function = a[1];
    return a[1];
}

// Emacs's library defines in Lisp some functions gapmacs has as builtins
// written for the same results (syntax-ppss in emacs-lisp/syntax.el):
// loading that library keeps the builtin, as a dumped Emacs keeps its C.
bool keeps_builtin(Symbol* s)
{
    if (!s->function.is_object() || !s->function.is(Type::Subr))
        return false;
    Value file = find_symbol_value(Qload_file_name);
    Value library = find_symbol_value(Qgapmacs_emacs_lisp_directory);
    return stringp(file) && stringp(library) && string_view(file).starts_with(string_view(library));
}

Value f_defalias(Args a)
{
    Symbol* s = check_symbol(a[0]);
    if (keeps_builtin(s))
        return a[0];
    // nadvice.el keeps an advised function's advice across a redefinition
    // through this property, as Emacs's defalias calls it.
    Value hook = symbol_get(a[0], Qdefalias_fset_function);
    // As data.c's defalias: (t . F) remembers that F was an autoload.
    if (autoloadp(s->function))
        loadhist_attach(make_cons(Qt, a[0]));
    loadhist_attach(make_cons(autoloadp(a[1]) ? Qautoload : Qdefun, a[0]));
    if (!nilp(hook))
        call2(hook, a[0], a[1]);
    else
        s->function = a[1];
    if (!nilp(a[2]))
        symbol_put(a[0], Qfunction_documentation, a[2]);
    return a[0];
}

Value f_fmakunbound(Args a)
{
    Symbol* s = check_symbol(a[0]);
    if (nilp(a[0]) || a[0] == Qt)
        xsignal1(Qsetting_constant, a[0]);
    s->function = Qnil;
    return a[0];
}

Value f_get(Args a)
{
    check_symbol(a[0]);
    return symbol_get(a[0], a[1]);
}

Value f_put(Args a)
{
    check_symbol(a[0]);
    symbol_put(a[0], a[1], a[2]);
    return a[2];
}

Value f_symbol_plist(Args a) { return check_symbol(a[0])->plist; }

Value f_setplist(Args a)
{
    check_symbol(a[0])->plist = a[1];
    return a[1];
}

Value f_special_variable_p(Args a) { return boolean(check_symbol(a[0])->special()); }

Value f_internal_make_var_non_special(Args a)
{
    check_symbol(a[0])->m_flags &= static_cast<std::uint8_t>(~Symbol::special_flag);
    return Qnil;
}

void call_on_symbol(Value sym, void* fn) { call1(*static_cast<Value*>(fn), sym); }

Value f_mapatoms(Args a)
{
    Value fn = a[0];
    if (!initial_obarray_p(a[1]))
        obarray_map(a[1], fn);
    else
        map_obarray(call_on_symbol, &fn);
    return Qnil;
}

const SubrDef symbol_subrs[] = {
    {"symbolp", 1, 1, f_symbolp},
    {"keywordp", 1, 1, f_keywordp},
    {"booleanp", 1, 1, f_booleanp},
    {"intern", 1, 2, f_intern},
    {"intern-soft", 1, 2, f_intern_soft},
    {"make-symbol", 1, 1, f_make_symbol},
    {"gensym", 0, 1, f_gensym},
    {"unintern", 1, 2, f_unintern},
    {"symbol-name", 1, 1, f_symbol_name},
    {"symbol-value", 1, 1, f_symbol_value},
    {"symbol-function", 1, 1, f_symbol_function},
    {"indirect-function", 1, 2, f_indirect_function},
    {"fboundp", 1, 1, f_fboundp},
    {"set", 2, 2, f_set},
    {"fset", 2, 2, f_fset},
    {"defalias", 2, 3, f_defalias},
    {"fmakunbound", 1, 1, f_fmakunbound},
    {"get", 2, 2, f_get},
    {"put", 3, 3, f_put},
    {"symbol-plist", 1, 1, f_symbol_plist},
    {"setplist", 2, 2, f_setplist},
    {"special-variable-p", 1, 1, f_special_variable_p},
    {"internal-make-var-non-special", 1, 1, f_internal_make_var_non_special},
    {"mapatoms", 1, 2, f_mapatoms},
};

} // namespace

void register_symbol_builtins()
{
    register_subrs(symbol_subrs);
    define_obarray_variable();
}

} // namespace gapmacs::lisp
