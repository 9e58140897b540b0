// The symbols the editor layer's C++ names, interned once (as Emacs's
// DEFSYM): Qfoo_bar for foo-bar, Qfoo_kw for :foo. init() interns them
// before the editor's modules; each is a root, so an unintern cannot free
// it.
#pragma once
#include "lisp-lite/lang/lisp.hpp"

// clang-format off
#define GAPMACS_EDITOR_SYMBOLS(X) \
    X(buffer_kw, ":buffer") \
    X(coding_kw, ":coding") \
    X(command_kw, ":command") \
    X(connection_type_kw, ":connection-type") \
    X(false_kw, ":false") \
    X(family_kw, ":family") \
    X(file_kw, ":file") \
    X(filter_kw, ":filter") \
    X(host_kw, ":host") \
    X(name_kw, ":name") \
    X(noquery_kw, ":noquery") \
    X(null_kw, ":null") \
    X(plist_kw, ":plist") \
    X(region_filter_kw, ":region-filter") \
    X(region_filter_unit_kw, ":region-filter-unit") \
    X(sentinel_kw, ":sentinel") \
    X(server_kw, ":server") \
    X(service_kw, ":service") \
    X(stderr_kw, ":stderr") \
    X(add_name_to_file, "add-name-to-file") \
    X(assq, "assq") \
    X(auto_compression_mode, "auto-compression-mode") \
    X(boundary, "boundary") \
    X(buffer_or_string_p, "buffer-or-string-p") \
    X(category, "category") \
    X(change_major_mode_hook, "change-major-mode-hook") \
    X(chunk, "chunk") \
    X(closed, "closed") \
    X(coding_system__converter_name, "coding-system--converter-name") \
    X(coding_system_for_read, "coding-system-for-read") \
    X(coding_system_for_write, "coding-system-for-write") \
    X(connect, "connect") \
    X(copy_alist, "copy-alist") \
    X(copy_file, "copy-file") \
    X(copy_overlay, "copy-overlay") \
    X(dark, "dark") \
    X(deactivate_mark, "deactivate-mark") \
    X(delete_directory, "delete-directory") \
    X(delete_file, "delete-file") \
    X(delete_region, "delete-region") \
    X(directory_file_name, "directory-file-name") \
    X(directory_files, "directory-files") \
    X(display, "display") \
    X(display_type, "display-type") \
    X(enable_multibyte_characters, "enable-multibyte-characters") \
    X(evaporate, "evaporate") \
    X(insert_behind_hooks, "insert-behind-hooks") \
    X(insert_in_front_hooks, "insert-in-front-hooks") \
    X(modification_hooks, "modification-hooks") \
    X(exec_path, "exec-path") \
    X(exec_suffixes, "exec-suffixes") \
    X(exit, "exit") \
    X(face, "face") \
    X(featurep, "featurep") \
    X(field, "field") \
    X(file_attributes, "file-attributes") \
    X(file_executable_p, "file-executable-p") \
    X(file_modes, "file-modes") \
    X(file_name_as_directory, "file-name-as-directory") \
    X(file_name_directory, "file-name-directory") \
    X(file_name_nondirectory, "file-name-nondirectory") \
    X(file_newer_than_file_p, "file-newer-than-file-p") \
    X(file_regular_p, "file-regular-p") \
    X(file_symlink_p, "file-symlink-p") \
    X(file_system_info, "file-system-info") \
    X(file_truename, "file-truename") \
    X(file_writable_p, "file-writable-p") \
    X(font_lock_face, "font-lock-face") \
    X(front_sticky, "front-sticky") \
    X(fundamental_mode, "fundamental-mode") \
    X(generate_new_buffer_name, "generate-new-buffer-name") \
    X(get_buffer_process, "get-buffer-process") \
    X(get_pos_property, "get-pos-property") \
    X(indent_region_line_by_line, "indent-region-line-by-line") \
    X(indent_relative, "indent-relative") \
    X(indent_tabs_mode, "indent-tabs-mode") \
    X(inhibit_field_text_motion, "inhibit-field-text-motion") \
    X(inhibit_read_only, "inhibit-read-only") \
    X(insert_file_contents, "insert-file-contents") \
    X(interactive_form, "interactive-form") \
    X(internal__syntax_propertize, "internal--syntax-propertize") \
    X(internal_default_process_filter, "internal-default-process-filter") \
    X(internal_default_process_sentinel, "internal-default-process-sentinel") \
    X(jka_compr_handler, "jka-compr-handler") \
    X(json_error, "json-error") \
    X(json_object_too_deep, "json-object-too-deep") \
    X(json_out_of_memory, "json-out-of-memory") \
    X(json_value_p, "json-value-p") \
    X(kill_buffer_hook, "kill-buffer-hook") \
    X(last_command, "last-command") \
    X(last_input_event, "last-input-event") \
    X(last_nonmenu_event, "last-nonmenu-event") \
    X(line, "line") \
    X(listen, "listen") \
    X(local, "local") \
    X(major_mode, "major-mode") \
    X(make_directory, "make-directory") \
    X(make_network_process, "make-network-process") \
    X(make_symbolic_link, "make-symbolic-link") \
    X(md5, "md5") \
    X(mode_name, "mode-name") \
    X(mono, "mono") \
    X(move_overlay, "move-overlay") \
    X(mule_setup, "mule-setup") \
    X(name, "name") \
    X(network, "network") \
    X(next_overlay_change, "next-overlay-change") \
    X(no_conversion, "no-conversion") \
    X(nofollow, "nofollow") \
    X(open, "open") \
    X(overlay_get, "overlay-get") \
    X(overlayp, "overlayp") \
    X(overlays_at, "overlays-at") \
    X(parse_sexp_ignore_comments, "parse-sexp-ignore-comments") \
    X(parse_sexp_lookup_properties, "parse-sexp-lookup-properties") \
    X(permanent_local, "permanent-local") \
    X(permanent_local_hook, "permanent-local-hook") \
    X(pipe, "pipe") \
    X(plist_get, "plist-get") \
    X(plist_put, "plist-put") \
    X(previous_overlay_change, "previous-overlay-change") \
    X(priority, "priority") \
    X(process_connection_type, "process-connection-type") \
    X(propertize, "propertize") \
    X(pty, "pty") \
    X(read_only, "read-only") \
    X(read_process_output_max, "read-process-output-max") \
    X(real, "real") \
    X(rear_nonsticky, "rear-nonsticky") \
    X(rename_file, "rename-file") \
    X(run, "run") \
    X(selected_frame, "selected-frame") \
    X(set_file_modes, "set-file-modes") \
    X(set_file_times, "set-file-times") \
    X(set_visited_file_modtime, "set-visited-file-modtime") \
    X(sha1, "sha1") \
    X(signal, "signal") \
    X(space, "space") \
    X(stop, "stop") \
    X(syntax_ppss_table, "syntax-ppss-table") \
    X(syntax_propertize, "syntax-propertize") \
    X(syntax_propertize__done, "syntax-propertize--done") \
    X(syntax_propertize__inhibit_flush, "syntax-propertize--inhibit-flush") \
    X(syntax_propertize_function, "syntax-propertize-function") \
    X(syntax_table, "syntax-table") \
    X(syntax_table_p, "syntax-table-p") \
    X(tab_width, "tab-width") \
    X(temporary_file_directory, "temporary-file-directory") \
    X(terminal_live_p, "terminal-live-p") \
    X(text_read_only, "text-read-only") \
    X(time_convert, "time-convert") \
    X(timer__run_due, "timer--run-due") \
    X(undo, "undo") \
    X(undo_no_redo, "undo-no-redo") \
    X(unread_command_events, "unread-command-events") \
    X(upcase, "upcase") \
    X(upcase_initials, "upcase-initials") \
    X(userlock__ask_user_about_supersession_threat, "userlock--ask-user-about-supersession-threat") \
    X(utf_8_string_p, "utf-8-string-p") \
    X(utf_8_unix, "utf-8-unix") \
    X(verify_visited_file_modtime, "verify-visited-file-modtime") \
    X(window_configuration_p, "window-configuration-p") \
    X(window_live_p, "window-live-p") \
    X(write_region, "write-region")
// clang-format on

namespace gapmacs::lisp {

#define GAPMACS_DECLARE_Q(name, str) extern lisp::Value Q##name;
GAPMACS_EDITOR_SYMBOLS(GAPMACS_DECLARE_Q)
#undef GAPMACS_DECLARE_Q

// Interns them and makes them roots (init(), once).
void intern_editor_symbols();

} // namespace gapmacs::lisp
