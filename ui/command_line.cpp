#include "ui/command_line.hpp"

#include <cstdio>
#include <cstring>

#include "core/error.hpp"
#include "core/utf8.hpp"
#include "lisp-lite/lang/eval.hpp"
#include "lisp-lite/lang/variables.hpp"
#include "lisp-lite/lisp_lite.hpp"
#include "ui/batch.hpp"

namespace gapmacs::ui {

namespace {

// "+LINE" or "+LINE:COL"; false when arg is not of that form.
bool parse_position(const char* arg, std::int64_t& line, std::int64_t& col)
{
    if (arg[0] != '+' || !arg[1])
        return false;
    char* end = nullptr;
    line = std::strtoll(arg + 1, &end, 10);
    col = 0;
    if (*end == ':')
        col = std::strtoll(end + 1, &end, 10);
    return *end == '\0';
}

} // namespace

CommandLine parse_command_line(int argc, char** argv)
{
    CommandLine cl;
    if (ui::wants_batch(argc, argv)) {
        cl.batch = true;
        return cl;
    }
    using Kind = StartupOptions::Action::Kind;
    std::int64_t line = 0, col = 0;
    bool files_only = false;
    for (int i = 1; i < argc; ++i) {
        std::string a = argv[i];
        auto value = [&](const char* what) -> std::string {
            if (i + 1 >= argc) {
                cl.error = "Option '" + a + "' requires an argument (" + what + ")";
                return {};
            }
            return argv[++i];
        };
        if (files_only) {
            cl.startup.actions.push_back({Kind::Visit, a, line, col});
            line = col = 0;
        } else if (a == "--") {
            files_only = true;
        } else if (a == "-Q" || a == "-q" || a == "--quick" || a == "--no-init-file" || a == "-no-init-file") {
            cl.startup.no_init_file = true;
        } else if (a == "-nw" || a == "--no-window-system" || a == "--no-splash" || a == "-no-splash") {
            // Always a terminal.
        } else if (a == "-l" || a == "--load" || a == "-load") {
            cl.startup.actions.push_back({Kind::Load, value("FILE")});
        } else if (a == "--eval" || a == "-eval" || a == "--execute") {
            cl.startup.actions.push_back({Kind::Eval, value("EXPR")});
        } else if (a == "-f" || a == "--funcall" || a == "-funcall") {
            cl.startup.actions.push_back({Kind::Funcall, value("FUNC")});
        } else if (a == "-L" || a == "--directory") {
            cl.startup.actions.push_back({Kind::Directory, value("DIR")});
        } else if (parse_position(argv[i], line, col)) {
            continue;
        } else if (a.size() > 1 && a[0] == '-') {
            cl.error = "Unknown option '" + a + "' (gapmacs --help lists them)";
        } else {
            cl.startup.actions.push_back({Kind::Visit, a, line, col});
            line = col = 0;
        }
        if (!cl.error.empty())
            break;
    }
    return cl;
}

using namespace lisp;

void eval_argument(const std::string& expr)
{
    std::string internal;
    utf8_to_internal(expr, internal, true);
    std::size_t pos = 0;
    Value form = read_from(internal, pos);
    // Emacs rejects anything but blanks after the expression.
    for (; pos < internal.size(); ++pos)
        if (!std::strchr(" \t\n\r\f", internal[pos]))
            error("Trailing garbage following expression: " + internal.substr(pos));
    eval_toplevel(form, true);
}

void load_argument(const std::string& file)
{
    // As command-line-1: a file that exists relative to the current
    // directory is loaded by its absolute name, otherwise load-path decides.
    std::string name = file;
    if (!file.empty() && file[0] != '/' && file[0] != '~') {
        Value dir = find_symbol_value(Qdefault_directory);
        std::string full = std::string(string_view(dir)) + file;
        std::string ext;
        internal_to_utf8(full, ext);
        if (std::FILE* f = std::fopen(ext.c_str(), "r")) {
            std::fclose(f);
            name = ext;
        } else if (std::FILE* g = std::fopen((ext + ".el").c_str(), "r")) {
            std::fclose(g);
            name = ext;
        }
    }
    load_file(name, false, true);
}

} // namespace gapmacs::ui
