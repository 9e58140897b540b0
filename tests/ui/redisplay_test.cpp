// Redisplay of whole frames into a grid: windows, mode lines, point kept in
// view, the change feed, and costs that do not grow with the buffer.
#include <catch2/catch.hpp>

#include <cstring>

#include "lisp-lite/editor/overlays.hpp"
#include "lisp-lite/editor/text_properties.hpp"
#include "ui/lisp_faces.hpp"
#include "ui_test_util.hpp"

using namespace gapmacs;
using namespace gapmacs::ui;

namespace {

std::string lines(int n)
{
    std::string s;
    for (int i = 1; i <= n; ++i)
        s += "line " + std::to_string(i) + "\n";
    return s;
}

lisp::Value minibuffer() { return lisp::get_buffer_create(lisp::make_string(" *Minibuf-test*")); }

} // namespace

TEST_CASE("a frame shows the text, a mode line and the echo area")
{
    lisp::Value b = ui_test::buffer_with("shown", "hello\nworld\n");
    Frame f(6, 50, b, minibuffer());
    f.echo.text = "a message";
    auto stats = redisplay(f, ui_test::plain);
    INFO(f.grid().text());
    CHECK(f.grid().row_text(0) == std::string("hello") + std::string(45, ' '));
    CHECK(f.grid().row_text(1).starts_with("world"));
    CHECK(f.grid().row_text(4).starts_with("-U:**-  shown"));
    CHECK(f.grid().row_text(4).find("All L1") != std::string::npos);
    CHECK(f.grid().row_text(4).find("(Fundamental)") != std::string::npos);
    CHECK(f.grid().row_text(5).starts_with("a message"));
    CHECK(stats.cursor_row == 0);
    CHECK(stats.cursor_col == 0);
    lisp::kill_buffer(b);
}

TEST_CASE("the echo area draws each stretch of a message in its face, over continued rows too")
{
    lisp::Value b = ui_test::buffer_with("faced", "text\n");
    Frame f(8, 20, b, minibuffer());
    // "name: (ARG ...)": the name in one face, ARG in another; the second
    // stretch runs past the first row's 19 columns into the next.
    f.echo = {"name: (ARG " + std::string(20, 'y') + ")", {{0, 4, Face::Region}, {7, 25, Face::Isearch}}};
    redisplay(f, ui_test::plain);
    INFO(f.grid().text());
    CHECK(f.grid().row_text(6).starts_with("name: (ARG yyyyyyyy\\"));
    CHECK(f.grid().at(6, 0).face == Face::Region);
    CHECK(f.grid().at(6, 3).face == Face::Region);
    CHECK(f.grid().at(6, 4).face == Face::Default);
    CHECK(f.grid().at(6, 6).face == Face::Default);
    CHECK(f.grid().at(6, 7).face == Face::Isearch);
    CHECK(f.grid().at(6, 18).face == Face::Isearch);
    CHECK(f.grid().at(7, 0).face == Face::Isearch);  // byte 19
    CHECK(f.grid().at(7, 5).face == Face::Isearch);  // byte 24
    CHECK(f.grid().at(7, 6).face == Face::Default);  // byte 25
    CHECK(f.grid().row_text(7).starts_with(std::string(12, 'y') + ")"));
    lisp::kill_buffer(b);
}

TEST_CASE("point is kept in view: moving past the bottom recentres")
{
    lisp::Value b = ui_test::buffer_with("scrolled", lines(1000));
    Buffer& text = *lisp::live_buffer(b);
    Frame f(12, 40, b, minibuffer());
    redisplay(f, ui_test::plain);
    text.goto_char(CharPos(1));
    text.forward_line(500);
    auto stats = redisplay(f, ui_test::plain);
    // 10 text rows: line 501 is in the middle one.
    CHECK(stats.cursor_row == 5);
    CHECK(f.grid().row_text(5).starts_with("line 501"));
    CHECK(f.grid().row_text(10).find("L501") != std::string::npos);
    CHECK(f.grid().row_text(10).find("%") != std::string::npos);
    text.goto_char(text.point_max());
    stats = redisplay(f, ui_test::plain);
    CHECK(f.grid().row_text(10).find("Bot") != std::string::npos);
    CHECK(f.grid().row_text(stats.cursor_row).starts_with("    ")); // the empty last line
    lisp::kill_buffer(b);
}

