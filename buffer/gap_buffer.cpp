#include "buffer/gap_buffer.hpp"

#include <algorithm>
#include <cassert>
#include <cstdlib>
#include <cstring>
#include <new>

namespace gapmacs {

namespace {
// A gap move this long first trims an untouched trailing gap to kept_gap.
constexpr std::size_t long_move = std::size_t(1) << 24;
constexpr std::size_t kept_gap = std::size_t(1) << 20;
} // namespace

void GapBuffer::Free::operator()(char* p) const { std::free(p); }

GapBuffer::GapBuffer(std::size_t initial_gap)
{
    if (initial_gap == 0)
        initial_gap = 1;
    m_data.reset(static_cast<char*>(std::malloc(initial_gap)));
    if (!m_data)
        throw std::bad_alloc();
    m_capacity = initial_gap;
    m_gap_end = initial_gap;
}

void GapBuffer::move_gap(BytePos pos) { move_gap_to(pos.offset()); }

void GapBuffer::move_gap_to(std::size_t pos)
{
    assert(pos <= size().size());
    if (pos < m_gap_start && m_gap_start - pos >= long_move)
        trim_trailing_gap();
    char* d = m_data.get();
    // Cost: one memmove of the text between the old and the new gap position.
    if (pos < m_gap_start) {
        std::size_t n = m_gap_start - pos;
        std::memmove(d + m_gap_end - n, d + pos, n);
        m_gap_start = pos;
        m_gap_end -= n;
    } else if (pos > m_gap_start) {
        std::size_t n = pos - m_gap_start;
        std::memmove(d + m_gap_start, d + m_gap_end, n);
        m_gap_start += n;
        m_gap_end += n;
    }
}

// After streaming, the gap is the buffer's tail and up to a third of it was
// never written. Moving the gap back over the text (an insertion at its
// start, as a process's sentinel makes) would move the text into those
// pages and fault each: inserting a line at the start of 1 GB took 0.5 s.
// Giving them back first (realloc shrinks in place) leaves a move over
// memory already resident.
void GapBuffer::trim_trailing_gap()
{
    if (m_gap_end != m_capacity || raw_gap_size() <= kept_gap)
        return;
    const std::size_t new_capacity = m_gap_start + kept_gap;
    char* p = static_cast<char*>(std::realloc(m_data.get(), new_capacity));
    if (!p)
        return; // keeping the larger block is always correct
    (void)m_data.release();
    m_data.reset(p);
    m_capacity = m_gap_end = new_capacity;
}

void GapBuffer::grow(std::size_t needed)
{
    // Grow by at least half the capacity: amortized O(1) per inserted byte.
    [[maybe_unused]] const ByteCount text = size();
    std::size_t new_capacity = m_capacity + std::max(needed - raw_gap_size(), m_capacity / 2);
    char* p = static_cast<char*>(std::realloc(m_data.get(), new_capacity));
    if (!p)
        throw std::bad_alloc();
    (void)m_data.release();
    m_data.reset(p);
    // The text after the gap moves to the new end.
    std::size_t after = m_capacity - m_gap_end;
    std::memmove(p + new_capacity - after, p + m_gap_end, after);
    m_capacity = new_capacity;
    m_gap_end = new_capacity - after;
    assert(size() == text);
}

char* GapBuffer::reserve(BytePos at, ByteCount count)
{
    const std::size_t pos = at.offset(), n = count.size();
    // Grow before moving so that the move is over the smaller, old layout
    // when the gap is at the end (the streaming case: nothing to move).
    if (raw_gap_size() < n) {
        if (m_gap_start != pos)
            move_gap_to(pos);
        grow(n);
    } else {
        move_gap_to(pos);
    }
    return gap_data();
}

void GapBuffer::commit(ByteCount n)
{
    assert(n <= gap_size());
    m_gap_start += n.size();
}

void GapBuffer::insert(BytePos pos, std::string_view bytes)
{
    const ByteCount n(static_cast<std::int64_t>(bytes.size()));
    char* dst = reserve(pos, n);
    std::memcpy(dst, bytes.data(), bytes.size());
    commit(n);
}

void GapBuffer::erase(BytePos at, ByteCount count)
{
    const std::size_t pos = at.offset(), n = count.size();
    assert(pos + n <= size().size());
    // Deleting is widening the gap over the text: move it next to the range.
    if (pos + n == m_gap_start) {
        m_gap_start = pos;
    } else {
        move_gap_to(pos);
        m_gap_end += n;
    }
}

void GapBuffer::overwrite(BytePos pos, std::string_view bytes)
{
    const BytePos end = pos + ByteCount(static_cast<std::int64_t>(bytes.size()));
    assert(end <= this->end());
    std::size_t done = 0;
    for_each_piece(pos, end, [&](std::string_view piece) {
        std::memcpy(const_cast<char*>(piece.data()), bytes.data() + done, piece.size());
        done += piece.size();
    });
}

std::string GapBuffer::substr(BytePos from, BytePos to) const
{
    std::string out;
    out.reserve((to - from).size());
    for_each_piece(from, to, [&](std::string_view piece) { out.append(piece); });
    return out;
}

std::optional<BytePos> GapBuffer::find(BytePos from, BytePos to, char c) const
{
    std::optional<BytePos> result;
    BytePos at = from;
    for_each_piece(from, to, [&](std::string_view piece) {
        if (result)
            return;
        if (const void* hit = std::memchr(piece.data(), c, piece.size()))
            result = at + ByteCount(static_cast<const char*>(hit) - piece.data());
        at += ByteCount(static_cast<std::int64_t>(piece.size()));
    });
    return result;
}

std::optional<BytePos> GapBuffer::rfind(BytePos from_pos, BytePos to_pos, char c) const
{
    const std::size_t from = from_pos.offset(), to = to_pos.offset();
    // The piece after the gap first, then the one before it.
    if (from >= to)
        return std::nullopt;
    if (to > m_gap_start) {
        std::size_t lo = std::max(from, m_gap_start);
        const char* base = m_data.get() + raw_gap_size();
        if (const void* hit = memrchr(base + lo, c, to - lo))
            return BytePos(static_cast<const char*>(hit) - base);
    }
    if (from < m_gap_start) {
        std::size_t hi = std::min(to, m_gap_start);
        const char* base = m_data.get();
        if (const void* hit = memrchr(base + from, c, hi - from))
            return BytePos(static_cast<const char*>(hit) - base);
    }
    return std::nullopt;
}

std::string_view GapBuffer::contiguous(BytePos from_pos, BytePos to_pos)
{
    const std::size_t from = from_pos.offset(), to = to_pos.offset();
    if (from < m_gap_start && to > m_gap_start)
        move_gap_to(to - m_gap_start < m_gap_start - from ? to : from);
    if (to <= m_gap_start)
        return {m_data.get() + from, to - from};
    return {m_data.get() + from + raw_gap_size(), to - from};
}

} // namespace gapmacs
