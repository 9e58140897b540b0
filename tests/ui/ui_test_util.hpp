// Helpers for the ui unit tests: Lisp buffers with text, a frame to draw.
#pragma once
#include <clocale>
#include <string>

#include "core/utf8.hpp"
#include "lisp-lite/editor/buffers.hpp"
#include "lisp-lite/lisp_lite.hpp"
#include "ui/frame.hpp"
#include "ui/redisplay.hpp"
#include "ui/symbols.hpp"

namespace ui_test {

using namespace gapmacs;

// wcwidth needs a UTF-8 locale, as the editor sets one.
inline void init()
{
    static bool done = [] {
        std::setlocale(LC_ALL, "C.UTF-8");
        ui::init_ui();
        return true;
    }();
    (void)done;
}

// A fresh buffer holding `utf8` (external text), point at its start.
inline lisp::Value buffer_with(const std::string& name, const std::string& utf8)
{
    init();
    lisp::Value b = lisp::generate_new_buffer(lisp::make_string_from_utf8(name));
    std::string internal;
    utf8_to_internal(utf8, internal, true);
    Buffer& text = *lisp::live_buffer(b);
    text.insert(internal);
    text.goto_char(CharPos(1));
    return b;
}

inline ui::WindowSettings plain(ui::Window&) { return {}; }

} // namespace ui_test
