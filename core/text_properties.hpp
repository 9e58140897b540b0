// Text properties of a buffer or a string: which stretches of text carry
// which property list.
//
// The property lists are opaque 64-bit handles: the owner of the text (the
// Lisp layer) makes them, compares them and keeps them alive; this structure
// only follows the text. Positions are whatever the owner counts in (1-based
// characters for a buffer, 0-based for a string).
//
// Runs are kept sorted in one vector, only where a property list is set, and
// adjacent runs with the same handle are merged. An edit costs a binary
// search plus a shift of the runs after it, so appending (process output)
// touches nothing. The vector is a RemapVector: a million highlighted grep
// matches are two million runs, and growing them must not copy them all
// (a std::vector's doubling stalled the stream). Text with no properties
// has no TextProperties at all.
#pragma once
#include <cstddef>
#include <cstdint>

#include "core/remap_vector.hpp"

namespace gapmacs {

class TextProperties {
public:
    using Plist = std::uint64_t; // 0: no properties
    struct Run {
        std::int64_t beg;
        std::int64_t end;
        Plist plist;
        bool operator==(const Run&) const = default;
    };

    bool empty() const { return m_runs.empty(); }
    // Sorted, disjoint, non-empty runs with a non-zero plist.
    const RemapVector<Run>& runs() const { return m_runs; }

    // The plist of the character at pos (0 when it has none).
    Plist at(std::int64_t pos) const;
    // The stretch [beg, end) around the character at pos that has one plist
    // (a stretch with none ends at the neighbouring runs, or at lo/hi).
    Run stretch(std::int64_t pos, std::int64_t lo, std::int64_t hi) const;
    // Calls f(beg, end, plist) for each stretch of [beg, end) in order,
    // the stretches with no properties included (plist 0).
    template <typename F> void for_each(std::int64_t beg, std::int64_t end, F f) const;

    // [beg, end) takes plist (0 removes its properties).
    void set(std::int64_t beg, std::int64_t end, Plist plist);
    // Copies the runs of src over [src_beg, src_end) to start at `at` here.
    void copy_from(const TextProperties& src, std::int64_t src_beg, std::int64_t src_end, std::int64_t at);

    // Text of n characters inserted at pos: it has no properties (the owner
    // gives it some afterwards), the runs after it move up.
    void inserted(std::int64_t pos, std::int64_t n);
    // [beg, end) deleted: its runs go, the runs after it move down.
    void deleted(std::int64_t beg, std::int64_t end);

    // Aborts (a bug) when the runs are not sorted, disjoint and merged.
    void check_invariants() const;

private:
    // Index of the first run that ends after pos.
    std::size_t first_ending_after(std::int64_t pos) const;
    // Merges run i with run i+1 when they touch and share a plist.
    void merge_at(std::size_t i);

    RemapVector<Run> m_runs;
};

template <typename F> void TextProperties::for_each(std::int64_t beg, std::int64_t end, F f) const
{
    std::int64_t pos = beg;
    for (std::size_t i = first_ending_after(beg); i < m_runs.size() && pos < end; ++i) {
        const Run& r = m_runs[i];
        if (r.beg >= end)
            break;
        if (r.beg > pos) {
            f(pos, r.beg, Plist(0));
            pos = r.beg;
        }
        const std::int64_t e = r.end < end ? r.end : end;
        f(pos, e, r.plist);
        pos = e;
    }
    if (pos < end)
        f(pos, end, Plist(0));
}

} // namespace gapmacs
