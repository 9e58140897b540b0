// The variables gapmacs's lisp/ files read that code tests before any of
// those files is loaded (their functions are autoloads until then).
#include "lisp-lite/editor/modules.hpp"
#include "lisp-lite/editor/symbols.hpp"
#include "lisp-lite/lang/eval.hpp"
#include "lisp-lite/lang/variables.hpp"

namespace gapmacs::lisp {

void define_bundled_variables()
{
    const std::pair<const char*, Value> vars[] = {
        {"timer-list", Qnil},
        {"forward-sexp-function", Qnil},
        {"indent-line-function", Qindent_relative},
        {"indent-region-function", Qindent_region_line_by_line},
        {"tab-always-indent", Qt},
        {"timer-idle-list", Qnil},
        {"user-emacs-directory", make_string("~/.config/gapmacs/")},
    };
    for (const auto& [name, value] : vars)
        if (default_value(intern(name)) == Qunbound)
            defvar_builtin(name, value);
}

} // namespace gapmacs::lisp
