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
    std::size_t chars() const { return m_chars; }
    std::size_t bytes() const { return m_bytes; }
    bool single_byte() const { return m_chars == m_bytes; }

    // Offsets here are 0-based in both units.
    std::size_t char_to_byte(const GapBuffer& text, std::size_t charpos, std::size_t hint_char, std::size_t hint_byte);
    std::size_t byte_to_char(const GapBuffer& text, std::size_t bytepos, std::size_t hint_char, std::size_t hint_byte);

    // The buffer calls these when the text changes. insert_text counts the
    // characters of `text`, about to be inserted at (at_char, at_byte), and
    // returns the count; counting a large insertion leaves a checkpoint every
    // kStride bytes, so even a lookup in text never visited (1 GB of process
    // output) counts at most that far.
    std::size_t insert_text(std::size_t at_char, std::size_t at_byte, std::string_view text);
    void deleted(std::size_t at_char, std::size_t at_byte, std::size_t nchars, std::size_t nbytes);
    void clear() { m_points.clear(); m_split = 0; m_chars = m_bytes = 0; m_last.reset(); }

    std::size_t checkpoint_count() const { return m_points.size(); }
    static constexpr std::size_t kStride = 64 * 1024;

private:
    struct Point { std::size_t chars, bytes; }; // absolute, or from the end (see above)
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
