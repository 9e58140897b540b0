// The minibuffer: read-from-minibuffer as a recursive edit in the
// minibuffer window, and everything it changed restored however it ends.
#include "ui/editor.hpp"

#include <algorithm>

#include "lisp-lite/editor/buffers.hpp"
#include "lisp-lite/editor/fields.hpp"
#include "lisp-lite/lang/eval.hpp"
#include "lisp-lite/lang/hooks.hpp"
#include "ui/editor_support.hpp"
#include "ui/symbols.hpp"

namespace gapmacs::ui {

using namespace lisp;
using namespace editor_support;

namespace {

// Restores what a minibuffer changed, however it is left.
class MinibufferScope {
public:
    MinibufferScope(Frame& f)
        : m_frame(f), m_window(&f.selected()), m_buffer(current_buffer()), m_prompt(f.prompt),
          m_mini_buffer(f.minibuffer_window().buffer())
    {
        ++m_frame.minibuffer_depth;
        m_roots[0] = m_buffer;
        m_roots[1] = m_mini_buffer;
        for (Window* w : f.windows()) {
            m_windows_before.push_back(w);
            m_buffers_before.push_back(w->buffer());
        }
    }
    ~MinibufferScope()
    {
        --m_frame.minibuffer_depth;
        m_frame.prompt = m_prompt;
        // The rows the minibuffer grew to go back to the windows at once,
        // as Emacs's read_minibuf_unwind shrinks it: a window the command
        // splits next has them.
        m_frame.set_minibuffer_rows(1);
        hide_completions();
        if (live_buffer(m_mini_buffer))
            m_frame.minibuffer_window().set_buffer(m_mini_buffer);
        if (m_frame.contains(m_window))
            m_frame.select(*m_window);
        else
            m_frame.select(*m_frame.windows().front());
        Value b = live_buffer(m_buffer) ? m_buffer : m_frame.selected().buffer();
        if (live_buffer(b))
            set_current_buffer(b);
    }
    MinibufferScope(const MinibufferScope&) = delete;
    MinibufferScope& operator=(const MinibufferScope&) = delete;

private:
    Frame& m_frame;
    Window* m_window;
    // As Emacs restores the window configuration when a minibuffer exits
    // (RET or C-g): a window made to show *Completions* goes, and one that
    // was taken for it shows its buffer again.
    void hide_completions() noexcept
    {
        // Runs in a destructor, maybe while an error unwinds: nothing may escape.
        try {
            hide_completions_windows();
        } catch (...) {
        }
    }
    void hide_completions_windows()
    {
        for (Window* w : m_frame.windows()) {
            const Buffer* b = live_buffer(w->buffer());
            if (!b || b->name() != "*Completions*")
                continue;
            auto before = std::find(m_windows_before.begin(), m_windows_before.end(), w);
            if (before == m_windows_before.end()) {
                if (m_frame.windows().size() > 1)
                    m_frame.remove(*w);
                continue;
            }
            Value was = m_buffers_before[static_cast<std::size_t>(before - m_windows_before.begin())];
            if (was != w->buffer() && live_buffer(was))
                w->set_buffer(was);
        }
    }

