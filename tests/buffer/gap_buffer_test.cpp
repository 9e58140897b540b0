#include <catch2/catch.hpp>

#include <random>
#include <string>
#include <type_traits>

#include "../printers.hpp"
#include "buffer/gap_buffer.hpp"

using gapmacs::BytePos;
using gapmacs::ByteCount;
using gapmacs::GapBuffer;

namespace {

BytePos B(std::int64_t b) { return BytePos(b); }
ByteCount N(std::int64_t n) { return ByteCount(n); }

} // namespace

TEST_CASE("GapBuffer inserts, erases and moves the gap like a string", "[gap_buffer]")
{
    GapBuffer gb(1);
    gb.insert(B(0), "world");
    gb.insert(B(0), "hello ");
    gb.insert(gb.end(), "!");
    CHECK(gb.substr(B(0), gb.end()) == "hello world!");
    gb.erase(B(5), N(6));
    CHECK(gb.substr(B(0), gb.end()) == "hello!");
    gb.move_gap(B(2));
    CHECK(gb.gap_start() == B(2));
    CHECK(gb.substr(B(0), gb.end()) == "hello!");
    CHECK(gb.before_gap() == "he");
    CHECK(gb.after_gap() == "llo!");
}

TEST_CASE("GapBuffer contiguous moves the gap out of the range only", "[gap_buffer]")
{
    GapBuffer gb(4);
    gb.insert(B(0), "abcdefgh");
    gb.move_gap(B(4));
    CHECK(gb.contiguous(B(0), B(3)) == "abc");
    CHECK(gb.gap_start() == B(4));
    CHECK(gb.contiguous(B(2), B(7)) == "cdefg");
    CHECK((gb.gap_start() <= B(2) || gb.gap_start() >= B(7)));
}

TEST_CASE("GapBuffer reserve and commit write straight into the gap", "[gap_buffer]")
{
    GapBuffer gb(2);
    gb.insert(B(0), "ad");
    char* p = gb.reserve(B(1), N(100));
    REQUIRE(gb.gap_size() >= N(100));
    p[0] = 'b';
    p[1] = 'c';
    gb.commit(N(2));
    CHECK(gb.substr(B(0), gb.end()) == "abcd");
}

TEST_CASE("GapBuffer growth is geometric, not per insertion", "[gap_buffer]")
{
    GapBuffer gb(1);
    int growths = 0;
    std::size_t capacity = gb.capacity();
    for (int i = 0; i < 100000; ++i) {
        gb.insert(gb.end(), "x");
        if (gb.capacity() != capacity) {
            ++growths;
            capacity = gb.capacity();
        }
    }
    CHECK(gb.size() == N(100000));
    // Growing by half each time: about log1.5(100000) ~ 28 growths.
    CHECK(growths < 40);
}

TEST_CASE("GapBuffer gives back a large trailing gap before moving it over much text", "[gap_buffer]")
{
    // As after streaming: the text then a gap of a third of the block.
    const std::string text(48 << 20, 'z');
    GapBuffer gb(1);
    for (std::size_t at = 0; at < text.size(); at += 64 << 10)
        gb.insert(gb.end(), std::string_view(text).substr(at, 64 << 10));
    const std::size_t streamed = gb.capacity();
    REQUIRE(streamed - gb.size().size() > (2 << 20));
    // A line at the start (a process sentinel's) moves the gap over it all.
    gb.insert(B(0), "Process finished\n");
    CHECK(gb.capacity() < streamed);
    CHECK(gb.capacity() - gb.size().size() <= (1 << 20));
    CHECK(gb.substr(B(0), B(17)) == "Process finished\n");
    CHECK(gb.substr(B(17), gb.end()) == text);
    // The gap grows again as needed.
    gb.insert(gb.end(), std::string(3 << 20, 'y'));
    CHECK(gb.size() == N(static_cast<std::int64_t>(text.size() + 17 + (3 << 20))));
    CHECK(gb.substr(B(17), B(17 + static_cast<std::int64_t>(text.size()))) == text);
}

