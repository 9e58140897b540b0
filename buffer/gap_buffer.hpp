// GapBuffer: bytes with a movable hole ("gap") where insertions happen.
//
//     [ text before gap ][ ...... gap ...... ][ text after gap ]
//     0             gap_start()          gap_end()         capacity()
//
// Inserting at the gap is a copy into it; inserting elsewhere first moves the
// gap with memmove (cost: the distance moved). When the gap is too small the
// storage grows by at least half its size (amortized O(1) per byte, never
// quadratic) with realloc, which glibc serves with mremap for large blocks:
// no copy, and gap pages cost no memory until written.
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

namespace gapmacs {

class GapBuffer final {
public:
    explicit GapBuffer(std::size_t initial_gap = 4096);
    GapBuffer(const GapBuffer&) = delete;
    GapBuffer& operator=(const GapBuffer&) = delete;

    std::size_t size() const { return m_capacity - gap_size(); }
    std::size_t gap_start() const { return m_gap_start; }
    std::size_t gap_size() const { return m_gap_end - m_gap_start; }
    std::size_t capacity() const { return m_capacity; }

    char operator[](std::size_t pos) const
    {
        return m_data.get()[pos < m_gap_start ? pos : pos + gap_size()];
    }

    void insert(std::size_t pos, std::string_view bytes);
    void erase(std::size_t pos, std::size_t n);
    void move_gap(std::size_t pos);

    // Moves the gap to pos with at least n free bytes; returns gap_data().
    char* reserve(std::size_t pos, std::size_t n);
    char* gap_data() { return m_data.get() + m_gap_start; }
    // The first n bytes of the gap (written by the caller) become text.
    void commit(std::size_t n);

    // Text before and after the gap: together, the whole text.
    std::string_view before_gap() const { return {m_data.get(), m_gap_start}; }
    std::string_view after_gap() const { return {m_data.get() + m_gap_end, m_capacity - m_gap_end}; }
    // Calls f(string_view) on the (at most two) pieces of [from, to).
    template <typename F> void for_each_piece(std::size_t from, std::size_t to, F&& f) const;

    std::string substr(std::size_t from, std::size_t to) const;
    // Offset of the first (last) byte c in [from, to), or nothing (memchr speed).
    std::optional<std::size_t> find(std::size_t from, std::size_t to, char c) const;
    std::optional<std::size_t> rfind(std::size_t from, std::size_t to, char c) const;
    // Writes bytes over [pos, pos + bytes.size()), across the gap if need be.
    void overwrite(std::size_t pos, std::string_view bytes);
    // A contiguous view of [from, to): moves the gap out of the range if it is inside.
    std::string_view contiguous(std::size_t from, std::size_t to);

private:
    void grow(std::size_t needed);

    struct Free { void operator()(char* p) const; };
    std::unique_ptr<char, Free> m_data;
    std::size_t m_capacity = 0;
    std::size_t m_gap_start = 0;
    std::size_t m_gap_end = 0;
};

template <typename F>
void GapBuffer::for_each_piece(std::size_t from, std::size_t to, F&& f) const
{
    if (from >= to)
        return;
    if (from < m_gap_start) {
        std::size_t end = to < m_gap_start ? to : m_gap_start;
        f(std::string_view(m_data.get() + from, end - from));
        from = end;
    }
    if (from < to)
        f(std::string_view(m_data.get() + from + gap_size(), to - from));
}

} // namespace gapmacs
