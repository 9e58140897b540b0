#include "ui/cell_grid.hpp"

#include "core/utf8.hpp"

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
            append_internal_char(out, ch); // cells hold Unicode only: internal text is UTF-8
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
