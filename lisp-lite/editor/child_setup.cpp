#include "lisp-lite/editor/child_setup.hpp"

#include <algorithm>

#include "lisp-lite/editor/symbols.hpp"
#include "lisp-lite/lang/builtins.hpp"
#include "lisp-lite/lang/eval.hpp"
#include "lisp-lite/lang/variables.hpp"

namespace gapmacs::lisp {

std::string working_directory()
{
    Value dir = symbol_value(Qdefault_directory);
    if (!stringp(dir))
        return {};
    Value expanded = call1(Qexpand_file_name, dir);
    return os_string(expanded);
}

std::size_t read_output_max()
{
    Value v = symbol_value(Qread_process_output_max);
    std::int64_t n = fixnump(v) ? v.as_fixnum() : 65536;
    return n > 0 ? static_cast<std::size_t>(n) : 1;
}

std::vector<std::string> child_environment()
{
    std::vector<std::string> env;
    std::vector<std::string> seen;
    for (Value l : tails(find_symbol_value(Qprocess_environment))) {
        if (!stringp(xcar(l)))
            continue;
        std::string e = os_string(xcar(l));
        std::string name = e.substr(0, e.find('='));
        if (std::find(seen.begin(), seen.end(), name) != seen.end())
            continue;
        seen.push_back(name);
        if (e.find('=') != std::string::npos)
            env.push_back(std::move(e));
    }
    return env;
}

Value coding_symbol_or(Value v, Value fallback) { return nilp(v) ? fallback : v; }

} // namespace gapmacs::lisp
