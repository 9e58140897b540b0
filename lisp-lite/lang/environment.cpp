// The environment, as Emacs keeps it: `process-environment' holds
// "NAME=VALUE" strings, the first for a name winning and a bare "NAME"
// meaning unset; getenv reads it, setenv changes it, and the editor hands
// it to every subprocess (editor/child_setup.cpp). The language owns it so
// that Lisp reads the environment without an editor (its tests do).
#include <string>
#include <string_view>

#include "lisp-lite/lang/builtins.hpp"
#include "lisp-lite/lang/eval.hpp"
#include "lisp-lite/lang/variables.hpp"

extern char** environ;

namespace gapmacs::lisp {

namespace {

bool names(Value entry, std::string_view name)
{
    if (!stringp(entry))
        return false;
    std::string_view s = string_view(entry);
    return s.starts_with(name) && (s.size() == name.size() || s[name.size()] == '=');
}

Value f_getenv(Args a)
{
    check_string(a[0]);
    const std::string_view name = string_view(a[0]);
    for (Value l : tails(find_symbol_value(Qprocess_environment))) {
        if (!names(xcar(l), name))
            continue;
        std::string_view s = string_view(xcar(l));
        return s.size() == name.size() ? Qnil : make_string(s.substr(name.size() + 1));
    }
    return Qnil;
}

Value f_setenv(Args a)
{
    check_string(a[0]);
    if (!nilp(a[1]))
        check_string(a[1]);
    std::string entry(string_view(a[0]));
    if (!nilp(a[1]))
        entry += "=" + std::string(string_view(a[1]));
    Value rest = Qnil;
    for (Value l : tails(find_symbol_value(Qprocess_environment))) // without the old entries for NAME
        if (!names(xcar(l), string_view(a[0])))
            rest = make_cons(xcar(l), rest);
    set_symbol_value(Qprocess_environment, make_cons(make_string(entry), call1(Qnreverse, rest)));
    return a[1];
}

const SubrDef environment_subrs[] = {
    {"getenv", 1, 2, f_getenv},
    {"setenv", 1, 3, f_setenv},
};

} // namespace

void register_environment_builtins()
{
    Value env = Qnil;
    for (char** e = environ; *e; ++e)
        env = make_cons(make_string_from_utf8(*e), env);
    env = call1(Qnreverse, env);
    defvar_builtin("process-environment", env);
    defvar_builtin("initial-environment", call1(Qcopy_sequence, env));
    register_subrs(environment_subrs);
}

} // namespace gapmacs::lisp