TEST_CASE("the change feed: an unchanged frame lays out nothing, and one edit lays out one row")
{
    lisp::Value b = ui_test::buffer_with("feed", lines(100));
    Buffer& text = *lisp::live_buffer(b);
    Frame f(22, 40, b, minibuffer());
    auto first = redisplay(f, ui_test::plain);
    CHECK(first.rows_laid_out >= 20);
    auto again = redisplay(f, ui_test::plain);
    CHECK(again.rows_laid_out == 0);
    CHECK(again.windows_skipped == 1);
    // Typing on line 5: only that row is laid out again.
    text.goto_char(CharPos(1));
    text.forward_line(4);
    text.insert("X");
    auto edit = redisplay(f, ui_test::plain);
    INFO(f.grid().text());
    CHECK(edit.rows_laid_out == 1);
    CHECK(f.grid().row_text(4).starts_with("Xline 5"));
    CHECK(f.grid().row_text(5).starts_with("line 6"));
    // A new line in the middle: the rows below shift, laid out once each at most.
    text.insert("\n");
    auto split = redisplay(f, ui_test::plain);
    CHECK(f.grid().row_text(4).starts_with("X     "));
    CHECK(f.grid().row_text(5).starts_with("line 5"));
    CHECK(f.grid().row_text(6).starts_with("line 6"));
    CHECK(split.rows_laid_out <= 20);
    // Deleting the newline brings the old rows back up; they are copied, not laid out.
    text.delete_region(CharPos(text.point().value - 1), text.point());
    auto join = redisplay(f, ui_test::plain);
    CHECK(f.grid().row_text(4).starts_with("Xline 5"));
    CHECK(f.grid().row_text(5).starts_with("line 6"));
    CHECK(f.grid().row_text(19).starts_with("line 20"));
    CHECK(join.rows_laid_out <= 2);
    lisp::kill_buffer(b);
}

TEST_CASE("split windows: each has a mode line, a divider separates side-by-side windows")
{
    lisp::Value b = ui_test::buffer_with("split", lines(50));
    Frame f(21, 60, b, minibuffer());
    Window& lower = f.split(f.selected(), true);
    redisplay(f, ui_test::plain);
    CHECK(f.windows().size() == 2);
    CHECK(f.selected().rows == 9);
    CHECK(lower.top == 10);
    CHECK(f.grid().row_text(9).starts_with("-U:**-  split"));
    CHECK(f.grid().row_text(19).starts_with("-U:**-  split"));
    CHECK(f.grid().at(9, 0).face == Face::ModeLine);
    CHECK(f.grid().at(19, 0).face == Face::ModeLineInactive);
    Window& right = f.split(f.selected(), false);
    redisplay(f, ui_test::plain);
    CHECK(f.windows().size() == 3);
    CHECK(right.left == 30);
    CHECK(f.grid().at(0, 29).chars[0] == U'|');
    f.remove(right);
    f.delete_others(lower);
    redisplay(f, ui_test::plain);
    CHECK(f.windows().size() == 1);
    CHECK(&f.selected() == &lower);
    CHECK(lower.rows == 19);
    CHECK_THROWS(f.remove(lower));
    lisp::kill_buffer(b);
}

TEST_CASE("the region is drawn in the region face")
{
    lisp::Value b = ui_test::buffer_with("region", "abcdef\n");
    Buffer& text = *lisp::live_buffer(b);
    Frame f(4, 20, b, minibuffer());
    text.goto_char(CharPos(5));
    redisplay(f, [](Window&) {
        WindowSettings s;
        s.region = CharPos(2);
        return s;
    });
    CHECK(f.grid().at(0, 0).face == Face::Default);
    CHECK(f.grid().at(0, 1).face == Face::Region);
    CHECK(f.grid().at(0, 3).face == Face::Region);
    CHECK(f.grid().at(0, 4).face == Face::Default);
    lisp::kill_buffer(b);
}

// Settings as Editor::settings_for gives them: the buffer's faces.
SettingsFn with_faces(lisp::Value b)
{
    return [b](Window&) {
        WindowSettings s;
        s.faces = faces_of(b);
        return s;
    };
}

lisp::Value eval_in(lisp::Value buffer, const char* form)
{
    lisp::Value saved = lisp::current_buffer();
    lisp::set_current_buffer(buffer);
    std::size_t pos = 0;
    lisp::Value v = lisp::eval_toplevel(lisp::read_from(form, pos));
    lisp::set_current_buffer(saved);
    return v;
}

