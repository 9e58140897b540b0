// interactive-form and commandp (Emacs 28's callint.c / eval.c rules), and
// the interactive specs of the builtins that are commands in Emacs.
//
// A subr's spec lives in a table keyed by the subr's name (Emacs keeps it
// in the subr: `(get 'forward-char 'interactive-form)` stays nil), so a
// builtin replaced by a subr of the same name keeps its spec, and one
// redefined in Lisp takes the new definition's.
#include <cstring>
#include <string_view>
#include <unordered_map>

#include "lisp-lite/editor/modules.hpp"
#include "lisp-lite/editor/symbols.hpp"
#include "lisp-lite/lang/builtins.hpp"
#include "lisp-lite/lang/eval.hpp"

namespace gapmacs::lisp {

namespace {

// Emacs 28's intspec strings, as (interactive-form 'NAME) shows them; a
// spec starting with "(" is a Lisp form. A few whose Emacs spec is compiled
// Lisp (delete-directory, getenv, make-directory, setenv) get a plain
// string spec doing the same prompting.
const std::unordered_map<std::string_view, const char*>& builtin_specs()
{
    static const std::unordered_map<std::string_view, const char*> specs = {
        {"backward-char", "^p"},
        {"backward-word", "^p"},
        {"beginning-of-line", "^p"},
        {"buffer-disable-undo", nullptr},
        {"buffer-enable-undo", ""},
        {"capitalize-region", "(list (region-beginning) (region-end) (region-noncontiguous-p))"},
        {"delete-char", "p\nP"},
        {"delete-directory", "DDelete directory: "},
        {"delete-file", "(list (read-file-name (if (and delete-by-moving-to-trash (null current-prefix-arg)) "
                        "\"Move file to trash: \" \"Delete file: \") nil default-directory "
                        "(confirm-nonexistent-file-or-buffer)) (null current-prefix-arg))"},
        {"delete-region", "r"},
        {"downcase-region", "(list (region-beginning) (region-end) (region-noncontiguous-p))"},
        {"end-of-line", "^p"},
        {"erase-buffer", "*"},
        {"forward-char", "^p"},
        {"forward-line", "^p"},
        {"forward-word", "^p"},
        {"garbage-collect", ""},
        {"getenv", "sGet environment variable: "},
        {"goto-char", "(goto-char--read-natnum-interactive \"Go to char: \")"},
        {"ignore", nullptr},
        {"insert-char", "(list (read-char-by-name \"Insert character (Unicode name or hex): \") "
                        "(prefix-numeric-value current-prefix-arg) t)"},
        {"kill-buffer", "bKill buffer: "},
        {"kill-emacs", "P"},
        {"kill-local-variable", "vKill Local Variable: "},
        {"make-directory", "GMake directory: "},
        {"make-local-variable", "vMake Local Variable: "},
        {"make-variable-buffer-local", "vMake Variable Buffer Local: "},
        {"move-to-column", "NMove to column: "},
        {"narrow-to-region", "r"},
        {"re-search-backward", "sRE search backward: "},
        {"re-search-forward", "sRE search: "},
        {"rename-buffer", "(list (read-string \"Rename buffer (to new name): \" nil 'buffer-name-history "
                          "(buffer-name (current-buffer))) current-prefix-arg)"},
        {"rename-file", "fRename file: \nGRename %s to file: \np"},
        {"save-buffer", "p"},
        {"search-backward", "MSearch backward: "},
        {"search-backward-regexp", "sRE search backward: "},
        {"search-forward", "MSearch: "},
        {"search-forward-regexp", "sRE search: "},
        {"setenv", "sSet environment variable: \nsSet %s to value: "},
        {"signal-process", "sProcess (name or number): \nnSignal code: "},
        {"undo", "*P"},
        {"upcase-initials-region", "(list (region-beginning) (region-end) (region-noncontiguous-p))"},
        {"upcase-region", "(list (region-beginning) (region-end) (region-noncontiguous-p))"},
        {"widen", ""},
        {"write-region", "r\nFWrite region to file: \ni\ni\ni\np"},
    };
    return specs;
}


// The (interactive SPEC) of a subr that is a command, else empty.
Value subr_interactive_form(Value subr)
{
    const SubrDef* d = static_cast<Subr*>(subr.as_object())->def;
    auto it = builtin_specs().find(d->name);
    if (it == builtin_specs().end())
        return Value();
    const char* spec = it->second;
    if (!spec)
        return list({Qinteractive, Qnil});
    if (spec[0] == '(') {
        std::size_t pos = 0;
        return list({Qinteractive, read_from(spec, pos)});
    }
    return list({Qinteractive, make_string(spec)});
}

// The body of a lambda or closure: what follows the argument list.
Value lambda_body(Value fn)
{
    return xcar(fn) == Qclosure ? cdr(cdr(xcdr(fn))) : cdr(xcdr(fn));
}

Value assq_interactive(Value body)
{
    for (ListWalker body_walk(body); body_walk.consp(); body_walk.next(), body = body_walk.tail())
        if (xcar(body).is_cons() && xcar(xcar(body)) == Qinteractive)
            return xcar(body);
    return Qnil;
}

Value f_interactive_form(Args a)
{
    Value cmd = a[0];
    if (nilp(indirect_function(cmd)))
        return Qnil;
    // The interactive-form property, on the symbol or an alias on the way.
    Value fun = cmd;
    for (int i = 0; symbolp(fun) && !nilp(fun); ++i) {
        if (i > 100)
            xsignal1(Qcyclic_function_indirection, cmd);
        Value prop = symbol_get(fun, Qinteractive_form);
        if (!nilp(prop))
            return prop;
        fun = xsymbol(fun)->function;
    }
    if (fun.is(Type::Subr)) {
        Value form = subr_interactive_form(fun);
        return form.is_empty() ? Qnil : form;
    }
    if (compiledp(fun)) {
        // Slot 5; a vector there is Emacs 28's [SPEC MODES].
        const auto& items = xvector(fun)->items;
        if (items.size() <= 5)
            return Qnil;
        Value spec = items[5];
        return list({Qinteractive, vectorp(spec) && !xvector(spec)->items.empty() ? xvector(spec)->items[0] : spec});
    }
    if (fun.is_cons() && (xcar(fun) == Qclosure || xcar(fun) == Qlambda)) {
        Value spec = assq_interactive(lambda_body(fun));
        // (interactive SPEC MODES...) -> (interactive SPEC), as Emacs 28.
        if (nilp(cdr_safe(cdr_safe(spec))))
            return spec;
        return list({Qinteractive, car_safe(xcdr(spec))});
    }
    // An autoload is loaded to find out, as in Emacs (call-interactively
    // of an autoloaded command goes through here).
    if (fun.is_cons() && xcar(fun) == Qautoload) {
        Value loaded = autoload_do_load(fun, cmd, Qnil);
        Value again = loaded;
        return loaded == fun ? Qnil : f_interactive_form(Args{&again, 1});
    }
    return Qnil;
}

Value f_commandp(Args a)
{
    Value function = a[0];
    if (nilp(indirect_function(function)))
        return Qnil;
    bool has_prop = false;
    Value fun = function;
    for (int i = 0; symbolp(fun) && !nilp(fun); ++i) {
        if (i > 100)
            xsignal1(Qcyclic_function_indirection, function);
        if (!nilp(symbol_get(fun, Qinteractive_form)))
            has_prop = true;
        fun = xsymbol(fun)->function;
    }
    Value if_prop = boolean(has_prop);
    if (fun.is(Type::Subr))
        return !subr_interactive_form(fun).is_empty() ? Qt : if_prop;
    // Strings and vectors are keyboard macros.
    if (compiledp(fun))
        return xvector(fun)->items.size() > 5 ? Qt : if_prop;
    if (stringp(fun) || vectorp(fun))
        return boolean(nilp(a[1]));
    if (!fun.is_cons())
        return Qnil;
    if (xcar(fun) == Qclosure || xcar(fun) == Qlambda)
        return nilp(assq_interactive(lambda_body(fun))) ? if_prop : Qt;
    // (autoload FILE DOC INTERACTIVE TYPE): a command when INTERACTIVE.
    if (xcar(fun) == Qautoload)
        return nilp(car_safe(cdr_safe(cdr_safe(xcdr(fun))))) ? if_prop : Qt;
    return Qnil;
}

const SubrDef command_subrs[] = {
    {"interactive-form", 1, 1, f_interactive_form},
    {"commandp", 1, 2, f_commandp},
};

} // namespace

void register_command_builtins()
{
    register_subrs(command_subrs);
}

} // namespace gapmacs::lisp
