// Start-up as Emacs's: the bundled Lisp, the init file, then the command
// line's arguments in their order.
#include "ui/editor.hpp"

#include <unistd.h>

#include <cstdlib>

#include "lisp-lite/editor/buffers.hpp"
#include "lisp-lite/lang/eval.hpp"
#include "lisp-lite/lang/preloaded_index.hpp"
#include "ui/command_line.hpp"
#include "ui/editor_support.hpp"
#include "ui/symbols.hpp"

namespace gapmacs::ui {

using namespace lisp;
using namespace editor_support;

void Editor::load_commands()
{
    m_commands_loaded = true;
    try {
        load_file("loadup", false, true);
    } catch (const LispSignal& e) {
        message("Error loading the bundled Lisp: " + error_message_string(make_cons(e.symbol(), e.data())));
    }
    enable_preloaded_index();
    intern_preloaded_functions();
    // What Emacs's start-up does before the init file: the terminal's
    // colours and background, the global modes Emacs 28 has on, and the
    // keys of what its loaddefs.el autoloads, the variables it marks risky.
    // Batch has no terminal and turns on no modes.
    std::vector<Value> steps{Qbindings__emacs_library_keys, Qbindings__emacs_library_risky_variables};
    if (!headless())
        steps.insert(steps.begin(), {Qstartup__terminal_setup, Qstartup__preloaded_modes});
    for (Value step : steps) {
        try {
            if (fboundp(step))
                call0(step);
        } catch (const LispSignal& e) {
            message(symbol_name(step) + ": " + error_message_string(make_cons(e.symbol(), e.data())));
        }
    }
}

void Editor::load_startup(const StartupOptions& options)
{
    load_commands();
    if (!options.no_init_file) {
        const char* home = std::getenv("HOME");
        std::string h = home ? home : "";
        for (std::string init : {h + "/.gapmacs.el", h + "/.config/gapmacs/init.el"}) {
            if (::access(init.c_str(), R_OK) != 0)
                continue;
            try {
                load_file(init, false, true);
            } catch (const LispSignal& e) {
                message("Error in init file: " + error_message_string(make_cons(e.symbol(), e.data())));
            }
            break;
        }
    }
}

// Emacs's command-line-1: the arguments in order; a file is visited
// without being shown and made current, so a later --eval works in it.
// Then the last file is shown, the one before it in a second window, and
// the *Buffer List* when there were more.
void Editor::run_command_line(const StartupOptions& options)
{
    using Kind = StartupOptions::Action::Kind;
    // Relative names are the shell's, whatever a visit made current.
    Value dir = value_or_nil(Qdefault_directory);
    GcRoot dir_root(&dir, 1);
    RootedVector visited;
    for (const auto& action : options.actions) {
        try {
            switch (action.kind) {
            case Kind::Visit: visited.push_back(visit_file(action, dir)); break;
            case Kind::Load: load_argument(action.arg); break;
            case Kind::Eval: eval_argument(action.arg); break;
            case Kind::Funcall: call0(intern(action.arg)); break;
            case Kind::Directory:
                set_value(Qload_path, make_cons(call2(Qexpand_file_name, make_string_from_utf8(action.arg), dir),
                                                 value_or_nil(Qload_path)));
                break;
            }
        } catch (const LispSignal& e) {
            message(error_message_string(make_cons(e.symbol(), e.data())));
        }
    }
    const std::size_t n = visited.size();
    try {
        if (n > 0 && live_buffer(visited[n - 1]))
            switch_to_buffer(visited[n - 1]);
        if (n > 1 && live_buffer(visited[n - 2])) {
            call1(Qswitch_to_buffer_other_window, visited[n - 2]);
            call1(Qother_window, Value::fixnum(-1));
        }
        if (n > 2 && fboundp(Qlist_buffers))
            call0(Qlist_buffers);
    } catch (const LispSignal& e) {
        message(error_message_string(make_cons(e.symbol(), e.data())));
    }
}

Value Editor::visit_file(const StartupOptions::Action& visit, Value dir)
{
    Value name = call2(Qexpand_file_name, make_string_from_utf8(visit.arg), dir);
    // As find-file: a directory or an unreadable file is the user's error.
    Value buffer = call1(Qfiles__visit, name);
    call1(Qset_buffer, buffer);
    if (visit.line > 0) {
        Buffer& b = current();
        b.goto_char(b.point_min());
        b.forward_line(visit.line - 1);
    }
    if (visit.column > 0)
        call1(Qmove_to_column, Value::fixnum(visit.column - 1));
    return buffer;
}

} // namespace gapmacs::ui
