#include "ui/hidden_text.hpp"

#include "lisp-lite/editor/buffers.hpp"
#include "lisp-lite/editor/invisibility.hpp"

namespace gapmacs::ui {

using lisp::Invisibility;

BufferHiddenText::BufferHiddenText(lisp::Value buffer) : m_buffer(buffer), m_text(lisp::check_live_buffer(buffer)) {}

HiddenText::Stretch BufferHiddenText::from(TextPos at, TextPos lookahead) const
{
    lisp::InvisibleStretch s = lisp::invisible_stretch(m_buffer, at.chars, lookahead.chars);
    // A hidden stretch is skipped whole: its end, however far.
    if (s.kind != Invisibility::visible && s.end >= lookahead.chars)
        s.end = lisp::invisible_stretch(m_buffer, at.chars, m_text.point_max()).end;
    return {s.kind != Invisibility::visible, s.kind == Invisibility::ellipsis, m_text.text_pos(s.end)};
}

std::optional<TextPos> BufferHiddenText::hidden_before(TextPos at, TextPos floor) const
{
    if (at.chars <= floor.chars)
        return std::nullopt;
    const TextPos before = m_text.text_pos(at.chars - CharCount(1));
    if (lisp::invisible_stretch(m_buffer, before.chars, at.chars).kind == Invisibility::visible)
        return std::nullopt;
    return m_text.text_pos(lisp::invisible_stretch_start(m_buffer, at.chars, floor.chars));
}

} // namespace gapmacs::ui
