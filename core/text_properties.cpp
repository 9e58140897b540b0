#include "core/text_properties.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <iterator>
#include <optional>

namespace gapmacs {

TextProperties::Run TextProperties::run(Loc l) const
{
    const Block& b = m_blocks[l.block];
    const Run& r = b.runs[l.index];
    return {r.beg + b.shift, r.end + b.shift, r.plist};
}

void TextProperties::put(Loc l, Run r)
{
    Block& b = m_blocks[l.block];
    b.plists_known &= b.runs[l.index].plist == r.plist;
    b.runs[l.index] = {r.beg - b.shift, r.end - b.shift, r.plist};
}

void TextProperties::know_plists(const Block& b)
{
    b.plists.clear();
    for (const Run& r : b.runs)
        if (b.plists.empty() || b.plists.back() != r.plist)
            b.plists.push_back(r.plist);
    std::sort(b.plists.begin(), b.plists.end());
    b.plists.erase(std::unique(b.plists.begin(), b.plists.end()), b.plists.end());
    b.plists.shrink_to_fit();
    b.plists_known = true;
}

TextProperties::Loc TextProperties::next(Loc l) const
{
    if (++l.index == m_blocks[l.block].runs.size())
        return {l.block + 1, 0};
    return l;
}

TextProperties::Loc TextProperties::prev(Loc l) const
{
    if (l.index > 0)
        return {l.block, l.index - 1};
    return {l.block - 1, m_blocks[l.block - 1].runs.size() - 1};
}

TextProperties::Loc TextProperties::first_ending_after(std::int64_t pos) const
{
    auto block = std::upper_bound(m_blocks.begin(), m_blocks.end(), pos, [](std::int64_t p, const Block& b) {
        return p < b.runs.back().end + b.shift;
    });
    if (block == m_blocks.end())
        return {m_blocks.size(), 0};
    const std::int64_t rel = pos - block->shift;
    auto r = std::upper_bound(block->runs.begin(), block->runs.end(), rel,
                              [](std::int64_t p, const Run& run) { return p < run.end; });
    return {static_cast<std::size_t>(block - m_blocks.begin()), static_cast<std::size_t>(r - block->runs.begin())};
}

TextProperties::Loc TextProperties::erase(Loc l)
{
    auto& runs = m_blocks[l.block].runs;
    runs.erase(runs.begin() + static_cast<std::ptrdiff_t>(l.index));
    m_blocks[l.block].plists_known = false;
    if (runs.empty()) {
        m_blocks.erase(m_blocks.begin() + static_cast<std::ptrdiff_t>(l.block));
        return {l.block, 0};
    }
    return l.index == runs.size() ? Loc{l.block + 1, 0} : l;
}

TextProperties::Loc TextProperties::insert(Loc l, Run r)
{
    if (m_blocks.empty()) {
        m_blocks.push_back({0, {r}});
        return {0, 0};
    }
    if (!valid(l)) // at the end: the last block's end
        l = {m_blocks.size() - 1, m_blocks.back().runs.size()};
    Block& b = m_blocks[l.block];
    b.runs.insert(b.runs.begin() + static_cast<std::ptrdiff_t>(l.index), {r.beg - b.shift, r.end - b.shift, r.plist});
    b.plists_known = false;
    if (b.runs.size() <= 2 * m_block_runs)
        return l;
    // Split in halves; the new block shares the shift.
    const std::size_t half = b.runs.size() / 2;
    Block tail{b.shift, {b.runs.begin() + static_cast<std::ptrdiff_t>(half), b.runs.end()}, {}, false};
    b.runs.resize(half);
    m_blocks.insert(m_blocks.begin() + static_cast<std::ptrdiff_t>(l.block) + 1, std::move(tail));
    return l.index < half ? l : Loc{l.block + 1, l.index - half};
}

void TextProperties::shift_from(Loc l, std::int64_t n)
{
    if (!valid(l))
        return;
    for (auto r = m_blocks[l.block].runs.begin() + static_cast<std::ptrdiff_t>(l.index);
         r != m_blocks[l.block].runs.end(); ++r) {
        r->beg += n;
        r->end += n;
    }
    for (std::size_t b = l.block + 1; b < m_blocks.size(); ++b)
        m_blocks[b].shift += n;
}

void TextProperties::merge_at(std::int64_t pos)
{
    const Loc left = first_ending_after(pos - 1);
    if (!valid(left))
        return;
    const Loc right = next(left);
    if (!valid(right))
        return;
    Run l = run(left);
    const Run r = run(right);
    if (l.end != pos || r.beg != pos || l.plist != r.plist)
        return;
    l.end = r.end;
    put(left, l);
    erase(right);
}

std::int64_t TextProperties::end() const
{
    return m_blocks.empty() ? 0 : m_blocks.back().runs.back().end + m_blocks.back().shift;
}

TextProperties::Plist TextProperties::at(std::int64_t pos) const
{
    const Loc l = first_ending_after(pos);
    if (!valid(l))
        return 0;
    const Run r = run(l);
    return r.beg <= pos ? r.plist : 0;
}

TextProperties::Run TextProperties::stretch(std::int64_t pos, std::int64_t lo, std::int64_t hi) const
{
    const Loc l = first_ending_after(pos);
    if (valid(l) && run(l).beg <= pos)
        return run(l);
    const bool first = l.block == 0 && l.index == 0;
    return {first || m_blocks.empty() ? lo : run(prev(l)).end, valid(l) ? run(l).beg : hi, 0};
}

void TextProperties::set(std::int64_t beg, std::int64_t end, Plist plist)
{
    if (beg >= end)
        return;
    // The runs overlapping [beg, end) go; their parts outside it stay.
    Run pieces[3];
    std::size_t n = 0;
    Loc l = first_ending_after(beg);
    if (valid(l) && run(l).beg < beg)
        pieces[n++] = {run(l).beg, beg, run(l).plist};
    if (plist != 0)
        pieces[n++] = {beg, end, plist};
    std::optional<Run> right;
    while (valid(l) && run(l).beg < end) {
        const Run r = run(l);
        if (r.end > end)
            right = Run{end, r.end, r.plist};
        l = erase(l);
    }
    if (right)
        pieces[n++] = *right;
    for (std::size_t i = 0; i < n; ++i)
        l = next(insert(l, pieces[i]));
    merge_at(end);
    merge_at(beg);
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
    Loc l = first_ending_after(pos);
    if (valid(l) && run(l).beg < pos) {
        // The insertion splits this run; the new text sits between the parts.
        Run head = run(l);
        const Run tail{pos, head.end, head.plist};
        head.end = pos;
        put(l, head);
        l = insert(next(l), tail);
    }
    shift_from(l, n);
}

void TextProperties::deleted(std::int64_t beg, std::int64_t end)
{
    if (beg >= end)
        return;
    Loc l = first_ending_after(beg);
    while (valid(l) && run(l).beg < end) {
        // Overlaps the deletion: keep what lies outside it.
        Run r = run(l);
        const std::int64_t left = std::max<std::int64_t>(0, beg - r.beg);
        const std::int64_t right = std::max<std::int64_t>(0, r.end - end);
        if (left + right == 0) {
            l = erase(l);
            continue;
        }
        r.beg = std::min(r.beg, beg);
        r.end = r.beg + left + right;
        put(l, r);
        l = next(l);
    }
    shift_from(l, beg - end);
    merge_at(beg);
}

void TextProperties::check_invariants() const
{
    bool bad = false;
    for (const Block& b : m_blocks) {
        bad |= b.runs.empty() || b.runs.size() > 2 * m_block_runs;
        if (b.plists_known) {
            const std::vector<Plist> known = b.plists;
            know_plists(b);
            bad |= known != b.plists;
        }
    }
    std::optional<Run> last;
    std::size_t i = 0;
    for_each_run([&](const Run& r) {
        bool wrong = r.beg >= r.end || r.plist == 0;
        if (last)
            wrong |= last->end > r.beg || (last->end == r.beg && last->plist == r.plist);
        if (wrong && !bad)
            std::fprintf(stderr, "TextProperties invariant broken at run %zu\n", i);
        bad |= wrong;
        last = r;
        ++i;
    });
    if (bad) {
        std::fprintf(stderr, "TextProperties invariants broken (%zu blocks)\n", m_blocks.size());
        std::abort();
    }
}

} // namespace gapmacs
