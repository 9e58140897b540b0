// gapmacs's lisp/ files load on first use, as Emacs's library does through
// its loaddefs.el: what an ;;;###autoload cookie marks there is an autoload
// from start-up on, so it works in batch and in the editor without its file
// being read at start-up (B7). The table is generated from the cookies
// (gen-bundled-autoloads.el; a test says when it is stale).
#include <string_view>

#include "lisp-lite/lang/eval.hpp"

namespace gapmacs::lisp {

namespace {

struct BundledAutoload {
    std::string_view name;
    std::string_view file;
    AutoloadKind kind;
};

#include "lisp-lite/lang/bundled_autoloads.inc"

} // namespace

void register_bundled_autoloads()
{
    // A name defined already (by the prelude) stays itself, as `autoload'
    // leaves it; a builtin the editor registers later replaces its entry.
    for (const BundledAutoload& a : bundled_autoloads) {
        Symbol* s = xsymbol(intern(a.name));
        if (nilp(s->function))
            s->function = make_autoload(a.file, a.kind);
    }
}

} // namespace gapmacs::lisp
