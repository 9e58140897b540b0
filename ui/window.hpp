// Window: a view of a buffer on part of the frame.
//
// A window keeps its own start (the first position shown, a marker so edits
// above it move it) and its own point while it is not selected (Emacs's
// window-point); the selected window's point is its buffer's point. It also
// remembers what it drew last, so redisplay can tell which rows an edit
// touched and skip a window nothing happened to.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "buffer/marker.hpp"
#include "lisp-lite/lisp_lite.hpp"
#include "ui/row_layout.hpp"

namespace gapmacs::ui {

class Window final {
public:
    // buffer: a live Lisp buffer.
    explicit Window(lisp::Value buffer, bool minibuffer = false);
    ~Window();
    Window(const Window&) = delete;
    Window& operator=(const Window&) = delete;

    lisp::Value buffer() const { return m_buffer; }
    Buffer& text() const;
    // Shows another buffer from its point-min (set-window-buffer).
    void set_buffer(lisp::Value buffer);

    Marker& start()
    {
        follow_buffer();
        return m_start;
    }
    Marker& point_marker()
    {
        follow_buffer();
        return m_point;
    }
    // Where point is in this window: the buffer's point when selected.
    CharPos point(bool selected) const;

    bool is_minibuffer() const { return m_minibuffer; }
    int number() const { return m_number; }
    // False while the window is off the frame but kept by a window
    // configuration: Lisp sees it deleted until the configuration is restored.
    bool live = true;
    // Columns scrolled out on the left while lines are truncated (window-hscroll).
    int hscroll = 0;
    // The buffer has a header-line-format: the window's first row shows it
    // and its text starts one row lower (`top` and `rows` are the text's).
    // Redisplay sets header_line; the frame's layout gives the row (-1: none,
    // when the window is too short for one).
    bool header_line = false;
    int header_row = -1;
    // False when the buffer's mode-line-format is nil: the text takes the
    // mode line's row too (set by redisplay, as header_line).
    bool mode_line = true;

    // Geometry, set by the frame's layout. `rows` counts text rows (the mode
    // line excluded); a window with a right neighbour gives its last column
    // to the divider.
    int top = 0;
    int left = 0;
    int rows = 1;
    int cols = 80;
    bool has_divider = false;
    int text_cols() const { return has_divider ? cols - 1 : cols; }
    // Text rows with the header and mode lines (window-total-height).
    int total_rows() const { return rows + (mode_line && !m_minibuffer ? 1 : 0) + (header_row >= 0 ? 1 : 0); }

    // What redisplay drew last, in buffer coordinates of that time.
    struct Drawn {
        std::vector<Row> rows;
        std::uint64_t tick = 0;
        TextPos start;
        CharPos point;
        std::optional<CharPos> region;
        std::vector<Highlight> highlights; // the search matches drawn
        std::vector<OverlayArrow> arrows;
        std::int64_t size = 0; // chars and bytes of the text then
        std::int64_t byte_size = 0;
        std::int64_t floor = 0;      // point-min's byte
        std::int64_t limit_tail = 0; // bytes after point-max
        int top = -1, left = -1, nrows = -1, ncols = -1;
        LayoutOptions options;
        int numbers = 0; // columns of line numbers
        std::uint64_t invisibility_spec = 0; // the buffer-invisibility-spec object (compared, never read)
        bool selected = false;
        StyledLine mode_line;
        std::optional<std::string> header_line;
        int cursor_row = 0, cursor_col = 0;
        bool fontified = true; // false: input cut fontification short
        bool valid = false;
    };
    Drawn drawn;
    void invalidate() { drawn.valid = false; }

    // The window's Lisp object (created on demand; nil once deleted).
    lisp::Value lisp_object();
    void mark_values() const; // for the collector
    // Set by redisplay: the cursor's cell when this window was drawn.
    int cursor_row = 0;
    int cursor_col = 0;

private:
    // buffer-swap-text moves every marker with the text, these two as well:
    // the window goes on showing its buffer, from its beginning, as Emacs's
    // Fbuffer_swap_text puts it.
    void follow_buffer();

    lisp::Value m_buffer;
    lisp::Value m_object;
    Marker m_start;
    Marker m_point;
    bool m_minibuffer;
    // As Emacs numbers windows: in the order made, from 1.
    int m_number;
};

// The window of a Lisp window object, or nullptr if it was deleted or v is
// not a window.
Window* window_of(lisp::Value v);
bool windowp(lisp::Value v);

} // namespace gapmacs::ui
