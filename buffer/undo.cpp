#include "buffer/undo.hpp"

namespace gapmacs {

void UndoList::set_enabled(bool enabled)
{
    m_enabled = enabled;
    if (!enabled)
        m_entries.clear();
}

void UndoList::record_insertion(std::int64_t beg, std::int64_t end)
{
    if (!m_enabled)
        return;
    // Amalgamate with the previous insertion when this one extends it, as
    // Emacs's record_insert does: streaming output stays one entry.
    if (!m_entries.empty()) {
        UndoEntry& last = m_entries.back();
        if (last.kind == UndoEntry::Kind::Insertion && last.end == beg) {
            last.end = end;
            return;
        }
    }
    m_entries.push_back({UndoEntry::Kind::Insertion, beg, end, {}});
}

void UndoList::record_deletion(std::int64_t beg, std::string text)
{
    if (!m_enabled)
        return;
    m_entries.push_back({UndoEntry::Kind::Deletion, beg, 0, std::move(text)});
}

void UndoList::record_unmodified()
{
    if (!m_enabled)
        return;
    m_entries.push_back({UndoEntry::Kind::Unmodified, 0, 0, {}});
}

void UndoList::boundary()
{
    if (!m_enabled || m_entries.empty() || m_entries.back().kind == UndoEntry::Kind::Boundary)
        return;
    m_entries.push_back({UndoEntry::Kind::Boundary, 0, 0, {}});
}

} // namespace gapmacs
