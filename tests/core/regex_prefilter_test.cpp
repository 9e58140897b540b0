// The line prefilter: what text it requires of a regexp, and that a search
// with it finds what the same regexp finds without it. `RE\|\=` is RE to the
// matcher (`\=` never matches outside a buffer's point) but has no
// prefilter: a top-level `\|` gives none.
#include <catch2/catch.hpp>

#include <random>
#include <string>
#include <vector>

#include "core/regex.hpp"
#include "core/regex_prefilter.hpp"

using namespace gapmacs;

namespace {

std::string required(std::string_view re, bool fold = false)
{
    auto p = line_prefilter(re, fold);
    return p ? p->bytes : "<none>";
}

std::string show(const std::optional<Match>& m)
{
    if (!m)
        return "nil";
    std::string s;
    for (auto& g : m->groups)
        s += std::to_string(g.begin) + "-" + std::to_string(g.end) + " ";
    return s;
}

std::string random_regexp(std::mt19937& rng)
{
    static const char* const atoms[] = {"abc", "xab", "a", "b", ".", "[a-c]", "[ab ]", "\\w", "\\(ab\\)",
                                        "\\(?:b\\|c\\)", " ", "\\b", "\\(c\\)\\1", "[[:alpha:]]"};
    static const char* const postfix[] = {"", "", "", "*", "+", "?", "\\{1,2\\}", "*?"};
    std::string re = rng() % 4 == 0 ? "^" : "";
    for (std::size_t n = 1 + rng() % 4; n > 0; --n) {
        re += atoms[rng() % (sizeof atoms / sizeof *atoms)];
        re += postfix[rng() % (sizeof postfix / sizeof *postfix)];
    }
    if (rng() % 4 == 0)
        re += "$";
    return re;
}

std::string random_text(std::mt19937& rng)
{
    static const char* const pieces[] = {"a", "b", "c", "x", " ", "\n", "abc", "xab", "ABC", "\xC3\xA9"};
    std::string s;
    for (std::size_t n = rng() % 40; n > 0; --n)
        s += pieces[rng() % (sizeof pieces / sizeof *pieces)];
    return s;
}

} // namespace

TEST_CASE("line_prefilter requires the longest top-level literal run", "[regex]")
{
    CHECK(required("^[0-9a-f]+ lorem ipsum needle") == " lorem ipsum needle");
    CHECK(required("error: .*") == "error: ");
    CHECK(required("foo\\(bar\\)*bazz") == "bazz");
    CHECK(required("\\(?:abc\\)def") == "def");
    CHECK(required("a\\.b\\*c") == "a.b*c");
    CHECK(required("abcd*") == "abc"); // the d is optional
    CHECK(required("abcd\\{2\\}") == "abc");
    CHECK(required("\\_<defun\\_>") == "defun");
    CHECK(required("x[a-z]yyy$") == "yyy");
    CHECK(required("NEEDLE", true) == "NEEDLE");
    CHECK(required("\xC3\xA9t\xC3\xA9") == "\xC3\xA9t\xC3\xA9");
    CHECK(required("\xC3\xA9t\xC3\xA9", true) == "<none>"); // folding: ASCII only
}

TEST_CASE("line_prefilter gives up where a match could hold a newline or needs no text", "[regex]")
{
    CHECK(required("ab") == "<none>");                 // too short to pay
    CHECK(required("abc\\|def") == "<none>");          // an alternative without the text
    CHECK(required("[^x]abcd") == "<none>");           // a negated set matches a newline
    CHECK(required("\\Wabcd") == "<none>");
    CHECK(required("\\s-abcd") == "<none>");
    CHECK(required("abcd[[:space:]]") == "<none>");
    CHECK(required("abcd[\t-\r]") == "<none>");        // a range over the newline
    CHECK(required("abcd\nx") == "<none>");
    CHECK(required("\\(abcd") == "<none>");            // unbalanced: the compiler says so
    CHECK(required("*abcd") == "<none>");              // a literal star: not worth the cases
    CHECK(required("\\=abcd") == "<none>");
    CHECK(required("abcd\\") == "<none>");
}

TEST_CASE("searches with the line prefilter find what searches without it find", "[regex]")
{
    std::mt19937 rng(31);
    int with_prefilter = 0;
    for (int round = 0; round < 3000; ++round) {
        std::string source = random_regexp(rng);
        bool fold = rng() % 2;
        if (line_prefilter(source, fold))
            ++with_prefilter;
        auto fast = compile_regex(source, fold);
        auto plain = compile_regex(source + "\\|\\=", fold);
        std::string text = random_text(rng);
        std::size_t split = rng() % (text.size() + 1);
        while (split > 0 && split < text.size() && (static_cast<unsigned char>(text[split]) & 0xC0) == 0x80)
            --split;
        SplitText t(std::string_view(text).substr(0, split), std::string_view(text).substr(split));
        for (std::size_t from = 0; from <= text.size(); from += 1 + rng() % 3) {
            if (from < text.size() && (static_cast<unsigned char>(text[from]) & 0xC0) == 0x80)
                continue;
            std::size_t bound = from + rng() % (text.size() - from + 1);
            while (bound < text.size() && (static_cast<unsigned char>(text[bound]) & 0xC0) == 0x80)
                ++bound;
            INFO("regexp=" << source << " fold=" << fold << " text=" << text << " from=" << from
                           << " bound=" << bound);
            REQUIRE(show(fast->search_forward(t, from, bound)) == show(plain->search_forward(t, from, bound)));
        }
    }
    CHECK(with_prefilter > 300); // the comparison above exercised the prefilter
}

TEST_CASE("a prefiltered search over many lines that hold the text but do not match", "[regex]")
{
    std::string text;
    for (int i = 0; i < 5000; ++i)
        text += "needle but no digits here\n";
    text += "needle 42\n";
    auto re = compile_regex("needle [0-9]+", false);
    auto m = re->search_forward(SplitText(text), 0, text.size());
    REQUIRE(m);
    CHECK(m->begin() == 5000 * 26);
    CHECK(m->end() == 5000 * 26 + 9);
    CHECK_FALSE(re->search_forward(SplitText(text), 0, 5000 * 26 + 7)); // "needle " and no digit
}
