#include "buffer/gap_buffer.hpp"

#include <algorithm>
#include <cassert>
#include <cstdlib>
#include <cstring>
#include <new>

namespace gapmacs {

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

void GapBuffer::move_gap(std::size_t pos)
{
    assert(pos <= size());
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

void GapBuffer::grow(std::size_t needed)
{
    // Grow by at least half the capacity: amortized O(1) per inserted byte.
    [[maybe_unused]] std::size_t text = size();
    std::size_t new_capacity = m_capacity + std::max(needed - gap_size(), m_capacity / 2);
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

char* GapBuffer::reserve(std::size_t pos, std::size_t n)
{
    // Grow before moving so that the move is over the smaller, old layout
    // when the gap is at the end (the streaming case: nothing to move).
    if (gap_size() < n) {
        if (m_gap_start != pos)
            move_gap(pos);
        grow(n);
    } else {
        move_gap(pos);
    }
    return gap_data();
}

void GapBuffer::commit(std::size_t n)
{
    assert(n <= gap_size());
    m_gap_start += n;
}

void GapBuffer::insert(std::size_t pos, std::string_view bytes)
{
    char* dst = reserve(pos, bytes.size());
    std::memcpy(dst, bytes.data(), bytes.size());
    commit(bytes.size());
}

void GapBuffer::erase(std::size_t pos, std::size_t n)
{
    assert(pos + n <= size());
    // Deleting is widening the gap over the text: move it next to the range.
    if (pos + n == m_gap_start) {
        m_gap_start = pos;
    } else {
        move_gap(pos);
        m_gap_end += n;
    }
}

void GapBuffer::overwrite(std::size_t pos, std::string_view bytes)
{
    assert(pos + bytes.size() <= size());
    std::size_t done = 0;
    for_each_piece(pos, pos + bytes.size(), [&](std::string_view piece) {
        std::memcpy(const_cast<char*>(piece.data()), bytes.data() + done, piece.size());
        done += piece.size();
    });
}

std::string GapBuffer::substr(std::size_t from, std::size_t to) const
{
    std::string out;
    out.reserve(to - from);
    for_each_piece(from, to, [&](std::string_view piece) { out.append(piece); });
    return out;
}

std::optional<std::size_t> GapBuffer::find(std::size_t from, std::size_t to, char c) const
{
    std::optional<std::size_t> result;
    std::size_t at = from;
    for_each_piece(from, to, [&](std::string_view piece) {
        if (result)
            return;
        if (const void* hit = std::memchr(piece.data(), c, piece.size()))
            result = at + (static_cast<const char*>(hit) - piece.data());
        at += piece.size();
    });
    return result;
}

std::optional<std::size_t> GapBuffer::rfind(std::size_t from, std::size_t to, char c) const
{
    // The piece after the gap first, then the one before it.
    if (from >= to)
        return std::nullopt;
    if (to > m_gap_start) {
        std::size_t lo = std::max(from, m_gap_start);
        const char* base = m_data.get() + gap_size();
        if (const void* hit = memrchr(base + lo, c, to - lo))
            return static_cast<const char*>(hit) - base;
    }
    if (from < m_gap_start) {
        std::size_t hi = std::min(to, m_gap_start);
        const char* base = m_data.get();
        if (const void* hit = memrchr(base + from, c, hi - from))
            return static_cast<const char*>(hit) - base;
    }
    return std::nullopt;
}

std::string_view GapBuffer::contiguous(std::size_t from, std::size_t to)
{
    if (from < m_gap_start && to > m_gap_start)
        move_gap(to - m_gap_start < m_gap_start - from ? to : from);
    if (to <= m_gap_start)
        return {m_data.get() + from, to - from};
    return {m_data.get() + from + gap_size(), to - from};
}

} // namespace gapmacs
