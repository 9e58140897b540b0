#include "buffer/change_log.hpp"

#include <algorithm>

namespace gapmacs {

namespace {

ChangeLog::Span combined(ChangeLog::Span a, ChangeLog::Span b)
{
    return {std::min(a.beg, b.beg), std::min(a.end_unchanged, b.end_unchanged)};
}

} // namespace

void ChangeLog::record(Span span)
{
    ++m_tick;
    if (m_count == capacity) {
        // The two oldest fold into one: old readers get a wider answer.
        m_entries[1] = {m_entries[0].after, m_entries[1].upto, combined(m_entries[0].span, m_entries[1].span)};
        std::move(m_entries.begin() + 1, m_entries.end(), m_entries.begin());
        --m_count;
    }
    m_entries[m_count++] = {m_tick - 1, m_tick, span};
}

std::optional<ChangeLog::Span> ChangeLog::since(std::uint64_t since) const
{
    if (since >= m_tick)
        return std::nullopt;
    if (m_count == 0 || since < m_entries[0].after)
        return Span{BytePos(0), 0};
    std::optional<Span> out;
    for (std::size_t i = m_count; i-- > 0 && m_entries[i].upto > since;)
        out = out ? combined(*out, m_entries[i].span) : m_entries[i].span;
    return out;
}

} // namespace gapmacs
