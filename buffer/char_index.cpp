#include "buffer/char_index.hpp"

#include <algorithm>
#include <cassert>

#include "buffer/gap_buffer.hpp"
#include "core/utf8.hpp"

namespace gapmacs {

namespace {

// A lookup that counted over more bytes than this leaves a checkpoint, so at
// most one checkpoint per kCheckpointGap bytes exists and no later lookup
// counts further than that from one (about 1 us at several GB/s).
constexpr std::size_t kCheckpointGap = 4096;

// Counting goes by blocks, so a scan costs the distance to the target, not
// the size of the piece it lies in. Blocks start small (short hops are the
// common case: the last lookup is usually near) and double up to kBlock.
constexpr std::size_t kFirstBlock = 64;
constexpr std::size_t kBlock = 8192;

// Skips `nchars` characters forward from byte `from`; returns the byte offset.
std::size_t scan_forward(const GapBuffer& text, std::size_t from, std::size_t nchars)
{
    std::size_t at = from;
    bool found = false;
    text.for_each_piece(BytePos(static_cast<std::int64_t>(from)), text.end(), [&](std::string_view piece) {
        for (std::size_t off = 0, block_size = kFirstBlock; !found && off < piece.size();
             block_size = std::min(2 * block_size, kBlock)) {
            std::size_t len = std::min(block_size, piece.size() - off);
            const char* block = piece.data() + off;
            std::size_t n = count_chars(block, len);
            if (nchars < n) {
                at += advance_chars(block, len, nchars);
                found = true;
                return;
            }
            nchars -= n;
            at += len;
            off += len;
        }
    });
    assert(found || nchars == 0);
    return at;
}

// Goes back `nchars` characters from byte `from`; returns the byte offset.
std::size_t scan_backward(const GapBuffer& text, std::size_t from, std::size_t nchars)
{
    std::size_t at = from; // the scan has reached back to here
    auto step = [&](const char* base, std::size_t len) {
        // Blocks from the end of [base, base + len) backwards.
        for (std::size_t block_size = kFirstBlock; len > 0; block_size = std::min(2 * block_size, kBlock)) {
            std::size_t blen = std::min(block_size, len);
            const char* block = base + len - blen;
            std::size_t n = count_chars(block, blen);
            if (n >= nchars) {
                auto* u = reinterpret_cast<const unsigned char*>(block);
                for (std::size_t i = blen; i-- > 0;) {
                    if (!is_continuation_byte(u[i]) && --nchars == 0) {
                        at -= blen - i;
                        return true;
                    }
                }
            }
            nchars -= n;
            at -= blen;
            len -= blen;
        }
        return false;
    };
    if (nchars == 0)
        return from;
    const std::size_t gap = text.gap_start().offset();
    if (from > gap && step(text.after_gap().data(), from - gap))
        return at;
    step(text.before_gap().data(), std::min(from, gap));
    return at;
}

std::size_t count_between(const GapBuffer& text, std::size_t from, std::size_t to)
{
    std::size_t n = 0;
    text.for_each_piece(BytePos(static_cast<std::int64_t>(from)), BytePos(static_cast<std::int64_t>(to)),
                        [&](std::string_view piece) { n += count_chars(piece.data(), piece.size()); });
    return n;
}

std::size_t distance(std::size_t a, std::size_t b) { return a < b ? b - a : a - b; }

} // namespace

CharIndex::Point CharIndex::absolute(std::size_t i) const
{
    const Point& p = m_points[i];
    return i < m_split ? p : Point{m_chars - p.chars, m_bytes - p.bytes};
}

void CharIndex::move_split(std::size_t at_byte)
{
    // Afterwards, checkpoints at or before at_byte are absolute, the others
    // relative to the end: an edit at at_byte changes neither kind.
    while (m_split > 0 && m_points[m_split - 1].bytes > at_byte) {
        Point& p = m_points[--m_split];
        p = {m_chars - p.chars, m_bytes - p.bytes};
    }
    while (m_split < m_points.size() && absolute(m_split).bytes <= at_byte) {
        m_points[m_split] = absolute(m_split);
        ++m_split;
    }
}

CharCount CharIndex::insert_text(TextPos at, std::string_view text, std::optional<CharCount> known)
{
    const auto [at_char, at_byte] = offsets(at);
    if (!m_points.empty())
        move_split(at_byte);
    // Counted in strides; a stride end far enough from the last checkpoint
    // becomes one (stored absolute: it lies at or after the split).
    std::size_t prev = last_checkpoint_before(at_byte);
    std::size_t nchars = 0, off = 0;
    std::vector<Point> found;
    while (off < text.size()) {
        std::size_t len = std::min(kStride, text.size() - off);
        // The last stride needs no count of its own when the total is known.
        nchars = known && off + len == text.size() ? known->size() : nchars + count_chars(text.data() + off, len);
        off += len;
        if (at_byte + off - prev >= kStride && off < text.size()) {
            found.push_back({at_char + nchars, at_byte + off});
            prev = at_byte + off;
        }
    }
    m_chars += nchars;
    m_bytes += text.size();
    if (m_last && m_last->bytes > at_byte)
        *m_last = {m_last->chars + nchars, m_last->bytes + text.size()};
    // Entries after the split are relative to the end, which the insertion
    // did not move; the new ones go right before them.
    m_points.insert(m_points.begin() + static_cast<std::ptrdiff_t>(m_split), found.begin(), found.end());
    m_split += found.size();
    return CharCount(static_cast<std::int64_t>(nchars));
}

std::size_t CharIndex::last_checkpoint_before(std::size_t bytes) const
{
    std::size_t i = upper_bound(bytes, &Point::bytes);
    return i > 0 ? absolute(i - 1).bytes : 0;
}

void CharIndex::deleted(TextPos at, TextCount n)
{
    const std::size_t at_byte = offsets(at).bytes;
    const auto nchars = static_cast<std::size_t>(n.chars.value), nbytes = static_cast<std::size_t>(n.bytes.value);
    if (!m_points.empty()) {
        move_split(at_byte);
        // Checkpoints strictly inside the deleted text no longer exist.
        std::size_t end = m_split;
        while (end < m_points.size() && absolute(end).bytes < at_byte + nbytes)
            ++end;
        m_points.erase(m_points.begin() + m_split, m_points.begin() + end);
    }
    if (m_last && m_last->bytes >= at_byte + nbytes)
        *m_last = {m_last->chars - nchars, m_last->bytes - nbytes};
    else if (m_last && m_last->bytes > at_byte)
        m_last.reset();
    m_chars -= nchars;
    m_bytes -= nbytes;
}

void CharIndex::remember(std::size_t chars, std::size_t bytes)
{
    std::size_t lo = upper_bound(bytes, &Point::bytes); // the first checkpoint after `bytes`
    if (lo < m_split || (lo == m_split && m_split == m_points.size())) {
        m_points.insert(m_points.begin() + lo, Point{chars, bytes});
        ++m_split;
    } else {
        m_points.insert(m_points.begin() + lo, Point{m_chars - chars, m_bytes - bytes});
    }
}

std::size_t CharIndex::upper_bound(std::size_t target, std::size_t Point::*unit) const
{
    std::size_t lo = 0, hi = m_points.size();
    while (lo < hi) {
        std::size_t mid = (lo + hi) / 2;
        if (absolute(mid).*unit <= target)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

CharIndex::Point CharIndex::nearest(std::size_t target, std::size_t Point::*unit, Point hint) const
{
    // Candidates: start, end, the hint (point), the last lookup, and the
    // checkpoints either side of the target.
    Point best{0, 0};
    auto consider = [&](Point p) {
        if (distance(p.*unit, target) < distance(best.*unit, target))
            best = p;
    };
    consider({m_chars, m_bytes});
    consider(hint);
    if (m_last)
        consider(*m_last);
    std::size_t i = upper_bound(target, unit);
    if (i > 0)
        consider(absolute(i - 1));
    if (i < m_points.size())
        consider(absolute(i));
    return best;
}

BytePos CharIndex::char_to_byte(const GapBuffer& text, CharPos pos, TextPos hint)
{
    const auto charpos = static_cast<std::size_t>(pos.value - 1);
    if (single_byte())
        return BytePos(static_cast<std::int64_t>(charpos));
    Point best = nearest(charpos, &Point::chars, offsets(hint));
    std::size_t byte = best.chars <= charpos ? scan_forward(text, best.bytes, charpos - best.chars)
                                             : scan_backward(text, best.bytes, best.chars - charpos);
    if (distance(byte, best.bytes) > kCheckpointGap)
        remember(charpos, byte);
    m_last = Point{charpos, byte};
    return BytePos(static_cast<std::int64_t>(byte));
}

CharPos CharIndex::byte_to_char(const GapBuffer& text, BytePos pos, TextPos hint)
{
    const std::size_t bytepos = pos.offset();
    if (single_byte())
        return CharPos(static_cast<std::int64_t>(bytepos) + 1);
    Point best = nearest(bytepos, &Point::bytes, offsets(hint));
    std::size_t chars = best.bytes <= bytepos ? best.chars + count_between(text, best.bytes, bytepos)
                                              : best.chars - count_between(text, bytepos, best.bytes);
    if (distance(bytepos, best.bytes) > kCheckpointGap)
        remember(chars, bytepos);
    m_last = Point{chars, bytepos};
    return CharPos(static_cast<std::int64_t>(chars) + 1);
}

} // namespace gapmacs
