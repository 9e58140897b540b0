#include "ui/row_layout.hpp"

#include <unicode/ubrk.h>
#include <unicode/utf16.h>

#include <algorithm>
#include <climits>
#include <cwchar>
#include <memory>

#include "core/utf8.hpp"

namespace gapmacs::ui {

namespace {

struct Char {
    std::int64_t byte; // offset of its first byte (a glyph's: of the text it shows before)
    char32_t c;
    std::uint8_t len;           // 0: a glyph of no text (a string's, an ellipsis's dot)
    bool cursor = false;        // shows the cursor (point is in text hidden before it, or a glyph claims it)
    bool from_string = false;   // a string's glyph
    Face face = Face::Default;  // a glyph's
};

char32_t char_at(const GapBuffer& text, std::int64_t byte, std::int64_t end, int& len)
{
    char tmp[max_internal_char_length];
    const auto lead = static_cast<unsigned char>(text[BytePos(byte)]);
    int n = std::min<std::int64_t>(internal_char_length(lead), end - byte);
    for (int i = 0; i < n; ++i)
        tmp[i] = text[BytePos(byte + i)];
    return decode_internal_char(tmp, tmp + n, &len);
}

// The character break iterator, opened once: ubrk_setText per row is cheap,
// ubrk_open is not.
struct BreakIteratorClose {
    void operator()(UBreakIterator* bi) const { ubrk_close(bi); }
};
UBreakIterator* char_breaker()
{
    static std::unique_ptr<UBreakIterator, BreakIteratorClose> bi = [] {
        UErrorCode status = U_ZERO_ERROR;
        return std::unique_ptr<UBreakIterator, BreakIteratorClose>(
            ubrk_open(UBRK_CHARACTER, "", nullptr, 0, &status));
    }();
    return bi.get();
}

// Marks which of chars start a grapheme cluster (ICU's rules).
void find_clusters(const std::vector<Char>& chars, std::vector<bool>& starts)
{
    starts.assign(chars.size() + 1, false);
    bool ascii = std::all_of(chars.begin(), chars.end(), [](const Char& c) { return c.c < 0x80; });
    UBreakIterator* bi = ascii ? nullptr : char_breaker();
    if (!bi) {
        std::fill(starts.begin(), starts.end(), true);
        return;
    }
    std::vector<UChar> u16;
    std::vector<std::size_t> char_of; // UTF-16 index -> char index
    for (std::size_t i = 0; i < chars.size(); ++i) {
        // Raw bytes are not Unicode; U+FFFD breaks the same way (a cluster of its own).
        char32_t c = chars[i].c > max_unicode_char ? U'\uFFFD' : chars[i].c;
        char_of.push_back(i);
        if (c > 0xFFFF) {
            char_of.push_back(i);
            u16.push_back(U16_LEAD(c));
            u16.push_back(U16_TRAIL(c));
        } else {
            u16.push_back(static_cast<UChar>(c));
        }
    }
    char_of.push_back(chars.size());
    UErrorCode status = U_ZERO_ERROR;
    ubrk_setText(bi, u16.data(), static_cast<std::int32_t>(u16.size()), &status);
    if (U_FAILURE(status)) {
        std::fill(starts.begin(), starts.end(), true);
        return;
    }
    for (std::int32_t b = ubrk_first(bi); b != UBRK_DONE; b = ubrk_next(bi))
        starts[char_of[static_cast<std::size_t>(b)]] = true;
    // CR LF is one cluster to ICU, but the newline ends the row: alone, it
    // cannot hide in the ^M's cell and join two lines into one row.
    for (std::size_t i = 0; i < chars.size(); ++i)
        if (chars[i].c == U'\n')
            starts[i] = true;
}

// The escaped form of a character the terminal must not see or cannot show.
std::u32string escape_glyph(char32_t c)
{
    std::u32string out;
    auto octal = [&](unsigned v) {
        out = U"\\";
        out += static_cast<char32_t>(U'0' + ((v >> 6) & 7));
        out += static_cast<char32_t>(U'0' + ((v >> 3) & 7));
        out += static_cast<char32_t>(U'0' + (v & 7));
    };
    if (c < 0x20 || c == 0x7F) {
        out = U"^";
        out += static_cast<char32_t>(c ^ 0x40);
    } else if (is_raw_byte_char(c)) {
        octal(raw_byte_value(c));
    } else if (c >= 0x80 && c <= 0x9F) {
        octal(static_cast<unsigned>(c));
    } else {
        static const char hex[] = "0123456789ABCDEF";
        out = U"\\u";
        int digits = c > 0xFFFF ? 6 : 4;
        for (int d = digits - 1; d >= 0; --d)
            out += static_cast<char32_t>(hex[(c >> (4 * d)) & 0xF]);
    }
    return out;
}

// Is the anchor at byte `a` a layout restart (a line reaching back further
// than restart_distance)? See row_restart.
bool is_restart(const GapBuffer& text, std::int64_t a, std::int64_t floor)
{
    if (a - restart_distance < floor)
        return false;
    return !text.rfind(BytePos(a - restart_distance), BytePos(a), '\n');
}

std::int64_t char_boundary_at_or_after(const GapBuffer& text, std::int64_t b, std::int64_t end)
{
    while (b < end && is_continuation_byte(static_cast<unsigned char>(text[BytePos(b)])))
        ++b;
    return b;
}

// How the character at `byte` shows: its face and the display space over
// it, the last entry of each kind winning (one pass a character).
struct Look {
    Face face = Face::Default;
    const Highlight* space = nullptr;
};

Look look_at(std::int64_t byte, std::span<const Highlight> highlights)
{
    Look look;
    for (const Highlight& h : highlights) {
        if (byte < h.beg.value || byte >= h.end.value)
            continue;
        if (h.is_space())
            look.space = &h;
        else
            look.face = h.face;
    }
    return look;
}

// Columns taken by the text [from, to) when it starts at column `col`.
int columns_between(const GapBuffer& text, std::int64_t from, std::int64_t to, int col, int tab_width)
{
    const int start = col;
    const int tab = std::max(tab_width, 1);
    for (std::int64_t b = from; b < to;) {
        int len = 1;
        char32_t c = char_at(text, b, to, len);
        b += len;
        if (c == U'\t')
            col += tab - col % tab;
        else if (int w = char_columns(c); w >= 0)
            col += w;
        else if (!(::wcwidth(static_cast<wchar_t>(c)) == 0 && c >= 0x300))
            col += static_cast<int>(escape_glyph(c).size());
    }
    return col - start;
}

} // namespace

int char_columns(char32_t c)
{
    if (c < 0x20 || c == 0x7F || (c >= 0x80 && c <= 0x9F) || c > max_unicode_char)
        return -1;
    int w = ::wcwidth(static_cast<wchar_t>(c));
    return w <= 0 ? -1 : w;
}

TextPos row_restart(const Buffer& buffer, TextPos pos, TextPos floor)
{
    const GapBuffer& text = buffer.gap_buffer();
    const std::int64_t p = pos.bytes.value;
    const std::int64_t anchor = (p / restart_distance) * restart_distance;
    std::int64_t from = std::max(floor.bytes.value, anchor - restart_distance);
    if (auto nl = text.rfind(BytePos(from), BytePos(p), '\n')) {
        const BytePos b = *nl + ByteCount(1);
        return {buffer.byte_to_char(b), b};
    }
    if (anchor > floor.bytes.value && is_restart(text, anchor, floor.bytes.value)) {
        BytePos b(char_boundary_at_or_after(text, anchor, p));
        return {buffer.byte_to_char(b), b};
    }
    return floor;
}

namespace {

// What gather_row leaves besides the characters: where they end (and the
// string glyphs shown there), whether a layout restart stopped them, and
// where the cursor is to show when no character took it.
struct Gathered {
    TextPos end;
    int end_skip = 0;
    bool anchor_break = false;
    bool cursor_hidden = false;  // point is in hidden text at the end
    bool cursor_claimed = false; // a string's glyph with a `cursor' property shows point
};

// The characters a row from `start` can show, into `chars`: the text's,
// the glyphs of the strings shown among it, an ellipsis's dots, hidden
// text left out (layout_row's rules), `budget` at the most.
Gathered gather_row(const Buffer& buffer, TextPos start, TextPos limit, bool truncate, std::size_t budget,
                    std::optional<BytePos> cursor, const TextDisplay* display, int skip, std::vector<Char>& chars)
{
    const GapBuffer& text = buffer.gap_buffer();
    chars.clear();
    const std::int64_t floor = buffer.char_to_byte(buffer.point_min()).value;
    // Truncated rows are whole lines: long lines need no restarts there.
    auto anchor_after = [&](std::int64_t b) {
        return truncate ? INT64_MAX : (b / restart_distance + 1) * restart_distance;
    };
    std::int64_t next_anchor = anchor_after(start.bytes.value);
    bool anchor_break = false;
    std::int64_t b = start.bytes.value, pos = start.chars.value;
    std::int64_t asked_until = display ? b : INT64_MAX; // the display is asked about from here
    bool cursor_hidden = false;  // point is in hidden text: the next glyph or character shows it
    bool cursor_claimed = false; // a glyph with a `cursor' property at point's place shows it
    int strings_here = b == start.bytes.value ? skip : 0; // string glyphs at b so far
    // The strings shown at b, those rows before took left out.
    auto put_strings = [&](const std::vector<StringGlyph>& glyphs, bool first_gets_cursor) {
        const bool at_cursor = cursor && cursor->value == b;
        for (std::size_t k = 0; k < glyphs.size(); ++k) {
            const bool claims = at_cursor && glyphs[k].cursor && !cursor_claimed;
            cursor_claimed = cursor_claimed || claims;
            if (static_cast<int>(k) < (b == start.bytes.value ? skip : 0))
                continue;
            const bool shows_cursor = claims || std::exchange(first_gets_cursor, false) || std::exchange(cursor_hidden, false);
            chars.push_back({b, glyphs[k].c, 0, shows_cursor, true, glyphs[k].face});
        }
        strings_here = static_cast<int>(std::max<std::size_t>(glyphs.size(), static_cast<std::size_t>(strings_here)));
    };
    for (;;) {
        if (b >= asked_until) {
            // Hidden text leaves no characters, an ellipsis three dots, and
            // the cursor in it to what follows. Strings show at their place,
            // the start of hidden text included. Shown text is asked about
            // up to its line's end, within the budget.
            bool skipped = false, ellipsis = false;
            auto stretch = [&] {
                std::int64_t ahead = char_boundary_at_or_after(
                    text, std::min(limit.bytes.value, b + static_cast<std::int64_t>(budget)), limit.bytes.value);
                if (auto nl = text.find(BytePos(b), BytePos(ahead), '\n'))
                    ahead = nl->value + 1;
                return display->from({CharPos(pos), BytePos(b)}, BytePos(ahead));
            };
            TextDisplay::Stretch s = stretch();
            for (; s.hidden && b < limit.bytes.value; s = stretch()) {
                // A display string shows point at its start on its first glyph.
                const bool at_start = cursor && cursor->value == b && !s.strings.empty();
                put_strings(s.strings, at_start);
                cursor_hidden = cursor_hidden || (!at_start && cursor && cursor->value >= b && cursor->value < s.end.bytes.value);
                skipped = true;
                ellipsis = ellipsis || s.ellipsis;
                b = s.end.bytes.value, pos = s.end.chars.value;
                strings_here = 0;
            }
            asked_until = std::max(s.end.bytes.value, b + 1);
            if (skipped) {
                next_anchor = anchor_after(b);
                for (int k = 0; ellipsis && k < 3; ++k)
                    chars.push_back({b, U'.', 0, std::exchange(cursor_hidden, false)});
            }
            put_strings(s.strings, false);
        }
        if (b >= limit.bytes.value || chars.size() >= budget)
            break;
        if (b >= next_anchor) {
            if (is_restart(text, next_anchor, floor) && b > start.bytes.value) {
                anchor_break = true;
                break;
            }
            next_anchor += restart_distance;
        }
        int len = 1;
        char32_t c = char_at(text, b, limit.bytes.value, len);
        chars.push_back({b, c, static_cast<std::uint8_t>(len), std::exchange(cursor_hidden, false)});
        b += len;
        ++pos;
        strings_here = 0;
        if (c == U'\n')
            break;
    }
    return {{CharPos(pos), BytePos(b)}, strings_here, anchor_break, cursor_hidden, cursor_claimed};
}

} // namespace

TextPos row_restart(const Buffer& buffer, TextPos pos, TextPos floor, const TextDisplay* display)
{
    TextPos r = row_restart(buffer, pos, floor);
    while (display && r.bytes > floor.bytes) {
        const std::optional<TextPos> h = display->hidden_before(r, floor);
        if (!h || h->bytes >= r.bytes)
            break;
        r = row_restart(buffer, *h, floor);
    }
    return r;
}

Row layout_row(const Buffer& buffer, TextPos start, TextPos limit, const LayoutOptions& options,
               std::span<Cell> out, std::optional<BytePos> cursor, std::span<const Highlight> highlights,
               const TextDisplay* display, int skip)
{
    const GapBuffer& text = buffer.gap_buffer();
    const int width = std::max(options.width, 1);
    const int content = width > 1 ? width - 1 : 1; // the last column is for `\` or `$`
    for (Cell& c : out)
        c = Cell{};

    // The characters the row can show: bounded by the width (zero-width
    // characters included), the line's end, and the next layout restart.
    static thread_local std::vector<Char> chars;
    static thread_local std::vector<bool> starts;
    const std::size_t budget = static_cast<std::size_t>(content + (options.truncate ? std::max(options.hscroll, 0) : 0)) * 4 + 16;
    const Gathered gathered = gather_row(buffer, start, limit, options.truncate, budget, cursor, display, skip, chars);
    const TextPos gathered_end = gathered.end;
    const bool anchor_break = gathered.anchor_break;
    const bool cursor_hidden = gathered.cursor_hidden;
    const bool cursor_claimed = gathered.cursor_claimed;
    find_clusters(chars, starts);

    Row row;
    row.start = start;
    row.start_skip = skip;
    // `col` counts columns from the row's start; with hscroll, cell v of the
    // row shows column v + hs, and cell 0 is kept for the left `$`.
    const int hs = options.truncate ? std::max(options.hscroll, 0) : 0;
    const int first_visible = hs > 0 ? hs + 1 : 0;
    int col = 0;
    std::size_t i = 0;
    bool hidden_left = false;
    auto put = [&](const Cell& cell) {
        if (col < first_visible)
            hidden_left = true;
        else if (col - hs < static_cast<int>(out.size()))
            out[static_cast<std::size_t>(col - hs)] = cell;
        ++col;
    };
    // A glyph wider than the whole row is still drawn (a row always
    // advances), so a wrapped row's cursor may lie past its edge: it stays
    // in the last cell. A truncated row's cursor out of view has no cell:
    // redisplay hscrolls to it.
    auto place_cursor = [&](int c) {
        row.cursor_line_col = c;
        if (!options.truncate)
            row.cursor_col = std::min(c, width - 1);
        else if (c >= first_visible && c - hs <= content)
            row.cursor_col = std::min(c - hs, width - 1);
        else
            row.cursor_col.reset();
    };
    auto mark_left = [&] {
        if (hidden_left && !out.empty())
            out[0] = Cell::of(U'$');
    };
    // Where the row after one ending before chars[index] starts: its
    // position, and the string glyphs shown there before it (those of this
    // row, and those rows above took when it is the row's start).
    auto position_of = [&](std::size_t index) {
        return index < chars.size() ? buffer.text_pos(buffer.byte_to_char(BytePos(chars[index].byte))) : gathered_end;
    };
    auto skip_of = [&](std::size_t index) {
        if (index >= chars.size())
            return gathered.end_skip;
        const std::int64_t at = chars[index].byte;
        int n = at == start.bytes.value ? skip : 0;
        for (std::size_t k = index; k-- > 0 && chars[k].byte == at && chars[k].len == 0;)
            n += chars[k].from_string;
        return n;
    };
    // A truncated row shows `$` and ends at the end of its line. A cursor
    // beyond the shown part gets its column (for hscrolling), counted on.
    auto truncate_rest = [&](std::int64_t from) {
        auto nl = text.find(BytePos(from), limit.bytes, '\n');
        const BytePos next = nl ? *nl + ByteCount(1) : limit.bytes;
        if (cursor && cursor->value >= from && cursor->value < next.value + (nl ? 0 : 1))
            place_cursor(col + columns_between(text, from, cursor->value, col, options.tab_width));
        if (!out.empty())
            out[static_cast<std::size_t>(content)] = Cell::of(U'$');
        mark_left();
        row.next = {buffer.byte_to_char(next), next};
        row.ends_line = true;
        row.reaches_end = !nl;
        return row;
    };
    while (i < chars.size()) {
        const Char& ch = chars[i];
        std::size_t j = i + 1;
        while (j < chars.size() && !starts[j])
            ++j;
        // The cluster's end: a cursor on any of its characters is on it.
        const std::int64_t cluster_end = chars[j - 1].byte + chars[j - 1].len;
        const bool has_cursor =
            ch.cursor || (!cursor_claimed && cursor && cursor->value >= ch.byte && cursor->value < cluster_end);
        if (ch.c == U'\n') {
            if (has_cursor)
                place_cursor(col);
            // A string's newline ends the row, not the line.
            row.ends_line = ch.len > 0;
            row.next = position_of(i + 1);
            row.next_skip = skip_of(i + 1);
            // Nothing follows a string's last newline at the end of the
            // text: no row starts after it, as in Emacs.
            if (ch.len == 0 && i + 1 == chars.size() && row.next.bytes == limit.bytes) {
                row.reaches_end = true;
                if (!has_cursor && !cursor_claimed && cursor && cursor->value == limit.bytes.value)
                    place_cursor(col);
            }
            mark_left();
            return row;
        }
        // The cluster's glyphs: a string's in its own faces.
        const Look look = ch.len == 0 ? Look{ch.face, nullptr} : look_at(ch.byte, highlights);
        const Face face = look.face;
        const Highlight* space = look.space;
        std::u32string escaped;
        int w = 0;
        if (space || ch.c == U'\t') {
            if (!space) {
                int tab = std::max(options.tab_width, 1);
                w = tab - col % tab;
            } else if (ch.byte == space->beg.value || i == 0) {
                // A space's first character is the blank; the others show nothing.
                w = space->align_to >= 0 ? std::max(space->align_to - col, 0) : space->space_width;
            }
            if (!options.truncate && col + w > content && col < content)
                w = content - col;
        } else if ((w = char_columns(ch.c)) < 0) {
            escaped = escape_glyph(ch.c);
            w = static_cast<int>(escaped.size());
        }
        if (col + w > hs + content && col > 0) {
            if (options.truncate)
                return truncate_rest(ch.byte);
            break;
        }
        if (has_cursor)
            place_cursor(col);
        if (space || ch.c == U'\t') {
            for (int k = 0; k < w; ++k)
                put(Cell::of(U' ', face));
        } else if (!escaped.empty()) {
            Face ef = face == Face::Default ? Face::EscapeGlyph : face;
            for (char32_t e : escaped)
                put(Cell::of(e, ef));
        } else {
            Cell cell = Cell::of(ch.c, face, static_cast<std::uint8_t>(w));
            std::size_t extra = 1;
            for (std::size_t k = i + 1; k < j; ++k) {
                int kw = ::wcwidth(static_cast<wchar_t>(chars[k].c));
                if (kw == 0 && extra < Cell::max_chars)
                    cell.chars[extra++] = chars[k].c;
            }
            const bool cut_left = col < first_visible && col + w > first_visible;
            const bool cut_right = col - hs + w > content && w > 1;
            if (cut_left || cut_right) {
                // A wide character cut by an edge of the row shows as
                // blanks: half of it would be a cell the terminal cannot
                // draw (only a row narrower than the character cuts it on
                // the right).
                for (int k = 0; k < w; ++k)
                    put(Cell::of(U' ', face));
            } else {
                put(cell);
                for (int k = 1; k < w; ++k)
                    put(Cell::continuation(face));
            }
        }
        i = j;
    }
    row.next = position_of(i);
    row.next_skip = skip_of(i);
    if (i == chars.size() && !anchor_break && row.next.bytes == limit.bytes) {
        row.ends_line = true;
        row.reaches_end = true;
        if (cursor_hidden || (!cursor_claimed && cursor && cursor->value == limit.bytes.value))
            place_cursor(col);
        mark_left();
        return row;
    }
    if (options.truncate)
        return truncate_rest(row.next.bytes.value);
    // The line goes on in the next row.
    if (content < width && static_cast<std::size_t>(content) < out.size())
        out[static_cast<std::size_t>(content)] = Cell::of(U'\\');
    return row;
}

} // namespace gapmacs::ui
