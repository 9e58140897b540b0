// Columns (Emacs's indent.c subset): current-column and move-to-column,
// counting display widths (char-width, tabs to tab-width's stops) from the
// start of point's line.
#include <cstdint>
#include <string>

#include "core/utf8.hpp"
#include "lisp-lite/editor/buffers.hpp"
#include "lisp-lite/editor/modification.hpp"
#include "lisp-lite/editor/modules.hpp"
#include "lisp-lite/editor/symbols.hpp"
#include "lisp-lite/lang/builtins.hpp"
#include "lisp-lite/lang/eval.hpp"

namespace gapmacs::lisp {

namespace {

int tab_width()
{
    Value v = value_or_nil(Qtab_width);
    return v.is_fixnum() && v.as_fixnum() > 0 && v.as_fixnum() <= 1000 ? static_cast<int>(v.as_fixnum()) : 8;
}

// Display width of a character after `column`: its char-width, a tab to
// the next tab stop.
std::int64_t char_columns(char32_t c, std::int64_t column, int tab)
{
    return c == '\t' ? tab - column % tab : char_width(c);
}

// Calls f(char, column_before) for each char from the line start to `to`;
// stops early when f returns false. Returns the column reached.
template <typename F>
std::int64_t scan_columns(Buffer& b, CharPos bol, CharPos to, F&& f)
{
    std::string text = b.substring(bol, to);
    int tab = tab_width();
    std::int64_t col = 0;
    const char* p = text.data();
    const char* end = p + text.size();
    while (p < end) {
        int len = 0;
        char32_t c = decode_internal_char(p, end, &len);
        if (!f(c, col))
            break;
        col += char_columns(c, col, tab);
        p += len;
    }
    return col;
}

Value f_current_column(Args)
{
    Buffer& b = current();
    return Value::fixnum(scan_columns(b, b.line_beginning(b.point()), b.point(), [](char32_t, std::int64_t) { return true; }));
}

// What Emacs's indent-to inserts to go from column `from` to `to`: tabs
// while indent-tabs-mode is on, then spaces.
std::string indentation(std::int64_t from, std::int64_t to)
{
    std::string out;
    if (to <= from)
        return out;
    const int tab = tab_width();
    check_allocation(static_cast<double>(to - from));
    if (!nilp(value_or_nil(Qindent_tabs_mode))) {
        const std::int64_t tabs = to / tab - from / tab;
        if (tabs > 0) {
            out.append(static_cast<std::size_t>(tabs), '\t');
            from = to / tab * tab;
        }
    }
    out.append(static_cast<std::size_t>(to - from), ' ');
    return out;
}

Value f_move_to_column(Args a)
{
    std::int64_t goal = check_natnum(a[0]);
    Value force = a[1];
    Buffer& b = current();
    CharPos bol = b.line_beginning(b.point());
    CharPos eol = b.line_end(b.point());
    std::int64_t chars = 0, prev_col = 0;
    char32_t last = 0;
    // A character spanning the goal column is passed over, as in Emacs.
    std::int64_t col = scan_columns(b, bol, eol, [&](char32_t c, std::int64_t at) {
        if (at >= goal)
            return false;
        ++chars;
        last = c;
        prev_col = at;
        return true;
    });
    CharPos stop = bol + CharCount(chars);
    b.goto_char(stop);
    if (!nilp(force) && col > goal && last == '\t' && prev_col < goal) {
        // Emacs splits the tab: spaces up to GOAL before it, then the tab
        // replaced by what indent-to puts from GOAL to where it ended, with
        // point left at GOAL.
        b.goto_char(stop - CharCount(1));
        insert_at_point(std::string(static_cast<std::size_t>(goal - prev_col), ' '), false);
        const CharPos goal_pt = current().point();
        delete_text(goal_pt, goal_pt + CharCount(1));
        const std::string rest = indentation(goal, col);
        if (!rest.empty())
            insert_at_point(rest, false);
        current().goto_char(goal_pt);
        col = goal;
    }
    if (col < goal && force == Qt) {
        insert_at_point(indentation(col, goal), false);
        col = goal;
    }
    return Value::fixnum(col);
}

const SubrDef column_subrs[] = {
    {"current-column", 0, 0, f_current_column},
    {"move-to-column", 1, 2, f_move_to_column},
};

} // namespace

void register_column_builtins() { register_subrs(column_subrs); }

} // namespace gapmacs::lisp
