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

TEST_CASE("a fully indexed buffer stays indexed through edits of every size")
{
    Buffer b("edits");
    std::mt19937 rng(11);
    auto text = [&](std::size_t n) {
        std::string s;
        for (std::size_t i = 0; i < n; ++i)
            s += (rng() % 7 == 0) ? '\n' : 'a' + static_cast<char>(rng() % 26);
        return s;
    };
    b.insert(text(1 << 20));
    while (b.index_lines(1 << 20)) {
    }
    const std::string big = text(300 * 1024); // grows a block past twice its size
    for (int step = 0; step < 200; ++step) {
        const std::int64_t size = b.size();
        CharPos at(1 + static_cast<std::int64_t>(rng() % static_cast<std::uint32_t>(size)));
        switch (rng() % 4) {
        case 0: b.insert_at(at, "x\ny\n"); break;
        case 1: b.insert_at(at, step % 20 == 0 ? big : text(rng() % 5000)); break;
        case 2: // up to several blocks at once
            b.delete_region(at, CharPos(std::min<std::int64_t>(at.value + 1 + rng() % 200000, size + 1)));
            break;
        default: b.delete_region(at, CharPos(std::min<std::int64_t>(at.value + 1, size + 1))); break;
        }
        CharPos probe(1 + static_cast<std::int64_t>(rng() % static_cast<std::uint32_t>(b.size() + 1)));
        REQUIRE(b.line_number_at(probe) == naive_line(b, probe));
    }
    CHECK(b.line_number_at(b.point_max()) == naive_line(b, b.point_max()));
    // Edits inside the prefix kept it: the end is still known without counting.
    CHECK(b.line_number_if_cheap(b.point_max(), 0).has_value());
}

TEST_CASE("typing into the middle of an indexed buffer does not unindex the rest")
{
    Buffer b("typing");
    std::string lines;
    for (int i = 0; i < 200000; ++i)
        lines += "line\n";
    b.insert(lines);
    while (b.index_lines(1 << 20)) {
    }
    b.insert_at(CharPos(b.size() / 2), "typed\n");
    CHECK(b.line_number_if_cheap(b.point_max(), 0) == std::optional<std::int64_t>(200002));
}

TEST_CASE("the line number is unknown, not slow, far beyond the index")
{
    Buffer b("far");
    std::string lines;
    for (int i = 0; i < 400000; ++i)
        lines += "line\n"; // 2 MB
    b.insert(lines);
    CHECK_FALSE(b.line_number_if_cheap(b.point_max(), 64 * 1024).has_value());
    // Near the start (or within the budget) it is counted.
    CHECK(b.line_number_if_cheap(CharPos(11), 0) == std::optional<std::int64_t>(3));
    CHECK(b.line_number_if_cheap(b.point_max(), 4 << 20) == std::optional<std::int64_t>(400001));
    while (b.index_lines(1 << 20)) {
    }
    CHECK(b.line_number_if_cheap(b.point_max(), 0) == std::optional<std::int64_t>(400001));
}
