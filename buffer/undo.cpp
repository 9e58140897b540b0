#include "buffer/undo.hpp"

#include <algorithm>
#include <climits>
#include <stdexcept>

namespace gapmacs {

void UndoList::set_enabled(bool enabled)
{
    m_enabled = enabled;
    if (!enabled)
        clear();
}

void UndoList::record_insertion(CharPos beg, CharPos end)
{
    if (!m_enabled)
        return;
    // Amalgamate with the previous insertion when this one extends it, as
    // Emacs's record_insert does: streaming output stays one entry.
    if (!m_entries.empty()) {
        if (auto* last = std::get_if<UndoEntry::Insertion>(&m_entries.back().what); last && last->end == beg) {
            last->end = end;
            return;
        }
    }
    m_entries.push_back({UndoEntry::Insertion{beg, end}});
}

void UndoList::record_deletion(CharPos at, std::string_view text, bool point_was_at_end)
{
    if (!m_enabled)
        return;
    if (text.size() > UINT32_MAX)
        throw std::length_error("a deletion of 4 GiB or more is not kept for undo");
    const std::uint64_t offset = m_deleted.size();
    m_deleted.append(text);
    m_entries.push_back({UndoEntry::Deletion{at, offset, static_cast<std::uint32_t>(text.size()), point_was_at_end}});
}

void UndoList::record_unmodified(std::uint64_t generation)
{
    if (!m_enabled)
        return;
    m_entries.push_back({UndoEntry::Unmodified{generation}});
}

void UndoList::truncate(std::size_t size)
{
    // Texts are in entry order: the first deletion dropped starts what goes.
    for (std::size_t i = size; i < m_entries.size(); ++i) {
        if (const auto* d = std::get_if<UndoEntry::Deletion>(&m_entries[i].what)) {
            m_deleted.resize(d->text_offset);
            break;
        }
    }
    if (size < m_entries.size())
        m_entries.resize(size);
    while (!m_undo_groups.empty() && m_undo_groups.back().end > size)
        m_undo_groups.pop_back();
}

std::size_t UndoList::end_of_changes(std::size_t end) const
{
    end = std::min(end, m_entries.size());
    while (end > 0 && m_entries[end - 1].is<UndoEntry::Boundary>())
        --end;
    return end;
}

const UndoList::UndoGroup* UndoList::undo_group_ending_at(std::size_t end) const
{
    end = end_of_changes(end);
    for (auto it = m_undo_groups.rbegin(); it != m_undo_groups.rend() && it->end >= end; ++it)
        if (it->end == end)
            return &*it;
    return nullptr;
}

void UndoList::boundary()
{
    if (!m_enabled || m_entries.empty() || m_entries.back().is<UndoEntry::Boundary>())
        return;
    m_entries.push_back({UndoEntry::Boundary{}});
}

} // namespace gapmacs
