// LineIndex: how many newlines come before a byte offset, answered without
// reading the text each time.
//
// The text is cut into fixed blocks of bytes; the index keeps the number of
// newlines before each block for a prefix of the blocks, and extends that
// prefix on demand (reading each block once). An edit invalidates only the
// blocks from the one it touched on, so typing at the end of a 1 GB buffer,
// or anywhere before the position asked about, costs nothing to recount.
// Line numbers in the mode line, line-number-at-pos and count-lines use it.
#pragma once
#include <cstdint>
#include <vector>

#include "buffer/gap_buffer.hpp"

namespace gapmacs {

class LineIndex final {
public:
    static constexpr std::size_t block_bytes = 64 * 1024;

    // Newlines in [0, byte) of text.
    std::uint64_t newlines_before(const GapBuffer& text, std::size_t byte);
    // The text changed from `byte` on: blocks from there are recounted when asked.
    void invalidate_from(std::size_t byte);
    // Extends the index by at most `budget` bytes (an idle-time job, so a
    // later jump to the end of a large buffer is instant); returns true
    // while there is more to index.
    bool index_some(const GapBuffer& text, std::size_t budget);

private:
    static std::uint64_t count(const GapBuffer& text, std::size_t from, std::size_t to);
    // m_before[k]: newlines before block k, for the valid blocks.
    std::vector<std::uint64_t> m_before{0};
};

} // namespace gapmacs
