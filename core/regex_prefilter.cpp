// A walk over Emacs regexp syntax that keeps the runs of literal characters
// at the top level of the regexp (outside groups, not under a repetition
// operator), and gives up on any top-level `\|` and on every
// construct that can match a newline: a negated set, \W, syntax and
// category escapes, [:space:], [:cntrl:], [:ascii:], a literal newline.
#include "core/regex_prefilter.hpp"

#include <algorithm>
#include <cstring>
#include <iterator>

#include "core/utf8.hpp"

namespace gapmacs {

namespace {

class PrefilterScan {
public:
    PrefilterScan(std::string_view source, bool case_fold) : m_s(source), m_case_fold(case_fold) {}

    // Every required run, the longest first, or nullopt when the regexp is
    // not understood; `line_end` gets the run before a final `$`.
    std::optional<std::vector<std::string>> required_runs(std::string& line_end)
    {
        while (m_i < m_s.size())
            if (!step())
                return std::nullopt;
        if (m_depth != 0)
            return std::nullopt;
        end_run();
        std::stable_sort(m_runs.begin(), m_runs.end(),
                         [](const std::string& a, const std::string& b) { return a.size() > b.size(); });
        line_end = m_line_end;
        return m_runs;
    }

private:
    bool step()
    {
        char c = m_s[m_i];
        if (c == '\\')
            return escape();
        if (c == '[') {
            end_run();
            return bracket() && after_atom();
        }
        if (c == '*' || c == '+' || c == '?')
            return false; // literal where nothing precedes it: rare, not worth the cases
        if (c == '\n')
            return false;
        if (c == '.') {
            end_run();
            ++m_i;
            return after_atom();
        }
        if (c == '^' || c == '$') {
            // Anchors, or (in the middle) literal characters: neither is a newline.
            if (c == '$' && m_i + 1 == m_s.size() && m_depth == 0)
                m_line_end = m_run;
            end_run();
            ++m_i;
            m_at_start = c == '^' && m_at_start;
            return !m_at_start || m_i >= m_s.size() || std::strchr("*+?", m_s[m_i]) == nullptr;
        }
        return literal(utf8_length(static_cast<unsigned char>(c)));
    }

    bool escape()
    {
        if (m_i + 1 >= m_s.size())
            return false;
        char d = m_s[m_i + 1];
        m_i += 2;
        switch (d) {
        case '(':
            end_run();
            if (m_i < m_s.size() && m_s[m_i] == '?') { // \(?: and \(?N:
                auto colon = m_s.find(':', m_i);
                if (colon == std::string_view::npos)
                    return false;
                m_i = colon + 1;
            }
            ++m_depth;
            m_at_start = true;
            return true;
        case ')':
            end_run();
            if (--m_depth < 0)
                return false;
            return after_atom();
        case '|':
            if (m_depth == 0)
                return false; // no text is required by every alternative
            m_at_start = true;
            return true;
        case 'w':
            end_run();
            return after_atom();
        case 'b': case 'B': case '<': case '>': case '`': case '\'':
            end_run();
            m_at_start = false;
            return true;
        case '_':
            if (m_i >= m_s.size() || (m_s[m_i] != '<' && m_s[m_i] != '>'))
                return false;
            ++m_i;
            end_run();
            m_at_start = false;
            return true;
        default:
            if (d >= '1' && d <= '9') { // a back reference: what its group matched
                end_run();
                return after_atom();
            }
            if (std::strchr(".*+?[]^$\\", d) != nullptr) {
                m_i -= 1; // the quoted character is the literal
                return literal(1);
            }
            return false; // \W \s \S \c \C \= \{ and the rest
        }
    }

    // [...] without ^; its ranges and classes must leave out the newline.
    bool bracket()
    {
        std::size_t i = m_i + 1;
        if (i < m_s.size() && m_s[i] == '^')
            return false;
        bool first = true;
        while (i < m_s.size() && (first || m_s[i] != ']')) {
            first = false;
            if (m_s.compare(i, 2, "[:") == 0) {
                auto close = m_s.find(":]", i + 2);
                if (close == std::string_view::npos || !allowed_class(m_s.substr(i + 2, close - i - 2)))
                    return false;
                i = close + 2;
                continue;
            }
            auto lo = static_cast<unsigned char>(m_s[i]);
            std::size_t len = utf8_length(lo);
            if (lo == '\n')
                return false;
            if (i + len + 1 < m_s.size() && m_s[i + len] == '-' && m_s[i + len + 1] != ']') {
                auto hi = static_cast<unsigned char>(m_s[i + len + 1]);
                if (lo <= '\n' && hi >= '\n')
                    return false;
                i += len + 1 + utf8_length(hi);
                continue;
            }
            i += len;
        }
        if (i >= m_s.size())
            return false;
        m_i = i + 1;
        return true;
    }

    static bool allowed_class(std::string_view name)
    {
        for (const char* ok : {"alpha", "alnum", "digit", "xdigit", "blank", "word", "upper", "lower", "punct",
                               "graph", "print", "nonascii", "multibyte"})
            if (name == ok)
                return true;
        return false;
    }

    // One literal character of `len` bytes at m_i.
    bool literal(std::size_t len)
    {
        if (m_i + len > m_s.size())
            return false;
        std::string_view ch = m_s.substr(m_i, len);
        m_i += len;
        bool optional = at_postfix();
        if (optional || m_depth > 0 || (m_case_fold && static_cast<unsigned char>(ch[0]) >= 0x80)) {
            end_run();
        } else {
            m_run.append(ch);
        }
        return after_atom();
    }

    bool at_postfix() const
    {
        return m_i < m_s.size() &&
               (std::strchr("*+?", m_s[m_i]) != nullptr || m_s.compare(m_i, 2, "\\{") == 0);
    }

    // Skips the repetition operators after an atom: what they repeat is not
    // required (a literal under one was left out of the run already).
    bool after_atom()
    {
        m_at_start = false;
        while (at_postfix()) {
            end_run();
            if (m_s[m_i] == '\\') {
                auto close = m_s.find("\\}", m_i + 2);
                if (close == std::string_view::npos)
                    return false;
                m_i = close + 2;
            } else {
                ++m_i;
            }
        }
        return true;
    }

    void end_run()
    {
        if (!m_run.empty())
            m_runs.push_back(std::move(m_run));
        m_run.clear();
    }

    static std::size_t utf8_length(unsigned char lead)
    {
        return lead < 0xC0 ? 1 : static_cast<std::size_t>(internal_char_length(lead));
    }

    std::string_view m_s;
    bool m_case_fold;
    std::size_t m_i = 0;
    int m_depth = 0;
    bool m_at_start = true; // where `*` would be literal and `^` an anchor
    std::string m_run, m_line_end;
    std::vector<std::string> m_runs;
};

} // namespace

std::optional<LinePrefilter> line_prefilter(std::string_view source, bool case_fold)
{
    std::string line_end;
    auto runs = PrefilterScan(source, case_fold).required_runs(line_end);
    if (!runs || runs->empty() || runs->front().size() < 3)
        return std::nullopt;
    LinePrefilter p{std::move(runs->front()), case_fold ? AsciiCase::fold : AsciiCase::exact, {}, std::move(line_end)};
    p.also.assign(std::make_move_iterator(runs->begin() + 1), std::make_move_iterator(runs->end()));
    return p;
}

} // namespace gapmacs
