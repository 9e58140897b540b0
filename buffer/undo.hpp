// UndoList: the record of changes that `undo` reverts, in Emacs's terms.
//
// Entries are appended as the buffer changes; a Boundary separates command
// groups. Consecutive insertions that extend each other amalgamate into one
// entry, so streaming output costs O(1) undo memory. An Unmodified entry marks
// the first change after a save: undoing past it clears the modified flag.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace gapmacs {

struct UndoEntry {
    enum class Kind { Insertion, Deletion, Boundary, Unmodified };
    Kind kind;
    std::int64_t beg = 0; // Insertion: [beg, end); Deletion: text was at beg
    std::int64_t end = 0;
    std::string text;     // Deletion: the deleted internal text
};

class UndoList final {
public:
    bool enabled() const { return m_enabled; }
    // Disabling drops the history, as buffer-disable-undo does.
    void set_enabled(bool enabled);

    void record_insertion(std::int64_t beg, std::int64_t end);
    void record_deletion(std::int64_t beg, std::string text);
    void record_unmodified();
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

    const std::vector<UndoEntry>& entries() const { return m_entries; }
    std::vector<UndoEntry>& entries() { return m_entries; }
    void clear() { m_entries.clear(); }

private:
    std::vector<UndoEntry> m_entries;
    bool m_enabled = true;
};

} // namespace gapmacs