TEST_CASE("GapBuffer find and rfind see both sides of the gap", "[gap_buffer]")
{
    GapBuffer gb(3);
    gb.insert(B(0), "a\nbc\nd");
    for (BytePos gap = B(0); gap <= gb.end(); gap += N(1)) {
        gb.move_gap(gap);
        CHECK(gb.find(B(0), B(6), '\n') == std::optional(B(1)));
        CHECK(gb.find(B(2), B(6), '\n') == std::optional(B(4)));
        CHECK_FALSE(gb.find(B(5), B(6), '\n'));
        CHECK(gb.rfind(B(0), B(6), '\n') == std::optional(B(4)));
        CHECK(gb.rfind(B(0), B(4), '\n') == std::optional(B(1)));
        CHECK_FALSE(gb.rfind(B(2), B(4), '\n'));
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
            gb.insert(B(static_cast<std::int64_t>(pos)), s);
            model.insert(pos, s);
        } else {
            std::size_t n = std::min<std::size_t>(rng() % 30, model.size() - pos);
            gb.erase(B(static_cast<std::int64_t>(pos)), N(static_cast<std::int64_t>(n)));
            model.erase(pos, n);
        }
        REQUIRE(gb.size() == N(static_cast<std::int64_t>(model.size())));
        REQUIRE(gb.substr(B(0), gb.end()) == model);
    }
}

// What the types are for: a position and a length (or a character and a
// byte) passed in each other's place is a compile error, not a bug.
template <typename F, typename... A> constexpr bool callable = std::is_invocable_v<F, A...>;

TEST_CASE("Positions and counts cannot be swapped or mixed", "[gap_buffer][types]")
{
    using gapmacs::CharCount;
    using gapmacs::CharPos;
    auto erase = [](GapBuffer& g, auto pos, auto n) -> decltype(g.erase(pos, n)) { g.erase(pos, n); };
    STATIC_REQUIRE(callable<decltype(erase), GapBuffer&, BytePos, ByteCount>);
    STATIC_REQUIRE_FALSE(callable<decltype(erase), GapBuffer&, ByteCount, BytePos>);
    STATIC_REQUIRE_FALSE(callable<decltype(erase), GapBuffer&, BytePos, BytePos>);
    STATIC_REQUIRE_FALSE(callable<decltype(erase), GapBuffer&, std::size_t, std::size_t>);
    auto add = [](auto a, auto b) -> decltype(a + b) { return a + b; };
    auto sub = [](auto a, auto b) -> decltype(a - b) { return a - b; };
    STATIC_REQUIRE(std::is_same_v<decltype(sub(CharPos(5), CharPos(2))), CharCount>);
    STATIC_REQUIRE(std::is_same_v<decltype(add(CharPos(5), CharCount(2))), CharPos>);
    STATIC_REQUIRE_FALSE(callable<decltype(add), CharPos, CharPos>);
    STATIC_REQUIRE_FALSE(callable<decltype(add), CharPos, ByteCount>);
    STATIC_REQUIRE_FALSE(callable<decltype(sub), BytePos, CharPos>);
    CHECK(sub(CharPos(5), CharPos(2)) == CharCount(3));
}

#include "buffer/char_index.hpp"

TEST_CASE("CharIndex lookups take a position of the unit they convert from", "[char_index][types]")
{
    using gapmacs::CharIndex;
    using gapmacs::CharPos;
    using gapmacs::TextPos;
    auto c2b = [](CharIndex& i, const GapBuffer& g, auto pos, auto hint) -> decltype(i.char_to_byte(g, pos, hint)) {
        return i.char_to_byte(g, pos, hint);
    };
    STATIC_REQUIRE(callable<decltype(c2b), CharIndex&, const GapBuffer&, CharPos, TextPos>);
    STATIC_REQUIRE_FALSE(callable<decltype(c2b), CharIndex&, const GapBuffer&, BytePos, TextPos>);
    STATIC_REQUIRE_FALSE(callable<decltype(c2b), CharIndex&, const GapBuffer&, std::size_t, std::size_t>);
    GapBuffer g(1);
    CharIndex index;
    const std::string text = "h\xc3\xa9llo"; // héllo
    index.insert_text(TextPos{CharPos(1), BytePos(0)}, text);
    g.insert(B(0), text);
    const TextPos start{CharPos(1), BytePos(0)};
    CHECK(index.char_to_byte(g, CharPos(3), start) == B(3));
    CHECK(index.byte_to_char(g, B(3), start) == CharPos(3));
    CHECK(index.chars() == gapmacs::CharCount(5));
}
