#include "ui/redisplay.hpp"

#include <algorithm>
#include <cassert>
#include <climits>
#include <cstdio>

#include "core/utf8.hpp"
#include "lisp-lite/editor/buffers.hpp"
#include "lisp-lite/editor/invisibility.hpp"
#include "lisp-lite/editor/symbols.hpp"
#include "lisp-lite/editor/text_properties.hpp"
#include "ui/text_display.hpp"

namespace gapmacs::ui {

namespace {

// Line numbers come from the buffer's line index: a jump to the end of a
// 1 GB buffer does not recount it once the index is built (the editor
// builds it while idle).
std::int64_t line_number(Window&, const Buffer& b, TextPos pt) { return b.line_number_at(pt.chars); }

// Bytes the mode line may count beyond the line index (about a millisecond).
constexpr std::size_t mode_line_count_budget = 4 << 20;

// The mnemonic and end of line of the fallback mode line ("U:").
std::string coding_mnemonic(const Buffer& b)
{
    const std::string name = b.coding().name();
    const char eol = name.ends_with("-dos") ? '\\' : name.ends_with("-mac") ? '/' : ':';
    return std::string(1, lisp::coding_mnemonic(name)) + eol;
}

// Draws text from col, up to end_col; returns the column after it.
int put_text(CellGrid& grid, int row, int col, int end_col, std::string_view utf8, Face face)
{
    std::string internal;
    for (std::size_t i = 0; i < utf8.size() && col < end_col;) {
        int len = 1;
        char32_t c = decode_internal_char(utf8.data() + i, utf8.data() + utf8.size(), &len);
        i += static_cast<std::size_t>(len);
        int w = char_columns(c);
        if (w < 0) {
            c = U'?';
            w = 1;
        }
        if (col + w > end_col)
            break;
        grid.at(row, col++) = Cell::of(c, face, static_cast<std::uint8_t>(w));
        for (int k = 1; k < w; ++k)
            grid.at(row, col++) = Cell::continuation(face);
    }
    return col;
}

// Whether point may be on row r: its text, or strings at its edges (a row
// that ends within the strings shown at a position holds that position too).
bool row_holds(const Row& r, std::int64_t byte)
{
    return byte >= r.start.bytes.value &&
           (byte < r.next.bytes.value || ((r.reaches_end || r.next_skip > 0) && byte == r.next.bytes.value));
}

class WindowPainter {
public:
    WindowPainter(Frame& frame, Window& w, const WindowSettings& s, RedisplayStats& stats)
        : m_frame(frame), m_w(w), m_s(s), m_stats(stats), m_b(w.text()), m_display(w.buffer()),
          m_selected(&w == &frame.selected())
    {
        m_opt = s.layout;
        m_opt.width = w.text_cols();
        m_opt.hscroll = m_opt.truncate ? w.hscroll : 0;
        if (s.line_numbers && !w.is_minibuffer()) {
            // Room for the numbers of every line the window can show.
            TextPos start = m_b.text_pos(std::clamp(w.start().position().value_or(m_b.point_min()),
                                                    m_b.point_min(), m_b.point_max()));
            std::int64_t last = line_number(w, m_b, start) + w.rows + 1;
            int digits = static_cast<int>(std::to_string(last).size());
            m_numbers = std::min(std::max(digits, 3) + 1, std::max(m_opt.width - 2, 0));
            m_opt.width -= m_numbers;
        }
        m_floor = m_b.text_pos(m_b.point_min());
        m_limit = m_b.text_pos(m_b.point_max());
        m_point = m_b.text_pos(std::clamp(w.point(m_selected), m_floor.chars, m_limit.chars));
    }

