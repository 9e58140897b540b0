// gapmacs: the terminal editor, or batch mode with --batch.
#include <clocale>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <langinfo.h>

#include "lisp-lite/editor/waiting.hpp"
#include "lisp-lite/lisp_lite.hpp"
#include "ui/batch.hpp"
#include "ui/command_line.hpp"
#include "ui/editor.hpp"
#include "ui/modules.hpp"
#include "ui/symbols.hpp"

int main(int argc, char** argv)
{
    // A save that passes RLIMIT_FSIZE must fail with EFBIG and keep the old
    // file, not kill the editor.
    std::signal(SIGXFSZ, SIG_IGN);
    auto cl = gapmacs::ui::parse_command_line(argc, argv);
    if (cl.batch)
        return gapmacs::ui::run_batch(argc, argv);
    if (!cl.error.empty()) {
        std::fprintf(stderr, "gapmacs: %s\n", cl.error.c_str());
        return 1;
    }
    // Widths come from wcwidth, which needs a UTF-8 locale.
    std::setlocale(LC_ALL, "");
    if (std::strcmp(nl_langinfo(CODESET), "UTF-8") != 0)
        std::setlocale(LC_CTYPE, "C.UTF-8");
    if (!gapmacs::ui::terminal_available()) {
        std::fprintf(stderr, "gapmacs: standard input is not a tty (use --batch)\n");
        return 1;
    }
    gapmacs::ui::init_ui();
    gapmacs::ui::set_command_line(argc, argv);
    gapmacs::lisp::install_modules(gapmacs::ui::terminal_modules());
    try {
        gapmacs::ui::Editor editor(gapmacs::lisp::event_loop());
        return editor.run(cl.startup);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "gapmacs: %s\n", e.what());
        return 1;
    }
}
