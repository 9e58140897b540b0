// Redisplay as the editor drives it: each window's settings from its
// buffer's variables (mode line, faces, arrows), the frame drawn at most
// once a frame interval, and what the editor does while it waits.
#include "ui/editor.hpp"

#include "core/utf8.hpp"
#include "lisp-lite/editor/buffers.hpp"
#include "lisp-lite/editor/mode_line_format.hpp"
#include "lisp-lite/editor/text_properties.hpp"
#include "lisp-lite/lang/builtins.hpp"
#include "lisp-lite/lang/eval.hpp"
#include "ui/editor_support.hpp"
#include "ui/fontification.hpp"
#include "ui/lisp_faces.hpp"
#include "ui/symbols.hpp"

namespace gapmacs::ui {

using namespace lisp;
using namespace editor_support;

// No key for this long ends a burst of typing: the collector may run.
constexpr auto typing_pause = std::chrono::milliseconds(500);

namespace {

// A mode-line construct as text: a string as it is; a list or a symbol
// (Emacs 28's elisp-mode names itself ("ELisp" (lexical-binding ...)),
// package.el's mode-line-process is a list) through format-mode-line, in
// buffer b, where its variables are read.
std::string mode_line_text(Value construct, Value b)
{
    if (stringp(construct) || nilp(construct))
        return princ_text(construct);
    if (!fboundp(Qformat_mode_line))
        return {};
    Value args[] = {construct, Qnil, Qnil, b};
    return princ_text(funcall(Qformat_mode_line, args, 4));
}

// header-line-format's text in buffer b (an error in it shows as nothing,
// as Emacs shows a mode line whose construct fails).
std::string header_line_text(Value construct, Value b)
{
    if (!fboundp(Qinternal__header_line_text))
        return mode_line_text(construct, b);
    try {
        CurrentBufferScope scope;
        set_current_buffer(b);
        return princ_text(call1(Qinternal__header_line_text, construct));
    } catch (const LispSignal&) {
        return {};
    }
}

// The lighters of minor-mode-alist whose variable is set in buffer b, as
// the mode line's (... minor-mode-alist) shows them: " Def", " Fill".
std::string minor_mode_lighters(Value b)
{
    std::string out;
    for (Value tail = value_or_nil(Qminor_mode_alist); consp(tail); tail = xcdr(tail)) {
        Value entry = xcar(tail);
        if (!consp(entry) || !symbolp(xcar(entry)) || !consp(xcdr(entry)))
            continue;
        Value on = buffer_local_value(xcar(entry), b);
        if (nilp(on) || on == Qunbound)
            continue;
        out += mode_line_text(xcar(xcdr(entry)), b);
    }
    return out;
}

// Emacs's overlay arrows: each variable of overlay-arrow-variable-list
// whose value in the buffer is a marker there puts its
// `overlay-arrow-string' property, or the variable overlay-arrow-string,
// at that line ("=>" at *xref*'s and next-error's current line).
std::vector<OverlayArrow> overlay_arrows(Value buffer)
{
    std::vector<OverlayArrow> arrows;
    Buffer* buf = live_buffer(buffer);
    for (Value l = local_value(Qoverlay_arrow_variable_list, buffer); consp(l); l = xcdr(l)) {
        Value var = xcar(l);
        if (!symbolp(var))
            continue;
        Value marker = buffer_local_value(var, buffer);
        if (!markerp(marker) || check_marker(marker)->buffer() != buf || !check_marker(marker)->position())
            continue;
        Value text = symbol_get(var, Qoverlay_arrow_string);
        if (!stringp(text))
            text = local_value(Qoverlay_arrow_string, buffer);
        if (!stringp(text))
            continue;
        std::u32string chars;
        std::string_view utf8 = string_view(text);
        for (std::size_t i = 0; i < utf8.size();) {
            int length = 1;
            chars.push_back(decode_internal_char(utf8.data() + i, utf8.data() + utf8.size(), &length));
            i += static_cast<std::size_t>(length);
        }
        arrows.push_back({*check_marker(marker)->position(), std::move(chars)});
    }
    return arrows;
}

// Buffer b's mode-line-format formatted for a window at `place`: the
// stretches with a face drawn in it over the mode line's face (Emacs
// merges them so: mode-line-buffer-id's bold on mode-line's colours). An
// error shows as an empty mode line, as in Emacs.
StyledLine styled_mode_line(Value b, const ModeLineWindow& place, bool selected)
{
    ModeLineText text;
    try {
        format_mode_line(local_value(Qmode_line_format, b), b, place, text);
    } catch (const LispSignal& e) {
        if (e.symbol() == Qredisplay_interrupted)
            throw;
    }
    StyledLine line{text.text(), {}};
    Value base = selected ? Qmode_line : Qmode_line_inactive;
    for (std::size_t i = 0; i < text.runs(); ++i) {
        const ModeLineRun r = text.run(i);
        if (Value face = text_property_value(r.props, Qface); !nilp(face))
            line.spans.push_back({r.beg, r.end, face_from_lisp(list({face, base}))});
    }
    return line;
}

// What gapmacs's own mode line shows (mode_line_text), for an editor
// whose Lisp has no mode-line-format.
void own_mode_line_settings(Value b, WindowSettings& s)
{
    Value name = local_value(Qmode_name, b);
    s.mode_name = nilp(name) ? "Fundamental" : mode_line_text(name, b);
    s.mode_line_process = mode_line_text(local_value(Qmode_line_process, b), b);
    s.minor_modes = minor_mode_lighters(b);
    if (Buffer* buf = live_buffer(b); buf && buf->narrowed())
        s.minor_modes += " Narrow"; // Emacs's %n
    if (Value vc = local_value(Qvc_mode, b); stringp(vc))
        s.vc_mode = mode_line_text(vc, b);
}

// resize-mini-windows and max-mini-window-height as the minibuffer's
// buffer has them (ivy makes the height local there).
void minibuffer_sizing(Value b, WindowSettings& s)
{
    Value resize = local_value(Qresize_mini_windows, b);
    s.minibuffer_resize = nilp(resize) ? MinibufferResize::never
                          : resize == Qgrow_only ? MinibufferResize::grow_only
                                                 : MinibufferResize::exact;
    Value most = local_value(Qmax_mini_window_height, b);
    if (fixnump(most))
        s.minibuffer_max_rows = static_cast<int>(std::clamp<std::int64_t>(most.as_fixnum(), 1, 10000));
    else if (floatp(most))
        s.minibuffer_max_share = std::clamp(xfloat(most), 0.0, 1.0);
}

} // namespace

Value Editor::describe_window_for_mode_line(Value window, ModeLineWindow& out)
{
    Window* w = nilp(window) ? &m_frame->selected() : window_of(window);
    if (!w)
        wrong_type(Qwindow_live_p, window);
    const bool selected = w == &m_frame->selected();
    out = mode_line_place(*w, !nilp(value_or_nil(Qline_number_mode)), w->text().text_pos(w->point(selected)));
    return w->buffer();
}

WindowSettings Editor::settings_for(Window& w)
{
    WindowSettings s;
    Value b = w.buffer();
    Value tab = local_value(Qtab_width, b);
    s.layout.tab_width = fixnump(tab) && tab.as_fixnum() > 0 && tab.as_fixnum() <= 1000 ? static_cast<int>(tab.as_fixnum()) : 8;
    s.layout.truncate = !nilp(local_value(Qtruncate_lines, b));
    if (Value format = local_value(Qmode_line_format, b); format != Qunbound) {
        s.has_mode_line = !nilp(format);
        const bool selected = &w == &m_frame->selected();
        s.mode_line = [b, selected](const ModeLineWindow& place) { return styled_mode_line(b, place, selected); };
    } else {
        own_mode_line_settings(b, s);
    }
    if (Value header = local_value(Qheader_line_format, b); !nilp(header) && header != Qunbound)
        s.header_line = header_line_text(header, b);
    s.line_number_mode = !nilp(value_or_nil(Qline_number_mode));
    s.column_number_mode = !nilp(value_or_nil(Qcolumn_number_mode));
    s.line_numbers = !nilp(local_value(Qdisplay_line_numbers, b));
    if (!nilp(value_or_nil(Qtransient_mark_mode)) && !nilp(local_value(Qmark_active, b))) {
        if (Buffer* buf = live_buffer(b))
            s.region = buf->mark_position();
    }
    s.faces = faces_of(b);
    s.arrows = overlay_arrows(b);
    if (w.is_minibuffer())
        minibuffer_sizing(b, s);
    s.fontify = [this, b](CharPos from, CharPos to) {
        // Once a key waits, the other windows are drawn as they are.
        if (m_keyboard->interrupted())
            return false;
        return fontify_for_display(b, from, to);
    };
    if (fboundp(Qgapmacs__highlights) && &w == &m_frame->selected()) {
        try {
            for (Value l = call1(Qgapmacs__highlights, b); consp(l); l = xcdr(l)) {
                Value h = xcar(l);
                Buffer* buf = live_buffer(b);
                if (!buf || !consp(h))
                    continue;
                std::int64_t beg = check_position(car(h)), end = check_position(car(cdr(h)));
                Face face = car(cdr(cdr(h))) == Qisearch ? Face::Isearch : Face::LazyHighlight;
                beg = std::clamp<std::int64_t>(beg, 1, buf->size() + 1);
                end = std::clamp<std::int64_t>(end, beg, buf->size() + 1);
                s.highlights.push_back({buf->char_to_byte(CharPos(beg)), buf->char_to_byte(CharPos(end)), face});
            }
        } catch (const LispSignal&) {
        }
    }
    return s;
}

void Editor::redisplay(bool force) { redisplay_frame(force, false); }

void Editor::redisplay_before_input() { redisplay_frame(false, true); }

void Editor::redisplay_frame(bool force, bool before_input)
{
    if (headless())
        return; // nothing is drawn, as in Emacs's batch mode
    // After a command, what it changed is shown before it is fontified.
    const bool defer_fontification = before_input && m_command_ran;
    if (force)
        m_terminal->force_repaint();
    // Windows follow buffers that were killed or replaced behind their back.
    for (Window* w : m_frame->windows())
        if (!live_buffer(w->buffer()))
            w->set_buffer(other_buffer(Qnil));
    Frame& f = *m_frame;
    show_editor_faces();
    RedisplayStats stats;
    {
        std::optional<Keyboard::InterruptScope> interrupts;
        if (before_input)
            interrupts.emplace(*m_keyboard);
        try {
            stats = ui::redisplay(f, [this, defer_fontification](Window& w) {
                WindowSettings s = settings_for(w);
                s.defer_fontification = defer_fontification;
                return s;
            });
        } catch (const LispSignal& e) {
            // A key came while the mode line's Lisp ran (fontification
            // catches its own): the keys go first and the frame is drawn
            // after them. Let out, the signal ended the key sequence being
            // read (C-x, then d arriving: both lost).
            if (!before_input || e.symbol() != Qredisplay_interrupted)
                throw;
            m_command_ran = true;
            return;
        }
    }
    m_fontification_pending = stats.windows_unfontified > 0;
    m_terminal->draw(f.grid(), stats.cursor_row, stats.cursor_col);
    m_last_redisplay = EventLoop::Clock::now();
    m_command_ran = false;
    if (!m_first_paint_logged) {
        m_first_paint_logged = true;
        log_latency("first-paint", m_last_redisplay - process_start);
    }
    if (m_key_time) {
        log_latency("key", m_last_redisplay - *m_key_time);
        m_key_time.reset();
    }
}

void Editor::log_latency(const char* what, EventLoop::Duration d)
{
    Value file = value_or_nil(Qgapmacs_latency_log);
    if (!stringp(file))
        return;
    std::string path = os_string(file);
    if (std::FILE* f = std::fopen(path.c_str(), "a")) {
        std::fprintf(f, "%s %lld\n", what,
                     static_cast<long long>(std::chrono::duration_cast<std::chrono::microseconds>(d).count()));
        std::fclose(f);
    }
}

void Editor::before_wait(std::optional<EventLoop::Duration>& left)
{
    if (headless())
        return;
    auto since = EventLoop::Clock::now() - m_last_redisplay;
    if (since >= frame_interval) {
        redisplay();
        since = EventLoop::Duration::zero();
    }
    EventLoop::Duration next = frame_interval - since;
    if (!left || *left > next)
        left = next;
}

void Editor::end_typing_after_pause(EventLoop::Clock::time_point now, std::optional<EventLoop::Duration>& wait)
{
    if (!m_typing)
        return;
    const auto left = m_keyboard->last_read_time() + typing_pause - now;
    if (left <= EventLoop::Duration::zero())
        m_typing.reset();
    else
        wait = wait ? std::min(*wait, left) : left;
}

bool Editor::index_lines_while_idle()
{
    // About a third of a millisecond each: a key never waits long behind one.
    constexpr std::size_t piece = 1 << 20;
    for (Window* w : m_frame->windows())
        if (Buffer* b = live_buffer(w->buffer()); b && b->index_lines(piece))
            return true;
    return false;
}

} // namespace gapmacs::ui
