// The mode line's constructs, formatted as Emacs's xdisp.c formats them
// (display_mode_element, decode_mode_spec): the text that
// `mode-line-format' or `header-line-format' makes in a buffer, with the
// text properties of each stretch (`face' from `:propertize' and
// propertized strings). Redisplay draws a mode line from it, and
// `format-mode-line' returns it as a string.
#pragma once
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "lisp-lite/lang/heap.hpp"
#include "lisp-lite/lang/lisp.hpp"

namespace gapmacs::lisp {

// What the constructs that depend on a window show (%p, %P, %l, %c, %[,
// %-): the UI fills it in for the window it draws; batch mode, which has
// no drawn windows, gets these defaults.
struct ModeLineWindow {
    std::string top = "All";    // %p: "All", "Top", "Bot" or "42%"
    std::string bottom = "All"; // %P
    std::int64_t line = 1;      // %l, at point; 0 when too costly to count ("??")
    // %c (%C is one more), counted only when shown: on a long line it is a
    // scan back to the line's start.
    std::function<std::int64_t()> column = [] { return std::int64_t(0); };
    int recursive_edits = 0;    // %[ and %]
    int width = 0;              // columns %- fills with dashes; 0: "--"
};

// Stretches of a formatted mode line: bytes [beg, end) of its text have
// the text properties `props` (a plist, nil for none).
struct ModeLineRun {
    std::size_t beg;
    std::size_t end;
    Value props;
    bool expansion; // a %-construct's text or padding, not a string's own
};

class ModeLineText {
public:
    ModeLineText() : m_root(&m_props) {}
    ModeLineText(const ModeLineText&) = delete;
    ModeLineText& operator=(const ModeLineText&) = delete;

    const std::string& text() const { return m_text; }
    std::int64_t columns() const { return m_columns; }
    std::size_t runs() const { return m_runs.size(); }
    ModeLineRun run(std::size_t i) const { return {m_runs[i].beg, m_runs[i].end, m_props[i], m_runs[i].expansion}; }

    // For the formatter: text with its properties.
    void append(std::string_view internal, Value props, bool expansion);

private:
    struct Span {
        std::size_t beg;
        std::size_t end;
        bool expansion;
    };
    std::string m_text;
    std::int64_t m_columns = 0;
    std::vector<Span> m_runs;
    std::vector<Value> m_props; // rooted: formatting evaluates Lisp
    GcRoot m_root;
};

// CONSTRUCT formatted in BUFFER (made current while it is formatted, as
// Emacs does) for a window as WINDOW describes it. An error in an `:eval'
// form shows as nothing.
void format_mode_line(Value construct, Value buffer, const ModeLineWindow& window, ModeLineText& out);

// The mode line's letter for a coding system ('U' utf-8, '1' latin-1, '='
// binary, '-' other), from its converter's name, so that the mode line
// never loads Emacs's registry of coding systems (xdisp.c's
// decode_mode_spec_coding reads the :mnemonic of the system's spec).
char coding_mnemonic(std::string_view coding_name);

} // namespace gapmacs::lisp
