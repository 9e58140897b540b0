#include "buffer/undo.hpp"

namespace gapmacs {

void UndoList::set_enabled(bool enabled)
{
    m_enabled = enabled;
    if (!enabled)
        m_entries.clear();
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

void UndoList::record_deletion(CharPos at, std::string text, bool point_was_at_end)
{
    if (!m_enabled)
        return;
    m_entries.push_back({UndoEntry::Deletion{at, std::move(text), point_was_at_end}});
}

void UndoList::record_unmodified()
{
    if (!m_enabled)
        return;
    m_entries.push_back({UndoEntry::Unmodified{}});
}

void UndoList::boundary()
{
    if (!m_enabled || m_entries.empty() || m_entries.back().is<UndoEntry::Boundary>())
        return;
    m_entries.push_back({UndoEntry::Boundary{}});
}

} // namespace gapmacs
