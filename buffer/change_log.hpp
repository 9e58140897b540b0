// ChangeLog: what changed in a buffer's text since a given moment, for the
// readers that keep copies of it (redisplay's rows, and fontification).
//
// Each reader remembers the tick it last looked at and asks what changed
// since: the answer is a span in Emacs's BEG_UNCHANGED / END_UNCHANGED
// form, the bytes before `beg` and the last `end_unchanged` bytes of the text
// being as they were. Spans of successive changes combine by taking the
// minimum of each, so the log keeps a few recent changes one by one and folds
// the oldest together; a reader older than the log is told that everything
// changed. No reader clears anything, so any number of them can read.
#pragma once
#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>

#include "core/position.hpp"

namespace gapmacs {

class ChangeLog {
public:
    struct Span {
        BytePos beg;                // the bytes before it are unchanged
        std::int64_t end_unchanged; // as are this many bytes at the end
        bool operator==(const Span&) const = default;
    };

    // Counts the changes recorded.
    std::uint64_t tick() const { return m_tick; }
    // A change of the text, given as the unchanged prefix and suffix.
    void record(Span span);
    // What changed after `since` (a tick this log gave); nothing when
    // nothing did.
    std::optional<Span> since(std::uint64_t since) const;

private:
    struct Entry {
        std::uint64_t after; // the changes with ticks in (after, upto]
        std::uint64_t upto;
        Span span;
    };
    static constexpr std::size_t capacity = 16;
    std::array<Entry, capacity> m_entries{};
    std::size_t m_count = 0;
    std::uint64_t m_tick = 0;
};

} // namespace gapmacs
