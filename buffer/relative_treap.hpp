// RelativeTreap: the ordered structure under markers and overlays.
//
// A treap (a binary search tree kept balanced by random priorities) whose
// nodes hold their key as an offset from their parent's key, so that the
// text edits that move every position after a point move a whole subtree by
// one addition at its root: split the tree there, add to the right part's
// root, merge. An insertion or a deletion then costs O(log n) in the number
// of nodes (plus whatever the caller must visit, such as the markers inside
// a deleted region), where adjusting each node would cost O(n). The price is
// that a node's key is the sum of the offsets on its path: O(log n) to read.
//
// The nodes are intrusive: Node derives from TreapLinks<Node, Offset>, and
// Augment::update(Node&) recomputes what a node keeps of its subtree (an
// overlay's furthest end) after its children or its own data changed.
// Every function works on subtrees whose roots' offsets are relative to one
// common base (for the whole tree: zero).
#pragma once
#include <cstdint>
#include <utility>
#include <vector>

namespace gapmacs {

template <typename Node, typename Offset> struct TreapLinks {
    Node* left = nullptr;
    Node* right = nullptr;
    Node* parent = nullptr;
    Offset delta{}; // key minus the parent's key; a root's key from the base
    std::uint32_t priority = 0;
};

// The random priorities that balance a treap: xorshift32, since balance
// needs only priorities independent of the keys.
class TreapPriorities {
public:
    explicit TreapPriorities(std::uint32_t seed) : m_state(seed) {}
    std::uint32_t next()
    {
        m_state ^= m_state << 13;
        m_state ^= m_state >> 17;
        m_state ^= m_state << 5;
        return m_state;
    }

private:
    std::uint32_t m_state;
};

// For trees that keep nothing of their subtrees.
struct NoAugment {
    static constexpr bool needed = false;
    template <typename Node> static void update(Node&) {}
};

template <typename Node, typename Offset, typename Augment = NoAugment> class RelativeTreap {
public:
    // The key of n in its tree, from the tree's base.
    static Offset key(const Node& n)
    {
        Offset k = n.delta;
        for (const Node* p = n.parent; p; p = p->parent)
            k += p->delta;
        return k;
    }

    // Splits t into the nodes for which goes_left(node, key) holds, which
    // must be a prefix of the order, and the rest.
    template <typename GoesLeft> static std::pair<Node*, Node*> split(Node* t, const GoesLeft& goes_left)
    {
        if (!t)
            return {nullptr, nullptr};
        t->parent = nullptr;
        if (goes_left(*t, t->delta)) {
            auto [a, b] = split(take_right(*t), goes_left);
            attach_right(*t, a);
            return {t, b};
        }
        auto [a, b] = split(take_left(*t), goes_left);
        attach_left(*t, b);
        return {a, t};
    }

    // Joins two trees, every node of a ordered before every node of b.
    static Node* merge(Node* a, Node* b)
    {
        if (!a)
            return b;
        if (!b)
            return a;
        if (a->priority >= b->priority) {
            Node* r = take_right(*a);
            attach_right(*a, merge(r, b));
            a->parent = nullptr;
            return a;
        }
        Node* l = take_left(*b);
        attach_left(*b, merge(a, l));
        b->parent = nullptr;
        return b;
    }

    // A lone node (no links) with key k, ready to merge.
    static Node* single(Node& n, Offset k, std::uint32_t priority)
    {
        n.left = n.right = n.parent = nullptr;
        n.delta = k;
        n.priority = priority;
        Augment::update(n);
        return &n;
    }

    // Removes n from the tree rooted at root; returns the new root.
    static Node* erase(Node* root, Node& n)
    {
        // The children, rebased on n's parent, take n's place.
        Node* m = merge(take_left(n), take_right(n));
        Node* p = n.parent;
        n.parent = nullptr;
        if (m)
            m->parent = p;
        if (!p)
            return m;
        (p->left == &n ? p->left : p->right) = m;
        if constexpr (Augment::needed)
            for (Node* q = p; q; q = q->parent)
                Augment::update(*q);
        return root;
    }

    // Calls f(node, key) for every node of t in order.
    template <typename F> static void for_each(Node* t, Offset base, const F& f)
    {
        while (t) {
            const Offset k = base + t->delta;
            for_each(t->left, k, f);
            f(*t, k);
            t = t->right;
            base = k;
        }
    }

    // Whether n's children point back at it, come no higher in priority,
    // and n's key read up the tree is `k` (consistency checks of tests).
    static bool linked(const Node& n, Offset k)
    {
        for (const Node* c : {n.left, n.right})
            if (c && (c->parent != &n || c->priority > n.priority))
                return false;
        return key(n) == k;
    }

    // Empties the tree rooted at root, calling f on each node once it is
    // unlinked (f may then destroy it or put it elsewhere).
    template <typename F> static void clear(Node*& root, const F& f)
    {
        std::vector<Node*> all;
        for_each(root, Offset{}, [&](Node& n, Offset) { all.push_back(&n); });
        root = nullptr;
        for (Node* n : all) {
            n->left = n->right = n->parent = nullptr;
            n->delta = Offset{};
            f(*n);
        }
    }

private:
    // Detaches a child, its offset rebased on t's base.
    static Node* take_left(Node& t) { return take(t, t.left); }
    static Node* take_right(Node& t) { return take(t, t.right); }
    static Node* take(Node& t, Node*& slot)
    {
        Node* c = slot;
        slot = nullptr;
        if (c) {
            c->delta += t.delta;
            c->parent = nullptr;
        }
        return c;
    }
    // Makes c (offset from t's base) t's child.
    static void attach_left(Node& t, Node* c) { attach(t, t.left, c); }
    static void attach_right(Node& t, Node* c) { attach(t, t.right, c); }
    static void attach(Node& t, Node*& slot, Node* c)
    {
        slot = c;
        if (c) {
            c->delta -= t.delta;
            c->parent = &t;
        }
        Augment::update(t);
    }
};

} // namespace gapmacs
