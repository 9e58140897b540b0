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
    X(above, "above") \
    X(add_face_text_property, "add-face-text-property") \
    X(add_text_properties, "add-text-properties") \
    X(aref, "aref") \
    X(below, "below") \
    X(bindings__emacs_library_keys, "bindings--emacs-library-keys") \
    X(bindings__emacs_library_risky_variables, "bindings--emacs-library-risky-variables") \
    X(car, "car") \
    X(column_number_mode, "column-number-mode") \
    X(command_execute, "command-execute") \
    X(current_prefix_arg, "current-prefix-arg") \
    X(delete_all_overlays, "delete-all-overlays") \
    X(disable_point_adjustment, "disable-point-adjustment") \
    X(display_line_numbers, "display-line-numbers") \
    X(execute_kbd_macro, "execute-kbd-macro") \
    X(executing_kbd_macro, "executing-kbd-macro") \
    X(executing_kbd_macro_index, "executing-kbd-macro-index") \
    X(face_core__generation, "face-core--generation") \
    X(files__visit, "files--visit") \
    X(fontification_functions, "fontification-functions") \
    X(fontified, "fontified") \
    X(global_disable_point_adjustment, "global-disable-point-adjustment") \
    X(grow_only, "grow-only") \
    X(format_mode_line, "format-mode-line") \
    X(gapmacs__highlights, "gapmacs--highlights") \
    X(gapmacs__this_command_keys, "gapmacs--this-command-keys") \
    X(gapmacs_latency_log, "gapmacs-latency-log") \
    X(header_line_format, "header-line-format") \
    X(internal__header_line_text, "internal--header-line-text") \
    X(internal__tty_face_attributes, "internal--tty-face-attributes") \
    X(tty_color_desc, "tty-color-desc") \
    X(isearch, "isearch") \
    X(key_binding, "key-binding") \
    X(local_function_key_map, "local-function-key-map") \
    X(lookup_key, "lookup-key") \
    X(minibuffer_quit, "minibuffer-quit") \
    X(key_description, "key-description") \
    X(keymapp, "keymapp") \
    X(kill_all_local_variables, "kill-all-local-variables") \
    X(last_command_event, "last-command-event") \
    X(last_input_event, "last-input-event") \
    X(last_prefix_arg, "last-prefix-arg") \
    X(left, "left") \
    X(length, "length") \
    X(line_number_mode, "line-number-mode") \
    X(lisp_interaction_mode, "lisp-interaction-mode") \
    X(list_buffers, "list-buffers") \
    X(mark_active, "mark-active") \
    X(max_mini_window_height, "max-mini-window-height") \
    X(memory_full, "memory-full") \
    X(minibuffer_default, "minibuffer-default") \
    X(minibuffer_exit_hook, "minibuffer-exit-hook") \
    X(minibuffer_history, "minibuffer-history") \
    X(minibuffer_history_position, "minibuffer-history-position") \
    X(minibuffer_history_variable, "minibuffer-history-variable") \
    X(minibuffer_local_map, "minibuffer-local-map") \
    X(minibuffer_prompt_properties, "minibuffer-prompt-properties") \
    X(minibuffer_setup_hook, "minibuffer-setup-hook") \
    X(minibuffer_text_before_history, "minibuffer-text-before-history") \
    X(minor_mode_alist, "minor-mode-alist") \
    X(mode_line_inactive, "mode-line-inactive") \
    X(mode_line_process, "mode-line-process") \
    X(move_to_column, "move-to-column") \
    X(message_log_max, "message-log-max") \
    X(next_single_property_change, "next-single-property-change") \
    X(other_window, "other-window") \
    X(overlay_arrow_string, "overlay-arrow-string") \
    X(overlay_arrow_variable_list, "overlay-arrow-variable-list") \
    X(post_command_hook, "post-command-hook") \
    X(pre_command_hook, "pre-command-hook") \
    X(prefix_arg, "prefix-arg") \
    X(prefix_numeric_value, "prefix-numeric-value") \
    X(put_text_property, "put-text-property") \
    X(read_from_string, "read-from-string") \
    X(real_last_command, "real-last-command") \
    X(real_this_command, "real-this-command") \
    X(recenter_top_bottom, "recenter-top-bottom") \
    X(resize_mini_windows, "resize-mini-windows") \
    X(right, "right") \
    X(self_insert_command, "self-insert-command") \
    X(set_buffer, "set-buffer") \
    X(startup__insert_scratch_message, "startup--insert-scratch-message") \
    X(startup__preloaded_modes, "startup--preloaded-modes") \
    X(startup__terminal_setup, "startup--terminal-setup") \
    X(switch_to_buffer_other_window, "switch-to-buffer-other-window") \
    X(text_property_any, "text-property-any") \
    X(this_command, "this-command") \
    X(this_command_keys_shift_translated, "this-command-keys-shift-translated") \
    X(this_command_keys_vector, "this-command-keys-vector") \
    X(timer__idle_begin, "timer--idle-begin") \
    X(timer__idle_end, "timer--idle-end") \
    X(top_level, "top-level") \
    X(transient_mark_mode, "transient-mark-mode") \
    X(truncate_lines, "truncate-lines") \
    X(unread_command_events, "unread-command-events") \
    X(unspecified, "unspecified") \
    X(use_local_map, "use-local-map") \
    X(vc_mode, "vc-mode") \
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
