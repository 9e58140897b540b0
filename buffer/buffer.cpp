#include "buffer/buffer.hpp"

#include <algorithm>
#include <cassert>
#include <cstdlib>
#include <cstring>
#include <utility>

#include "core/error.hpp"
#include "core/prefault.hpp"
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
    m_markers.clear([](Marker& m) { m.m_buffer = nullptr; });
    m_overlays.clear([](Overlay& o) { o.m_buffer = nullptr; });
}

void Buffer::register_marker(Marker& m, TextPos pos)
{
    m.m_buffer = this;
    m_markers.insert(m, pos);
}

void Buffer::unregister_marker(Marker& m)
{
    m_markers.erase(m);
    m.m_buffer = nullptr;
}

CharPos Buffer::point_min() const { return m_narrowed ? m_begv.chars : CharPos(1); }

CharPos Buffer::point_max() const { return m_narrowed ? m_zv.chars : CharPos(size() + 1); }

BytePos Buffer::char_to_byte(CharPos pos) const
{
    assert(pos.value >= 1 && pos.value <= size() + 1);
    return m_index.char_to_byte(m_text, pos, m_point);
}

CharPos Buffer::byte_to_char(BytePos pos) const
{
    assert(pos.value >= 0 && pos <= m_text.end());
    return m_index.byte_to_char(m_text, pos, m_point);
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
    return m_text.substr(char_to_byte(from), char_to_byte(to));
}

std::optional<char32_t> Buffer::char_after(CharPos pos) const
{
    if (pos < point_min() || pos >= point_max())
        return std::nullopt;
    const BytePos b = char_to_byte(pos);
    char bytes[max_internal_char_length];
    int len = internal_char_length(static_cast<unsigned char>(m_text[b]));
    for (int i = 0; i < len; ++i)
        bytes[i] = m_text[b + ByteCount(i)];
    return decode_internal_char(bytes, bytes + len);
}

std::optional<char32_t> Buffer::char_before(CharPos pos) const
{
    if (pos <= point_min() || pos > point_max())
        return std::nullopt;
    return char_after(pos - CharCount(1));
}

void Buffer::note_change(bool text)
{
    check_writable();
    assert(!m_writing && "no change may come while a Writer is open");
    if (!m_modified)
        m_undo.record_unmodified(m_saved_generation);
    m_modified = true;
    ++m_tick;
    if (text)
        m_chars_tick = m_tick;
}

void Buffer::set_modified(bool modified) { m_modified = modified; }

void Buffer::set_saved()
{
    m_modified = false;
    ++m_saved_generation;
}

namespace {

ByteCount length(std::string_view text) { return ByteCount(static_cast<std::int64_t>(text.size())); }

constexpr std::size_t kPrefaultInsertion = 16 * 1024;

} // namespace

CharPos Buffer::insert(std::string_view text, std::optional<CharCount> chars)
{
    const CharPos end = insert_at(point(), text, false, chars);
    // insert leaves point after the text, wherever point-insertion rules put it.
    m_point = text_pos(end);
    return end;
}

CharPos Buffer::insert_at(CharPos pos, std::string_view text) { return insert_at(pos, text, false, std::nullopt); }

CharPos Buffer::insert_before_markers(CharPos pos, std::string_view text, std::optional<CharCount> chars)
{
    return insert_at(pos, text, true, chars);
}

CharPos Buffer::insert_at(CharPos pos, std::string_view text, bool before_markers, std::optional<CharCount> chars)
{
    assert(is_valid_internal(text) || !"insert_at needs internal text");
    Writer w = reserve(pos, length(text));
    // A large insertion usually lands in gap pages never touched (a
    // process filter's chunks at the end of a growing buffer): populating
    // them in one call costs less than a fault for each page in the copy.
    if (text.size() >= kPrefaultInsertion)
        prefault(w.data(), text.size());
    std::memcpy(w.data(), text.data(), text.size());
    return chars ? w.commit(TextCount{*chars, length(text)}, before_markers) : w.commit(length(text), before_markers);
}

