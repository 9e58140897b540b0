// GapBuffer: bytes with a movable hole ("gap") where insertions happen.
//
//     [ text before gap ][ ...... gap ...... ][ text after gap ]
//     0             gap_start()          gap_end()         capacity()
//
// Inserting at the gap is a copy into it; inserting elsewhere first moves the
// gap with memmove (cost: the distance moved). When the gap is too small the
// storage grows by at least half its size (amortized O(1) per byte, never
// quadratic) with realloc, which glibc serves with mremap for large blocks:
// no copy, and gap pages cost no memory until written. A long move back over
// the text first gives such a trailing gap's pages back.
//
// The process reader writes straight into the gap: reserve(pos, n) moves the
// gap to pos and guarantees n free bytes, the caller read(2)s into
// gap_data(), then commit(k) turns the first k gap bytes into text.
#pragma once
#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "core/position.hpp"

namespace gapmacs {

// Positions are byte offsets into the text (the gap does not count), sizes
// are byte counts: the two cannot be swapped.
class GapBuffer final {
public:
    explicit GapBuffer(std::size_t initial_gap = 4096);
    GapBuffer(const GapBuffer&) = delete;
    GapBuffer& operator=(const GapBuffer&) = delete;

    ByteCount size() const { return ByteCount(static_cast<std::int64_t>(m_capacity - raw_gap_size())); }
    BytePos end() const { return BytePos(0) + size(); }
    BytePos gap_start() const { return BytePos(static_cast<std::int64_t>(m_gap_start)); }
    ByteCount gap_size() const { return ByteCount(static_cast<std::int64_t>(raw_gap_size())); }
    // Bytes allocated: text and gap.
    std::size_t capacity() const { return m_capacity; }

    char operator[](BytePos pos) const
    {
        const std::size_t p = pos.offset();
        return m_data.get()[p < m_gap_start ? p : p + raw_gap_size()];
    }

    void insert(BytePos pos, std::string_view bytes);
    void erase(BytePos pos, ByteCount n);
    void move_gap(BytePos pos);

    // Moves the gap to pos with at least n free bytes; returns gap_data().
    char* reserve(BytePos pos, ByteCount n);
    char* gap_data() { return m_data.get() + m_gap_start; }
    // The first n bytes of the gap (written by the caller) become text.
    void commit(ByteCount n);

    // Text before and after the gap: together, the whole text.
    std::string_view before_gap() const { return {m_data.get(), m_gap_start}; }
    std::string_view after_gap() const { return {m_data.get() + m_gap_end, m_capacity - m_gap_end}; }
    // Calls f(string_view) on the (at most two) pieces of [from, to).
    template <typename F> void for_each_piece(BytePos from, BytePos to, F&& f) const;

    std::string substr(BytePos from, BytePos to) const;
    // Offset of the first (last) byte c in [from, to), or nothing (memchr speed).
    std::optional<BytePos> find(BytePos from, BytePos to, char c) const;
    std::optional<BytePos> rfind(BytePos from, BytePos to, char c) const;
    // Writes bytes over [pos, pos + bytes.size()), across the gap if need be.
    void overwrite(BytePos pos, std::string_view bytes);
    // A contiguous view of [from, to): moves the gap out of the range if it is inside.
    std::string_view contiguous(BytePos from, BytePos to);

    // Exchanges the texts (buffer-swap-text).
    void swap(GapBuffer& other) noexcept
    {
        std::swap(m_data, other.m_data);
        std::swap(m_capacity, other.m_capacity);
        std::swap(m_gap_start, other.m_gap_start);
        std::swap(m_gap_end, other.m_gap_end);
    }

private:
    std::size_t raw_gap_size() const { return m_gap_end - m_gap_start; }
    void move_gap_to(std::size_t pos);
    void trim_trailing_gap();
    void grow(std::size_t needed);

    struct Free { void operator()(char* p) const; };
    std::unique_ptr<char, Free> m_data;
    std::size_t m_capacity = 0;
    std::size_t m_gap_start = 0;
    std::size_t m_gap_end = 0;
};

template <typename F>
void GapBuffer::for_each_piece(BytePos from_pos, BytePos to_pos, F&& f) const
{
    std::size_t from = from_pos.offset();
    const std::size_t to = to_pos.offset();
    if (from >= to)
        return;
    if (from < m_gap_start) {
        std::size_t end = to < m_gap_start ? to : m_gap_start;
        f(std::string_view(m_data.get() + from, end - from));
        from = end;
    }
    if (from < to)
        f(std::string_view(m_data.get() + from + raw_gap_size(), to - from));
}

} // namespace gapmacs
