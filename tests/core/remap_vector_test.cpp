// RemapVector against std::vector: the same random edits give the same
// elements, across the switch from malloc'd to mapped storage.
#include <catch2/catch.hpp>

#include <cstdint>
#include <random>
#include <vector>

#include "core/remap_vector.hpp"

using gapmacs::RemapVector;

namespace {

struct Item {
    std::int64_t a;
    std::int64_t b;
    std::uint64_t c;
    bool operator==(const Item&) const = default;
};

bool same(const RemapVector<Item>& v, const std::vector<Item>& model)
{
    return v.size() == model.size() && std::equal(v.begin(), v.end(), model.begin());
}

} // namespace

TEST_CASE("RemapVector edits as std::vector does, small and past a mapping", "[remap-vector]")
{
    std::mt19937_64 rng(7);
    RemapVector<Item> v;
    std::vector<Item> model;
    // About 28,000 items of 24 bytes: well past the 256 KiB (10,923 items)
    // where storage is mapped. (Each insert moves half the items: 120,000
    // steps took 98 s under the sanitizers.)
    for (int step = 0; step < 30000; ++step) {
        const std::size_t at = model.empty() ? 0 : rng() % (model.size() + 1);
        const Item item{step, -step, rng()};
        switch (rng() % 8) {
        case 0:
            if (at < model.size()) {
                const std::size_t to = std::min(model.size(), at + rng() % 4);
                v.erase(v.begin() + at, v.begin() + to);
                model.erase(model.begin() + static_cast<std::ptrdiff_t>(at),
                            model.begin() + static_cast<std::ptrdiff_t>(to));
            }
            break;
        case 1: {
            const Item pieces[3] = {item, item, {0, 0, 1}};
            v.insert(v.begin() + at, pieces, pieces + 3);
            model.insert(model.begin() + static_cast<std::ptrdiff_t>(at), pieces, pieces + 3);
            break;
        }
        default:
            v.insert(v.begin() + at, item);
            model.insert(model.begin() + static_cast<std::ptrdiff_t>(at), item);
        }
    }
    REQUIRE(model.size() > 20000);
    CHECK(same(v, model));

    RemapVector<Item> copy(v);
    CHECK(same(copy, model));
    RemapVector<Item> moved(std::move(copy));
    CHECK(same(moved, model));
    CHECK(copy.empty());
    copy = moved;
    moved.resize(3);
    model.resize(3);
    CHECK(same(moved, model));
    moved.resize(5);
    CHECK(moved[4] == Item{0, 0, 0});
    CHECK(copy.size() > 20000);
    copy.clear();
    CHECK(copy.empty());
}
