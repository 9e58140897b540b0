// The evaluator: eval, funcall, lambda binding, dynamic binding and the
// special forms. Follows Emacs 28's eval.c closely so that lexical/dynamic
// scoping, closures (lists `(closure ENV ARGS . BODY)`) and the error data
// of wrong-number-of-arguments etc. are the same.
#include "lisp-lite/lang/eval.hpp"

#include <sys/mman.h>

#include <csignal>
#include <stdexcept>

#include "core/regex.hpp"
#include "lisp-lite/lang/backtrace.hpp"
#include "lisp-lite/lang/builtins.hpp"
#include "lisp-lite/lang/bytecode.hpp"
#include "lisp-lite/lang/load_history.hpp"
#include "lisp-lite/lang/preloaded_index.hpp"
#include "lisp-lite/lang/variables.hpp"

namespace gapmacs::lisp {

Value g_lexenv;
ArgStack g_args;
std::int64_t DepthGuard::s_depth = 0;

namespace {

// What the evaluator's next check does: nothing (0), signal `quit' (C-g,
// 1) or `redisplay-interrupted' (input arrived while redisplay's Lisp ran, 2).
volatile std::sig_atomic_t g_quit_flag = 0;
constexpr std::sig_atomic_t quit_requested = 1;
constexpr std::sig_atomic_t input_arrived = 2;

// Emacs's SPECPDL_LET / SPECPDL_LET_LOCAL / SPECPDL_LET_DEFAULT: a let of
// a variable local in the current buffer binds (and restores) that
// buffer's binding, even if another buffer is current at unbind time; a let
// of a buffer-local variable that is not local here binds the default.
enum class BindKind : std::uint8_t { Let, LetLocal, LetDefault };
struct SpecBinding {
    Value symbol;
    Value old_value;
    Value where; // the buffer (LetLocal, LetDefault)
    BindKind kind;
};
std::vector<SpecBinding> g_specpdl;
std::vector<Value> g_catch_tags;
std::uintptr_t g_stack_guard = 0;

// Expansions of macro calls, reused when the same form (eq) calls the same
// macro definition (eq) with the same top-level arguments again: a macro in
// a loop body or a function called often is expanded once, as Emacs's eager
// macroexpansion at load time gives. Without it, 1e6 (push i l) spent most
// of their time collecting the expansions. Direct-mapped, so bounded; a
// redefined macro is a new (macro . FN) cons and misses.
struct MacroCacheEntry {
    Value form, macro, args, expansion; // args: a copy of the argument list
};
constexpr std::size_t macro_cache_size = 1024;
MacroCacheEntry g_macro_cache[macro_cache_size];

MacroCacheEntry& macro_cache_slot(Value form) { return g_macro_cache[(form.bits() >> 4) & (macro_cache_size - 1)]; }

bool same_args(Value copy, Value args)
{
    for (; copy.is_cons() && args.is_cons(); copy = xcdr(copy), args = xcdr(args))
        if (xcar(copy) != xcar(args))
            return false;
    return copy == args || (nilp(copy) && nilp(args));
}

void mark_eval_roots()
{
    for (const MacroCacheEntry& e : g_macro_cache) {
        mark_value(e.form);
        mark_value(e.macro);
        mark_value(e.args);
        mark_value(e.expansion);
    }
    mark_value(g_lexenv);
    for (auto& b : g_specpdl) {
        mark_value(b.symbol);
        mark_value(b.old_value);
        mark_value(b.where);
    }
    mark_values(g_catch_tags.data(), g_catch_tags.size());
    mark_values(g_args.base, g_args.top);
}

std::int64_t max_eval_depth()
{
    Value v = xsymbol(Qmax_lisp_eval_depth)->value;
    return v.is_fixnum() ? v.as_fixnum() : 1600;
}

[[noreturn]] void nesting_error()
{
    error("Lisp nesting exceeds \xE2\x80\x98max-lisp-eval-depth\xE2\x80\x99");
}

// Environments are short; one that a caller made circular ((eval FORM
// ENV), a closure built by hand) is found by list_length once a lookup has
// walked 4096 cells, keeping the common path a plain loop (every variable
// reference goes through here).
inline Value assq_env(Value key, Value env)
{
    std::int64_t n = 0;
    for (Value l = env; l.is_cons(); l = xcdr(l)) {
        Value e = xcar(l);
        if (e.is_cons() && xcar(e) == key)
            return e;
        if (++n == 4096) [[unlikely]]
            list_length(env);
    }
    return Qnil;
}

bool memq_env(Value key, Value env)
{
    std::int64_t n = 0;
    for (Value l = env; l.is_cons(); l = xcdr(l)) {
        if (xcar(l) == key)
            return true;
        if (++n == 4096) [[unlikely]]
            list_length(env);
    }
    return false;
}

inline Value eval_symbol(Value sym)
{
    Value binding = assq_env(sym, g_lexenv);
    if (!nilp(binding))
        return xcdr(binding);
    Value v = xsymbol(sym)->value;
    if (v == Qunbound) [[unlikely]] {
        v = find_symbol_value(sym); // forwarded to a C++ buffer field?
        if (v == Qunbound && load_preloaded_variable(sym))
            v = find_symbol_value(sym);
        if (v == Qunbound)
            xsignal1(Qvoid_variable, sym);
    }
    return v;
}

std::int64_t unevalled_count(Value args)
{
    std::int64_t n = 0;
    for (ListWalker w(args); w.consp(); w.next())
        ++n;
    return n;
}

// Runs a subr's function, a special form's included. Errors of the C++
// layers below (gapmacs::Error from buffer/, core/, process/) become the
// Lisp errors they name, and a size no container can hold
// (std::length_error) is memory exhaustion, as std::bad_alloc: the one
// place where a C++ error under Lisp becomes a Lisp error, so a
// condition-case catches it whichever subr it came through. The catches
// name C++'s two error families rather than std::exception, so a Lisp
// signal or throw (also std::exceptions) unwinds past every subr frame
// without being caught and rethrown at each.
inline Value invoke_subr(const SubrDef* d, Args args)
{
    try {
        return d->fn(args);
    } catch (const std::length_error&) {
        throw std::bad_alloc();
    } catch (const std::logic_error& e) {
        signal_core_error(e);
    } catch (const std::runtime_error& e) { // gapmacs::Error among them
        signal_core_error(e);
    }
}

// Calls a subr with evaluated args [args, args+n), padding to max_args.
Value call_subr(Value subr, Value original, const Value* args, std::size_t n)
{
    const SubrDef* d = static_cast<Subr*>(subr.as_object())->def;
    if (d->max_args == unevalled)
        xsignal1(Qinvalid_function, original);
    if (static_cast<std::int64_t>(n) < d->min_args || (d->max_args >= 0 && static_cast<std::int64_t>(n) > d->max_args))
        xsignal2(Qwrong_number_of_arguments, original, Value::fixnum(static_cast<std::int64_t>(n)));
    if (d->max_args >= 0 && static_cast<std::int64_t>(n) < d->max_args) {
        Value padded[16];
        for (std::size_t i = 0; i < static_cast<std::size_t>(d->max_args); ++i)
            padded[i] = i < n ? args[i] : Qnil;
        return invoke_subr(d, Args{padded, static_cast<std::size_t>(d->max_args)});
    }
    return invoke_subr(d, Args{args, n});
}

Value eval_cons(Value form)
{
    Value original = xcar(form);
    Value fn = original;
    if (symbolp(fn)) {
        fn = xsymbol(fn)->function;
        if (symbolp(fn) && !nilp(fn))
            fn = indirect_function(fn);
        if (nilp(fn)) {
            // A closure stands where Emacs's byte-compile gives byte-code,
            // which evaluates to itself (cc-fonts splices one into a form).
            if (original == Qclosure)
                return form;
            xsignal1(Qvoid_function, original);
        }
    } else if (fn.is_cons() && xcar(fn) == Qlambda && !nilp(g_lexenv)) {
        fn = make_cons(Qclosure, make_cons(g_lexenv, xcdr(fn)));
    }
    Value arglist = xcdr(form);
    if (fn.is(Type::Subr)) {
        const SubrDef* d = static_cast<Subr*>(fn.as_object())->def;
        if (d->max_args == unevalled) {
            if (d->min_args > 0 && unevalled_count(arglist) < d->min_args)
                xsignal2(Qwrong_number_of_arguments, original, Value::fixnum(unevalled_count(arglist)));
            return invoke_subr(d, Args{&arglist, 1});
        }
        ArgFrame frame;
        for (ListWalker w(arglist); w.consp(); w.next())
            push_arg(eval(w.car()));
        std::size_t n = frame.count();
        if (static_cast<std::int64_t>(n) < d->min_args || (d->max_args >= 0 && static_cast<std::int64_t>(n) > d->max_args))
            xsignal2(Qwrong_number_of_arguments, original, Value::fixnum(static_cast<std::int64_t>(n)));
        BacktraceScope called(original, frame.args(), n);
        while (d->max_args >= 0 && frame.count() < static_cast<std::size_t>(d->max_args))
            push_arg(Qnil);
        return invoke_subr(d, Args{frame.args(), frame.count()});
    }
    if (compiledp(fn) || (fn.is_cons() && (xcar(fn) == Qclosure || xcar(fn) == Qlambda))) {
        ArgFrame frame;
        for (ListWalker w(arglist); w.consp(); w.next())
            push_arg(eval(w.car()));
        BacktraceScope called(original, frame.args(), frame.count());
        return compiledp(fn) ? funcall_compiled(fn, frame.args(), frame.count())
                             : funcall_lambda(fn, frame.args(), frame.count());
    }
    if (fn.is_cons()) {
        Value head = xcar(fn);
        if (head == Qmacro) {
            MacroCacheEntry& hit = macro_cache_slot(form);
            if (hit.form == form && hit.macro == fn && same_args(hit.args, arglist))
                return eval(hit.expansion);
            Value expansion;
            {
                ArgFrame frame;
                ListWalker w(arglist);
                for (; w.consp(); w.next())
                    push_arg(w.car());
                // `lambda` is not kept: its expansion costs one list, and
                // each closure made from it keeps a spine of its own, so
                // a closure changed in place (nconc, setcdr) does not
                // change the next one.
                const bool proper = nilp(w.tail()) && original != Qlambda;
                expansion = funcall(xcdr(fn), frame.args(), frame.count());
                if (proper) {
                    Value copy = Qnil;
                    for (std::size_t i = frame.count(); i-- > 0;)
                        copy = make_cons(frame.args()[i], copy);
                    macro_cache_slot(form) = {form, fn, copy, expansion};
                }
            }
            return eval(expansion);
        }
        if (symbolp(original) && autoloadp(fn)) {
            autoload_do_load(fn, original, Qnil);
            return eval_cons(form);
        }
    }
    xsignal1(Qinvalid_function, original);
}

} // namespace

// ---- public evaluator API ----

void push_arg(Value v)
{
    if (g_args.top == g_args.capacity)
        error("Argument stack overflow");
    g_args.base[g_args.top++] = v;
}

DepthGuard::DepthGuard()
{
    ++s_depth;
    if (s_depth > max_eval_depth()) {
        --s_depth;
        nesting_error();
    }
    char probe;
    if (reinterpret_cast<std::uintptr_t>(&probe) < g_stack_guard) {
        --s_depth;
        nesting_error();
    }
}

void request_quit() { g_quit_flag = quit_requested; }
void clear_quit() { g_quit_flag = 0; }

void request_input_interrupt()
{
    if (g_quit_flag == 0)
        g_quit_flag = input_arrived;
}

void clear_input_interrupt()
{
    if (g_quit_flag == input_arrived)
        g_quit_flag = 0;
}

// Whether maybe_quit would signal now.
bool quit_pending()
{
    if (!g_quit_flag || !nilp(xsymbol(Qinhibit_quit)->value))
        return false;
    // Input does not cut a library's load short (typing while the first
    // fontification loads cc-fonts); it interrupts what runs after.
    return g_quit_flag != input_arrived || nilp(xsymbol(Qload_in_progress)->value);
}

void maybe_quit()
{
    if (!quit_pending())
        return;
    const bool input = g_quit_flag == input_arrived;
    g_quit_flag = 0;
    xsignal(input ? Qredisplay_interrupted : Qquit, Qnil);
}

Value eval(Value form)
{
    if (form.is_cons()) {
        if (g_quit_flag)
            maybe_quit();
        DepthGuard guard;
        return eval_cons(form);
    }
    if (symbolp(form))
        return eval_symbol(form);
    return form;
}

Value eval_toplevel(Value form, bool lexical)
{
    LexenvScope scope(lexical ? make_cons(Qt, Qnil) : Qnil);
    return eval(form);
}

Value progn(Value body)
{
    Value val = Qnil;
    for (; body.is_cons(); body = xcdr(body))
        val = eval(xcar(body));
    return val;
}

Value indirect_function(Value fn)
{
    for (int i = 0; symbolp(fn) && !nilp(fn); ++i) {
        if (i > 100)
            xsignal1(Qcyclic_function_indirection, fn);
        fn = xsymbol(fn)->function;
    }
    return fn;
}

Value funcall(Value fn, const Value* args, std::size_t n)
{
    if (g_quit_flag)
        maybe_quit();
    DepthGuard guard;
    Value original = fn;
    if (symbolp(fn) && !nilp(fn)) {
        fn = indirect_function(fn);
        if (nilp(fn))
            xsignal1(Qvoid_function, original);
    }
    if (fn.is(Type::Subr)) {
        BacktraceScope frame(original, args, n);
        return call_subr(fn, fn, args, n);
    }
    if (compiledp(fn)) {
        BacktraceScope frame(original, args, n);
        return funcall_compiled(fn, args, n);
    }
    if (fn.is_cons()) {
        Value head = xcar(fn);
        if (head == Qclosure || head == Qlambda) {
            BacktraceScope frame(original, args, n);
            return funcall_lambda(fn, args, n);
        }
        if (symbolp(original) && autoloadp(fn)) {
            autoload_do_load(fn, original, Qnil);
            return funcall(original, args, n);
        }
    }
    xsignal1(Qinvalid_function, original);
}

Value call1(Value fn, Value a)
{
    Value v[1] = {a};
    return funcall(fn, v, 1);
}
Value call2(Value fn, Value a, Value b)
{
    Value v[2] = {a, b};
    return funcall(fn, v, 2);
}
Value call3(Value fn, Value a, Value b, Value c)
{
    Value v[3] = {a, b, c};
    return funcall(fn, v, 3);
}

Value bind_lambda_list(Value params, const Value* args, std::size_t n, Value lexenv, Value fun)
{
    std::size_t i = 0;
    bool optional = false, rest = false, previous_rest = false;
    ListWalker w(params);
    for (; w.consp(); w.next()) {
        Value p = w.car();
        if (!symbolp(p))
            xsignal1(Qinvalid_function, fun);
        if (p == Qand_rest) {
            if (rest || previous_rest)
                xsignal1(Qinvalid_function, fun);
            rest = previous_rest = true;
            continue;
        }
        if (p == Qand_optional) {
            if (optional || rest || previous_rest)
                xsignal1(Qinvalid_function, fun);
            optional = true;
            continue;
        }
        Value arg;
        if (rest) {
            arg = Qnil;
            for (std::size_t j = n; j > i; --j)
                arg = make_cons(args[j - 1], arg);
            i = n;
        } else if (i < n) {
            arg = args[i++];
        } else if (!optional) {
            xsignal2(Qwrong_number_of_arguments, fun, Value::fixnum(static_cast<std::int64_t>(n)));
        } else {
            arg = Qnil;
        }
        if (!nilp(lexenv))
            lexenv = make_cons(make_cons(p, arg), lexenv);
        else
            specbind(p, arg);
        previous_rest = false;
    }
    if (!nilp(w.tail()) || previous_rest)
        xsignal1(Qinvalid_function, fun);
    if (i < n)
        xsignal2(Qwrong_number_of_arguments, fun, Value::fixnum(static_cast<std::int64_t>(n)));
    return lexenv;
}

Value funcall_lambda(Value fn, const Value* args, std::size_t n)
{
    Value fun = fn;
    Value lexenv = Qnil;
    if (xcar(fun) == Qclosure) {
        Value rest = xcdr(fun);
        if (!rest.is_cons())
            xsignal1(Qinvalid_function, fn);
        fun = rest;
        lexenv = xcar(fun);
    }
    Value tail = xcdr(fun);
    if (!tail.is_cons())
        xsignal1(Qinvalid_function, fn);
    Value params = xcar(tail);
    Value body = xcdr(tail);
    SpecScope spec;
    lexenv = bind_lambda_list(params, args, n, lexenv, fun);
    LexenvScope scope(lexenv);
    return progn(body);
}

Value symbol_value(Value sym)
{
    Value v = find_symbol_value(sym);
    if (v == Qunbound && load_preloaded_variable(sym))
        v = find_symbol_value(sym);
    if (v == Qunbound)
        xsignal1(Qvoid_variable, sym);
    return v;
}

void set_symbol_value(Value sym, Value v) { set_internal(sym, v); }

bool functionp(Value fn)
{
    if (symbolp(fn) && !nilp(fn)) {
        fn = indirect_function(fn);
        if (fn.is_cons() && xcar(fn) == Qmacro)
            return false;
    }
    if (fn.is(Type::Subr))
        return static_cast<Subr*>(fn.as_object())->def->max_args != unevalled;
    if (compiledp(fn))
        return true;
    if (fn.is_cons()) {
        if (autoloadp(fn)) { // a function unless it loads a macro or keymap
            Value kind = fn;
            for (int i = 0; i < 4 && kind.is_cons(); ++i)
                kind = xcdr(kind);
            return nilp(car_safe(kind));
        }
        return xcar(fn) == Qlambda || xcar(fn) == Qclosure;
    }
    return false;
}

// ---- dynamic binding ----

std::size_t specpdl_depth() { return g_specpdl.size(); }

void specbind(Value sym, Value value)
{
    Symbol* s = xsymbol(sym);
    if (s->constant())
        xsignal1(Qsetting_constant, sym);
    if (trapped_write(s))
        notify_variable_watchers(sym, value, Qlet, write_place(sym, true));
    if (!(s->m_flags & (Symbol::localized_flag | Symbol::forwarded_flag))) {
        g_specpdl.push_back({sym, s->value, Value(), BindKind::Let});
        s->value = value;
        return;
    }
    bool local = local_in_current_buffer(sym);
    g_specpdl.push_back({sym, find_symbol_value(sym), local_bindings().current_place(),
                         local ? BindKind::LetLocal : BindKind::LetDefault});
    if (local)
        set_internal(sym, value, true);
    else
        set_default(sym, value, false);
}

void unbind_to(std::size_t depth)
{
    while (g_specpdl.size() > depth) {
        SpecBinding b = g_specpdl.back();
        g_specpdl.pop_back();
        Symbol* s = xsymbol(b.symbol);
        if (trapped_write(s)) {
            // Unbinding runs in destructors, also while an error unwinds: a
            // watcher's own error cannot leave it, and is dropped.
            try {
                notify_variable_watchers(b.symbol, b.old_value == Qunbound ? Qnil : b.old_value, Qunlet,
                                         b.kind == BindKind::LetLocal ? b.where : Qnil);
            } catch (...) {
            }
        }
        switch (b.kind) {
        case BindKind::Let:
            // Made buffer-local inside the let: restore the default.
            if (!(s->m_flags & (Symbol::localized_flag | Symbol::forwarded_flag)))
                s->value = b.old_value;
            else
                set_default(b.symbol, b.old_value, false);
            break;
        case BindKind::LetDefault:
            set_default(b.symbol, b.old_value, false);
            break;
        case BindKind::LetLocal:
            // Only if that buffer still has its binding (it may be killed).
            if (local_bindings().has_local(b.symbol, b.where))
                local_bindings().set_local(b.symbol, b.where, b.old_value);
            break;
        }
    }
}

bool let_bound_p(Value sym)
{
    for (auto it = g_specpdl.rbegin(); it != g_specpdl.rend(); ++it)
        if (it->symbol == sym)
            return true;
    return false;
}

bool let_shadows_buffer_binding(Value sym, Value buffer)
{
    for (auto it = g_specpdl.rbegin(); it != g_specpdl.rend(); ++it)
        if (it->kind != BindKind::Let && it->symbol == sym && it->where == buffer)
            return true;
    return false;
}

namespace {
// The outermost let of sym's default value, whose saved value is the
// top-level default (Emacs's default_toplevel_binding).
SpecBinding* default_toplevel_binding(Value sym)
{
    for (auto& b : g_specpdl)
        if (b.symbol == sym && b.kind != BindKind::LetLocal)
            return &b;
    return nullptr;
}
} // namespace

Value default_toplevel_value(Value sym)
{
    SpecBinding* b = default_toplevel_binding(sym);
    return b ? b->old_value : default_value(sym);
}

void set_default_toplevel_value(Value sym, Value value)
{
    if (SpecBinding* b = default_toplevel_binding(sym))
        b->old_value = value;
    else
        set_default(sym, value);
}

void push_catch_tag(Value tag) { g_catch_tags.push_back(tag); }
void pop_catch_tag() { g_catch_tags.pop_back(); }
bool catch_tag_active(Value tag)
{
    for (Value t : g_catch_tags)
        if (t == tag)
            return true;
    return false;
}

// ---- macros ----

namespace {
MacroUses* g_macro_uses = nullptr;
}

MacroUseRecorder::MacroUseRecorder(MacroUses& uses) : m_saved(g_macro_uses) { g_macro_uses = &uses; }
MacroUseRecorder::~MacroUseRecorder() { g_macro_uses = m_saved; }

Value macroexpand_1(Value form, Value env)
{
    if (!form.is_cons() || !symbolp(xcar(form)))
        return form;
    Value head = xcar(form);
    Value expander;
    Value override = Qnil;
    for (ListWalker w(env); w.consp(); w.next())
        if (w.car().is_cons() && xcar(w.car()) == head) {
            override = w.car();
            break;
        }
    if (!nilp(override)) {
        if (nilp(xcdr(override)))
            return form;
        expander = xcdr(override);
    } else {
        Value fn = indirect_function(head);
        if (autoloadp(fn))
            fn = autoload_do_load(fn, head, Qmacro);
        if (!fn.is_cons() || xcar(fn) != Qmacro)
            return form;
        expander = xcdr(fn);
        if (g_macro_uses && (xsymbol(head)->m_flags & Symbol::interned_flag))
            g_macro_uses->macros.push_back(head);
    }
    ArgFrame frame;
    for (ListWalker w(xcdr(form)); w.consp(); w.next())
        push_arg(w.car());
    return funcall(expander, frame.args(), frame.count());
}

Value macroexpand(Value form, Value env)
{
    for (;;) {
        Value next = macroexpand_1(form, env);
        if (next == form)
            return form;
        form = next;
    }
}

namespace {

Value expand_list(Value forms, Value env)
{
    if (!forms.is_cons())
        return forms;
    RootedVector items;
    ListWalker w(forms);
    for (; w.consp(); w.next())
        items.push_back(macroexpand_all(w.car(), env));
    return list_from(items, w.tail());
}

Value expand_lambda(Value lambda, Value env)
{
    // (lambda ARGS . BODY)
    if (!lambda.is_cons() || !xcdr(lambda).is_cons())
        return lambda;
    Value body = expand_list(xcdr(xcdr(lambda)), env);
    return make_cons(xcar(lambda), make_cons(xcar(xcdr(lambda)), body));
}

// A backquote's template with the forms it evaluates (its commas at depth
// 1) expanded: gapmacs evaluates backquote directly, where Emacs's is a
// macro that macroexpand-all turns into list and cons calls, so a walker
// (cl-flet's local functions, a macrolet) must reach the forms inside it.
Value expand_backquote_template(Value tmpl, int depth, Value env)
{
    if (vectorp(tmpl)) {
        RootedVector out;
        for (std::size_t i = 0; i < xvector(tmpl)->items.size(); ++i)
            out.push_back(expand_backquote_template(xvector(tmpl)->items[i], depth, env));
        Vector* v = alloc_vector();
        v->items = out.items();
        return Value::object(v);
    }
    if (!tmpl.is_cons())
        return tmpl;
    Value head = xcar(tmpl);
    if (head == Qcomma || head == Qcomma_at) {
        Value inner = car_safe(xcdr(tmpl));
        return list({head, depth == 1 ? macroexpand_all(inner, env) : expand_backquote_template(inner, depth - 1, env)});
    }
    if (head == Qbackquote)
        return list({head, expand_backquote_template(car_safe(xcdr(tmpl)), depth + 1, env)});
    RootedVector items;
    Value tail = tmpl;
    for (; tail.is_cons(); tail = xcdr(tail)) {
        Value item = xcar(tail);
        if (item == Qcomma || item == Qcomma_at || item == Qbackquote)
            break; // `(a . ,b) reads as (a \, b): the rest is an unquote
        items.push_back(expand_backquote_template(item, depth, env));
    }
    return list_from(items, expand_backquote_template(tail, depth, env));
}

} // namespace

Value macroexpand_all(Value form, Value env)
{
    DepthGuard guard; // nested forms recurse (Emacs's is Lisp, bounded alike)
    form = macroexpand(form, env);
    if (!form.is_cons())
        return form;
    Value head = xcar(form);
    Value rest = xcdr(form);
    if (head == Qquote || head == Qinteractive)
        return form;
    if (head == Qbackquote)
        return rest.is_cons() ? list({head, expand_backquote_template(xcar(rest), 1, env)}) : form;
    if (head == Qfunction) {
        Value f = car_safe(rest);
        if (f.is_cons() && xcar(f) == Qlambda)
            return list({Qfunction, expand_lambda(f, env)});
        return form;
    }
    if (head == Qlambda)
        return expand_lambda(form, env);
    if (head == Qcond) {
        RootedVector clauses;
        for (ListWalker w(rest); w.consp(); w.next())
            clauses.push_back(expand_list(w.car(), env));
        Value out = Qnil;
        for (std::size_t i = clauses.size(); i-- > 0;)
            out = make_cons(clauses[i], out);
        return make_cons(head, out);
    }
    if (head == Qcondition_case) {
        if (!rest.is_cons() || !xcdr(rest).is_cons())
            return form;
        Value var = xcar(rest);
        Value body = macroexpand_all(xcar(xcdr(rest)), env);
        RootedVector handlers;
        for (ListWalker w(xcdr(xcdr(rest))); w.consp(); w.next()) {
            Value hd = w.car();
            handlers.push_back(hd.is_cons() ? make_cons(xcar(hd), expand_list(xcdr(hd), env)) : hd);
        }
        Value out = Qnil;
        for (std::size_t i = handlers.size(); i-- > 0;)
            out = make_cons(handlers[i], out);
        return make_cons(head, make_cons(var, make_cons(body, out)));
    }
    if (head == Qlet || head == Qletx) {
        if (!rest.is_cons())
            return form;
        RootedVector bindings;
        for (ListWalker w(xcar(rest)); w.consp(); w.next()) {
            Value bd = w.car();
            bindings.push_back(bd.is_cons() ? make_cons(xcar(bd), expand_list(xcdr(bd), env)) : bd);
        }
        Value bl = Qnil;
        for (std::size_t i = bindings.size(); i-- > 0;)
            bl = make_cons(bindings[i], bl);
        return make_cons(head, make_cons(bl, expand_list(xcdr(rest), env)));
    }
    if (symbolp(head) || (head.is_cons() && xcar(head) == Qlambda)) {
        Value h = head.is_cons() ? expand_lambda(head, env) : head;
        return make_cons(h, expand_list(rest, env));
    }
    return form;
}

// ---- special forms ----

namespace {

Value sf_quote(Args a)
{
    Value args = a[0];
    if (!args.is_cons() || !nilp(xcdr(args)))
        xsignal2(Qwrong_number_of_arguments, Qquote, Value::fixnum(unevalled_count(args)));
    return xcar(args);
}

Value sf_function(Args a)
{
    Value args = a[0];
    if (!args.is_cons() || !nilp(xcdr(args)))
        xsignal2(Qwrong_number_of_arguments, Qfunction, Value::fixnum(unevalled_count(args)));
    Value quoted = xcar(args);
    if (nilp(g_lexenv) || !quoted.is_cons() || xcar(quoted) != Qlambda)
        return quoted;
    // (lambda ARGS (:documentation FORM) BODY...): the closure's docstring
    // is FORM's value (EIEIO's class predicates), as Emacs's Ffunction does.
    Value lambda = xcdr(quoted);
    Value first = car_safe(cdr_safe(lambda));
    if (first.is_cons() && xcar(first) == Qdocumentation_kw) {
        Value doc = eval(car_safe(xcdr(first)));
        check_string(doc);
        lambda = make_cons(xcar(lambda), make_cons(doc, xcdr(xcdr(lambda))));
    }
    return make_cons(Qclosure, make_cons(g_lexenv, lambda));
}

Value sf_if(Args a)
{
    Value args = a[0];
    if (!nilp(eval(xcar(args))))
        return eval(car(xcdr(args)));
    return progn(xcdr(xcdr(args)));
}

Value sf_cond(Args a)
{
    for (Value clauses : tails(a[0])) {
        Value clause = car(xcar(clauses)).is_empty() ? Qnil : xcar(clauses);
        Value val = eval(car(clause));
        if (!nilp(val)) {
            if (!nilp(xcdr(clause)))
                val = progn(xcdr(clause));
            return val;
        }
    }
    return Qnil;
}

Value sf_and(Args a)
{
    Value val = Qt;
    for (Value args : tails(a[0])) {
        val = eval(xcar(args));
        if (nilp(val))
            return val;
    }
    return val;
}

Value sf_or(Args a)
{
    for (Value args : tails(a[0])) {
        Value val = eval(xcar(args));
        if (!nilp(val))
            return val;
    }
    return Qnil;
}

Value sf_progn(Args a) { return progn(a[0]); }

Value sf_prog1(Args a)
{
    Value val = eval(xcar(a[0]));
    progn(xcdr(a[0]));
    return val;
}

Value sf_prog2(Args a)
{
    eval(xcar(a[0]));
    Value rest = xcdr(a[0]);
    Value val = eval(car(rest));
    progn(cdr(rest));
    return val;
}

Value sf_while(Args a)
{
    Value test = xcar(a[0]);
    Value body = xcdr(a[0]);
    while (!nilp(eval(test))) {
        maybe_quit();
        progn(body);
    }
    return Qnil;
}

void setq_one(Value sym, Value val)
{
    Value binding = symbolp(sym) ? assq_env(sym, g_lexenv) : Qnil;
    if (!nilp(binding))
        binding.as_cons()->cdr = val;
    else
        set_symbol_value(symbolp(sym) ? sym : Value::from_bits(check_symbol(sym) ? sym.bits() : 0), val);
}

Value sf_setq(Args a)
{
    Value args = a[0];
    std::int64_t n = unevalled_count(args);
    if (n % 2)
        xsignal2(Qwrong_number_of_arguments, Qsetq, Value::fixnum(n));
    Value val = Qnil;
    for (; args.is_cons(); args = xcdr(xcdr(args))) {
        Value sym = xcar(args);
        check_symbol(sym);
        val = eval(xcar(xcdr(args)));
        setq_one(sym, val);
    }
    return val;
}

Value sf_setq_default(Args a)
{
    Value args = a[0];
    Value val = Qnil;
    for (; args.is_cons(); args = cdr(xcdr(args))) {
        Value sym = xcar(args);
        check_symbol(sym);
        val = eval(car(xcdr(args)));
        set_default(sym, val);
    }
    return val;
}

bool binds_dynamically(Value var, Value lexenv)
{
    return nilp(lexenv) || xsymbol(var)->special() || memq_env(var, g_lexenv);
}

Value binding_var(Value elt)
{
    Value var = symbolp(elt) ? elt : car(elt);
    check_symbol(var);
    return var;
}

Value binding_init(Value elt)
{
    if (symbolp(elt))
        return Qnil;
    Value rest = cdr(elt);
    if (!nilp(cdr(rest)))
        error("`let' bindings can have only one value-form");
    return eval(car(rest));
}

Value sf_let(Args a)
{
    Value varlist = car(a[0]);
    check_list(varlist);
    ArgFrame frame;
    for (ListWalker w(varlist); w.consp(); w.next())
        push_arg(binding_init(w.car()));
    SpecScope spec;
    Value lexenv = g_lexenv;
    std::size_t i = 0;
    for (Value v = varlist; v.is_cons(); v = xcdr(v), ++i) {
        Value var = binding_var(xcar(v));
        Value val = frame.args()[i];
        if (!binds_dynamically(var, lexenv))
            lexenv = make_cons(make_cons(var, val), lexenv);
        else
            specbind(var, val);
    }
    LexenvScope scope(lexenv);
    return progn(xcdr(a[0]));
}

Value sf_let_star(Args a)
{
    Value varlist = car(a[0]);
    check_list(varlist);
    SpecScope spec;
    LexenvScope scope;
    for (ListWalker w(varlist); w.consp(); w.next()) {
        Value elt = w.car();
        Value var = binding_var(elt);
        Value val = binding_init(elt);
        if (!binds_dynamically(var, g_lexenv))
            g_lexenv = make_cons(make_cons(var, val), g_lexenv);
        else
            specbind(var, val);
    }
    return progn(xcdr(a[0]));
}

// C-h v reads the docstring from this property, as in Emacs.
void record_variable_documentation(Value sym, Value doc)
{
    if (stringp(doc))
        symbol_put(sym, Qvariable_documentation, doc);
}

Value sf_defvar(Args a)
{
    Value args = a[0];
    Value sym = xcar(args);
    check_symbol(sym);
    Value tail = xcdr(args);
    if (tail.is_cons()) {
        Symbol* s = xsymbol(sym);
        s->m_flags |= Symbol::special_flag;
        loadhist_attach(sym);
        if (default_value(sym) == Qunbound) {
            set_default(sym, eval(xcar(tail)));
        } else {
            // Only let-bound: the top-level value is still void.
            SpecBinding* b = default_toplevel_binding(sym);
            if (b && b->old_value == Qunbound)
                b->old_value = eval(xcar(tail));
        }
        record_variable_documentation(sym, car_safe(xcdr(tail)));
    } else if (!nilp(g_lexenv) && !xsymbol(sym)->special()) {
        // (defvar x): x is special in the rest of this scope only.
        g_lexenv = make_cons(sym, g_lexenv);
    }
    return sym;
}

// What custom-declare-variable calls before its :initialize: the variable
// is special and documented, its value left alone (void when it was).
Value f_internal_define_uninitialized_variable(Args a)
{
    check_symbol(a[0]);
    xsymbol(a[0])->m_flags |= Symbol::special_flag;
    loadhist_attach(a[0]);
    record_variable_documentation(a[0], a.size() > 1 ? a[1] : Qnil);
    return Qnil;
}

Value sf_defconst(Args a)
{
    Value args = a[0];
    Value sym = xcar(args);
    check_symbol(sym);
    Value val = eval(car(xcdr(args)));
    Symbol* s = xsymbol(sym);
    if (s->constant())
        xsignal1(Qsetting_constant, sym);
    s->m_flags |= Symbol::special_flag;
    loadhist_attach(sym);
    set_default(sym, val);
    record_variable_documentation(sym, car_safe(xcdr(xcdr(args))));
    return sym;
}

Value run_handler(Value var, Value value, Value body)
{
    if (nilp(var))
        return progn(body);
    if (!nilp(g_lexenv)) {
        LexenvScope scope(make_cons(make_cons(var, value), g_lexenv));
        return progn(body);
    }
    SpecScope spec;
    specbind(var, value);
    return progn(body);
}

Value find_handler(Value handlers, Value error_symbol)
{
    for (Value h : tails(handlers)) {
        Value clause = xcar(h);
        if (!clause.is_cons())
            continue;
        if (xcar(clause) == Qsuccess_kw)
            continue;
        if (error_matches(error_symbol, xcar(clause)))
            return clause;
    }
    return Qnil;
}

Value sf_condition_case(Args a)
{
    Value args = a[0];
    Value var = xcar(args);
    check_symbol(var);
    Value bodyform = car(xcdr(args));
    Value handlers = cdr(xcdr(args));
    for (Value h : tails(handlers))
        if (!listp(xcar(h)))
            error("Invalid condition handler: " + prin1_to_string(xcar(h)));
    Value clause = Qnil;
    Value err = Qnil;
    Value val;
    try {
        val = eval(bodyform);
    } catch (LispSignal& e) {
        clause = find_handler(handlers, e.symbol());
        if (nilp(clause))
            throw;
        err = make_cons(e.symbol(), e.data());
    } catch (const std::bad_alloc&) {
        clause = find_handler(handlers, Qerror);
        if (nilp(clause))
            throw;
        const LispSignal e = memory_exhausted_error();
        err = make_cons(e.symbol(), e.data());
    }
    if (!nilp(clause))
        return run_handler(var, err, xcdr(clause));
    for (Value h : tails(handlers))
        if (xcar(h).is_cons() && xcar(xcar(h)) == Qsuccess_kw)
            return run_handler(var, val, xcdr(xcar(h)));
    return val;
}

Value sf_unwind_protect(Args a)
{
    Value val;
    try {
        val = eval(xcar(a[0]));
    } catch (const KillEmacs&) {
        throw; // as Emacs's kill-emacs: the cleanup forms do not run
    } catch (...) {
        progn(xcdr(a[0]));
        throw;
    }
    progn(xcdr(a[0]));
    return val;
}

Value sf_catch(Args a)
{
    Value tag = eval(xcar(a[0]));
    try {
        CatchScope scope(tag);
        return progn(xcdr(a[0]));
    } catch (LispThrow& t) {
        if (t.tag() != tag)
            throw;
        return t.value();
    }
}

Value sf_interactive(Args) { return Qnil; }

// ---- backquote, evaluated directly (see docs: macroexpand leaves it) ----

Value backquote(Value tmpl, int depth);

Value backquote_list(Value tmpl, int depth)
{
    RootedVector parts; // evaluated pieces; a spliced list is kept as is
    std::vector<bool> spliced;
    Value tail = tmpl;
    Value last = Qnil;
    for (ListWalker tail_walk(tail); tail_walk.consp(); tail_walk.next(), tail = tail_walk.tail()) {
        Value head = xcar(tail);
        if (head == Qcomma || head == Qcomma_at || head == Qbackquote) {
            // `(a . ,b) reads as (a \, b): the rest is an unquote.
            break;
        }
        if (head.is_cons() && xcar(head) == Qcomma_at && depth == 1) {
            parts.push_back(eval(car(xcdr(head))));
            spliced.push_back(true);
        } else {
            parts.push_back(backquote(head, depth));
            spliced.push_back(false);
        }
    }
    last = nilp(tail) ? Qnil : backquote(tail, depth);
    Value result = last;
    for (std::size_t i = parts.size(); i-- > 0;) {
        if (!spliced[i]) {
            result = make_cons(parts[i], result);
            continue;
        }
        Value seg = parts[i];
        if (nilp(result)) {
            result = seg; // the last splice is shared, as append does
            continue;
        }
        RootedVector items;
        for (ListWalker seg_walk(seg); seg_walk.consp(); seg_walk.next(), seg = seg_walk.tail())
            items.push_back(xcar(seg));
        for (std::size_t j = items.size(); j-- > 0;)
            result = make_cons(items[j], result);
    }
    return result;
}

Value backquote(Value tmpl, int depth)
{
    if (vectorp(tmpl)) {
        Value as_list = Qnil;
        auto& items = xvector(tmpl)->items;
        for (std::size_t i = items.size(); i-- > 0;)
            as_list = make_cons(items[i], as_list);
        Value expanded = backquote_list(as_list, depth);
        Vector* v = alloc_vector();
        Value result = Value::object(v);
        for (ListWalker expanded_walk(expanded); expanded_walk.consp(); expanded_walk.next(), expanded = expanded_walk.tail())
            v->items.push_back(xcar(expanded));
        return result;
    }
    if (!tmpl.is_cons())
        return tmpl;
    Value head = xcar(tmpl);
    if (head == Qcomma || head == Qcomma_at) {
        if (depth == 1)
            return eval(car(xcdr(tmpl)));
        return list({head, backquote(car(xcdr(tmpl)), depth - 1)});
    }
    if (head == Qbackquote)
        return list({head, backquote(car(xcdr(tmpl)), depth + 1)});
    return backquote_list(tmpl, depth);
}

Value sf_backquote(Args a)
{
    Value args = a[0];
    if (!args.is_cons() || !nilp(xcdr(args)))
        xsignal2(Qwrong_number_of_arguments, Qbackquote, Value::fixnum(unevalled_count(args)));
    return backquote(xcar(args), 1);
}

// ---- function-like builtins of the evaluator ----

Value f_eval(Args a)
{
    Value lexical = a[1];
    LexenvScope scope(lexical.is_cons() || nilp(lexical) ? lexical : make_cons(Qt, Qnil));
    return eval(a[0]);
}

Value f_funcall(Args a) { return funcall(a[0], a.v + 1, a.n - 1); }

Value f_apply(Args a)
{
    if (a.n == 1) {
        Value l = a[0];
        if (nilp(l))
            return Qnil;
        list_length(l);
        ArgFrame frame;
        for (Value t : tails(cdr(l)))
            push_arg(xcar(t));
        return funcall(xcar(l), frame.args(), frame.count());
    }
    ArgFrame frame;
    for (std::size_t i = 1; i + 1 < a.n; ++i)
        push_arg(a[i]);
    Value last = a[a.n - 1];
    list_length(last);
    for (; last.is_cons(); last = xcdr(last))
        push_arg(xcar(last));
    return funcall(a[0], frame.args(), frame.count());
}

Value f_signal(Args a)
{
    Value sym = a[0], data = a[1];
    if (nilp(sym) && data.is_cons()) // (signal nil '(error ...)) re-signals
        xsignal(xcar(data), xcdr(data));
    xsignal(sym, data);
}

Value f_throw(Args a)
{
    if (!catch_tag_active(a[0]))
        xsignal2(Qno_catch, a[0], a[1]);
    throw LispThrow(a[0], a[1]);
}

Value f_error(Args a)
{
    Value msg = format_string(a, true);
    xsignal(Qerror, make_cons(msg, Qnil));
}

Value f_user_error(Args a)
{
    Value msg = format_string(a, true);
    xsignal(Quser_error, make_cons(msg, Qnil));
}

Value f_macroexpand(Args a) { return macroexpand(a[0], a[1]); }
Value f_macroexpand_1(Args a) { return macroexpand_1(a[0], a[1]); }
// Macros read the environment there, as Emacs's macroexp.el binds it
// (rx-let passes its local definitions to `rx' so).
Value f_macroexpand_all(Args a)
{
    SpecScope spec;
    specbind(Qmacroexpand_all_environment, a[1]);
    return macroexpand_all(a[0], a[1]);
}
Value f_functionp(Args a) { return boolean(functionp(a[0])); }
Value f_subrp(Args a) { return boolean(a[0].is(Type::Subr)); }

Value f_subr_name(Args a) { return make_string(check_subr(a[0]).name); }

// (MIN . MAX), MAX being `many' or `unevalled' for those.
Value f_subr_arity(Args a)
{
    const SubrDef& d = check_subr(a[0]);
    Value max = d.max_args == many ? Qmany : d.max_args == unevalled ? Qunevalled
                                                                               : Value::fixnum(d.max_args);
    return make_cons(Value::fixnum(d.min_args), max);
}

Value f_special_form_p(Args a)
{
    Value fn = symbolp(a[0]) ? indirect_function(a[0]) : a[0];
    return boolean(fn.is(Type::Subr) && static_cast<Subr*>(fn.as_object())->def->max_args == unevalled);
}
Value f_macrop(Args a)
{
    Value fn = symbolp(a[0]) ? indirect_function(a[0]) : a[0];
    return boolean(fn.is_cons() && xcar(fn) == Qmacro);
}
Value f_func_arity(Args a)
{
    Value fn = symbolp(a[0]) ? indirect_function(a[0]) : a[0];
    // An autoload is loaded first, as Emacs's func-arity does.
    if (autoloadp(fn))
        fn = autoload_do_load(fn, symbolp(a[0]) ? a[0] : Qnil, Qnil);
    if (fn.is_cons() && xcar(fn) == Qmacro)
        fn = xcdr(fn);
    if (fn.is(Type::Subr)) {
        Value subr[1] = {fn};
        return f_subr_arity(Args{subr, 1});
    }
    if (compiledp(fn) && xvector(fn)->items[0].is_fixnum())
        return compiled_arity(fn);
    if (compiledp(fn) || (fn.is_cons() && (xcar(fn) == Qclosure || xcar(fn) == Qlambda))) {
        Value params = compiledp(fn) ? xvector(fn)->items[0] : xcar(fn) == Qclosure ? car(cdr(xcdr(fn))) : car(xcdr(fn));
        std::int64_t min = 0, max = 0;
        bool opt = false;
        for (ListWalker params_walk(params); params_walk.consp(); params_walk.next(), params = params_walk.tail()) {
            Value p = xcar(params);
            if (p == Qand_rest)
                return make_cons(Value::fixnum(min), Qmany);
            if (p == Qand_optional) {
                opt = true;
                continue;
            }
            ++max;
            if (!opt)
                ++min;
        }
        return make_cons(Value::fixnum(min), Value::fixnum(max));
    }
    if (nilp(fn))
        xsignal1(Qvoid_function, a[0]);
    xsignal1(Qinvalid_function, a[0]);
}

const SubrDef eval_subrs[] = {
    {"quote", 1, unevalled, sf_quote},
    {"function", 1, unevalled, sf_function},
    {"if", 2, unevalled, sf_if},
    {"cond", 0, unevalled, sf_cond},
    {"and", 0, unevalled, sf_and},
    {"or", 0, unevalled, sf_or},
    {"progn", 0, unevalled, sf_progn},
    {"prog1", 1, unevalled, sf_prog1},
    {"prog2", 2, unevalled, sf_prog2},
    {"while", 1, unevalled, sf_while},
    {"setq", 0, unevalled, sf_setq},
    {"setq-default", 0, unevalled, sf_setq_default},
    {"let", 1, unevalled, sf_let},
    {"let*", 1, unevalled, sf_let_star},
    {"defvar", 1, unevalled, sf_defvar},
    {"internal--define-uninitialized-variable", 1, 2, f_internal_define_uninitialized_variable},
    {"defconst", 2, unevalled, sf_defconst},
    {"condition-case", 2, unevalled, sf_condition_case},
    {"unwind-protect", 1, unevalled, sf_unwind_protect},
    {"catch", 1, unevalled, sf_catch},
    {"interactive", 0, unevalled, sf_interactive},
    {"`", 1, unevalled, sf_backquote},
    {"eval", 1, 2, f_eval},
    {"funcall", 1, many, f_funcall},
    {"apply", 1, many, f_apply},
    {"signal", 2, 2, f_signal},
    {"throw", 2, 2, f_throw},
    {"error", 1, many, f_error},
    {"user-error", 1, many, f_user_error},
    {"macroexpand", 1, 2, f_macroexpand},
    {"macroexpand-1", 1, 2, f_macroexpand_1},
    {"macroexpand-all", 1, 2, f_macroexpand_all},
    {"functionp", 1, 1, f_functionp},
    {"special-form-p", 1, 1, f_special_form_p},
    {"subrp", 1, 1, f_subrp},
    {"subr-name", 1, 1, f_subr_name},
    {"subr-arity", 1, 1, f_subr_arity},
    {"macrop", 1, 1, f_macrop},
    {"func-arity", 1, 1, f_func_arity},
};

} // namespace

void register_eval_builtins() { register_subrs(eval_subrs); }

const SubrDef& check_subr(Value v)
{
    if (!v.is(Type::Subr))
        wrong_type(Qsubrp, v);
    return *static_cast<Subr*>(v.as_object())->def;
}

void init_evaluator()
{
    // The argument stack is reserved once and never moves (pointers into it
    // are handed to subrs); untouched pages cost nothing.
    constexpr std::size_t capacity = std::size_t(1) << 22;
    void* mem = mmap(nullptr, capacity * sizeof(Value), PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE,
                     -1, 0);
    if (mem == MAP_FAILED)
        throw std::bad_alloc();
    g_args.base = static_cast<Value*>(mem);
    g_args.capacity = capacity;
    g_lexenv = Qnil;
    add_root_source(mark_eval_roots);
    // C-g stops a regexp that backtracks for ever, as in Emacs; the match
    // throws Error("quit") and the subr boundary makes it a Lisp quit. The
    // flag is left for maybe_quit, which clears it as it signals.
    set_regex_quit_check([] { return quit_pending(); });
    // Keep 256 KB of C++ stack (1 MB under sanitizers) for unwinding and
    // error reporting when nesting runs deep.
#if defined(__SANITIZE_ADDRESS__)
    constexpr std::uintptr_t reserve = 1 << 20;
#else
    constexpr std::uintptr_t reserve = 256 << 10;
#endif
    std::uintptr_t lo = stack_low_limit();
    g_stack_guard = lo ? lo + reserve : 0;
}

} // namespace gapmacs::lisp
