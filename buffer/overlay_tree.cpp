#include "buffer/overlay_tree.hpp"

#include <algorithm>

#include "buffer/buffer.hpp"

namespace gapmacs {

Overlay::~Overlay() { detach(); }

CharPos Overlay::start() const { return CharPos(RelativeTreap<Overlay, CharCount, OverlayTree>::key(*this).value); }

void Overlay::attach(Buffer& buffer, CharPos start, CharPos end)
{
    if (end < start)
        std::swap(start, end);
    const CharPos max(buffer.size() + 1);
    start = std::clamp(start, CharPos(1), max);
    end = std::clamp(end, CharPos(1), max);
    detach();
    buffer.overlays().insert(*this, start, end);
    m_buffer = &buffer;
}

void Overlay::detach()
{
    if (!m_buffer)
        return;
    m_buffer->overlays().erase(*this);
    m_buffer = nullptr;
}

void OverlayTree::update(Overlay& o)
{
    std::int64_t reach = o.m_length.value;
    if (o.left)
        reach = std::max(reach, o.left->delta.value + o.left->m_reach.value);
    if (o.right)
        reach = std::max(reach, o.right->delta.value + o.right->m_reach.value);
    o.m_reach = CharCount(reach);
}

void OverlayTree::insert(Overlay& o, CharPos start, CharPos end)
{
    auto [a, b] = Treap::split(m_root, [&](const Overlay&, CharCount k) { return k.value <= start.value; });
    o.m_length = end - start;
    Overlay* single = Treap::single(o, CharCount(start.value), m_priorities.next());
    m_root = Treap::merge(Treap::merge(a, single), b);
    ++m_size;
}

void OverlayTree::erase(Overlay& o)
{
    m_root = Treap::erase(m_root, o);
    --m_size;
}

void OverlayTree::collect(Overlay* t, std::vector<Overlay*>& out)
{
    Treap::for_each(t, CharCount{}, [&](Overlay& o, CharCount) { out.push_back(&o); });
}

void OverlayTree::stretch_ends(Overlay* t, std::int64_t base, std::int64_t at, std::int64_t n, bool ends_at_move)
{
    if (!t)
        return;
    const std::int64_t k = base + t->delta.value;
    if (k + t->m_reach.value < at)
        return;
    stretch_ends(t->left, k, at, n, ends_at_move);
    stretch_ends(t->right, k, at, n, ends_at_move);
    const std::int64_t end = k + t->m_length.value;
    if (end > at || (end == at && (ends_at_move || t->rear_advance)))
        t->m_length += CharCount(n);
    update(*t);
}

void OverlayTree::shrink_ends(Overlay* t, std::int64_t base, std::int64_t from, std::int64_t to)
{
    if (!t)
        return;
    const std::int64_t k = base + t->delta.value;
    if (k + t->m_reach.value <= from)
        return;
    shrink_ends(t->left, k, from, to);
    shrink_ends(t->right, k, from, to);
    const std::int64_t end = k + t->m_length.value;
    if (end > from)
        t->m_length = CharCount((end <= to ? from : end - (to - from)) - k);
    update(*t);
}

void OverlayTree::text_inserted(CharPos at, CharCount n, bool before_markers)
{
    if (!m_root || n.value == 0)
        return;
    const std::int64_t p = at.value;
    auto [head, rest] = Treap::split(m_root, [&](const Overlay&, CharCount k) { return k.value < p; });
    auto [at_p, tail] = Treap::split(rest, [&](const Overlay&, CharCount k) { return k.value <= p; });
    if (tail)
        tail->delta += n;
    // Overlays that start before `at` keep their start; some take the text in.
    stretch_ends(head, 0, p, n.value, before_markers);
    // Those that start at it are few: each is decided on its own.
    m_scratch.clear();
    collect(at_p, m_scratch);
    Overlay* staying = nullptr;
    Overlay* moving = nullptr;
    for (Overlay* o : m_scratch) {
        const bool end_moves = o->m_length.value > 0 || o->rear_advance || before_markers;
        // An empty overlay's start does not pass its end (Emacs's
        // fix_start_end_in_overlays).
        const bool start_moves = (o->front_advance || before_markers) && end_moves;
        if (end_moves && !start_moves)
            o->m_length += n;
        Overlay*& group = start_moves ? moving : staying;
        group = Treap::merge(group, Treap::single(*o, CharCount(start_moves ? p + n.value : p), o->priority));
    }
    m_root = Treap::merge(Treap::merge(head, staying), Treap::merge(moving, tail));
}

void OverlayTree::text_deleted(CharPos from, CharPos to)
{
    if (!m_root || from >= to)
        return;
    const std::int64_t a = from.value, b = to.value;
    auto [head, rest] = Treap::split(m_root, [&](const Overlay&, CharCount k) { return k.value <= a; });
    auto [inside, tail] = Treap::split(rest, [&](const Overlay&, CharCount k) { return k.value <= b; });
    if (tail)
        tail->delta -= to - from;
    shrink_ends(head, 0, a, b);
    // The overlays inside start at `from` now; their ends follow the rule.
    m_ends.clear();
    Treap::for_each(inside, CharCount{},
                    [&](Overlay& o, CharCount k) { m_ends.emplace_back(&o, k.value + o.m_length.value); });
    Overlay* collapsed = nullptr;
    for (auto [o, end] : m_ends) {
        o->m_length = CharCount((end <= b ? a : end - (b - a)) - a);
        collapsed = Treap::merge(collapsed, Treap::single(*o, CharCount(a), o->priority));
    }
    m_root = Treap::merge(Treap::merge(head, collapsed), tail);
}

CharPos OverlayTree::next_boundary(CharPos pos, CharPos limit) const
{
    // The first start after pos bounds the answer; before it, only the ends
    // of overlays over pos can come.
    std::int64_t best = limit.value;
    std::int64_t base = 0;
    for (const Overlay* t = m_root; t;) {
        const std::int64_t k = base + t->delta.value;
        if (k > pos.value) {
            best = std::min(best, k);
            t = t->left;
        } else {
            t = t->right;
        }
        base = k;
    }
    for_each_touching(pos, CharPos(best), [&](const Overlay&, CharPos, CharPos e) {
        if (e > pos && e.value < best)
            best = e.value;
    });
    return CharPos(best);
}

CharPos OverlayTree::previous_boundary(CharPos pos, CharPos limit) const
{
    // The last start before pos bounds the answer; after it, only the ends
    // of overlays over it can come.
    std::int64_t best = limit.value;
    std::int64_t base = 0;
    for (const Overlay* t = m_root; t;) {
        const std::int64_t k = base + t->delta.value;
        if (k < pos.value) {
            best = std::max(best, k);
            t = t->right;
        } else {
            t = t->left;
        }
        base = k;
    }
    for_each_touching(CharPos(best), pos, [&](const Overlay&, CharPos, CharPos e) {
        if (e < pos && e.value > best)
            best = e.value;
    });
    return CharPos(best);
}

bool OverlayTree::consistent() const
{
    bool ok = true;
    std::size_t count = 0;
    std::int64_t prev = 0;
    Treap::for_each(m_root, CharCount{}, [&](Overlay& o, CharCount k) {
        std::int64_t reach = o.m_length.value;
        for (const Overlay* c : {o.left, o.right})
            if (c)
                reach = std::max(reach, c->delta.value + c->m_reach.value);
        if (!Treap::linked(o, k) || reach != o.m_reach.value || o.m_length.value < 0 || k.value < prev)
            ok = false;
        prev = k.value;
        ++count;
    });
    return ok && count == m_size && (!m_root || m_root->parent == nullptr);
}

} // namespace gapmacs
