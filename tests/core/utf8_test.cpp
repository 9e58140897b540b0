#include <catch2/catch.hpp>

#include <random>
#include <string>

#include "core/utf8.hpp"

using namespace gapmacs;

TEST_CASE("Raw bytes are stored as C0/C1 sequences and decode to eight-bit chars", "[utf8]")
{
    for (int b = 0x80; b <= 0xFF; ++b) {
        std::string s;
        append_internal_char(s, raw_byte_char(static_cast<std::uint8_t>(b)));
        REQUIRE(s.size() == 2);
        REQUIRE(is_raw_byte_lead(static_cast<unsigned char>(s[0])));
        int len = 0;
        REQUIRE(decode_internal_char(s.data(), s.data() + 2, &len) == 0x3FFF00u + static_cast<unsigned>(b));
        REQUIRE(len == 2);
        std::string back;
        internal_to_utf8(s, back);
        REQUIRE(back == std::string(1, static_cast<char>(b)));
    }
}

TEST_CASE("Emacs's five-byte characters have F8 and four continuation bytes", "[utf8]")
{
    for (char32_t c : {char32_t(0x200000), char32_t(0x342178), char32_t(0x3FFF7F)}) {
        std::string s = "a";
        append_internal_char(s, c);
        s += 'b';
        REQUIRE(s.size() == 7);
        REQUIRE(static_cast<unsigned char>(s[1]) == 0xF8);
        REQUIRE(internal_char_length(0xF8) == 5);
        int len = 0;
        REQUIRE(decode_internal_char(s.data() + 1, s.data() + s.size(), &len) == c);
        REQUIRE(len == 5);
        REQUIRE(count_chars(s) == 3);
        REQUIRE(advance_chars(s.data(), s.size(), 2) == 6);
        REQUIRE(is_valid_internal(s));
    }
    // Not a character's form: a short sequence, a value outside the range.
    REQUIRE_FALSE(is_valid_internal(std::string("\xF8\x88\x80\x80", 4)));
    REQUIRE_FALSE(is_valid_internal(std::string("\xF8\x80\x80\x80\x80", 5)));
    REQUIRE_FALSE(is_valid_internal(std::string("\xF8\x8F\xBF\xBE\x80", 5))); // #x3FFF80 is a raw byte's
}

TEST_CASE("Invalid UTF-8 becomes raw bytes and round-trips", "[utf8]")
{
    auto external = GENERATE(as<std::string>{}, "\x80", "\xC0\x80", "\xED\xA0\x80", "\xF5\x80\x80\x80", "a\xE6\x97",
                             "\xFF\xFE", "ok \xF0\x9F\x98\x80 \xF0\x9F\x98");
    std::string internal;
    CHECK(utf8_to_internal(external, internal, true) == external.size());
    CHECK(is_valid_internal(internal));
    std::string back;
    internal_to_utf8(internal, back);
    CHECK(back == external);
}

TEST_CASE("An incomplete sequence at the end waits unless final", "[utf8]")
{
    std::string out;
    CHECK(utf8_to_internal("ab\xE6\x97", out, false) == 2);
    CHECK(out == "ab");
    CHECK(utf8_sequence_status("\xE6\x97", 2) == -1);
    CHECK(utf8_sequence_status("\xE6\x97\xA5", 3) == 3);
    CHECK(utf8_sequence_status("\xE6\x41", 2) == 0);
}

TEST_CASE("valid_utf8_prefix stops at the first bad byte", "[utf8]")
{
    std::string s = std::string(100, 'a') + "日本" + "\xFF" + "zz";
    CHECK(valid_utf8_prefix(s.data(), s.size()) == 106);
    CHECK(valid_utf8_prefix("abc", 3) == 3);
}

TEST_CASE("Random bytes round-trip through internal text", "[utf8]")
{
    std::mt19937 rng(3);
    for (int i = 0; i < 2000; ++i) {
        std::string bytes(rng() % 64, '\0');
        for (auto& c : bytes)
            c = static_cast<char>(rng() % 4 ? 0x80 + rng() % 128 : rng() % 128);
        std::string internal, back;
        utf8_to_internal(bytes, internal, true);
        REQUIRE(is_valid_internal(internal));
        internal_to_utf8(internal, back);
        REQUIRE(back == bytes);
    }
}

