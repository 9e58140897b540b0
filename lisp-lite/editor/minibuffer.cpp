// The input functions with no terminal: read-from-minibuffer reads a line
// from standard input after printing the prompt to standard output, and
// read-event / read-char take unread-command-events first, then one byte
// of standard input (Emacs's read_minibuf_noninteractive and its batch
// keyboard). The UI registers its own subrs under the same names, which
// read so too in batch mode when no keyboard macro runs;
// read-string (prelude.el) calls read-from-minibuffer by name, so it uses
// whichever is installed. Also the command-loop variables.
#include <cstdio>
#include <iostream>
#include <string>

#include "lisp-lite/editor/minibuffer.hpp"

#include "core/utf8.hpp"
#include "lisp-lite/editor/buffer_locals.hpp"
#include "lisp-lite/editor/buffers.hpp"
#include "lisp-lite/editor/modules.hpp"
#include "lisp-lite/editor/symbols.hpp"
#include "lisp-lite/lang/builtins.hpp"
#include "lisp-lite/lang/eval.hpp"

namespace gapmacs::lisp {

namespace {


[[noreturn]] void stdin_error() { xsignal1(Qend_of_file, make_string("Error reading from stdin")); }

// Emacs's string_to_object: an empty answer reads DEFAULT (a string, or
// the first string of a list); text after the expression other than
// whitespace is an error.
Value read_answer(Value text, Value dflt)
{
    if (string_view(text).empty()) {
        if (stringp(dflt))
            text = dflt;
        else if (consp(dflt) && stringp(xcar(dflt)))
            text = xcar(dflt);
    }
    std::string copy(string_view(text));
    std::size_t pos = 0;
    Value obj = read_from(copy, pos);
    for (; pos < copy.size(); ++pos)
        if (copy[pos] != ' ' && copy[pos] != '\t' && copy[pos] != '\n')
            xsignal1(Qinvalid_read_syntax, make_string("Trailing garbage following expression"));
    return obj;
}

// A buffer of an active minibuffer (" *Minibuf-N*", N > 0; Minibuf-0 is
// the idle echo area's): the same in batch, where there is none, and in
// the editor, so Emacs's lisp-mode.el and friends can ask.
Value f_minibufferp(Args a)
{
    const Value b = a.n == 0 || nilp(a[0]) ? current_buffer() : get_buffer(a[0]);
    const Buffer* buf = live_buffer(b);
    return boolean(buf && buf->name().starts_with(" *Minibuf-") && buf->name() != " *Minibuf-0*");
}

Value f_read_from_minibuffer(Args a)
{
    barf_if_interaction_inhibited();
    check_string(a[0]);
    return read_minibuffer_noninteractive(a[0], !nilp(a[3]), a[5]);
}

Value f_read_event(Args)
{
    barf_if_interaction_inhibited();
    Value ev = next_noninteractive_event();
    return ev.is_empty() ? Qnil : ev;
}

// read-char wants a character: Emacs signals for other events.
Value f_read_char(Args)
{
    barf_if_interaction_inhibited();
    Value ev = next_noninteractive_event();
    if (ev.is_empty())
        stdin_error();
    if (!ev.is_fixnum())
        error("Non-character input-event");
    return ev;
}

Value g_inhibit_interaction, g_inhibited_interaction;

const SubrDef minibuffer_subrs[] = {
    {"read-from-minibuffer", 1, 7, f_read_from_minibuffer},
    {"minibufferp", 0, 2, f_minibufferp},
    {"read-event", 0, 3, f_read_event},
    {"read-char", 0, 3, f_read_char},
};

} // namespace

Value read_minibuffer_noninteractive(Value prompt, bool read, Value dflt)
{
    write_to_stream(string_view(prompt), Qt);
    std::fflush(stdout);
    std::string line;
    if (!std::getline(std::cin, line))
        stdin_error();
    std::string internal;
    utf8_to_internal(line, internal, true);
    Value answer = make_string(internal);
    return read ? read_answer(answer, dflt) : answer;
}

Value next_noninteractive_event()
{
    Value unread = find_symbol_value(Qunread_command_events);
    Value ev;
    if (consp(unread)) {
        ev = xcar(unread);
        set_internal(Qunread_command_events, xcdr(unread));
    } else {
        std::fflush(stdout);
        int c = std::cin.get();
        if (c == EOF)
            return Value();
        ev = Value::fixnum(c);
    }
    set_internal(Qlast_input_event, ev);
    return ev;
}

void barf_if_interaction_inhibited()
{
    if (!nilp(find_symbol_value(g_inhibit_interaction)))
        xsignal(g_inhibited_interaction, Qnil);
}

void register_minibuffer_builtins()
{
    register_subrs(minibuffer_subrs);
    g_inhibit_interaction = defvar_builtin("inhibit-interaction", Qnil);
    g_inhibited_interaction = intern("inhibited-interaction");
    defvar_builtin("unread-command-events", Qnil);
    defvar_builtin("last-input-event", Qnil);
    for (const char* name : {"this-command", "last-command", "real-this-command", "real-last-command",
                             "current-prefix-arg", "prefix-arg", "last-prefix-arg", "last-command-event",
                             "last-nonmenu-event", "minibuffer-history", "executing-kbd-macro",
                             "this-original-command", "last-repeatable-command"})
        defvar_builtin(name, Qnil);
    defvar_builtin("transient-mark-mode", Qt);
}

} // namespace gapmacs::lisp
