#include "ui/keyboard_macro.hpp"

#include "core/error.hpp"
#include "lisp-lite/editor/buffer_locals.hpp"
#include "lisp-lite/lang/builtins.hpp"
#include "lisp-lite/lang/eval.hpp"
#include "ui/editor.hpp"
#include "ui/symbols.hpp"

namespace gapmacs::ui {

using namespace lisp;

namespace {

Value var(const char* name) { return find_symbol_value(intern(name)); }
void set_var(const char* name, Value v) { set_symbol_value(intern(name), v); }

// The recorded events, newest first, while a definition is in progress.
constexpr const char* recording = "gapmacs--kbd-macro-events";

Value as_event_vector(Value macro)
{
    if (symbolp(macro) && !nilp(macro))
        macro = indirect_function(macro);
    if (vectorp(macro) || stringp(macro))
        return macro;
    wrong_type(Qarrayp, macro);
}

Value f_start_kbd_macro(Args a)
{
    if (!nilp(var("defining-kbd-macro")))
        error("Already defining kbd macro");
    Value start = Qnil;
    // APPEND: go on from the last macro's keys, as C-u C-x ( does.
    if (a.size() > 0 && !nilp(a[0]) && !nilp(var("last-kbd-macro")))
        start = call1(Qnreverse, call1(Qappend, make_cons(var("last-kbd-macro"), make_cons(Qnil, Qnil))));
    set_var(recording, start);
    set_var("defining-kbd-macro", Qt);
    message("Defining kbd macro...");
    return Qnil;
}

// The keys of the command that ends the definition (C-x ), F4) were
// recorded as they were typed; they are not part of the macro.
Value recorded_without_this_command()
{
    Value events = call1(Qnreverse, var(recording));
    std::size_t drop = std::size_t(xvector(call0(Qthis_command_keys_vector))->items.size());
    Value v = call1(Qvconcat, events);
    auto& items = xvector(v)->items;
    items.resize(items.size() > drop ? items.size() - drop : 0);
    return v;
}

Value f_end_kbd_macro(Args a)
{
    if (nilp(var("defining-kbd-macro")))
        error("Not defining kbd macro");
    Value macro = recorded_without_this_command();
    set_var("defining-kbd-macro", Qnil);
    set_var(recording, Qnil);
    set_var("last-kbd-macro", macro);
    message("Keyboard macro defined");
    // C-u N C-x ) runs the new macro N-1 more times; 0 until an error.
    if (a.size() > 0 && fixnump(a[0]) && a[0].as_fixnum() != 1)
        call2(Qexecute_kbd_macro, macro,
              Value::fixnum(a[0].as_fixnum() > 0 ? a[0].as_fixnum() - 1 : 0));
    return Qnil;
}

// COUNT 0 repeats until an error (a failing search) ends it, as in Emacs.
Value f_execute_kbd_macro(Args a)
{
    Value macro = as_event_vector(a[0]);
    long count = a.size() < 2 || nilp(a[1]) ? 1 : long(check_fixnum(a[1]));
    SpecScope scope;
    specbind(Qexecuting_kbd_macro, macro);
    specbind(Qexecuting_kbd_macro_index, Value::fixnum(0));
    const long length = long(check_fixnum(call1(Qlength, macro)));
    for (long n = 0; count <= 0 || n < count; ++n) {
        set_var("executing-kbd-macro-index", Value::fixnum(0));
        if (length == 0)
            break;
        Editor::running().start_command_loop();
        while (var("executing-kbd-macro-index").as_fixnum() < length) {
            try {
                Editor::running().run_one_command();
            } catch (const LispSignal& e) {
                // As Emacs's command loop under execute-kbd-macro: C-g in a
                // minibuffer is reported and ends the macro; other errors
                // reach the caller.
                if (e.symbol() != Qminibuffer_quit)
                    throw;
                Editor::running().report_error(e);
                return Qnil;
            }
        }
        Editor::running().macro_ran_out_of_keys();
    }
    return Qnil;
}

Value f_call_last_kbd_macro(Args a)
{
    if (!nilp(var("defining-kbd-macro")))
        error("Can't execute anonymous macro while defining one");
    if (nilp(var("last-kbd-macro")))
        error("No kbd macro has been defined");
    Value count = a.size() < 1 || nilp(a[0]) ? Qnil : call1(Qprefix_numeric_value, a[0]);
    return call2(Qexecute_kbd_macro, var("last-kbd-macro"), count);
}

Value f_store_kbd_macro_event(Args a)
{
    set_var(recording, make_cons(a[0], var(recording)));
    return Qnil;
}

const SubrDef macro_subrs[] = {
    {"start-kbd-macro", 1, 2, f_start_kbd_macro},
    {"end-kbd-macro", 0, 2, f_end_kbd_macro},
    {"execute-kbd-macro", 1, 3, f_execute_kbd_macro},
    {"call-last-kbd-macro", 0, 2, f_call_last_kbd_macro},
    {"store-kbd-macro-event", 1, 1, f_store_kbd_macro_event},
};

const char* const macro_specs[][2] = {
    {"start-kbd-macro", "(interactive \"P\")"},
    {"end-kbd-macro", "(interactive \"p\")"},
    {"call-last-kbd-macro", "(interactive \"P\")"},
};

} // namespace

namespace {

// The index of the executing macro's next event, or -1 when none is
// executing or it has run out.
long next_macro_index()
{
    Value macro = var("executing-kbd-macro");
    if (nilp(macro))
        return -1;
    Value index = var("executing-kbd-macro-index");
    long i = fixnump(index) ? index.as_fixnum() : 0;
    return i < check_fixnum(call1(Qlength, macro)) ? i : -1;
}

} // namespace

Value next_macro_event()
{
    const long i = next_macro_index();
    if (i < 0)
        return Value();
    set_var("executing-kbd-macro-index", Value::fixnum(i + 1));
    return call2(Qaref, var("executing-kbd-macro"), Value::fixnum(i));
}

bool macro_ran_out() { return !nilp(var("executing-kbd-macro")) && next_macro_index() < 0; }

void record_macro_event(Value event)
{
    if (!nilp(var("defining-kbd-macro")))
        set_var(recording, make_cons(event, var(recording)));
}

void cancel_macro_definition()
{
    set_var("defining-kbd-macro", Qnil);
    set_var(recording, Qnil);
}

void register_keyboard_macro_builtins()
{
    register_subrs(macro_subrs);
    for (const auto& [name, spec] : macro_specs) {
        std::size_t pos = 0;
        symbol_put(intern(name), Qinteractive_form, read_from(spec, pos));
    }
    for (const char* name : {"defining-kbd-macro", "last-kbd-macro", "executing-kbd-macro", recording})
        if (default_value(intern(name)) == Qunbound)
            defvar_builtin(name, Qnil);
    if (default_value(Qexecuting_kbd_macro_index) == Qunbound)
        defvar_builtin("executing-kbd-macro-index", Value::fixnum(0));
}

} // namespace gapmacs::ui
