#include "ui/fontification.hpp"

#include "lisp-lite/editor/buffer_locals.hpp"
#include "lisp-lite/editor/buffers.hpp"
#include "lisp-lite/lang/eval.hpp"
#include "lisp-lite/lang/variables.hpp"
#include "ui/symbols.hpp"

namespace gapmacs::ui {

using namespace lisp;

namespace {

// A hook's functions on pos: t in a local value stands for the global ones.
void run_functions(Value functions, Value hook, Value pos)
{
    if (!consp(functions) || xcar(functions) == Qlambda || xcar(functions) == Qclosure) {
        call1(functions, pos);
        return;
    }
    for (Value l = functions; consp(l); l = xcdr(l)) {
        if (xcar(l) == Qt)
            run_functions(default_value(hook), hook, pos);
        else
            call1(xcar(l), pos);
    }
}

// As Emacs: logged in *Messages*, the text drawn as it is.
void report_error(const LispSignal& e)
{
    message("Error during redisplay: " + error_message_string(make_cons(e.symbol(), e.data())), false);
}

// Input interrupted the functions at from: what they were doing there and
// after is to be done again, even where jit-lock had already marked it
// (between marking a chunk and fontifying it, or after).
void unfontify(Value from, Value to)
{
    SpecScope spec;
    specbind(Qinhibit_quit, Qt);
    try {
        eval(list({Qwith_silent_modifications, list({Qput_text_property, from, to, list({Qquote, Qfontified}), Qnil})}));
    } catch (const LispSignal& e) {
        report_error(e);
    }
}

} // namespace

bool fontify_for_display(Value buffer, CharPos from, CharPos to)
{
    Value functions = buffer_local_value(Qfontification_functions, buffer);
    if (nilp(functions) || functions == Qunbound || from >= to)
        return true;
    CurrentBufferScope scope;
    set_current_buffer(buffer);
    // As xdisp.c: no fontification while fontifying.
    SpecScope spec;
    specbind(Qfontification_functions, Qnil);
    Value pos = Value::fixnum(from.value);
    const Value end = Value::fixnum(to.value);
    // jit-lock does a chunk a call; a function that sets nothing is not
    // called again at the same place in this redisplay.
    Value start = pos;
    try {
        for (int calls = 0; calls < 64; ++calls) {
            Value args[] = {pos, end, Qfontified, Qnil};
            start = funcall(Qtext_property_any, args, 4);
            if (!fixnump(start))
                return true;
            run_functions(functions, Qfontification_functions, start);
            Value next_args[] = {start, Qfontified, Qnil, end};
            pos = funcall(Qnext_single_property_change, next_args, 4);
            if (!fixnump(pos) || pos.as_fixnum() >= to.value)
                return true;
        }
    } catch (const LispSignal& e) {
        if (e.symbol() == Qredisplay_interrupted) {
            unfontify(start, end);
            return false;
        }
        report_error(e);
    }
    return true;
}

} // namespace gapmacs::ui
