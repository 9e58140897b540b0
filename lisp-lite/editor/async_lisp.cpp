#include "lisp-lite/editor/async_lisp.hpp"
#include "lisp-lite/editor/symbols.hpp"

namespace gapmacs::lisp {

AsyncLispScope::AsyncLispScope()
{
    specbind(Qinhibit_quit, Qt);
    specbind(Qlast_nonmenu_event, Qt);
    // Output a filter inserts does not deactivate the mark of the command
    // it interrupted (process.c keeps Vdeactivate_mark the same way).
    specbind(Qdeactivate_mark, symbol_value(Qdeactivate_mark));
}

void report_async_error(const char* what)
{
    const LispSignal e = caught_error(); // a throw goes on from here
    if (!error_matches(e.symbol(), Qerror) || !nilp(symbol_value(Qdebug_on_error)))
        throw;
    message(std::string(what) + ": " + error_message_string(make_cons(e.symbol(), e.data())));
}

} // namespace gapmacs::lisp
