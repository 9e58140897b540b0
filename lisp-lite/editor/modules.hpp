// The editor's modules: the bindings of buffers, markers, processes,
// files and regexps, each registering into the language. Their order is
// the list in modules.cpp; init() installs the language's modules, then
// these.
#pragma once
#include <span>

#include "lisp-lite/lang/modules.hpp"

namespace gapmacs::lisp {

std::span<const Module> editor_modules();

// What each module installs (the file that defines it in a comment).
void register_file_builtins();           // builtins_file.cpp
void register_file_lock_builtins();      // file_locks.cpp
void register_file_attribute_builtins(); // file-attributes, modes, copy-file (builtins_file_attributes.cpp)
void register_waiting_builtins();        // sleep-for, sit-for (waiting.cpp)
void register_process_builtins();        // builtins_process.cpp
void register_call_process_builtins();   // call-process, call-process-region (call_process.cpp)
void register_dir_builtins();            // directory-files... (builtins_dir.cpp)
void register_buffer_local_builtins();   // and the LocalBindings of buffers (buffer_locals.cpp)
void register_modification_builtins();   // modification.cpp
void register_word_builtins();           // forward-word, skip-chars-forward... (words.cpp)
void register_exec_path_builtins();      // exec-path, executable-find (exec_path.cpp)
void register_syntax_table_builtins();   // syntax-table, modify-syntax-entry... (syntax_table.cpp)
void register_syntax_scan_builtins();    // scan-lists, parse-partial-sexp... (syntax_scan.cpp)
void register_translate_builtins();      // subst-char-in-region (translate.cpp)
void register_timer_builtins();          // the event-loop alarm of lisp/timer.el (timers.cpp)
void register_command_builtins();        // interactive specs of the builtin commands (commands.cpp)
void register_minibuffer_builtins();     // batch read-from-minibuffer, read-event (minibuffer.cpp)
void register_save_form_builtins();      // save-excursion, save-restriction... (builtins_save_forms.cpp)
void register_buffer_builtins();         // buffers, their text, point and lines (builtins_buffer.cpp)
void register_column_builtins();         // current-column, move-to-column (builtins_columns.cpp)
void register_undo_builtins();           // buffer-modified-p, undo... (builtins_undo.cpp)
void register_case_region_builtins();    // upcase-region... (builtins_case_region.cpp)
void register_marker_builtins();         // markers and the mark (builtins_marker.cpp)
void register_coding_builtins();         // decode-coding-string... (builtins_coding.cpp)
void register_file_contents_builtins();  // insert-file-contents, write-region (builtins_file_contents.cpp)
void define_per_buffer_variables();      // buffer_locals.cpp
void register_regex_builtins();          // builtins_regex.cpp
void register_overlay_builtins();        // overlays.cpp
void register_batch_window_builtins();   // selected-window, window-width... of batch (batch_window.cpp)
void register_frame_builtins();          // selected-frame, frame-parameters... (frames.cpp)
void register_text_property_builtins();  // text_properties.cpp
void register_field_builtins();          // fields.cpp
void register_mode_line_builtins();      // mode_line_format.cpp
void register_secure_hash_builtins();     // md5, secure-hash, buffer-hash (secure_hash.cpp)
void register_json_builtins();            // json-serialize, json-parse-buffer... (json.cpp)
void register_system_process_builtins();  // list-system-processes, process-attributes (system_processes.cpp)
void define_bundled_variables();         // bundled_variables.cpp

} // namespace gapmacs::lisp
