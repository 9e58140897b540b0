// Layout of one screen row of buffer text: which characters it shows, in
// which cells, and where the next row starts.
//
// A row starts at a line start, at a wrap point, or at a layout restart
// inside a very long line (see row_restart), and is laid out from there
// alone: so redisplay never reads text it does not show, and the cost of a
// row is bounded by the window's width, whatever the length of the line.
//
// Emacs's terminal conventions: a row that continues on the next one ends
// with `\` in its last column, a truncated row with `$`; C0 controls and DEL
// show as ^X, C1 controls and raw bytes as \ooo, other characters the C
// library cannot print as \uXXXX, all in the escape-glyph face. Nothing from
// the buffer ever reaches the terminal as a control sequence.
#pragma once
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "buffer/buffer.hpp"
#include "ui/cell_grid.hpp"

namespace gapmacs::ui {

struct LayoutOptions {
    int width = 80; // columns of the row, the continuation glyph's included
    int tab_width = 8;
    bool truncate = false;
    // Truncated rows only: columns scrolled out on the left (window-hscroll);
    // the first column then shows `$` where text is hidden.
    int hscroll = 0;
};

// An overlay arrow (Emacs's overlay-arrow-variable-list): its text goes
// over the start of the row that starts at `at` (a terminal has no fringe).
struct OverlayArrow {
    CharPos at;
    std::u32string text;
    bool operator==(const OverlayArrow&) const = default;
};

// Text to draw in a face other than the default (the region, search
// matches). Later entries win where they overlap. An entry with a space
// (Emacs's `display' property (space :align-to COL) or (space :width N))
// draws its text as one blank up to column COL from the row's start (none
// when the row is past it), or N columns wide, and leaves faces alone.
struct Highlight {
    BytePos beg;
    BytePos end;
    Face face;
    int align_to = -1;
    int space_width = -1;
    bool is_space() const { return align_to >= 0 || space_width >= 0; }
    bool operator==(const Highlight&) const = default;
};

// A line drawn in faces of its own (a mode line): its text (internal
// UTF-8) and the faces of stretches of its bytes, in order; bytes no
// stretch covers are drawn in the line's base face.
struct StyledLine {
    struct Span {
        std::size_t beg;
        std::size_t end;
        Face face;
        bool operator==(const Span&) const = default;
    };
    std::string text;
    std::vector<Span> spans;
    bool operator==(const StyledLine&) const = default;
};

// A character of a string shown among the text: an overlay's
// before-string or after-string, a display string.
struct StringGlyph {
    char32_t c;
    Face face = Face::Default;
    bool cursor = false; // its `cursor' property: point at its place shows on it
    bool operator==(const StringGlyph&) const = default;
};

// What display properties make of a buffer's text, as layout meets it:
// text not shown (Emacs's invisible text, text a display string replaces)
// and strings shown among it.
class TextDisplay {
public:
    struct Stretch {
        bool hidden = false;
        bool ellipsis = false; // hidden, and shown as "..."
        TextPos end;           // where it may change
        std::vector<StringGlyph> strings; // shown at `at`, before its text
    };
    // The stretch from `at`: hidden ones to their end, shown ones looking
    // no further than `lookahead` (a character boundary).
    virtual Stretch from(TextPos at, BytePos lookahead) const = 0;
    // Where the hidden stretch that holds the character before `at` starts
    // (no further back than floor); nothing when that character shows.
    virtual std::optional<TextPos> hidden_before(TextPos at, TextPos floor) const = 0;

protected:
    ~TextDisplay() = default;
};

struct Row {
    TextPos start;
    TextPos next;            // where the following row starts
    // The string glyphs shown at `start` (at `next`) that rows before took:
    // a string with newlines goes on over rows starting at one position.
    int start_skip = 0;
    int next_skip = 0;
    bool ends_line = false;  // ended at a newline or at the end of the text
    bool reaches_end = false; // the end of the accessible text is on this row
    std::optional<int> cursor_col; // the column of `cursor`, when it is on this row and in view
    std::optional<int> cursor_line_col; // its column from the row's start, in view or not (truncated rows)
};

// Whether the row after r starts after r's start (a row always advances,
// but at the end of the text or of a layout that could not).
inline bool advances(const Row& r)
{
    return r.next.bytes > r.start.bytes || (r.next.bytes == r.start.bytes && r.next_skip > r.start_skip);
}

// Lays out the row starting at `start` (which must be a row start), up to
// `limit` (point-max). Writes options.width cells into `out` when it is not
// empty. `cursor` is the position whose column is wanted (point); inside
// hidden text, it shows on what follows that text, and on a string's glyph
// that has a `cursor' property at its place. Hidden text takes no cells (an
// ellipsis, three), its newlines included: the row goes on. Strings show
// before the text at their place, `skip` of those at `start` left out.
Row layout_row(const Buffer& buffer, TextPos start, TextPos limit, const LayoutOptions& options,
               std::span<Cell> out = {}, std::optional<BytePos> cursor = {},
               std::span<const Highlight> highlights = {}, const TextDisplay* display = nullptr, int skip = 0);

// The row start at or before `pos` from which layout can begin without
// reading further back: the start of pos's line when it lies within
// restart_distance bytes, else the last restart point of the long line
// (a character boundary at a multiple of restart_distance bytes).
constexpr std::int64_t restart_distance = 16 * 1024;
TextPos row_restart(const Buffer& buffer, TextPos pos, TextPos floor);
// The same, where a line whose newline before is hidden goes on the row
// before: the start of the line that shows first.
TextPos row_restart(const Buffer& buffer, TextPos pos, TextPos floor, const TextDisplay* display);

// The display width of character c as the terminal counts it (wcwidth), or
// -1 when it is shown escaped.
int char_columns(char32_t c);

} // namespace gapmacs::ui
