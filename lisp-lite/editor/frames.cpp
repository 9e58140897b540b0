// Frames and terminals as Emacs 28's frame.c and terminal.c show them to
// Lisp: one terminal frame, "F1", on one terminal, with its parameters and
// its table of frame-local faces (lisp/face-core.el keeps the faces, Emacs's
// own faces.el and frame.el run on these). What the editor's screen draws
// is the UI's; this is the frame Lisp asks about, in batch as in the editor.
#include "lisp-lite/editor/frames.hpp"

#include "buffer/buffer.hpp"
#include "lisp-lite/editor/buffers.hpp"
#include "lisp-lite/editor/modules.hpp"
#include "lisp-lite/editor/symbols.hpp"
#include "lisp-lite/lang/builtins.hpp"
#include "lisp-lite/lang/reader.hpp"

namespace gapmacs::lisp {

namespace {

struct FrameData {
    Value name = Qnil;
    Value parameters = Qnil; // alist, as frame-parameters returns it
    Value faces = Qnil;      // face -> attribute vector (frame--face-hash-table)
};

struct TerminalData {
    Value name = Qnil;
    Value type = Qnil; // $TERM of a tty, nil for batch's initial terminal
    int id = 0;
    int colors = 0;    // what tty-display-color-cells says
};

void mark_frame(ExtObject* o, void (*mark)(Value))
{
    auto* d = static_cast<FrameData*>(o->data);
    mark(d->name);
    mark(d->parameters);
    mark(d->faces);
}
void finalize_frame(ExtObject* o) { delete static_cast<FrameData*>(o->data); }
void print_frame(ExtObject* o, std::string& out)
{
    out += "#<frame " + std::string(string_view(static_cast<FrameData*>(o->data)->name)) + ">";
}
const ExtClass frame_class{"frame", mark_frame, finalize_frame, print_frame};

void mark_terminal(ExtObject* o, void (*mark)(Value))
{
    mark(static_cast<TerminalData*>(o->data)->name);
    mark(static_cast<TerminalData*>(o->data)->type);
}
void finalize_terminal(ExtObject* o) { delete static_cast<TerminalData*>(o->data); }
void print_terminal(ExtObject* o, std::string& out)
{
    auto* d = static_cast<TerminalData*>(o->data);
    out += "#<terminal " + std::to_string(d->id) + " on " + std::string(string_view(d->name)) + ">";
}
const ExtClass terminal_class{"terminal", mark_terminal, finalize_terminal, print_terminal};

// The one frame and its terminal, made at start-up and never deleted.
struct Display {
    Value frame = Qnil;
    Value terminal = Qnil;
};

Display& display()
{
    static Display d;
    return d;
}

bool is_frame(Value v) { return v.is_object() && v.is(Type::Ext) && static_cast<ExtObject*>(v.as_object())->cls == &frame_class; }
bool is_terminal(Value v)
{
    return v.is_object() && v.is(Type::Ext) && static_cast<ExtObject*>(v.as_object())->cls == &terminal_class;
}

FrameData& frame_data(Value frame) { return *static_cast<FrameData*>(static_cast<ExtObject*>(frame.as_object())->data); }

// FRAME, nil meaning the selected frame; anything else is wrong-type-argument
// (framep where Emacs takes a dead frame too, frame-live-p elsewhere).
Value check_frame(Value frame, Value predicate = Qframe_live_p)
{
    if (nilp(frame))
        return display().frame;
    if (!is_frame(frame))
        wrong_type(predicate, frame);
    return frame;
}

Value check_terminal(Value terminal)
{
    if (nilp(terminal) || is_frame(terminal))
        return display().terminal;
    if (!is_terminal(terminal))
        wrong_type(Qterminal_live_p, terminal);
    return terminal;
}

Value f_selected_frame(Args) { return display().frame; }
Value f_frame_list(Args) { return list({display().frame}); }
// A terminal frame: framep and frame-live-p say t (a window system's, its type).
Value f_framep(Args a) { return boolean(is_frame(a[0])); }
Value f_frame_terminal(Args a) { return (void)check_frame(arg(a, 0)), display().terminal; }
Value f_terminal_live_p(Args a) { return boolean(nilp(a[0]) || is_terminal(a[0]) || is_frame(a[0])); }
Value f_terminal_list(Args) { return list({display().terminal}); }
TerminalData& terminal_data(Value terminal)
{
    return *static_cast<TerminalData*>(static_cast<ExtObject*>(check_terminal(terminal).as_object())->data);
}

Value f_terminal_name(Args a) { return terminal_data(arg(a, 0)).name; }
Value f_tty_type(Args a) { return terminal_data(arg(a, 0)).type; }
Value f_tty_display_color_p(Args a) { return boolean(terminal_data(arg(a, 0)).colors > 2); }
Value f_tty_display_color_cells(Args a) { return Value::fixnum(terminal_data(arg(a, 0)).colors); }
Value f_window_frame(Args) { return display().frame; }
// (set-buffer-redisplay SYMBOL NEWVAL OPERATION WHERE): the watcher Emacs's
// frame.el puts on the variables that change how a buffer looks
// (truncate-lines, line-spacing...): WHERE's text, or the current
// buffer's, is drawn again.
Value f_set_buffer_redisplay(Args a)
{
    Buffer* b = live_buffer(a[3]);
    if (!b)
        b = &current();
    b->display_changed(CharPos(1), CharPos(b->size() + 1));
    return Qnil;
}

// A terminal frame has no window system.
Value f_window_system(Args a) { return (void)check_frame(arg(a, 0)), Qnil; }
Value f_frame_visible_p(Args a) { return (void)check_frame(a[0]), Qt; }
Value f_select_frame(Args a) { return check_frame(a[0]); }
// One frame on one terminal: it is always the top one (server.el raises the
// frame a client's file shows in).
Value f_raise_frame(Args a) { return (void)check_frame(arg(a, 0)), Qnil; }
Value f_frame_char_size(Args a) { return (void)check_frame(arg(a, 0)), Value::fixnum(1); }
// A terminal frame has no border, divider or fringe pixels.
Value f_frame_no_pixels(Args a) { return (void)check_frame(arg(a, 0)), Value::fixnum(0); }
Value f_frame_face_hash_table(Args a) { return frame_data(check_frame(arg(a, 0))).faces; }

Value f_frame_parameters(Args a)
{
    return call1(Qcopy_alist, frame_data(check_frame(arg(a, 0), Qframep)).parameters);
}

Value f_frame_parameter(Args a)
{
    Value cell = call2(Qassq, a[1], frame_data(check_frame(a[0], Qframep)).parameters);
    return cdr_safe(cell);
}

void set_parameter(FrameData& d, Value key, Value value)
{
    Value cell = call2(Qassq, key, d.parameters);
    if (consp(cell))
        cell.as_cons()->cdr = value;
    else
        d.parameters = make_cons(make_cons(key, value), d.parameters);
}

// (modify-frame-parameters FRAME ALIST): each (PARAMETER . VALUE) replaces
// the parameter's value, or is added; `name' must be a string.
Value f_modify_frame_parameters(Args a)
{
    FrameData& d = frame_data(check_frame(a[0]));
    for (ListWalker w(a[1]); w.consp(); w.next()) {
        Value pair = w.car();
        if (!consp(pair))
            continue;
        if (xcar(pair) == Qname) {
            if (!nilp(xcdr(pair)))
                check_string(xcdr(pair));
            d.name = nilp(xcdr(pair)) ? make_string("F1") : xcdr(pair);
        }
        set_parameter(d, xcar(pair), xcdr(pair));
    }
    return Qnil;
}

// Emacs's batch frame: a mono terminal frame of 80x25 with a dark background.
Value initial_parameters(Value name)
{
    return list({make_cons(Qtab_bar_lines, Value::fixnum(0)), make_cons(Qmenu_bar_lines, Value::fixnum(1)),
                 make_cons(Qwidth, Value::fixnum(80)), make_cons(Qheight, Value::fixnum(25)), make_cons(Qname, name),
                 make_cons(Qfont, make_string("tty")), make_cons(Qbackground_color, make_string("unspecified-bg")),
                 make_cons(Qforeground_color, make_string("unspecified-fg")), make_cons(Qbackground_mode, Qdark),
                 make_cons(Qdisplay_type, Qmono), make_cons(Qminibuffer, Qt)});
}

// Each object is reachable from a root before the next allocation.
void make_display()
{
    Display& d = display();
    auto* t = new TerminalData;
    d.terminal = Value::object(alloc_ext(Type::Ext, &terminal_class, t));
    t->name = make_string("initial_terminal");
    auto* f = new FrameData;
    d.frame = Value::object(alloc_ext(Type::Ext, &frame_class, f));
    f->name = make_string("F1");
    f->parameters = initial_parameters(f->name);
    f->faces = make_hash_table_with_test(Qeq, 65);
}

constexpr SubrDef frame_subrs[] = {
    {"selected-frame", 0, 0, f_selected_frame},
    {"frame-list", 0, 0, f_frame_list},
    {"visible-frame-list", 0, 0, f_frame_list},
    {"framep", 1, 1, f_framep},
    {"frame-live-p", 1, 1, f_framep},
    {"frame-visible-p", 1, 1, f_frame_visible_p},
    {"raise-frame", 0, 1, f_raise_frame},
    {"lower-frame", 0, 1, f_raise_frame},
    {"select-frame", 1, 2, f_select_frame},
    {"frame-terminal", 0, 1, f_frame_terminal},
    {"terminal-live-p", 1, 1, f_terminal_live_p},
    {"terminal-list", 0, 0, f_terminal_list},
    {"terminal-name", 0, 1, f_terminal_name},
    {"frame-parameters", 0, 1, f_frame_parameters},
    {"frame-parameter", 2, 2, f_frame_parameter},
    {"modify-frame-parameters", 2, 2, f_modify_frame_parameters},
    {"frame-char-width", 0, 1, f_frame_char_size},
    {"frame-char-height", 0, 1, f_frame_char_size},
    {"frame-internal-border-width", 0, 1, f_frame_no_pixels},
    {"frame-scroll-bar-width", 0, 1, f_frame_no_pixels},
    {"frame-scroll-bar-height", 0, 1, f_frame_no_pixels},
    {"frame-fringe-width", 0, 1, f_frame_no_pixels},
    {"frame-border-width", 0, 1, f_frame_no_pixels},
    {"frame--face-hash-table", 0, 1, f_frame_face_hash_table},
    {"window-frame", 0, 1, f_window_frame},
    {"window-system", 0, 1, f_window_system},
    {"set-buffer-redisplay", 4, 4, f_set_buffer_redisplay},
    {"tty-type", 0, 1, f_tty_type},
    {"tty-display-color-p", 0, 1, f_tty_display_color_p},
    {"tty-display-color-cells", 0, 1, f_tty_display_color_cells},
};

} // namespace

void describe_terminal(std::string_view type, int colors)
{
    TerminalData& t = terminal_data(Qnil);
    t.type = make_string_from_utf8(type);
    t.name = make_string("/dev/tty");
    t.colors = colors;
    set_parameter(frame_data(display().frame), Qdisplay_type, colors > 2 ? Qcolor : Qmono);
}

void register_frame_builtins()
{
    add_root(&display().frame);
    add_root(&display().terminal);
    make_display();
    register_subrs(frame_subrs);
}

} // namespace gapmacs::lisp
