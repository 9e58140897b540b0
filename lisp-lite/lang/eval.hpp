// Evaluator internals shared by the builtins: the lexical environment, the
// specpdl (dynamic bindings, shallow: the symbol's value cell holds the
// current binding and the specpdl the saved ones), the argument stack, and
// the catch-tag stack.
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

#include "lisp-lite/lang/lisp.hpp"

namespace gapmacs::lisp {

// The current lexical environment: an alist ((VAR . VAL) ... t), a bare
// symbol marking a locally special variable, or nil (dynamic binding).
extern Value g_lexenv;

// Saves and restores g_lexenv around a scope (exceptions included).
class LexenvScope {
public:
    LexenvScope() : m_saved(g_lexenv) {}
    explicit LexenvScope(Value env) : m_saved(g_lexenv) { g_lexenv = env; }
    // The barrier keeps GCC 12 -O3 from dropping this store on the
    // exception path (observed: the landing pad skipped it).
    ~LexenvScope()
    {
        g_lexenv = m_saved;
        asm volatile("" ::: "memory");
    }
    LexenvScope(const LexenvScope&) = delete;
    LexenvScope& operator=(const LexenvScope&) = delete;

private:
    Value m_saved;
};

// Dynamic binding. specbind saves the symbol's value and sets the new one;
// unbind_to restores down to a depth. SpecScope does it on scope exit.
std::size_t specpdl_depth();
void specbind(Value sym, Value value);
void unbind_to(std::size_t depth);
// Is a let of sym's default value (or of its local binding) in BUFFER
// active? Setting an automatically-local variable then sets that binding
// instead of making a new local one, as in Emacs.
bool let_shadows_buffer_binding(Value sym, Value buffer);
// Is sym dynamically bound by an active let?
bool let_bound_p(Value sym);
// The default value outside every let (default-toplevel-value), and setting it.
Value default_toplevel_value(Value sym);
void set_default_toplevel_value(Value sym, Value value);
class SpecScope {
public:
    SpecScope() : m_depth(specpdl_depth()) {}
    ~SpecScope()
    {
        unbind_to(m_depth);
        asm volatile("" ::: "memory"); // see ~LexenvScope
    }
    SpecScope(const SpecScope&) = delete;
    SpecScope& operator=(const SpecScope&) = delete;

private:
    std::size_t m_depth;
};

// The argument stack: a precise root, so arguments being evaluated survive
// collections. Frames are popped by ArgFrame's destructor.
struct ArgStack {
    Value* base = nullptr;
    std::size_t top = 0;
    std::size_t capacity = 0;
};
extern ArgStack g_args;
void push_arg(Value v);
class ArgFrame {
public:
    ArgFrame() : m_top(g_args.top) {}
    ~ArgFrame()
    {
        g_args.top = m_top;
        asm volatile("" ::: "memory");
    }
    ArgFrame(const ArgFrame&) = delete;
    ArgFrame& operator=(const ArgFrame&) = delete;
    Value* args() const { return g_args.base + m_top; }
    std::size_t count() const { return g_args.top - m_top; }

private:
    std::size_t m_top;
};

// Evaluates body forms in sequence; nil for an empty body.
Value progn(Value body);
// Calls a closure or lambda list with evaluated args.
Value funcall_lambda(Value fn, const Value* args, std::size_t n);
// Binds a lambda list's PARAMS to ARGS: onto LEXENV (returned) when it is
// non-nil, else dynamically (the caller's SpecScope unbinds). FUN names the
// function in the errors.
Value bind_lambda_list(Value params, const Value* args, std::size_t n, Value lexenv, Value fun);
// Macro expansion of one form (once / repeatedly); returns form unchanged
// when its head is not a macro.
Value macroexpand_1(Value form, Value env);
Value macroexpand(Value form, Value env);
Value macroexpand_all(Value form, Value env);
// What a load's expansions depend on (the load cache's record): the
// interned symbols whose global macro definitions macroexpand_1 expanded.
struct MacroUses {
    std::vector<Value> macros;
};
// While one lives, macroexpand_1 records into USES. Scopes nest; the
// innermost records.
class MacroUseRecorder {
public:
    explicit MacroUseRecorder(MacroUses& uses);
    ~MacroUseRecorder();
    MacroUseRecorder(const MacroUseRecorder&) = delete;
    MacroUseRecorder& operator=(const MacroUseRecorder&) = delete;

private:
    MacroUses* m_saved;
};
// Autoload objects, (autoload FILE DOC INTERACTIVE TYPE) (builtins_io.cpp):
// loads FILE and returns FUNNAME's new definition; with MACRO-ONLY `macro',
// only a macro (or TYPE t) autoload is loaded.
bool autoloadp(Value v);
Value autoload_do_load(Value fundef, Value funname, Value macro_only);
// What the C++'s tables of autoloads (the bundled files', the preloaded
// index's) make a function: (autoload FILE nil INTERACTIVE TYPE), as
// `autoload' stores it.
enum class AutoloadKind : std::uint8_t { function, command, macro };
Value make_autoload(std::string_view file, AutoloadKind kind);
// The language's last module: the autoloads of the ;;;###autoload cookies
// in lisp/ (bundled_autoloads.cpp).
void register_bundled_autoloads();

// Checks the nesting depth and the C++ stack; signals Emacs's
// "Lisp nesting exceeds" error.
class DepthGuard {
public:
    DepthGuard();
    ~DepthGuard()
    {
        --s_depth;
        asm volatile("" ::: "memory"); // see ~LexenvScope
    }
    DepthGuard(const DepthGuard&) = delete;
    DepthGuard& operator=(const DepthGuard&) = delete;
    static std::int64_t s_depth;
};

// Dynamic extent of catch tags, so throw can signal no-catch up front.
void push_catch_tag(Value tag);
void pop_catch_tag();
bool catch_tag_active(Value tag);
// A catch tag's extent as a scope (catch, the command loop's exit and
// top-level).
class CatchScope {
public:
    explicit CatchScope(Value tag) { push_catch_tag(tag); }
    ~CatchScope()
    {
        pop_catch_tag();
        asm volatile("" ::: "memory"); // see ~LexenvScope
    }
    CatchScope(const CatchScope&) = delete;
    CatchScope& operator=(const CatchScope&) = delete;
};

// Modules of the language (modules.cpp).
void init_obarray(); // nil, t, the well-known symbols (symbols.cpp)
void init_evaluator();
void define_standard_errors();
void define_standard_variables();
void load_prelude();
// A built-in variable: interned, special, with an initial value.
Value defvar_builtin(const char* name, Value value);
Value make_uninterned_symbol(std::string_view name);
void unintern_symbol(Value sym);
void map_obarray(void (*fn)(Value, void*), void* ctx);

// Does the condition list of error SYMBOL include `handler_cond`?
bool error_matches(Value error_symbol, Value handler_conditions);

} // namespace gapmacs::lisp

namespace gapmacs::lisp {
// Symbol property lists (get / put).
Value symbol_get(Value sym, Value prop);
void symbol_put(Value sym, Value prop, Value val);
} // namespace gapmacs::lisp