    void paint()
    {
        TextPos start = window_start();
        auto& d = m_w.drawn;
        // Text unchanged since it was drawn from here was fontified then.
        const bool in_place = d.valid && d.start == start;
        const bool unchanged = in_place && d.fontified && d.tick == m_b.changes().tick();
        if (in_place && !unchanged && m_s.defer_fontification)
            m_fontified = false;
        else if (!unchanged)
            fontify(start);
        const bool same_frame = d.valid && d.top == m_w.top && d.left == m_w.left && d.nrows == m_w.rows &&
                                d.ncols == m_w.cols && same_options(d.options) && d.floor == m_floor.bytes.value &&
                                d.limit_tail == tail_of(m_limit);
        // The same text, faces and marks from the same start: the same rows.
        const bool same_look = same_frame && d.start == start && d.region == m_s.region &&
                               d.invisibility_spec == lisp::spec_of(m_w.buffer()).bits() &&
                               d.highlights == m_s.highlights && d.arrows == m_s.arrows;
        // The mode line (Lisp's to format) is asked for only when all else
        // is as drawn.
        if (same_look && d.fontified && d.tick == m_b.changes().tick() && d.point == m_point.chars && d.selected == m_selected &&
            d.header_line == m_s.header_line && d.mode_line == mode_line()) {
            ++m_stats.windows_skipped;
            m_w.cursor_row = d.cursor_row;
            m_w.cursor_col = d.cursor_col;
            return;
        }
        ++m_stats.windows_drawn;
        gather_highlights(start);
        if (!draw_rows(start, same_look)) {
            start = start_for_point(m_b, m_point, m_w.rows / 2, m_opt, &m_display);
            fontify(start);
            gather_highlights(start);
            draw_rows(start, false);
        }
        if (m_hscroll_to) {
            // Point's column is out of view: scroll so it is in the middle
            // (Emacs's auto-hscroll with hscroll-step 0), or back to 0.
            const int content = std::max(m_opt.width - 1, 1);
            m_w.hscroll = *m_hscroll_to < content - 1 ? 0 : std::max(*m_hscroll_to - content / 2, 0);
            m_opt.hscroll = m_w.hscroll;
            m_hscroll_to.reset();
            draw_rows(start, false);
        }
        m_w.start().set(m_b, start.chars);
        d.valid = true;
        d.fontified = m_fontified;
        if (!m_fontified)
            ++m_stats.windows_unfontified;
        d.tick = m_b.changes().tick();
        d.start = start;
        d.point = m_point.chars;
        d.region = m_s.region;
        d.selected = m_selected;
        d.highlights = m_s.highlights;
        d.arrows = m_s.arrows;
        d.top = m_w.top, d.left = m_w.left, d.nrows = m_w.rows, d.ncols = m_w.cols;
        d.options = m_opt;
        d.numbers = m_numbers;
        d.invisibility_spec = lisp::spec_of(m_w.buffer()).bits();
        d.floor = m_floor.bytes.value;
        d.limit_tail = tail_of(m_limit);
        d.size = m_b.size();
        d.byte_size = static_cast<std::int64_t>(m_b.byte_size());
        d.cursor_row = m_w.cursor_row;
        d.cursor_col = m_w.cursor_col;
        // The mode line shows where the window ended up.
        d.mode_line = mode_line();
        if (!m_w.is_minibuffer() && m_w.mode_line)
            put_mode_line(d.mode_line);
        d.header_line = m_s.header_line;
        if (m_s.header_line && m_w.header_row >= 0)
            put_header_line(*m_s.header_line);
    }

private:
    std::int64_t tail_of(TextPos limit) const { return static_cast<std::int64_t>(m_b.byte_size()) - limit.bytes.value; }
    bool same_options(const LayoutOptions& o) const
    {
        return o.width == m_opt.width && o.tab_width == m_opt.tab_width && o.truncate == m_opt.truncate &&
               o.hscroll == m_opt.hscroll &&
               m_w.drawn.numbers == m_numbers;
    }

    void fontify(TextPos start)
    {
        if (m_s.fontify && m_limit.chars > start.chars)
            m_fontified = m_s.fontify(start.chars, m_b.byte_to_char(visible_end(start)));
    }

    // The faces of the text the window can show from start, the search
    // matches, then the region over them: what comes last wins.
    void gather_highlights(TextPos start)
    {
        m_highlights.clear();
        if (m_s.faces && m_limit.chars > start.chars)
            m_s.faces(start.chars, m_b.byte_to_char(visible_end(start)), m_highlights);
        m_highlights.insert(m_highlights.end(), m_s.highlights.begin(), m_s.highlights.end());
        if (m_s.region) {
            CharPos m = std::clamp(*m_s.region, m_floor.chars, m_limit.chars);
            CharPos a = std::min(m, m_point.chars), z = std::max(m, m_point.chars);
            m_highlights.push_back({m_b.char_to_byte(a), m_b.char_to_byte(z), Face::Region});
        }
    }

