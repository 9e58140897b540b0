// MarkerTree: a buffer's markers, ordered by position, in a RelativeTreap.
//
// Markers at one position are ordered by insertion type, those that stay
// before those that advance, so that every edit is a few splits and merges:
// an insertion moves the part after it by one addition, whatever the number
// of markers, and a deletion visits only the markers inside the region.
#pragma once
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "buffer/marker.hpp"
#include "core/position.hpp"

namespace gapmacs {

class MarkerTree {
public:
    MarkerTree() = default;
    MarkerTree(const MarkerTree&) = delete;
    MarkerTree& operator=(const MarkerTree&) = delete;

    bool empty() const { return m_root == nullptr; }
    std::size_t size() const { return m_size; }

    // Adds m (not in any tree) at pos.
    void insert(Marker& m, TextPos pos);
    void erase(Marker& m);
    static TextPos position(const Marker& m) { return from_key(Treap::key(m)); }

    // n of text inserted at `at`: markers after it move, and those at it
    // when they advance or when before_markers (insert-before-markers).
    void text_inserted(TextPos at, TextCount n, bool before_markers);
    // [from, to) deleted: markers inside collapse to from, those after move.
    void text_deleted(TextPos from, TextPos to);

    // Calls f(marker, position) for every marker, in order.
    template <typename F> void for_each(const F& f) const
    {
        Treap::for_each(m_root, TextCount{}, [&](Marker& m, TextCount k) { f(m, from_key(k)); });
    }
    // Empties the tree, calling f(marker) on each marker taken out.
    template <typename F> void clear(const F& f)
    {
        m_size = 0;
        Treap::clear(m_root, f);
    }

    // Exchanges the markers (buffer-swap-text); the caller points each at
    // its new buffer.
    void swap(MarkerTree& other) noexcept
    {
        std::swap(m_root, other.m_root);
        std::swap(m_size, other.m_size);
    }

    // Whether the order, the links and the positions hold (tests).
    bool consistent() const;

private:
    using Treap = RelativeTreap<Marker, TextCount>;
    static TextCount to_key(TextPos p) { return {CharCount(p.chars.value), ByteCount(p.bytes.value)}; }
    static TextPos from_key(TextCount k) { return {CharPos(k.chars.value), BytePos(k.bytes.value)}; }

    Marker* m_root = nullptr;
    std::size_t m_size = 0;
    TreapPriorities m_priorities{0x9e3779b9u};
    std::vector<Marker*> m_collapsed; // scratch of text_deleted
};

} // namespace gapmacs
