// Batch's windows (lisp-lite/editor/batch_window.cpp) answer until the
// editor starts; the UI must then answer every one of those names itself,
// or a library would ask about a window the screen does not have.
#include <catch2/catch.hpp>

#include <map>
#include <string>

#include "lisp-lite/editor/batch_window.hpp"
#include "ui/editor.hpp"
#include "ui/modules.hpp"
#include "ui_test_util.hpp"

using namespace gapmacs;

TEST_CASE("the UI replaces every window subr of batch mode")
{
    ui_test::init();
    std::map<std::string, lisp::Value> batch;
    for (const lisp::SubrDef& d : lisp::batch_window_subrs())
        batch[d.name] = lisp::xsymbol(lisp::intern(d.name))->function;
    REQUIRE(batch.size() >= 20);
    lisp::install_modules(ui::terminal_modules());
    for (const auto& [name, function] : batch) {
        INFO(name);
        CHECK(lisp::xsymbol(lisp::intern(name))->function != function);
    }
}