TEST_CASE("count_chars and advance_chars agree", "[utf8]")
{
    std::string s = "aé日😀";
    append_internal_char(s, raw_byte_char(0xAB));
    s += std::string(20, 'x') + "ü";
    CHECK(count_chars(s) == 26);
    CHECK(advance_chars(s.data(), s.size(), 0) == 0);
    CHECK(advance_chars(s.data(), s.size(), 1) == 1);
    CHECK(advance_chars(s.data(), s.size(), 3) == 6);
    CHECK(advance_chars(s.data(), s.size(), 4) == 10);
    CHECK(advance_chars(s.data(), s.size(), 5) == 12);
    CHECK(advance_chars(s.data(), s.size(), 25) == 32);
    CHECK(advance_chars(s.data(), s.size(), 26) == s.size());
}

TEST_CASE("count_chars counts the bytes but 0x80-0xBF exactly, at every length and alignment", "[utf8]")
{
    // Past 255 16-byte steps a byte lane would wrap: all-continuation text
    // longer than that checks the lanes are summed in time.
    std::string all_continuation(9000, '\x80');
    std::mt19937 rng(7);
    std::string random(9000, '\0');
    for (char& c : random)
        c = static_cast<char>(rng());
    for (const std::string* s : {&all_continuation, &random}) {
        for (std::size_t start : {0u, 1u, 7u, 15u}) {
            for (std::size_t n : {0u, 1u, 15u, 16u, 17u, 255u * 16u, 255u * 16u + 1u, 4096u, 8191u}) {
                std::size_t want = 0;
                for (std::size_t i = start; i < start + n; ++i)
                    want += (static_cast<unsigned char>((*s)[i]) & 0xC0) != 0x80;
                CHECK(count_chars(s->data() + start, n) == want);
            }
        }
    }
}

TEST_CASE("valid_utf8_prefix: inline two- and three-byte paths reject what the full check rejects", "[utf8]")
{
    auto [text, valid] = GENERATE(table<std::string, std::size_t>({
        {"ab\xC2\x41", 2},          // lead without continuation
        {"ab\xC2", 2},              // cut at the end
        {"\xE1\x80\x41z", 0},       // third byte not a continuation
        {"\xE1\x80", 0},            // cut at the end
        {"\xE0\x80\x80", 0},        // overlong (E0 needs A0..BF)
        {"\xE0\xA0\x80!", 4},       // the smallest valid E0 sequence
        {"\xED\xA0\x80", 0},        // surrogate
        {"\xED\x9F\xBF", 3},        // just below the surrogates
        {"\xEF\xBF\xBF\xC3\xA9", 5} // U+FFFF then é
    }));
    CHECK(valid_utf8_prefix(text.data(), text.size()) == valid);
    std::size_t chars = 0;
    CHECK(valid_utf8_prefix(text.data(), text.size(), chars) == valid);
    CHECK(chars == count_chars(text.data(), valid));
}

TEST_CASE("valid_utf8_prefix counts the characters of the prefix it validates", "[utf8]")
{
    // ASCII strides, two-, three- and four-byte sequences, then a bad byte.
    const std::string s = std::string(37, 'a') + "é日\xF0\x9F\x98\x80" + std::string(20, 'b') + "\xFF" + "zz";
    std::size_t chars = 0;
    const std::size_t valid = valid_utf8_prefix(s.data(), s.size(), chars);
    CHECK(valid == s.size() - 3);
    CHECK(chars == 37 + 3 + 20);
}

TEST_CASE("count_byte counts exactly, whatever the neighbouring bytes and alignment")
{
    std::string s;
    for (int i = 0; i < 1000; ++i)
        s += static_cast<char>(i % 256);
    for (std::size_t start = 0; start < 16; ++start) {
        for (unsigned b : {0u, 10u, 0x7Fu, 0x80u, 0xFFu}) {
            std::size_t want = 0;
            for (std::size_t i = start; i < s.size(); ++i)
                want += static_cast<unsigned char>(s[i]) == b;
            CHECK(gapmacs::count_byte(s.data() + start, s.size() - start, static_cast<unsigned char>(b)) == want);
        }
    }
    std::string newlines(4096, '\n');
    CHECK(gapmacs::count_byte(newlines.data(), newlines.size(), '\n') == 4096); // lanes near overflow
}