Buffer::Writer Buffer::reserve(CharPos pos, ByteCount nbytes)
{
    check_writable();
    check_accessible(pos);
    assert(!m_writing && "one Writer at a time");
    const TextPos at = text_pos(pos);
    char* gap = m_text.reserve(at.bytes, nbytes);
    m_writing = true;
    return Writer(*this, at, gap, nbytes);
}

CharPos Buffer::Writer::commit(ByteCount n, bool before_markers)
{
    assert(m_buffer && "a Writer commits once");
    assert(n <= m_room);
    Buffer& b = *std::exchange(m_buffer, nullptr);
    b.m_writing = false;
    return b.commit_insertion(m_at, n, before_markers, std::nullopt);
}

CharPos Buffer::Writer::commit(TextCount n, bool before_markers)
{
    assert(m_buffer && "a Writer commits once");
    assert(n.bytes <= m_room);
    assert(n.chars.size() == count_chars(m_data, n.bytes.size()));
    Buffer& b = *std::exchange(m_buffer, nullptr);
    b.m_writing = false;
    return b.commit_insertion(m_at, n.bytes, before_markers, n.chars);
}

CharPos Buffer::commit_insertion(TextPos at, ByteCount nbytes, bool before_markers, std::optional<CharCount> chars)
{
    if (nbytes == ByteCount(0))
        return at.chars;
    assert(nbytes <= m_text.gap_size());
    note_change();
    const CharCount nchars = m_index.insert_text(at, std::string_view(m_text.gap_data(), nbytes.size()), chars);
    m_text.commit(nbytes);
    inserted(at, {nchars, nbytes}, before_markers);
    return at.chars + nchars;
}

void Buffer::note_changed_span(BytePos beg, BytePos end, bool text)
{
    const ChangeLog::Span span{beg, (m_text.end() - end).value};
    m_changes.record(span);
    if (text)
        m_text_changes.record(span);
}

void Buffer::display_changed(CharPos from, CharPos to)
{
    if (to < from)
        std::swap(from, to);
    const CharPos max(size() + 1);
    note_changed_span(char_to_byte(std::clamp(from, CharPos(1), max)), char_to_byte(std::clamp(to, CharPos(1), max)),
                      false);
}

void Buffer::inserted(TextPos at, TextCount delta, bool before_markers)
{
    note_changed_span(at.bytes, at.bytes + delta.bytes);
    m_lines.inserted(m_text, at.bytes, delta.bytes);
    m_markers.text_inserted(at, delta, before_markers);
    m_overlays.text_inserted(at.chars, delta.chars, before_markers);
    auto shift_if = [&](TextPos& p, bool moves) {
        if (moves) {
            p.chars += delta.chars;
            p.bytes += delta.bytes;
        }
    };
    shift_if(m_point, m_point.bytes > at.bytes || (m_point.bytes == at.bytes && before_markers));
    if (m_narrowed) {
        // Text inserted at BEGV stays inside the narrowing, even before
        // markers; text inserted at ZV belongs to it.
        shift_if(m_begv, m_begv.bytes > at.bytes);
        shift_if(m_zv, m_zv.bytes >= at.bytes);
    }
    m_undo.record_insertion(at.chars, at.chars + delta.chars);
    if (m_props)
        m_props->inserted(at.chars.value, delta.chars.value);
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
    const TextCount n{b.chars - a.chars, b.bytes - a.bytes};
    if (m_undo.enabled())
        m_undo.record_deletion(a.chars, m_text.substr(a.bytes, b.bytes), m_point == b);
    m_lines.erasing(m_text, a.bytes, b.bytes);
    m_text.erase(a.bytes, n.bytes);
    m_index.deleted(a, n);
    auto adjust = [&](TextPos& p) {
        if (p.bytes >= b.bytes) {
            p.chars -= n.chars;
            p.bytes -= n.bytes;
        } else if (p.bytes > a.bytes) {
            p = a;
        }
    };
    m_markers.text_deleted(a, b);
    m_overlays.text_deleted(a.chars, b.chars);
    adjust(m_point);
    if (m_narrowed) {
        adjust(m_begv);
        adjust(m_zv);
    }
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
    const BytePos beg = a.bytes, end = beg + length(bytes);
    if (end > m_text.end())
        throw Error("args-out-of-range", "overwrite past the end of the buffer");
    const std::string old = m_text.substr(beg, end);
    // Characters start at the same bytes: the char index stays right.
    for (std::size_t i = 0; i < old.size(); ++i)
        if (is_continuation_byte(static_cast<unsigned char>(old[i])) !=
            is_continuation_byte(static_cast<unsigned char>(bytes[i])))
            throw Error("error", "overwrite must replace each character by one of the same width");
    const CharCount nchars(static_cast<std::int64_t>(count_chars(old.data(), old.size())));
    check_accessible(a.chars + nchars);
    note_change();
    if (m_undo.enabled()) {
        m_undo.record_deletion(a.chars, old, false);
        m_undo.record_insertion(a.chars, a.chars + nchars);
    }
    m_lines.erasing(m_text, beg, end);
    m_text.overwrite(beg, bytes);
    m_lines.inserted(m_text, beg, length(bytes));
    note_changed_span(a.bytes, end);
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
    note_change(false);
    note_changed_span(char_to_byte(from), char_to_byte(to), false);
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
    const CharPos end(size() + 1);
    m_begv = text_pos(std::clamp(from, CharPos(1), end));
    m_zv = text_pos(std::clamp(to, CharPos(1), end));
    m_narrowed = true;
    m_point = clamp(m_point.chars);
}

