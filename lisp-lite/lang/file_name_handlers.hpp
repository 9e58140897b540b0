// Emacs's file name handlers: `file-name-handler-alist' maps regexps to
// functions that take over the file primitives for the names they match
// (Tramp's remote names, jka-compr's compressed files, the URLs ffap
// reads). Each primitive Emacs lets a handler take asks here first; with
// the alist empty, gapmacs's default, that costs one variable read.
#pragma once
#include <cstddef>
#include <initializer_list>
#include <optional>

#include "lisp-lite/lang/builtins.hpp"

namespace gapmacs::lisp {

// Whether any handler is installed: false, the primitives' fast path.
bool file_name_handlers_active();

// find-file-name-handler: of the entries whose regexp matches FILENAME, the
// handler of the one matching last in the name; a handler with an
// `operations' property only for those operations, and none of
// `inhibit-file-name-handlers' while OPERATION is
// `inhibit-file-name-operation'. Nil when none.
Value find_file_name_handler(Value filename, Value operation);

// Which names a primitive's handler is looked for on: the names as given
// (the functions of file name syntax) or expanded first, as every
// primitive that touches a file does.
enum class HandledNames { as_given, expanded };

// When a handler claims one of the file names at FILE_ARGS of ARGS (the
// first that has one), the handler's value for (OPERATION ARGS...), those
// names expanded first when NAMES says so; nullopt when none does, and the
// primitive does the work itself.
std::optional<Value> file_handler_result(Value operation, Args args, std::initializer_list<std::size_t> file_args,
                                         HandledNames names = HandledNames::expanded);

} // namespace gapmacs::lisp
