#include "buffer/marker.hpp"

#include "buffer/buffer.hpp"

#include <algorithm>

namespace gapmacs {

Marker::Marker(Buffer& buffer, CharPos pos, bool advances) : m_advances(advances) { set(buffer, pos); }

Marker::~Marker() { detach(); }

std::optional<CharPos> Marker::position() const
{
    if (!m_buffer)
        return std::nullopt;
    return MarkerTree::position(*this).chars;
}

TextPos Marker::text_pos() const { return MarkerTree::position(*this); }

void Marker::set(Buffer& buffer, CharPos pos)
{
    // set-marker clamps to the whole buffer (narrowing ignored).
    pos = std::clamp(pos, CharPos(1), CharPos(buffer.size() + 1));
    detach();
    buffer.register_marker(*this, buffer.text_pos(pos));
}

void Marker::set_advances(bool advances)
{
    if (advances == m_advances)
        return;
    if (!m_buffer) {
        m_advances = advances;
        return;
    }
    // The type is part of the tree's order: the marker goes in again.
    Buffer& b = *m_buffer;
    const TextPos pos = text_pos();
    detach();
    m_advances = advances;
    b.register_marker(*this, pos);
}

void Marker::detach()
{
    if (m_buffer)
        m_buffer->unregister_marker(*this);
}

} // namespace gapmacs