    Value m_buffer;
    std::string m_prompt;
    Value m_mini_buffer;
    Value m_roots[2];
    GcRoot m_root{m_roots, 2};
    std::vector<Window*> m_windows_before; // compared only: a removed window is not touched
    RootedVector m_buffers_before;         // what each of them showed
};

// minibuffer-exit-hook runs however the minibuffer is left (RET, C-g, an
// error), in the minibuffer, before its buffer and windows are restored:
// Emacs's run_exit_minibuf_hook, an unwind of read_minibuf.
class MinibufferExitHook {
public:
    MinibufferExitHook() = default;
    ~MinibufferExitHook()
    {
        try {
            safe_run_hooks(Qminibuffer_exit_hook);
        } catch (...) {
            // A throw out of the hook while unwinding: the reading ends anyway.
        }
    }
    MinibufferExitHook(const MinibufferExitHook&) = delete;
    MinibufferExitHook& operator=(const MinibufferExitHook&) = delete;
};

// Emacs's read_minibuf: the prompt is the minibuffer's first text, a field
// of its own (the input is what follows minibuffer-prompt-end, and C-a
// stops there), given minibuffer-prompt-properties: read-only, and the
// minibuffer-prompt face after the faces the prompt has. Inserted at
// point, in the current buffer.
void insert_prompt(Value prompt)
{
    if (!stringp(prompt) || string_view(prompt).empty())
        return;
    // The properties go on one by one: read-only would refuse the rest.
    SpecScope writable;
    specbind(Qinhibit_read_only, Qt);
    const Value beg = Value::fixnum(current().point().value);
    call1(Qinsert, prompt);
    const Value end = Value::fixnum(current().point().value);
    auto put = [&](Value property, Value value) {
        Value args[] = {beg, end, property, value};
        funcall(Qput_text_property, args, 4);
    };
    put(Qfront_sticky, Qt);
    put(Qrear_nonsticky, Qt);
    put(Qfield, Qt);
    for (Value l = value_or_nil(Qminibuffer_prompt_properties); consp(l) && consp(xcdr(l)); l = xcdr(xcdr(l))) {
        if (xcar(l) == Qface) {
            Value args[] = {beg, end, xcar(xcdr(l)), Qt};
            funcall(Qadd_face_text_property, args, 4);
        } else {
            put(xcar(l), xcar(xcdr(l)));
        }
    }
}

} // namespace

void Editor::set_minibuffer_prompt(Value prompt)
{
    Value mb = m_frame->minibuffer_window().buffer();
    Buffer& text = check_live_buffer(mb);
    CurrentBufferScope in_minibuffer;
    set_current_buffer(mb);
    SpecScope writable;
    specbind(Qinhibit_read_only, Qt);
    const CharPos end = minibuffer_prompt_end();
    const CharCount after = text.point() >= end ? text.point() - end : CharCount(0);
    text.delete_region(text.point_min(), end);
    text.goto_char(text.point_min());
    insert_prompt(prompt);
    text.goto_char(text.point() + after);
    m_frame->prompt = std::string(string_view(prompt));
}

Value Editor::read_from_minibuffer(Value prompt, Value initial, Value keymap, bool read, Value history,
                                   Value default_value)
{
    RootedVector roots;
    roots.push_back(prompt);
    roots.push_back(initial);
    roots.push_back(keymap);
    roots.push_back(history);
    roots.push_back(default_value);
    MinibufferScope scope(*m_frame);
    DepthScope mdepth(m_minibuffer_depth);
    Value mb = get_buffer_create(make_string(" *Minibuf-" + std::to_string(m_minibuffer_depth) + "*"));
    roots.push_back(mb);
    Buffer& text = check_live_buffer(mb);
    text.set_read_only(false);
    text.widen();
    text.erase();
    m_frame->prompt = stringp(prompt) ? std::string(string_view(prompt)) : std::string();
    Window& mw = m_frame->minibuffer_window();
    mw.set_buffer(mb);
    m_frame->select(mw);
    set_current_buffer(mb);
    insert_prompt(prompt);
    if (stringp(initial))
        text.insert(string_view(initial));
    else if (consp(initial) && stringp(xcar(initial)))
        text.insert(string_view(xcar(initial)));
    text.undo_list().clear();
    text.goto_char(text.point_max());
    // As minibuf.c's get_minibuffer: a minibuffer used again keeps no
    // overlay (icomplete's candidates) nor anything local from its last
    // reading (what a setup hook set there).
    call1(Qdelete_all_overlays, mb);
    if (fboundp(Qkill_all_local_variables))
        call0(Qkill_all_local_variables);
    if (fboundp(Quse_local_map))
        call1(Quse_local_map, nilp(keymap) ? value_or_nil(Qminibuffer_local_map) : keymap);
    SpecScope bindings;
    // The prefix the reading command was given stays its own (what its
    // interactive spec reads afterwards). this-command and last-command
    // are left as the minibuffer's commands set them, as in Emacs: after
    // the read, this-command is exit-minibuffer (ivy tells so that its
    // action runs after ivy-done).
    for (Value var : {Qcurrent_prefix_arg, Qprefix_arg})
        specbind(var, value_or_nil(var));
    Value hist_var = consp(history) ? xcar(history) : nilp(history) ? Qminibuffer_history : history;
    specbind(Qminibuffer_history_variable, hist_var);
    specbind(Qminibuffer_default, default_value);
    specbind(Qminibuffer_history_position, Value::fixnum(0));
    specbind(Qminibuffer_text_before_history, Qnil);
    m_frame->echo = {};
    m_frame->minibuffer_message.clear();
    MinibufferExitHook exit_hook;
    run_hook(Qminibuffer_setup_hook);
    {
        DepthScope edit(m_minibuffer_edits);
        recursive_edit();
    }
    std::string contents;
    {
        CurrentBufferScope in_minibuffer;
        set_current_buffer(mb);
        contents = text.substring(minibuffer_prompt_end(), text.point_max());
    }
    Value result = make_string(contents);
    roots.push_back(result);
    // History: the newest first, no immediate duplicate, never t.
    if (hist_var != Qt && !contents.empty() && symbolp(hist_var)) {
        Value old = value_or_nil(hist_var);
        if (!consp(old) || !stringp(xcar(old)) || string_view(xcar(old)) != contents)
            set_symbol_value(hist_var, make_cons(result, listp(old) ? old : Qnil));
    }
    if (read) {
        if (contents.empty() && !nilp(default_value))
            result = stringp(default_value) ? default_value : consp(default_value) ? xcar(default_value) : result;
        return call1(Qcar, call1(Qread_from_string, result));
    }
    return result;
}

} // namespace gapmacs::ui
