// Emacs's command loop: recursive edits, one command at a time, errors
// reported and the loop going on, memory exhaustion survived.
#include "ui/editor.hpp"

#include <iostream>

#include "lisp-lite/editor/buffers.hpp"
#include "lisp-lite/editor/file_locks.hpp"
#include "lisp-lite/editor/invisibility.hpp"
#include "lisp-lite/editor/processes.hpp"
#include "lisp-lite/lang/eval.hpp"
#include "lisp-lite/lang/heap.hpp"
#include "lisp-lite/lang/hooks.hpp"
#include "ui/editor_support.hpp"
#include "ui/keyboard_macro.hpp"
#include "ui/symbols.hpp"

namespace gapmacs::ui {

using namespace lisp;
using namespace editor_support;

namespace {

// As Emacs's command_loop_1 while it waits for a key: no command runs, so
// timers (ElDoc) see this-command nil.
void clear_this_command()
{
    set_value(Qthis_command, Qnil);
    set_value(Qreal_this_command, Qnil);
}

} // namespace

Value Editor::recursive_edit()
{
    DepthScope depth(m_depth);
    CatchScope exit_tag(Qexit);
    try {
        command_loop();
    } catch (const LispThrow& t) {
        if (t.tag() != Qexit)
            throw;
        Value v = t.value();
        if (v == Qt)
            xsignal(Qquit, Qnil);
        if (v == Qminibuffer_quit) // abort-minibuffers
            xsignal(Qminibuffer_quit, Qnil);
        if (!nilp(v) && functionp(v))
            call0(v);
    }
    return Qnil;
}

constexpr std::size_t memory_reserve_bytes = 16 << 20;
constexpr const char* memory_exhausted_message =
    "Memory exhausted--use C-x s then exit and restart gapmacs";

void Editor::release_memory_reserve()
{
    m_memory_reserve.reset();
    set_value(Qmemory_full, Qt);
}

void Editor::restore_memory_reserve()
{
    if (m_memory_reserve)
        return;
    try {
        m_memory_reserve = std::make_unique_for_overwrite<char[]>(memory_reserve_bytes);
        set_value(Qmemory_full, Qnil);
    } catch (const std::bad_alloc&) {
    }
}

void Editor::command_loop()
{
    // As Emacs's command_loop_1, entered for each recursive edit and again
    // after each error: post-command-hook runs first (a minibuffer's
    // completion UI shows its candidates before the first key).
    safe_run_hooks(Qpost_command_hook);
    start_command_loop();
    for (;;) {
        // As Emacs's command_loop_1: a keyboard macro that ran out inside
        // a recursive edit ends it (the top level runs no macro).
        if (m_depth > 1 && macro_ran_out() && !consp(value_or_nil(Qunread_command_events))) {
            // Found waiting for a key: no command runs (ivy's action, called
            // again as its minibuffer ends, sees this-command nil).
            macro_ran_out_of_keys();
            return;
        }
        try {
            restore_memory_reserve();
            execute_one_command();
        } catch (const std::bad_alloc&) {
            // As Emacs: the command fails, the editor goes on. The garbage the
            // command made is unreachable now; the next collection frees it.
            release_memory_reserve();
            collect_garbage();
            report_error(memory_exhausted_error(memory_exhausted_message));
        } catch (const LispThrow& t) {
            if (t.tag() == Qexit && m_depth > 1)
                throw;
            if (t.tag() == Qexit || t.tag() == Qtop_level) {
                if (m_depth > 1)
                    throw;
                continue; // top level: nothing above to return to
            }
            message("No catch for tag: " + prin1_to_string(t.tag()));
        } catch (const std::exception&) {
            // A Lisp error, or a C++ failure outside any subr (a bug, or a
            // library's error): the command fails with its message; the
            // editor and its buffers stay. With no terminal, once standard
            // input has ended no command can come: the edit ends with the
            // error.
            if (headless() && std::cin.eof())
                throw;
            report_error(caught_error());
            safe_run_hooks(Qpost_command_hook);
        }
    }
}

void Editor::report_error(const LispSignal& e)
{
    m_command_ran = true;
    discard_input();
    clear_quit();
    set_value(Qunread_command_events, Qnil);
    set_value(Qprefix_arg, Qnil);
    // As in Emacs, an error ends a keyboard macro's definition.
    cancel_macro_definition();
    // As Emacs's command loop after an error: the failed command is the last
    // one, so an undo after C-g starts a new undo sequence (it redoes).
    set_value(Qlast_command, value_or_nil(Qthis_command));
    set_value(Qreal_last_command, value_or_nil(Qreal_this_command));
    if (e.symbol() == Qquit || e.symbol() == Qminibuffer_quit) {
        message("Quit");
        beep();
        return;
    }
    Value err = make_cons(e.symbol(), e.data());
    message(error_message_string(err));
    beep();
}

void Editor::start_command_loop()
{
    set_value(Qlast_command, value_or_nil(Qthis_command));
    set_value(Qreal_last_command, value_or_nil(Qreal_this_command));
}

void Editor::macro_ran_out_of_keys() { clear_this_command(); }

void Editor::execute_one_command()
{
    if (headless() && !m_commands_loaded)
        load_commands();
    // As Emacs's command loop: each command starts in the selected window's
    // buffer (a kill-buffer of the current one left another buffer current).
    if (Value shown = m_frame->selected().buffer(); live_buffer(shown))
        set_current_buffer(shown);
    clear_this_command();
    Value binding = Qnil;
    Value keys = read_key_sequence(Qnil, binding);
    GcRoot root(&keys, 1);
    if (nilp(binding)) {
        Value desc = call1(Qkey_description, keys);
        message(std::string(string_view(desc)) + " is undefined");
        beep();
        set_value(Qprefix_arg, Qnil);
        return;
    }
    set_value(Qthis_command, binding);
    set_value(Qreal_this_command, binding);
    set_value(Qgapmacs__this_command_keys, keys);
    set_value(Qcurrent_prefix_arg, value_or_nil(Qprefix_arg));
    set_value(Qprefix_arg, Qnil);
    set_value(Qdeactivate_mark, Qnil);
    set_value(Qdisable_point_adjustment, Qnil);
    // Where the command starts, for moving point out of invisible text after it.
    Value buffer_before = current_buffer();
    GcRoot buffer_root(&buffer_before, 1);
    const CharPos point_before = current().point();
    const std::uint64_t tick_before = current().modification_tick();
    safe_run_hooks(Qpre_command_hook);
    // Consecutive self-insertions are one undo step, up to 20 of them, as
    // Emacs amalgamates them.
    const bool self_insert = binding == Qself_insert_command;
    if (!(self_insert && value_or_nil(Qlast_command) == Qself_insert_command && ++m_self_inserts < 20)) {
        m_self_inserts = 0;
        current().undo_boundary();
    }
    Value cmd = value_or_nil(Qthis_command);
    if (symbolp(cmd) && nilp(xsymbol(cmd)->function) && !nilp(cmd))
        xsignal1(Qvoid_function, cmd);
    // command-execute, as Emacs's loop: a string or vector bound to a key
    // is a keyboard macro (C-x 8 ' e types é). SPECIAL: the prefix argument
    // was moved to current-prefix-arg above.
    {
        Value args[] = {cmd, Qnil, Qnil, Qt};
        funcall(Qcommand_execute, args, 4);
    }
    safe_run_hooks(Qpost_command_hook);
    if (!nilp(value_or_nil(Qdeactivate_mark)) && !nilp(value_or_nil(Qtransient_mark_mode)) && fboundp(Qdeactivate_mark))
        call0(Qdeactivate_mark);
    // A prefix command (C-u, M-5) leaves the last command as it was, so
    // C-w after C-u still appends to the kill.
    if (nilp(value_or_nil(Qprefix_arg))) {
        set_value(Qlast_command, value_or_nil(Qthis_command));
        set_value(Qreal_last_command, value_or_nil(Qreal_this_command));
    }
    set_value(Qlast_prefix_arg, value_or_nil(Qcurrent_prefix_arg));
    if (current_buffer() == buffer_before && m_frame->selected().buffer() == buffer_before &&
        nilp(value_or_nil(Qdisable_point_adjustment)) && nilp(value_or_nil(Qglobal_disable_point_adjustment))) {
        Buffer& b = current();
        if (b.point() != point_before)
            b.goto_char(point_out_of_invisible_text(buffer_before, b.point(), point_before,
                                                    b.modification_tick() != tick_before));
    }
    m_command_ran = true;
}

int Editor::run(const StartupOptions& options)
{
    try {
        load_startup(options);
        if (fboundp(Qstartup__insert_scratch_message))
            call0(Qstartup__insert_scratch_message);
        if (current_buffer() == get_buffer(make_string("*scratch*")) && fboundp(Qlisp_interaction_mode)) {
            try {
                call0(Qlisp_interaction_mode);
            } catch (const LispSignal&) {
            }
        }
        run_command_line(options);
        for (;;) {
            CatchScope top(Qtop_level);
            try {
                recursive_edit();
            } catch (const LispSignal& e) {
                report_error(e);
            } catch (const LispThrow&) {
            }
        }
    } catch (const KillEmacs& k) {
        unlock_all_files();
        kill_all_processes();
        disarm_timer_alarm();
        return k.status;
    }
}

} // namespace gapmacs::ui