    // Where the text a window can show from start ends at the most: its rows
    // show no more lines than it has rows, and a row of a long line no more
    // than 128 KiB (8 of the layout's restart distances). Hidden text, its
    // newlines included, takes no row.
    BytePos visible_end(TextPos start) const
    {
        constexpr std::int64_t max_row_bytes = 8 * restart_distance;
        // Text with nothing hidden and no strings in it: the lines it has.
        const BytePos lines_end = lines_end_from(start.bytes);
        const TextDisplay::Stretch plain = m_display.from(start, lines_end);
        if (!plain.hidden && plain.strings.empty() && plain.end.bytes >= lines_end)
            return lines_end;
        TextPos pos = start;
        for (int i = 0; i <= m_w.rows && pos.bytes < m_limit.bytes;) {
            const TextPos before = pos;
            const BytePos cap = std::min(m_limit.bytes, pos.bytes + ByteCount(max_row_bytes));
            const auto nl = m_b.gap_buffer().find(pos.bytes, cap, '\n');
            const TextPos line_end = m_b.text_pos(m_b.byte_to_char(nl ? *nl + ByteCount(1) : cap));
            const TextDisplay::Stretch s = m_display.from(pos, line_end.bytes);
            if (!s.hidden && s.end.bytes >= line_end.bytes)
                ++i;
            pos = s.hidden || s.end.bytes < line_end.bytes ? s.end : line_end;
            if (pos.bytes <= before.bytes) // never: a stretch is not empty
                break;
        }
        return std::min(pos.bytes, m_limit.bytes);
    }

    // The end of the lines from `from` that the window's rows could show
    // if every one were a line (a long one counting up to 128 KiB).
    BytePos lines_end_from(BytePos from) const
    {
        constexpr std::int64_t max_row_bytes = 8 * restart_distance;
        BytePos pos = from;
        for (int i = 0; i <= m_w.rows && pos < m_limit.bytes; ++i) {
            const BytePos cap = std::min(m_limit.bytes, pos + ByteCount(max_row_bytes));
            const auto nl = m_b.gap_buffer().find(pos, cap, '\n');
            pos = nl ? *nl + ByteCount(1) : cap;
        }
        return std::min(pos, m_limit.bytes);
    }

    TextPos window_start()
    {
        Marker& m = m_w.start();
        if (m.buffer() != &m_b || !m.position())
            return m_floor;
        CharPos s = std::clamp(*m.position(), m_floor.chars, m_limit.chars);
        return m_b.text_pos(s);
    }

    std::span<Cell> grid_row(int i)
    {
        CellGrid& g = m_frame.grid();
        // A window always lies within the grid (Frame::layout, the
        // minibuffer row); the clamp keeps a mistake a drawing error, not a
        // write past the cells.
        const int col = std::min(m_w.left + m_numbers, g.cols());
        const int n = std::clamp(m_w.text_cols() - m_numbers, 0, g.cols() - col);
        assert(m_w.top + i >= 0 && m_w.top + i < g.rows() && m_w.left + m_w.cols <= g.cols());
        return {&g.at(std::clamp(m_w.top + i, 0, g.rows() - 1), 0) + col, static_cast<std::size_t>(n)};
    }

    // The line number column of row i: the number on a line's first row.
    void put_number(int i, std::optional<std::int64_t> line)
    {
        if (!m_numbers)
            return;
        CellGrid& g = m_frame.grid();
        g.fill_row(m_w.top + i, m_w.left, m_w.left + m_numbers, Cell::of(U' ', Face::LineNumber));
        if (!line)
            return;
        std::string n = std::to_string(*line);
        int col = m_w.left + m_numbers - 1 - static_cast<int>(n.size());
        for (char c : n)
            if (col >= m_w.left)
                g.at(m_w.top + i, col++) = Cell::of(static_cast<char32_t>(c), Face::LineNumber);
    }

