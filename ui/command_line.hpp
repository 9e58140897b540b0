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

// The actions of both modes, as Emacs's command-line-1: --eval EXPR (an
// error on anything after the expression) and -l FILE (a file that exists
// relative to the current directory by its absolute name, else along
// load-path).
void eval_argument(const std::string& expr);
void load_argument(const std::string& file);

} // namespace gapmacs::ui
