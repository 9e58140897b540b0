// Input as Emacs's read_char and read_key_sequence see it: unread events,
// keyboard macros, the keyboard, and redisplay and idle work while waiting.
#include "ui/editor.hpp"

#include "lisp-lite/editor/buffers.hpp"
#include "lisp-lite/editor/minibuffer.hpp"
#include "lisp-lite/lang/eval.hpp"
#include "ui/editor_support.hpp"
#include "ui/emergency_save.hpp"
#include "ui/keyboard_macro.hpp"
#include "ui/symbols.hpp"

namespace gapmacs::ui {

using namespace lisp;
using namespace editor_support;

bool Editor::input_pending()
{
    if (consp(value_or_nil(Qunread_command_events)))
        return true;
    if (headless())
        return false;
    m_keyboard->poll_now();
    return m_keyboard->has_event();
}

Value Editor::read_event(std::optional<EventLoop::Duration> timeout)
{
    Value unread = value_or_nil(Qunread_command_events);
    if (consp(unread)) {
        set_value(Qunread_command_events, xcdr(unread));
        Value ev = xcar(unread);
        // (t . EVENT) means: EVENT, not recorded; Emacs allows it.
        if (consp(ev) && xcar(ev) == Qt)
            ev = xcdr(ev);
        set_value(Qlast_input_event, ev);
        return ev;
    }
    if (Value ev = next_macro_event(); !ev.is_empty())
        return ev;
    if (headless())
        return read_event_headless();
    m_keyboard->stop_quit_polling();
    // Waiting for input is being idle: idle timers count from here.
    if (!m_keyboard->has_event() && fboundp(Qtimer__idle_begin))
        call0(Qtimer__idle_begin);
    auto deadline = timeout ? std::optional(EventLoop::Clock::now() + *timeout) : std::nullopt;
    while (!m_keyboard->has_event()) {
        auto now = EventLoop::Clock::now();
        if (deadline && now >= *deadline)
            break;
        // Redisplay before waiting, at most one frame every 16 ms while
        // process output streams in.
        std::optional<EventLoop::Duration> wait;
        if (m_command_ran || m_fontification_pending || now - m_last_redisplay >= frame_interval) {
            // Typed-ahead keys run first, as Emacs's read_char: one
            // redisplay shows them all.
            m_keyboard->poll_now();
            if (m_keyboard->has_event())
                break;
            redisplay_before_input();
        } else
            wait = frame_interval - (now - m_last_redisplay);
        if (deadline) {
            auto left = *deadline - EventLoop::Clock::now();
            wait = wait ? std::min(*wait, left) : left;
        }
        if (!m_frame->minibuffer_message.empty()) {
            auto left = m_minibuffer_message_until - EventLoop::Clock::now();
            if (left <= EventLoop::Duration::zero()) {
                m_frame->minibuffer_message.clear();
                m_command_ran = true;
                continue;
            }
            wait = wait ? std::min(*wait, left) : left;
        }
        end_typing_after_pause(EventLoop::Clock::now(), wait);
        // Idle: index the shown buffer's lines a piece at a time, so a jump
        // to its end shows the line number at once; input is checked between.
        if (index_lines_while_idle())
            wait = EventLoop::Duration::zero();
        m_loop.run_once(wait);
        if (m_exit_requested || m_keyboard->hung_up()) {
            emergency_auto_save(); // Emacs's auto-save on a fatal hang-up
            throw KillEmacs{1};
        }
    }
    m_keyboard->start_quit_polling();
    if (!m_keyboard->has_event())
        return Qnil;
    Value ev = m_keyboard->pop();
    if (fboundp(Qtimer__idle_end))
        call0(Qtimer__idle_end);
    record_macro_event(ev);
    if (!m_key_time)
        m_key_time = m_keyboard->last_read_time();
    if (!m_typing)
        m_typing.emplace();
    set_value(Qlast_input_event, ev);
    if (!m_frame->minibuffer_message.empty()) {
        m_frame->minibuffer_message.clear();
        m_command_ran = true;
    }
    return ev;
}

// As Emacs's batch read_char: a byte of standard input; its end is an error.
Value Editor::read_event_headless()
{
    Value ev = next_noninteractive_event();
    if (ev.is_empty())
        xsignal1(Qend_of_file, make_string("Error reading from stdin"));
    return ev;
}

namespace {

// The event without its shift modifier, or nil when it has none.
Value unshifted(Value ev)
{
    if (fixnump(ev))
        return ev.as_fixnum() & shift_bit ? Value::fixnum(ev.as_fixnum() & ~shift_bit) : Qnil;
    if (!symbolp(ev))
        return Qnil;
    std::string name = symbol_name(ev);
    // Modifier prefixes come first, "S-" among them ("C-S-right").
    for (std::size_t i = 0; i + 1 < name.size() && name[i + 1] == '-'; i += 2)
        if (name[i] == 'S')
            return intern(name.substr(0, i) + name.substr(i + 2));
    return Qnil;
}

} // namespace

Value Editor::read_key_sequence(Value prompt, Value& binding)
{
    set_value(Qthis_command_keys_shift_translated, Qnil);
    RootedVector keys;
    binding = Qnil;
    GcRoot root(&binding, 1);
    if (stringp(prompt))
        message(string_view(prompt));
    // A filter or timer run while we wait may show another buffer in the
    // selected window (server.el's visit of a client's file): a key read in
    // that window's buffer is looked up and run there, as in Emacs.
    const bool follows_window = current_buffer() == m_frame->selected().buffer();
    for (;;) {
        Value ev;
        if (keys.size() > 0) {
            // Echo a pending prefix (C-x-) when the user pauses, as echo-keystrokes does.
            ev = read_event(std::chrono::milliseconds(1000));
            if (nilp(ev)) {
                Value v = make_vector(keys.size(), Qnil);
                for (std::size_t i = 0; i < keys.size(); ++i)
                    xvector(v)->items[i] = keys[i];
                message(std::string(string_view(call1(Qkey_description, v))) + "-");
                ev = read_event();
            }
        } else {
            ev = read_event();
            if (!m_frame->minibuffer_active())
                m_frame->echo = {};
            if (Value shown = m_frame->selected().buffer(); follows_window && live_buffer(shown))
                set_current_buffer(shown);
        }
        keys.push_back(ev);
        Value v = make_vector(keys.size(), Qnil);
        for (std::size_t i = 0; i < keys.size(); ++i)
            xvector(v)->items[i] = keys[i];
        if (consp(ev)) // (xterm-paste TEXT) is looked up by its head
            xvector(v)->items.back() = xcar(ev);
        binding = call2(Qkey_binding, v, Qt);
        if (nilp(binding)) {
            // Emacs's shift translation: an unbound S-right runs right's
            // command, telling it the key was shifted (shift-selection).
            Value plain = unshifted(ev);
            if (!nilp(plain)) {
                xvector(v)->items.back() = plain;
                binding = call2(Qkey_binding, v, Qt);
                if (!nilp(binding)) {
                    ev = plain;
                    set_value(Qthis_command_keys_shift_translated, Qt);
                }
            }
        }
        if (nilp(binding)) {
            // As Emacs's read_key_sequence: an unbound function key read
            // through local-function-key-map (<tab> is TAB).
            Value as = call2(Qlookup_key, value_or_nil(Qlocal_function_key_map), make_vector(1, ev));
            if ((vectorp(as) || stringp(as)) && call1(Qlength, as) == Value::fixnum(1)) {
                Value translated = call2(Qaref, as, Value::fixnum(0));
                xvector(v)->items.back() = translated;
                binding = call2(Qkey_binding, v, Qt);
                if (!nilp(binding)) {
                    ev = translated;
                    keys[keys.size() - 1] = translated;
                }
            }
        }
        if (!nilp(binding) && !nilp(call1(Qkeymapp, binding)))
            continue;
        xvector(v)->items.back() = ev;
        set_value(Qlast_command_event, ev);
        return v;
    }
}

} // namespace gapmacs::ui
