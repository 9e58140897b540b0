// Finding programs as Emacs does: along `exec-path' (initialised from
// PATH) with `exec-suffixes'; `executable-find'.
#pragma once
#include <string>

namespace gapmacs::lisp {

// The file a process started as NAME runs: a name without a slash is
// looked up along exec-path, and the child gets the absolute file name as
// its argv[0], as in Emacs; signals (file-missing "Searching for program"
// "No such file or directory" NAME) when none is found. A name with a
// slash is used as it is.
std::string find_program(const std::string& name);

} // namespace gapmacs::lisp