TEST_CASE("faces cost what the window shows: an unchanged window with overlays is skipped, an edit lays out a row")
{
    lisp::Value b = ui_test::buffer_with("faces-feed", lines(3000));
    Buffer& text = *lisp::live_buffer(b);
    // An overlay with a face on every line, as grep's matches have.
    eval_in(b, "(save-excursion (goto-char (point-min))"
               " (while (not (eobp)) (overlay-put (make-overlay (point) (+ (point) 4)) 'face 'bold) (forward-line 1)))");
    std::size_t gathered = 0;
    SettingsFn settings = [&](Window& w) {
        WindowSettings s = with_faces(b)(w);
        s.faces = [&, inner = s.faces](CharPos from, CharPos to, std::vector<Highlight>& out) {
            const std::size_t before = out.size();
            inner(from, to, out);
            gathered = out.size() - before;
        };
        return s;
    };
    Frame f(22, 40, b, minibuffer());
    const Face bold = face_from_lisp(eval_in(b, "'bold"));
    auto first = redisplay(f, settings);
    CHECK(first.rows_laid_out >= 20);
    CHECK(f.grid().at(3, 0).face == bold);
    CHECK(f.grid().at(3, 4).face == Face::Default);
    // The faces of the lines in view only, not of the 3000 lines.
    CHECK(gathered > 0);
    CHECK(gathered <= 22);
    auto again = redisplay(f, settings);
    CHECK(again.windows_skipped == 1);
    CHECK(again.rows_laid_out == 0);
    // Typing on line 5 lays out that row alone, faces and all.
    text.goto_char(CharPos(1));
    text.forward_line(4);
    text.goto_char(text.point() + CharCount(6));
    text.insert("X");
    auto edit = redisplay(f, settings);
    CHECK(edit.rows_laid_out == 1);
    CHECK(f.grid().at(4, 0).face == bold);
    // An overlay's face set on line 10 draws that row again, as Emacs does.
    eval_in(b, "(save-excursion (goto-char (point-min)) (forward-line 9)"
               " (overlay-put (car (overlays-at (point))) 'face 'underline))");
    auto put = redisplay(f, settings);
    CHECK(put.windows_drawn == 1);
    CHECK(put.rows_laid_out <= 2);
    CHECK(f.grid().at(9, 0).face == face_from_lisp(eval_in(b, "'underline")));
    // Deleting it draws the row without it.
    eval_in(b, "(save-excursion (goto-char (point-min)) (forward-line 9) (delete-overlay (car (overlays-at (point)))))");
    redisplay(f, settings);
    CHECK(f.grid().at(9, 0).face == Face::Default);
    lisp::kill_buffer(b);
}

TEST_CASE("two windows on one buffer both follow its changes: the change log is read, not cleared")
{
    lisp::Value b = ui_test::buffer_with("two-readers", lines(100));
    Buffer& text = *lisp::live_buffer(b);
    Frame f(22, 40, b, minibuffer());
    f.split(f.selected(), true);
    redisplay(f, ui_test::plain);
    text.goto_char(CharPos(1));
    text.forward_line(2);
    text.insert("Y");
    redisplay(f, ui_test::plain);
    for (Window* w : f.windows()) {
        INFO(f.grid().text());
        CHECK(f.grid().row_text(w->top + 2).starts_with("Yline 3"));
    }
    lisp::kill_buffer(b);
}

TEST_CASE("a face text property is drawn in its face and overlays draw over it")
{
    lisp::Value b = ui_test::buffer_with("text-face", "abcdef\n");
    Buffer& text = *lisp::live_buffer(b);
    lisp::Value saved = lisp::current_buffer();
    lisp::set_current_buffer(b);
    std::size_t pos = 0;
    lisp::eval_toplevel(lisp::read_from("(progn (put-text-property 2 4 'face 'bold)"
                                        " (overlay-put (make-overlay 3 4) 'face 'underline))",
                                        pos));
    lisp::set_current_buffer(saved);
    Frame f(4, 20, b, minibuffer());
    (void)text;
    redisplay(f, with_faces(b));
    pos = 0;
    const Face bold = face_from_lisp(lisp::read_from("bold", pos));
    pos = 0;
    const Face underline = face_from_lisp(lisp::read_from("underline", pos));
    CHECK(f.grid().at(0, 0).face == Face::Default);
    CHECK(f.grid().at(0, 1).face == bold);
    CHECK(f.grid().at(0, 2).face == underline);
    CHECK(f.grid().at(0, 3).face == Face::Default);
    lisp::kill_buffer(b);
}

TEST_CASE("a file full of escape sequences reaches the grid escaped")
{
    lisp::Value b = ui_test::buffer_with("escapes", "\x1b]0;title\x07\x1b[2J\x1b[31mred\x9b" "1m\n");
    Frame f(4, 60, b, minibuffer());
    redisplay(f, ui_test::plain);
    for (int r = 0; r < f.grid().rows(); ++r)
        for (int c = 0; c < f.grid().cols(); ++c)
            for (char32_t ch : f.grid().at(r, c).chars)
                CHECK((ch == 0 || (ch >= 0x20 && ch != 0x7F && !(ch >= 0x80 && ch <= 0x9F))));
    CHECK(f.grid().row_text(0).starts_with("^[]0;title^G^[[2J^[[31mred\\2331m"));
    lisp::kill_buffer(b);
}

