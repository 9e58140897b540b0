// Signalling, the standard error symbols, and Emacs's error message text.
#include <cerrno>
#include <cstring>

#include "core/error.hpp"
#include "lisp-lite/lang/backtrace.hpp"
#include "lisp-lite/lang/builtins.hpp"
#include "lisp-lite/lang/eval.hpp"
#include "lisp-lite/lang/lisp.hpp"

namespace gapmacs::lisp {

LispSignal::LispSignal(Value symbol, Value data) : m_vals{symbol, data}, m_root(m_vals, 2)
{
    record_signal_backtrace(data);
}
LispSignal::LispSignal(const LispSignal& o) : std::exception(o), m_vals{o.m_vals[0], o.m_vals[1]}, m_root(m_vals, 2) {}
LispThrow::LispThrow(Value tag, Value value) : m_vals{tag, value}, m_root(m_vals, 2) {}
LispThrow::LispThrow(const LispThrow& o) : std::exception(o), m_vals{o.m_vals[0], o.m_vals[1]}, m_root(m_vals, 2) {}

void xsignal(Value symbol, Value data) { throw LispSignal(symbol, data); }
void xsignal1(Value symbol, Value a) { xsignal(symbol, make_cons(a, Qnil)); }
void xsignal2(Value symbol, Value a, Value b) { xsignal(symbol, list({a, b})); }
void xsignal3(Value symbol, Value a, Value b, Value c) { xsignal(symbol, list({a, b, c})); }
void wrong_type(Value predicate, Value value) { xsignal2(Qwrong_type_argument, predicate, value); }
void args_out_of_range(Value a, Value b) { xsignal2(Qargs_out_of_range, a, b); }
void args_out_of_range3(Value a, Value b, Value c) { xsignal3(Qargs_out_of_range, a, b, c); }
void error(std::string_view message) { xsignal1(Qerror, make_string(message)); }

void signal_core_error(const std::exception& e)
{
    if (auto* fe = dynamic_cast<const FileError*>(&e)) {
        // Emacs's data: (ACTION STRERROR FILE); the message is
        // "ACTION: STRERROR, FILE".
        std::string what = fe->what();
        std::string action = what.substr(0, what.find(':'));
        xsignal3(intern(fe->symbol()), make_string_from_utf8(action),
                 make_string_from_utf8(std::strerror(fe->errno_value())), make_string_from_utf8(fe->file()));
    }
    if (auto* ge = dynamic_cast<const Error*>(&e)) {
        // A regexp match stopped by C-g: Emacs's quit, which takes the flag.
        if (ge->symbol() == std::string_view("quit")) {
            maybe_quit();
            xsignal(Qquit, Qnil);
        }
        xsignal1(intern(ge->symbol()), make_string_from_utf8(ge->what()));
    }
    if (auto* ls = dynamic_cast<const LispSignal*>(&e))
        throw *ls;
    error(std::string("Internal error: ") + e.what());
}

LispSignal caught_error()
{
    try {
        throw;
    } catch (const LispSignal& s) {
        return s;
    } catch (const LispThrow&) {
        throw;
    } catch (const std::bad_alloc&) {
        return memory_exhausted_error();
    } catch (const std::exception& e) {
        try {
            signal_core_error(e);
        } catch (const LispSignal& s) {
            return s;
        }
    }
}

LispSignal memory_exhausted_error(std::string_view message)
{
    return LispSignal(Qerror, list({make_string(message)}));
}

bool error_matches(Value error_symbol, Value handler_conditions)
{
    Value conditions = symbolp(error_symbol) ? xsymbol(error_symbol)->plist : Qnil;
    Value found = Qnil;
    for (Value p : plist_pairs(conditions))
        if (xcar(p) == Qerror_conditions) {
            found = xcar(xcdr(p));
            break;
        }
    auto matches_one = [&](Value cond) {
        if (cond == Qt)
            return true;
        for (Value c : tails(found))
            if (xcar(c) == cond)
                return true;
        return false;
    };
    if (symbolp(handler_conditions))
        return !nilp(handler_conditions) && matches_one(handler_conditions);
    for (Value h : tails(handler_conditions))
        if (matches_one(xcar(h)))
            return true;
    return false;
}

namespace {

Value get_prop(Value sym, Value prop)
{
    if (!symbolp(sym))
        return Qnil;
    for (Value p : plist_pairs(xsymbol(sym)->plist))
        if (xcar(p) == prop)
            return xcar(xcdr(p));
    return Qnil;
}

// A new property goes at the end of the plist, as Emacs's `put' does
// (symbol-plist shows properties in the order they were first put).
void put_prop(Value sym, Value prop, Value val)
{
    Symbol* s = xsymbol(sym);
    Value last = Qnil;
    for (Value p : plist_pairs(s->plist)) {
        if (xcar(p) == prop) {
            xcdr(p).as_cons()->car = val;
            return;
        }
        last = p;
    }
    if (nilp(last)) { // empty (or a malformed one-element plist, kept)
        s->plist = make_cons(prop, make_cons(val, s->plist));
        return;
    }
    Value cell = make_cons(prop, make_cons(val, Qnil));
    xcdr(last).as_cons()->cdr = cell;
}

struct StandardError {
    const char* name;
    const char* message;
    const char* parents[4];
};

// Emacs 28's error-message texts (substitute-command-keys curves the
// quotes when printing) and condition chains.
const StandardError standard_errors[] = {
    {"error", "error", {}},
    {"quit", "Quit", {}},
    // Emacs 28: C-g leaving a minibuffer; a keyboard macro's command loop
    // handles it.
    {"minibuffer-quit", "Quit", {"quit"}},
    {"redisplay-interrupted", "Redisplay interrupted by input", {"quit"}},
    {"user-error", "", {"error"}},
    {"wrong-type-argument", "Wrong type argument", {"error"}},
    {"args-out-of-range", "Args out of range", {"error"}},
    {"void-variable", "Symbol's value as variable is void", {"error"}},
    {"void-function", "Symbol's function definition is void", {"error"}},
    {"invalid-function", "Invalid function", {"error"}},
    {"wrong-number-of-arguments", "Wrong number of arguments", {"error"}},
    {"setting-constant", "Attempt to set a constant symbol", {"error"}},
    {"arith-error", "Arithmetic error", {"error"}},
    {"range-error", "Arithmetic range error", {"arith-error", "error"}},
    {"domain-error", "Arithmetic domain error", {"arith-error", "error"}},
    {"overflow-error", "Arithmetic overflow error", {"range-error", "arith-error", "error"}},
    {"end-of-file", "End of file during parsing", {"error"}},
    {"invalid-read-syntax", "Invalid read syntax", {"error"}},
    {"no-catch", "No catch for tag", {"error"}},
    {"file-error", "File error", {"error"}},
    {"file-missing", "File is missing", {"file-error", "error"}},
    {"remote-file-error", "Remote file error", {"file-error", "error"}},
    {"file-already-exists", "File already exists", {"file-error", "error"}},
    {"permission-denied", "Cannot access file or directory", {"file-error", "error"}},
    {"file-date-error", "Cannot set file date", {"file-error", "error"}},
    {"file-notify-error", "File notification error", {"file-error", "error"}},
    {"coding-system-error", "Invalid coding system", {"error"}},
    {"excessive-lisp-nesting", "Lisp nesting exceeds `max-lisp-eval-depth'", {"error"}},
    {"cl-assertion-failed", "Assertion failed", {"error"}},
    {"buffer-read-only", "Buffer is read-only", {"error"}},
    {"beginning-of-buffer", "Beginning of buffer", {"error"}},
    {"end-of-buffer", "End of buffer", {"error"}},
    {"search-failed", "Search failed", {"error"}},
    {"invalid-regexp", "Invalid regexp", {"error"}},
    {"scan-error", "Scan error", {"error"}},
    {"circular-list", "List contains a loop", {"error"}},
    {"wrong-length-argument", "Wrong length argument", {"error"}},
    {"cyclic-function-indirection", "Symbol's chain of function indirections contains a loop", {"error"}},
    {"cyclic-variable-indirection", "Symbol's chain of variable indirections contains a loop", {"error"}},
    {"text-read-only", "Text is read-only", {"buffer-read-only", "error"}},
    {"mark-inactive", "The mark is not active now", {"error"}},
    {"inhibited-interaction", "User interaction while inhibited", {"error"}},
    {"json-error", "generic json error", {"error"}},
    {"json-out-of-memory", "not enough memory for creating JSON object", {"json-error", "error"}},
    {"json-parse-error", "could not parse JSON stream", {"json-error", "error"}},
    {"json-end-of-file", "end of JSON stream", {"json-parse-error", "json-error", "error"}},
    {"json-trailing-content", "trailing content after JSON stream", {"json-parse-error", "json-error", "error"}},
    {"json-object-too-deep", "object cyclic or Lisp evaluation too deep", {"json-error", "error"}},
};

// In a reporter (may_signal false) an item that cannot be printed (nested
// deeper than the printer's 200 levels) is printed again with print-level 8
// and print-length 50, as Emacs's debugger shows such data.
void print_error_item(std::string& out, Value obj, bool princ, bool may_signal)
{
    if (may_signal) {
        print_value(out, obj, !princ);
        return;
    }
    std::string item;
    try {
        print_value(item, obj, !princ);
    } catch (const LispSignal&) {
        item.clear();
        print_value_limited(item, obj, !princ, 8, 50);
    }
    out += item;
}

} // namespace

Value symbol_get(Value sym, Value prop) { return get_prop(sym, prop); }
void symbol_put(Value sym, Value prop, Value val) { put_prop(sym, prop, val); }

void define_standard_errors()
{
    for (const auto& e : standard_errors) {
        Value sym = intern(e.name);
        Value conds = Qnil;
        for (int i = 3; i >= 0; --i)
            if (e.parents[i])
                conds = make_cons(intern(e.parents[i]), conds);
        conds = make_cons(sym, conds);
        put_prop(sym, Qerror_conditions, conds);
        put_prop(sym, Qerror_message, make_string(e.message));
    }
}

namespace {
std::string error_message_string_items(Value err, bool may_signal = false);
}

std::string error_message_string(Value err, bool may_signal)
{
    if (!may_signal) {
        // A reporter must report: nothing here may throw (batch mode used
        // to abort, rc 134, when printing the data signalled).
        try {
            return error_message_string(err, true);
        } catch (const LispSignal&) {
        } catch (const std::bad_alloc&) {
        }
        try {
            return error_message_string_items(err);
        } catch (...) {
            return "peculiar error";
        }
    }
    return error_message_string_items(err, may_signal);
}

namespace {

std::string error_message_string_items(Value err, bool may_signal)
{
    std::string out;
    Value errname = car_safe(err);
    Value data = err;
    Value errmsg;
    bool file_error = false;
    if (errname == Qerror) {
        data = cdr_safe(data);
        if (!data.is_cons())
            data = Qnil;
        errmsg = car_safe(data);
    } else {
        Value conditions = get_prop(errname, Qerror_conditions);
        errmsg = get_prop(errname, Qerror_message);
        if (stringp(errmsg))
            errmsg = make_string(curve_quotes(string_view(errmsg)));
        for (Value c : tails(conditions))
            if (xcar(c) == Qfile_error)
                file_error = true;
    }
    Value tail = cdr_safe(data);
    if (file_error && tail.is_cons()) {
        errmsg = xcar(tail);
        tail = xcdr(tail);
    }
    const char* sep = ": ";
    if (!stringp(errmsg))
        out += "peculiar error";
    else if (!string_view(errmsg).empty())
        print_value(out, errmsg, false);
    else
        sep = nullptr;
    bool princ = file_error || errname == Qend_of_file || errname == Quser_error;
    // Circular data: (circular-list ...) from the Lisp function, as Emacs's
    // FOR_EACH_TAIL; a reporter prints what it walked, then "...".
    ListWalker w(tail, !may_signal);
    for (; w.consp(); w.next()) {
        if (sep)
            out += sep;
        sep = ", ";
        print_error_item(out, w.car(), princ, may_signal);
    }
    if (w.cycled())
        out += ", ...";
    return out;
}

} // namespace

} // namespace gapmacs::lisp
