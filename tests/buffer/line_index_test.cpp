// LineIndex: newline counts that stay right through edits anywhere.
#include <catch2/catch.hpp>

#include <algorithm>
#include <random>

#include "buffer/buffer.hpp"

using namespace gapmacs;

namespace {

std::int64_t naive_line(const Buffer& b, CharPos pos)
{
    std::string text = b.substring(b.point_min(), pos);
    return 1 + std::count(text.begin(), text.end(), '\n');
}

} // namespace

TEST_CASE("line numbers from the index agree with counting, through random edits")
{
    Buffer b("lines");
    std::mt19937 rng(7);
    std::string chunk;
    for (int i = 0; i < 40000; ++i)
        chunk += (rng() % 9 == 0) ? '\n' : 'a' + static_cast<char>(rng() % 26);
    for (int i = 0; i < 10; ++i)
        b.insert(chunk); // 400 KB: several index blocks
    for (int step = 0; step < 300; ++step) {
        const std::int64_t size = b.size();
        CharPos at(1 + static_cast<std::int64_t>(rng() % static_cast<std::uint32_t>(size)));
        switch (rng() % 3) {
        case 0: b.insert_at(at, "x\ny\n"); break;
        case 1: b.delete_region(at, CharPos(std::min<std::int64_t>(at.value + 1 + rng() % 100, size + 1))); break;
        default: break;
        }
        CharPos probe(1 + static_cast<std::int64_t>(rng() % static_cast<std::uint32_t>(b.size() + 1)));
        REQUIRE(b.line_number_at(probe) == naive_line(b, probe));
    }
    CHECK(b.line_number_at(b.point_max()) == naive_line(b, b.point_max()));
}

TEST_CASE("idle indexing covers the whole text, and an edit near the end keeps the rest")
{
    Buffer b("idle");
    std::string lines;
    for (int i = 0; i < 100000; ++i)
        lines += "line\n";
    b.insert(lines);
    int rounds = 0;
    while (b.index_lines(64 * 1024))
        ++rounds;
    CHECK(rounds > 3);
    CHECK(b.line_number_at(b.point_max()) == 100001);
    b.insert_at(b.point_max(), "more\n");
    CHECK(b.line_number_at(b.point_max()) == 100002);
    CHECK(b.count_lines(b.point_min(), b.point_max()) == 100001);
}
