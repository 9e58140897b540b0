// The windows of the editor layer alone (a program with no UI above it, as
// its tests). Emacs's batch frame has a window of 80x24 on *scratch* and a
// one-line minibuffer window, and libraries ask them their size (Calc lays
// out its results to `window-width'), their buffer and their point. The UI
// registers its own windows under the same names (ui/ui_builtins.cpp) after
// these, in batch mode too; batch_window_subrs() is the list it must cover,
// which a UI test checks.
#include "lisp-lite/editor/batch_window.hpp"

#include "lisp-lite/editor/buffers.hpp"
#include "lisp-lite/editor/modules.hpp"
#include "lisp-lite/editor/symbols.hpp"
#include "lisp-lite/lang/builtins.hpp"

namespace gapmacs::lisp {

namespace {

// Emacs 28 in batch: an 80x25 frame, the minibuffer taking the last line.
constexpr std::int64_t frame_columns = 80;
constexpr std::int64_t window_lines = 24;

struct BatchWindow {
    int number = 0;
    bool minibuffer = false;
    Value buffer = Qnil; // a buffer, or its name until first asked
    Value start = Qnil;  // a marker in the buffer, made when first asked
    std::int64_t total_lines = 0;
};

void mark_window(ExtObject* o, void (*mark)(Value))
{
    auto* w = static_cast<BatchWindow*>(o->data);
    mark(w->buffer);
    mark(w->start);
}
void finalize_window(ExtObject* o) { delete static_cast<BatchWindow*>(o->data); }

BatchWindow& data(Value window) { return *static_cast<BatchWindow*>(static_cast<ExtObject*>(window.as_object())->data); }

// The window's buffer; a killed one is replaced by another live buffer, as
// Emacs shows another buffer in the window of a killed one.
Value window_buffer(BatchWindow& w)
{
    if (stringp(w.buffer))
        w.buffer = get_buffer_create(w.buffer);
    if (!live_buffer(w.buffer)) {
        w.buffer = buffer_list().empty() ? get_buffer_create(make_string("*scratch*")) : buffer_list().front();
        w.start = Qnil;
    }
    return w.buffer;
}

void print_window(ExtObject* o, std::string& out)
{
    auto* w = static_cast<BatchWindow*>(o->data);
    const Value buffer = window_buffer(*w);
    out += "#<window " + std::to_string(w->number) + " on " + live_buffer(buffer)->name() + ">";
}

const ExtClass window_class{"window", mark_window, finalize_window, print_window};

struct Windows {
    Value selected = Qnil;
    Value normal = Qnil; // the one window that is not the minibuffer's
    Value minibuffer = Qnil;
};

Windows& windows()
{
    static Windows w;
    return w;
}

Value make_window(int number, bool minibuffer, const char* buffer_name, std::int64_t lines)
{
    // The object first, then the name: a collection while the name is
    // made marks it through the object, never through an unrooted struct.
    auto* w = new BatchWindow{number, minibuffer, Qnil, Qnil, lines};
    const Value window = Value::object(alloc_ext(Type::Ext, &window_class, w));
    w->buffer = make_string(buffer_name);
    return window;
}

bool is_window(Value v) { return v.is(Type::Ext) && static_cast<ExtObject*>(v.as_object())->cls == &window_class; }

// WINDOW, nil meaning the selected one.
BatchWindow& check_window(Value window)
{
    if (nilp(window))
        return data(windows().selected);
    if (!is_window(window))
        wrong_type(Qwindow_live_p, window);
    return data(window);
}

Value f_selected_window(Args) { return windows().selected; }
Value f_minibuffer_window(Args) { return windows().minibuffer; }
Value f_windowp(Args a) { return boolean(is_window(a[0])); }
Value f_window_minibuffer_p(Args a) { return boolean(check_window(arg(a, 0)).minibuffer); }
Value f_window_buffer(Args a) { return window_buffer(check_window(arg(a, 0))); }

Value f_set_window_buffer(Args a)
{
    BatchWindow& w = check_window(a[0]);
    const Value buffer = get_buffer(a[1]);
    if (nilp(buffer))
        error("No such buffer " + prin1_to_string(a[1], false));
    check_live_buffer(buffer);
    w.buffer = buffer;
    w.start = Qnil;
    return Qnil;
}

Value window_start_marker(BatchWindow& w)
{
    const Value buffer = window_buffer(w);
    if (nilp(w.start) || check_marker(w.start)->buffer() != live_buffer(buffer))
        w.start = make_marker_object(live_buffer(buffer), CharPos(1));
    return w.start;
}

Value f_window_start(Args a)
{
    const auto pos = check_marker(window_start_marker(check_window(arg(a, 0))))->position();
    return Value::fixnum(pos ? pos->value : 1);
}

Value f_set_window_start(Args a)
{
    BatchWindow& w = check_window(a[0]);
    Buffer& b = check_live_buffer(window_buffer(w));
    const CharPos pos(std::clamp(check_position(a[1]), b.point_min().value, b.point_max().value));
    check_marker(window_start_marker(w))->set(b, pos);
    return a[1];
}

// As Emacs's selected window, the point of a batch window is its buffer's.
Value f_window_point(Args a) { return Value::fixnum(check_live_buffer(window_buffer(check_window(arg(a, 0)))).point().value); }

Value f_set_window_point(Args a)
{
    Buffer& b = check_live_buffer(window_buffer(check_window(a[0])));
    b.goto_char(CharPos(std::clamp(check_position(a[1]), b.point_min().value, b.point_max().value)));
    return a[1];
}

// Batch draws nothing: the end is where the window's lines from its start
// would end (point-max in a short buffer, as Emacs's batch says).
Value f_window_end(Args a)
{
    BatchWindow& w = check_window(arg(a, 0));
    Buffer& b = check_live_buffer(window_buffer(w));
    CharPos pos = check_marker(window_start_marker(w))->position().value_or(b.point_min());
    for (std::int64_t line = w.minibuffer ? 1 : w.total_lines - 1; line > 0 && pos < b.point_max(); --line)
        pos = std::min(b.line_end(pos) + CharCount(1), b.point_max());
    return Value::fixnum(pos.value);
}

// A text terminal's windows have no fringes.
Value f_window_fringes(Args a) { return (void)check_window(arg(a, 0)), list({Value::fixnum(0), Value::fixnum(0), Qnil, Qnil}); }

Value f_window_hscroll(Args a) { return (void)check_window(arg(a, 0)), Value::fixnum(0); }
// A text terminal scrolls by whole lines: no vertical scroll within one.
Value f_window_vscroll(Args a) { return (void)check_window(arg(a, 0)), Value::fixnum(0); }
Value f_window_width(Args a) { return (void)check_window(arg(a, 0)), Value::fixnum(frame_columns); }
Value f_window_total_height(Args a) { return Value::fixnum(check_window(arg(a, 0)).total_lines); }
// The mode line takes a line of a window other than the minibuffer's.
Value f_window_body_height(Args a)
{
    const BatchWindow& w = check_window(arg(a, 0));
    return Value::fixnum(w.minibuffer ? w.total_lines : w.total_lines - 1);
}

// The window fills the frame above the minibuffer's line.
Value f_window_top_line(Args a)
{
    const BatchWindow& w = check_window(arg(a, 0));
    return Value::fixnum(w.minibuffer ? data(windows().normal).total_lines : 0);
}
Value f_window_left_column(Args a) { return (void)check_window(arg(a, 0)), Value::fixnum(0); }

// The minibuffer window is listed only when asked for (MINIBUF t), or
// when it is the selected one.
Value f_window_list(Args a)
{
    const bool minibuffer = arg(a, 1) == Qt || windows().selected == windows().minibuffer;
    return minibuffer ? list({windows().normal, windows().minibuffer}) : list({windows().normal});
}

Value f_get_buffer_window(Args a)
{
    const Value buffer = nilp(arg(a, 0)) ? current_buffer() : get_buffer(a[0]);
    return !nilp(buffer) && window_buffer(data(windows().normal)) == buffer ? windows().normal : Qnil;
}

// (select-window WINDOW &optional NORECORD): its buffer becomes current.
Value f_select_window(Args a)
{
    if (!is_window(a[0]))
        wrong_type(Qwindow_live_p, a[0]);
    check_live_buffer(window_buffer(data(a[0])));
    windows().selected = a[0];
    set_current_buffer(window_buffer(data(a[0])));
    return a[0];
}

// Batch's frame has one ordinary window: nothing else to delete (what
// org-agenda and help commands call on their way), and that one may not go.
Value f_delete_other_windows(Args) { return Qnil; }
Value f_delete_window(Args) { error("Attempt to delete minibuffer or sole ordinary window"); }

// A window configuration of batch's frame: which window was selected, and
// what the ordinary one showed.
struct BatchConfiguration {
    Value selected = Qnil, buffer = Qnil, current_buffer = Qnil;
    CharPos start{1}, point{1};
};

void mark_configuration(ExtObject* o, void (*mark)(Value))
{
    auto* c = static_cast<BatchConfiguration*>(o->data);
    mark(c->selected);
    mark(c->buffer);
    mark(c->current_buffer);
}

void finalize_configuration(ExtObject* o) { delete static_cast<BatchConfiguration*>(o->data); }
void print_configuration(ExtObject*, std::string& out) { out += "#<window-configuration>"; }
const ExtClass configuration_class{"window-configuration", mark_configuration, finalize_configuration,
                                   print_configuration};

bool is_configuration(Value v)
{
    return v.is(Type::Ext) && static_cast<ExtObject*>(v.as_object())->cls == &configuration_class;
}

BatchConfiguration& check_configuration(Value v)
{
    if (!is_configuration(v))
        wrong_type(Qwindow_configuration_p, v);
    return *static_cast<BatchConfiguration*>(static_cast<ExtObject*>(v.as_object())->data);
}

Value f_current_window_configuration(Args)
{
    auto* c = new BatchConfiguration;
    const Value object = Value::object(alloc_ext(Type::Ext, &configuration_class, c));
    BatchWindow& w = data(windows().normal);
    c->selected = windows().selected;
    c->buffer = window_buffer(w);
    c->current_buffer = current_buffer();
    Buffer& b = check_live_buffer(c->buffer);
    c->start = check_marker(window_start_marker(w))->position().value_or(b.point_min());
    c->point = b.point();
    return object;
}

// The current buffer keeps its point when the window shows it, as window.c.
Value f_set_window_configuration(Args a)
{
    BatchConfiguration& c = check_configuration(a[0]);
    BatchWindow& w = data(windows().normal);
    if (Buffer* b = live_buffer(c.buffer)) {
        w.buffer = c.buffer;
        const auto clamp = [&](CharPos p) { return CharPos(std::clamp(p.value, b->point_min().value, b->point_max().value)); };
        check_marker(window_start_marker(w))->set(*b, clamp(c.start));
        if (c.buffer != c.current_buffer)
            b->goto_char(clamp(c.point));
    }
    windows().selected = c.selected;
    if (live_buffer(c.current_buffer))
        set_current_buffer(c.current_buffer);
    return Qt;
}

Value f_window_configuration_p(Args a) { return boolean(is_configuration(a[0])); }

Value f_compare_window_configurations(Args a)
{
    const BatchConfiguration& x = check_configuration(a[0]);
    const BatchConfiguration& y = check_configuration(a[1]);
    return boolean(x.selected == y.selected);
}

Value f_window_configuration_frame(Args a)
{
    check_configuration(a[0]);
    return call0(Qselected_frame);
}

constexpr SubrDef batch_window_subr_table[] = {
    {"current-window-configuration", 0, 1, f_current_window_configuration},
    {"set-window-configuration", 1, 3, f_set_window_configuration},
    {"window-configuration-p", 1, 1, f_window_configuration_p},
    {"compare-window-configurations", 2, 2, f_compare_window_configurations},
    {"window-configuration-frame", 1, 1, f_window_configuration_frame},
    {"selected-window", 0, 0, f_selected_window},
    {"frame-selected-window", 0, 1, f_selected_window},
    {"minibuffer-window", 0, 1, f_minibuffer_window},
    {"windowp", 1, 1, f_windowp},
    {"window-live-p", 1, 1, f_windowp},
    {"window-minibuffer-p", 0, 1, f_window_minibuffer_p},
    {"window-buffer", 0, 1, f_window_buffer},
    {"set-window-buffer", 2, 3, f_set_window_buffer},
    {"window-start", 0, 1, f_window_start},
    {"set-window-start", 2, 3, f_set_window_start},
    {"window-point", 0, 1, f_window_point},
    {"set-window-point", 2, 2, f_set_window_point},
    {"window-hscroll", 0, 1, f_window_hscroll},
    {"window-vscroll", 0, 2, f_window_vscroll},
    {"set-window-vscroll", 2, 4, f_window_vscroll},
    {"window-end", 0, 2, f_window_end},
    {"window-fringes", 0, 1, f_window_fringes},
    {"window-body-height", 0, 2, f_window_body_height},
    {"window-height", 0, 2, f_window_total_height},
    {"window-total-height", 0, 2, f_window_total_height},
    {"window-top-line", 0, 1, f_window_top_line},
    {"window-left-column", 0, 1, f_window_left_column},
    {"window-body-width", 0, 2, f_window_width},
    {"window-width", 0, 2, f_window_width},
    {"window-total-width", 0, 2, f_window_width},
    {"window-list", 0, 3, f_window_list},
    {"get-buffer-window", 0, 2, f_get_buffer_window},
    {"select-window", 1, 2, f_select_window},
    {"delete-other-windows", 0, 2, f_delete_other_windows},
    {"delete-window", 0, 1, f_delete_window},
};

} // namespace

std::span<const SubrDef> batch_window_subrs() { return batch_window_subr_table; }

void register_batch_window_builtins()
{
    add_root(&windows().selected);
    add_root(&windows().minibuffer);
    add_root(&windows().normal);
    windows().normal = make_window(1, false, "*scratch*", window_lines);
    windows().selected = windows().normal;
    windows().minibuffer = make_window(2, true, " *Minibuf-0*", 1);
    register_subrs(batch_window_subr_table);
}

} // namespace gapmacs::lisp
