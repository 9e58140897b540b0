// TextProperties on its own, and as Buffer keeps it through edits.
#include <catch2/catch.hpp>

#include <random>
#include <set>

#include "buffer/buffer.hpp"
#include "core/text_properties.hpp"

using namespace gapmacs;

namespace {

using Run = TextProperties::Run;
std::vector<Run> runs(const TextProperties& p)
{
    std::vector<Run> all;
    p.for_each_run([&](const Run& r) { all.push_back(r); });
    return all;
}

// A plain model: one plist per character.
struct Model {
    std::vector<TextProperties::Plist> chars;
    void set(std::int64_t b, std::int64_t e, TextProperties::Plist p)
    {
        for (std::int64_t i = b; i < e; ++i)
            chars[static_cast<std::size_t>(i)] = p;
    }
    void inserted(std::int64_t pos, std::int64_t n)
    {
        chars.insert(chars.begin() + pos, static_cast<std::size_t>(n), 0);
    }
    void deleted(std::int64_t b, std::int64_t e) { chars.erase(chars.begin() + b, chars.begin() + e); }
};

} // namespace

TEST_CASE("set splits and merges runs", "[text-properties]")
{
    TextProperties p;
    CHECK(p.empty());
    p.set(0, 10, 7);
    p.set(3, 5, 9);
    CHECK(runs(p) == std::vector<Run>{{0, 3, 7}, {3, 5, 9}, {5, 10, 7}});
    CHECK(p.at(4) == 9);
    CHECK(p.at(10) == 0);
    p.set(3, 5, 7); // same handle again: one run
    CHECK(runs(p) == std::vector<Run>{{0, 10, 7}});
    p.set(2, 4, 0);
    CHECK(runs(p) == std::vector<Run>{{0, 2, 7}, {4, 10, 7}});
    CHECK(p.stretch(3, 0, 20) == Run{2, 4, 0});
    CHECK(p.stretch(12, 0, 20) == Run{10, 20, 0});
    std::vector<Run> seen;
    p.for_each(1, 12, [&](std::int64_t b, std::int64_t e, TextProperties::Plist h) { seen.push_back({b, e, h}); });
    CHECK(seen == std::vector<Run>{{1, 2, 7}, {2, 4, 0}, {4, 10, 7}, {10, 12, 0}});
}

TEST_CASE("insertions split runs and deletions join them", "[text-properties]")
{
    TextProperties p;
    p.set(2, 6, 5);
    p.inserted(4, 3); // inside: the new text has no properties
    CHECK(runs(p) == std::vector<Run>{{2, 4, 5}, {7, 9, 5}});
    p.inserted(2, 1); // at a run's start: the run moves
    CHECK(runs(p) == std::vector<Run>{{3, 5, 5}, {8, 10, 5}});
    p.deleted(5, 8); // the inserted text again: the two parts are one run
    CHECK(runs(p) == std::vector<Run>{{3, 7, 5}});
    p.deleted(0, 4);
    CHECK(runs(p) == std::vector<Run>{{0, 3, 5}});
    p.deleted(0, 3);
    CHECK(p.empty());
}

TEST_CASE("random edits agree with a per-character model", "[text-properties]")
{
    // Blocks of at most 4 runs: edits cross, split and empty blocks.
    const std::size_t block_runs = GENERATE(2, 256);
    std::mt19937 rng(42);
    TextProperties p(block_runs);
    Model m;
    m.chars.assign(50, 0);
    auto pick = [&](std::int64_t n) { return static_cast<std::int64_t>(rng() % static_cast<unsigned>(n + 1)); };
    for (int step = 0; step < 3000; ++step) {
        const auto size = static_cast<std::int64_t>(m.chars.size());
        std::int64_t a = pick(size), b = pick(size);
        if (a > b)
            std::swap(a, b);
        switch (rng() % 4) {
        case 0:
        case 1: {
            TextProperties::Plist h = rng() % 4; // few handles, so runs merge
            p.set(a, b, h);
            m.set(a, b, h);
            break;
        }
        case 2: {
            std::int64_t n = 1 + pick(5);
            p.inserted(a, n);
            m.inserted(a, n);
            break;
        }
        default:
            if (size > 10) {
                p.deleted(a, b);
                m.deleted(a, b);
            }
        }
        p.check_invariants();
        for (std::size_t i = 0; i < m.chars.size(); ++i)
            REQUIRE(p.at(static_cast<std::int64_t>(i)) == m.chars[i]);
        // The plists the collector marks: every one some character holds
        // (blocks remember theirs between calls; check_invariants checks
        // what they remember).
        if (step % 5 == 0) {
            std::set<TextProperties::Plist> held(m.chars.begin(), m.chars.end()), given;
            held.erase(0);
            p.for_each_plist([&](TextProperties::Plist h) { given.insert(h); });
            REQUIRE(given == held);
        }
    }
}

TEST_CASE("Buffer keeps its text properties through edits", "[buffer][text-properties]")
{
    Buffer b("t");
    b.insert("hello world");
    CHECK(b.text_properties() == nullptr); // none until the first
    b.ensure_text_properties().set(7, 12, 1);
    b.insert_at(CharPos(1), ">> ");
    CHECK(runs(*b.text_properties()) == std::vector<Run>{{10, 15, 1}});
    b.insert_at(CharPos(12), "XY");
    CHECK(runs(*b.text_properties()) == std::vector<Run>{{10, 12, 1}, {14, 17, 1}});
    b.insert_before_markers(CharPos(b.size() + 1), "!");
    b.delete_region(CharPos(12), CharPos(14));
    CHECK(runs(*b.text_properties()) == std::vector<Run>{{10, 15, 1}});
    b.check_invariants();
    // Reading into the gap (process output) moves them as insert_at does.
    {
        Buffer::Writer w = b.reserve(CharPos(1), ByteCount(2));
        w.data()[0] = 'a';
        w.data()[1] = 'b';
        w.commit(ByteCount(2), true);
    }
    CHECK(runs(*b.text_properties()) == std::vector<Run>{{12, 17, 1}});
    b.set_modified(false);
    b.properties_changed(CharPos(2), CharPos(4));
    CHECK(b.modified());
    b.erase();
    CHECK(b.text_properties() == nullptr); // gone with the last run
    b.check_invariants();
}

TEST_CASE("a property change to a read-only buffer throws", "[buffer][text-properties]")
{
    Buffer b("t");
    b.insert("abc");
    b.set_read_only(true);
    CHECK_THROWS(b.properties_changed(CharPos(1), CharPos(2)));
}
