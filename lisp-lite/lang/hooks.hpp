// Running hooks (Emacs's run_hook_with_args): a hook variable's value is a
// function or a list of functions; in a buffer-local value the element t
// means "run the default (global) value here". The command loop and the
// buffer layer call these from C++; add-hook and remove-hook are Emacs's
// own Lisp definitions (prelude.el).
#pragma once
#include <cstddef>

#include "lisp-lite/lang/lisp.hpp"

namespace gapmacs::lisp {

enum class HookUntil { Never, Success, Failure };

// Calls each function of HOOK (a symbol) with ARGS. Never: runs them all,
// returns nil. Success: stops at the first non-nil value and returns it.
// Failure: stops at the first nil value and returns nil, else t.
Value run_hook_with_args(Value hook, const Value* args, std::size_t n, HookUntil until = HookUntil::Never);
// (run-hooks 'HOOK)
inline void run_hook(Value hook) { run_hook_with_args(hook, nullptr, 0); }
// The command loop's way (Emacs's safe_run_hooks, for pre-command-hook and
// post-command-hook): quitting inhibited; a function that signals is
// reported with message "Error in HOOK (FN): ERR" and removed from the
// hook, and the others still run.
void safe_run_hooks(Value hook);

void register_hook_builtins();

} // namespace gapmacs::lisp
