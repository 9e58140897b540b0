// Marker: a position in a buffer that moves with the text around it.
//
// A marker registers itself with its buffer, and the buffer adjusts it on
// every insertion and deletion (Emacs rules): an insertion before the marker
// shifts it; an insertion exactly at it shifts it only when its insertion type
// is "advance" (set-marker-insertion-type t); a deletion around it collapses
// it to the deletion's start. A marker whose buffer is killed points nowhere.
//
// The buffer keeps its markers in a MarkerTree, so an edit visits none of the
// markers it does not collapse: reading a position costs O(log markers).
#pragma once
#include <cstddef>
#include <optional>

#include "buffer/relative_treap.hpp"
#include "core/position.hpp"

namespace gapmacs {

class Buffer;
class MarkerTree;

class Marker final : private TreapLinks<Marker, TextCount> {
public:
    Marker() = default; // points nowhere
    Marker(Buffer& buffer, CharPos pos, bool advances = false);
    ~Marker();
    Marker(const Marker&) = delete;
    Marker& operator=(const Marker&) = delete;

    Buffer* buffer() const { return m_buffer; }
    // The position, or nothing when the marker points nowhere.
    std::optional<CharPos> position() const;
    // The position in both units; the marker must point somewhere.
    TextPos text_pos() const;
    bool advances() const { return m_advances; }
    void set_advances(bool advances);

    // Points the marker at pos in buffer (clamped to the whole buffer).
    void set(Buffer& buffer, CharPos pos);
    void detach();

private:
    friend class Buffer;
    friend class MarkerTree;
    friend class RelativeTreap<Marker, TextCount>;
    Buffer* m_buffer = nullptr;
    bool m_advances = false;
};

} // namespace gapmacs
