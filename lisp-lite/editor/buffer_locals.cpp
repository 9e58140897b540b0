// Buffer-local variables (see buffer_locals.hpp for the design): the
// buffers' side of the language's LocalBindings, and the builtins
// make-local-variable, buffer-local-value, local-variable-p,
// local-variable-if-set-p, buffer-local-variables, kill-local-variable,
// kill-all-local-variables; setq-local and defvar-local are macros in the
// prelude.
#include "lisp-lite/editor/buffer_locals.hpp"

#include <vector>

#include "core/error.hpp"
#include "lisp-lite/editor/buffers.hpp"
#include "lisp-lite/editor/coding_names.hpp"
#include "lisp-lite/editor/modules.hpp"
#include "lisp-lite/editor/symbols.hpp"
#include "lisp-lite/lang/builtins.hpp"
#include "lisp-lite/lang/eval.hpp"
#include "lisp-lite/lang/hooks.hpp"
#include "lisp-lite/lang/preloaded_index.hpp"

namespace gapmacs::lisp {

namespace {

constexpr std::uint8_t F_FORWARDED = Symbol::forwarded_flag;
constexpr std::uint8_t F_LOCALIZED = Symbol::localized_flag;
constexpr std::uint8_t F_LOCAL_IF_SET = Symbol::local_if_set_flag;
constexpr std::uint8_t F_LOADED = Symbol::loaded_flag;
constexpr std::uint8_t F_ALWAYS = Symbol::always_local_flag;

// Forwarded variables: the value is a field of the C++ Buffer. Symbol::m_aux
// indexes this table.
struct Forward {
    Value (*get)(Buffer&);
    void (*set)(Buffer&, Value);
};
std::vector<Forward> g_forwards;
std::vector<Value> g_forwarded_syms; // interned, so rooted by the obarray

// Always-local variables that are not forwarded: every buffer gets a cell.
std::vector<Value> g_always_local;

const Forward& forward_of(Symbol* s) { return g_forwards[s->m_aux]; }

Value buffer_file_name_get(Buffer& b) { return b.file_name().empty() ? Qnil : make_string_from_utf8(b.file_name()); }
void buffer_file_name_set(Buffer& b, Value v)
{
    if (!nilp(v) && !stringp(v))
        wrong_type(Qstringp, v);
    b.set_file_name(nilp(v) ? std::string() : os_string(v));
}
// Only set-buffer-multibyte changes it (it converts the text); setq
// signals as in Emacs.
Value multibyte_get(Buffer& b) { return boolean(buffer_multibyte(buffer_object(&b))); }
void multibyte_set(Buffer&, Value) { xsignal1(Qsetting_constant, Qenable_multibyte_characters); }
Value buffer_read_only_get(Buffer& b) { return boolean(b.read_only()); }
void buffer_read_only_set(Buffer& b, Value v) { b.set_read_only(!nilp(v)); }
// An undecided end-of-line is written as unix (write-region), so that is
// what the variable says, as Emacs's default utf-8-unix does.
Value coding_get(Buffer& b)
{
    const CodingSystem& cs = b.coding();
    return intern(cs.eol == Eol::Undecided ? cs.with_eol(Eol::Unix).name() : cs.name());
}
void coding_set(Buffer& b, Value v)
{
    if (nilp(v)) {
        b.set_coding(find_coding_system("utf-8"));
        return;
    }
    b.set_coding(coding_system_of(v));
}

Value defvar_forwarded(const char* name, Value (*get)(Buffer&), void (*set)(Buffer&, Value), Value dflt)
{
    Value sym = intern(name);
    Symbol* s = xsymbol(sym);
    s->m_flags |= Symbol::special_flag | F_FORWARDED | F_ALWAYS | F_LOCALIZED;
    s->m_aux = static_cast<std::uint32_t>(g_forwards.size());
    g_forwards.push_back({get, set});
    g_forwarded_syms.push_back(sym);
    s->value = Qunbound;
    s->default_value = dflt;
    return sym;
}

Value assq_cell(Value sym, Value alist)
{
    for (ListWalker alist_walk(alist); alist_walk.consp(); alist_walk.next(), alist = alist_walk.tail())
        if (xcar(xcar(alist)) == sym)
            return xcar(alist);
    return Qnil;
}

// Makes sym local in the current buffer (not yet local, not forwarded).
void add_local(Value sym)
{
    Symbol* s = xsymbol(sym);
    Value cell = cons(sym, Qnil);
    Value& alist = buffer_locals(current_buffer());
    alist = cons(cell, alist);
    s->m_flags |= F_LOCALIZED | F_LOADED;
    s->default_value = s->value;
}

void remove_local(Value sym)
{
    Symbol* s = xsymbol(sym);
    Value& alist = buffer_locals(current_buffer());
    Value prev = Qnil;
    for (Value tail = alist; tail.is_cons(); prev = tail, tail = xcdr(tail))
        if (xcar(xcar(tail)) == sym) {
            if (nilp(prev))
                alist = xcdr(tail);
            else
                prev.as_cons()->cdr = xcdr(tail);
            break;
        }
    s->value = s->default_value;
    s->default_value = Value();
    s->m_flags &= static_cast<std::uint8_t>(~F_LOADED);
}

Value check_void(Value sym, Value v)
{
    if (v == Qunbound)
        xsignal1(Qvoid_variable, sym);
    return v;
}

// A buffer argument (nil: the current buffer). A killed buffer is
// accepted: it has no local bindings left.
Value buffer_arg(Value v)
{
    if (nilp(v))
        return current_buffer();
    if (!bufferp(v))
        wrong_type(Qbufferp, v);
    return v;
}

// ---- builtins ----

// make-local-variable of an alias acts on the variable it names, as in
// Emacs.
Value f_make_local_variable(Args args)
{
    const Value var = localizable_variable(args[0]);
    if (local_in_current_buffer(var))
        return var;
    // A variable of Emacs's preloaded files is defined before its local
    // binding is made, so the binding starts from its default as in Emacs.
    if (find_symbol_value(var) == Qunbound)
        load_preloaded_variable(var);
    // Emacs's warning: a let of the default made in this buffer will
    // restore the default, not this binding. Emacs 28 gives it only for a
    // variable already local somewhere and not local-if-set: a let of a
    // plain variable, or one in another buffer, says nothing (load's let of
    // lexical-binding while a file's -*- line sets it in a temp buffer).
    if ((xsymbol(var)->m_flags & (F_LOCALIZED | F_LOCAL_IF_SET)) == F_LOCALIZED && let_shadows_buffer_binding(var, current_buffer()))
        message("Making " + symbol_name(var) + " buffer-local while locally let-bound!");
    add_local(var);
    return var;
}

Value f_local_variable_p(Args a)
{
    check_symbol(a[0]);
    Value buffer = buffer_arg(a[1]);
    return boolean(live_buffer(buffer) && local_variable_p(a[0], buffer));
}

Value f_local_variable_if_set_p(Args a)
{
    Symbol* s = check_symbol(a[0]);
    if (s->m_flags & (F_LOCAL_IF_SET | F_ALWAYS))
        return Qt;
    Value buffer = buffer_arg(a[1]);
    return boolean(live_buffer(buffer) && local_variable_p(a[0], buffer));
}

// (variable-binding-locus VARIABLE): the current buffer when VARIABLE's
// binding in effect is its local one, else nil (data.c).
Value f_variable_binding_locus(Args a)
{
    check_symbol(a[0]);
    const Value variable = indirect_variable(a[0]);
    const Value buffer = current_buffer();
    return local_variable_p(variable, buffer) ? buffer : Qnil;
}

Value f_buffer_local_value(Args a)
{
    check_symbol(a[0]);
    if (!bufferp(a[1]))
        wrong_type(Qbufferp, a[1]);
    // A killed buffer has no local bindings left: the default, as in Emacs.
    if (!live_buffer(a[1]))
        return check_void(a[0], default_value(a[0]));
    return check_void(a[0], buffer_local_value(a[0], a[1]));
}

Value f_buffer_local_variables(Args a)
{
    Value buffer = buffer_arg(a[0]);
    if (!live_buffer(buffer))
        return Qnil;
    bool is_current = buffer == current_buffer();
    RootedVector out;
    for (Value tail : tails(buffer_locals(buffer))) {
        Value sym = xcar(xcar(tail));
        Value v = is_current ? xsymbol(sym)->value : xcdr(xcar(tail));
        out.push_back(v == Qunbound ? sym : cons(sym, v));
    }
    Buffer& b = check_live_buffer(buffer);
    for (Value sym : g_forwarded_syms)
        out.push_back(cons(sym, forward_of(xsymbol(sym)).get(b)));
    Value result = Qnil;
    for (std::size_t i = out.size(); i-- > 0;)
        result = cons(out[i], result);
    return result;
}

Value f_kill_local_variable(Args a)
{
    Symbol* s = check_symbol(a[0]);
    if (s->m_flags & F_ALWAYS)
        return a[0];
    if (s->loaded())
        remove_local(a[0]);
    return a[0];
}

// Emacs's reset_buffer_local_variables (permanent_too = false) after
// change-major-mode-hook.
Value f_kill_all_local_variables(Args)
{
    run_hook(Qchange_major_mode_hook);
    buffer_syntax_table(current_buffer()) = Qnil;
    Value permanent_local = Qpermanent_local;
    Value permanent_local_hook = Qpermanent_local_hook;
    // Collect first: killing edits the alist.
    RootedVector syms;
    for (Value tail : tails(buffer_locals(current_buffer())))
        syms.push_back(xcar(xcar(tail)));
    for (std::size_t i = 0; i < syms.size(); ++i) {
        Value sym = syms[i];
        Symbol* s = xsymbol(sym);
        if (s->m_flags & F_ALWAYS)
            continue;
        Value prop = symbol_get(sym, permanent_local);
        if (nilp(prop)) {
            remove_local(sym);
            continue;
        }
        if (prop == permanent_local_hook && s->value.is_cons()) {
            // A partially permanent hook keeps only t and the functions
            // marked permanent-local-hook.
            RootedVector keep;
            for (Value f : tails(s->value)) {
                Value fn = xcar(f);
                if (fn == Qt || (symbolp(fn) && !nilp(symbol_get(fn, permanent_local_hook))))
                    keep.push_back(fn);
            }
            Value v = Qnil;
            for (std::size_t i = keep.size(); i-- > 0;)
                v = cons(keep[i], v);
            s->value = v;
        }
    }
    set_internal(Qmajor_mode, Qfundamental_mode);
    set_internal(Qmode_name, make_string("Fundamental"));
    return Qnil;
}

const SubrDef buffer_local_subrs[] = {
    {"make-local-variable", 1, 1, f_make_local_variable},
    {"local-variable-p", 1, 2, f_local_variable_p},
    {"variable-binding-locus", 1, 1, f_variable_binding_locus},
    {"local-variable-if-set-p", 1, 2, f_local_variable_if_set_p},
    {"buffer-local-value", 2, 2, f_buffer_local_value},
    {"buffer-local-variables", 0, 1, f_buffer_local_variables},
    {"kill-local-variable", 1, 1, f_kill_local_variable},
    {"kill-all-local-variables", 0, 0, f_kill_all_local_variables},
};

} // namespace

bool local_variable_p(Value sym, Value buffer)
{
    Symbol* s = xsymbol(sym);
    if (variable_alias_p(s))
        return local_variable_p(s->default_value, buffer);
    if (forwarded(s))
        return live_buffer(buffer) != nullptr;
    if (!s->localized())
        return false;
    if (buffer == current_buffer())
        return s->loaded();
    return !nilp(assq_cell(sym, buffer_locals(buffer)));
}

Value buffer_local_value(Value sym, Value buffer)
{
    Symbol* s = xsymbol(sym);
    if (variable_alias_p(s))
        return buffer_local_value(s->default_value, buffer);
    if (forwarded(s))
        return forward_of(s).get(check_live_buffer(buffer));
    if (buffer == current_buffer())
        return s->value;
    if (s->localized()) {
        Value cell = assq_cell(sym, buffer_locals(buffer));
        if (!nilp(cell))
            return xcdr(cell);
    }
    return default_value(sym);
}

void set_buffer_local_value(Value sym, Value buffer, Value value)
{
    Symbol* s = xsymbol(sym);
    if (variable_alias_p(s))
        return set_buffer_local_value(s->default_value, buffer, value);
    if (forwarded(s)) {
        forward_of(s).set(check_live_buffer(buffer), value == Qunbound ? Qnil : value);
        return;
    }
    if (buffer == current_buffer()) {
        if (s->loaded())
            s->value = value;
        else
            set_default(sym, value);
        return;
    }
    Value cell = assq_cell(sym, buffer_locals(buffer));
    if (!nilp(cell))
        cell.as_cons()->cdr = value;
    else
        set_default(sym, value);
}

void swap_out_locals(Value buffer)
{
    for (Value tail : tails(buffer_locals(buffer))) {
        Cons* cell = xcar(tail).as_cons();
        Symbol* s = xsymbol(cell->car);
        cell->cdr = s->value;
        s->value = s->default_value;
        s->default_value = Value();
        s->m_flags &= static_cast<std::uint8_t>(~F_LOADED);
    }
}

void swap_in_locals(Value buffer)
{
    for (Value tail : tails(buffer_locals(buffer))) {
        Cons* cell = xcar(tail).as_cons();
        Symbol* s = xsymbol(cell->car);
        s->default_value = s->value;
        s->value = cell->cdr;
        cell->cdr = Qnil; // the value cell is authoritative while current
        s->m_flags |= F_LOADED;
    }
}

void init_buffer_locals(Value buffer, Value creator)
{
    Value& alist = buffer_locals(buffer);
    for (Value sym : g_always_local) {
        Value v = default_value(sym);
        if (sym == Qdefault_directory && !creator.is_empty() && live_buffer(creator))
            v = buffer_local_value(sym, creator);
        alist = cons(cons(sym, v), alist);
    }
}

void drop_buffer_locals(Value buffer) { buffer_locals(buffer) = Qnil; }

Value defvar_per_buffer(const char* name, Value dflt, bool always_local)
{
    Value sym = intern(name);
    Symbol* s = xsymbol(sym);
    s->m_flags |= Symbol::special_flag | F_LOCALIZED;
    if (!always_local) {
        s->m_flags |= F_LOCAL_IF_SET;
        set_default(sym, dflt);
        return sym;
    }
    s->m_flags |= F_ALWAYS;
    g_always_local.push_back(sym);
    // Buffers that already exist get their binding now.
    for (Value b : buffer_list()) {
        if (b == current_buffer()) {
            if (!s->loaded()) {
                Value keep = s->value == Qunbound ? dflt : s->value;
                s->value = dflt;
                add_local(sym);
                s->value = keep;
            }
        } else {
            Value& alist = buffer_locals(b);
            alist = cons(cons(sym, dflt), alist);
        }
    }
    if (s->loaded())
        s->default_value = dflt;
    return sym;
}

namespace {

// The places of local bindings are buffers.
class BufferBindings final : public LocalBindings {
public:
    Value current_place() override { return current_buffer(); }
    bool has_local(Value sym, Value place) override
    {
        return live_buffer(place) && local_variable_p(sym, place);
    }
    void set_local(Value sym, Value place, Value value) override { set_buffer_local_value(sym, place, value); }
    void make_local(Value sym) override { add_local(sym); }
    Value forwarded_value(Symbol* s) override { return forward_of(s).get(current()); }
    void set_forwarded_value(Symbol* s, Value value) override { forward_of(s).set(current(), value); }
};

BufferBindings g_buffer_bindings;

} // namespace

void register_buffer_local_builtins()
{
    install_local_bindings(g_buffer_bindings);
    register_subrs(buffer_local_subrs);
}

void define_per_buffer_variables()
{
    defvar_forwarded("buffer-read-only", buffer_read_only_get, buffer_read_only_set, Qnil);
    defvar_forwarded("buffer-file-name", buffer_file_name_get, buffer_file_name_set, Qnil);
    defvar_forwarded("buffer-file-coding-system", coding_get, coding_set, Qutf_8_unix);
    defvar_forwarded("enable-multibyte-characters", multibyte_get, multibyte_set, Qt);
    // default-directory keeps the value start-up gave it, in *scratch* and
    // as the default.
    defvar_per_buffer("default-directory", default_value(Qdefault_directory), true);
    defvar_per_buffer("major-mode", Qfundamental_mode, true);
    defvar_per_buffer("mode-name", make_string("Fundamental"), true);
    defvar_per_buffer("mark-active", Qnil, true);
    // Emacs's buffer slots that kill-all-local-variables leaves alone (a
    // major mode must not forget the file a buffer visits).
    defvar_per_buffer("buffer-file-truename", Qnil, true);
    defvar_per_buffer("buffer-auto-save-file-name", Qnil, true);
    defvar_per_buffer("buffer-file-format", Qnil, true);
    defvar_per_buffer("buffer-auto-save-file-format", Qt, true);
    defvar_per_buffer("buffer-saved-size", Value::fixnum(0), true);
    defvar_per_buffer("buffer-backed-up", Qnil, true);
    defvar_per_buffer("buffer-display-count", Value::fixnum(0), true);
    defvar_per_buffer("buffer-display-time", Qnil, true);
    defvar_per_buffer("point-before-scroll", Qnil, true);
    // lread.c makes it buffer-local when set, as a file's -*- line sets it.
    defvar_per_buffer("lexical-binding", default_value(Qlexical_binding), false);
    defvar_per_buffer("tab-width", Value::fixnum(8), false);
    defvar_per_buffer("truncate-lines", Qnil, false);
    defvar_per_buffer("fill-column", Value::fixnum(70), false);
    defvar_per_buffer("indent-tabs-mode", Qt, false);
    defvar_per_buffer("case-fold-search", Qt, false);
    defvar_per_buffer("left-margin", Value::fixnum(0), false);
    defvar_per_buffer("word-wrap", Qnil, false);
    defvar_per_buffer("local-abbrev-table", Qnil, false);
    defvar_per_buffer("auto-fill-function", Qnil, false);
    defvar_per_buffer("overwrite-mode", Qnil, false);
    defvar_per_buffer("selective-display", Qnil, false);
    defvar_per_buffer("deactivate-mark", Qnil, false);
}

} // namespace gapmacs::lisp
