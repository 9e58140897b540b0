#include "ui/batch.hpp"

#include <csignal>
#include <filesystem>
#include <cstdio>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "core/error.hpp"
#include "core/utf8.hpp"
#include "lisp-lite/editor/buffer_locals.hpp"
#include "lisp-lite/editor/file_locks.hpp"
#include "lisp-lite/editor/processes.hpp"
#include "lisp-lite/lang/backtrace.hpp"
#include "lisp-lite/lang/eval.hpp"
#include "lisp-lite/lang/preloaded_index.hpp"
#include "lisp-lite/lisp_lite.hpp"
#include "lisp-lite/editor/waiting.hpp"
#include "ui/command_line.hpp"
#include "ui/editor.hpp"
#include "ui/modules.hpp"
#include "ui/symbols.hpp"

namespace gapmacs::ui {

using namespace lisp;

namespace {

constexpr const char* help_text =
    "Usage: gapmacs [OPTION-OR-FILENAME]...\n"
    "\n"
    "  --batch, -batch          do not start the editor; process the arguments and exit\n"
    "  -Q, --quick, -q          do not load an init file (there is none yet)\n"
    "  -l FILE, --load FILE     load Emacs Lisp FILE\n"
    "  --eval EXPR, -eval EXPR  evaluate Emacs Lisp expression EXPR\n"
    "  -f FUNC, --funcall FUNC  call Emacs Lisp function FUNC with no arguments\n"
    "  -L DIR, --directory DIR  prepend DIR to load-path\n"
    "  --version                print the version and exit\n"
    "  --help                   print this text and exit\n";

void on_sigint(int) { request_quit(); }

// Splits "--opt=value" forms; returns the option's canonical name.
std::string canonical(std::string_view arg, std::string& inline_value, bool& has_inline)
{
    has_inline = false;
    std::string a(arg);
    if (a.rfind("--", 0) == 0) {
        auto eq = a.find('=');
        if (eq != std::string::npos) {
            inline_value = a.substr(eq + 1);
            has_inline = true;
            a = a.substr(0, eq);
        }
    }
    if (a == "-batch" || a == "--batch")
        return "batch";
    if (a == "-Q" || a == "--quick" || a == "-q" || a == "--no-init-file" || a == "-no-init-file" ||
        a == "--no-site-file" || a == "-no-site-file")
        return "quick";
    if (a == "-l" || a == "--load" || a == "-load")
        return "load";
    if (a == "--eval" || a == "-eval" || a == "--execute" || a == "-execute")
        return "eval";
    if (a == "-f" || a == "--funcall" || a == "-funcall")
        return "funcall";
    if (a == "-L" || a == "--directory" || a == "-directory")
        return "directory";
    if (a == "--version" || a == "-version")
        return "version";
    if (a == "--help" || a == "-help")
        return "help";
    return "";
}

Value lisp_string(std::string_view utf8) { return make_string_from_utf8(utf8); }

int report_uncaught(const LispSignal& e)
{
    std::fflush(stdout);
    Value err = make_cons(e.symbol(), e.data());
    std::string text = error_message_string(err);
    if (const std::string& frames = signal_backtrace(e.data()); !frames.empty())
        text = "Debugger entered--Lisp error: " + prin1_to_string(err) + "\n" + frames + text;
    message(text); // stderr, after a newline if stdout was written to
    return 255;
}

int process_arguments(int argc, char** argv)
{
    for (int i = 1; i < argc; ++i) {
        std::string value;
        bool has_inline = false;
        std::string opt = canonical(argv[i], value, has_inline);
        auto need_value = [&]() -> std::string {
            if (has_inline)
                return value;
            if (i + 1 >= argc) {
                std::fprintf(stderr, "gapmacs: option '%s' requires an argument\n", argv[i]);
                throw KillEmacs{255};
            }
            return argv[++i];
        };
        bool takes_value = opt == "load" || opt == "eval" || opt == "funcall" || opt == "directory";
        std::string arg = takes_value ? need_value() : std::string();
        // Arguments not yet processed, as Emacs keeps them.
        Value left = Qnil;
        for (int j = argc; j-- > i + 1;)
            left = make_cons(lisp_string(argv[j]), left);
        xsymbol(Qcommand_line_args_left)->value = left;
        if (opt == "batch" || opt == "quick") {
            continue;
        } else if (opt == "version") {
            std::puts("gapmacs 0.1.0");
            return 0;
        } else if (opt == "help") {
            std::fputs(help_text, stdout);
            return 0;
        } else if (opt == "load") {
            load_argument(arg);
        } else if (opt == "eval") {
            eval_argument(arg);
        } else if (opt == "funcall") {
            call0(intern(arg));
        } else if (opt == "directory") {
            Value sym = Qload_path;
            xsymbol(sym)->value = make_cons(lisp_string(arg), xsymbol(sym)->value);
        } else {
            // A file to visit: batch mode has no buffers to show it in yet.
            continue;
        }
    }
    return 0;
}

} // namespace

bool wants_batch(int argc, char** argv)
{
    for (int i = 1; i < argc; ++i) {
        std::string value;
        bool has_inline;
        std::string opt = canonical(argv[i], value, has_inline);
        if (opt == "batch" || opt == "version" || opt == "help")
            return true;
    }
    return false;
}

void set_command_line(int argc, char** argv)
{
    Value args = Qnil;
    for (int i = argc; i-- > 0;)
        args = make_cons(lisp_string(argv[i]), args);
    xsymbol(Qcommand_line_args)->value = args;
    // Where this binary is, so Lisp can run it again (async.el starts a
    // child editor with (expand-file-name invocation-name
    // invocation-directory)): both from the executable itself, so that the
    // two always name one file.
    std::error_code ec;
    const std::filesystem::path exe = std::filesystem::read_symlink("/proc/self/exe", ec);
    const std::filesystem::path self = ec ? std::filesystem::path(argc > 0 ? argv[0] : "gapmacs") : exe;
    const std::string dir = self.has_parent_path() ? self.parent_path().string() + "/" : std::string();
    defvar_builtin("invocation-name", lisp_string(self.filename().string().c_str()));
    defvar_builtin("invocation-directory", dir.empty() ? Qnil : lisp_string(dir.c_str()));
}

int run_batch(int argc, char** argv)
{
    // --version and --help need no Lisp world (and answer at once).
    for (int i = 1; i < argc; ++i) {
        std::string value;
        bool has_inline;
        std::string opt = canonical(argv[i], value, has_inline);
        if (opt == "version") {
            std::puts("gapmacs 0.1.0");
            return 0;
        }
        if (opt == "help") {
            std::fputs(help_text, stdout);
            return 0;
        }
        if (opt == "load" || opt == "eval" || opt == "funcall" || opt == "directory") {
            if (!has_inline)
                ++i;
        }
    }
    init_ui();
    // Its generator (gen-preloaded-index.el) asks what gapmacs defines without it.
    if (const char* index = std::getenv("GAPMACS_PRELOADED_INDEX"); !index || std::strcmp(index, "off") != 0)
        enable_preloaded_index();
    std::signal(SIGINT, on_sigint);
    xsymbol(Qnoninteractive)->value = Qt;
    // As Emacs in batch: no region highlighting to keep active.
    set_symbol_value(Qtransient_mark_mode, Qnil);
    set_command_line(argc, argv);
    install_modules(terminal_modules());
    Editor editor(event_loop(), Editor::Headless{});
    int status = 0;
    try {
        status = process_arguments(argc, argv);
    } catch (const KillEmacs& k) {
        status = k.status;
    } catch (const LispSignal& e) {
        status = report_uncaught(e);
    } catch (const LispThrow& t) {
        status = report_uncaught(LispSignal(Qno_catch, list({t.tag(), t.value()})));
    } catch (const gapmacs::Error& e) {
        std::fflush(stdout);
        std::fprintf(stderr, "%s\n", e.what());
        status = 255;
    } catch (const std::bad_alloc&) {
        std::fflush(stdout);
        std::fprintf(stderr, "Memory exhausted\n");
        status = 255;
    }
    unlock_all_files();
    kill_all_processes();
    disarm_timer_alarm();
    std::fflush(stdout);
    std::fflush(stderr);
    return status;
}

} // namespace gapmacs::ui
