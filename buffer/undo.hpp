// UndoList: the record of changes that `undo` reverts, in Emacs's terms.
//
// Entries are appended as the buffer changes; a Boundary separates command
// groups. Consecutive insertions that extend each other amalgamate into one
// entry, so streaming output costs O(1) undo memory. An Unmodified entry marks
// the first change after the buffer was last unmodified, with the generation
// of the file state then: undoing past it clears the modified flag only if no
// save or visit came since (Emacs compares the visited file's modtime).
#pragma once
#include <cstddef>
#include <cstdint>
#include <deque>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "core/position.hpp"

namespace gapmacs {

// Each kind of entry holds what undoing it needs, and nothing else.
struct UndoEntry {
    // Text inserted at [beg, end): undo deletes it.
    struct Insertion {
        CharPos beg, end;
    };
    // Text (internal) was deleted from `at`: undo inserts it again, and puts
    // point after it if point was at the end of the deleted text. The text
    // is in the list's arena (UndoList::text_of): an entry is 32 bytes and no
    // allocation of its own, so 3 million replacements cost 200 MB, not 700.
    struct Deletion {
        CharPos at;
        std::uint64_t text_offset = 0;
        std::uint32_t text_bytes = 0;
        bool point_was_at_end = false;
    };
    // Separates command groups.
    struct Boundary {};
    // The first change after the buffer was unmodified in generation
    // `generation`: undoing past it clears the modified flag if that is
    // still the buffer's saved generation.
    struct Unmodified {
        std::uint64_t generation;
    };

    std::variant<Insertion, Deletion, Boundary, Unmodified> what;

    template <typename T> bool is() const { return std::holds_alternative<T>(what); }
};

class UndoList final {
public:
    bool enabled() const { return m_enabled; }
    // Disabling drops the history, as buffer-disable-undo does.
    void set_enabled(bool enabled);

    void record_insertion(CharPos beg, CharPos end);
    void record_deletion(CharPos at, std::string_view text, bool point_was_at_end);
    // The text a deletion entry removed (valid until the list changes).
    std::string_view text_of(const UndoEntry::Deletion& d) const { return {m_deleted.data() + d.text_offset, d.text_bytes}; }
    void record_unmodified(std::uint64_t generation);
    // Ends a command group; a no-op when the list is empty or already ends with one.
    void boundary();

    // Stops recording for its lifetime, keeping the history (a change that
    // undo must not see, as subst-char-in-region's NOUNDO).
    class Pause {
    public:
        explicit Pause(UndoList& list) : m_list(list), m_was(list.m_enabled) { list.m_enabled = false; }
        ~Pause() { m_list.m_enabled = m_was; }
        Pause(const Pause&) = delete;
        Pause& operator=(const Pause&) = delete;

    private:
        UndoList& m_list;
        bool m_was;
    };

    // A deque: growing never copies the whole history (a vector's doubling
    // did, at twice its size, in the middle of a big replace).
    using Entries = std::deque<UndoEntry>;
    const Entries& entries() const { return m_entries; }
    Entries& entries() { return m_entries; }
    void clear()
    {
        m_entries.clear();
        m_undo_groups.clear();
        m_deleted.clear();
        m_deleted.shrink_to_fit();
    }
    // Drops the entries from `size` on (a redo takes back an undo's group).
    void truncate(std::size_t size);

    // A group of entries [begin, end) that `undo` recorded while reverting
    // older changes; `continue_at` is where that undo sequence would go on
    // (Emacs's undo-equiv-table). Kept in order, newest last.
    struct UndoGroup {
        std::size_t begin, end, continue_at;
    };
    void note_undo_group(UndoGroup g) { m_undo_groups.push_back(g); }
    // The undo group that ends the list (trailing boundaries aside), if the
    // last change was made by undo.
    const UndoGroup* last_undo_group() const { return undo_group_ending_at(m_entries.size()); }
    // The undo group that ends at `end` (boundaries before it aside).
    const UndoGroup* undo_group_ending_at(std::size_t end) const;
    // The index past the last entry before `end` that is not a boundary.
    std::size_t end_of_changes(std::size_t end) const;
    std::size_t end_of_changes() const { return end_of_changes(m_entries.size()); }

private:
    Entries m_entries;
    std::vector<UndoGroup> m_undo_groups;
    std::string m_deleted; // the deletions' texts, in the order of their entries
    bool m_enabled = true;
};

} // namespace gapmacs