void Buffer::widen() { m_narrowed = false; }

void Buffer::swap_text(Buffer& other)
{
    if (&other == this)
        return;
    assert(!m_writing && !other.m_writing && "no change may come while a Writer is open");
    // Each buffer keeps its mark object (the Lisp mark marker views it);
    // the positions go with the text.
    const std::optional<CharPos> mark_here = m_mark.position(), mark_there = other.m_mark.position();
    m_mark.detach();
    other.m_mark.detach();

    m_text.swap(other.m_text);
    std::swap(m_index, other.m_index);
    std::swap(m_lines, other.m_lines);
    std::swap(m_point, other.m_point);
    std::swap(m_narrowed, other.m_narrowed);
    std::swap(m_begv, other.m_begv);
    std::swap(m_zv, other.m_zv);
    m_markers.swap(other.m_markers);
    m_overlays.swap(other.m_overlays);
    std::swap(m_undo, other.m_undo);
    std::swap(m_pending_undo, other.m_pending_undo);
    std::swap(m_saved_generation, other.m_saved_generation);
    std::swap(m_props, other.m_props);

    for (Buffer* b : {this, &other}) {
        b->m_markers.for_each([b](Marker& m, TextPos) { m.m_buffer = b; });
        b->m_overlays.for_each([b](Overlay& o, CharPos, CharPos) { o.m_buffer = b; });
        // As any change: ticks move on, both count as modified (Emacs
        // bumps both texts' modiff), readers of the change log draw
        // everything again.
        b->m_modified = true;
        ++b->m_tick;
        b->m_chars_tick = b->m_tick;
        b->note_changed_span(BytePos(0), b->m_text.end());
    }
    if (mark_there)
        m_mark.set(*this, *mark_there);
    if (mark_here)
        other.m_mark.set(other, *mark_here);
}

bool Buffer::undo()
{
    auto& entries = m_undo.entries();
    // A change since the last undo starts the walk again from the newest entry.
    if (m_tick != m_undo_tick || m_pending_undo > entries.size())
        m_pending_undo = entries.size();
    const std::size_t end = m_undo.end_of_changes(m_pending_undo);
    if (end == 0)
        return false;
    std::size_t start = end;
    while (start > 0 && !entries[start - 1].is<UndoEntry::Boundary>())
        --start;
    m_undo.boundary();
    const std::size_t recorded_from = entries.size();
    revert_entries(start, end);
    if (m_undo.end_of_changes() > recorded_from)
        m_undo.note_undo_group({recorded_from, m_undo.end_of_changes(), start});
    m_undo.boundary();
    m_pending_undo = start;
    m_undo_tick = m_tick;
    return true;
}

