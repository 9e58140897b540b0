#include "ui/frame.hpp"

#include <algorithm>
#include <functional>

#include "core/error.hpp"
#include "lisp-lite/editor/buffers.hpp"
#include "lisp-lite/lang/heap.hpp"

namespace gapmacs::ui {

// A node of the window tree: a leaf holds a window; an inner node stacks its
// children in a column or lays them out in a row. `size` is the node's share
// of its parent (rows in a column, columns in a row).
struct Frame::Node {
    enum class Kind { Leaf, Column, Row } kind = Kind::Leaf;
    std::shared_ptr<Window> window; // shared with window configurations
    std::vector<std::unique_ptr<Node>> children;
    Node* parent = nullptr;
    int size = 0;
    int top = 0, left = 0, height = 0, width = 0;
};

namespace {

constexpr int min_rows = 2; // one text row and the mode line
constexpr int min_cols = 4;

void for_each_leaf(Frame::Node& n, const std::function<void(Frame::Node&)>& f);

} // namespace

Frame::Frame(int rows, int cols, lisp::Value buffer, lisp::Value minibuffer)
    // The same least size as resize (a window's row and the echo area's): an
    // editor started in a 1x1 terminal laid out rows it did not have.
    : m_rows(std::max(rows, 2)), m_cols(std::max(cols, min_cols)), m_root(std::make_unique<Node>())
{
    // Made in Emacs's order: the root window is window 1.
    m_root->window = std::make_shared<Window>(buffer);
    m_minibuffer = std::make_unique<Window>(minibuffer, true);
    m_selected = m_root->window.get();
    layout();
}

Frame::~Frame() = default;

void Frame::resize(int rows, int cols)
{
    m_rows = std::max(rows, 2);
    m_cols = std::max(cols, min_cols);
    layout();
}

namespace {

int min_size(const Frame::Node& n, bool column);

// Gives each child of n its share of n's area. Recorded: proportional to
// the sizes they had, the last child taking what rounding leaves, and kept
// as their sizes. Not recorded (the minibuffer window borrowing rows): the
// sizes they have, rows taken from the last children first, and nothing
// kept, so that the windows are as before once the rows come back.
void layout_node(Frame::Node& n, int top, int left, int height, int width, bool record)
{
    n.top = top, n.left = left, n.height = height, n.width = width;
    if (n.kind == Frame::Node::Kind::Leaf) {
        Window& w = *n.window;
        // A header line needs a row besides a text row and the mode line.
        const int mode_line = w.mode_line || height < 2 ? 1 : 0;
        const int header = w.header_line && height >= 2 + mode_line ? 1 : 0;
        w.header_row = header ? top : -1;
        w.top = top + header;
        w.left = left;
        w.rows = std::max(height - mode_line - header, 1);
        w.cols = width;
        return;
    }
    const bool column = n.kind == Frame::Node::Kind::Column;
    const int total = column ? height : width;
    std::vector<int> shares;
    long weights = 0;
    for (auto& c : n.children)
        weights += std::max(c->size, 1);
    int used = 0;
    for (std::size_t i = 0; i < n.children.size(); ++i) {
        const int size = std::max(n.children[i]->size, 1);
        shares.push_back(!record ? size
                         : i + 1 == n.children.size()
                             ? total - used
                             : static_cast<int>(static_cast<long>(total) * size / weights));
        used += shares.back();
    }
    if (!record && used != total) {
        int deficit = used - total;
        for (std::size_t i = shares.size(); i-- > 0 && deficit > 0;) {
            const int cut = std::clamp(shares[i] - min_size(*n.children[i], column), 0, deficit);
            shares[i] -= cut;
            deficit -= cut;
        }
        shares.back() -= deficit; // more than the minimum sizes allow: never asked for
    }
    used = 0;
    for (std::size_t i = 0; i < n.children.size(); ++i) {
        auto& c = *n.children[i];
        if (record)
            c.size = shares[i];
        if (column)
            layout_node(c, top + used, left, shares[i], width, record);
        else
            layout_node(c, top, left + used, height, shares[i], record);
        used += shares[i];
    }
}

} // namespace

void Frame::layout_nominal()
{
    m_root->size = m_rows - 1;
    layout_node(*m_root, 0, 0, m_rows - 1, m_cols, true);
}

void Frame::layout()
{
    m_grid.resize(m_rows, m_cols);
    layout_nominal();
    m_minibuffer_rows = std::clamp(m_minibuffer_rows, 1, std::max(m_rows - min_size(*m_root, true), 1));
    if (m_minibuffer_rows > 1)
        layout_node(*m_root, 0, 0, m_rows - m_minibuffer_rows, m_cols, false);
    for (Window* w : windows()) {
        w->has_divider = w->left + w->cols < m_cols;
        w->invalidate();
    }
    m_minibuffer->top = m_rows - m_minibuffer_rows;
    m_minibuffer->left = 0;
    m_minibuffer->rows = m_minibuffer_rows;
    m_minibuffer->cols = m_cols;
    m_minibuffer->invalidate();
}

int Frame::set_minibuffer_rows(int rows)
{
    rows = std::clamp(rows, 1, std::max(m_rows - min_size(*m_root, true), 1));
    if (rows != m_minibuffer_rows) {
        m_minibuffer_rows = rows;
        layout();
    }
    return m_minibuffer_rows;
}

namespace {

void for_each_leaf(Frame::Node& n, const std::function<void(Frame::Node&)>& f)
{
    if (n.kind == Frame::Node::Kind::Leaf) {
        f(n);
        return;
    }
    for (auto& c : n.children)
        for_each_leaf(*c, f);
}

} // namespace

std::vector<Window*> Frame::windows() const
{
    std::vector<Window*> out;
    for_each_leaf(*m_root, [&](Node& n) { out.push_back(n.window.get()); });
    return out;
}

bool Frame::contains(const Window* w) const
{
    return w == m_minibuffer.get() || find(w) != nullptr;
}

Frame::Node* Frame::find(const Window* w) const
{
    Node* found = nullptr;
    for_each_leaf(*m_root, [&](Node& n) {
        if (n.window.get() == w)
            found = &n;
    });
    return found;
}

void Frame::select(Window& w)
{
    if (&w == m_selected)
        return;
    Window& old = *m_selected;
    // The old window remembers where point was; the new one's point becomes
    // its buffer's point (Emacs's window-point).
    old.point_marker().set(old.text(), old.text().point());
    if (auto p = w.point_marker().position(); p && w.point_marker().buffer() == &w.text())
        w.text().goto_char(*p);
    m_selected = &w;
}

Window& Frame::split(Window& w, bool below)
{
    Node* leaf = find(&w);
    if (!leaf)
        throw Error("error", "Window is not on this frame");
    layout_nominal(); // the halves of what the window has without the rows it lends
    const int have = below ? leaf->height : leaf->width;
    if (have < 2 * (below ? min_rows : min_cols))
        throw Error("error", "Window too small for splitting");
    const auto kind = below ? Node::Kind::Column : Node::Kind::Row;
    if (!leaf->parent || leaf->parent->kind != kind) {
        // Turn the leaf into an inner node of the wanted kind holding the old window.
        auto moved = std::make_unique<Node>();
        moved->window = std::move(leaf->window);
        moved->parent = leaf;
        moved->size = have;
        leaf->kind = kind;
        leaf->children.push_back(std::move(moved));
        leaf = leaf->children.back().get();
    }
    Node* parent = leaf->parent;
    auto it = std::find_if(parent->children.begin(), parent->children.end(),
                           [&](auto& c) { return c.get() == leaf; });
    auto fresh = std::make_unique<Node>();
    fresh->parent = parent;
    fresh->window = std::make_shared<Window>(w.buffer());
    // The old window keeps the larger half, as in Emacs.
    fresh->size = have / 2;
    leaf->size = have - have / 2;
    Window& made = *fresh->window;
    made.start().set(w.text(), w.start().position().value_or(w.text().point_min()));
    made.point_marker().set(w.text(), w.point(&w == m_selected));
    parent->children.insert(it + 1, std::move(fresh));
    layout();
    return made;
}

void Frame::remove(Window& w)
{
    Node* leaf = find(&w);
    if (!leaf || !leaf->parent)
        throw Error("error", "Attempt to delete minibuffer or sole ordinary window");
    if (&w == m_selected) {
        auto all = windows();
        auto it = std::find(all.begin(), all.end(), &w);
        Window* next = it + 1 != all.end() ? *(it + 1) : all.front();
        select(*next);
    }
    Node* parent = leaf->parent;
    auto it = std::find_if(parent->children.begin(), parent->children.end(),
                           [&](auto& c) { return c.get() == leaf; });
    std::size_t index = static_cast<std::size_t>(it - parent->children.begin());
    Node& heir = *parent->children[index > 0 ? index - 1 : 1];
    heir.size += leaf->size;
    w.live = false; // a window configuration may still hold it
    parent->children.erase(it);
    if (parent->children.size() == 1) {
        // A node with one child is that child.
        std::unique_ptr<Node> only = std::move(parent->children.front());
        parent->children.clear();
        parent->kind = only->kind;
        parent->window = std::move(only->window);
        parent->children = std::move(only->children);
        for (auto& c : parent->children)
            c->parent = parent;
    }
    layout();
}

void Frame::delete_others(Window& w)
{
    Node* leaf = find(&w);
    if (!leaf)
        return;
    if (&w != m_selected)
        select(w);
    for (Window* other : windows())
        other->live = other == &w;
    auto keep = std::move(leaf->window);
    m_root = std::make_unique<Node>();
    m_root->window = std::move(keep);
    layout();
}

namespace {

// The smallest size n can take along a column's (or a row's) axis.
int min_size(const Frame::Node& n, bool column)
{
    using Kind = Frame::Node::Kind;
    if (n.kind == Kind::Leaf)
        return column ? min_rows : min_cols;
    int sum = 0, most = 0;
    for (auto& c : n.children) {
        int m = min_size(*c, column);
        sum += m;
        most = std::max(most, m);
    }
    const bool along = (n.kind == Kind::Column) == column;
    return along ? sum : most;
}

// Equal shares; the first children get the rows (columns) that do not
// divide evenly, as the old window keeps the larger half of a split.
void balance_node(Frame::Node& n)
{
    using Kind = Frame::Node::Kind;
    if (n.kind == Kind::Leaf)
        return;
    const int total = n.kind == Kind::Column ? n.height : n.width;
    const int count = static_cast<int>(n.children.size());
    for (int i = 0; i < count; ++i) {
        n.children[i]->size = total / count + (i < total % count ? 1 : 0);
        balance_node(*n.children[i]);
    }
}

} // namespace

int Frame::enlarge(Window& w, int delta, bool horizontal)
{
    const auto kind = horizontal ? Node::Kind::Row : Node::Kind::Column;
    Node* n = find(&w);
    while (n && n->parent && n->parent->kind != kind)
        n = n->parent;
    if (!n || !n->parent || delta == 0)
        return 0;
    auto& siblings = n->parent->children;
    const bool column = !horizontal;
    auto give = [&](Node& from, Node& to, int want) {
        int can = std::min(want, from.size - min_size(from, column));
        can = std::max(can, 0);
        from.size -= can;
        to.size += can;
        return can;
    };
    auto self = std::find_if(siblings.begin(), siblings.end(), [&](auto& c) { return c.get() == n; });
    int moved = 0;
    if (delta > 0) {
        // Take from the following siblings first, then the ones before.
        for (auto it = self + 1; it != siblings.end() && moved < delta; ++it)
            moved += give(**it, *n, delta - moved);
        for (auto it = self; it != siblings.begin() && moved < delta;)
            moved += give(**--it, *n, delta - moved);
    } else {
        Node& heir = self + 1 != siblings.end() ? **(self + 1) : **(self - 1);
        moved = -give(*n, heir, -delta);
    }
    layout();
    return moved;
}

void Frame::balance()
{
    layout_nominal();
    balance_node(*m_root);
    layout();
}

void Frame::mark_values() const
{
    for (Window* w : windows())
        w->mark_values();
    m_minibuffer->mark_values();
}

struct Frame::Snapshot {
    struct Leaf {
        std::shared_ptr<Window> window;
        lisp::Value buffer;
        CharPos start, point;
        int hscroll;
    };
    std::unique_ptr<Node> root; // its own nodes; the windows shared
    std::vector<Leaf> leaves;
    Window* selected; // a window of leaves, or the minibuffer window
};

namespace {

std::unique_ptr<Frame::Node> copy_tree(const Frame::Node& n, Frame::Node* parent)
{
    auto copy = std::make_unique<Frame::Node>();
    copy->kind = n.kind;
    copy->window = n.window;
    copy->parent = parent;
    copy->size = n.size;
    for (auto& c : n.children)
        copy->children.push_back(copy_tree(*c, copy.get()));
    return copy;
}

bool same_tree(const Frame::Node& a, const Frame::Node& b)
{
    if (a.kind != b.kind || a.window != b.window || a.size != b.size || a.children.size() != b.children.size())
        return false;
    for (std::size_t i = 0; i < a.children.size(); ++i)
        if (!same_tree(*a.children[i], *b.children[i]))
            return false;
    return true;
}

// POS within the accessible part of b.
CharPos clamped(const Buffer& b, CharPos pos)
{
    return CharPos(std::clamp(pos.value, b.point_min().value, b.point_max().value));
}

} // namespace

std::shared_ptr<const Frame::Snapshot> Frame::snapshot() const
{
    auto s = std::make_shared<Snapshot>();
    s->root = copy_tree(*m_root, nullptr);
    for_each_leaf(*m_root, [&](Node& n) {
        Window& w = *n.window;
        const CharPos start = w.start().position().value_or(w.text().point_min());
        s->leaves.push_back({n.window, w.buffer(), start, w.point(&w == m_selected), w.hscroll});
    });
    s->selected = m_selected;
    return s;
}

void Frame::restore(const Snapshot& s)
{
    for (Window* w : windows())
        w->live = false;
    m_root = copy_tree(*s.root, nullptr);
    for (const Snapshot::Leaf& leaf : s.leaves) {
        Window& w = *leaf.window;
        w.live = true;
        if (lisp::live_buffer(leaf.buffer)) {
            if (w.buffer() != leaf.buffer)
                w.set_buffer(leaf.buffer);
            w.start().set(w.text(), clamped(w.text(), leaf.start));
            w.point_marker().set(w.text(), clamped(w.text(), leaf.point));
        } else if (!lisp::live_buffer(w.buffer()) && !lisp::buffer_list().empty()) {
            w.set_buffer(lisp::buffer_list().front()); // both killed since
        }
        w.hscroll = leaf.hscroll;
    }
    // The selected window's point is its buffer's (Emacs's window-point).
    m_selected = s.selected->live ? s.selected : windows().front();
    if (m_selected != m_minibuffer.get())
        if (auto p = m_selected->point_marker().position(); p && m_selected->point_marker().buffer() == &m_selected->text())
            m_selected->text().goto_char(*p);
    layout();
}

void Frame::mark_snapshot(const Snapshot& s)
{
    for (const Snapshot::Leaf& leaf : s.leaves) {
        lisp::mark_value(leaf.buffer);
        leaf.window->mark_values();
    }
}

bool Frame::same_layout(const Snapshot& a, const Snapshot& b)
{
    return a.selected == b.selected && same_tree(*a.root, *b.root);
}

} // namespace gapmacs::ui
