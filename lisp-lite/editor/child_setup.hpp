// What every child process starts with, from the variables Emacs reads
// for it: the environment, the working directory, the pipe's read size,
// the coding systems. make-process and call-process share them.
#pragma once
#include <cstddef>
#include <string>
#include <vector>

#include "lisp-lite/lang/lisp.hpp"

namespace gapmacs::lisp {

// default-directory expanded ("" when it is not a string).
std::string working_directory();
// read-process-output-max (65536 when not a number, at least 1).
std::size_t read_output_max();
// process-environment, the first entry for a name winning, a bare NAME
// (unset) leaving it out.
std::vector<std::string> child_environment();
// V, or FALLBACK (a coding system's symbol) when V is nil.
Value coding_symbol_or(Value v, Value fallback);

} // namespace gapmacs::lisp