TEST_CASE("a 1 GB line shows, and its end shows, laying out a bounded number of rows")
{
    lisp::Value b = ui_test::buffer_with("huge-line", "");
    Buffer& text = *lisp::live_buffer(b);
    const std::size_t size = lisp::gc_stress_enabled() ? (std::size_t(64) << 20) : (std::size_t(1) << 30);
    {
        Buffer::Writer w = text.reserve(CharPos(1), ByteCount(static_cast<std::int64_t>(size)));
        std::memset(w.data(), 'x', size);
        w.commit(w.room());
    }
    text.goto_char(CharPos(1));
    Frame f(26, 80, b, minibuffer());
    auto top = redisplay(f, ui_test::plain);
    CHECK(top.rows_laid_out <= 30);
    CHECK(f.grid().row_text(0) == std::string(79, 'x') + "\\");
    text.goto_char(text.point_max());
    auto end = redisplay(f, ui_test::plain);
    // Recentring lays out at most two restart segments' rows.
    CHECK(end.rows_laid_out <= 2 * restart_distance / 79 + 64);
    CHECK(f.grid().row_text(24).find("Bot") != std::string::npos);
    CHECK(end.cursor_row == 12);
    lisp::kill_buffer(b);
}

TEST_CASE("1 GB of short lines: the end shows at once")
{
    lisp::Value b = ui_test::buffer_with("many-lines", "");
    Buffer& text = *lisp::live_buffer(b);
    const std::size_t size = lisp::gc_stress_enabled() ? (std::size_t(64) << 20) : (std::size_t(1) << 30);
    {
        Buffer::Writer w = text.reserve(CharPos(1), ByteCount(static_cast<std::int64_t>(size)));
        for (std::size_t i = 0; i < size; ++i)
            w.data()[i] = (i % 40 == 39) ? '\n' : 'a';
        w.commit(w.room());
    }
    text.goto_char(text.point_max());
    Frame f(26, 80, b, minibuffer());
    auto end = redisplay(f, ui_test::plain);
    CHECK(end.rows_laid_out <= 75); // a first try from the top, then the recentred rows
    CHECK(end.cursor_row == 12);
    CHECK(f.grid().row_text(11).starts_with(std::string(39, 'a')));
    lisp::kill_buffer(b);
}

TEST_CASE("line numbers: on each line's first row, continuation rows blank, the text beside them")
{
    lisp::Value b = ui_test::buffer_with("numbered", "one\n" + std::string(30, 'w') + "\nthree\n");
    Frame f(6, 24, b, minibuffer());
    auto numbered = [](Window&) {
        WindowSettings s;
        s.line_numbers = true;
        return s;
    };
    auto stats = redisplay(f, numbered);
    CHECK(f.grid().row_text(0) == "  1 one                 ");
    CHECK(f.grid().row_text(1).starts_with("  2 wwwwwwwwwwwwwwwwwww\\"));
    CHECK(f.grid().row_text(2).starts_with("    wwwwwwwwwww"));
    CHECK(f.grid().row_text(3).starts_with("  3 three"));
    CHECK(f.grid().at(0, 1).face == Face::LineNumber);
    CHECK(stats.cursor_col == 4);
    lisp::kill_buffer(b);
}

TEST_CASE("truncated lines scroll sideways to show point, with $ at both edges")
{
    std::string line;
    for (int i = 0; i < 20; ++i)
        line += "col" + std::to_string(i * 10) + std::string(10 - (3 + std::to_string(i * 10).size()), '.');
    lisp::Value b = ui_test::buffer_with("hscrolled", line + "\nshort\n");
    Buffer& text = *lisp::live_buffer(b);
    Frame f(5, 30, b, minibuffer());
    auto truncated = [](Window&) {
        WindowSettings s;
        s.layout.truncate = true;
        return s;
    };
    auto at_start = redisplay(f, truncated);
    CHECK(f.grid().row_text(0) == line.substr(0, 29) + "$");
    CHECK(at_start.cursor_col == 0);
    text.goto_char(CharPos(121)); // column 120: "col120"
    auto scrolled = redisplay(f, truncated);
    CHECK(f.selected().hscroll > 0);
    CHECK(f.grid().row_text(0).starts_with("$"));
    CHECK(f.grid().row_text(0).ends_with("$"));
    CHECK(f.grid().row_text(1).starts_with("$ ")); // "short" is all to the left
    CHECK(f.grid().row_text(1).find("short") == std::string::npos);
    CHECK(f.grid().at(0, scrolled.cursor_col).chars[0] == U'c');
    CHECK(f.grid().row_text(0).substr(static_cast<std::size_t>(scrolled.cursor_col), 6) == "col120");
    text.goto_char(CharPos(1));
    auto back = redisplay(f, truncated);
    CHECK(f.selected().hscroll == 0);
    CHECK(back.cursor_col == 0);
    CHECK(f.grid().row_text(1).starts_with("short"));
    lisp::kill_buffer(b);
}

