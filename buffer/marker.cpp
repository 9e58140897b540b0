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
    return m_pos.chars;
}

void Marker::set(Buffer& buffer, CharPos pos)
{
    if (m_buffer != &buffer) {
        detach();
        buffer.register_marker(*this);
    }
    // set-marker clamps to the whole buffer (narrowing ignored).
    pos = std::clamp(pos, CharPos(1), CharPos(buffer.size() + 1));
    m_pos = buffer.text_pos(pos);
}

void Marker::detach()
{
    if (m_buffer)
        m_buffer->unregister_marker(*this);
}

} // namespace gapmacs
