#include "buffer/marker_tree.hpp"

namespace gapmacs {

namespace {

// The order of markers: by byte position, then those that stay before those
// that advance (what an insertion at the position separates). Whether a
// marker at byte a, of type a_advances, comes strictly before one at b.
bool before(std::int64_t a, bool a_advances, std::int64_t b, bool b_advances)
{
    return a < b || (a == b && !a_advances && b_advances);
}

} // namespace

void MarkerTree::insert(Marker& m, TextPos pos)
{
    // After the markers of the same position and type: any place among
    // them would do.
    auto [a, b] = Treap::split(m_root, [&](const Marker& x, TextCount k) {
        return !before(pos.bytes.value, m.m_advances, k.bytes.value, x.m_advances);
    });
    Marker* single = Treap::single(m, to_key(pos), m_priorities.next());
    m_root = Treap::merge(Treap::merge(a, single), b);
    ++m_size;
}

void MarkerTree::erase(Marker& m)
{
    m_root = Treap::erase(m_root, m);
    --m_size;
}

void MarkerTree::text_inserted(TextPos at, TextCount n, bool before_markers)
{
    if (!m_root)
        return;
    auto [stay, move] = Treap::split(m_root, [&](const Marker& x, TextCount k) {
        return k.bytes.value < at.bytes.value || (k.bytes.value == at.bytes.value && !x.m_advances && !before_markers);
    });
    if (move)
        move->delta += n;
    // With before_markers the markers at `at` that stay before moved too,
    // ahead of those that advance: the order holds.
    m_root = Treap::merge(stay, move);
}

void MarkerTree::text_deleted(TextPos from, TextPos to)
{
    if (!m_root || from == to)
        return;
    const std::int64_t a = from.bytes.value, b = to.bytes.value;
    auto [head, rest] = Treap::split(m_root, [&](const Marker& x, TextCount k) {
        return k.bytes.value < a || (k.bytes.value == a && !x.m_advances);
    });
    auto [at_advancing, rest2] = Treap::split(rest, [&](const Marker&, TextCount k) { return k.bytes.value <= a; });
    auto [inside, tail] = Treap::split(rest2, [&](const Marker&, TextCount k) { return k.bytes.value <= b; });
    if (tail)
        tail->delta -= to_key(to) - to_key(from);
    // The markers inside all go to `from`, each beside those of its type.
    m_collapsed.clear();
    Treap::for_each(inside, TextCount{}, [&](Marker& m, TextCount) { m_collapsed.push_back(&m); });
    Marker* staying = nullptr;
    Marker* advancing = nullptr;
    for (Marker* m : m_collapsed) {
        Marker*& group = m->m_advances ? advancing : staying;
        group = Treap::merge(group, Treap::single(*m, to_key(from), m->priority));
    }
    m_root = Treap::merge(Treap::merge(Treap::merge(head, staying), Treap::merge(at_advancing, advancing)), tail);
}

bool MarkerTree::consistent() const
{
    bool ok = true;
    std::size_t count = 0;
    const Marker* prev = nullptr;
    TextPos prev_pos{};
    Treap::for_each(m_root, TextCount{}, [&](Marker& m, TextCount k) {
        const TextPos p = from_key(k);
        if (!Treap::linked(m, k))
            ok = false;
        if (prev && (before(p.bytes.value, m.m_advances, prev_pos.bytes.value, prev->m_advances) ||
                     p.chars < prev_pos.chars))
            ok = false;
        prev = &m;
        prev_pos = p;
        ++count;
    });
    return ok && count == m_size && (!m_root || m_root->parent == nullptr);
}

} // namespace gapmacs