TEST_CASE("the mode line shows L?? rather than counting megabytes, until the lines are indexed")
{
    lisp::Value b = ui_test::buffer_with("counted", lines(1000000)); // 12.8 MB
    Buffer& text = *lisp::live_buffer(b);
    Frame f(6, 60, b, minibuffer());
    text.goto_char(text.point_max());
    redisplay(f, ui_test::plain);
    INFO(f.grid().row_text(4));
    CHECK(f.grid().row_text(4).find("Bot L?? ") != std::string::npos);
    while (text.index_lines(1 << 20)) {
    }
    redisplay(f, ui_test::plain);
    CHECK(f.grid().row_text(4).find("Bot L1000001 ") != std::string::npos);
    lisp::kill_buffer(b);
}

TEST_CASE("after a resize to a tiny frame the cursor is inside it, wrapped or truncated")
{
    // Found by the redisplay fuzzer: the cursor kept its place from the old
    // layout when point's row had a glyph wider than the new row.
    lisp::Value b = ui_test::buffer_with("tiny", std::string("\0\0]\0\0\0\0]\0\n\0\0\0\n", 14));
    Buffer& text = *lisp::live_buffer(b);
    text.goto_char(CharPos(10));
    for (bool truncate : {false, true}) {
        for (bool numbers : {false, true}) {
            auto settings = [&](Window&) {
                WindowSettings s;
                s.layout.truncate = truncate;
                s.line_numbers = numbers;
                return s;
            };
            Frame f(31, 64, b, minibuffer());
            redisplay(f, settings);
            for (auto [rows, cols] : {std::pair{3, 4}, {19, 4}, {3, 1}, {4, 2}}) {
                f.resize(rows, cols);
                auto stats = redisplay(f, settings);
                INFO("truncate " << truncate << " numbers " << numbers << " " << rows << "x" << cols);
                CHECK(stats.cursor_row >= 0);
                CHECK(stats.cursor_row < f.rows());
                CHECK(stats.cursor_col >= 0);
                CHECK(stats.cursor_col < f.cols());
            }
        }
    }
    lisp::kill_buffer(b);
}

TEST_CASE("point on a combining mark that ends a row's last cluster gets the cursor")
{
    // Found by the redisplay fuzzer's 30-minute run: five raw bytes (\315,
    // 4 columns each), then CD AA, which is U+036A, a combining mark that
    // joins the last raw byte's cluster. With point on the mark, the row
    // saw no cursor (the last cluster's end was taken as its first
    // character's end) and the frame kept a stale cursor past its edge.
    const std::string bytes = "\xcd\xcd\xcd\xcd\xcd\xcd\xaa";
    std::string text;
    utf8_to_internal(bytes, text, true);
    lisp::Value b = ui_test::buffer_with("narrow", bytes);
    Buffer& buffer = *lisp::live_buffer(b);
    buffer.goto_char(CharPos(1 + 205 * (buffer.size() + 1) / 256));
    auto settings = [&](Window&) {
        WindowSettings s;
        s.layout.tab_width = 14;
        s.layout.truncate = true;
        s.line_numbers = true;
        s.column_number_mode = true;
        return s;
    };
    Frame f(23, 6, b, minibuffer());
    f.echo.text = text;
    for (int step = 0; step < 3; ++step) {
        if (step == 1)
            buffer.insert(text);
        if (step == 2)
            f.resize(3, 1);
        auto stats = redisplay(f, settings);
        INFO("step " << step << ": point " << buffer.point().value << ", frame " << f.rows() << "x" << f.cols()
                      << ", cursor " << stats.cursor_row << "," << stats.cursor_col);
        CHECK(stats.cursor_row >= 0);
        CHECK(stats.cursor_row < f.rows());
        CHECK(stats.cursor_col >= 0);
        CHECK(stats.cursor_col < f.cols());
    }
    lisp::kill_buffer(b);
}

