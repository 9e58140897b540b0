#include "lisp-lite/lang/file_name_handlers.hpp"

#include <array>

#include "core/regex.hpp"
#include "lisp-lite/lang/eval.hpp"
#include "lisp-lite/lang/variables.hpp"

namespace gapmacs::lisp {

namespace {

// The most arguments a handled primitive passes (write-region's seven).
constexpr std::size_t max_handled_args = 7;

bool inhibited(Value handler, Value operation)
{
    if (operation != value_or_nil(Qinhibit_file_name_operation))
        return false;
    for (Value h = value_or_nil(Qinhibit_file_name_handlers); consp(h); h = xcdr(h))
        if (xcar(h) == handler)
            return true;
    return false;
}

bool handles_operation(Value handler, Value operation)
{
    if (!symbolp(handler))
        return true;
    Value operations = symbol_get(handler, Qoperations);
    if (nilp(operations))
        return true;
    for (Value o = operations; consp(o); o = xcdr(o))
        if (xcar(o) == operation)
            return true;
    return false;
}

Value f_find_file_name_handler(Args a) { return find_file_name_handler(a[0], a[1]); }

const SubrDef file_name_handler_subrs[] = {
    {"find-file-name-handler", 2, 2, f_find_file_name_handler},
};

} // namespace

bool file_name_handlers_active() { return !nilp(value_or_nil(Qfile_name_handler_alist)); }

Value find_file_name_handler(Value filename, Value operation)
{
    check_string(filename);
    Value best = Qnil;
    std::int64_t best_pos = -1;
    // As Emacs's fast_string_match: no case folding, no match data.
    for (Value l = value_or_nil(Qfile_name_handler_alist); consp(l); l = xcdr(l)) {
        Value entry = xcar(l);
        if (!consp(entry) || !stringp(xcar(entry)))
            continue;
        Value handler = xcdr(entry);
        auto m = compile_regex(string_view(xcar(entry)), false, nullptr)->string_match(string_view(filename), 0);
        if (!m)
            continue;
        const auto pos = static_cast<std::int64_t>(m->groups[0].begin);
        if (pos > best_pos && handles_operation(handler, operation) && !inhibited(handler, operation)) {
            best = handler;
            best_pos = pos;
        }
        maybe_quit();
    }
    return best;
}

std::optional<Value> file_handler_result(Value operation, Args args, std::initializer_list<std::size_t> file_args,
                                         HandledNames names)
{
    if (!file_name_handlers_active())
        return std::nullopt;
    if (args.size() > max_handled_args)
        error("Too many arguments for a file name handler");
    std::array<Value, max_handled_args + 1> call{}; // on the stack: the collector sees it
    call[0] = operation;
    std::copy(args.begin(), args.end(), call.begin() + 1);
    Value handler = Qnil;
    for (std::size_t i : file_args) {
        Value& name = call[i + 1];
        if (!stringp(name))
            continue;
        if (names == HandledNames::expanded)
            name = call1(Qexpand_file_name, name);
        if (nilp(handler))
            handler = find_file_name_handler(name, operation);
    }
    if (nilp(handler))
        return std::nullopt;
    return funcall(handler, call.data(), args.size() + 1);
}

void register_file_name_handler_builtins()
{
    defvar_builtin("file-name-handler-alist", Qnil);
    defvar_builtin("inhibit-file-name-handlers", Qnil);
    defvar_builtin("inhibit-file-name-operation", Qnil);
    register_subrs(file_name_handler_subrs);
}

} // namespace gapmacs::lisp
