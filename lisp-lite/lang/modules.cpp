// The language's module list: the one place that says what the language
// is made of and in which order it is set up.
#include "lisp-lite/lang/modules.hpp"

#include "lisp-lite/lang/builtins.hpp"
#include "lisp-lite/lang/eval.hpp"
#include "lisp-lite/lang/hooks.hpp"
#include "lisp-lite/lang/load_history.hpp"
#include "lisp-lite/lang/variables.hpp"

namespace gapmacs::lisp {

namespace {

const Module modules[] = {
    {"heap", heap_init},
    {"obarray", init_obarray}, // nil, t and the well-known symbols
    {"evaluator", init_evaluator},
    {"eval", register_eval_builtins},
    {"lists", register_list_builtins},
    {"numbers", register_number_builtins},
    {"strings", register_string_builtins},
    {"symbols", register_symbol_builtins},
    {"hash-tables", register_hash_builtins},
    {"io", register_io_builtins},
    {"misc", register_misc_builtins},
    {"environment", register_environment_builtins},
    {"file-name-handlers", register_file_name_handler_builtins},
    {"variables", register_variable_builtins},
    {"hooks", register_hook_builtins},
    {"load-history", register_load_history_builtins},
    {"completion", register_completion_builtins},
    {"char-names", register_char_name_builtins},
    {"unicode-properties", register_unicode_property_builtins},
    {"time", register_time_builtins},
    {"base64", register_base64_builtins},
    {"char-tables", register_char_table_builtins},
    {"records", register_record_builtins},
    {"bool-vectors", register_bool_vector_builtins},
    {"byte-code", register_byte_code_builtins},
    {"backtrace", register_backtrace_builtins},
    {"charset-maps", register_charset_map_builtins},
    {"subr-usages", register_subr_usage_builtins},
    {"standard-errors", define_standard_errors},
    {"standard-variables", define_standard_variables},
    {"prelude", load_prelude},
    {"bundled-autoloads", register_bundled_autoloads}, // leaves what the prelude defines alone
};

} // namespace

std::span<const Module> language_modules() { return modules; }

void install_modules(std::span<const Module> list)
{
    for (const Module& m : list)
        m.install();
}

} // namespace gapmacs::lisp
