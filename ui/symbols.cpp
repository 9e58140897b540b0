#include "ui/symbols.hpp"

#include "lisp-lite/lang/heap.hpp"
#include "lisp-lite/lisp_lite.hpp"

namespace gapmacs::ui {

#define GAPMACS_DEFINE_Q(name, str) lisp::Value Q##name;
GAPMACS_UI_SYMBOLS(GAPMACS_DEFINE_Q)
#undef GAPMACS_DEFINE_Q

void init_ui()
{
    static const bool done = [] {
        lisp::init();
#define GAPMACS_INTERN_Q(name, str) Q##name = lisp::intern(str); lisp::add_root(&Q##name);
        GAPMACS_UI_SYMBOLS(GAPMACS_INTERN_Q)
#undef GAPMACS_INTERN_Q
        return true;
    }();
    (void)done;
}

} // namespace gapmacs::ui
