#include "ui/editor_support.hpp"

#include "lisp-lite/editor/buffer_locals.hpp"
#include "lisp-lite/lang/variables.hpp"

namespace gapmacs::ui::editor_support {

using namespace lisp;

void set_value(const char* name, Value v) { set_symbol_value(intern(name), v); }

bool fboundp(const char* name) { return !nilp(xsymbol(intern(name))->function); }

Value local_value(const char* name, Value buffer)
{
    Value v = buffer_local_value(intern(name), buffer);
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
