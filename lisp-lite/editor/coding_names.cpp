#include "lisp-lite/editor/coding_names.hpp"

#include "lisp-lite/editor/symbols.hpp"
#include "lisp-lite/lang/builtins.hpp"

namespace gapmacs::lisp {

CodingSystem coding_system_of(Value symbol)
{
    check_symbol(symbol);
    const std::string name = symbol_name(symbol);
    if (coding_system_p(name))
        return find_coding_system(name);
    // An autoload into mule-setup.el: the first such name loads Emacs's
    // coding systems.
    if (!nilp(xsymbol(Qcoding_system__converter_name)->function)) {
        const Value other = call1(Qcoding_system__converter_name, symbol);
        if (symbolp(other) && !nilp(other) && coding_system_p(symbol_name(other)))
            return find_coding_system(symbol_name(other));
    }
    xsignal1(Qcoding_system_error, symbol);
}

} // namespace gapmacs::lisp
