#include <catch2/catch.hpp>

#include <random>
#include <string>

#include "buffer/gap_buffer.hpp"

using gapmacs::GapBuffer;

TEST_CASE("GapBuffer inserts, erases and moves the gap like a string", "[gap_buffer]")
{
    GapBuffer gb(1);
    gb.insert(0, "world");
    gb.insert(0, "hello ");
    gb.insert(gb.size(), "!");
    CHECK(gb.substr(0, gb.size()) == "hello world!");
    gb.erase(5, 6);
    CHECK(gb.substr(0, gb.size()) == "hello!");
    gb.move_gap(2);
    CHECK(gb.gap_start() == 2);
    CHECK(gb.substr(0, gb.size()) == "hello!");
    CHECK(gb.before_gap() == "he");
    CHECK(gb.after_gap() == "llo!");
    CHECK(gb[4] == 'o');
}

TEST_CASE("GapBuffer contiguous moves the gap out of the range only", "[gap_buffer]")
{
    GapBuffer gb(4);
    gb.insert(0, "abcdefgh");
    gb.move_gap(4);
    CHECK(gb.contiguous(0, 3) == "abc");
    CHECK(gb.gap_start() == 4);
    CHECK(gb.contiguous(2, 7) == "cdefg");
    CHECK((gb.gap_start() <= 2 || gb.gap_start() >= 7));
}

TEST_CASE("GapBuffer reserve and commit write straight into the gap", "[gap_buffer]")
{
    GapBuffer gb(2);
    gb.insert(0, "ad");
    char* p = gb.reserve(1, 100);
    REQUIRE(gb.gap_size() >= 100);
    p[0] = 'b';
    p[1] = 'c';
    gb.commit(2);
    CHECK(gb.substr(0, gb.size()) == "abcd");
}

TEST_CASE("GapBuffer growth is geometric, not per insertion", "[gap_buffer]")
{
    GapBuffer gb(1);
    int growths = 0;
    std::size_t capacity = gb.capacity();
    for (int i = 0; i < 100000; ++i) {
        gb.insert(gb.size(), "x");
        if (gb.capacity() != capacity) {
            ++growths;
            capacity = gb.capacity();
        }
    }
    CHECK(gb.size() == 100000);
    // Growing by half each time: about log1.5(100000) ~ 28 growths.
    CHECK(growths < 40);
}

TEST_CASE("GapBuffer find and rfind see both sides of the gap", "[gap_buffer]")
{
    GapBuffer gb(3);
    gb.insert(0, "a\nbc\nd");
    for (std::size_t gap = 0; gap <= gb.size(); ++gap) {
        gb.move_gap(gap);
        CHECK(gb.find(0, 6, '\n') == std::optional<std::size_t>(1));
        CHECK(gb.find(2, 6, '\n') == std::optional<std::size_t>(4));
        CHECK_FALSE(gb.find(5, 6, '\n'));
        CHECK(gb.rfind(0, 6, '\n') == std::optional<std::size_t>(4));
        CHECK(gb.rfind(0, 4, '\n') == std::optional<std::size_t>(1));
        CHECK_FALSE(gb.rfind(2, 4, '\n'));
    }
}

TEST_CASE("GapBuffer random edits match a string model", "[gap_buffer]")
{
    std::mt19937 rng(7);
    GapBuffer gb(1);
    std::string model;
    for (int step = 0; step < 20000; ++step) {
        std::size_t pos = rng() % (model.size() + 1);
        if (rng() % 3 || model.empty()) {
            std::string s(rng() % 20, static_cast<char>('a' + rng() % 26));
            gb.insert(pos, s);
            model.insert(pos, s);
        } else {
            std::size_t n = std::min<std::size_t>(rng() % 30, model.size() - pos);
            gb.erase(pos, n);
            model.erase(pos, n);
        }
        REQUIRE(gb.size() == model.size());
        REQUIRE(gb.substr(0, gb.size()) == model);
    }
}