TEST_CASE("a header line takes the window's first row and comes and goes with its buffer's format")
{
    lisp::Value b = ui_test::buffer_with("headed", lines(50));
    Frame f(8, 40, b, minibuffer());
    Window& top = f.selected();
    Window& lower = f.split(top, true);
    std::optional<std::string> header = "Name    Size";
    auto with_header = [&](Window& w) {
        WindowSettings s = ui_test::plain(w);
        if (&w == &top)
            s.header_line = header;
        return s;
    };
    redisplay(f, with_header);
    INFO(f.grid().text());
    CHECK(top.header_row == 0);
    CHECK(top.top == 1);
    CHECK(top.rows == 2); // 4 rows: the header, two of text, the mode line
    CHECK(f.grid().row_text(0).starts_with("Name    Size"));
    CHECK(f.grid().at(0, 0).face == Face::HeaderLine);
    CHECK(f.grid().at(0, 39).face == Face::HeaderLine); // the whole width
    CHECK(f.grid().row_text(1).starts_with("line 1"));
    CHECK(f.grid().row_text(3).starts_with("-U:**-  headed"));
    CHECK(lower.header_row == -1);
    CHECK(f.grid().row_text(4).starts_with("line 1"));

    header = "Name    Size    Mode";
    redisplay(f, with_header);
    CHECK(f.grid().row_text(0).starts_with("Name    Size    Mode"));

    header.reset();
    redisplay(f, with_header);
    CHECK(top.header_row == -1);
    CHECK(top.top == 0);
    CHECK(top.rows == 3);
    CHECK(f.grid().row_text(0).starts_with("line 1"));
    lisp::kill_buffer(b);
}

TEST_CASE("an overlay arrow is drawn over the start of its line, and moves with it")
{
    lisp::Value b = ui_test::buffer_with("arrows", "1: one\n2: two\n3: \xe4\xb8\x80" "de\n");
    Frame f(6, 30, b, minibuffer());
    CharPos at(8); // line 2
    auto with_arrow = [&at](Window&) {
        WindowSettings s;
        s.arrows.push_back({at, U"=>"});
        return s;
    };
    redisplay(f, with_arrow);
    INFO(f.grid().text());
    CHECK(f.grid().row_text(0).starts_with("1: one"));
    CHECK(f.grid().row_text(1).starts_with("=> two"));
    // Moved to line 3: line 2 is drawn again, though its text did not change.
    at = CharPos(15);
    auto stats = redisplay(f, with_arrow);
    CHECK(stats.windows_skipped == 0);
    CHECK(f.grid().row_text(1).starts_with("2: two"));
    CHECK(f.grid().row_text(2).starts_with("=>"));
    // An arrow four columns wide over "3: " and half of a wide character:
    // the other half is a space.
    auto wide = [](Window&) {
        WindowSettings s;
        s.arrows.push_back({CharPos(15), U"===>"});
        return s;
    };
    redisplay(f, wide);
    CHECK(f.grid().row_text(2).starts_with("===> de"));
    CHECK(redisplay(f, ui_test::plain).windows_skipped == 0);
    CHECK(f.grid().row_text(2).starts_with("3: \xe4\xb8\x80" "de"));
    lisp::kill_buffer(b);
}

TEST_CASE("the mode line shows vc-mode between the position and the modes, as Emacs's")
{
    lisp::Value b = ui_test::buffer_with("tracked.c", "int x;\n");
    Frame f(4, 70, b, minibuffer());
    redisplay(f, [](Window&) {
        WindowSettings s;
        s.vc_mode = " Git-master";
        return s;
    });
    INFO(f.grid().text());
    CHECK(f.grid().row_text(2).find("All L1    Git-master  (Fundamental) ---") != std::string::npos);
    redisplay(f, ui_test::plain);
    CHECK(f.grid().row_text(2).find("All L1    (Fundamental) ---") != std::string::npos);
    lisp::kill_buffer(b);
}