void Buffer::restart_undo(bool skip_undone)
{
    m_pending_undo = m_undo.entries().size();
    if (skip_undone)
        while (const auto* g = m_undo.undo_group_ending_at(m_pending_undo))
            m_pending_undo = g->continue_at;
    m_undo_tick = m_tick;
}

bool Buffer::redo()
{
    const UndoList::UndoGroup* last = m_undo.last_undo_group();
    if (!last)
        return false;
    const UndoList::UndoGroup g = *last;
    {
        // As Emacs's undo-redo: the undo's changes go, and so does its record.
        UndoList::Pause pause(m_undo);
        revert_entries(g.begin, g.end);
    }
    m_undo.truncate(g.begin);
    const UndoList::UndoGroup* below = m_undo.undo_group_ending_at(m_undo.entries().size());
    m_pending_undo = below ? below->continue_at : m_undo.entries().size();
    m_undo_tick = m_tick;
    return true;
}

bool Buffer::next_undo_is_redo() const
{
    const std::size_t from = m_tick != m_undo_tick ? m_undo.entries().size() : m_pending_undo;
    return m_undo.undo_group_ending_at(from) != nullptr;
}

void Buffer::revert_entries(std::size_t begin, std::size_t end)
{
    // A copy: reverting records new entries, which may move the deque's.
    const auto& entries = m_undo.entries();
    const std::vector<UndoEntry> group(entries.begin() + static_cast<std::ptrdiff_t>(begin),
                                       entries.begin() + static_cast<std::ptrdiff_t>(end));
    for (auto it = group.rbegin(); it != group.rend(); ++it)
        apply_undo_entry(*it);
}

void Buffer::apply_undo_entry(const UndoEntry& e)
{
    auto in_range = [&](CharPos pos) { return pos >= point_min() && pos <= point_max(); };
    auto outside = [] { throw Error("error", "Changes to be undone are outside visible portion of buffer"); };
    if (auto* ins = std::get_if<UndoEntry::Insertion>(&e.what)) {
        if (!in_range(ins->beg) || !in_range(ins->end))
            outside();
        delete_region(ins->beg, ins->end);
        goto_char(ins->beg);
    } else if (auto* del = std::get_if<UndoEntry::Deletion>(&e.what)) {
        if (!in_range(del->at))
            outside();
        // A copy: the arena it lives in may grow while it is inserted.
        const std::string text(m_undo.text_of(*del));
        insert_at(del->at, text);
        const CharCount n(del->point_was_at_end ? static_cast<std::int64_t>(count_chars(text)) : 0);
        goto_char(del->at + n);
    } else if (auto* u = std::get_if<UndoEntry::Unmodified>(&e.what)) {
        if (u->generation == m_saved_generation)
            m_modified = false;
    }
}

std::size_t Buffer::count_newlines(BytePos from, BytePos to) const
{
    // A short span is counted directly; a long one through the line index.
    if ((to - from).size() < 2 * LineIndex::block_bytes) {
        std::size_t n = 0;
        m_text.for_each_piece(from, to, [&](std::string_view piece) { n += count_byte(piece.data(), piece.size(), '\n'); });
        return n;
    }
    return static_cast<std::size_t>(m_lines.newlines_before(m_text, to) - m_lines.newlines_before(m_text, from));
}

namespace {

// The position `to`, knowing `from`: counts only the characters between.
TextPos walk(const GapBuffer& text, TextPos from, BytePos to)
{
    std::size_t n = 0;
    auto count = [&](std::string_view p) { n += count_chars(p.data(), p.size()); };
    if (to >= from.bytes)
        text.for_each_piece(from.bytes, to, count);
    else
        text.for_each_piece(to, from.bytes, count);
    const CharCount chars(static_cast<std::int64_t>(n));
    return {to >= from.bytes ? from.chars + chars : from.chars - chars, to};
}

} // namespace

