// A buffer's modification state (Emacs's buffer.c: the modified flag and
// the ticks that saving, auto-save and caches compare) and its undo
// (buffer-enable-undo, undo-boundary, undo and redo through buffer/undo).
#include <algorithm>
#include <cstdint>

#include "lisp-lite/editor/buffers.hpp"
#include "lisp-lite/editor/file_locks.hpp"
#include "lisp-lite/editor/modification.hpp"
#include "lisp-lite/editor/modules.hpp"
#include "lisp-lite/editor/symbols.hpp"
#include "lisp-lite/lang/builtins.hpp"
#include "lisp-lite/lang/eval.hpp"

namespace gapmacs::lisp {

namespace {

// A live buffer argument, nil meaning the current buffer.
Buffer& live_buffer_arg(Value v) { return check_live_buffer(nilp(v) ? current_buffer() : v); }

Value f_buffer_modified_p(Args a) { return boolean(live_buffer_arg(a[0]).modified()); }
// Ticks counted from 1, as a new buffer's are in Emacs.
Value f_buffer_modified_tick(Args a)
{
    return make_integer(static_cast<std::int64_t>(live_buffer_arg(a[0]).modification_tick() + 1));
}
Value f_buffer_chars_modified_tick(Args a)
{
    return make_integer(static_cast<std::int64_t>(live_buffer_arg(a[0]).chars_modification_tick() + 1));
}
Value f_set_buffer_modified_p(Args a)
{
    lock_for_modified_flag(!nilp(a[0]));
    current().set_modified(!nilp(a[0]));
    return a[0];
}
Value f_buffer_enable_undo(Args a)
{
    Buffer& b = nilp(a[0]) ? current() : buffer_or_name(a[0]);
    b.undo_list().set_enabled(true);
    return Qnil;
}
Value f_buffer_disable_undo(Args a)
{
    Buffer& b = nilp(a[0]) ? current() : buffer_or_name(a[0]);
    b.undo_list().set_enabled(false);
    return Qnil;
}
Value f_undo_boundary(Args)
{
    current().undo_boundary();
    return Qnil;
}
// The count argument of undo and undo-redo: at least one step.
std::int64_t step_count(Value v) { return v.is_fixnum() ? std::max<std::int64_t>(1, v.as_fixnum()) : 1; }

// Takes N steps of STEP (Buffer::undo or Buffer::redo); the file's lock
// follows the modified flag, then running out signals EXHAUSTED.
void take_undo_steps(Buffer& b, std::int64_t n, bool (Buffer::*step)(), const char* exhausted)
{
    const bool was_modified = b.modified();
    std::int64_t done = 0;
    while (done < n && (b.*step)())
        ++done;
    lock_after_undo(was_modified);
    if (done < n)
        xsignal1(Quser_error, make_string(exhausted));
}

// undo: consecutive undos (last-command undo) walk further back; after any
// other command the walk starts again at the newest change, so undoing
// after C-g redoes. undo-no-redo (undo-only) starts below what was undone.
Value f_undo(Args a)
{
    Buffer& b = current();
    barf_if_buffer_read_only();
    if (!b.undo_list().enabled())
        xsignal1(Quser_error, make_string("No undo information in this buffer"));
    const bool no_redo = !nilp(value_or_nil(Qundo_no_redo));
    if (value_or_nil(Qlast_command) != Qundo)
        b.restart_undo(no_redo);
    const bool redo = !no_redo && b.next_undo_is_redo();
    take_undo_steps(b, step_count(a[0]), &Buffer::undo, "No further undo information");
    message(redo ? "Redo" : "Undo");
    return Qnil;
}

// undo-redo's core: takes back the last N undos, as if never made.
Value f_undo_redo(Args a)
{
    Buffer& b = current();
    barf_if_buffer_read_only();
    take_undo_steps(b, step_count(a[0]), &Buffer::redo, "No undo to undo");
    message("Redo");
    return Qnil;
}

const SubrDef undo_subrs[] = {
    {"buffer-modified-p", 0, 1, f_buffer_modified_p},
    {"buffer-modified-tick", 0, 1, f_buffer_modified_tick},
    {"buffer-chars-modified-tick", 0, 1, f_buffer_chars_modified_tick},
    {"set-buffer-modified-p", 1, 1, f_set_buffer_modified_p},
    {"restore-buffer-modified-p", 1, 1, f_set_buffer_modified_p},
    {"buffer-enable-undo", 0, 1, f_buffer_enable_undo},
    {"buffer-disable-undo", 0, 1, f_buffer_disable_undo},
    {"undo-boundary", 0, 0, f_undo_boundary},
    {"undo", 0, 1, f_undo},
    {"gapmacs--undo-redo", 0, 1, f_undo_redo},
};

} // namespace

void register_undo_builtins() { register_subrs(undo_subrs); }

} // namespace gapmacs::lisp
