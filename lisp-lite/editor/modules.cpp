// The editor's module list, and init(): the language's modules, then these,
// in this order. Nothing else sets up the Lisp world.
#include "lisp-lite/editor/modules.hpp"

#include "lisp-lite/editor/symbols.hpp"
#include "lisp-lite/lisp_lite.hpp"

namespace gapmacs::lisp {

namespace {

// After the whole language, prelude included: the Lisp some of them load
// (load_text) may use its macros.
const Module modules[] = {
    {"files", register_file_builtins},
    {"file-attributes", register_file_attribute_builtins},
    {"waiting", register_waiting_builtins},
    {"processes", register_process_builtins},
    {"call-process", register_call_process_builtins},
    {"exec-path", register_exec_path_builtins},
    {"directories", register_dir_builtins},
    {"buffer-locals", register_buffer_local_builtins},
    {"modification", register_modification_builtins},
    {"syntax-tables", register_syntax_table_builtins},
    {"syntax-scan", register_syntax_scan_builtins},
    {"words", register_word_builtins},
    {"translate", register_translate_builtins},
    {"timers", register_timer_builtins},
    {"commands", register_command_builtins},
    {"minibuffer", register_minibuffer_builtins},
    // Before the buffers, whose with-output-to-string uses them.
    {"save-forms", register_save_form_builtins},
    {"buffers", register_buffer_builtins}, // the buffer list, *scratch*, insert, point...
    {"columns", register_column_builtins},
    {"undo", register_undo_builtins},
    {"case-regions", register_case_region_builtins},
    {"markers", register_marker_builtins},
    {"coding-systems", register_coding_builtins},
    {"file-contents", register_file_contents_builtins},
    {"file-locks", register_file_lock_builtins},
    {"per-buffer-variables", define_per_buffer_variables}, // needs the buffer list
    {"regexps", register_regex_builtins},
    {"overlays", register_overlay_builtins},
    {"frames", register_frame_builtins},
    {"batch-windows", register_batch_window_builtins}, // needs the buffer list
    {"text-properties", register_text_property_builtins},
    {"fields", register_field_builtins},
    {"mode-line", register_mode_line_builtins},
    {"digests", register_secure_hash_builtins},
    {"json", register_json_builtins},
    {"system-processes", register_system_process_builtins},
    // Last, so a variable a module defines keeps its value.
    {"bundled-variables", define_bundled_variables},
};

} // namespace

std::span<const Module> editor_modules() { return modules; }

void init()
{
    static bool done = false;
    if (done)
        return;
    done = true;
    install_modules(language_modules());
    intern_editor_symbols();
    install_modules(editor_modules());
}

} // namespace gapmacs::lisp
