// find_bytes and friends against a byte-at-a-time reference, over lengths
// around the 16-byte blocks of the vector scan and with Emacs's folding.
#include <catch2/catch.hpp>

#include <random>
#include <string>

#include "core/byte_search.hpp"

using namespace gapmacs;

namespace {

constexpr std::size_t npos = std::string_view::npos;

unsigned char fold_ascii(unsigned char c, AsciiCase how)
{
    return how == AsciiCase::fold && c >= 'A' && c <= 'Z' ? c + ('a' - 'A') : c;
}

bool same_at(std::string_view h, std::size_t i, std::string_view n, AsciiCase how)
{
    for (std::size_t k = 0; k < n.size(); ++k)
        if (fold_ascii(h[i + k], how) != fold_ascii(n[k], how))
            return false;
    return true;
}

std::size_t reference_find(std::string_view h, std::string_view n, AsciiCase how)
{
    for (std::size_t i = 0; i + n.size() <= h.size(); ++i)
        if (same_at(h, i, n, how))
            return i;
    return npos;
}

std::size_t reference_rfind(std::string_view h, std::string_view n, AsciiCase how)
{
    for (std::size_t i = h.size() + 1; i-- > 0;)
        if (i + n.size() <= h.size() && same_at(h, i, n, how))
            return i;
    return npos;
}

std::string random_bytes(std::mt19937& rng, std::size_t len)
{
    // Few distinct bytes, so that partial matches are common; 0xC3 0xA9 and
    // 0xFF for bytes beyond ASCII, '@' and '[' for the neighbours of letters.
    static const char alphabet[] = {'a', 'A', 'b', 'B', 'z', 'Z', '@', '[', '\n', '\xC3', '\xA9', '\xFF', '\0'};
    std::string s(len, ' ');
    for (char& c : s)
        c = alphabet[rng() % sizeof alphabet];
    return s;
}

} // namespace

TEST_CASE("find_bytes, rfind_bytes and starts_with_bytes agree with a byte-at-a-time search")
{
    std::mt19937 rng(20261203);
    for (int round = 0; round < 20000; ++round) {
        std::string hay = random_bytes(rng, rng() % 70);
        std::string needle = random_bytes(rng, 1 + rng() % 4);
        if (rng() % 4 == 0 && hay.size() > 3) // a needle the haystack holds
            needle = hay.substr(rng() % (hay.size() - 2), 1 + rng() % 3);
        for (AsciiCase how : {AsciiCase::exact, AsciiCase::fold}) {
            INFO("hay=" << hay << " needle=" << needle << " fold=" << (how == AsciiCase::fold));
            REQUIRE(find_bytes(hay, needle, how) == reference_find(hay, needle, how));
            REQUIRE(rfind_bytes(hay, needle, how) == reference_rfind(hay, needle, how));
            REQUIRE(starts_with_bytes(hay, needle, how) == (reference_find(hay.substr(0, needle.size()), needle, how) == 0));
        }
    }
}

TEST_CASE("An empty needle is found at the start, and last at the end")
{
    CHECK(find_bytes("abc", "", AsciiCase::exact) == 0);
    CHECK(rfind_bytes("abc", "", AsciiCase::fold) == 3);
    CHECK(find_bytes("", "", AsciiCase::fold) == 0);
    CHECK(find_bytes("", "a", AsciiCase::fold) == npos);
}

TEST_CASE("Folding pairs ASCII letters only: no other byte gains a partner")
{
    // '@' and '`' differ by 0x20 like 'A' and 'a'; '[' and '{' too.
    CHECK(find_bytes("`", "@", AsciiCase::fold) == npos);
    CHECK(find_bytes("{", "[", AsciiCase::fold) == npos);
    CHECK(find_bytes("\xE1", "\xC1", AsciiCase::fold) == npos);
    CHECK(find_bytes("xxNeEdLe", "needle", AsciiCase::fold) == 2);
    CHECK(find_bytes("xxNeEdLe", "needle", AsciiCase::exact) == npos);
    // A match in the last bytes of a long haystack, after a block boundary.
    std::string hay(1000, 'n');
    hay += "NEEDLE";
    CHECK(find_bytes(hay, "needle", AsciiCase::fold) == 1000);
    CHECK(rfind_bytes(hay, "nNeedle", AsciiCase::fold) == 999);
}
