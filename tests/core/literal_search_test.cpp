// Literal regexps (`needle`, `^needle`, `needle$`, "^$") are searched as
// bytes; the same regexp inside a shy group `\(?:...\)` is not literal and
// runs through ICU. Both must give the same matches for every split of the
// text, forward, backward and anchored.
#include <catch2/catch.hpp>

#include <random>
#include <string>
#include <vector>

#include "core/literal_search.hpp"
#include "core/regex.hpp"

using namespace gapmacs;

namespace {

std::string random_text(std::mt19937& rng, std::size_t len)
{
    // No KELVIN SIGN and no long s: ICU folds them to k and s, Emacs does
    // not (regex.hpp's known differences).
    static const char* const pieces[] = {"a", "A", "b", "B", "\n", "\n", ".", "*", "$", "^", "\xC3\xA9", "\xC3\x89"};
    std::string s;
    while (s.size() < len)
        s += pieces[rng() % (sizeof pieces / sizeof *pieces)];
    return s;
}

// An Emacs regexp for literal text: some bytes, quoted as regexp-quote
// does, anchored or not.
std::string random_literal_regexp(std::mt19937& rng)
{
    static const char* const pieces[] = {"a", "A", "b", "\\.", "\\*", "\\$", "\\^", "\xC3\xA9"};
    std::string re = rng() % 3 == 0 ? "^" : "";
    for (std::size_t n = rng() % 4; n > 0; --n)
        re += pieces[rng() % (sizeof pieces / sizeof *pieces)];
    if (rng() % 3 == 0)
        re += "$";
    return re;
}

std::string shy_group(const std::string& re)
{
    // The anchors stay outside, where Emacs treats them as anchors.
    std::size_t b = !re.empty() && re[0] == '^', e = re.size() > b && re.back() == '$' && (re.size() < 2 || re[re.size() - 2] != '\\');
    return re.substr(0, b) + "\\(?:" + re.substr(b, re.size() - b - e) + "\\)" + (e ? "$" : "");
}

std::string show(const std::optional<Match>& m)
{
    return m ? std::to_string(m->begin()) + "-" + std::to_string(m->end()) : "nil";
}

} // namespace

TEST_CASE("literal_regexp accepts literal text, anchors and quoted operators only", "[regex]")
{
    auto re = literal_regexp("^a\\.b\\$$", false);
    REQUIRE(re);
    CHECK(re->bytes == "a.b$");
    CHECK(re->line_start);
    CHECK(re->line_end);
    CHECK_FALSE(literal_regexp("a.b", false));
    CHECK_FALSE(literal_regexp("ab*", false));
    CHECK_FALSE(literal_regexp("a\\|b", false));
    CHECK_FALSE(literal_regexp("\\(ab\\)", false));
    CHECK_FALSE(literal_regexp("a$b", false)); // a `$` inside: left to the translator
    CHECK_FALSE(literal_regexp("\\", false));
    CHECK_FALSE(literal_regexp("\xC3\xA9", true)); // folding beyond ASCII: ICU's path
    CHECK(literal_regexp("\xC3\xA9", false));
    CHECK(literal_regexp("AB", true)->fold);
    CHECK(literal_regexp("..", false) == std::nullopt);
    CHECK(literal_regexp("12", true)->fold == false); // nothing to fold
}

TEST_CASE("literal regexps match as ICU matches the same regexp", "[regex]")
{
    std::mt19937 rng(1203);
    for (int round = 0; round < 3000; ++round) {
        std::string text = random_text(rng, rng() % 24);
        std::string source = random_literal_regexp(rng);
        bool fold = rng() % 2;
        auto literal = compile_regex(source, fold);
        auto icu = compile_regex(shy_group(source), fold);
        // Positions, splits and bounds fall on character boundaries, as in a buffer.
        std::vector<std::size_t> at;
        for (std::size_t i = 0; i <= text.size(); ++i)
            if (i == text.size() || (static_cast<unsigned char>(text[i]) & 0xC0) != 0x80)
                at.push_back(i);
        auto boundary_in = [&](std::size_t lo, std::size_t hi) { return at[lo + rng() % (hi - lo + 1)]; };
        for (std::size_t s = 0; s < at.size(); s += 1 + rng() % 5) {
            std::size_t split = at[s];
            SplitText t(std::string_view(text).substr(0, split), std::string_view(text).substr(split));
            for (std::size_t f = 0; f < at.size(); ++f) {
                std::size_t from = at[f];
                std::size_t bound = boundary_in(f, at.size() - 1);
                INFO("regexp=" << source << " fold=" << fold << " text=" << text << " split=" << split
                               << " from=" << from << " bound=" << bound);
                REQUIRE(show(literal->search_forward(t, from, bound)) == show(icu->search_forward(t, from, bound)));
                std::size_t back_bound = boundary_in(0, f);
                REQUIRE(show(literal->search_backward(t, from, back_bound)) ==
                        show(icu->search_backward(t, from, back_bound)));
                REQUIRE(show(literal->looking_at(t, from)) == show(icu->looking_at(t, from)));
            }
        }
    }
}

TEST_CASE("search-forward and search-backward of literal text cross the gap", "[regex]")
{
    std::string text = "xxNEEDLExxneedle";
    for (std::size_t split = 0; split <= text.size(); ++split) {
        SplitText t(std::string_view(text).substr(0, split), std::string_view(text).substr(split));
        INFO("split=" << split);
        auto f = search_literal_forward(t, "needle", 0, text.size(), true);
        REQUIRE(f);
        CHECK(f->begin == 2);
        CHECK_FALSE(search_literal_forward(t, "needle", 3, 15, true)); // ends past the bound
        auto b = search_literal_backward(t, "needle", text.size(), 0, true);
        REQUIRE(b);
        CHECK(b->begin == 10);
        auto exact = search_literal_backward(t, "NEEDLE", text.size(), 0, false);
        REQUIRE(exact);
        CHECK(exact->begin == 2);
    }
}
