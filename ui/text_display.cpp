#include "ui/text_display.hpp"

#include "core/utf8.hpp"
#include "lisp-lite/editor/buffers.hpp"
#include "lisp-lite/editor/display_strings.hpp"
#include "lisp-lite/editor/invisibility.hpp"
#include "lisp-lite/editor/symbols.hpp"
#include "lisp-lite/editor/text_properties.hpp"
#include "ui/lisp_faces.hpp"

namespace gapmacs::ui {

using lisp::Invisibility;

namespace {

// A string's characters in the faces its `face' properties give them; the
// first with a non-nil `cursor' property gets the cursor at the string's place.
void append_glyphs(lisp::Value string, std::vector<StringGlyph>& out)
{
    const std::string_view text = lisp::string_view(string);
    std::int64_t index = 0;
    for (std::size_t i = 0; i < text.size(); ++index) {
        int len = 1;
        const char32_t c = decode_internal_char(text.data() + i, text.data() + text.size(), &len);
        i += static_cast<std::size_t>(len);
        const lisp::Value at = lisp::Value::fixnum(index);
        const lisp::Value face = lisp::text_property_at(at, lisp::Qface, string);
        out.push_back({c, lisp::nilp(face) ? Face::Default : face_from_lisp(face),
                       !lisp::nilp(lisp::text_property_at(at, lisp::Qcursor, string))});
    }
}

} // namespace

BufferTextDisplay::BufferTextDisplay(lisp::Value buffer) : m_buffer(buffer), m_text(lisp::check_live_buffer(buffer)) {}

TextDisplay::Stretch BufferTextDisplay::from(TextPos at, TextPos lookahead) const
{
    Stretch s;
    lisp::RootedVector strings;
    std::optional<CharPos> replaced_end;
    lisp::display_strings_at(m_buffer, at.chars, strings, replaced_end);
    for (lisp::Value string : strings.items())
        append_glyphs(string, s.strings);
    if (replaced_end && *replaced_end > at.chars) {
        // A display string stands for the text it covers.
        s.hidden = true;
        s.end = m_text.text_pos(*replaced_end);
        return s;
    }
    lisp::InvisibleStretch inv = lisp::invisible_stretch(m_buffer, at.chars, lookahead.chars);
    s.hidden = inv.kind != Invisibility::visible;
    s.ellipsis = inv.kind == Invisibility::ellipsis;
    if (s.hidden) {
        // A hidden stretch is skipped whole: its end, however far.
        if (inv.end >= lookahead.chars)
            inv.end = lisp::invisible_stretch(m_buffer, at.chars, m_text.point_max()).end;
    } else if (at.chars < inv.end) {
        // Shown text goes on to the next place strings show.
        inv.end = lisp::next_display_strings(m_buffer, at.chars, inv.end);
    }
    s.end = m_text.text_pos(inv.end);
    return s;
}

std::optional<TextPos> BufferTextDisplay::hidden_before(TextPos at, TextPos floor) const
{
    if (at.chars <= floor.chars)
        return std::nullopt;
    const TextPos before = m_text.text_pos(at.chars - CharCount(1));
    if (lisp::invisible_stretch(m_buffer, before.chars, at.chars).kind == Invisibility::visible)
        return std::nullopt;
    return m_text.text_pos(lisp::invisible_stretch_start(m_buffer, at.chars, floor.chars));
}

} // namespace gapmacs::ui
