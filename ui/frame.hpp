// Frame: the terminal's screen divided into windows, plus the bottom row
// shared by the echo area and the minibuffer window.
//
// The windows form a tree, as in Emacs: `C-x 2` stacks two windows in a
// column, `C-x 3` puts two side by side in a row; deleting a window gives
// its space to a sibling. The tree's leaves in order are the cyclic order
// `other-window` follows.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "ui/cell_grid.hpp"
#include "ui/window.hpp"

namespace gapmacs::ui {

class Frame final {
public:
    // buffer: the buffer the first window shows; minibuffer: the buffer of
    // the minibuffer window.
    Frame(int rows, int cols, lisp::Value buffer, lisp::Value minibuffer);
    ~Frame();
    Frame(const Frame&) = delete;
    Frame& operator=(const Frame&) = delete;

    int rows() const { return m_rows; }
    int cols() const { return m_cols; }
    void resize(int rows, int cols);

    Window& selected() { return *m_selected; }
    // Selects w: the old window keeps its point, w's buffer gets w's point.
    void select(Window& w);
    Window& minibuffer_window() { return *m_minibuffer; }
    bool minibuffer_active() const { return m_selected == m_minibuffer.get(); }

    // Leaf windows in cyclic order (the minibuffer window excluded).
    std::vector<Window*> windows() const;
    bool contains(const Window* w) const;

    // Splits w in two (below: one above the other; else side by side) and
    // returns the new window, which shows the same buffer. Throws
    // gapmacs::Error when w is too small.
    Window& split(Window& w, bool below);
    // Deletes w (not the only window); its space goes to a sibling.
    void remove(Window& w);
    void delete_others(Window& w);
    // Grows w by delta rows (or columns) at its neighbours' expense, as far
    // as their minimum sizes allow; a negative delta shrinks it. Returns
    // the change made.
    int enlarge(Window& w, int delta, bool horizontal);
    // Makes the windows of each column (and row) the same size.
    void balance();

    // The echo area's message (internal text) and the faces of its
    // stretches, shown while the minibuffer is not in use.
    StyledLine echo;
    // The minibuffer's prompt, shown before its text, and a message shown
    // after it while the minibuffer is in use ("[No match]").
    std::string prompt;
    std::string minibuffer_message;
    // Minibuffer reads in progress: their input stays on the last row while
    // another window is selected (M-v into *Completions*).
    int minibuffer_depth = 0;

    // Rows of the minibuffer window, which the echo area shares: one, but
    // while a message of several lines or a minibuffer's text needs more
    // (resize-mini-windows). The windows above give them up from the bottom
    // and get them back as they were.
    int minibuffer_rows() const { return m_minibuffer_rows; }
    // Sets them within what the windows above can give; returns the rows set.
    int set_minibuffer_rows(int rows);

    CellGrid& grid() { return m_grid; }
    void mark_values() const;

    // A window configuration (current-window-configuration): the tree's
    // shape and sizes, each window with its buffer, start and point, and
    // the selected window. It keeps its windows alive, so a window deleted
    // since comes back as itself (the same Lisp object), as in Emacs.
    struct Snapshot;
    std::shared_ptr<const Snapshot> snapshot() const;
    void restore(const Snapshot& s);
    // The Lisp values a snapshot holds, for the collector.
    static void mark_snapshot(const Snapshot& s);
    // Whether two snapshots have the same windows in the same places.
    static bool same_layout(const Snapshot& a, const Snapshot& b);

    struct Node; // of the window tree (frame.cpp)

    // Gives every window its rows again, as its sizes and header lines ask.
    void layout();

private:
    Node* find(const Window* w) const;
    // The windows' sizes as they are with a minibuffer window of one row.
    void layout_nominal();

    int m_rows;
    int m_cols;
    int m_minibuffer_rows = 1;
    std::unique_ptr<Node> m_root;
    std::unique_ptr<Window> m_minibuffer;
    Window* m_selected;
    CellGrid m_grid;
};

} // namespace gapmacs::ui
