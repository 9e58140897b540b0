// The Emacs-regexp translator and matcher (core/regex).
//
// Byte 0 chooses the mode. Odd: the rest is any pattern (case folding from
// bit 1): it compiles, or throws invalid-regexp, nothing else; compiled, it
// searches, matches and looks back in a few texts within their bounds.
// Even: the rest drives a small grammar (characters, ., [sets], groups,
// alternatives, greedy and lazy repetition) that writes one regexp in
// Emacs syntax and the same one in ECMAScript syntax, plus an ASCII text:
// both engines backtrack leftmost-first, so the match found must be the
// same as std::regex's (the reference).
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <regex>
#include <string>
#include <string_view>

#include "check.hpp"
#include "core/error.hpp"
#include "core/regex.hpp"
#include "core/utf8.hpp"

using namespace gapmacs;

namespace {

class Bytes {
public:
    Bytes(const std::uint8_t* data, std::size_t size) : m_data(data), m_size(size) {}
    bool more() const { return m_at < m_size; }
    std::uint8_t next() { return m_at < m_size ? m_data[m_at++] : 0; }

private:
    const std::uint8_t* m_data;
    std::size_t m_size;
    std::size_t m_at = 0;
};

void check_match(const std::optional<Match>& m, std::size_t lo, std::size_t hi)
{
    if (!m)
        return;
    for (const auto& g : m->groups) {
        if (!g.matched())
            continue;
        FUZZ_CHECK(g.begin <= g.end);
        FUZZ_CHECK(static_cast<std::size_t>(g.begin) >= lo && static_cast<std::size_t>(g.end) <= hi);
    }
}

void any_pattern(std::uint8_t mode, std::string_view bytes)
{
    std::string pattern;
    utf8_to_internal(bytes, pattern, true);
    std::unique_ptr<Regex> re;
    try {
        re = std::make_unique<Regex>(pattern, (mode & 2) != 0);
    } catch (const Error& e) {
        FUZZ_CHECK_MSG(e.symbol() == "invalid-regexp", "%s: %s", e.symbol().c_str(), e.what());
        return;
    }
    const std::string texts[] = {"", "abc\nabc", "foo bar_baz  (x) [y]\n\tend", pattern, "héllo 漢字 \xc1\x80"};
    for (const std::string& t : texts) {
        try {
            check_match(re->search_forward(SplitText(t), 0, t.size()), 0, t.size());
            const std::size_t half = t.size() / 2;
            check_match(re->search_forward(SplitText(std::string_view(t).substr(0, half), std::string_view(t).substr(half)),
                                           0, t.size()),
                        0, t.size());
            check_match(re->search_backward(SplitText(t), t.size(), 0), 0, t.size());
            check_match(re->looking_at(SplitText(t), 0), 0, t.size());
        } catch (const Error& e) {
            // A match too costly for ICU's limits stops with an error, not a crash.
            FUZZ_CHECK_MSG(e.symbol() == "error" || e.symbol() == "quit", "%s: %s", e.symbol().c_str(), e.what());
        }
    }
}

// One regexp in both syntaxes.
struct Pair {
    std::string emacs, ecma;
    void add(const std::string& e, const std::string& j)
    {
        emacs += e;
        ecma += j;
    }
};

Pair alternatives(Bytes& in, int depth);

Pair atom(Bytes& in, int depth)
{
    Pair p;
    const std::uint8_t b = in.next();
    switch (b % 8) {
    case 0:
    case 1:
    case 2: {
        const char c = "abc"[b / 8 % 3];
        p.add(std::string(1, c), std::string(1, c));
        break;
    }
    case 3: p.add(".", "."); break;
    case 4: p.add("[ab]", "[ab]"); break;
    case 5: p.add("[^a]", "[^a\\n]"); break; // Emacs's [^a] matches newline; the texts have none
    case 6:
    case 7:
        if (depth < 4) {
            Pair inner = alternatives(in, depth + 1);
            p.add("\\(" + inner.emacs + "\\)", "(" + inner.ecma + ")");
        } else {
            p.add("b", "b");
        }
        break;
    }
    // A repetition, sometimes (lazy ones too).
    static const char* const ops[] = {"*", "+", "?", "*?", "+?", "??"};
    const std::uint8_t r = in.next();
    if (r % 3 == 0) {
        const char* op = ops[r / 3 % 6];
        p.add(op, op);
    }
    return p;
}

Pair sequence(Bytes& in, int depth)
{
    Pair p;
    const int n = in.next() % 4;
    for (int i = 0; i < n && in.more(); ++i) {
        Pair a = atom(in, depth);
        p.add(a.emacs, a.ecma);
    }
    return p;
}

Pair alternatives(Bytes& in, int depth)
{
    Pair p = sequence(in, depth);
    while (in.more() && in.next() % 4 == 0) {
        Pair q = sequence(in, depth);
        p.add("\\|" + q.emacs, "|" + q.ecma);
    }
    return p;
}

void against_reference(Bytes& in)
{
    const Pair pattern = alternatives(in, 0);
    std::string text;
    for (int i = 0; i < 12 && in.more(); ++i)
        text += "abcx"[in.next() % 4];
    // libstdc++'s std::regex backtracks exponentially on nested repetition
    // (the reference, not ours, hangs): few repetitions, short texts.
    const auto repetitions = std::count_if(pattern.ecma.begin(), pattern.ecma.end(),
                                           [](char c) { return c == '*' || c == '+' || c == '?'; });
    // Empty alternatives under a repetition ((|a*)*) take it minutes too.
    const bool empty_alternative = pattern.ecma.find("||") != std::string::npos ||
                                   pattern.ecma.find("(|") != std::string::npos ||
                                   pattern.ecma.find("|)") != std::string::npos;
    if (pattern.emacs.empty() || pattern.emacs.size() > 40 || repetitions > 3 || empty_alternative)
        return;
    if (std::getenv("GAPMACS_FUZZ_TRACE"))
        std::fprintf(stderr, "emacs %s ecma %s text %s\n", pattern.emacs.c_str(), pattern.ecma.c_str(), text.c_str());
    std::regex reference;
    try {
        reference = std::regex(pattern.ecma, std::regex::ECMAScript);
    } catch (const std::regex_error&) {
        return; // e.g. a lazy op after a repetition: not what this compares
    }
    std::optional<Match> ours;
    try {
        ours = Regex(pattern.emacs, false).string_match(text);
    } catch (const Error& e) {
        FUZZ_CHECK_MSG(false, "%s does not compile: %s", pattern.emacs.c_str(), e.what());
    }
    std::smatch m;
    const bool found = std::regex_search(text, m, reference);
    FUZZ_CHECK_MSG(found == ours.has_value(), "%s on \"%s\": found %d, std::regex %d", pattern.emacs.c_str(),
                   text.c_str(), ours.has_value(), found);
    if (found) {
        const auto begin = static_cast<std::size_t>(m.position(0));
        const auto end = begin + static_cast<std::size_t>(m.length(0));
        FUZZ_CHECK_MSG(ours->begin() == begin && ours->end() == end, "%s on \"%s\": %zu-%zu, std::regex %zu-%zu",
                       pattern.emacs.c_str(), text.c_str(), ours->begin(), ours->end(), begin, end);
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    if (size < 1)
        return 0;
    if (data[0] % 2 == 1) {
        any_pattern(data[0], std::string_view(reinterpret_cast<const char*>(data) + 1, size - 1));
    } else {
        Bytes in(data + 1, size - 1);
        against_reference(in);
    }
    return 0;
}
