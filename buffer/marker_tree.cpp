#include "buffer/marker_tree.hpp"

namespace gapmacs {

namespace {

// The order of markers: by position, then those that stay before those that
// advance (what an insertion at the position separates).
bool before(ByteCount k, bool k_advances, BytePos pos, bool advances)
{
    return k.value < pos.value || (k.value == pos.value && !k_advances && advances);
}

} // namespace

std::uint32_t MarkerTree::next_priority()
{
    // xorshift32: balance needs only priorities independent of positions.
    m_seed ^= m_seed << 13;
    m_seed ^= m_seed >> 17;
    m_seed ^= m_seed << 5;
    return m_seed;
}

void MarkerTree::insert(Marker& m, TextPos pos)
{
    // After the markers of the same position and type: any place among
    // them would do.
    auto [a, b] = Treap::split(m_root, [&](const Marker& x, TextCount k) {
        return !before(ByteCount(pos.bytes.value), m.m_advances, BytePos(k.bytes.value), x.m_advances);
    });
    Marker* single = Treap::single(m, to_key(pos), next_priority());
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
        if (m.left && m.left->parent != &m)
            ok = false;
        if (m.right && m.right->parent != &m)
            ok = false;
        if ((m.left && m.left->priority > m.priority) || (m.right && m.right->priority > m.priority))
            ok = false;
        if (prev && before(ByteCount(p.bytes.value), m.m_advances, prev_pos.bytes, prev->m_advances))
            ok = false;
        if (prev && p.chars < prev_pos.chars)
            ok = false;
        if (Treap::key(m) != k)
            ok = false;
        prev = &m;
        prev_pos = p;
        ++count;
    });
    return ok && count == m_size && (!m_root || m_root->parent == nullptr);
}

} // namespace gapmacs
