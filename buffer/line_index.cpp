#include "buffer/line_index.hpp"

#include <algorithm>
#include <cassert>

#include "core/utf8.hpp"

namespace gapmacs {

std::uint64_t LineIndex::count(const GapBuffer& text, std::size_t from, std::size_t to)
{
    std::uint64_t n = 0;
    text.for_each_piece(BytePos(static_cast<std::int64_t>(from)), BytePos(static_cast<std::int64_t>(to)), [&](std::string_view piece) { n += count_byte(piece.data(), piece.size(), '\n'); });
    return n;
}

// After an edit only the sums past its block are stale: re-adding them is
// one pass over the blocks (16,000 for 1 GB), never over the text.
void LineIndex::refresh_sums()
{
    const std::size_t n = m_blocks.size();
    m_start.resize(n + 1);
    m_before.resize(n + 1);
    for (std::size_t k = std::max<std::size_t>(m_clean, 1); k <= n; ++k) {
        m_start[k] = m_start[k - 1] + m_blocks[k - 1].bytes;
        m_before[k] = m_before[k - 1] + m_blocks[k - 1].newlines;
    }
    m_clean = n + 1;
}

std::size_t LineIndex::block_at(std::size_t byte)
{
    assert(byte < m_indexed);
    refresh_sums();
    auto end = m_start.begin() + static_cast<std::ptrdiff_t>(m_blocks.size());
    return static_cast<std::size_t>(std::upper_bound(m_start.begin(), end, byte) - m_start.begin()) - 1;
}

void LineIndex::append_block(const GapBuffer& text, std::size_t bytes)
{
    refresh_sums();
    const std::uint64_t n = count(text, m_indexed, m_indexed + bytes);
    m_blocks.push_back({bytes, n});
    m_indexed += bytes;
    m_start.push_back(m_indexed);
    m_before.push_back(m_before.back() + n);
    m_clean = m_blocks.size() + 1;
}

std::uint64_t LineIndex::newlines_before(const GapBuffer& text, BytePos pos)
{
    const std::size_t byte = std::min(pos.offset(), text.size().size());
    while (m_indexed + block_bytes <= byte)
        append_block(text, block_bytes);
    if (byte >= m_indexed) {
        refresh_sums();
        return m_before.back() + count(text, m_indexed, byte);
    }
    const std::size_t k = block_at(byte);
    return m_before[k] + count(text, m_start[k], byte);
}

void LineIndex::inserted(const GapBuffer& text, BytePos at_pos, ByteCount count_inserted)
{
    const std::size_t at = at_pos.offset(), n = count_inserted.size();
    if (at >= m_indexed || n == 0)
        return; // beyond the prefix: counted when first asked
    const std::size_t k = block_at(at);
    m_blocks[k].bytes += n;
    m_blocks[k].newlines += count(text, at, at + n);
    m_indexed += n;
    changed(k);
    if (m_blocks[k].bytes > 2 * block_bytes)
        split(text, k);
}

// A block grown by insertions is counted again in block-sized pieces, so a
// lookup never reads more than a block.
void LineIndex::split(const GapBuffer& text, std::size_t k)
{
    const std::size_t from = m_start[k], to = from + m_blocks[k].bytes;
    std::vector<Block> pieces;
    for (std::size_t p = from; p < to; p += block_bytes) {
        const std::size_t e = std::min(p + block_bytes, to);
        pieces.push_back({e - p, count(text, p, e)});
    }
    m_blocks.erase(m_blocks.begin() + static_cast<std::ptrdiff_t>(k));
    m_blocks.insert(m_blocks.begin() + static_cast<std::ptrdiff_t>(k), pieces.begin(), pieces.end());
    changed(k);
}

void LineIndex::erasing(const GapBuffer& text, BytePos from_pos, BytePos to_pos)
{
    const std::size_t from = from_pos.offset(), to = to_pos.offset();
    if (from >= m_indexed || from >= to)
        return;
    const std::size_t first = block_at(from);
    if (to > m_indexed) {
        // The deletion runs past the prefix: the prefix ends where it starts.
        m_indexed = m_start[first];
        m_blocks.resize(first);
        changed(first);
        return;
    }
    const std::size_t last = block_at(to - 1);
    auto take = [&](std::size_t k, std::size_t a, std::size_t b) {
        m_blocks[k].bytes -= b - a;
        m_blocks[k].newlines -= count(text, a, b);
    };
    if (first == last) {
        take(first, from, to);
    } else {
        // Whole blocks in between go without reading them.
        take(first, from, m_start[first + 1]);
        take(last, m_start[last], to);
        m_blocks.erase(m_blocks.begin() + static_cast<std::ptrdiff_t>(first + 1),
                       m_blocks.begin() + static_cast<std::ptrdiff_t>(last));
    }
    m_indexed -= to - from;
    std::erase_if(m_blocks, [](const Block& b) { return b.bytes == 0; });
    changed(first);
}

bool LineIndex::index_some(const GapBuffer& text, std::size_t budget)
{
    for (std::size_t done = 0; done < budget && m_indexed + block_bytes <= text.size().size(); done += block_bytes)
        append_block(text, block_bytes);
    return m_indexed + block_bytes <= text.size().size();
}

} // namespace gapmacs