    // The overlay arrow of the line starting at `at`, over its first
    // columns as Emacs draws it on a terminal. A wide character it cuts in
    // two leaves a space.
    void put_arrow(int i, CharPos at)
    {
        auto arrow = std::find_if(m_s.arrows.begin(), m_s.arrows.end(),
                                  [at](const OverlayArrow& a) { return a.at == at; });
        if (arrow == m_s.arrows.end())
            return;
        std::span<Cell> cells = grid_row(i);
        std::size_t col = 0;
        for (char32_t c : arrow->text) {
            if (col >= cells.size())
                break;
            cells[col++] = Cell::of(c);
        }
        while (col < cells.size() && cells[col].width == 0)
            cells[col++] = Cell::of(U' ');
    }

    // Lays out and draws the rows from start; false when point is not on
    // any of them (the caller recentres).
    bool draw_rows(TextPos start, bool reuse)
    {
        auto& d = m_w.drawn;
        std::vector<Row> old = reuse ? d.rows : std::vector<Row>{};
        std::int64_t change_beg = LLONG_MAX, tail_new = LLONG_MAX, delta_b = 0, delta_c = 0;
        if (auto span = reuse ? m_b.changes().since(d.tick) : std::nullopt) {
            change_beg = span->beg.value;
            tail_new = static_cast<std::int64_t>(m_b.byte_size()) - span->end_unchanged;
            delta_b = static_cast<std::int64_t>(m_b.byte_size()) - d.byte_size;
            delta_c = m_b.size() - d.size;
        }
        std::vector<Row> rows;
        bool found = false;
        TextPos pos = start;
        int skip = 0; // string glyphs at pos the rows above showed
        std::int64_t line = m_numbers ? line_number(m_w, m_b, start) : 1;
        bool ended = false;
        for (int i = 0; i < m_w.rows; ++i) {
            if (ended) {
                for (Cell& c : grid_row(i))
                    c = Cell{};
                put_number(i, std::nullopt);
                continue;
            }
            const bool line_start = i == 0 ? at_line_start(pos) : rows.back().ends_line;
            Row row;
            bool have = false;
            if (i < static_cast<int>(old.size())) {
                const Row& o = old[static_cast<std::size_t>(i)];
                const bool before_change = o.start.bytes == pos.bytes && o.start_skip == skip &&
                                           (o.next.bytes.value < change_beg ||
                                            (o.ends_line && !o.reaches_end && o.next.bytes.value <= change_beg));
                if (before_change) {
                    row = o;
                    have = true;
                }
            }
            // Line numbers below a change may differ: no shifting then. Nor
            // within strings: those at the change's end may be new (an empty
            // overlay's after-string there changes with no text after it).
            if (!have && !old.empty() && pos.bytes.value >= tail_new && !m_numbers && skip == 0) {
                // Text after the change is as it was: the old row that
                // started here (shifted) is the same row.
                // Rows below can be copied up (text was deleted); rows pushed
                // down are laid out again, their old cells being overwritten.
                for (std::size_t m = static_cast<std::size_t>(i); m < old.size(); ++m) {
                    const Row& o = old[m];
                    if (o.start.bytes.value + delta_b != pos.bytes.value || o.start_skip != skip)
                        continue;
                    row = o;
                    row.start = {o.start.chars + CharCount(delta_c), o.start.bytes + ByteCount(delta_b)};
                    row.next = {o.next.chars + CharCount(delta_c), o.next.bytes + ByteCount(delta_b)};
                    row.cursor_col.reset();
                    if (m != static_cast<std::size_t>(i)) {
                        auto src = grid_row(static_cast<int>(m));
                        std::copy(src.begin(), src.end(), grid_row(i).begin());
                    }
                    have = true;
                    break;
                }
            }
            if (!have || row_holds(row, m_point.bytes.value)) {
                row = layout_row(m_b, pos, m_limit, m_opt, grid_row(i), m_point.bytes, m_highlights, &m_display, skip);
                ++m_stats.rows_laid_out;
            }
            if (row_holds(row, m_point.bytes.value) && !found) {
                if (row.cursor_col) {
                    found = true;
                    m_w.cursor_row = m_w.top + i;
                    m_w.cursor_col = m_w.left + m_numbers + *row.cursor_col;
                    const int content = std::max(m_opt.width - 1, 1);
                    const bool off_view = m_opt.truncate && row.cursor_line_col &&
                                          (*row.cursor_col >= content || (m_opt.hscroll > 0 && *row.cursor_col < 1));
                    if (off_view)
                        m_hscroll_to = *row.cursor_line_col;
                } else if (m_opt.truncate && row.cursor_line_col) {
                    // On this row, but left or right of the view: at the
                    // nearer edge until the hscroll brings it in.
                    found = true;
                    m_w.cursor_row = m_w.top + i;
                    const bool right = *row.cursor_line_col > m_opt.hscroll;
                    m_w.cursor_col = m_w.left + m_numbers + (right ? std::max(m_opt.width - 1, 0) : 0);
                    m_hscroll_to = *row.cursor_line_col;
                }
            }
            if (line_start)
                put_arrow(i, row.start.chars);
            put_number(i, line_start ? std::optional(line) : std::nullopt);
            if (row.ends_line)
                ++line;
            rows.push_back(row);
            if (m_w.has_divider)
                m_frame.grid().at(m_w.top + i, m_w.left + m_w.cols - 1) = Cell::of(U'|', Face::Divider);
            if (row.reaches_end || !advances(row))
                ended = true;
            pos = row.next;
            skip = row.next_skip;
        }
        d.rows = std::move(rows);
        if (m_w.has_divider)
            for (int i = 0; i < m_w.rows; ++i)
                m_frame.grid().at(m_w.top + i, m_w.left + m_w.cols - 1) = Cell::of(U'|', Face::Divider);
        // The minibuffer and a window whose point is before point-min (never)
        // have nothing to recentre.
        return found || m_w.rows <= 0;
    }

