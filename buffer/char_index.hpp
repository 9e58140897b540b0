// CharIndex: char <-> byte conversion without scanning the buffer.
//
// While the text is all single-byte, chars == bytes and a conversion is O(1).
// Otherwise it starts from the nearest known (char, byte) pair: the start,
// the end, the hint the caller gives (point), the last lookup, and a sorted table of
// checkpoints left by earlier lookups, then counts characters over the
// distance (vectorized, several GB/s). A lookup that had to count far leaves
// a checkpoint, so repeated access anywhere is cheap.
//
// Checkpoints never need a pass over the table on an edit: those before the
// last edit position are stored as offsets from the start, those after it as
// offsets from the end. An edit at p only converts the checkpoints between
// the previous edit position and p (like moving a gap) and drops those inside
// a deletion.
#pragma once
#include <cstddef>
#include <optional>
#include <string_view>
#include <vector>

#include "core/position.hpp"

namespace gapmacs {

class GapBuffer;

class CharIndex final {
public:
    // Totals of the text, kept current by the buffer.
    CharCount chars() const { return CharCount(static_cast<std::int64_t>(m_chars)); }
    ByteCount bytes() const { return ByteCount(static_cast<std::int64_t>(m_bytes)); }
    bool single_byte() const { return m_chars == m_bytes; }

    // pos in 1..chars()+1 (0..bytes()); `hint` is a pair known to be right
    // (point), a cheap place to start counting from.
    BytePos char_to_byte(const GapBuffer& text, CharPos pos, TextPos hint);
    CharPos byte_to_char(const GapBuffer& text, BytePos pos, TextPos hint);

    // The buffer calls these when the text changes. insert_text counts the
    // characters of `text`, about to be inserted at `at`, and returns the
    // count; counting a large insertion leaves a checkpoint every kStride
    // bytes, so even a lookup in text never visited (1 GB of process output)
    // counts at most that far. `known` is the count when the inserter has
    // it: then only what the checkpoints need is counted (nothing for a
    // text of up to kStride bytes).
    CharCount insert_text(TextPos at, std::string_view text, std::optional<CharCount> known = std::nullopt);
    void deleted(TextPos at, TextCount n);
    void clear() { m_points.clear(); m_split = 0; m_chars = m_bytes = 0; m_last.reset(); }

    std::size_t checkpoint_count() const { return m_points.size(); }
    static constexpr std::size_t kStride = 64 * 1024;

private:
    // 0-based offsets, absolute or from the end (see above): the table's
    // own representation, never seen outside.
    struct Point { std::size_t chars, bytes; };
    static Point offsets(TextPos p)
    {
        return {static_cast<std::size_t>(p.chars.value - 1), static_cast<std::size_t>(p.bytes.value)};
    }
    Point absolute(std::size_t i) const;
    void move_split(std::size_t at_byte);
    void remember(std::size_t chars, std::size_t bytes);
    std::size_t last_checkpoint_before(std::size_t bytes) const;
    // Index of the first checkpoint whose `unit` (chars or bytes) is past target.
    std::size_t upper_bound(std::size_t target, std::size_t Point::*unit) const;
    // The known pair nearest to target, measured in `unit`.
    Point nearest(std::size_t target, std::size_t Point::*unit, Point hint) const;

    std::vector<Point> m_points; // sorted by position
    std::size_t m_split = 0;     // m_points[0, split) absolute; [split, n) from the end
    std::optional<Point> m_last; // the last lookup's answer, kept current across edits
    std::size_t m_chars = 0;
    std::size_t m_bytes = 0;
};

} // namespace gapmacs
