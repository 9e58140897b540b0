// The symbols the terminal UI's C++ names, interned once (as Emacs's
// DEFSYM): Qfoo_bar for foo-bar, Qfoo_kw for :foo. init_ui() interns
// them; everything in ui/ runs after it.
#pragma once
#include "lisp-lite/editor/symbols.hpp"
#include "lisp-lite/lang/lisp.hpp"

// clang-format off
#define GAPMACS_UI_SYMBOLS(X) \
    X(align_to_kw, ":align-to") \
    X(width_kw, ":width") \
    X(aref, "aref") \
    X(background_color, "background-color") \
    X(car, "car") \
    X(command_execute, "command-execute") \
    X(deactivate_mark, "deactivate-mark") \
    X(execute_kbd_macro, "execute-kbd-macro") \
    X(executing_kbd_macro, "executing-kbd-macro") \
    X(executing_kbd_macro_index, "executing-kbd-macro-index") \
    X(face_core__generation, "face-core--generation") \
    X(files__visit, "files--visit") \
    X(fontification_functions, "fontification-functions") \
    X(fontified, "fontified") \
    X(foreground_color, "foreground-color") \
    X(format_mode_line, "format-mode-line") \
    X(gapmacs__highlights, "gapmacs--highlights") \
    X(gapmacs__this_command_keys, "gapmacs--this-command-keys") \
    X(gapmacs_process_progress, "gapmacs-process-progress") \
    X(internal__header_line_text, "internal--header-line-text") \
    X(internal__tty_face_attributes, "internal--tty-face-attributes") \
    X(isearch, "isearch") \
    X(key_binding, "key-binding") \
    X(key_description, "key-description") \
    X(keymapp, "keymapp") \
    X(kill_all_local_variables, "kill-all-local-variables") \
    X(last_command, "last-command") \
    X(left, "left") \
    X(length, "length") \
    X(line_number_mode, "line-number-mode") \
    X(lisp_interaction_mode, "lisp-interaction-mode") \
    X(list_buffers, "list-buffers") \
    X(minibuffer_default, "minibuffer-default") \
    X(minibuffer_exit_hook, "minibuffer-exit-hook") \
    X(minibuffer_history, "minibuffer-history") \
    X(minibuffer_history_position, "minibuffer-history-position") \
    X(minibuffer_history_variable, "minibuffer-history-variable") \
    X(minibuffer_setup_hook, "minibuffer-setup-hook") \
    X(minibuffer_text_before_history, "minibuffer-text-before-history") \
    X(move_to_column, "move-to-column") \
    X(next_single_property_change, "next-single-property-change") \
    X(other_window, "other-window") \
    X(overlay_arrow_string, "overlay-arrow-string") \
    X(post_command_hook, "post-command-hook") \
    X(pre_command_hook, "pre-command-hook") \
    X(prefix_numeric_value, "prefix-numeric-value") \
    X(process_status, "process-status") \
    X(process_tty_name, "process-tty-name") \
    X(put_text_property, "put-text-property") \
    X(read_from_string, "read-from-string") \
    X(recenter_top_bottom, "recenter-top-bottom") \
    X(right, "right") \
    X(self_insert_command, "self-insert-command") \
    X(set_buffer, "set-buffer") \
    X(startup__insert_scratch_message, "startup--insert-scratch-message") \
    X(switch_to_buffer_other_window, "switch-to-buffer-other-window") \
    X(text_property_any, "text-property-any") \
    X(this_command_keys_vector, "this-command-keys-vector") \
    X(timer__idle_begin, "timer--idle-begin") \
    X(timer__idle_end, "timer--idle-end") \
    X(top_level, "top-level") \
    X(transient_mark_mode, "transient-mark-mode") \
    X(unread_command_events, "unread-command-events") \
    X(unspecified, "unspecified") \
    X(use_local_map, "use-local-map") \
    X(vconcat, "vconcat") \
    X(with_silent_modifications, "with-silent-modifications") \
    X(xterm_paste, "xterm-paste")
// clang-format on

namespace gapmacs::ui {

#define GAPMACS_DECLARE_Q(name, str) extern lisp::Value Q##name;
GAPMACS_UI_SYMBOLS(GAPMACS_DECLARE_Q)
#undef GAPMACS_DECLARE_Q

// lisp::init(), then the UI's symbols interned and made roots; once,
// whoever calls it first (the editor, batch mode, the tests).
void init_ui();

} // namespace gapmacs::ui
