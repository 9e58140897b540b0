#include "ui/cell_grid.hpp"

namespace gapmacs::ui {

void CellGrid::resize(int rows, int cols)
{
    m_rows = rows < 0 ? 0 : rows;
    m_cols = cols < 0 ? 0 : cols;
    m_cells.assign(static_cast<std::size_t>(m_rows * m_cols), Cell{});
}

void CellGrid::fill_row(int row, int from_col, int to_col, const Cell& cell)
{
    for (int c = from_col; c < to_col && c < m_cols; ++c)
        at(row, c) = cell;
}

void append_utf8(std::string& out, char32_t c)
{
    if (c < 0x80) {
        out += static_cast<char>(c);
    } else if (c < 0x800) {
        out += static_cast<char>(0xC0 | (c >> 6));
        out += static_cast<char>(0x80 | (c & 0x3F));
    } else if (c < 0x10000) {
        out += static_cast<char>(0xE0 | (c >> 12));
        out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (c & 0x3F));
    } else {
        out += static_cast<char>(0xF0 | (c >> 18));
        out += static_cast<char>(0x80 | ((c >> 12) & 0x3F));
        out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (c & 0x3F));
    }
}

std::string CellGrid::row_text(int row) const
{
    std::string out;
    for (int c = 0; c < m_cols; ++c) {
        const Cell& cell = at(row, c);
        if (cell.width == 0)
            continue;
        for (char32_t ch : cell.chars) {
            if (!ch)
                break;
            append_utf8(out, ch);
        }
    }
    return out;
}

std::string CellGrid::text() const
{
    std::string out;
    for (int r = 0; r < m_rows; ++r) {
        out += row_text(r);
        out += '\n';
    }
    return out;
}

} // namespace gapmacs::ui
