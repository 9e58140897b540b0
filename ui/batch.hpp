// Batch mode (the command line without a terminal, in ui/ with the rest of
// the command line): `gapmacs --batch [-Q] [-l FILE] [--eval EXPR] [-f FUNC] ...`,
// arguments processed in order as Emacs does. princ/print go to stdout,
// message to stderr; an uncaught error prints Emacs's message to stderr and
// exits 255; (kill-emacs N) exits N; SIGINT signals `quit`.
#pragma once

namespace gapmacs::ui {

// True when argv asks for batch mode, --version or --help (ui/main.cpp
// dispatches those here).
bool wants_batch(int argc, char** argv);

// Runs the arguments; returns the process exit status.
int run_batch(int argc, char** argv);
// command-line-args, invocation-name and invocation-directory.
void set_command_line(int argc, char** argv);

} // namespace gapmacs::ui
