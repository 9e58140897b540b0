// LineIndex: how many newlines come before a byte offset, answered without
// reading the text each time.
//
// The indexed prefix of the text is cut into blocks that each know their
// length and their newlines. Blocks start at 64 KiB; an edit inside the
// prefix changes only the block it falls in (typing into the middle of a
// 1 GB buffer recounts nothing), a block that grows past twice the size is
// cut again, and text beyond the prefix (process output appended at the end)
// costs nothing until a line number is asked there. Line numbers in the mode
// line, line-number-at-pos and count-lines use it.
#pragma once
#include <cstdint>
#include <vector>

#include "buffer/gap_buffer.hpp"

namespace gapmacs {

class LineIndex final {
public:
    static constexpr std::size_t block_bytes = 64 * 1024;

    // Newlines in [0, byte) of text.
    std::uint64_t newlines_before(const GapBuffer& text, BytePos byte);
    // How far from the start newlines are counted: newlines_before(byte)
    // reads at most (byte - indexed_end()) bytes beyond a block.
    BytePos indexed_end() const { return BytePos(static_cast<std::int64_t>(m_indexed)); }

    // After n bytes were inserted at `at` (they are in text already).
    void inserted(const GapBuffer& text, BytePos at, ByteCount n);
    // Before [from, to) is deleted (the bytes are still in text).
    void erasing(const GapBuffer& text, BytePos from, BytePos to);

    // Extends the index by at most `budget` bytes (an idle-time job, so a
    // later jump to the end of a large buffer is instant); returns true
    // while there is more to index.
    bool index_some(const GapBuffer& text, std::size_t budget);

private:
    struct Block {
        std::size_t bytes;
        std::uint64_t newlines;
    };
    static std::uint64_t count(const GapBuffer& text, std::size_t from, std::size_t to);
    // The block holding byte (< m_indexed), with the sums up to date.
    std::size_t block_at(std::size_t byte);
    void refresh_sums();
    void append_block(const GapBuffer& text, std::size_t bytes);
    void split(const GapBuffer& text, std::size_t k);
    void changed(std::size_t k) { m_clean = std::min(m_clean, k + 1); }

    std::vector<Block> m_blocks; // cover [0, m_indexed)
    std::size_t m_indexed = 0;
    // Running sums: m_start[k] bytes and m_before[k] newlines before block
    // k, one entry more than blocks; entries below m_clean are right.
    std::vector<std::size_t> m_start{0};
    std::vector<std::uint64_t> m_before{0};
    std::size_t m_clean = 1;
};

} // namespace gapmacs
