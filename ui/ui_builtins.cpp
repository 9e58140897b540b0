// The UI's Lisp functions: windows, the minibuffer, reading input, waiting
// with redisplay. Emacs's names, arguments and return values; commands get
// Emacs's interactive specs through the `interactive-form' property.
#include <algorithm>
#include <cstdio>

#include "core/error.hpp"
#include "lisp-lite/editor/buffers.hpp"
#include "lisp-lite/editor/fields.hpp"
#include "lisp-lite/editor/minibuffer.hpp"
#include "lisp-lite/editor/waiting.hpp"
#include "lisp-lite/lang/builtins.hpp"
#include "lisp-lite/lang/eval.hpp"
#include "ui/editor.hpp"
#include "ui/symbols.hpp"
#include "ui/text_display.hpp"
#include "ui/window_configuration.hpp"

namespace gapmacs::ui {

using namespace lisp;

namespace {

Editor& editor() { return Editor::running(); }
Frame& frame() { return editor().frame(); }

Window& check_window(Value v)
{
    if (nilp(v))
        return frame().selected();
    Window* w = window_of(v);
    if (!w) {
        if (windowp(v))
            error("Attempt to use a deleted window");
        wrong_type(Qwindow_live_p, v);
    }
    return *w;
}

bool is_selected(Window& w) { return &w == &frame().selected(); }

// MINIBUF as Emacs's window-list has it: t includes the minibuffer window,
// nil only while a minibuffer is active, anything else never.
bool includes_minibuffer(Value minibuf)
{
    return minibuf == Qt || (nilp(minibuf) && editor().minibuffer_depth() > 0);
}

// The windows in cyclic order from start; the minibuffer's last, when
// included.
Value window_list_from(Window& start, bool with_minibuffer = false)
{
    auto all = frame().windows();
    if (with_minibuffer)
        all.push_back(&frame().minibuffer_window());
    auto it = std::find(all.begin(), all.end(), &start);
    std::rotate(all.begin(), it == all.end() ? all.begin() : it, all.end());
    Value out = Qnil;
    for (auto w = all.rbegin(); w != all.rend(); ++w)
        out = make_cons((*w)->lisp_object(), out);
    return out;
}

LayoutOptions layout_for(Window& w)
{
    LayoutOptions o = editor().settings_for(w).layout;
    o.width = w.text_cols();
    return o;
}

// ---- windows ----

Value f_selected_window(Args) { return frame().selected().lisp_object(); }
Value f_minibuffer_window(Args) { return frame().minibuffer_window().lisp_object(); }
// The window at the frame's top left.
Value f_frame_first_window(Args) { return frame().windows().front()->lisp_object(); }
// The window that takes the whole frame, above the minibuffer's. With
// several, Emacs gives the internal window that holds them, which
// gapmacs's window tree does not make a Lisp object of: nil then, so that
// frame-root-window-p holds of no live window.
Value f_frame_root_window(Args)
{
    const std::vector<Window*> windows = frame().windows();
    return windows.size() == 1 ? windows.front()->lisp_object() : Qnil;
}
Value f_window_minibuffer_p(Args a) { return boolean(check_window(a[0]).is_minibuffer()); }
Value f_windowp(Args a) { return boolean(windowp(a[0])); }
Value f_window_live_p(Args a) { return boolean(window_of(a[0]) != nullptr); }
Value f_window_buffer(Args a) { return check_window(a[0]).buffer(); }

Value f_set_window_buffer(Args a)
{
    Window& w = check_window(a[0]);
    Value b = get_buffer(a[1]);
    if (nilp(b))
        error("No such buffer " + prin1_to_string(a[1], false));
    check_live_buffer(b);
    // The current buffer stays: the command loop makes the selected
    // window's buffer current before each command, as Emacs's.
    w.set_buffer(b);
    editor().note_shown(b);
    return Qnil;
}

Value f_window_start(Args a)
{
    Window& w = check_window(a[0]);
    return Value::fixnum(w.start().position().value_or(CharPos(1)).value);
}

Value f_set_window_start(Args a)
{
    Window& w = check_window(a[0]);
    CharPos p(check_position(a[1]));
    Buffer& b = w.text();
    w.start().set(b, std::clamp(p, b.point_min(), b.point_max()));
    return a[1];
}

Value f_window_point(Args a)
{
    Window& w = check_window(a[0]);
    return Value::fixnum(w.point(is_selected(w)).value);
}

Value f_set_window_point(Args a)
{
    Window& w = check_window(a[0]);
    CharPos p(check_position(a[1]));
    if (is_selected(w))
        w.text().goto_char(p);
    else
        w.point_marker().set(w.text(), p);
    return a[1];
}

Value f_window_end(Args a)
{
    Window& w = check_window(a[0]);
    const auto& rows = w.drawn.rows;
    if (rows.empty() || !nilp(arg(a, 1))) {
        // Not drawn (batch mode draws nothing), or UPDATE: where the
        // window's lines from its start end, a line a row (truncated).
        Buffer& b = w.text();
        CharPos pos = std::clamp(w.start().position().value_or(b.point_min()), b.point_min(), b.point_max());
        for (int line = w.rows; line > 0 && pos < b.point_max(); --line)
            pos = std::min(b.line_end(pos) + CharCount(1), b.point_max());
        return Value::fixnum(pos.value);
    }
    return Value::fixnum(rows.back().next.chars.value);
}

Value f_window_hscroll(Args a) { return Value::fixnum(check_window(a[0]).hscroll); }
// A text terminal scrolls by whole lines: no vertical scroll within one
// (Emacs's window-vscroll and set-window-vscroll give 0 on a tty).
Value f_window_vscroll(Args a) { return (void)check_window(a[0]), Value::fixnum(0); }

// (line-number-display-width &optional PIXELWISE): the selected window's
// line numbers as its last redisplay drew them: the digits' width, or with
// PIXELWISE the columns they take with their padding (a float, as Emacs
// gives on a terminal); 0 without line numbers.
Value f_line_number_display_width(Args a)
{
    const int columns = editor().frame().selected().drawn.numbers;
    if (!nilp(a[0]))
        return make_number(static_cast<double>(columns));
    return Value::fixnum(std::max(columns - 2, 0));
}

// A text terminal's windows have no fringes.
Value f_window_fringes(Args a) { return (void)check_window(arg(a, 0)), list({Value::fixnum(0), Value::fixnum(0), Qnil, Qnil}); }

Value f_set_window_hscroll(Args a)
{
    check_window(a[0]).hscroll = static_cast<int>(std::clamp<std::int64_t>(check_fixnum(a[1]), 0, 1 << 20));
    return a[1];
}

// scroll-left (C-x <) and scroll-right (C-x >): by ARG columns, or a
// window's width less two.
Value scroll_sideways(Value arg, int sign)
{
    Window& w = frame().selected();
    std::int64_t n = nilp(arg) ? std::max(w.text_cols() - 2, 1) : check_fixnum(call1(Qprefix_numeric_value, arg));
    w.hscroll = static_cast<int>(std::clamp<std::int64_t>(w.hscroll + sign * n, 0, 1 << 20));
    return Value::fixnum(w.hscroll);
}
Value f_scroll_left(Args a) { return scroll_sideways(a[0], 1); }
Value f_scroll_right(Args a) { return scroll_sideways(a[0], -1); }

Value f_window_body_height(Args a) { return Value::fixnum(check_window(a[0]).rows); }
Value f_window_total_height(Args a)
{
    return Value::fixnum(check_window(a[0]).total_rows());
}
Value f_window_body_width(Args a) { return Value::fixnum(check_window(a[0]).text_cols()); }

// Emacs's window-text-pixel-size on a terminal, where a pixel is a cell:
// the columns and rows the text from FROM (point-min) to TO (point-max)
// takes as WINDOW lays it out, strings shown in it included (vertico sizes
// the minibuffer by it), at most Y-LIMIT rows.
Value f_window_text_pixel_size(Args a)
{
    Window& w = check_window(arg(a, 0));
    Buffer& b = w.text();
    auto position = [&](Value v, CharPos dflt) {
        return fixnump(v) || markerp(v) ? std::clamp(CharPos(check_position(v)), b.point_min(), b.point_max()) : dflt;
    };
    const TextPos from = b.text_pos(position(arg(a, 1), b.point_min()));
    const TextPos to = b.text_pos(position(arg(a, 2), b.point_max()));
    const int most = fixnump(arg(a, 4)) ? static_cast<int>(std::max<std::int64_t>(arg(a, 4).as_fixnum(), 0)) : INT32_MAX;
    const LayoutOptions options = layout_for(w);
    const BufferTextDisplay display(w.buffer());
    const TextPos limit = b.text_pos(b.point_max());
    std::vector<Cell> cells(static_cast<std::size_t>(std::max(options.width, 1)));
    int rows = 0, width = 0;
    TextPos pos = row_restart(b, from, b.text_pos(b.point_min()), &display);
    for (int skip = 0; rows < most;) {
        const Row row = layout_row(b, pos, limit, options, cells, {}, {}, &display, skip);
        ++rows;
        int used = static_cast<int>(cells.size());
        while (used > 0 && cells[static_cast<std::size_t>(used - 1)] == Cell{})
            --used;
        width = std::max(width, used);
        if (row.reaches_end || !advances(row) || row.next.bytes > to.bytes ||
            (row.next.bytes == to.bytes && row.next_skip == 0 && to.bytes < limit.bytes))
            break;
        pos = row.next;
        skip = row.next_skip;
    }
    return make_cons(Value::fixnum(width), Value::fixnum(rows));
}
Value f_window_top_line(Args a) { return Value::fixnum(check_window(arg(a, 0)).top); }
Value f_window_left_column(Args a) { return Value::fixnum(check_window(arg(a, 0)).left); }
Value f_window_total_width(Args a) { return Value::fixnum(check_window(a[0]).cols); }

Value f_window_list(Args a)
{
    return window_list_from(nilp(arg(a, 2)) ? frame().selected() : check_window(a[2]), includes_minibuffer(arg(a, 1)));
}

Value f_next_window(Args a)
{
    Window& w = check_window(a[0]);
    auto all = frame().windows();
    auto it = std::find(all.begin(), all.end(), &w);
    if (it == all.end() || it + 1 == all.end())
        return all.front()->lisp_object();
    return (*(it + 1))->lisp_object();
}

Value f_previous_window(Args a)
{
    Window& w = check_window(a[0]);
    auto all = frame().windows();
    auto it = std::find(all.begin(), all.end(), &w);
    if (it == all.end() || it == all.begin())
        return all.back()->lisp_object();
    return (*(it - 1))->lisp_object();
}

void select(Window& w)
{
    frame().select(w);
    set_current_buffer(w.buffer());
    editor().note_shown(w.buffer());
}

Value f_select_window(Args a)
{
    Window& w = check_window(a[0]);
    select(w);
    return w.lisp_object();
}

Value f_other_window(Args a)
{
    std::int64_t n = nilp(a[0]) ? 1 : check_fixnum(a[0]);
    auto all = frame().windows();
    if (frame().minibuffer_active())
        all.push_back(&frame().minibuffer_window());
    auto it = std::find(all.begin(), all.end(), &frame().selected());
    std::int64_t i = it == all.end() ? 0 : it - all.begin();
    std::int64_t size = static_cast<std::int64_t>(all.size());
    i = ((i + n) % size + size) % size;
    select(*all[static_cast<std::size_t>(i)]);
    return Qnil;
}

// (split-window WINDOW SIZE SIDE): SIDE nil, below or above splits one
// above the other, anything else (t, right, left) side by side, as Emacs;
// SIZE lines or columns stay WINDOW's (negative: the new window's).
Value f_split_window(Args a)
{
    Window& w = check_window(arg(a, 0));
    Value side = arg(a, 2);
    const bool below = nilp(side) || side == Qbelow || side == Qabove;
    const int total = below ? w.total_rows() : w.cols;
    Window& made = frame().split(w, below);
    if (Value size = arg(a, 1); fixnump(size) && size.as_fixnum() != 0) {
        const std::int64_t keep = size.as_fixnum() > 0 ? size.as_fixnum() : total + size.as_fixnum();
        const int now = below ? w.total_rows() : w.cols;
        frame().enlarge(w, static_cast<int>(std::clamp<std::int64_t>(keep, 1, total) - now), !below);
    }
    return made.lisp_object();
}

Value f_split_window_below(Args)
{
    return frame().split(frame().selected(), true).lisp_object();
}

Value f_split_window_right(Args)
{
    return frame().split(frame().selected(), false).lisp_object();
}

Value f_delete_window(Args a)
{
    Window& w = check_window(a[0]);
    frame().remove(w);
    set_current_buffer(frame().selected().buffer());
    return Qnil;
}

Value f_delete_other_windows(Args a)
{
    Window& w = check_window(a[0]);
    frame().delete_others(w);
    set_current_buffer(w.buffer());
    return Qnil;
}

// enlarge-window and friends: Emacs signals when nothing can move.
Value resize_selected(std::int64_t delta, bool horizontal)
{
    if (frame().enlarge(frame().selected(), static_cast<int>(delta), horizontal) == 0 && delta != 0)
        error(delta > 0 ? "Cannot enlarge selected window" : "Cannot shrink selected window");
    return Qnil;
}

Value f_enlarge_window(Args a) { return resize_selected(check_fixnum(a[0]), !nilp(a[1])); }
Value f_shrink_window(Args a) { return resize_selected(-check_fixnum(a[0]), !nilp(a[1])); }
Value f_enlarge_window_horizontally(Args a) { return resize_selected(check_fixnum(a[0]), true); }
Value f_shrink_window_horizontally(Args a) { return resize_selected(-check_fixnum(a[0]), true); }

Value f_balance_windows(Args)
{
    frame().balance();
    return Qnil;
}

Value f_get_buffer_window(Args a)
{
    Value b = nilp(a[0]) ? current_buffer() : get_buffer(a[0]);
    if (nilp(b))
        return Qnil;
    if (frame().selected().buffer() == b)
        return frame().selected().lisp_object();
    for (Window* w : frame().windows())
        if (w->buffer() == b)
            return w->lisp_object();
    if (frame().minibuffer_active() && frame().minibuffer_window().buffer() == b)
        return frame().minibuffer_window().lisp_object();
    return Qnil;
}

// As window.el's: the windows of window-list-1 from the selected one that
// show the buffer, MINIBUF as window-list has it.
Value f_get_buffer_window_list(Args a)
{
    Value b = nilp(arg(a, 0)) ? current_buffer() : get_buffer(a[0]);
    Value out = Qnil;
    Value all = window_list_from(frame().selected(), includes_minibuffer(arg(a, 1)));
    for (Value l = all; consp(l); l = xcdr(l))
        if (Window* w = window_of(xcar(l)); w && w->buffer() == b)
            out = make_cons(xcar(l), out);
    return call1(Qnreverse, out);
}

Value buffer_arg_create(Value v)
{
    if (nilp(v))
        return editor().other_buffer(current_buffer());
    Value b = get_buffer(v);
    if (nilp(b))
        b = get_buffer_create(v);
    check_live_buffer(b);
    return b;
}

Value f_switch_to_buffer(Args a)
{
    Value b = buffer_arg_create(a[0]);
    if (frame().selected().is_minibuffer()) {
        // Emacs shows it in another window when the minibuffer is selected.
        select(*frame().windows().front());
    }
    editor().switch_to_buffer(b);
    return b;
}

Value f_other_buffer(Args a)
{
    Value avoid = nilp(arg(a, 0)) ? current_buffer() : a[0];
    return editor().other_buffer(avoid);
}

Value f_bury_buffer(Args a)
{
    Value b = nilp(arg(a, 0)) ? current_buffer() : get_buffer(a[0]);
    Window& w = frame().selected();
    if (nilp(arg(a, 0)) && w.buffer() == b)
        editor().switch_to_buffer(editor().other_buffer(b));
    return Qnil;
}

// recenter: point's row in the middle, or ARG rows from the top (from the
// bottom when negative).
void recenter_at(Window& w, std::int64_t row)
{
    Buffer& b = w.text();
    TextPos p = b.text_pos(w.point(is_selected(w)));
    if (row < 0)
        row = std::max<std::int64_t>(w.rows + row, 0);
    row = std::min<std::int64_t>(row, w.rows - 1);
    TextPos start = start_for_point(b, p, static_cast<int>(row), layout_for(w));
    w.start().set(b, start.chars);
}

Value f_recenter(Args a)
{
    Window& w = frame().selected();
    if (nilp(a[0])) {
        recenter_at(w, w.rows / 2);
        editor().force_repaint();
    } else {
        recenter_at(w, consp(a[0]) ? w.rows / 2 : check_fixnum(a[0]));
    }
    return Qnil;
}

// recenter-top-bottom: middle, then top, then bottom on repeated C-l.
Value f_recenter_top_bottom(Args a)
{
    Window& w = frame().selected();
    if (!nilp(a[0]))
        return f_recenter(a);
    static int cycle = 0;
    Value last = find_symbol_value(Qlast_command);
    cycle = last == Qrecenter_top_bottom ? (cycle + 1) % 3 : 0;
    const std::int64_t rows[] = {w.rows / 2, 0, -1};
    recenter_at(w, rows[cycle]);
    if (cycle == 0)
        editor().force_repaint();
    return Qnil;
}

// Scrolls the selected window n rows (negative: back); Emacs's
// scroll-up/scroll-down, which signal at the ends of the buffer.
void scroll_rows(std::int64_t n)
{
    Window& w = frame().selected();
    Buffer& b = w.text();
    LayoutOptions o = layout_for(w);
    TextPos start = b.text_pos(std::clamp(w.start().position().value_or(b.point_min()), b.point_min(), b.point_max()));
    if (n > 0) {
        if (!w.drawn.rows.empty() && std::any_of(w.drawn.rows.begin(), w.drawn.rows.end(), [](const Row& r) { return r.reaches_end; }) &&
            w.drawn.start == start) {
            if (b.point() == b.point_max())
                xsignal(Qend_of_buffer, Qnil);
        }
        TextPos s = row_below(b, start, static_cast<int>(n), o);
        if (s.bytes == start.bytes && b.point() == b.point_max())
            xsignal(Qend_of_buffer, Qnil);
        w.start().set(b, s.chars);
        if (b.point() < s.chars)
            b.goto_char(s.chars);
        else if (s.bytes == start.bytes)
            b.goto_char(b.point_max());
    } else {
        if (start.chars <= b.point_min()) {
            if (b.point() == b.point_min())
                xsignal(Qbeginning_of_buffer, Qnil);
            b.goto_char(b.point_min());
            return;
        }
        TextPos s = start_for_point(b, start, static_cast<int>(-n), o);
        w.start().set(b, s.chars);
        // Point goes to the last row if it is now below the window.
        TextPos last = row_below(b, s, w.rows - 1, o);
        if (b.point() >= last.chars && b.point() > s.chars) {
            TextPos after = row_below(b, last, 1, o);
            b.goto_char(after.bytes > last.bytes ? last.chars : b.point());
            if (b.point() > last.chars)
                b.goto_char(last.chars);
        }
    }
}

std::int64_t screenful(Window& w) { return std::max<std::int64_t>(w.rows - 2, 1); }

Value f_scroll_up(Args a)
{
    Window& w = frame().selected();
    std::int64_t n = nilp(a[0]) ? screenful(w) : a[0] == Qminus ? -screenful(w) : check_fixnum(call1(Qprefix_numeric_value, a[0]));
    scroll_rows(n);
    return Qnil;
}

Value f_scroll_down(Args a)
{
    Window& w = frame().selected();
    std::int64_t n = nilp(a[0]) ? screenful(w) : a[0] == Qminus ? -screenful(w) : check_fixnum(call1(Qprefix_numeric_value, a[0]));
    scroll_rows(-n);
    return Qnil;
}

Value f_redisplay(Args a)
{
    editor().redisplay(!nilp(a[0]));
    return Qt;
}

Value f_redraw_display(Args)
{
    editor().redisplay(true);
    return Qnil;
}

Value f_force_mode_line_update(Args) { return Qnil; }
Value f_frame_width(Args) { return Value::fixnum(frame().cols()); }
// Emacs's FRAME_LINES: every row, the minibuffer's included (a terminal
// frame here has no menu bar).
Value f_frame_height(Args) { return Value::fixnum(frame().rows()); }
Value f_display_color_p(Args) { return boolean(editor().colors() > 0); }

// ---- the minibuffer and recursive edits ----

Value f_read_from_minibuffer(Args a)
{
    barf_if_interaction_inhibited();
    // As Emacs's read_minibuf: with no terminal, a line of standard input,
    // unless a keyboard macro types the answer.
    if (editor().headless() && nilp(find_symbol_value(Qexecuting_kbd_macro))) {
        check_string(a[0]);
        return read_minibuffer_noninteractive(a[0], !nilp(arg(a, 3)), arg(a, 5));
    }
    return editor().read_from_minibuffer(a[0], arg(a, 1), arg(a, 2), !nilp(arg(a, 3)), arg(a, 4), arg(a, 5));
}

Value f_minibuffer_depth(Args) { return Value::fixnum(editor().minibuffer_depth()); }
Value f_recursion_depth(Args) { return Value::fixnum(std::max(editor().recursion_depth(), 0)); }

Value f_minibuffer_prompt_end(Args) { return Value::fixnum(minibuffer_prompt_end().value); }
Value f_minibuffer_contents(Args)
{
    Buffer& b = current();
    return make_string(b.substring(minibuffer_prompt_end(), b.point_max()));
}
Value f_delete_minibuffer_contents(Args)
{
    Buffer& b = current();
    b.delete_region(minibuffer_prompt_end(), b.point_max());
    return Qnil;
}
Value f_minibuffer_prompt(Args)
{
    if (!frame().minibuffer_active() && editor().minibuffer_depth() == 0)
        return Qnil;
    return make_string(frame().prompt);
}
// gapmacs's own: the innermost minibuffer's prompt replaced while it reads,
// so a reader whose candidates still stream in (project-find-file's scan)
// can count them where the user looks.
Value f_gapmacs_set_minibuffer_prompt(Args a)
{
    check_string(a[0]);
    if (editor().minibuffer_depth() == 0)
        xsignal1(Qerror, make_string("No minibuffer is active"));
    editor().set_minibuffer_prompt(a[0]);
    return a[0];
}
Value f_active_minibuffer_window(Args)
{
    return editor().minibuffer_depth() > 0 ? frame().minibuffer_window().lisp_object() : Qnil;
}
Value f_minibuffer_selected_window(Args)
{
    if (editor().minibuffer_depth() == 0)
        return Qnil;
    return frame().windows().front()->lisp_object();
}

// As Lisp's throw: with no catch for TAG (exit-minibuffer called outside
// any minibuffer, in batch), a no-catch error.
[[noreturn]] void throw_to(Value tag, Value value)
{
    if (!catch_tag_active(tag))
        xsignal2(Qno_catch, tag, value);
    throw LispThrow(tag, value);
}

Value f_exit_minibuffer(Args) { throw_to(Qexit, Qnil); }
// As Emacs 28: abort-recursive-edit ends the innermost recursive edit with
// a `quit' (it reaches a keyboard macro's caller); abort-minibuffers, C-g
// in a minibuffer, with `minibuffer-quit', which the command loop running
// a macro reports and stops at.
// HOW is the value (throw 'exit HOW) gives recursive_edit: t or minibuffer-quit.
[[noreturn]] void abort_recursive_edit(Value how)
{
    if (editor().depth() <= 1)
        xsignal(Qquit, Qnil);
    throw_to(Qexit, how);
}
Value f_abort_recursive_edit(Args) { abort_recursive_edit(Qt); }
Value f_abort_minibuffers(Args) { abort_recursive_edit(Qminibuffer_quit); }
Value f_exit_recursive_edit(Args)
{
    if (editor().depth() <= 1)
        xsignal1(Quser_error, make_string("No recursive edit is in progress"));
    throw_to(Qexit, Qnil);
}
Value f_top_level(Args) { throw_to(Qtop_level, Qnil); }
Value f_recursive_edit(Args) { return editor().recursive_edit(); }

// ---- input ----

std::optional<EventLoop::Duration> seconds(Value v)
{
    if (nilp(v))
        return std::nullopt;
    double s = std::max(check_number(v), 0.0);
    return std::chrono::duration_cast<EventLoop::Duration>(std::chrono::duration<double>(s));
}

void show_prompt(Value prompt)
{
    if (stringp(prompt))
        editor().message(string_view(prompt));
}

Value read_event_prompted(Value prompt, std::optional<EventLoop::Duration> timeout)
{
    show_prompt(prompt);
    Value ev = editor().read_event(timeout);
    if (stringp(prompt))
        editor().frame().echo = {};
    return ev;
}

Value f_read_event(Args a)
{
    barf_if_interaction_inhibited();
    return read_event_prompted(a[0], seconds(a[2]));
}
// (read-key &optional PROMPT DISABLE-FALLBACKS): no timeout. It read a
// third argument it does not have, the argument stack's next slot.
Value f_read_key(Args a) { return read_event_prompted(a[0], std::nullopt); }

bool char_event(Value ev) { return fixnump(ev); }

Value f_read_char(Args a)
{
    barf_if_interaction_inhibited();
    show_prompt(a[0]);
    Value ev = editor().read_event(seconds(a[2]));
    if (stringp(a[0]))
        editor().frame().echo = {};
    if (!nilp(ev) && !char_event(ev))
        error("Non-character input-event");
    return ev;
}

Value f_read_char_exclusive(Args a)
{
    barf_if_interaction_inhibited();
    show_prompt(a[0]);
    for (;;) {
        Value ev = editor().read_event(seconds(a[2]));
        if (nilp(ev) || char_event(ev)) {
            if (stringp(a[0]))
                editor().frame().echo = {};
            return ev;
        }
    }
}

Value f_read_key_sequence(Args a)
{
    Value binding = Qnil;
    Value keys = editor().read_key_sequence(a[0], binding);
    return keys;
}

Value f_this_command_keys(Args)
{
    Value v = find_symbol_value(Qgapmacs__this_command_keys);
    return vectorp(v) ? v : make_vector(0, Qnil);
}

Value f_input_pending_p(Args) { return boolean(editor().input_pending()); }
Value f_discard_input(Args)
{
    editor().discard_input();
    set_symbol_value(Qunread_command_events, Qnil);
    return Qnil;
}

Value f_sit_for(Args a)
{
    if (editor().headless())
        return sit_for_noninteractive(a[0]);
    if (nilp(arg(a, 1)))
        editor().redisplay();
    if (editor().input_pending())
        return Qnil;
    auto timeout = seconds(a[0]);
    if (!timeout)
        return Qt;
    Value ev = editor().read_event(timeout);
    if (nilp(ev))
        return Qt;
    // Input came: leave it for the command loop.
    Value unread = find_symbol_value(Qunread_command_events);
    set_symbol_value(Qunread_command_events, make_cons(ev, listp(unread) ? unread : Qnil));
    return Qnil;
}

Value f_ding(Args)
{
    editor().beep();
    return Qnil;
}

// (send-string-to-terminal STRING &optional TERMINAL): STRING's bytes to
// the terminal as they are, for escape sequences Lisp sends (xt-mouse's
// tracking modes, OSC sequences); the editor's screen does not know them.
Value f_send_string_to_terminal(Args a)
{
    const std::string bytes = os_string(a[0]);
    if (Editor* e = Editor::instance())
        e->send_raw(bytes);
    else
        std::fwrite(bytes.data(), 1, bytes.size(), stdout);
    return Qnil;
}

Value f_current_message(Args)
{
    const std::string& echo = frame().echo.text;
    return echo.empty() ? Qnil : make_string(echo);
}

const SubrDef ui_subrs[] = {
    {"selected-window", 0, 0, f_selected_window},
    {"frame-selected-window", 0, 1, f_selected_window},
    {"minibuffer-window", 0, 1, f_minibuffer_window},
    {"frame-first-window", 0, 1, f_frame_first_window},
    {"frame-root-window", 0, 1, f_frame_root_window},
    {"window-minibuffer-p", 0, 1, f_window_minibuffer_p},
    {"windowp", 1, 1, f_windowp},
    {"window-live-p", 1, 1, f_window_live_p},
    {"window-buffer", 0, 1, f_window_buffer},
    {"set-window-buffer", 2, 3, f_set_window_buffer},
    {"window-start", 0, 1, f_window_start},
    {"set-window-start", 2, 3, f_set_window_start},
    {"window-point", 0, 1, f_window_point},
    {"set-window-point", 2, 2, f_set_window_point},
    {"window-end", 0, 2, f_window_end},
    {"window-fringes", 0, 1, f_window_fringes},
    {"window-hscroll", 0, 1, f_window_hscroll},
    {"window-vscroll", 0, 2, f_window_vscroll},
    {"set-window-vscroll", 2, 4, f_window_vscroll},
    {"line-number-display-width", 0, 1, f_line_number_display_width},
    {"set-window-hscroll", 2, 2, f_set_window_hscroll},
    {"scroll-left", 0, 2, f_scroll_left},
    {"scroll-right", 0, 2, f_scroll_right},
    {"window-body-height", 0, 2, f_window_body_height},
    {"window-height", 0, 2, f_window_total_height},
    {"window-total-height", 0, 2, f_window_total_height},
    {"window-top-line", 0, 1, f_window_top_line},
    {"window-left-column", 0, 1, f_window_left_column},
    {"window-body-width", 0, 2, f_window_body_width},
    {"window-width", 0, 2, f_window_body_width},
    {"window-total-width", 0, 2, f_window_total_width},
    {"window-list", 0, 3, f_window_list},
    {"next-window", 0, 3, f_next_window},
    {"previous-window", 0, 3, f_previous_window},
    {"select-window", 1, 2, f_select_window},
    {"other-window", 0, 3, f_other_window},
    {"split-window", 0, 4, f_split_window},
    {"split-window-below", 0, 1, f_split_window_below},
    {"split-window-right", 0, 1, f_split_window_right},
    {"split-window-vertically", 0, 1, f_split_window_below},
    {"split-window-horizontally", 0, 1, f_split_window_right},
    {"delete-window", 0, 1, f_delete_window},
    {"delete-other-windows", 0, 2, f_delete_other_windows},
    {"enlarge-window", 1, 2, f_enlarge_window},
    {"shrink-window", 1, 2, f_shrink_window},
    {"enlarge-window-horizontally", 1, 1, f_enlarge_window_horizontally},
    {"shrink-window-horizontally", 1, 1, f_shrink_window_horizontally},
    {"balance-windows", 0, 1, f_balance_windows},
    {"get-buffer-window", 0, 2, f_get_buffer_window},
    {"get-buffer-window-list", 0, 3, f_get_buffer_window_list},
    {"switch-to-buffer", 1, 3, f_switch_to_buffer},
    {"other-buffer", 0, 3, f_other_buffer},
    {"bury-buffer", 0, 1, f_bury_buffer},
    {"recenter", 0, 2, f_recenter},
    {"recenter-top-bottom", 0, 1, f_recenter_top_bottom},
    {"scroll-up", 0, 1, f_scroll_up},
    {"scroll-down", 0, 1, f_scroll_down},
    {"scroll-up-command", 0, 1, f_scroll_up},
    {"scroll-down-command", 0, 1, f_scroll_down},
    {"redisplay", 0, 1, f_redisplay},
    {"redraw-display", 0, 0, f_redraw_display},
    {"redraw-frame", 0, 1, f_redraw_display},
    {"force-mode-line-update", 0, 1, f_force_mode_line_update},
    {"frame-width", 0, 1, f_frame_width},
    {"frame-height", 0, 1, f_frame_height},
    {"window-text-pixel-size", 0, 7, f_window_text_pixel_size},
    {"frame-text-lines", 0, 1, f_frame_height},
    {"frame-total-lines", 0, 1, f_frame_height},
    {"display-color-p", 0, 1, f_display_color_p},
    {"read-from-minibuffer", 1, 7, f_read_from_minibuffer},
    {"minibuffer-depth", 0, 0, f_minibuffer_depth},
    {"recursion-depth", 0, 0, f_recursion_depth},
    {"minibuffer-prompt-end", 0, 0, f_minibuffer_prompt_end},
    {"minibuffer-contents", 0, 0, f_minibuffer_contents},
    {"minibuffer-contents-no-properties", 0, 0, f_minibuffer_contents},
    {"delete-minibuffer-contents", 0, 0, f_delete_minibuffer_contents},
    {"minibuffer-prompt", 0, 0, f_minibuffer_prompt},
    {"gapmacs-set-minibuffer-prompt", 1, 1, f_gapmacs_set_minibuffer_prompt},
    {"active-minibuffer-window", 0, 0, f_active_minibuffer_window},
    {"minibuffer-selected-window", 0, 0, f_minibuffer_selected_window},
    {"exit-minibuffer", 0, 0, f_exit_minibuffer},
    {"abort-recursive-edit", 0, 0, f_abort_recursive_edit},
    {"abort-minibuffers", 0, 0, f_abort_minibuffers},
    {"exit-recursive-edit", 0, 0, f_exit_recursive_edit},
    {"top-level", 0, 0, f_top_level},
    {"recursive-edit", 0, 0, f_recursive_edit},
    {"read-event", 0, 3, f_read_event},
    {"read-char", 0, 3, f_read_char},
    {"read-char-exclusive", 0, 3, f_read_char_exclusive},
    {"read-key", 0, 2, f_read_key},
    {"read-key-sequence", 1, 5, f_read_key_sequence},
    {"read-key-sequence-vector", 1, 5, f_read_key_sequence},
    {"this-command-keys", 0, 0, f_this_command_keys},
    {"this-command-keys-vector", 0, 0, f_this_command_keys},
    {"this-single-command-keys", 0, 0, f_this_command_keys},
    {"input-pending-p", 0, 1, f_input_pending_p},
    {"discard-input", 0, 0, f_discard_input},
    {"sit-for", 0, 2, f_sit_for},
    {"ding", 0, 1, f_ding},
    {"beep", 0, 1, f_ding},
    {"current-message", 0, 0, f_current_message},
    {"send-string-to-terminal", 1, 2, f_send_string_to_terminal},
};

// Interactive specs of the commands defined here, as Emacs has them.
const char* const interactive_specs[][2] = {
    {"other-window", "(interactive \"p\")"},
    {"split-window-below", "(interactive)"},
    {"split-window-right", "(interactive)"},
    {"split-window-vertically", "(interactive)"},
    {"split-window-horizontally", "(interactive)"},
    {"delete-window", "(interactive)"},
    {"enlarge-window", "(interactive \"p\")"},
    {"shrink-window", "(interactive \"p\")"},
    {"enlarge-window-horizontally", "(interactive \"p\")"},
    {"shrink-window-horizontally", "(interactive \"p\")"},
    {"balance-windows", "(interactive)"},
    {"delete-other-windows", "(interactive)"},
    {"switch-to-buffer", "(interactive (list (read-buffer \"Switch to buffer: \" (other-buffer (current-buffer)))))"},
    {"bury-buffer", "(interactive)"},
    {"recenter", "(interactive \"P\")"},
    {"recenter-top-bottom", "(interactive \"P\")"},
    {"scroll-up-command", "(interactive \"^P\")"},
    {"scroll-down-command", "(interactive \"^P\")"},
    {"scroll-up", "(interactive \"^P\")"},
    {"scroll-down", "(interactive \"^P\")"},
    {"redraw-display", "(interactive)"},
    {"scroll-left", "(interactive \"^P\")"},
    {"scroll-right", "(interactive \"^P\")"},
    {"exit-minibuffer", "(interactive)"},
    {"abort-recursive-edit", "(interactive)"},
    {"abort-minibuffers", "(interactive)"},
    {"exit-recursive-edit", "(interactive)"},
    {"top-level", "(interactive)"},
    {"recursive-edit", "(interactive)"},
    {"ding", "(interactive)"},
};

} // namespace

void register_ui_builtins()
{
    register_subrs(ui_subrs);
    for (const auto& [name, spec] : interactive_specs) {
        std::size_t pos = 0;
        symbol_put(intern(name), Qinteractive_form, read_from(spec, pos));
    }
    for (const char* var : {"unread-command-events", "last-input-event", "last-command-event", "this-command",
                            "last-command", "real-this-command", "prefix-arg", "current-prefix-arg",
                            "last-prefix-arg", "deactivate-mark", "gapmacs--this-command-keys", "real-last-command",
                            "this-command-keys-shift-translated", "minibuffer-history-position",
                            "minibuffer-text-before-history",
                            "pre-command-hook", "post-command-hook", "mode-line-process", "column-number-mode",
                            "gapmacs-latency-log"}) {
        Value s = intern(var);
        if (default_value(s) == Qunbound)
            defvar_builtin(var, Qnil);
    }
    if (default_value(Qline_number_mode) == Qunbound)
        defvar_builtin("line-number-mode", Qt);
}

} // namespace gapmacs::ui