TEST_CASE("a message of several lines grows the echo area with rows the bottom window lends until it ends")
{
    lisp::Value b = ui_test::buffer_with("echo", lines(50));
    Frame f(21, 40, b, minibuffer());
    Window& upper = f.selected();
    Window& lower = f.split(upper, true);
    redisplay(f, ui_test::plain);
    const int upper_rows = upper.rows, lower_rows = lower.rows;
    // Three lines, the last continued over two rows: four rows, the end shown.
    f.echo.text = "one\ntwo\n" + std::string(50, 'x') + "\n";
    redisplay(f, ui_test::plain);
    INFO(f.grid().text());
    CHECK(f.minibuffer_rows() == 4);
    CHECK(f.grid().row_text(17).starts_with("one "));
    CHECK(f.grid().row_text(18).starts_with("two "));
    CHECK(f.grid().row_text(19) == std::string(39, 'x') + "\\");
    CHECK(f.grid().row_text(20).starts_with(std::string(11, 'x') + " "));
    CHECK(upper.rows == upper_rows);
    CHECK(lower.rows == lower_rows - 3);
    CHECK(f.grid().row_text(lower.top + lower.rows).starts_with("-U:**-  echo"));
    // More lines than max-mini-window-height (a quarter of 21 rows): the last five.
    std::string many;
    for (int i = 1; i <= 12; ++i)
        many += "m" + std::to_string(i) + "\n";
    f.echo.text = many;
    redisplay(f, ui_test::plain);
    CHECK(f.minibuffer_rows() == 5);
    CHECK(f.grid().row_text(16).starts_with("m8 "));
    CHECK(f.grid().row_text(20).starts_with("m12 "));
    f.echo.text = "short";
    redisplay(f, ui_test::plain);
    CHECK(f.minibuffer_rows() == 1);
    CHECK(upper.rows == upper_rows);
    CHECK(lower.rows == lower_rows);
    CHECK(f.grid().row_text(20).starts_with("short "));
    // A window split while the echo area has rows of the bottom window's
    // splits what that window has with them back.
    f.echo.text = many;
    redisplay(f, ui_test::plain);
    Window& third = f.split(lower, true);
    f.echo = {};
    redisplay(f, ui_test::plain);
    CHECK(upper.rows == upper_rows);
    CHECK(lower.rows + third.rows + 1 == lower_rows);
    CHECK(lower.rows == 4);
    lisp::kill_buffer(b);
}

TEST_CASE("a minibuffer's text longer than a row grows its window, which stays grown while it reads (grow-only)")
{
    lisp::Value b = ui_test::buffer_with("reading", lines(50));
    lisp::Value mb = minibuffer();
    Buffer& input = *lisp::live_buffer(mb);
    input.erase();
    input.insert("Find: " + std::string(90, 'a'));
    Frame f(20, 40, b, mb);
    f.select(f.minibuffer_window());
    auto stats = redisplay(f, ui_test::plain);
    INFO(f.grid().text());
    CHECK(f.minibuffer_rows() == 3);
    CHECK(f.grid().row_text(17).starts_with("Find: aaa"));
    CHECK(f.grid().row_text(19).starts_with(std::string(18, 'a') + " "));
    CHECK(stats.cursor_row == 19);
    CHECK(stats.cursor_col == 18);
    CHECK(f.selected().rows == 3);
    // Shorter text: the window keeps its rows while the reading goes on.
    input.delete_region(CharPos(10), input.point_max());
    redisplay(f, ui_test::plain);
    CHECK(f.minibuffer_rows() == 3);
    // resize-mini-windows t: exactly what the text needs.
    auto exact = [](Window&) {
        WindowSettings s;
        s.minibuffer_resize = MinibufferResize::exact;
        return s;
    };
    redisplay(f, exact);
    CHECK(f.minibuffer_rows() == 1);
    // The reading over, the echo area takes one row again.
    input.insert(std::string(90, 'b'));
    redisplay(f, ui_test::plain);
    CHECK(f.minibuffer_rows() == 3);
    f.select(*f.windows().front());
    redisplay(f, ui_test::plain);
    CHECK(f.minibuffer_rows() == 1);
    CHECK(f.windows().front()->rows == 18);
    input.erase();
    lisp::kill_buffer(b);
}

TEST_CASE("invisible text takes no cells, its newlines none either, and an ellipsis stands for it where the spec says")
{
    // As outline-mode hides a subtree: from its heading's end to its last line's end.
    lisp::Value b = ui_test::buffer_with("outline", "* one\nbody 1\nbody 2\n* two\nbody 3\n");
    eval_in(b, "(overlay-put (make-overlay 6 20) 'invisible 'outline)");
    Frame f(6, 30, b, minibuffer());
    auto stats = redisplay(f, ui_test::plain);
    INFO(f.grid().text());
    CHECK(f.grid().row_text(0).starts_with("* one   "));
    CHECK(f.grid().row_text(1).starts_with("* two   "));
    CHECK(f.grid().row_text(2).starts_with("body 3  "));
    CHECK(stats.cursor_row == 0);
    eval_in(b, "(setq buffer-invisibility-spec '((outline . t)))");
    lisp::live_buffer(b)->goto_char(CharPos(10)); // inside: the cursor shows on what stands for it
    stats = redisplay(f, ui_test::plain);
    CHECK(f.grid().row_text(0).starts_with("* one... "));
    CHECK(f.grid().row_text(1).starts_with("* two "));
    CHECK(stats.cursor_row == 0);
    CHECK(stats.cursor_col == 5);
    // A spec that does not name the value shows the text.
    eval_in(b, "(setq buffer-invisibility-spec '(other))");
    redisplay(f, ui_test::plain);
    CHECK(f.grid().row_text(1).starts_with("body 1 "));
    lisp::kill_buffer(b);
}

