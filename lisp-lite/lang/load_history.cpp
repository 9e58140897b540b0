// load-history and current-load-list (lread.c's build_load_history and
// LOADHIST_ATTACH).
#include "lisp-lite/lang/load_history.hpp"

#include "lisp-lite/lang/builtins.hpp"
#include "lisp-lite/lang/eval.hpp"
#include "lisp-lite/lang/variables.hpp"

namespace gapmacs::lisp {

namespace {

Value load_history_symbol()
{
    return Qload_history;
}

bool loading()
{
    return !nilp(find_symbol_value(Qload_in_progress));
}

} // namespace

Value current_load_list_symbol()
{
    return Qcurrent_load_list;
}

void loadhist_attach(Value entry)
{
    if (!loading())
        return;
    const Value list = current_load_list_symbol();
    set_symbol_value(list, make_cons(entry, find_symbol_value(list)));
}

void loadhist_attach_require(Value feature)
{
    if (!loading())
        return;
    for (Value e = find_symbol_value(current_load_list_symbol()); e.is_cons(); e = xcdr(e))
        if (xcar(e).is_cons() && xcar(xcar(e)) == Qrequire && xcdr(xcar(e)) == feature)
            return;
    loadhist_attach(make_cons(Qrequire, feature));
}

namespace {

// LIST reversed in place (Fnreverse): the load's own list, which nothing
// else holds. Two conses a load, not one per definition: under the
// collector's stress test each allocation is a collection.
Value reverse_in_place(Value list)
{
    Value reversed = Qnil;
    while (list.is_cons()) {
        Value next = xcdr(list);
        list.as_cons()->cdr = reversed;
        reversed = list;
        list = next;
    }
    return reversed;
}

bool names_file(Value entry, Value file)
{
    return entry.is_cons() && stringp(xcar(entry)) && stringp(file) && string_view(xcar(entry)) == string_view(file);
}

} // namespace

void record_load_history(Value file)
{
    Value defs = reverse_in_place(find_symbol_value(current_load_list_symbol()));
    set_symbol_value(current_load_list_symbol(), Qnil);
    // The older entry of the same file goes, spliced out: a file loaded
    // again defines what its last load did.
    Value history = find_symbol_value(load_history_symbol());
    while (history.is_cons() && names_file(xcar(history), file))
        history = xcdr(history);
    for (Value e = history; e.is_cons() && xcdr(e).is_cons();) {
        if (names_file(xcar(xcdr(e)), file))
            e.as_cons()->cdr = xcdr(xcdr(e));
        else
            e = xcdr(e);
    }
    set_symbol_value(load_history_symbol(), make_cons(make_cons(file, defs), history));
}

void register_load_history_builtins()
{
    defvar_builtin("current-load-list", Qnil);
    defvar_builtin("load-history", Qnil);
}

} // namespace gapmacs::lisp
