// CellGrid: the screen as redisplay draws it, one Cell per terminal column.
//
// Redisplay writes here and never to the terminal; the Terminal copies the
// cells that differ from what it drew last into ncurses, which computes the
// minimal update. Tests read the grid back as text.
#pragma once
#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace gapmacs::ui {

// The faces redisplay uses; the Terminal maps each to colours and attributes.
enum class Face : std::uint16_t {
    Default,
    ModeLine,
    ModeLineInactive,
    Region,
    Isearch,
    LazyHighlight,
    EscapeGlyph,
    LineNumber,
    MinibufferPrompt,
    Divider,
    HeaderLine,
    count_
};

// One terminal column: a grapheme cluster (a base character and up to three
// combining characters: ncurses keeps at most CCHARW_MAX - 1 of them) and its
// face. A double-width cluster occupies its cell and the next, whose width
// is 0.
struct Cell {
    static constexpr std::size_t max_chars = 4;
    std::array<char32_t, max_chars> chars{U' ', 0, 0, 0};
    std::uint8_t width = 1;
    Face face = Face::Default;

    static Cell of(char32_t c, Face f = Face::Default, std::uint8_t w = 1)
    {
        Cell cell;
        cell.chars[0] = c;
        cell.width = w;
        cell.face = f;
        return cell;
    }
    static Cell continuation(Face f)
    {
        Cell cell;
        cell.chars[0] = 0;
        cell.width = 0;
        cell.face = f;
        return cell;
    }
    bool operator==(const Cell&) const = default;
};

class CellGrid final {
public:
    CellGrid() = default;
    CellGrid(int rows, int cols) { resize(rows, cols); }

    void resize(int rows, int cols);
    int rows() const { return m_rows; }
    int cols() const { return m_cols; }
    Cell& at(int row, int col) { return m_cells[static_cast<std::size_t>(row * m_cols + col)]; }
    const Cell& at(int row, int col) const { return m_cells[static_cast<std::size_t>(row * m_cols + col)]; }
    void fill_row(int row, int from_col, int to_col, const Cell& cell);

    // A row's text as UTF-8, continuation cells skipped, trailing blanks
    // kept (tests compare whole rows).
    std::string row_text(int row) const;
    std::string text() const; // every row, each followed by '\n'

private:
    int m_rows = 0;
    int m_cols = 0;
    std::vector<Cell> m_cells;
};

} // namespace gapmacs::ui