TEST_CASE("a window showing a line after hidden lines recentres from the line that shows before them")
{
    std::string text = "top\n";
    for (int i = 1; i <= 500; ++i)
        text += "hidden " + std::to_string(i) + "\n";
    text += "after\n" + lines(40);
    lisp::Value b = ui_test::buffer_with("folded", text);
    Buffer& t = *lisp::live_buffer(b);
    eval_in(b, "(put-text-property 4 (progn (goto-char (point-min)) (search-forward \"hidden 500\")) 'invisible t)");
    Frame f(10, 30, b, minibuffer());
    auto stats = redisplay(f, ui_test::plain);
    INFO(f.grid().text());
    CHECK(f.grid().row_text(0).starts_with("top  "));
    CHECK(f.grid().row_text(1).starts_with("after "));
    CHECK(f.grid().row_text(2).starts_with("line 1 "));
    t.goto_char(t.point_max());
    redisplay(f, ui_test::plain);
    CHECK(f.grid().row_text(0).starts_with("line 37 "));
    // Back to "after": recentred, the rows above it are "top" alone.
    t.goto_char(t.point_min());
    t.forward_line(501);
    stats = redisplay(f, ui_test::plain);
    CHECK(f.grid().row_text(0).starts_with("top  "));
    CHECK(f.grid().row_text(1).starts_with("after "));
    CHECK(stats.cursor_row == 1);
    lisp::kill_buffer(b);
}

TEST_CASE("overlay strings and display strings show among the text in their faces, and point after a before-string")
{
    lisp::Value b = ui_test::buffer_with("strings", "abcdef\nnext\n");
    eval_in(b, "(let ((o (make-overlay 2 3))) (overlay-put o 'before-string (propertize \"[\" 'face 'bold))"
               " (overlay-put o 'after-string \"]\"))");
    eval_in(b, "(put-text-property 4 6 'display \"XYZ\")");
    Frame f(5, 30, b, minibuffer());
    lisp::live_buffer(b)->goto_char(CharPos(2));
    auto stats = redisplay(f, ui_test::plain);
    INFO(f.grid().text());
    CHECK(f.grid().row_text(0).starts_with("a[b]cXYZf "));
    CHECK(f.grid().row_text(1).starts_with("next "));
    std::size_t pos = 0;
    CHECK(f.grid().at(0, 1).face == face_from_lisp(lisp::read_from("bold", pos)));
    CHECK(f.grid().at(0, 3).face == Face::Default);
    // Point on the text after the before-string; at the start of a display
    // string, on its first glyph.
    CHECK(stats.cursor_col == 2);
    lisp::live_buffer(b)->goto_char(CharPos(4));
    stats = redisplay(f, ui_test::plain);
    CHECK(stats.cursor_col == 5);
    lisp::kill_buffer(b);
}

TEST_CASE("an after-string with newlines goes on over rows, and a glyph with a cursor property takes the cursor")
{
    // As vertico shows its candidates below the input of a minibuffer.
    lisp::Value b = ui_test::buffer_with("candidates", "input");
    eval_in(b, "(overlay-put (make-overlay (point-max) (point-max)) 'after-string"
               " (concat (propertize \" \" 'cursor t) \"\\ncand 1\\n\" (propertize \"cand 2\" 'face 'bold)))");
    Frame f(8, 30, b, minibuffer());
    lisp::live_buffer(b)->goto_char(lisp::live_buffer(b)->point_max());
    auto stats = redisplay(f, ui_test::plain);
    INFO(f.grid().text());
    CHECK(f.grid().row_text(0).starts_with("input  "));
    CHECK(f.grid().row_text(1).starts_with("cand 1 "));
    CHECK(f.grid().row_text(2).starts_with("cand 2 "));
    CHECK(f.grid().row_text(3).starts_with("      "));
    CHECK(stats.cursor_row == 0);
    CHECK(stats.cursor_col == 5);
    // The same when only the candidates change.
    eval_in(b, "(overlay-put (car (overlays-in (point-max) (point-max))) 'after-string"
               " (concat (propertize \" \" 'cursor t) \"\\nother\"))");
    stats = redisplay(f, ui_test::plain);
    CHECK(f.grid().row_text(1).starts_with("other "));
    CHECK(f.grid().row_text(2).starts_with("      "));
    CHECK(stats.cursor_row == 0);
    lisp::kill_buffer(b);
}
