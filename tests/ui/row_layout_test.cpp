// Layout of single rows: what each cell shows.
#include <catch2/catch.hpp>

#include "ui/row_layout.hpp"
#include "ui_test_util.hpp"

using namespace gapmacs;
using namespace gapmacs::ui;

namespace {

struct Laid {
    std::string text;
    Row row;
};

Laid lay(const std::string& utf8, int width, bool truncate = false, std::optional<std::int64_t> cursor_char = {},
         int tab_width = 8, std::vector<Highlight> highlights = {})
{
    lisp::Value b = ui_test::buffer_with("layout", utf8);
    Buffer& text = *lisp::live_buffer(b);
    std::vector<Cell> cells(static_cast<std::size_t>(width));
    std::optional<BytePos> cursor;
    if (cursor_char)
        cursor = text.char_to_byte(CharPos(*cursor_char));
    Row row = layout_row(text, text.text_pos(CharPos(1)), text.text_pos(text.point_max()),
                         {width, tab_width, truncate}, cells, cursor, highlights);
    CellGrid g(1, width);
    for (int c = 0; c < width; ++c)
        g.at(0, c) = cells[static_cast<std::size_t>(c)];
    lisp::kill_buffer(b);
    return {g.row_text(0), row};
}

} // namespace

TEST_CASE("a short line fits, ends its row and leaves the rest blank")
{
    auto l = lay("hello\nworld", 10);
    CHECK(l.text == "hello     ");
    CHECK(l.row.ends_line);
    CHECK_FALSE(l.row.reaches_end);
    CHECK(l.row.next.chars == CharPos(7));
}

TEST_CASE("a long line wraps with a backslash in the last column")
{
    auto l = lay("abcdefghijklmnop", 8);
    CHECK(l.text == "abcdefg\\");
    CHECK_FALSE(l.row.ends_line);
    CHECK(l.row.next.chars == CharPos(8));
}

TEST_CASE("a truncated line shows a dollar and the next row is the next line")
{
    auto l = lay("abcdefghijklmnop\nnext", 8, true);
    CHECK(l.text == "abcdefg$");
    CHECK(l.row.ends_line);
    CHECK(l.row.next.chars == CharPos(18));
}

TEST_CASE("TAB advances to the next tab stop")
{
    CHECK(lay("a\tb", 20).text == "a       b           ");
    CHECK(lay("abc\tde", 20, false, {}, 4).text == "abc de              ");
}

TEST_CASE("a display space aligns to a column or has a width")
{
    // Byte 2 ("\t") carries (space :align-to 5), as *Completions* puts
    // between its columns; past the column the space has no width.
    auto align = [](int col) { return Highlight{BytePos(2), BytePos(3), Face::Default, col, -1}; };
    CHECK(lay("ab\tcd", 14, false, {}, 8, {align(5)}).text == "ab   cd       ");
    CHECK(lay("ab\tcd", 14, false, {}, 8, {align(1)}).text == "abcd          ");
    // (space :width 3) over two characters: one blank, three columns.
    Highlight wide{BytePos(1), BytePos(3), Face::Default, -1, 3};
    CHECK(lay("axyb", 10, false, {}, 8, {wide}).text == "a   b     ");
    // A face over the same text still shows.
    auto l = lay("ab cd", 10, false, 4, 8, {align(6), Highlight{BytePos(0), BytePos(5), Face::Region}});
    CHECK(l.text == "ab    cd  ");
    CHECK(l.row.cursor_col == 6);
}

TEST_CASE("control characters, DEL and ESC show as ^X")
{
    CHECK(lay("a\x01" "b\x1b[2Jc\x7f", 20).text == "a^Ab^[[2Jc^?        ");
}

TEST_CASE("C1 controls and raw bytes show as octal escapes")
{
    // U+009B is the 8-bit CSI; 0xFF is not UTF-8 and is kept as a raw byte.
    CHECK(lay("x\xc2\x9by\xffz", 20).text == "x\\233y\\377z         ");
}

TEST_CASE("escapes are in the escape-glyph face")
{
    lisp::Value b = ui_test::buffer_with("face", "a\x01");
    Buffer& text = *lisp::live_buffer(b);
    std::vector<Cell> cells(5);
    layout_row(text, text.text_pos(CharPos(1)), text.text_pos(text.point_max()), {5, 8, false}, cells);
    CHECK(cells[0].face == Face::Default);
    CHECK(cells[1].face == Face::EscapeGlyph);
    CHECK(cells[2].face == Face::EscapeGlyph);
    lisp::kill_buffer(b);
}

TEST_CASE("wide characters take two cells and wrap whole")
{
    // Each ideograph is two columns; the row has 5 columns for text.
    auto l = lay("漢字漢字", 6);
    CHECK(l.text == "漢字 \\"); // the third would need columns 5-6
    CHECK(l.row.next.chars == CharPos(3));
    lisp::Value b = ui_test::buffer_with("wide", "漢a");
    Buffer& text = *lisp::live_buffer(b);
    std::vector<Cell> cells(6);
    layout_row(text, text.text_pos(CharPos(1)), text.text_pos(text.point_max()), {6, 8, false}, cells, text.char_to_byte(CharPos(2)));
    CHECK(cells[0].width == 2);
    CHECK(cells[1].width == 0);
    CHECK(cells[2].chars[0] == U'a');
    lisp::kill_buffer(b);
}

