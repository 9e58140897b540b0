// Redisplay of any buffer text into a frame of any size (drawn into the
// cell grid, no terminal): no crash, no cell holding a control character
// (what a terminal would act on), no character wider than its cell, and the
// cursor inside the frame.
//
// Input: rows, columns, point, tab width, option bits, a split, then the
// text (decoded as a file would be: invalid bytes become raw bytes). The
// echo area shows the text too; or (an option bit) the minibuffer is active,
// with the text as its prompt, input and message. Frames go down to 1x1 (the
// grid keeps its minimum size; the layout must fit in it). The frame is then
// edited (the text appended once more) and redrawn, so the incremental path
// runs as well.
#include <clocale>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "check.hpp"
#include "core/error.hpp"
#include "core/utf8.hpp"
#include "lisp-lite/editor/buffers.hpp"
#include "lisp-lite/lisp_lite.hpp"
#include "ui/frame.hpp"
#include "ui/redisplay.hpp"
#include "ui/symbols.hpp"

using namespace gapmacs;
using namespace gapmacs::ui;

namespace {

void init_once()
{
    static bool done = [] {
        std::setlocale(LC_ALL, "C.UTF-8"); // wcwidth, as the editor sets it
        ui::init_ui();
        return true;
    }();
    (void)done;
}

bool control(char32_t c) { return c < 0x20 || (c >= 0x7f && c < 0xa0); }

void check_grid(Frame& f, const RedisplayStats& stats)
{
    if (std::getenv("GAPMACS_FUZZ_TRACE"))
        std::fprintf(stderr, "frame %dx%d cursor %d,%d\n", f.rows(), f.cols(), stats.cursor_row, stats.cursor_col);
    const CellGrid& g = f.grid();
    FUZZ_CHECK(g.rows() == f.rows() && g.cols() == f.cols());
    for (int r = 0; r < g.rows(); ++r) {
        for (int c = 0; c < g.cols(); ++c) {
            const Cell& cell = g.at(r, c);
            FUZZ_CHECK(c + cell.width <= g.cols());
            for (char32_t ch : cell.chars)
                FUZZ_CHECK_MSG(ch == 0 || !control(ch), "control character U+%04X at row %d col %d",
                               static_cast<unsigned>(ch), r, c);
            FUZZ_CHECK(cell.width <= 2);
        }
    }
    FUZZ_CHECK_MSG(stats.cursor_row >= 0 && stats.cursor_row < f.rows(), "cursor row %d of %d", stats.cursor_row,
                   f.rows());
    FUZZ_CHECK_MSG(stats.cursor_col >= 0 && stats.cursor_col < f.cols(), "cursor column %d of %d",
                   stats.cursor_col, f.cols());
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    if (size < 6)
        return 0;
    init_once();
    const int rows = 1 + data[0] % 30;
    const int cols = 1 + data[1] % 100;
    const std::uint8_t point_seed = data[2];
    const int tab_width = 1 + data[3] % 16;
    const std::uint8_t options = data[4];
    const std::uint8_t split = data[5];
    std::string text;
    utf8_to_internal(std::string_view(reinterpret_cast<const char*>(data) + 6, size - 6), text, true);

    lisp::Value b = lisp::generate_new_buffer(lisp::make_string("fuzz"));
    lisp::Value mini = lisp::get_buffer_create(lisp::make_string(" *Minibuf-fuzz*"));
    Buffer& buffer = *lisp::live_buffer(b);
    buffer.insert(text);
    // Half of the text for the minibuffer's input, the rest for its prompt,
    // cut where a character starts.
    std::size_t half = text.size() / 2;
    while (half > 0 && (static_cast<unsigned char>(text[half]) & 0xC0) == 0x80)
        --half;
    Buffer& input = *lisp::live_buffer(mini);
    input.erase();
    input.insert(text.substr(0, half));
    buffer.goto_char(CharPos(1 + static_cast<std::int64_t>(point_seed) * (buffer.size() + 1) / 256));
    {
        Frame f(rows, cols, b, mini);
        f.echo.text = text;
        if (options & 32) {
            // M-x with this prompt: the minibuffer window selected, as
            // read_from_minibuffer makes it, and a message after the input.
            f.prompt = text.substr(half);
            f.minibuffer_message = (options & 64) ? "[No match]" : "";
            f.select(f.minibuffer_window());
        }
        if (split % 4 == 1) {
            try {
                f.split(f.selected(), (split & 4) != 0);
            } catch (const Error&) {
                // too small to split: fine
            }
        }
        auto settings = [&](Window&) {
            WindowSettings s;
            s.layout.tab_width = tab_width;
            s.layout.truncate = options & 1;
            s.layout.hscroll = (options & 2) ? (options >> 4) : 0;
            s.line_numbers = options & 4;
            s.column_number_mode = options & 8;
            if (options & 16)
                s.region = CharPos(1);
            return s;
        };
        check_grid(f, redisplay(f, settings));
        buffer.insert(text); // an edit at point, then the incremental redraw
        check_grid(f, redisplay(f, settings));
        f.resize(1 + split % 20, 1 + (split * 7) % 90);
        check_grid(f, redisplay(f, settings));
    }
    lisp::kill_buffer(b);
    return 0;
}
