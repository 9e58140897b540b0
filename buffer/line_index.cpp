#include "buffer/line_index.hpp"

#include <algorithm>

#include "core/utf8.hpp"

namespace gapmacs {

std::uint64_t LineIndex::count(const GapBuffer& text, std::size_t from, std::size_t to)
{
    std::uint64_t n = 0;
    text.for_each_piece(from, to, [&](std::string_view piece) { n += count_byte(piece.data(), piece.size(), '\n'); });
    return n;
}

std::uint64_t LineIndex::newlines_before(const GapBuffer& text, std::size_t byte)
{
    byte = std::min(byte, text.size());
    const std::size_t block = byte / block_bytes;
    // m_before.size() - 1 blocks are complete and counted.
    while (m_before.size() <= block) {
        const std::size_t k = m_before.size() - 1;
        m_before.push_back(m_before.back() + count(text, k * block_bytes, (k + 1) * block_bytes));
    }
    return m_before[block] + count(text, block * block_bytes, byte);
}

void LineIndex::invalidate_from(std::size_t byte)
{
    const std::size_t block = byte / block_bytes;
    if (m_before.size() > block + 1)
        m_before.resize(block + 1);
}

bool LineIndex::index_some(const GapBuffer& text, std::size_t budget)
{
    const std::size_t full_blocks = text.size() / block_bytes;
    std::size_t done = 0;
    while (m_before.size() <= full_blocks && done < budget) {
        const std::size_t k = m_before.size() - 1;
        m_before.push_back(m_before.back() + count(text, k * block_bytes, (k + 1) * block_bytes));
        done += block_bytes;
    }
    return m_before.size() <= full_blocks;
}

} // namespace gapmacs