TEST_CASE("combining marks join their base character's cell")
{
    lisp::Value b = ui_test::buffer_with("comb", "e\u0301x");
    Buffer& text = *lisp::live_buffer(b);
    std::vector<Cell> cells(5);
    Row row = layout_row(text, text.text_pos(CharPos(1)), text.text_pos(text.point_max()), {5, 8, false}, cells,
                         text.char_to_byte(CharPos(3)));
    CHECK(cells[0].chars[0] == U'e');
    CHECK(cells[0].chars[1] == U'\u0301');
    CHECK(cells[1].chars[0] == U'x');
    CHECK(row.cursor_col == 1); // x, after the one-column cluster
    lisp::kill_buffer(b);
}

TEST_CASE("a combining mark with no base is shown escaped, never sent bare")
{
    CHECK(lay("\n", 4).text == "    ");
    auto l = lay("\u0301", 8);
    CHECK(l.text == "\\u0301  ");
}

TEST_CASE("the cursor column is found on its row, at the newline and at the end")
{
    CHECK(lay("ab\tc", 20, false, 4).row.cursor_col == 8);
    CHECK(lay("ab\ncd", 20, false, 3).row.cursor_col == 2);
    CHECK(lay("ab", 20, false, 3).row.cursor_col == 2);
    CHECK_FALSE(lay("abcdefghij", 5, false, 8).row.cursor_col.has_value());
}

TEST_CASE("row_restart finds the line start, or a restart point of a very long line")
{
    ui_test::init();
    lisp::Value b = ui_test::buffer_with("restart", "one\ntwo three");
    Buffer& text = *lisp::live_buffer(b);
    TextPos floor = text.text_pos(CharPos(1));
    CHECK(row_restart(text, text.text_pos(CharPos(9)), floor).chars == CharPos(5));
    CHECK(row_restart(text, text.text_pos(CharPos(3)), floor).chars == CharPos(1));
    // A line of 3 restart distances: a position deep in it restarts at a
    // multiple of the distance, and layout breaks rows there too.
    text.goto_char(text.point_max());
    text.insert(std::string(static_cast<std::size_t>(3 * restart_distance), 'x'));
    TextPos deep = text.text_pos(CharPos(2 * restart_distance + 100));
    TextPos r = row_restart(text, deep, floor);
    CHECK(r.bytes.value == 2 * restart_distance);
    TextPos limit = text.text_pos(text.point_max());
    // The line starts at byte 4, less than a restart distance before the
    // first multiple: that one is no restart point.
    TextPos s = row_restart(text, text.text_pos(CharPos(restart_distance + 5)), floor);
    CHECK(s.bytes.value == 4);
    for (int guard = 0; guard < 100000 && s.bytes < r.bytes; ++guard)
        s = layout_row(text, s, limit, {80, 8, false}).next;
    CHECK(s.bytes == r.bytes); // rows from the earlier restart arrive exactly at the next
    lisp::kill_buffer(b);
}

TEST_CASE("a glyph wider than a very narrow row is drawn, and the cursor stays inside the row")
{
    // ^@ needs two columns; a two-column row has one for text, yet a row
    // must advance. The newline after it is where the cursor is.
    auto l = lay(std::string("\0\n", 2), 2, false, 2);
    CHECK(l.row.ends_line);
    REQUIRE(l.row.cursor_col.has_value());
    CHECK(*l.row.cursor_col == 1);
}

TEST_CASE("a wide character in a row narrower than it shows as a blank, never half a cell")
{
    lisp::Value b = ui_test::buffer_with("narrow", "漢");
    Buffer& text = *lisp::live_buffer(b);
    for (int width : {1, 2}) {
        std::vector<Cell> cells(static_cast<std::size_t>(width));
        Row row = layout_row(text, text.text_pos(CharPos(1)), text.text_pos(text.point_max()), {width, 8, false},
                             cells, text.char_to_byte(CharPos(2)));
        INFO("width " << width);
        for (int c = 0; c < width; ++c)
            CHECK(c + cells[static_cast<std::size_t>(c)].width <= width);
        CHECK(cells[0].chars[0] == U' ');
        REQUIRE(row.cursor_col.has_value());
        CHECK(*row.cursor_col < width);
    }
    lisp::kill_buffer(b);
}

TEST_CASE("CR LF in a line with non-ASCII text shows ^M and still ends the row at the newline")
{
    // ICU makes CR LF one grapheme cluster; found by the redisplay fuzzer.
    auto l = lay("é\r\nnext", 10, false, 3);
    CHECK(l.text == "é^M       ");
    CHECK(l.row.ends_line);
    CHECK(l.row.next.chars == CharPos(4));
    REQUIRE(l.row.cursor_col.has_value());
    CHECK(*l.row.cursor_col == 3); // on the newline, after ^M
    auto t = lay("é\r\nnext", 10, true);
    CHECK(t.row.next.chars == CharPos(4));
}