CharPos Buffer::line_beginning(CharPos pos) const
{
    TextPos at = clamp(pos);
    const BytePos lo = char_to_byte(point_min());
    auto nl = m_text.rfind(lo, at.bytes, '\n');
    return walk(m_text, at, nl ? *nl + ByteCount(1) : lo).chars;
}

CharPos Buffer::line_end(CharPos pos) const
{
    TextPos at = clamp(pos);
    const BytePos hi = char_to_byte(point_max());
    auto nl = m_text.find(at.bytes, hi, '\n');
    return walk(m_text, at, nl ? *nl : hi).chars;
}

std::int64_t Buffer::line_number_at(CharPos pos) const
{
    TextPos at = clamp(pos);
    return 1 + static_cast<std::int64_t>(count_newlines(char_to_byte(point_min()), at.bytes));
}

std::optional<std::int64_t> Buffer::line_number_if_cheap(CharPos pos, std::size_t budget) const
{
    const auto at = clamp(pos).bytes.offset();
    const auto lo = char_to_byte(point_min()).offset();
    const std::size_t known = m_lines.indexed_end().offset();
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
    auto n = static_cast<std::int64_t>(count_newlines(a.bytes, b.bytes));
    // A region that ends inside a line counts that line too.
    if (a != b && char_before(b.chars) != U'\n')
        ++n;
    return n;
}

std::int64_t Buffer::forward_line(std::int64_t n)
{
    const BytePos begv = char_to_byte(point_min());
    const BytePos zv = char_to_byte(point_max());
    BytePos here = m_point.bytes;
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
            here = *nl + ByteCount(1);
            ++found;
        }
        shortage = n - found;
    } else {
        // Backward: the (1 - n)th newline before point ends the line before the target.
        std::int64_t wanted = 1 - n, found = 0;
        BytePos cur = here;
        while (found < wanted) {
            auto nl = m_text.rfind(begv, cur, '\n');
            if (!nl)
                break;
            cur = *nl;
            ++found;
        }
        here = found == wanted ? cur + ByteCount(1) : begv;
        shortage = wanted - found;
    }
    m_point = walk(m_text, start, here);
    // Emacs counts a partial last line as a line moved over.
    if (shortage > 0 &&
        (n <= 0 || (zv > begv && m_point != start && m_text[m_point.bytes - ByteCount(1)] != '\n')))
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
    if (count_chars(all) != m_index.chars().size() || all.size() != m_index.bytes().size())
        fail("char index totals");
    auto check_pos = [&](TextPos p, const char* what) {
        if (p.bytes.value < 0 || static_cast<std::size_t>(p.bytes.value) > all.size() ||
            static_cast<std::int64_t>(count_chars(all.data(), static_cast<std::size_t>(p.bytes.value))) !=
                p.chars.value - 1)
            fail(what);
    };
    check_pos(m_point, "point");
    if (!m_markers.consistent())
        fail("marker tree");
    if (!m_overlays.consistent())
        fail("overlay tree");
    m_overlays.for_each([&](const Overlay& o, CharPos, CharPos e) {
        if (o.buffer() != this || e > CharPos(size() + 1))
            fail("overlay");
    });
    m_markers.for_each([&](const Marker& m, TextPos p) {
        if (m.m_buffer != this)
            fail("marker table");
        check_pos(p, "marker position");
    });
    if (m_narrowed) {
        check_pos(m_begv, "narrowing start");
        check_pos(m_zv, "narrowing end");
        if (m_zv.chars < m_begv.chars)
            fail("narrowing out of order");
    }
    if (m_point.chars < point_min() || m_point.chars > point_max())
        fail("point outside the accessible region");
    if (m_props) {
        m_props->check_invariants();
        if (m_props->end() > size() + 1)
            fail("text properties beyond the end");
    }
}

} // namespace gapmacs
