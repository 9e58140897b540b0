// run-hooks and the run-hook-with-args family, and the standard hook
// variables the editor runs.
#include "lisp-lite/lang/hooks.hpp"

#include "lisp-lite/lang/builtins.hpp"
#include "lisp-lite/lang/eval.hpp"
#include "lisp-lite/lang/variables.hpp"

namespace gapmacs::lisp {

namespace {

// Calls fn; true when the hook should stop here. `ret` gets the result
// the caller returns.
bool call_one(Value fn, const Value* args, std::size_t n, HookUntil until, Value& ret)
{
    Value v = funcall(fn, args, n);
    switch (until) {
    case HookUntil::Never:
        return false;
    case HookUntil::Success:
        ret = v;
        return !nilp(v);
    case HookUntil::Failure:
        ret = boolean(!nilp(v));
        return nilp(v);
    }
    return false;
}

// A single function rather than a list (a symbol, or a lambda list).
bool single_function(Value v) { return !v.is_cons() || functionp(v) || xcar(v) == Qlambda; }

Value hook_arg(Value v)
{
    check_symbol(v);
    return v;
}

Value f_run_hooks(Args a)
{
    for (Value hook : a)
        run_hook(hook_arg(hook));
    return Qnil;
}

Value f_run_hook_with_args(Args a)
{
    run_hook_with_args(hook_arg(a[0]), a.begin() + 1, a.size() - 1);
    return Qnil;
}

Value f_run_hook_with_args_until_success(Args a)
{
    return run_hook_with_args(hook_arg(a[0]), a.begin() + 1, a.size() - 1, HookUntil::Success);
}

Value f_run_hook_with_args_until_failure(Args a)
{
    return run_hook_with_args(hook_arg(a[0]), a.begin() + 1, a.size() - 1, HookUntil::Failure);
}

// (run-hook-wrapped HOOK WRAP-FUNCTION &rest ARGS): calls WRAP-FUNCTION with
// each function and ARGS, stopping at the first non-nil value.
Value f_run_hook_wrapped(Args a)
{
    Value hook = hook_arg(a[0]);
    RootedVector fns;
    Value val = find_symbol_value(hook);
    if (val == Qunbound || nilp(val))
        return Qnil;
    auto collect = [&](Value v) {
        if (single_function(v)) {
            fns.push_back(v);
            return;
        }
        for (ListWalker v_walk(v); v_walk.consp(); v_walk.next(), v = v_walk.tail())
            fns.push_back(xcar(v));
    };
    if (single_function(val)) {
        fns.push_back(val);
    } else {
        for (Value v : tails(val)) {
            if (xcar(v) == Qt) {
                Value g = default_value(hook);
                if (g != Qunbound && !nilp(g))
                    collect(g);
            } else {
                fns.push_back(xcar(v));
            }
        }
    }
    for (std::size_t k = 0; k < fns.size(); ++k) {
        Value fn = fns[k];
        if (fn == Qt)
            continue;
        RootedVector call;
        call.push_back(fn);
        for (std::size_t i = 2; i < a.size(); ++i)
            call.push_back(a[i]);
        Value r = funcall(a[1], &call[0], call.size());
        if (!nilp(r))
            return r;
    }
    return Qnil;
}

Value f_safe_run_hooks(Args a)
{
    safe_run_hooks(hook_arg(a[0]));
    return Qnil;
}

const SubrDef hook_subrs[] = {
    // gapmacs only: what the command loop runs pre/post-command-hook with.
    {"gapmacs--safe-run-hooks", 1, 1, f_safe_run_hooks},
    {"run-hooks", 0, many, f_run_hooks},
    {"run-hook-with-args", 1, many, f_run_hook_with_args},
    {"run-hook-with-args-until-success", 1, many, f_run_hook_with_args_until_success},
    {"run-hook-with-args-until-failure", 1, many, f_run_hook_with_args_until_failure},
    {"run-hook-wrapped", 2, many, f_run_hook_wrapped},
};

} // namespace

namespace {

// Calls f(fn) for each function of HOOK in order, the default value's in
// place of t; stops when f returns true.
template <typename F> void walk_hook(Value hook, F&& f)
{
    Value val = find_symbol_value(hook);
    if (val == Qunbound || nilp(val))
        return;
    if (single_function(val)) {
        f(val);
        return;
    }
    // The list is walked as it was when the hook started (conservatively
    // rooted by these locals), even if a function changes the variable.
    for (ListWalker val_walk(val); val_walk.consp(); val_walk.next(), val = val_walk.tail()) {
        Value fn = xcar(val);
        if (fn != Qt) {
            if (f(fn))
                return;
            continue;
        }
        Value global = default_value(hook);
        if (global == Qunbound || nilp(global))
            continue;
        if (!global.is_cons() || xcar(global) == Qlambda) {
            if (f(global))
                return;
            continue;
        }
        for (ListWalker global_walk(global); global_walk.consp(); global_walk.next(), global = global_walk.tail())
            if (xcar(global) != Qt && f(xcar(global)))
                return;
    }
}

// Removes fn from hook's current binding, else from its default value
// (Emacs's safe_run_hooks_error).
void remove_failing_function(Value hook, Value fn)
{
    auto without = [&](Value list, bool& found) {
        RootedVector keep;
        for (ListWalker list_walk(list); list_walk.consp(); list_walk.next(), list = list_walk.tail()) {
            if (xcar(list) == fn)
                found = true;
            else
                keep.push_back(xcar(list));
        }
        Value out = Qnil;
        for (std::size_t i = keep.size(); i-- > 0;)
            out = cons(keep[i], out);
        return out;
    };
    bool found = false;
    Value v = find_symbol_value(hook);
    Value newval = without(v == Qunbound ? Qnil : v, found);
    if (found) {
        set_internal(hook, newval);
        return;
    }
    Value d = default_value(hook);
    newval = without(d == Qunbound ? Qnil : d, found);
    if (found)
        set_default(hook, newval);
}

} // namespace

Value run_hook_with_args(Value hook, const Value* args, std::size_t n, HookUntil until)
{
    Value ret = until == HookUntil::Failure ? Qt : Qnil;
    walk_hook(hook, [&](Value fn) { return call_one(fn, args, n, until, ret); });
    return ret;
}

void safe_run_hooks(Value hook)
{
    SpecScope scope;
    specbind(Qinhibit_quit, Qt);
    walk_hook(hook, [&](Value fn) {
        try {
            call0(fn);
        } catch (const LispSignal& e) {
            Value err = cons(e.symbol(), e.data());
            message("Error in " + symbol_name(hook) + " (" + prin1_to_string(fn) + "): " + prin1_to_string(err));
            remove_failing_function(hook, fn);
        }
        return false;
    });
}

void register_hook_builtins()
{
    register_subrs(hook_subrs);
    for (const char* name : {"pre-command-hook", "post-command-hook", "find-file-hook", "change-major-mode-hook",
                             "after-change-major-mode-hook", "after-init-hook", "emacs-startup-hook",
                             "window-setup-hook", "kill-buffer-hook", "kill-emacs-hook", "delayed-mode-hooks",
                             "change-major-mode-after-body-hook", "delay-mode-hooks", "after-save-hook",
                             "before-save-hook"})
        defvar_builtin(name, Qnil);
}

} // namespace gapmacs::lisp
