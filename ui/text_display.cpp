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
    for_each_string_char(string, [&](const StringChar& ch) {
        out.push_back({ch.c, lisp::nilp(ch.face) ? Face::Default : face_from_lisp(ch.face),
                       !lisp::nilp(lisp::text_property_at(lisp::Value::fixnum(ch.index), lisp::Qcursor, string))});
    });
}

// Text with no properties and no overlays shows as it is, whatever the spec.
bool plain_text(const Buffer& b)
{
    const TextProperties* p = b.text_properties();
    return (!p || p->empty()) && b.overlays().empty();
}

} // namespace

BufferTextDisplay::BufferTextDisplay(lisp::Value buffer) : m_buffer(buffer), m_text(lisp::check_live_buffer(buffer)) {}

TextDisplay::Stretch BufferTextDisplay::from(TextPos at, BytePos lookahead) const
{
    // Within a shown stretch nothing is hidden and no string shows but at
    // its start.
    const std::uint64_t tick = m_text.changes().tick();
    if (m_shown && m_shown_tick == tick && at.bytes >= m_shown_at.bytes && at.bytes < m_shown->end.bytes) {
        if (at.bytes == m_shown_at.bytes)
            return *m_shown;
        Stretch rest;
        rest.end = m_shown->end;
        return rest;
    }
    if (m_last && m_last_tick == tick && m_last_at == at.bytes)
        return *m_last;
    // On a character boundary, at or after the one asked for.
    const GapBuffer& text = m_text.gap_buffer();
    const BytePos end = m_text.char_to_byte(m_text.point_max());
    while (lookahead < end && is_continuation_byte(static_cast<unsigned char>(text[lookahead])))
        lookahead += ByteCount(1);
    Stretch s = compute(at, m_text.text_pos(m_text.byte_to_char(std::min(lookahead, end))));
    if (!s.hidden) {
        m_shown = s;
        m_shown_at = at;
        m_shown_tick = tick;
    }
    m_last = s;
    m_last_at = at.bytes;
    m_last_tick = tick;
    return s;
}

TextDisplay::Stretch BufferTextDisplay::compute(TextPos at, TextPos lookahead) const
{
    Stretch s;
    if (plain_text(m_text)) {
        s.end = m_text.text_pos(m_text.point_max());
        return s;
    }
    lisp::RootedVector strings;
    lisp::DisplayStretch d = lisp::display_stretch(m_buffer, at.chars, lookahead.chars, strings);
    for (lisp::Value string : strings.items())
        append_glyphs(string, s.strings);
    if (d.replaced_end && *d.replaced_end > at.chars) {
        // A display string stands for the text it covers.
        s.hidden = true;
        s.end = m_text.text_pos(*d.replaced_end);
        return s;
    }
    s.hidden = d.kind != Invisibility::visible;
    s.ellipsis = d.kind == Invisibility::ellipsis;
    // A hidden stretch is skipped whole: its end, however far.
    if (s.hidden && d.end >= lookahead.chars)
        d.end = lisp::invisible_stretch(m_buffer, at.chars, m_text.point_max()).end;
    s.end = m_text.text_pos(d.end);
    return s;
}

std::optional<TextPos> BufferTextDisplay::hidden_before(TextPos at, TextPos floor) const
{
    if (at.chars <= floor.chars || plain_text(m_text))
        return std::nullopt;
    const TextPos before = m_text.text_pos(at.chars - CharCount(1));
    if (lisp::invisible_stretch(m_buffer, before.chars, at.chars).kind == Invisibility::visible)
        return std::nullopt;
    return m_text.text_pos(lisp::invisible_stretch_start(m_buffer, at.chars, floor.chars));
}

} // namespace gapmacs::ui