    // Underlined over the window's width, as Emacs's header-line face on
    // a terminal; a divider runs through it as through the text.
    void put_header_line(const std::string& text)
    {
        CellGrid& g = m_frame.grid();
        const int row = m_w.header_row;
        const int end = m_w.left + m_w.text_cols();
        g.fill_row(row, m_w.left, end, Cell::of(U' ', Face::HeaderLine));
        put_text(g, row, m_w.left, end, text, Face::HeaderLine);
        if (m_w.has_divider)
            g.at(row, end) = Cell::of(U'|', Face::Divider);
    }

    // The mode line from mode-line-format, or gapmacs's own summary when
    // Lisp has none (its bundled Lisp failed to load).
    StyledLine mode_line() const
    {
        if (m_w.is_minibuffer())
            return {};
        if (m_s.mode_line)
            return m_s.mode_line(mode_line_place(m_w, m_s.line_number_mode, m_point));
        return {mode_line_text(m_w, m_s, m_w.cols, m_point), {}};
    }

    void put_mode_line(const StyledLine& line)
    {
        CellGrid& g = m_frame.grid();
        const int row = m_w.top + m_w.rows;
        if (row >= g.rows())
            return;
        Face f = m_selected ? Face::ModeLine : Face::ModeLineInactive;
        // The divider of side-by-side windows runs through the mode line
        // row too, as in Emacs: two mode lines never touch.
        const int end = m_w.left + m_w.cols - (m_w.has_divider ? 1 : 0);
        g.fill_row(row, m_w.left, end, Cell::of(U' ', f));
        const std::string_view text = line.text;
        int col = m_w.left;
        std::size_t at = 0;
        auto put = [&](std::size_t to, Face face) {
            if (to > at)
                col = put_text(g, row, col, end, text.substr(at, to - at), face);
            at = std::max(at, to);
        };
        for (const StyledLine::Span& span : line.spans) {
            put(span.beg, f);
            put(span.end, span.face);
        }
        put(text.size(), f);
        if (m_w.has_divider)
            g.at(row, end) = Cell::of(U'|', Face::Divider);
    }

    bool at_line_start(TextPos p) const
    {
        return p.bytes == m_floor.bytes || m_b.gap_buffer()[p.bytes - ByteCount(1)] == '\n';
    }

