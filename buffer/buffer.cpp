#include "buffer/buffer.hpp"

#include <algorithm>
#include <cassert>
#include <cstdlib>
#include <cstring>

#include "core/error.hpp"
#include "core/utf8.hpp"

namespace gapmacs {

namespace {

std::string describe(CharPos pos) { return std::to_string(pos.value); }

} // namespace

Buffer::Buffer(std::string name, std::size_t initial_gap) : m_name(std::move(name)), m_text(initial_gap)
{
    m_coding.base = "utf-8";
    // Emacs disables undo in buffers whose name starts with a space.
    if (!m_name.empty() && m_name[0] == ' ')
        m_undo.set_enabled(false);
}

Buffer::~Buffer()
{
    for (Marker* m : m_markers)
        m->m_buffer = nullptr;
    m_markers.clear();
}

void Buffer::register_marker(Marker& m)
{
    m.m_buffer = this;
    m.m_index = m_markers.size();
    m_markers.push_back(&m);
}

void Buffer::unregister_marker(Marker& m)
{
    Marker* last = m_markers.back();
    m_markers[m.m_index] = last;
    last->m_index = m.m_index;
    m_markers.pop_back();
    m.m_buffer = nullptr;
}

CharPos Buffer::point_min() const { return narrowed() ? m_begv.m_pos.chars : CharPos(1); }

CharPos Buffer::point_max() const { return narrowed() ? m_zv.m_pos.chars : CharPos(size() + 1); }

BytePos Buffer::char_to_byte(CharPos pos) const
{
    assert(pos.value >= 1 && pos.value <= size() + 1);
    auto off = static_cast<std::size_t>(pos.value - 1);
    return BytePos(static_cast<std::int64_t>(
        m_index.char_to_byte(m_text, off, m_point.chars.value - 1, m_point.bytes.value)));
}

CharPos Buffer::byte_to_char(BytePos pos) const
{
    assert(pos.value >= 0 && static_cast<std::size_t>(pos.value) <= byte_size());
    auto off = static_cast<std::size_t>(pos.value);
    return CharPos(1 + static_cast<std::int64_t>(
        m_index.byte_to_char(m_text, off, m_point.chars.value - 1, m_point.bytes.value)));
}

void Buffer::check_accessible(CharPos pos) const
{
    if (pos < point_min() || pos > point_max())
        throw Error("args-out-of-range", "Args out of range: " + describe(pos) + " (accessible " +
                                             describe(point_min()) + ".." + describe(point_max()) + ")");
}

void Buffer::check_writable() const
{
    if (m_read_only)
        throw Error("buffer-read-only", "Buffer is read-only: #<buffer " + m_name + ">");
}

TextPos Buffer::clamp(CharPos pos) const { return text_pos(std::clamp(pos, point_min(), point_max())); }

void Buffer::goto_char(CharPos pos) { m_point = clamp(pos); }

std::string Buffer::substring(CharPos from, CharPos to) const
{
    if (to < from)
        std::swap(from, to);
    check_accessible(from);
    check_accessible(to);
    return m_text.substr(char_to_byte(from).value, char_to_byte(to).value);
}

std::optional<char32_t> Buffer::char_after(CharPos pos) const
{
    if (pos < point_min() || pos >= point_max())
        return std::nullopt;
    auto b = static_cast<std::size_t>(char_to_byte(pos).value);
    char bytes[4];
    int len = internal_char_length(static_cast<unsigned char>(m_text[b]));
    for (int i = 0; i < len; ++i)
        bytes[i] = m_text[b + i];
    return decode_internal_char(bytes, bytes + len);
}

std::optional<char32_t> Buffer::char_before(CharPos pos) const
{
    if (pos <= point_min() || pos > point_max())
        return std::nullopt;
    return char_after(pos - CharPos(1));
}

void Buffer::note_change()
{
    check_writable();
    assert(!m_reserved && "no change may come between reserve and commit");
    if (!m_modified)
        m_undo.record_unmodified();
    m_modified = true;
    ++m_tick;
}

void Buffer::set_modified(bool modified) { m_modified = modified; }

void Buffer::insert(std::string_view text)
{
    CharPos at = point();
    insert_at(at, text);
    // insert leaves point after the text, wherever point-insertion rules put it.
    m_point = text_pos(at + CharPos(static_cast<std::int64_t>(count_chars(text))));
}

void Buffer::insert_at(CharPos pos, std::string_view text)
{
    assert(is_valid_internal(text) || !"insert_at needs internal text");
    char* dst = reserve(pos, text.size());
    std::memcpy(dst, text.data(), text.size());
    commit(text.size());
}

char* Buffer::reserve(CharPos pos, std::size_t nbytes)
{
    check_writable();
    check_accessible(pos);
    TextPos at = text_pos(pos);
    char* gap = m_text.reserve(static_cast<std::size_t>(at.bytes.value), nbytes);
    m_reserved = at;
    return gap;
}

CharPos Buffer::commit(std::size_t nbytes, bool before_markers)
{
    assert(m_reserved && "commit without reserve");
    TextPos at = *m_reserved;
    m_reserved.reset();
    if (nbytes == 0)
        return at.chars;
    assert(nbytes <= m_text.gap_size());
    note_change();
    const std::size_t nchars = m_index.insert_text(static_cast<std::size_t>(at.chars.value - 1),
                                                   static_cast<std::size_t>(at.bytes.value),
                                                   std::string_view(m_text.gap_data(), nbytes));
    m_text.commit(nbytes);
    inserted(at, nchars, nbytes, before_markers);
    return at.chars + CharPos(static_cast<std::int64_t>(nchars));
}

void Buffer::insert_before_markers(CharPos pos, std::string_view text)
{
    char* dst = reserve(pos, text.size());
    std::memcpy(dst, text.data(), text.size());
    commit(text.size(), true);
}

void Buffer::note_changed_span(BytePos beg, BytePos end)
{
    const std::int64_t after = static_cast<std::int64_t>(m_text.size()) - end.value;
    if (!m_changes) {
        m_changes = ChangedSpan{beg, after};
        return;
    }
    m_changes->beg = std::min(m_changes->beg, beg);
    m_changes->end_unchanged = std::min(m_changes->end_unchanged, after);
}

void Buffer::inserted(TextPos at, std::size_t nchars, std::size_t nbytes, bool before_markers)
{
    note_changed_span(at.bytes, at.bytes + BytePos(static_cast<std::int64_t>(nbytes)));
    m_lines.inserted(m_text, static_cast<std::size_t>(at.bytes.value), nbytes);
    const TextPos delta{CharPos(static_cast<std::int64_t>(nchars)), BytePos(static_cast<std::int64_t>(nbytes))};
    auto moves = [&](const TextPos& p, bool advances) {
        return p.bytes > at.bytes || (p.bytes == at.bytes && (advances || before_markers));
    };
    // Every marker is looked at once per change: O(markers), as in Emacs.
    for (Marker* m : m_markers) {
        // The narrowing's start is no marker in Emacs: text inserted before
        // markers at BEGV stays inside the narrowing.
        if (m == &m_begv ? m->m_pos.bytes > at.bytes : moves(m->m_pos, m->m_advances)) {
            m->m_pos.chars += delta.chars;
            m->m_pos.bytes += delta.bytes;
        }
    }
    if (moves(m_point, false)) {
        m_point.chars += delta.chars;
        m_point.bytes += delta.bytes;
    }
    m_undo.record_insertion(at.chars.value, at.chars.value + static_cast<std::int64_t>(nchars));
    if (m_props)
        m_props->inserted(at.chars.value, static_cast<std::int64_t>(nchars));
}

void Buffer::delete_region(CharPos from, CharPos to)
{
    if (to < from)
        std::swap(from, to);
    check_accessible(from);
    check_accessible(to);
    if (from == to)
        return;
    note_change();
    TextPos a = text_pos(from), b = text_pos(to);
    const auto nbytes = static_cast<std::size_t>(b.bytes.value - a.bytes.value);
    const auto nchars = static_cast<std::size_t>(b.chars.value - a.chars.value);
    if (m_undo.enabled()) {
        m_undo.record_deletion(a.chars.value, m_text.substr(a.bytes.value, b.bytes.value));
        // Remember whether point was at the end, so undo puts it back there.
        m_undo.entries().back().end = m_point == b ? 1 : 0;
    }
    m_lines.erasing(m_text, static_cast<std::size_t>(a.bytes.value), static_cast<std::size_t>(b.bytes.value));
    m_text.erase(static_cast<std::size_t>(a.bytes.value), nbytes);
    m_index.deleted(a.chars.value - 1, a.bytes.value, nchars, nbytes);
    auto adjust = [&](TextPos& p) {
        if (p.bytes >= b.bytes) {
            p.chars -= CharPos(static_cast<std::int64_t>(nchars));
            p.bytes -= BytePos(static_cast<std::int64_t>(nbytes));
        } else if (p.bytes > a.bytes) {
            p = a;
        }
    };
    for (Marker* m : m_markers)
        adjust(m->m_pos);
    adjust(m_point);
    if (m_props) {
        m_props->deleted(a.chars.value, b.chars.value);
        if (m_props->empty())
            m_props.reset();
    }
    note_changed_span(a.bytes, a.bytes);
}

void Buffer::overwrite(CharPos from, std::string_view bytes)
{
    check_accessible(from);
    const TextPos a = text_pos(from);
    const auto beg = static_cast<std::size_t>(a.bytes.value), end = beg + bytes.size();
    if (end > m_text.size())
        throw Error("args-out-of-range", "overwrite past the end of the buffer");
    const std::string old = m_text.substr(beg, end);
    // Characters start at the same bytes: the char index stays right.
    for (std::size_t i = 0; i < old.size(); ++i)
        if (is_continuation_byte(static_cast<unsigned char>(old[i])) !=
            is_continuation_byte(static_cast<unsigned char>(bytes[i])))
            throw Error("error", "overwrite must replace each character by one of the same width");
    const auto nchars = static_cast<std::int64_t>(count_chars(old.data(), old.size()));
    check_accessible(a.chars + CharPos(nchars));
    note_change();
    if (m_undo.enabled()) {
        m_undo.record_deletion(a.chars.value, old);
        m_undo.record_insertion(a.chars.value, a.chars.value + nchars);
    }
    m_lines.erasing(m_text, beg, end);
    m_text.overwrite(beg, bytes);
    m_lines.inserted(m_text, beg, bytes.size());
    note_changed_span(a.bytes, BytePos(static_cast<std::int64_t>(end)));
}

TextProperties& Buffer::ensure_text_properties()
{
    if (!m_props)
        m_props = std::make_unique<TextProperties>();
    return *m_props;
}

void Buffer::properties_changed(CharPos from, CharPos to)
{
    if (to < from)
        std::swap(from, to);
    note_change();
    note_changed_span(char_to_byte(from), char_to_byte(to));
}

void Buffer::erase()
{
    widen();
    delete_region(CharPos(1), CharPos(size() + 1));
}

void Buffer::narrow(CharPos from, CharPos to)
{
    if (to < from)
        std::swap(from, to);
    m_begv.set(*this, from);
    m_zv.set(*this, to);
    // Text inserted at the end of the region belongs to it.
    m_zv.set_advances(true);
    m_point = clamp(m_point.chars);
}

void Buffer::widen()
{
    m_begv.detach();
    m_zv.detach();
}

bool Buffer::undo()
{
    auto& entries = m_undo.entries();
    // A change since the last undo starts the walk again from the newest entry.
    if (m_tick != m_undo_tick || m_pending_undo > entries.size())
        m_pending_undo = entries.size();
    std::size_t end = m_pending_undo;
    while (end > 0 && entries[end - 1].kind == UndoEntry::Kind::Boundary)
        --end;
    if (end == 0)
        return false;
    std::size_t start = end;
    while (start > 0 && entries[start - 1].kind != UndoEntry::Kind::Boundary)
        --start;
    // Copy: applying the group appends to `entries`.
    std::vector<UndoEntry> group(entries.begin() + static_cast<std::ptrdiff_t>(start),
                                 entries.begin() + static_cast<std::ptrdiff_t>(end));
    m_undo.boundary();
    for (auto it = group.rbegin(); it != group.rend(); ++it)
        apply_undo_entry(*it);
    m_undo.boundary();
    m_pending_undo = start;
    m_undo_tick = m_tick;
    return true;
}

void Buffer::apply_undo_entry(const UndoEntry& e)
{
    auto in_range = [&](std::int64_t pos) { return pos >= point_min().value && pos <= point_max().value; };
    switch (e.kind) {
    case UndoEntry::Kind::Insertion:
        if (!in_range(e.beg) || !in_range(e.end))
            throw Error("error", "Changes to be undone are outside visible portion of buffer");
        delete_region(CharPos(e.beg), CharPos(e.end));
        goto_char(CharPos(e.beg));
        break;
    case UndoEntry::Kind::Deletion:
        if (!in_range(e.beg))
            throw Error("error", "Changes to be undone are outside visible portion of buffer");
        insert_at(CharPos(e.beg), e.text);
        goto_char(CharPos(e.beg + (e.end ? static_cast<std::int64_t>(count_chars(e.text)) : 0)));
        break;
    case UndoEntry::Kind::Unmodified:
        m_modified = false;
        break;
    case UndoEntry::Kind::Boundary:
        break;
    }
}

std::size_t Buffer::count_newlines(std::size_t from_byte, std::size_t to_byte) const
{
    // A short span is counted directly; a long one through the line index.
    if (to_byte - from_byte < 2 * LineIndex::block_bytes) {
        std::size_t n = 0;
        m_text.for_each_piece(from_byte, to_byte,
                              [&](std::string_view piece) { n += count_byte(piece.data(), piece.size(), '\n'); });
        return n;
    }
    return static_cast<std::size_t>(m_lines.newlines_before(m_text, to_byte) - m_lines.newlines_before(m_text, from_byte));
}

namespace {

// The position `to_byte`, knowing `from`: counts only the characters between.
TextPos walk(const GapBuffer& text, TextPos from, std::size_t to_byte)
{
    auto fb = static_cast<std::size_t>(from.bytes.value);
    std::size_t n = 0;
    if (to_byte >= fb)
        text.for_each_piece(fb, to_byte, [&](std::string_view p) { n += count_chars(p.data(), p.size()); });
    else
        text.for_each_piece(to_byte, fb, [&](std::string_view p) { n += count_chars(p.data(), p.size()); });
    auto chars = static_cast<std::int64_t>(n);
    return {CharPos(from.chars.value + (to_byte >= fb ? chars : -chars)),
            BytePos(static_cast<std::int64_t>(to_byte))};
}

} // namespace

CharPos Buffer::line_beginning(CharPos pos) const
{
    TextPos at = clamp(pos);
    auto lo = static_cast<std::size_t>(char_to_byte(point_min()).value);
    auto nl = m_text.rfind(lo, static_cast<std::size_t>(at.bytes.value), '\n');
    return walk(m_text, at, nl ? *nl + 1 : lo).chars;
}

CharPos Buffer::line_end(CharPos pos) const
{
    TextPos at = clamp(pos);
    auto hi = static_cast<std::size_t>(char_to_byte(point_max()).value);
    auto nl = m_text.find(static_cast<std::size_t>(at.bytes.value), hi, '\n');
    return walk(m_text, at, nl ? *nl : hi).chars;
}

std::int64_t Buffer::line_number_at(CharPos pos) const
{
    TextPos at = clamp(pos);
    auto lo = static_cast<std::size_t>(char_to_byte(point_min()).value);
    return 1 + static_cast<std::int64_t>(count_newlines(lo, static_cast<std::size_t>(at.bytes.value)));
}

std::optional<std::int64_t> Buffer::line_number_if_cheap(CharPos pos, std::size_t budget) const
{
    const auto at = static_cast<std::size_t>(clamp(pos).bytes.value);
    const auto lo = static_cast<std::size_t>(char_to_byte(point_min()).value);
    const std::size_t known = m_lines.indexed_bytes();
    // The index stops before the last, partial block: one block is always cheap.
    if (at > known && at - known > budget + LineIndex::block_bytes && at - lo >= 2 * LineIndex::block_bytes)
        return std::nullopt;
    return line_number_at(pos);
}

std::int64_t Buffer::count_lines(CharPos from, CharPos to) const
{
    if (to < from)
        std::swap(from, to);
    TextPos a = clamp(from), b = clamp(to);
    auto n = static_cast<std::int64_t>(
        count_newlines(static_cast<std::size_t>(a.bytes.value), static_cast<std::size_t>(b.bytes.value)));
    // A region that ends inside a line counts that line too.
    if (a != b && char_before(b.chars) != U'\n')
        ++n;
    return n;
}

std::int64_t Buffer::forward_line(std::int64_t n)
{
    auto begv = static_cast<std::size_t>(char_to_byte(point_min()).value);
    auto zv = static_cast<std::size_t>(char_to_byte(point_max()).value);
    auto here = static_cast<std::size_t>(m_point.bytes.value);
    const TextPos start = m_point;
    std::int64_t shortage;
    if (n > 0) {
        std::int64_t found = 0;
        while (found < n) {
            auto nl = m_text.find(here, zv, '\n');
            if (!nl) {
                here = zv;
                break;
            }
            here = *nl + 1;
            ++found;
        }
        shortage = n - found;
    } else {
        // Backward: the (1 - n)th newline before point ends the line before the target.
        std::int64_t wanted = 1 - n, found = 0;
        std::size_t cur = here;
        while (found < wanted) {
            auto nl = m_text.rfind(begv, cur, '\n');
            if (!nl)
                break;
            cur = *nl;
            ++found;
        }
        here = found == wanted ? cur + 1 : begv;
        shortage = wanted - found;
    }
    m_point = walk(m_text, start, here);
    // Emacs counts a partial last line as a line moved over.
    if (shortage > 0 &&
        (n <= 0 || (zv > begv && m_point != start && m_text[static_cast<std::size_t>(m_point.bytes.value) - 1] != '\n')))
        --shortage;
    return n <= 0 ? -shortage : shortage;
}

void Buffer::check_invariants() const
{
    auto fail = [](const char* what) {
        std::fprintf(stderr, "Buffer invariant broken: %s\n", what);
        std::abort();
    };
    std::string all = text();
    if (!is_valid_internal(all))
        fail("text is not well-formed internal text");
    if (count_chars(all) != m_index.chars() || all.size() != m_index.bytes())
        fail("char index totals");
    auto check_pos = [&](TextPos p, const char* what) {
        if (p.bytes.value < 0 || static_cast<std::size_t>(p.bytes.value) > all.size() ||
            static_cast<std::int64_t>(count_chars(all.data(), static_cast<std::size_t>(p.bytes.value))) !=
                p.chars.value - 1)
            fail(what);
    };
    check_pos(m_point, "point");
    for (std::size_t i = 0; i < m_markers.size(); ++i) {
        if (m_markers[i]->m_index != i || m_markers[i]->m_buffer != this)
            fail("marker table");
        check_pos(m_markers[i]->m_pos, "marker position");
    }
    if (m_point.chars < point_min() || m_point.chars > point_max())
        fail("point outside the accessible region");
    if (m_props) {
        m_props->check_invariants();
        if (!m_props->runs().empty() && m_props->runs().back().end > size() + 1)
            fail("text properties beyond the end");
    }
}

} // namespace gapmacs
