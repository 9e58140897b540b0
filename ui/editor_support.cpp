#include "ui/editor_support.hpp"

#include "lisp-lite/editor/buffer_locals.hpp"
#include "lisp-lite/lang/variables.hpp"

namespace gapmacs::ui::editor_support {

using namespace lisp;

void set_value(Value sym, Value v) { set_symbol_value(sym, v); }

bool fboundp(Value sym) { return !nilp(xsymbol(sym)->function); }

Value local_value(Value sym, Value buffer)
{
    Value v = buffer_local_value(sym, buffer);
    return v == Qunbound ? Qnil : v;
}

std::string princ_text(Value v)
{
    if (stringp(v))
        return std::string(string_view(v));
    if (nilp(v))
        return {};
    return prin1_to_string(v, false);
}

} // namespace gapmacs::ui::editor_support
