// Lisp face descriptions (a face name, a list of them, or an attribute plist
// such as (:foreground "red" :weight bold)) turned into terminal faces.
#pragma once
#include <cstdint>
#include <string_view>
#include <vector>

#include "core/utf8.hpp"
#include "lisp-lite/editor/symbols.hpp"
#include "lisp-lite/editor/text_properties.hpp"
#include "lisp-lite/lisp_lite.hpp"
#include "ui/faces.hpp"
#include "ui/redisplay.hpp"
#include "ui/row_layout.hpp"

namespace gapmacs::ui {

Face face_from_lisp(lisp::Value face);
// One character of a string, with the `face' property it has there.
struct StringChar {
    char32_t c;
    std::int64_t index;           // in characters
    std::size_t begin, end;       // its bytes
    lisp::Value face;
};
// Calls f(StringChar) for each character of STRING, in order.
template <typename F> void for_each_string_char(lisp::Value string, F&& f);

// The stretches of a string's bytes that its `face' properties give a
// face (a message in the echo area); none for a string without properties.
std::vector<StyledLine::Span> string_faces(lisp::Value string);

// The editor's own faces (mode line, region, isearch...) drawn as the faces
// Lisp defines under their names when it defines them: Emacs's colours for
// this terminal once its faces.el is loaded. Cheap unless a face changed.
void show_editor_faces();

// The faces of a live buffer's text over [from, to): its `face' (and
// `font-lock-face') text properties, then its overlays' faces by increasing
// priority, so that what redisplay draws last wins.
void buffer_faces(lisp::Value buffer, CharPos from, CharPos to, std::vector<Highlight>& out);
// The same as the WindowSettings::faces of a window showing buffer.
inline FacesFn faces_of(lisp::Value buffer)
{
    return [buffer](CharPos from, CharPos to, std::vector<Highlight>& out) { buffer_faces(buffer, from, to, out); };
}

template <typename F> void for_each_string_char(lisp::Value string, F&& f)
{
    const std::string_view text = lisp::string_view(string);
    std::int64_t index = 0;
    for (std::size_t i = 0; i < text.size(); ++index) {
        int len = 1;
        const char32_t c = decode_internal_char(text.data() + i, text.data() + text.size(), &len);
        const std::size_t end = i + static_cast<std::size_t>(len);
        f(StringChar{c, index, i, end, lisp::text_property_at(lisp::Value::fixnum(index), lisp::Qface, string)});
        i = end;
    }
}

} // namespace gapmacs::ui
