#include "lisp-lite/editor/symbols.hpp"

namespace gapmacs::lisp {

#define GAPMACS_DEFINE_Q(name, str) lisp::Value Q##name;
GAPMACS_EDITOR_SYMBOLS(GAPMACS_DEFINE_Q)
#undef GAPMACS_DEFINE_Q

void intern_editor_symbols()
{
#define GAPMACS_INTERN_Q(name, str) Q##name = intern(str); add_root(&Q##name);
    GAPMACS_EDITOR_SYMBOLS(GAPMACS_INTERN_Q)
#undef GAPMACS_INTERN_Q
}

} // namespace gapmacs::lisp
