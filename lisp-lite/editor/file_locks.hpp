// File locks, as Emacs's filelock.c makes them: while a buffer visiting a
// file has unsaved changes, a symbolic link beside the file (.#NAME, or what
// make-lock-file-name says) points at "USER@HOST.PID:BOOT". Another Emacs, or
// gapmacs, that starts changing the same file finds it and asks
// (ask-user-about-lock); saving or killing the buffer removes it. Nothing is
// made while create-lockfiles is nil.
#pragma once
#include "buffer/buffer.hpp"
#include "lisp-lite/lang/lisp.hpp"

namespace gapmacs::lisp {

// The current buffer is about to change: an unmodified buffer visiting a
// file locks it first (prepare_to_modify_buffer).
void lock_before_first_change();
// set-buffer-modified-p: the current buffer's file is locked as the buffer
// becomes modified, unlocked as it becomes unmodified.
void lock_for_modified_flag(bool modified);
// undo set the current buffer's modified flag itself (back at the saved
// text, or away from it): the lock follows, as primitive-undo's
// unlock-buffer and its changes' lock do.
void lock_after_undo(bool was_modified);
// The current buffer was written to the file it visits: the lock goes.
void unlock_after_save();
// At exit: the locks of every modified buffer visiting a file go.
void unlock_all_files();

} // namespace gapmacs::lisp
