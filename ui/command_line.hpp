// The command line, as Emacs reads it:
//   gapmacs [-Q] [-nw] [+LINE[:COL]] FILE... [-l FILE] [--eval EXPR] [-f FUNC] [-L DIR]
// `--batch` (and --version, --help) go to lisp-lite's batch mode unchanged.
#pragma once
#include <string>

#include "ui/editor.hpp"

namespace gapmacs::ui {

struct CommandLine {
    bool batch = false;
    StartupOptions startup;
    std::string error; // a usage error to print, when not empty
};

CommandLine parse_command_line(int argc, char** argv);

} // namespace gapmacs::ui
