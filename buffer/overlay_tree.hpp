// Overlay and OverlayTree: stretches of a buffer that move with its text,
// kept in an interval tree so that edits and queries touch only the
// overlays they concern.
//
// An Overlay is the buffer's part of an Emacs overlay: [start, end) and the
// two insertion types (the Lisp layer embeds it with the properties). The
// tree orders overlays by start in a RelativeTreap and keeps in each node
// the furthest end of its subtree, so:
// - an insertion visits only the overlays that start at it or reach it
//   (a process appending to a buffer of a million overlays visits none);
// - a deletion visits only the overlays that start inside it or reach it;
// - a range query visits O(log n) nodes plus the overlays it returns.
// Positions are characters (CharPos); the rules are Emacs 28's: an end at the
// insertion moves when it advances (or before markers); an empty overlay whose
// start would pass its end stays empty where its end is.
#pragma once
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "buffer/relative_treap.hpp"
#include "core/position.hpp"

namespace gapmacs {

class Buffer;
class OverlayTree;

class Overlay : private TreapLinks<Overlay, CharCount> {
public:
    Overlay() = default;
    Overlay(const Overlay&) = delete;
    Overlay& operator=(const Overlay&) = delete;
    ~Overlay();

    // The buffer the overlay is in, or null once deleted (or killed with it).
    Buffer* buffer() const { return m_buffer; }
    CharPos start() const;
    CharPos end() const { return start() + m_length; }
    bool front_advance = false; // text inserted at the start stays outside
    bool rear_advance = false;  // text inserted at the end goes inside

    // Puts the overlay over [start, end) of buffer (ordered and clamped to
    // the whole buffer), out of any buffer it was in.
    void attach(Buffer& buffer, CharPos start, CharPos end);
    void detach();

private:
    friend class Buffer;
    friend class OverlayTree;
    friend class RelativeTreap<Overlay, CharCount, OverlayTree>;
    Buffer* m_buffer = nullptr;
    CharCount m_length{0};
    CharCount m_reach{0}; // furthest end in the subtree, from this start
};

class OverlayTree {
public:
    OverlayTree() = default;
    OverlayTree(const OverlayTree&) = delete;
    OverlayTree& operator=(const OverlayTree&) = delete;

    bool empty() const { return m_root == nullptr; }
    std::size_t size() const { return m_size; }

    void insert(Overlay& o, CharPos start, CharPos end);
    void erase(Overlay& o);

    void text_inserted(CharPos at, CharCount n, bool before_markers);
    void text_deleted(CharPos from, CharPos to);

    // Calls f(overlay, start, end) for every overlay with start <= to and
    // end >= from (callers refine the ends' rules), by increasing start.
    template <typename F> void for_each_touching(CharPos from, CharPos to, const F& f) const
    {
        visit_touching(m_root, 0, from.value, to.value, f);
    }
    template <typename F> void for_each(const F& f) const
    {
        Treap::for_each(m_root, CharCount{},
                        [&](Overlay& o, CharCount k) { f(o, CharPos(k.value), CharPos(k.value + o.m_length.value)); });
    }
    // The first overlay boundary after pos, or limit when none comes before
    // it (next-overlay-change); the last before pos, or limit.
    CharPos next_boundary(CharPos pos, CharPos limit) const;
    CharPos previous_boundary(CharPos pos, CharPos limit) const;

    // Empties the tree, calling f(overlay) on each overlay taken out.
    template <typename F> void clear(const F& f)
    {
        m_size = 0;
        Treap::clear(m_root, f);
    }

    // Whether the order, the links and the reaches hold (tests).
    bool consistent() const;

    // Exchanges the overlays (buffer-swap-text); the caller points each at
    // its new buffer.
    void swap(OverlayTree& other) noexcept
    {
        std::swap(m_root, other.m_root);
        std::swap(m_size, other.m_size);
    }

    // RelativeTreap's augmentation: a node's reach from its children's.
    static constexpr bool needed = true;
    static void update(Overlay& o);

private:
    using Treap = RelativeTreap<Overlay, CharCount, OverlayTree>;
    template <typename F>
    static void visit_touching(Overlay* t, std::int64_t base, std::int64_t from, std::int64_t to, const F& f)
    {
        while (t) {
            const std::int64_t k = base + t->delta.value;
            if (k + t->m_reach.value < from)
                return; // nothing below reaches from
            visit_touching(t->left, k, from, to, f);
            if (k > to)
                return; // this and everything after start past to
            if (k + t->m_length.value >= from)
                f(*t, CharPos(k), CharPos(k + t->m_length.value));
            t = t->right;
            base = k;
        }
    }
    static void collect(Overlay* t, std::vector<Overlay*>& out);
    // Adds n to the lengths of the overlays of t (keys from base) whose
    // end is past `at`, or at it when `ends_at_move`.
    static void stretch_ends(Overlay* t, std::int64_t base, std::int64_t at, std::int64_t n, bool ends_at_move);
    // Sets the ends of the overlays of t that end past `from` to where the
    // deletion of [from, to) puts them.
    static void shrink_ends(Overlay* t, std::int64_t base, std::int64_t from, std::int64_t to);

    Overlay* m_root = nullptr;
    std::size_t m_size = 0;
    TreapPriorities m_priorities{0x85ebca6bu};
    std::vector<Overlay*> m_scratch;                      // text_inserted's
    std::vector<std::pair<Overlay*, std::int64_t>> m_ends; // text_deleted's
};

} // namespace gapmacs