    Frame& m_frame;
    Window& m_w;
    int m_numbers = 0; // columns of line numbers
    std::optional<int> m_hscroll_to; // point's column, when it is out of view
    const WindowSettings& m_s;
    RedisplayStats& m_stats;
    Buffer& m_b;
    BufferTextDisplay m_display;
    bool m_selected;
    bool m_fontified = true; // false: input cut fontification short
    LayoutOptions m_opt;
    TextPos m_floor, m_limit, m_point;
    std::vector<Highlight> m_highlights;
};

// Whether the minibuffer window shows a minibuffer's text: a message
// shows over a read whose window is not selected, as Emacs's.
bool shows_minibuffer(const Frame& frame)
{
    return frame.minibuffer_active() || (frame.minibuffer_depth > 0 && frame.echo.text.empty());
}

// The echo area's rows: each line of its text continued over as many
// rows as it needs. Calls row(index, text, continued) for each; returns
// their number.
template <class RowFn> int echo_rows(std::string_view text, int cols, RowFn row)
{
    int rows = 0;
    const int content = std::max(cols - 1, 1); // the last column is for `\`
    for (std::size_t at = 0;;) {
        const std::size_t nl = std::min(text.find('\n', at), text.size());
        std::string_view line = text.substr(at, nl - at);
        do {
            int col = 0;
            std::size_t i = 0;
            while (i < line.size()) {
                int len = 1;
                const char32_t c = decode_internal_char(line.data() + i, line.data() + line.size(), &len);
                const int w = std::max(char_columns(c), 1);
                if (col + w > content && col > 0)
                    break;
                col += w;
                i += static_cast<std::size_t>(len);
            }
            row(rows++, line.substr(0, i), i < line.size());
            line.remove_prefix(i);
        } while (!line.empty());
        // A message's final newline starts no row of its own.
        if (nl + 1 >= text.size())
            return rows;
        at = nl + 1;
    }
}

int echo_rows_needed(std::string_view text, int cols)
{
    return echo_rows(text, cols, [](int, std::string_view, bool) {});
}

// The echo area's last `rows` rows from row `top` (a message longer than
// the window shows its end, as Emacs's), each stretch in its face.
void put_echo_text(CellGrid& g, int top, int rows, const StyledLine& echo)
{
    const std::string_view text = echo.text;
    const int skip = std::max(echo_rows_needed(text, g.cols()) - rows, 0);
    auto span = echo.spans.begin();
    echo_rows(text, g.cols(), [&](int i, std::string_view part, bool continued) {
        if (i < skip || i >= skip + rows)
            return;
        const int row = top + i - skip;
        std::size_t at = static_cast<std::size_t>(part.data() - text.data());
        const std::size_t end = at + part.size();
        int col = 0;
        while (at < end) {
            while (span != echo.spans.end() && span->end <= at)
                ++span;
            const bool inside = span != echo.spans.end() && span->beg <= at;
            const std::size_t to = std::min(end, span == echo.spans.end() ? end : inside ? span->end : span->beg);
            col = put_text(g, row, col, g.cols(), text.substr(at, to - at), inside ? span->face : Face::Default);
            at = to;
        }
        if (continued)
            g.at(row, g.cols() - 1) = Cell::of(U'\\');
    });
}

// The rows the minibuffer window needs for what it shows, within
// max-mini-window-height.
int minibuffer_rows_wanted(Frame& frame, const WindowSettings& s)
{
    if (s.minibuffer_resize == MinibufferResize::never)
        return 1;
    const int most = std::max(s.minibuffer_max_rows > 0
                                  ? s.minibuffer_max_rows
                                  : static_cast<int>(s.minibuffer_max_share * frame.rows()),
                              1);
    if (!shows_minibuffer(frame))
        return std::min(echo_rows_needed(frame.echo.text, frame.cols()), most);
    Buffer& b = frame.minibuffer_window().text();
    const BufferTextDisplay display(frame.minibuffer_window().buffer());
    LayoutOptions options = s.layout;
    options.width = frame.cols();
    options.truncate = false;
    const TextPos limit = b.text_pos(b.point_max());
    int rows = 1;
    // Its strings count: vertico's candidates are an after-string.
    int skip = 0;
    for (TextPos pos = b.text_pos(b.point_min()); rows < most; ++rows) {
        const Row row = layout_row(b, pos, limit, options, {}, {}, {}, &display, skip);
        if (row.reaches_end || !advances(row))
            break;
        pos = row.next;
        skip = row.next_skip;
    }
    // Grown for this reading, the window stays so until the text is gone.
    if (s.minibuffer_resize == MinibufferResize::grow_only && b.size() > 0)
        rows = std::max(rows, std::min(frame.minibuffer_rows(), most));
    return rows;
}

void paint_minibuffer(Frame& frame, WindowSettings s, RedisplayStats& stats)
{
    CellGrid& g = frame.grid();
    Window& mw = frame.minibuffer_window();
    for (int row = mw.top; row < g.rows(); ++row)
        g.fill_row(row, 0, g.cols(), Cell{});
    // The rows were cleared above: a painter that found nothing changed
    // would leave them blank.
    mw.invalidate();
    if (!shows_minibuffer(frame)) {
        put_echo_text(g, mw.top, mw.rows, frame.echo);
        return;
    }
    s.layout.truncate = false;
    WindowPainter(frame, mw, s, stats).paint();
    if (!frame.minibuffer_message.empty()) {
        // After the text's end, as Emacs's minibuffer-message puts it.
        const auto& rows = mw.drawn.rows;
        auto last = std::find_if(rows.begin(), rows.end(), [](const Row& r) { return r.reaches_end; });
        const int row = mw.top + static_cast<int>(last == rows.end() ? rows.size() - 1 : last - rows.begin());
        int end = g.cols();
        while (end > 0 && g.at(row, end - 1) == Cell{})
            --end;
        put_text(g, row, end + 1, g.cols(), frame.minibuffer_message, Face::Default);
        mw.invalidate(); // the message's cells are not the window's
    }
}

} // namespace

lisp::ModeLineWindow mode_line_place(Window& w, bool count_line, TextPos pt)
{
    Buffer& b = w.text();
    lisp::ModeLineWindow place;
    place.width = w.cols - (w.has_divider ? 1 : 0);
    const auto& d = w.drawn;
    const bool top = !d.valid || d.start.chars <= b.point_min();
    const bool bottom = d.valid && !d.rows.empty() &&
                        std::any_of(d.rows.begin(), d.rows.end(), [](const Row& r) { return r.reaches_end; });
    // Emacs's %p and %P (decode_mode_spec): the share of the text above the
    // window's top or bottom, ceil(100 n / d) at most 99.
    const std::int64_t span = std::max<std::int64_t>(b.point_max().value - b.point_min().value, 1);
    auto percent = [&](CharPos p) {
        const std::int64_t n = std::clamp<std::int64_t>(p.value - b.point_min().value, 0, span);
        char text[8];
        std::snprintf(text, sizeof text, "%2d%%", static_cast<int>(std::min<std::int64_t>((100 * n + span - 1) / span, 99)));
        return std::string(text);
    };
    if (bottom)
        place.top = place.bottom = top ? "All" : "Bottom";
    else {
        CharPos end = d.start.chars;
        for (const Row& r : d.rows)
            end = std::max(end, r.next.chars);
        place.top = top ? "Top" : percent(d.start.chars);
        place.bottom = (top ? "Top" : "") + percent(end);
    }
    // Like Emacs's line-number-display-limit: "??" rather than a pause to
    // count megabytes; idle indexing fills the number in.
    place.line = 0;
    if (count_line)
        if (auto n = b.line_number_if_cheap(pt.chars, mode_line_count_budget))
            place.line = *n;
    place.column = [&b, at = pt.chars] { return (at - b.line_beginning(at)).value; };
    return place;
}

std::string mode_line_text(Window& w, const WindowSettings& s, int width, TextPos pt)
{
    Buffer& b = w.text();
    const lisp::ModeLineWindow place = mode_line_place(w, s.line_number_mode, pt);
    std::string flags = b.read_only() ? (b.modified() ? "%*" : "%%") : (b.modified() ? "**" : "--");
    std::string out = "-" + coding_mnemonic(b) + flags + "-  " + b.name();
    const int name_end = 7 + 12;
    while (static_cast<int>(out.size()) < name_end)
        out += ' ';
    const std::string where = place.top.substr(0, 3); // mode-line-percent-position's (-3 "%p")
    out += "   " + where;
    for (std::size_t n = where.size(); n < 4; ++n)
        out += ' ';
    const std::string line = place.line > 0 ? std::to_string(place.line) : "??";
    if (s.line_number_mode && s.column_number_mode)
        out += "(" + line + "," + std::to_string(place.column()) + ")";
    else if (s.line_number_mode)
        out += "L" + line;
    else if (s.column_number_mode)
        out += "C" + std::to_string(place.column());
    // Emacs's (vc-mode vc-mode) "  " between the position and the modes.
    out += s.vc_mode.empty() ? "    (" : "   " + s.vc_mode + "  (";
    out += s.mode_name + s.mode_line_process + s.minor_modes + ") ";
    while (static_cast<int>(out.size()) < width)
        out += '-';
    return out;
}

RedisplayStats redisplay(Frame& frame, const SettingsFn& settings)
{
    RedisplayStats stats;
    // The minibuffer window first: rows it takes or gives back move the
    // windows above.
    WindowSettings minibuffer = settings(frame.minibuffer_window());
    frame.set_minibuffer_rows(minibuffer_rows_wanted(frame, minibuffer));
    const std::vector<Window*> windows = frame.windows();
    std::vector<WindowSettings> all;
    all.reserve(windows.size());
    // A header line that came or went moves its window's text: the frame
    // is laid out again before anything is drawn.
    bool relayout = false;
    for (Window* w : windows) {
        all.push_back(settings(*w));
        if (all.back().header_line.has_value() != w->header_line) {
            w->header_line = !w->header_line;
            relayout = true;
        }
        if (!w->is_minibuffer() && all.back().has_mode_line != w->mode_line) {
            w->mode_line = !w->mode_line;
            relayout = true;
        }
    }
    if (relayout)
        frame.layout();
    for (std::size_t i = 0; i < windows.size(); ++i)
        WindowPainter(frame, *windows[i], all[i], stats).paint();
    paint_minibuffer(frame, std::move(minibuffer), stats);
    Window& sel = frame.selected();
    stats.cursor_row = sel.cursor_row;
    stats.cursor_col = sel.cursor_col;
    return stats;
}

TextPos start_for_point(const Buffer& b, TextPos p, int rows_above, const LayoutOptions& options,
                        const TextDisplay* display)
{
    const TextPos floor = b.text_pos(b.point_min());
    const TextPos limit = b.text_pos(b.point_max());
    // A row start, with the string glyphs there that rows before took.
    struct Start {
        TextPos pos;
        int skip = 0;
    };
    // At point-max no row starts at a restart point: the row before reaches
    // the end.
    TextPos r = row_restart(b, p == limit && p.bytes > floor.bytes ? b.text_pos(p.chars - CharCount(1)) : p, floor,
                            display);
    std::vector<Start> starts;
    for (Start s{r};;) {
        starts.push_back(s);
        const Row row = layout_row(b, s.pos, limit, options, {}, {}, {}, display, s.skip);
        if (p.bytes < row.next.bytes || row.reaches_end || !advances(row))
            break;
        s = {row.next, row.next_skip};
    }
    std::int64_t idx = static_cast<std::int64_t>(starts.size()) - 1;
    while (idx < rows_above && r.bytes > floor.bytes) {
        TextPos r2 = row_restart(b, b.text_pos(r.chars - CharCount(1)), floor, display);
        std::vector<Start> seg;
        for (Start s{r2}; s.pos.bytes < r.bytes;) {
            seg.push_back(s);
            const Row row = layout_row(b, s.pos, limit, options, {}, {}, {}, display, s.skip);
            if (!advances(row))
                break;
            s = {row.next, row.next_skip};
        }
        starts.insert(starts.begin(), seg.begin(), seg.end());
        idx += static_cast<std::int64_t>(seg.size());
        r = r2;
    }
    // A window starts at a position, not within the strings shown there.
    for (std::int64_t k = std::max<std::int64_t>(0, idx - rows_above); k > 0; --k)
        if (starts[static_cast<std::size_t>(k)].skip == 0)
            return starts[static_cast<std::size_t>(k)].pos;
    return starts.front().pos;
}

TextPos row_below(const Buffer& b, TextPos start, int n, const LayoutOptions& options, const TextDisplay* display)
{
    const TextPos limit = b.text_pos(b.point_max());
    TextPos s = start;
    int skip = 0;
    for (int i = 0; i < n; ++i) {
        Row row = layout_row(b, s, limit, options, {}, {}, {}, display, skip);
        if (row.reaches_end || !advances(row))
            break;
        s = row.next;
        skip = row.next_skip;
    }
    return s;
}

} // namespace gapmacs::ui
