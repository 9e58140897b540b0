// Text properties of a buffer or a string: which stretches of text carry
// which property list.
//
// The property lists are opaque 64-bit handles: the owner of the text (the
// Lisp layer) makes them, compares them and keeps them alive; this structure
// only follows the text. Positions are whatever the owner counts in (1-based
// characters for a buffer, 0-based for a string).
//
// Runs are kept sorted, only where a property list is set, and adjacent runs
// with the same handle are merged. They are held in blocks of a few hundred,
// each block's positions relative to a shift of its own, so an edit moves
// the runs of one block and adds to the shift of the blocks after it: a
// dired listing of 100,000 files is 400,000 runs, and a flat array made each
// of its edits move all the runs after it (45 s to list the directory).
// Appending (process output) touches only the last block. Text with no
// properties has no TextProperties at all.
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

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

    // Blocks split when they pass twice `block_runs` runs (small in tests).
    explicit TextProperties(std::size_t block_runs = 256) : m_block_runs(block_runs) {}

    bool empty() const { return m_blocks.empty(); }
    // Calls f(run) for every run, in order: sorted, disjoint, non-empty runs
    // with a non-zero plist.
    template <typename F> void for_each_run(F f) const;
    // Calls f(plist) for every plist some run holds: each at least once,
    // in no order. The owner's collector marks them so: a coloured stream
    // of 80 MB is 5 million runs of three plists, and every collection
    // walked all the runs. A block unchanged since the last call gives its
    // plists without a look at its runs.
    template <typename F> void for_each_plist(F f) const;
    // Where the last run ends (0 when there is none).
    std::int64_t end() const;

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

    // Aborts (a bug) when the runs are not sorted, disjoint and merged, or
    // the blocks are empty or overfull.
    void check_invariants() const;

private:
    // A block's runs hold positions less its shift.
    struct Block {
        std::int64_t shift = 0;
        std::vector<Run> runs; // never empty
        // The distinct plists of runs, while plists_known.
        mutable std::vector<Plist> plists;
        mutable bool plists_known = false;
    };
    // A run's place; {m_blocks.size(), 0} is the end.
    struct Loc {
        std::size_t block;
        std::size_t index;
    };

    bool valid(Loc l) const { return l.block < m_blocks.size(); }
    Run run(Loc l) const;
    void put(Loc l, Run r);
    Loc next(Loc l) const;
    Loc prev(Loc l) const; // l is not the first run
    // The first run that ends after pos.
    Loc first_ending_after(std::int64_t pos) const;
    // Removes the run at l; returns the place of the run that followed it.
    Loc erase(Loc l);
    // Puts r before l; returns r's place.
    Loc insert(Loc l, Run r);
    // The runs from l on move by n.
    void shift_from(Loc l, std::int64_t n);
    // Merges the run ending at pos with the one starting there when they
    // share a plist.
    void merge_at(std::int64_t pos);
    // Fills b.plists from its runs.
    static void know_plists(const Block& b);

    std::size_t m_block_runs;
    std::vector<Block> m_blocks;
};

template <typename F> void TextProperties::for_each_run(F f) const
{
    for (const Block& b : m_blocks)
        for (const Run& r : b.runs)
            f(Run{r.beg + b.shift, r.end + b.shift, r.plist});
}

template <typename F> void TextProperties::for_each_plist(F f) const
{
    for (const Block& b : m_blocks) {
        if (!b.plists_known)
            know_plists(b);
        for (Plist p : b.plists)
            f(p);
    }
}

template <typename F> void TextProperties::for_each(std::int64_t beg, std::int64_t end, F f) const
{
    std::int64_t pos = beg;
    for (Loc l = first_ending_after(beg); valid(l) && pos < end; l = next(l)) {
        const Run r = run(l);
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
