// Marker: a position in a buffer that moves with the text around it.
//
// A marker registers itself with its buffer, and the buffer adjusts it on
// every insertion and deletion (Emacs rules): an insertion before the marker
// shifts it; an insertion exactly at it shifts it only when its insertion type
// is "advance" (set-marker-insertion-type t); a deletion around it collapses
// it to the deletion's start. A marker whose buffer is killed points nowhere.
#pragma once
#include <cstddef>
#include <optional>

#include "core/position.hpp"

namespace gapmacs {

class Buffer;

class Marker final {
public:
    Marker() = default; // points nowhere
    Marker(Buffer& buffer, CharPos pos, bool advances = false);
    ~Marker();
    Marker(const Marker&) = delete;
    Marker& operator=(const Marker&) = delete;

    Buffer* buffer() const { return m_buffer; }
    // The position, or nothing when the marker points nowhere.
    std::optional<CharPos> position() const;
    TextPos text_pos() const { return m_pos; }
    bool advances() const { return m_advances; }
    void set_advances(bool advances) { m_advances = advances; }

    // Points the marker at pos in buffer (clamped to the accessible text).
    void set(Buffer& buffer, CharPos pos);
    void detach();

private:
    friend class Buffer;
    Buffer* m_buffer = nullptr;
    TextPos m_pos{CharPos(1), BytePos(0)};
    std::size_t m_index = 0; // slot in the buffer's marker table
    bool m_advances = false;
};

} // namespace gapmacs
