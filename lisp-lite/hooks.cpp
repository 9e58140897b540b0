// run-hooks and the run-hook-with-args family, and the standard hook
// variables the editor runs.
#include "lisp-lite/hooks.hpp"

#include "lisp-lite/buffer_locals.hpp"
#include "lisp-lite/builtins.hpp"
#include "lisp-lite/eval.hpp"

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
        for (; v.is_cons(); v = xcdr(v))
            fns.push_back(xcar(v));
    };
    if (single_function(val)) {
        fns.push_back(val);
    } else {
        for (Value v = val; v.is_cons(); v = xcdr(v)) {
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

const SubrDef hook_subrs[] = {
    {"run-hooks", 0, many, f_run_hooks},
    {"run-hook-with-args", 1, many, f_run_hook_with_args},
    {"run-hook-with-args-until-success", 1, many, f_run_hook_with_args_until_success},
    {"run-hook-with-args-until-failure", 1, many, f_run_hook_with_args_until_failure},
    {"run-hook-wrapped", 2, many, f_run_hook_wrapped},
};

} // namespace

Value run_hook_with_args(Value hook, const Value* args, std::size_t n, HookUntil until)
{
    Value ret = until == HookUntil::Failure ? Qt : Qnil;
    Value val = find_symbol_value(hook);
    if (val == Qunbound || nilp(val))
        return ret;
    if (single_function(val)) {
        call_one(val, args, n, until, ret);
        return ret;
    }
    // The list is walked as it was when the hook started (conservatively
    // rooted by these locals), even if a function changes the variable.
    for (; val.is_cons(); val = xcdr(val)) {
        Value fn = xcar(val);
        if (fn != Qt) {
            if (call_one(fn, args, n, until, ret))
                return ret;
            continue;
        }
        Value global = default_value(hook);
        if (global == Qunbound || nilp(global))
            continue;
        if (!global.is_cons() || xcar(global) == Qlambda) {
            if (call_one(global, args, n, until, ret))
                return ret;
            continue;
        }
        for (; global.is_cons(); global = xcdr(global))
            if (xcar(global) != Qt && call_one(xcar(global), args, n, until, ret))
                return ret;
    }
    return ret;
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
