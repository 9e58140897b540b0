#include "core/text_properties.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>

namespace gapmacs {

std::size_t TextProperties::first_ending_after(std::int64_t pos) const
{
    auto it = std::upper_bound(m_runs.begin(), m_runs.end(), pos,
                               [](std::int64_t p, const Run& r) { return p < r.end; });
    return static_cast<std::size_t>(it - m_runs.begin());
}

TextProperties::Plist TextProperties::at(std::int64_t pos) const
{
    std::size_t i = first_ending_after(pos);
    return i < m_runs.size() && m_runs[i].beg <= pos ? m_runs[i].plist : 0;
}

TextProperties::Run TextProperties::stretch(std::int64_t pos, std::int64_t lo, std::int64_t hi) const
{
    std::size_t i = first_ending_after(pos);
    if (i < m_runs.size() && m_runs[i].beg <= pos)
        return m_runs[i];
    return {i > 0 ? m_runs[i - 1].end : lo, i < m_runs.size() ? m_runs[i].beg : hi, 0};
}

void TextProperties::merge_at(std::size_t i)
{
    if (i + 1 >= m_runs.size() || m_runs[i].end != m_runs[i + 1].beg || m_runs[i].plist != m_runs[i + 1].plist)
        return;
    m_runs[i].end = m_runs[i + 1].end;
    m_runs.erase(m_runs.begin() + static_cast<std::ptrdiff_t>(i) + 1);
}

void TextProperties::set(std::int64_t beg, std::int64_t end, Plist plist)
{
    if (beg >= end)
        return;
    std::size_t i = first_ending_after(beg);
    std::size_t j = i;
    while (j < m_runs.size() && m_runs[j].beg < end)
        ++j;
    // Runs i..j-1 overlap [beg, end): keep their parts outside it.
    Run pieces[3];
    std::size_t n = 0;
    if (i < j && m_runs[i].beg < beg)
        pieces[n++] = {m_runs[i].beg, beg, m_runs[i].plist};
    if (plist != 0)
        pieces[n++] = {beg, end, plist};
    if (i < j && m_runs[j - 1].end > end)
        pieces[n++] = {end, m_runs[j - 1].end, m_runs[j - 1].plist};
    const auto first = m_runs.begin() + static_cast<std::ptrdiff_t>(i);
    m_runs.erase(first, m_runs.begin() + static_cast<std::ptrdiff_t>(j));
    m_runs.insert(m_runs.begin() + static_cast<std::ptrdiff_t>(i), pieces, pieces + n);
    // Merge from the right so that indexes on the left stay valid.
    const std::size_t last = i + n;
    for (std::size_t k = last; k-- > (i > 0 ? i - 1 : 0);)
        merge_at(k);
}

void TextProperties::copy_from(const TextProperties& src, std::int64_t src_beg, std::int64_t src_end,
                               std::int64_t at)
{
    const std::int64_t shift = at - src_beg;
    src.for_each(src_beg, src_end, [&](std::int64_t b, std::int64_t e, Plist p) {
        if (p != 0)
            set(b + shift, e + shift, p);
    });
}

void TextProperties::inserted(std::int64_t pos, std::int64_t n)
{
    if (n <= 0)
        return;
    std::size_t i = first_ending_after(pos);
    if (i < m_runs.size() && m_runs[i].beg < pos) {
        // The insertion splits this run; the new text sits between the parts.
        Run tail{pos, m_runs[i].end, m_runs[i].plist};
        m_runs[i].end = pos;
        m_runs.insert(m_runs.begin() + static_cast<std::ptrdiff_t>(i) + 1, tail);
        ++i;
    }
    for (; i < m_runs.size(); ++i) {
        m_runs[i].beg += n;
        m_runs[i].end += n;
    }
}

void TextProperties::deleted(std::int64_t beg, std::int64_t end)
{
    if (beg >= end)
        return;
    const std::int64_t n = end - beg;
    std::size_t i = first_ending_after(beg);
    std::size_t k = i;
    for (std::size_t j = i; j < m_runs.size(); ++j) {
        Run r = m_runs[j];
        if (r.beg < end) {
            // Overlaps the deletion: keep what lies outside it.
            const std::int64_t left = std::max<std::int64_t>(0, beg - r.beg);
            const std::int64_t right = std::max<std::int64_t>(0, r.end - end);
            if (left + right == 0)
                continue;
            r.beg = std::min(r.beg, beg);
            r.end = r.beg + left + right;
        } else {
            r.beg -= n;
            r.end -= n;
        }
        m_runs[k++] = r;
    }
    m_runs.resize(k);
    if (i > 0)
        merge_at(i - 1);
    merge_at(i);
}

void TextProperties::check_invariants() const
{
    for (std::size_t i = 0; i < m_runs.size(); ++i) {
        const Run& r = m_runs[i];
        bool bad = r.beg >= r.end || r.plist == 0;
        if (i > 0) {
            const Run& p = m_runs[i - 1];
            bad |= p.end > r.beg || (p.end == r.beg && p.plist == r.plist);
        }
        if (bad) {
            std::fprintf(stderr, "TextProperties invariant broken at run %zu\n", i);
            std::abort();
        }
    }
}

} // namespace gapmacs
