// Buffer searches (buffer/search.hpp). The table's expectations come from GNU
// Emacs 28.2: each row ran in a temp buffer (`emacs -Q --batch`) holding the
// text, narrowed as given, with point set, and printed (match-data t).
#include <catch2/catch.hpp>

#include <chrono>
#include <string>

#include "../printers.hpp"
#include "buffer/search.hpp"
#include "core/error.hpp"
#include "core/utf8.hpp"

using namespace gapmacs;

namespace {

enum class Op { rsf, rsb, la, lb, sf, sb };

struct BufferCase {
    Op op;
    const char* text;
    std::int64_t point;
    const char* pattern; // regexp, or the string for sf/sb
    std::int64_t bound;  // 0: none
    bool fold;
    std::int64_t narrow_start, narrow_end; // 0: not narrowed
    const char* expected;
};

const BufferCase buffer_cases[] = {
    {Op::rsf, "foo bar\012baz foo-bar\012日本語 café\012last line", 1, "foo", 0, false, 0, 0, "(1 4)"},
    {Op::rsb, "foo bar\012baz foo-bar\012日本語 café\012last line", 1, "foo", 0, false, 0, 0, "nil"},
    {Op::la, "foo bar\012baz foo-bar\012日本語 café\012last line", 1, "foo", 0, false, 0, 0, "(1 4)"},
    {Op::rsf, "foo bar\012baz foo-bar\012日本語 café\012last line", 5, "foo", 0, false, 0, 0, "(13 16)"},
    {Op::rsb, "foo bar\012baz foo-bar\012日本語 café\012last line", 5, "foo", 0, false, 0, 0, "(1 4)"},
    {Op::la, "foo bar\012baz foo-bar\012日本語 café\012last line", 5, "foo", 0, false, 0, 0, "nil"},
    {Op::rsf, "foo bar\012baz foo-bar\012日本語 café\012last line", 9, "foo", 0, false, 0, 0, "(13 16)"},
    {Op::rsb, "foo bar\012baz foo-bar\012日本語 café\012last line", 9, "foo", 0, false, 0, 0, "(1 4)"},
    {Op::la, "foo bar\012baz foo-bar\012日本語 café\012last line", 9, "foo", 0, false, 0, 0, "nil"},
    {Op::rsf, "foo bar\012baz foo-bar\012日本語 café\012last line", 20, "foo", 0, false, 0, 0, "nil"},
    {Op::rsb, "foo bar\012baz foo-bar\012日本語 café\012last line", 20, "foo", 0, false, 0, 0, "(13 16)"},
    {Op::la, "foo bar\012baz foo-bar\012日本語 café\012last line", 20, "foo", 0, false, 0, 0, "nil"},
    {Op::rsf, "foo bar\012baz foo-bar\012日本語 café\012last line", 30, "foo", 0, false, 0, 0, "nil"},
    {Op::rsb, "foo bar\012baz foo-bar\012日本語 café\012last line", 30, "foo", 0, false, 0, 0, "(13 16)"},
    {Op::la, "foo bar\012baz foo-bar\012日本語 café\012last line", 30, "foo", 0, false, 0, 0, "nil"},
    {Op::rsf, "foo bar\012baz foo-bar\012日本語 café\012last line", 1, "^b", 0, false, 0, 0, "(9 10)"},
    {Op::rsb, "foo bar\012baz foo-bar\012日本語 café\012last line", 1, "^b", 0, false, 0, 0, "nil"},
    {Op::la, "foo bar\012baz foo-bar\012日本語 café\012last line", 1, "^b", 0, false, 0, 0, "nil"},
    {Op::rsf, "foo bar\012baz foo-bar\012日本語 café\012last line", 5, "^b", 0, false, 0, 0, "(9 10)"},
    {Op::rsb, "foo bar\012baz foo-bar\012日本語 café\012last line", 5, "^b", 0, false, 0, 0, "nil"},
    {Op::la, "foo bar\012baz foo-bar\012日本語 café\012last line", 5, "^b", 0, false, 0, 0, "nil"},
    {Op::rsf, "foo bar\012baz foo-bar\012日本語 café\012last line", 9, "^b", 0, false, 0, 0, "(9 10)"},
    {Op::rsb, "foo bar\012baz foo-bar\012日本語 café\012last line", 9, "^b", 0, false, 0, 0, "nil"},
    {Op::la, "foo bar\012baz foo-bar\012日本語 café\012last line", 9, "^b", 0, false, 0, 0, "(9 10)"},
    {Op::rsf, "foo bar\012baz foo-bar\012日本語 café\012last line", 20, "^b", 0, false, 0, 0, "nil"},
    {Op::rsb, "foo bar\012baz foo-bar\012日本語 café\012last line", 20, "^b", 0, false, 0, 0, "(9 10)"},
    {Op::la, "foo bar\012baz foo-bar\012日本語 café\012last line", 20, "^b", 0, false, 0, 0, "nil"},
    {Op::rsf, "foo bar\012baz foo-bar\012日本語 café\012last line", 30, "^b", 0, false, 0, 0, "nil"},
    {Op::rsb, "foo bar\012baz foo-bar\012日本語 café\012last line", 30, "^b", 0, false, 0, 0, "(9 10)"},
    {Op::la, "foo bar\012baz foo-bar\012日本語 café\012last line", 30, "^b", 0, false, 0, 0, "nil"},
    {Op::rsf, "foo bar\012baz foo-bar\012日本語 café\012last line", 1, "r$", 0, false, 0, 0, "(7 8)"},
    {Op::rsb, "foo bar\012baz foo-bar\012日本語 café\012last line", 1, "r$", 0, false, 0, 0, "nil"},
    {Op::la, "foo bar\012baz foo-bar\012日本語 café\012last line", 1, "r$", 0, false, 0, 0, "nil"},
    {Op::rsf, "foo bar\012baz foo-bar\012日本語 café\012last line", 5, "r$", 0, false, 0, 0, "(7 8)"},
    {Op::rsb, "foo bar\012baz foo-bar\012日本語 café\012last line", 5, "r$", 0, false, 0, 0, "nil"},
    {Op::la, "foo bar\012baz foo-bar\012日本語 café\012last line", 5, "r$", 0, false, 0, 0, "nil"},
    {Op::rsf, "foo bar\012baz foo-bar\012日本語 café\012last line", 9, "r$", 0, false, 0, 0, "(19 20)"},
    {Op::rsb, "foo bar\012baz foo-bar\012日本語 café\012last line", 9, "r$", 0, false, 0, 0, "(7 8)"},
    {Op::la, "foo bar\012baz foo-bar\012日本語 café\012last line", 9, "r$", 0, false, 0, 0, "nil"},
    {Op::rsf, "foo bar\012baz foo-bar\012日本語 café\012last line", 20, "r$", 0, false, 0, 0, "nil"},
    {Op::rsb, "foo bar\012baz foo-bar\012日本語 café\012last line", 20, "r$", 0, false, 0, 0, "(19 20)"},
    {Op::la, "foo bar\012baz foo-bar\012日本語 café\012last line", 20, "r$", 0, false, 0, 0, "nil"},
    {Op::rsf, "foo bar\012baz foo-bar\012日本語 café\012last line", 30, "r$", 0, false, 0, 0, "nil"},
    {Op::rsb, "foo bar\012baz foo-bar\012日本語 café\012last line", 30, "r$", 0, false, 0, 0, "(19 20)"},
    {Op::la, "foo bar\012baz foo-bar\012日本語 café\012last line", 30, "r$", 0, false, 0, 0, "nil"},
    {Op::rsf, "foo bar\012baz foo-bar\012日本語 café\012last line", 1, "\\bbar", 0, false, 0, 0, "(5 8)"},
    {Op::rsb, "foo bar\012baz foo-bar\012日本語 café\012last line", 1, "\\bbar", 0, false, 0, 0, "nil"},
    {Op::la, "foo bar\012baz foo-bar\012日本語 café\012last line", 1, "\\bbar", 0, false, 0, 0, "nil"},
    {Op::rsf, "foo bar\012baz foo-bar\012日本語 café\012last line", 5, "\\bbar", 0, false, 0, 0, "(5 8)"},
    {Op::rsb, "foo bar\012baz foo-bar\012日本語 café\012last line", 5, "\\bbar", 0, false, 0, 0, "nil"},
    {Op::la, "foo bar\012baz foo-bar\012日本語 café\012last line", 5, "\\bbar", 0, false, 0, 0, "(5 8)"},
    {Op::rsf, "foo bar\012baz foo-bar\012日本語 café\012last line", 9, "\\bbar", 0, false, 0, 0, "(17 20)"},
    {Op::rsb, "foo bar\012baz foo-bar\012日本語 café\012last line", 9, "\\bbar", 0, false, 0, 0, "(5 8)"},
    {Op::la, "foo bar\012baz foo-bar\012日本語 café\012last line", 9, "\\bbar", 0, false, 0, 0, "nil"},
    {Op::rsf, "foo bar\012baz foo-bar\012日本語 café\012last line", 20, "\\bbar", 0, false, 0, 0, "nil"},
    {Op::rsb, "foo bar\012baz foo-bar\012日本語 café\012last line", 20, "\\bbar", 0, false, 0, 0, "(17 20)"},
    {Op::la, "foo bar\012baz foo-bar\012日本語 café\012last line", 20, "\\bbar", 0, false, 0, 0, "nil"},
    {Op::rsf, "foo bar\012baz foo-bar\012日本語 café\012last line", 30, "\\bbar", 0, false, 0, 0, "nil"},
    {Op::rsb, "foo bar\012baz foo-bar\012日本語 café\012last line", 30, "\\bbar", 0, false, 0, 0, "(17 20)"},
    {Op::la, "foo bar\012baz foo-bar\012日本語 café\012last line", 30, "\\bbar", 0, false, 0, 0, "nil"},
    {Op::rsf, "foo bar\012baz foo-bar\012日本語 café\012last line", 1, "\\_<foo-bar\\_>", 0, false, 0, 0, "(13 20)"},
    {Op::rsb, "foo bar\012baz foo-bar\012日本語 café\012last line", 1, "\\_<foo-bar\\_>", 0, false, 0, 0, "nil"},
    {Op::la, "foo bar\012baz foo-bar\012日本語 café\012last line", 1, "\\_<foo-bar\\_>", 0, false, 0, 0, "nil"},
    {Op::rsf, "foo bar\012baz foo-bar\012日本語 café\012last line", 5, "\\_<foo-bar\\_>", 0, false, 0, 0, "(13 20)"},
    {Op::rsb, "foo bar\012baz foo-bar\012日本語 café\012last line", 5, "\\_<foo-bar\\_>", 0, false, 0, 0, "nil"},
    {Op::la, "foo bar\012baz foo-bar\012日本語 café\012last line", 5, "\\_<foo-bar\\_>", 0, false, 0, 0, "nil"},
    {Op::rsf, "foo bar\012baz foo-bar\012日本語 café\012last line", 9, "\\_<foo-bar\\_>", 0, false, 0, 0, "(13 20)"},
    {Op::rsb, "foo bar\012baz foo-bar\012日本語 café\012last line", 9, "\\_<foo-bar\\_>", 0, false, 0, 0, "nil"},
    {Op::la, "foo bar\012baz foo-bar\012日本語 café\012last line", 9, "\\_<foo-bar\\_>", 0, false, 0, 0, "nil"},
    {Op::rsf, "foo bar\012baz foo-bar\012日本語 café\012last line", 20, "\\_<foo-bar\\_>", 0, false, 0, 0, "nil"},
    {Op::rsb, "foo bar\012baz foo-bar\012日本語 café\012last line", 20, "\\_<foo-bar\\_>", 0, false, 0, 0, "(13 20)"},
    {Op::la, "foo bar\012baz foo-bar\012日本語 café\012last line", 20, "\\_<foo-bar\\_>", 0, false, 0, 0, "nil"},
    {Op::rsf, "foo bar\012baz foo-bar\012日本語 café\012last line", 30, "\\_<foo-bar\\_>", 0, false, 0, 0, "nil"},
    {Op::rsb, "foo bar\012baz foo-bar\012日本語 café\012last line", 30, "\\_<foo-bar\\_>", 0, false, 0, 0, "(13 20)"},
    {Op::la, "foo bar\012baz foo-bar\012日本語 café\012last line", 30, "\\_<foo-bar\\_>", 0, false, 0, 0, "nil"},
    {Op::rsf, "foo bar\012baz foo-bar\012日本語 café\012last line", 1, "\\w+", 0, false, 0, 0, "(1 4)"},
    {Op::rsb, "foo bar\012baz foo-bar\012日本語 café\012last line", 1, "\\w+", 0, false, 0, 0, "nil"},
    {Op::la, "foo bar\012baz foo-bar\012日本語 café\012last line", 1, "\\w+", 0, false, 0, 0, "(1 4)"},
    {Op::rsf, "foo bar\012baz foo-bar\012日本語 café\012last line", 5, "\\w+", 0, false, 0, 0, "(5 8)"},
    {Op::rsb, "foo bar\012baz foo-bar\012日本語 café\012last line", 5, "\\w+", 0, false, 0, 0, "(3 4)"},
    {Op::la, "foo bar\012baz foo-bar\012日本語 café\012last line", 5, "\\w+", 0, false, 0, 0, "(5 8)"},
    {Op::rsf, "foo bar\012baz foo-bar\012日本語 café\012last line", 9, "\\w+", 0, false, 0, 0, "(9 12)"},
    {Op::rsb, "foo bar\012baz foo-bar\012日本語 café\012last line", 9, "\\w+", 0, false, 0, 0, "(7 8)"},
    {Op::la, "foo bar\012baz foo-bar\012日本語 café\012last line", 9, "\\w+", 0, false, 0, 0, "(9 12)"},
    {Op::rsf, "foo bar\012baz foo-bar\012日本語 café\012last line", 20, "\\w+", 0, false, 0, 0, "(21 24)"},
    {Op::rsb, "foo bar\012baz foo-bar\012日本語 café\012last line", 20, "\\w+", 0, false, 0, 0, "(19 20)"},
    {Op::la, "foo bar\012baz foo-bar\012日本語 café\012last line", 20, "\\w+", 0, false, 0, 0, "nil"},
    {Op::rsf, "foo bar\012baz foo-bar\012日本語 café\012last line", 30, "\\w+", 0, false, 0, 0, "(30 34)"},
    {Op::rsb, "foo bar\012baz foo-bar\012日本語 café\012last line", 30, "\\w+", 0, false, 0, 0, "(28 29)"},
    {Op::la, "foo bar\012baz foo-bar\012日本語 café\012last line", 30, "\\w+", 0, false, 0, 0, "(30 34)"},
    {Op::rsf, "foo bar\012baz foo-bar\012日本語 café\012last line", 1, "日本", 0, false, 0, 0, "(21 23)"},
    {Op::rsb, "foo bar\012baz foo-bar\012日本語 café\012last line", 1, "日本", 0, false, 0, 0, "nil"},
    {Op::la, "foo bar\012baz foo-bar\012日本語 café\012last line", 1, "日本", 0, false, 0, 0, "nil"},
    {Op::rsf, "foo bar\012baz foo-bar\012日本語 café\012last line", 5, "日本", 0, false, 0, 0, "(21 23)"},
    {Op::rsb, "foo bar\012baz foo-bar\012日本語 café\012last line", 5, "日本", 0, false, 0, 0, "nil"},
    {Op::la, "foo bar\012baz foo-bar\012日本語 café\012last line", 5, "日本", 0, false, 0, 0, "nil"},
    {Op::rsf, "foo bar\012baz foo-bar\012日本語 café\012last line", 9, "日本", 0, false, 0, 0, "(21 23)"},
    {Op::rsb, "foo bar\012baz foo-bar\012日本語 café\012last line", 9, "日本", 0, false, 0, 0, "nil"},
    {Op::la, "foo bar\012baz foo-bar\012日本語 café\012last line", 9, "日本", 0, false, 0, 0, "nil"},
    {Op::rsf, "foo bar\012baz foo-bar\012日本語 café\012last line", 20, "日本", 0, false, 0, 0, "(21 23)"},
    {Op::rsb, "foo bar\012baz foo-bar\012日本語 café\012last line", 20, "日本", 0, false, 0, 0, "nil"},
    {Op::la, "foo bar\012baz foo-bar\012日本語 café\012last line", 20, "日本", 0, false, 0, 0, "nil"},
    {Op::rsf, "foo bar\012baz foo-bar\012日本語 café\012last line", 30, "日本", 0, false, 0, 0, "nil"},
    {Op::rsb, "foo bar\012baz foo-bar\012日本語 café\012last line", 30, "日本", 0, false, 0, 0, "(21 23)"},
    {Op::la, "foo bar\012baz foo-bar\012日本語 café\012last line", 30, "日本", 0, false, 0, 0, "nil"},
    {Op::rsf, "foo bar\012baz foo-bar\012日本語 café\012last line", 1, "é", 0, false, 0, 0, "(28 29)"},
    {Op::rsb, "foo bar\012baz foo-bar\012日本語 café\012last line", 1, "é", 0, false, 0, 0, "nil"},
    {Op::la, "foo bar\012baz foo-bar\012日本語 café\012last line", 1, "é", 0, false, 0, 0, "nil"},
    {Op::rsf, "foo bar\012baz foo-bar\012日本語 café\012last line", 5, "é", 0, false, 0, 0, "(28 29)"},
    {Op::rsb, "foo bar\012baz foo-bar\012日本語 café\012last line", 5, "é", 0, false, 0, 0, "nil"},
    {Op::la, "foo bar\012baz foo-bar\012日本語 café\012last line", 5, "é", 0, false, 0, 0, "nil"},
    {Op::rsf, "foo bar\012baz foo-bar\012日本語 café\012last line", 9, "é", 0, false, 0, 0, "(28 29)"},
    {Op::rsb, "foo bar\012baz foo-bar\012日本語 café\012last line", 9, "é", 0, false, 0, 0, "nil"},
    {Op::la, "foo bar\012baz foo-bar\012日本語 café\012last line", 9, "é", 0, false, 0, 0, "nil"},
    {Op::rsf, "foo bar\012baz foo-bar\012日本語 café\012last line", 20, "é", 0, false, 0, 0, "(28 29)"},
    {Op::rsb, "foo bar\012baz foo-bar\012日本語 café\012last line", 20, "é", 0, false, 0, 0, "nil"},
    {Op::la, "foo bar\012baz foo-bar\012日本語 café\012last line", 20, "é", 0, false, 0, 0, "nil"},
    {Op::rsf, "foo bar\012baz foo-bar\012日本語 café\012last line", 30, "é", 0, false, 0, 0, "nil"},
    {Op::rsb, "foo bar\012baz foo-bar\012日本語 café\012last line", 30, "é", 0, false, 0, 0, "(28 29)"},
    {Op::la, "foo bar\012baz foo-bar\012日本語 café\012last line", 30, "é", 0, false, 0, 0, "nil"},
    {Op::rsf, "foo bar\012baz foo-bar\012日本語 café\012last line", 1, "\\(a\\)\\(r\\)", 0, false, 0, 0, "(6 8 6 7 7 8)"},
    {Op::rsb, "foo bar\012baz foo-bar\012日本語 café\012last line", 1, "\\(a\\)\\(r\\)", 0, false, 0, 0, "nil"},
    {Op::la, "foo bar\012baz foo-bar\012日本語 café\012last line", 1, "\\(a\\)\\(r\\)", 0, false, 0, 0, "nil"},
    {Op::rsf, "foo bar\012baz foo-bar\012日本語 café\012last line", 5, "\\(a\\)\\(r\\)", 0, false, 0, 0, "(6 8 6 7 7 8)"},
    {Op::rsb, "foo bar\012baz foo-bar\012日本語 café\012last line", 5, "\\(a\\)\\(r\\)", 0, false, 0, 0, "nil"},
    {Op::la, "foo bar\012baz foo-bar\012日本語 café\012last line", 5, "\\(a\\)\\(r\\)", 0, false, 0, 0, "nil"},
    {Op::rsf, "foo bar\012baz foo-bar\012日本語 café\012last line", 9, "\\(a\\)\\(r\\)", 0, false, 0, 0, "(18 20 18 19 19 20)"},
    {Op::rsb, "foo bar\012baz foo-bar\012日本語 café\012last line", 9, "\\(a\\)\\(r\\)", 0, false, 0, 0, "(6 8 6 7 7 8)"},
    {Op::la, "foo bar\012baz foo-bar\012日本語 café\012last line", 9, "\\(a\\)\\(r\\)", 0, false, 0, 0, "nil"},
    {Op::rsf, "foo bar\012baz foo-bar\012日本語 café\012last line", 20, "\\(a\\)\\(r\\)", 0, false, 0, 0, "nil"},
    {Op::rsb, "foo bar\012baz foo-bar\012日本語 café\012last line", 20, "\\(a\\)\\(r\\)", 0, false, 0, 0, "(18 20 18 19 19 20)"},
    {Op::la, "foo bar\012baz foo-bar\012日本語 café\012last line", 20, "\\(a\\)\\(r\\)", 0, false, 0, 0, "nil"},
    {Op::rsf, "foo bar\012baz foo-bar\012日本語 café\012last line", 30, "\\(a\\)\\(r\\)", 0, false, 0, 0, "nil"},
    {Op::rsb, "foo bar\012baz foo-bar\012日本語 café\012last line", 30, "\\(a\\)\\(r\\)", 0, false, 0, 0, "(18 20 18 19 19 20)"},
    {Op::la, "foo bar\012baz foo-bar\012日本語 café\012last line", 30, "\\(a\\)\\(r\\)", 0, false, 0, 0, "nil"},
    {Op::rsf, "foo bar\012baz foo-bar\012日本語 café\012last line", 1, ".\\{3\\}", 0, false, 0, 0, "(1 4)"},
    {Op::rsb, "foo bar\012baz foo-bar\012日本語 café\012last line", 1, ".\\{3\\}", 0, false, 0, 0, "nil"},
    {Op::la, "foo bar\012baz foo-bar\012日本語 café\012last line", 1, ".\\{3\\}", 0, false, 0, 0, "(1 4)"},
    {Op::rsf, "foo bar\012baz foo-bar\012日本語 café\012last line", 5, ".\\{3\\}", 0, false, 0, 0, "(5 8)"},
    {Op::rsb, "foo bar\012baz foo-bar\012日本語 café\012last line", 5, ".\\{3\\}", 0, false, 0, 0, "(2 5)"},
    {Op::la, "foo bar\012baz foo-bar\012日本語 café\012last line", 5, ".\\{3\\}", 0, false, 0, 0, "(5 8)"},
    {Op::rsf, "foo bar\012baz foo-bar\012日本語 café\012last line", 9, ".\\{3\\}", 0, false, 0, 0, "(9 12)"},
    {Op::rsb, "foo bar\012baz foo-bar\012日本語 café\012last line", 9, ".\\{3\\}", 0, false, 0, 0, "(5 8)"},
    {Op::la, "foo bar\012baz foo-bar\012日本語 café\012last line", 9, ".\\{3\\}", 0, false, 0, 0, "(9 12)"},
    {Op::rsf, "foo bar\012baz foo-bar\012日本語 café\012last line", 20, ".\\{3\\}", 0, false, 0, 0, "(21 24)"},
    {Op::rsb, "foo bar\012baz foo-bar\012日本語 café\012last line", 20, ".\\{3\\}", 0, false, 0, 0, "(17 20)"},
    {Op::la, "foo bar\012baz foo-bar\012日本語 café\012last line", 20, ".\\{3\\}", 0, false, 0, 0, "nil"},
    {Op::rsf, "foo bar\012baz foo-bar\012日本語 café\012last line", 30, ".\\{3\\}", 0, false, 0, 0, "(30 33)"},
    {Op::rsb, "foo bar\012baz foo-bar\012日本語 café\012last line", 30, ".\\{3\\}", 0, false, 0, 0, "(26 29)"},
    {Op::la, "foo bar\012baz foo-bar\012日本語 café\012last line", 30, ".\\{3\\}", 0, false, 0, 0, "(30 33)"},
    {Op::rsf, "foo bar\012baz foo-bar\012日本語 café\012last line", 1, "\\`", 0, false, 0, 0, "(1 1)"},
    {Op::rsb, "foo bar\012baz foo-bar\012日本語 café\012last line", 1, "\\`", 0, false, 0, 0, "(1 1)"},
    {Op::la, "foo bar\012baz foo-bar\012日本語 café\012last line", 1, "\\`", 0, false, 0, 0, "(1 1)"},
    {Op::rsf, "foo bar\012baz foo-bar\012日本語 café\012last line", 5, "\\`", 0, false, 0, 0, "nil"},
    {Op::rsb, "foo bar\012baz foo-bar\012日本語 café\012last line", 5, "\\`", 0, false, 0, 0, "(1 1)"},
    {Op::la, "foo bar\012baz foo-bar\012日本語 café\012last line", 5, "\\`", 0, false, 0, 0, "nil"},
    {Op::rsf, "foo bar\012baz foo-bar\012日本語 café\012last line", 9, "\\`", 0, false, 0, 0, "nil"},
    {Op::rsb, "foo bar\012baz foo-bar\012日本語 café\012last line", 9, "\\`", 0, false, 0, 0, "(1 1)"},
    {Op::la, "foo bar\012baz foo-bar\012日本語 café\012last line", 9, "\\`", 0, false, 0, 0, "nil"},
    {Op::rsf, "foo bar\012baz foo-bar\012日本語 café\012last line", 20, "\\`", 0, false, 0, 0, "nil"},
    {Op::rsb, "foo bar\012baz foo-bar\012日本語 café\012last line", 20, "\\`", 0, false, 0, 0, "(1 1)"},
    {Op::la, "foo bar\012baz foo-bar\012日本語 café\012last line", 20, "\\`", 0, false, 0, 0, "nil"},
    {Op::rsf, "foo bar\012baz foo-bar\012日本語 café\012last line", 30, "\\`", 0, false, 0, 0, "nil"},
    {Op::rsb, "foo bar\012baz foo-bar\012日本語 café\012last line", 30, "\\`", 0, false, 0, 0, "(1 1)"},
    {Op::la, "foo bar\012baz foo-bar\012日本語 café\012last line", 30, "\\`", 0, false, 0, 0, "nil"},
    {Op::rsf, "foo bar\012baz foo-bar\012日本語 café\012last line", 1, "\\'", 0, false, 0, 0, "(39 39)"},
    {Op::rsb, "foo bar\012baz foo-bar\012日本語 café\012last line", 1, "\\'", 0, false, 0, 0, "nil"},
    {Op::la, "foo bar\012baz foo-bar\012日本語 café\012last line", 1, "\\'", 0, false, 0, 0, "nil"},
    {Op::rsf, "foo bar\012baz foo-bar\012日本語 café\012last line", 5, "\\'", 0, false, 0, 0, "(39 39)"},
    {Op::rsb, "foo bar\012baz foo-bar\012日本語 café\012last line", 5, "\\'", 0, false, 0, 0, "nil"},
    {Op::la, "foo bar\012baz foo-bar\012日本語 café\012last line", 5, "\\'", 0, false, 0, 0, "nil"},
    {Op::rsf, "foo bar\012baz foo-bar\012日本語 café\012last line", 9, "\\'", 0, false, 0, 0, "(39 39)"},
    {Op::rsb, "foo bar\012baz foo-bar\012日本語 café\012last line", 9, "\\'", 0, false, 0, 0, "nil"},
    {Op::la, "foo bar\012baz foo-bar\012日本語 café\012last line", 9, "\\'", 0, false, 0, 0, "nil"},
    {Op::rsf, "foo bar\012baz foo-bar\012日本語 café\012last line", 20, "\\'", 0, false, 0, 0, "(39 39)"},
    {Op::rsb, "foo bar\012baz foo-bar\012日本語 café\012last line", 20, "\\'", 0, false, 0, 0, "nil"},
    {Op::la, "foo bar\012baz foo-bar\012日本語 café\012last line", 20, "\\'", 0, false, 0, 0, "nil"},
    {Op::rsf, "foo bar\012baz foo-bar\012日本語 café\012last line", 30, "\\'", 0, false, 0, 0, "(39 39)"},
    {Op::rsb, "foo bar\012baz foo-bar\012日本語 café\012last line", 30, "\\'", 0, false, 0, 0, "nil"},
    {Op::la, "foo bar\012baz foo-bar\012日本語 café\012last line", 30, "\\'", 0, false, 0, 0, "nil"},
    {Op::rsf, "foo bar\012baz foo-bar\012日本語 café\012last line", 1, "$", 0, false, 0, 0, "(8 8)"},
    {Op::rsb, "foo bar\012baz foo-bar\012日本語 café\012last line", 1, "$", 0, false, 0, 0, "nil"},
    {Op::la, "foo bar\012baz foo-bar\012日本語 café\012last line", 1, "$", 0, false, 0, 0, "nil"},
    {Op::rsf, "foo bar\012baz foo-bar\012日本語 café\012last line", 5, "$", 0, false, 0, 0, "(8 8)"},
    {Op::rsb, "foo bar\012baz foo-bar\012日本語 café\012last line", 5, "$", 0, false, 0, 0, "nil"},
    {Op::la, "foo bar\012baz foo-bar\012日本語 café\012last line", 5, "$", 0, false, 0, 0, "nil"},
    {Op::rsf, "foo bar\012baz foo-bar\012日本語 café\012last line", 9, "$", 0, false, 0, 0, "(20 20)"},
    {Op::rsb, "foo bar\012baz foo-bar\012日本語 café\012last line", 9, "$", 0, false, 0, 0, "(8 8)"},
    {Op::la, "foo bar\012baz foo-bar\012日本語 café\012last line", 9, "$", 0, false, 0, 0, "nil"},
    {Op::rsf, "foo bar\012baz foo-bar\012日本語 café\012last line", 20, "$", 0, false, 0, 0, "(20 20)"},
    {Op::rsb, "foo bar\012baz foo-bar\012日本語 café\012last line", 20, "$", 0, false, 0, 0, "(20 20)"},
    {Op::la, "foo bar\012baz foo-bar\012日本語 café\012last line", 20, "$", 0, false, 0, 0, "(20 20)"},
    {Op::rsf, "foo bar\012baz foo-bar\012日本語 café\012last line", 30, "$", 0, false, 0, 0, "(39 39)"},
    {Op::rsb, "foo bar\012baz foo-bar\012日本語 café\012last line", 30, "$", 0, false, 0, 0, "(29 29)"},
    {Op::la, "foo bar\012baz foo-bar\012日本語 café\012last line", 30, "$", 0, false, 0, 0, "nil"},
    {Op::rsf, "foo bar\012baz foo-bar\012日本語 café\012last line", 1, "^", 0, false, 0, 0, "(1 1)"},
    {Op::rsb, "foo bar\012baz foo-bar\012日本語 café\012last line", 1, "^", 0, false, 0, 0, "(1 1)"},
    {Op::la, "foo bar\012baz foo-bar\012日本語 café\012last line", 1, "^", 0, false, 0, 0, "(1 1)"},
    {Op::rsf, "foo bar\012baz foo-bar\012日本語 café\012last line", 5, "^", 0, false, 0, 0, "(9 9)"},
    {Op::rsb, "foo bar\012baz foo-bar\012日本語 café\012last line", 5, "^", 0, false, 0, 0, "(1 1)"},
    {Op::la, "foo bar\012baz foo-bar\012日本語 café\012last line", 5, "^", 0, false, 0, 0, "nil"},
    {Op::rsf, "foo bar\012baz foo-bar\012日本語 café\012last line", 9, "^", 0, false, 0, 0, "(9 9)"},
    {Op::rsb, "foo bar\012baz foo-bar\012日本語 café\012last line", 9, "^", 0, false, 0, 0, "(9 9)"},
    {Op::la, "foo bar\012baz foo-bar\012日本語 café\012last line", 9, "^", 0, false, 0, 0, "(9 9)"},
    {Op::rsf, "foo bar\012baz foo-bar\012日本語 café\012last line", 20, "^", 0, false, 0, 0, "(21 21)"},
    {Op::rsb, "foo bar\012baz foo-bar\012日本語 café\012last line", 20, "^", 0, false, 0, 0, "(9 9)"},
    {Op::la, "foo bar\012baz foo-bar\012日本語 café\012last line", 20, "^", 0, false, 0, 0, "nil"},
    {Op::rsf, "foo bar\012baz foo-bar\012日本語 café\012last line", 30, "^", 0, false, 0, 0, "(30 30)"},
    {Op::rsb, "foo bar\012baz foo-bar\012日本語 café\012last line", 30, "^", 0, false, 0, 0, "(30 30)"},
    {Op::la, "foo bar\012baz foo-bar\012日本語 café\012last line", 30, "^", 0, false, 0, 0, "(30 30)"},
    {Op::rsf, "foo bar\012baz foo-bar\012日本語 café\012last line", 1, "[[:space:]]+", 0, false, 0, 0, "(4 5)"},
    {Op::rsb, "foo bar\012baz foo-bar\012日本語 café\012last line", 1, "[[:space:]]+", 0, false, 0, 0, "nil"},
    {Op::la, "foo bar\012baz foo-bar\012日本語 café\012last line", 1, "[[:space:]]+", 0, false, 0, 0, "nil"},
    {Op::rsf, "foo bar\012baz foo-bar\012日本語 café\012last line", 5, "[[:space:]]+", 0, false, 0, 0, "(8 9)"},
    {Op::rsb, "foo bar\012baz foo-bar\012日本語 café\012last line", 5, "[[:space:]]+", 0, false, 0, 0, "(4 5)"},
    {Op::la, "foo bar\012baz foo-bar\012日本語 café\012last line", 5, "[[:space:]]+", 0, false, 0, 0, "nil"},
    {Op::rsf, "foo bar\012baz foo-bar\012日本語 café\012last line", 9, "[[:space:]]+", 0, false, 0, 0, "(12 13)"},
    {Op::rsb, "foo bar\012baz foo-bar\012日本語 café\012last line", 9, "[[:space:]]+", 0, false, 0, 0, "(8 9)"},
    {Op::la, "foo bar\012baz foo-bar\012日本語 café\012last line", 9, "[[:space:]]+", 0, false, 0, 0, "nil"},
    {Op::rsf, "foo bar\012baz foo-bar\012日本語 café\012last line", 20, "[[:space:]]+", 0, false, 0, 0, "(20 21)"},
    {Op::rsb, "foo bar\012baz foo-bar\012日本語 café\012last line", 20, "[[:space:]]+", 0, false, 0, 0, "(12 13)"},
    {Op::la, "foo bar\012baz foo-bar\012日本語 café\012last line", 20, "[[:space:]]+", 0, false, 0, 0, "(20 21)"},
    {Op::rsf, "foo bar\012baz foo-bar\012日本語 café\012last line", 30, "[[:space:]]+", 0, false, 0, 0, "(34 35)"},
    {Op::rsb, "foo bar\012baz foo-bar\012日本語 café\012last line", 30, "[[:space:]]+", 0, false, 0, 0, "(29 30)"},
    {Op::la, "foo bar\012baz foo-bar\012日本語 café\012last line", 30, "[[:space:]]+", 0, false, 0, 0, "nil"},
    {Op::rsf, "foo bar\012baz foo-bar\012日本語 café\012last line", 1, "\\<", 0, false, 0, 0, "(1 1)"},
    {Op::rsb, "foo bar\012baz foo-bar\012日本語 café\012last line", 1, "\\<", 0, false, 0, 0, "nil"},
    {Op::la, "foo bar\012baz foo-bar\012日本語 café\012last line", 1, "\\<", 0, false, 0, 0, "(1 1)"},
    {Op::rsf, "foo bar\012baz foo-bar\012日本語 café\012last line", 5, "\\<", 0, false, 0, 0, "(5 5)"},
    {Op::rsb, "foo bar\012baz foo-bar\012日本語 café\012last line", 5, "\\<", 0, false, 0, 0, "(1 1)"},
    {Op::la, "foo bar\012baz foo-bar\012日本語 café\012last line", 5, "\\<", 0, false, 0, 0, "(5 5)"},
    {Op::rsf, "foo bar\012baz foo-bar\012日本語 café\012last line", 9, "\\<", 0, false, 0, 0, "(9 9)"},
    {Op::rsb, "foo bar\012baz foo-bar\012日本語 café\012last line", 9, "\\<", 0, false, 0, 0, "(5 5)"},
    {Op::la, "foo bar\012baz foo-bar\012日本語 café\012last line", 9, "\\<", 0, false, 0, 0, "(9 9)"},
    {Op::rsf, "foo bar\012baz foo-bar\012日本語 café\012last line", 20, "\\<", 0, false, 0, 0, "(21 21)"},
    {Op::rsb, "foo bar\012baz foo-bar\012日本語 café\012last line", 20, "\\<", 0, false, 0, 0, "(17 17)"},
    {Op::la, "foo bar\012baz foo-bar\012日本語 café\012last line", 20, "\\<", 0, false, 0, 0, "nil"},
    {Op::rsf, "foo bar\012baz foo-bar\012日本語 café\012last line", 30, "\\<", 0, false, 0, 0, "(30 30)"},
    {Op::rsb, "foo bar\012baz foo-bar\012日本語 café\012last line", 30, "\\<", 0, false, 0, 0, "(25 25)"},
    {Op::la, "foo bar\012baz foo-bar\012日本語 café\012last line", 30, "\\<", 0, false, 0, 0, "(30 30)"},
    {Op::rsf, "foo bar\012baz foo-bar\012日本語 café\012last line", 1, "\\>", 0, false, 0, 0, "(4 4)"},
    {Op::rsb, "foo bar\012baz foo-bar\012日本語 café\012last line", 1, "\\>", 0, false, 0, 0, "nil"},
    {Op::la, "foo bar\012baz foo-bar\012日本語 café\012last line", 1, "\\>", 0, false, 0, 0, "nil"},
    {Op::rsf, "foo bar\012baz foo-bar\012日本語 café\012last line", 5, "\\>", 0, false, 0, 0, "(8 8)"},
    {Op::rsb, "foo bar\012baz foo-bar\012日本語 café\012last line", 5, "\\>", 0, false, 0, 0, "(4 4)"},
    {Op::la, "foo bar\012baz foo-bar\012日本語 café\012last line", 5, "\\>", 0, false, 0, 0, "nil"},
    {Op::rsf, "foo bar\012baz foo-bar\012日本語 café\012last line", 9, "\\>", 0, false, 0, 0, "(12 12)"},
    {Op::rsb, "foo bar\012baz foo-bar\012日本語 café\012last line", 9, "\\>", 0, false, 0, 0, "(8 8)"},
    {Op::la, "foo bar\012baz foo-bar\012日本語 café\012last line", 9, "\\>", 0, false, 0, 0, "nil"},
    {Op::rsf, "foo bar\012baz foo-bar\012日本語 café\012last line", 20, "\\>", 0, false, 0, 0, "(20 20)"},
    {Op::rsb, "foo bar\012baz foo-bar\012日本語 café\012last line", 20, "\\>", 0, false, 0, 0, "(20 20)"},
    {Op::la, "foo bar\012baz foo-bar\012日本語 café\012last line", 20, "\\>", 0, false, 0, 0, "(20 20)"},
    {Op::rsf, "foo bar\012baz foo-bar\012日本語 café\012last line", 30, "\\>", 0, false, 0, 0, "(34 34)"},
    {Op::rsb, "foo bar\012baz foo-bar\012日本語 café\012last line", 30, "\\>", 0, false, 0, 0, "(29 29)"},
    {Op::la, "foo bar\012baz foo-bar\012日本語 café\012last line", 30, "\\>", 0, false, 0, 0, "nil"},
    {Op::rsf, "foo bar\012baz foo-bar\012日本語 café\012last line", 1, "b.?", 0, false, 0, 0, "(5 7)"},
    {Op::rsb, "foo bar\012baz foo-bar\012日本語 café\012last line", 1, "b.?", 0, false, 0, 0, "nil"},
    {Op::la, "foo bar\012baz foo-bar\012日本語 café\012last line", 1, "b.?", 0, false, 0, 0, "nil"},
    {Op::rsf, "foo bar\012baz foo-bar\012日本語 café\012last line", 5, "b.?", 0, false, 0, 0, "(5 7)"},
    {Op::rsb, "foo bar\012baz foo-bar\012日本語 café\012last line", 5, "b.?", 0, false, 0, 0, "nil"},
    {Op::la, "foo bar\012baz foo-bar\012日本語 café\012last line", 5, "b.?", 0, false, 0, 0, "(5 7)"},
    {Op::rsf, "foo bar\012baz foo-bar\012日本語 café\012last line", 9, "b.?", 0, false, 0, 0, "(9 11)"},
    {Op::rsb, "foo bar\012baz foo-bar\012日本語 café\012last line", 9, "b.?", 0, false, 0, 0, "(5 7)"},
    {Op::la, "foo bar\012baz foo-bar\012日本語 café\012last line", 9, "b.?", 0, false, 0, 0, "(9 11)"},
    {Op::rsf, "foo bar\012baz foo-bar\012日本語 café\012last line", 20, "b.?", 0, false, 0, 0, "nil"},
    {Op::rsb, "foo bar\012baz foo-bar\012日本語 café\012last line", 20, "b.?", 0, false, 0, 0, "(17 19)"},
    {Op::la, "foo bar\012baz foo-bar\012日本語 café\012last line", 20, "b.?", 0, false, 0, 0, "nil"},
    {Op::rsf, "foo bar\012baz foo-bar\012日本語 café\012last line", 30, "b.?", 0, false, 0, 0, "nil"},
    {Op::rsb, "foo bar\012baz foo-bar\012日本語 café\012last line", 30, "b.?", 0, false, 0, 0, "(17 19)"},
    {Op::la, "foo bar\012baz foo-bar\012日本語 café\012last line", 30, "b.?", 0, false, 0, 0, "nil"},
    {Op::rsf, "foo bar\012baz foo-bar\012日本語 café\012last line", 1, "\\(?:o\\|a\\)+", 0, false, 0, 0, "(2 4)"},
    {Op::rsb, "foo bar\012baz foo-bar\012日本語 café\012last line", 1, "\\(?:o\\|a\\)+", 0, false, 0, 0, "nil"},
    {Op::la, "foo bar\012baz foo-bar\012日本語 café\012last line", 1, "\\(?:o\\|a\\)+", 0, false, 0, 0, "nil"},
    {Op::rsf, "foo bar\012baz foo-bar\012日本語 café\012last line", 5, "\\(?:o\\|a\\)+", 0, false, 0, 0, "(6 7)"},
    {Op::rsb, "foo bar\012baz foo-bar\012日本語 café\012last line", 5, "\\(?:o\\|a\\)+", 0, false, 0, 0, "(3 4)"},
    {Op::la, "foo bar\012baz foo-bar\012日本語 café\012last line", 5, "\\(?:o\\|a\\)+", 0, false, 0, 0, "nil"},
    {Op::rsf, "foo bar\012baz foo-bar\012日本語 café\012last line", 9, "\\(?:o\\|a\\)+", 0, false, 0, 0, "(10 11)"},
    {Op::rsb, "foo bar\012baz foo-bar\012日本語 café\012last line", 9, "\\(?:o\\|a\\)+", 0, false, 0, 0, "(6 7)"},
    {Op::la, "foo bar\012baz foo-bar\012日本語 café\012last line", 9, "\\(?:o\\|a\\)+", 0, false, 0, 0, "nil"},
    {Op::rsf, "foo bar\012baz foo-bar\012日本語 café\012last line", 20, "\\(?:o\\|a\\)+", 0, false, 0, 0, "(26 27)"},
    {Op::rsb, "foo bar\012baz foo-bar\012日本語 café\012last line", 20, "\\(?:o\\|a\\)+", 0, false, 0, 0, "(18 19)"},
    {Op::la, "foo bar\012baz foo-bar\012日本語 café\012last line", 20, "\\(?:o\\|a\\)+", 0, false, 0, 0, "nil"},
    {Op::rsf, "foo bar\012baz foo-bar\012日本語 café\012last line", 30, "\\(?:o\\|a\\)+", 0, false, 0, 0, "(31 32)"},
    {Op::rsb, "foo bar\012baz foo-bar\012日本語 café\012last line", 30, "\\(?:o\\|a\\)+", 0, false, 0, 0, "(26 27)"},
    {Op::la, "foo bar\012baz foo-bar\012日本語 café\012last line", 30, "\\(?:o\\|a\\)+", 0, false, 0, 0, "nil"},
    {Op::rsf, "foo bar\012baz foo-bar\012日本語 café\012last line", 1, "foo", 10, false, 0, 0, "(1 4)"},
    {Op::rsb, "foo bar\012baz foo-bar\012日本語 café\012last line", 30, "foo", 20, false, 0, 0, "nil"},
    {Op::rsf, "foo bar\012baz foo-bar\012日本語 café\012last line", 1, "foo", 999, false, 0, 0, "(1 4)"},
    {Op::rsb, "foo bar\012baz foo-bar\012日本語 café\012last line", 30, "foo", 0, false, 0, 0, "(13 16)"},
    {Op::rsf, "foo bar\012baz foo-bar\012日本語 café\012last line", 1, "o", 10, false, 0, 0, "(2 3)"},
    {Op::rsb, "foo bar\012baz foo-bar\012日本語 café\012last line", 30, "o", 20, false, 0, 0, "nil"},
    {Op::rsf, "foo bar\012baz foo-bar\012日本語 café\012last line", 1, "o", 999, false, 0, 0, "(2 3)"},
    {Op::rsb, "foo bar\012baz foo-bar\012日本語 café\012last line", 30, "o", 0, false, 0, 0, "(15 16)"},
    {Op::rsf, "foo bar\012baz foo-bar\012日本語 café\012last line", 1, "\\w+", 10, false, 0, 0, "(1 4)"},
    {Op::rsb, "foo bar\012baz foo-bar\012日本語 café\012last line", 30, "\\w+", 20, false, 0, 0, "(28 29)"},
    {Op::rsf, "foo bar\012baz foo-bar\012日本語 café\012last line", 1, "\\w+", 999, false, 0, 0, "(1 4)"},
    {Op::rsb, "foo bar\012baz foo-bar\012日本語 café\012last line", 30, "\\w+", 0, false, 0, 0, "(28 29)"},
    {Op::rsf, "foo bar\012baz foo-bar\012日本語 café\012last line", 1, "bar\012", 10, false, 0, 0, "(5 9)"},
    {Op::rsb, "foo bar\012baz foo-bar\012日本語 café\012last line", 30, "bar\012", 20, false, 0, 0, "nil"},
    {Op::rsf, "foo bar\012baz foo-bar\012日本語 café\012last line", 1, "bar\012", 999, false, 0, 0, "(5 9)"},
    {Op::rsb, "foo bar\012baz foo-bar\012日本語 café\012last line", 30, "bar\012", 0, false, 0, 0, "(17 21)"},
    {Op::rsf, "foo bar\012baz foo-bar\012日本語 café\012last line", 10, "foo", 5, false, 0, 0, "ERR Invalid search bound (wrong side of point)"},
    {Op::rsb, "foo bar\012baz foo-bar\012日本語 café\012last line", 10, "foo", 20, false, 0, 0, "ERR Invalid search bound (wrong side of point)"},
    {Op::rsf, "foo bar\012baz foo-bar\012日本語 café\012last line", 6, "^a", 0, false, 6, 19, "(6 7)"},
    {Op::rsb, "foo bar\012baz foo-bar\012日本語 café\012last line", 19, "^a", 0, false, 6, 19, "(6 7)"},
    {Op::la, "foo bar\012baz foo-bar\012日本語 café\012last line", 6, "^a", 0, false, 6, 19, "(6 7)"},
    {Op::rsf, "foo bar\012baz foo-bar\012日本語 café\012last line", 6, "\\`a", 0, false, 6, 19, "(6 7)"},
    {Op::rsb, "foo bar\012baz foo-bar\012日本語 café\012last line", 19, "\\`a", 0, false, 6, 19, "(6 7)"},
    {Op::la, "foo bar\012baz foo-bar\012日本語 café\012last line", 6, "\\`a", 0, false, 6, 19, "(6 7)"},
    {Op::rsf, "foo bar\012baz foo-bar\012日本語 café\012last line", 6, "\\bar", 0, false, 6, 19, "(6 8)"},
    {Op::rsb, "foo bar\012baz foo-bar\012日本語 café\012last line", 19, "\\bar", 0, false, 6, 19, "(6 8)"},
    {Op::la, "foo bar\012baz foo-bar\012日本語 café\012last line", 6, "\\bar", 0, false, 6, 19, "(6 8)"},
    {Op::rsf, "foo bar\012baz foo-bar\012日本語 café\012last line", 6, "\\<a", 0, false, 6, 19, "(6 7)"},
    {Op::rsb, "foo bar\012baz foo-bar\012日本語 café\012last line", 19, "\\<a", 0, false, 6, 19, "(6 7)"},
    {Op::la, "foo bar\012baz foo-bar\012日本語 café\012last line", 6, "\\<a", 0, false, 6, 19, "(6 7)"},
    {Op::rsf, "foo bar\012baz foo-bar\012日本語 café\012last line", 6, "r\\'", 0, false, 6, 19, "nil"},
    {Op::rsb, "foo bar\012baz foo-bar\012日本語 café\012last line", 19, "r\\'", 0, false, 6, 19, "nil"},
    {Op::la, "foo bar\012baz foo-bar\012日本語 café\012last line", 6, "r\\'", 0, false, 6, 19, "nil"},
    {Op::rsf, "foo bar\012baz foo-bar\012日本語 café\012last line", 6, "r$", 0, false, 6, 19, "(7 8)"},
    {Op::rsb, "foo bar\012baz foo-bar\012日本語 café\012last line", 19, "r$", 0, false, 6, 19, "(7 8)"},
    {Op::la, "foo bar\012baz foo-bar\012日本語 café\012last line", 6, "r$", 0, false, 6, 19, "nil"},
    {Op::rsf, "foo bar\012baz foo-bar\012日本語 café\012last line", 6, "\\w+", 0, false, 6, 19, "(6 8)"},
    {Op::rsb, "foo bar\012baz foo-bar\012日本語 café\012last line", 19, "\\w+", 0, false, 6, 19, "(18 19)"},
    {Op::la, "foo bar\012baz foo-bar\012日本語 café\012last line", 6, "\\w+", 0, false, 6, 19, "(6 8)"},
    {Op::rsf, "foo bar\012baz foo-bar\012日本語 café\012last line", 6, ".", 0, false, 6, 19, "(6 7)"},
    {Op::rsb, "foo bar\012baz foo-bar\012日本語 café\012last line", 19, ".", 0, false, 6, 19, "(18 19)"},
    {Op::la, "foo bar\012baz foo-bar\012日本語 café\012last line", 6, ".", 0, false, 6, 19, "(6 7)"},
    {Op::rsf, "foo bar\012baz foo-bar\012日本語 café\012last line", 13, "foo", 0, false, 0, 0, "(13 16)"},
    {Op::rsb, "foo bar\012baz foo-bar\012日本語 café\012last line", 16, "foo", 0, false, 0, 0, "(13 16)"},
    {Op::lb, "foo bar\012baz foo-bar\012日本語 café\012last line", 16, "foo", 0, false, 0, 0, "(13 16)"},
    {Op::lb, "foo bar\012baz foo-bar\012日本語 café\012last line", 16, "foo", 14, false, 0, 0, "nil"},
    {Op::rsf, "foo bar\012baz foo-bar\012日本語 café\012last line", 13, "o+", 0, false, 0, 0, "(14 16)"},
    {Op::rsb, "foo bar\012baz foo-bar\012日本語 café\012last line", 16, "o+", 0, false, 0, 0, "(15 16)"},
    {Op::lb, "foo bar\012baz foo-bar\012日本語 café\012last line", 16, "o+", 0, false, 0, 0, "(15 16)"},
    {Op::lb, "foo bar\012baz foo-bar\012日本語 café\012last line", 16, "o+", 14, false, 0, 0, "(15 16)"},
    {Op::rsf, "foo bar\012baz foo-bar\012日本語 café\012last line", 13, "\\w+", 0, false, 0, 0, "(13 16)"},
    {Op::rsb, "foo bar\012baz foo-bar\012日本語 café\012last line", 16, "\\w+", 0, false, 0, 0, "(15 16)"},
    {Op::lb, "foo bar\012baz foo-bar\012日本語 café\012last line", 16, "\\w+", 0, false, 0, 0, "(15 16)"},
    {Op::lb, "foo bar\012baz foo-bar\012日本語 café\012last line", 16, "\\w+", 14, false, 0, 0, "(15 16)"},
    {Op::rsf, "foo bar\012baz foo-bar\012日本語 café\012last line", 13, "bar\\|foo", 0, false, 0, 0, "(13 16)"},
    {Op::rsb, "foo bar\012baz foo-bar\012日本語 café\012last line", 16, "bar\\|foo", 0, false, 0, 0, "(13 16)"},
    {Op::lb, "foo bar\012baz foo-bar\012日本語 café\012last line", 16, "bar\\|foo", 0, false, 0, 0, "(13 16)"},
    {Op::lb, "foo bar\012baz foo-bar\012日本語 café\012last line", 16, "bar\\|foo", 14, false, 0, 0, "nil"},
    {Op::rsf, "foo bar\012baz foo-bar\012日本語 café\012last line", 13, "\\=foo", 0, false, 0, 0, "(13 16)"},
    {Op::rsb, "foo bar\012baz foo-bar\012日本語 café\012last line", 16, "\\=foo", 0, false, 0, 0, "nil"},
    {Op::lb, "foo bar\012baz foo-bar\012日本語 café\012last line", 16, "\\=foo", 0, false, 0, 0, "nil"},
    {Op::lb, "foo bar\012baz foo-bar\012日本語 café\012last line", 16, "\\=foo", 14, false, 0, 0, "nil"},
    {Op::rsf, "foo bar\012baz foo-bar\012日本語 café\012last line", 13, "fo\\=o", 0, false, 0, 0, "nil"},
    {Op::rsb, "foo bar\012baz foo-bar\012日本語 café\012last line", 16, "fo\\=o", 0, false, 0, 0, "nil"},
    {Op::lb, "foo bar\012baz foo-bar\012日本語 café\012last line", 16, "fo\\=o", 0, false, 0, 0, "nil"},
    {Op::lb, "foo bar\012baz foo-bar\012日本語 café\012last line", 16, "fo\\=o", 14, false, 0, 0, "nil"},
    {Op::rsf, "foo bar\012baz foo-bar\012日本語 café\012last line", 13, "a\\=", 0, false, 0, 0, "nil"},
    {Op::rsb, "foo bar\012baz foo-bar\012日本語 café\012last line", 16, "a\\=", 0, false, 0, 0, "nil"},
    {Op::lb, "foo bar\012baz foo-bar\012日本語 café\012last line", 16, "a\\=", 0, false, 0, 0, "nil"},
    {Op::lb, "foo bar\012baz foo-bar\012日本語 café\012last line", 16, "a\\=", 14, false, 0, 0, "nil"},
    {Op::la, "foo bar\012baz foo-bar\012日本語 café\012last line", 13, "\\=baz", 0, false, 0, 0, "nil"},
    {Op::la, "foo bar\012baz foo-bar\012日本語 café\012last line", 13, "baz\\=", 0, false, 0, 0, "nil"},
    {Op::sf, "Hello World, hello WORLD; HÉLLO héllo", 1, "hello", 0, false, 0, 0, "(14 19)"},
    {Op::sb, "Hello World, hello WORLD; HÉLLO héllo", 38, "hello", 0, false, 0, 0, "(14 19)"},
    {Op::sf, "Hello World, hello WORLD; HÉLLO héllo", 3, "hello", 20, false, 0, 0, "(14 19)"},
    {Op::sb, "Hello World, hello WORLD; HÉLLO héllo", 30, "hello", 10, false, 0, 0, "(14 19)"},
    {Op::sf, "Hello World, hello WORLD; HÉLLO héllo", 1, "hello", 0, true, 0, 0, "(1 6)"},
    {Op::sb, "Hello World, hello WORLD; HÉLLO héllo", 38, "hello", 0, true, 0, 0, "(14 19)"},
    {Op::sf, "Hello World, hello WORLD; HÉLLO héllo", 3, "hello", 20, true, 0, 0, "(14 19)"},
    {Op::sb, "Hello World, hello WORLD; HÉLLO héllo", 30, "hello", 10, true, 0, 0, "(14 19)"},
    {Op::sf, "Hello World, hello WORLD; HÉLLO héllo", 1, "WORLD", 0, false, 0, 0, "(20 25)"},
    {Op::sb, "Hello World, hello WORLD; HÉLLO héllo", 38, "WORLD", 0, false, 0, 0, "(20 25)"},
    {Op::sf, "Hello World, hello WORLD; HÉLLO héllo", 3, "WORLD", 20, false, 0, 0, "nil"},
    {Op::sb, "Hello World, hello WORLD; HÉLLO héllo", 30, "WORLD", 10, false, 0, 0, "(20 25)"},
    {Op::sf, "Hello World, hello WORLD; HÉLLO héllo", 1, "WORLD", 0, true, 0, 0, "(7 12)"},
    {Op::sb, "Hello World, hello WORLD; HÉLLO héllo", 38, "WORLD", 0, true, 0, 0, "(20 25)"},
    {Op::sf, "Hello World, hello WORLD; HÉLLO héllo", 3, "WORLD", 20, true, 0, 0, "(7 12)"},
    {Op::sb, "Hello World, hello WORLD; HÉLLO héllo", 30, "WORLD", 10, true, 0, 0, "(20 25)"},
    {Op::sf, "Hello World, hello WORLD; HÉLLO héllo", 1, "world", 0, false, 0, 0, "nil"},
    {Op::sb, "Hello World, hello WORLD; HÉLLO héllo", 38, "world", 0, false, 0, 0, "nil"},
    {Op::sf, "Hello World, hello WORLD; HÉLLO héllo", 3, "world", 20, false, 0, 0, "nil"},
    {Op::sb, "Hello World, hello WORLD; HÉLLO héllo", 30, "world", 10, false, 0, 0, "nil"},
    {Op::sf, "Hello World, hello WORLD; HÉLLO héllo", 1, "world", 0, true, 0, 0, "(7 12)"},
    {Op::sb, "Hello World, hello WORLD; HÉLLO héllo", 38, "world", 0, true, 0, 0, "(20 25)"},
    {Op::sf, "Hello World, hello WORLD; HÉLLO héllo", 3, "world", 20, true, 0, 0, "(7 12)"},
    {Op::sb, "Hello World, hello WORLD; HÉLLO héllo", 30, "world", 10, true, 0, 0, "(20 25)"},
    {Op::sf, "Hello World, hello WORLD; HÉLLO héllo", 1, "héllo", 0, false, 0, 0, "(33 38)"},
    {Op::sb, "Hello World, hello WORLD; HÉLLO héllo", 38, "héllo", 0, false, 0, 0, "(33 38)"},
    {Op::sf, "Hello World, hello WORLD; HÉLLO héllo", 3, "héllo", 20, false, 0, 0, "nil"},
    {Op::sb, "Hello World, hello WORLD; HÉLLO héllo", 30, "héllo", 10, false, 0, 0, "nil"},
    {Op::sf, "Hello World, hello WORLD; HÉLLO héllo", 1, "héllo", 0, true, 0, 0, "(27 32)"},
    {Op::sb, "Hello World, hello WORLD; HÉLLO héllo", 38, "héllo", 0, true, 0, 0, "(33 38)"},
    {Op::sf, "Hello World, hello WORLD; HÉLLO héllo", 3, "héllo", 20, true, 0, 0, "nil"},
    {Op::sb, "Hello World, hello WORLD; HÉLLO héllo", 30, "héllo", 10, true, 0, 0, "nil"},
    {Op::sf, "Hello World, hello WORLD; HÉLLO héllo", 1, "HÉLLO", 0, false, 0, 0, "(27 32)"},
    {Op::sb, "Hello World, hello WORLD; HÉLLO héllo", 38, "HÉLLO", 0, false, 0, 0, "(27 32)"},
    {Op::sf, "Hello World, hello WORLD; HÉLLO héllo", 3, "HÉLLO", 20, false, 0, 0, "nil"},
    {Op::sb, "Hello World, hello WORLD; HÉLLO héllo", 30, "HÉLLO", 10, false, 0, 0, "nil"},
    {Op::sf, "Hello World, hello WORLD; HÉLLO héllo", 1, "HÉLLO", 0, true, 0, 0, "(27 32)"},
    {Op::sb, "Hello World, hello WORLD; HÉLLO héllo", 38, "HÉLLO", 0, true, 0, 0, "(33 38)"},
    {Op::sf, "Hello World, hello WORLD; HÉLLO héllo", 3, "HÉLLO", 20, true, 0, 0, "nil"},
    {Op::sb, "Hello World, hello WORLD; HÉLLO héllo", 30, "HÉLLO", 10, true, 0, 0, "nil"},
    {Op::sf, "Hello World, hello WORLD; HÉLLO héllo", 1, "o, h", 0, false, 0, 0, "nil"},
    {Op::sb, "Hello World, hello WORLD; HÉLLO héllo", 38, "o, h", 0, false, 0, 0, "nil"},
    {Op::sf, "Hello World, hello WORLD; HÉLLO héllo", 3, "o, h", 20, false, 0, 0, "nil"},
    {Op::sb, "Hello World, hello WORLD; HÉLLO héllo", 30, "o, h", 10, false, 0, 0, "nil"},
    {Op::sf, "Hello World, hello WORLD; HÉLLO héllo", 1, "o, h", 0, true, 0, 0, "nil"},
    {Op::sb, "Hello World, hello WORLD; HÉLLO héllo", 38, "o, h", 0, true, 0, 0, "nil"},
    {Op::sf, "Hello World, hello WORLD; HÉLLO héllo", 3, "o, h", 20, true, 0, 0, "nil"},
    {Op::sb, "Hello World, hello WORLD; HÉLLO héllo", 30, "o, h", 10, true, 0, 0, "nil"},
    {Op::sf, "Hello World, hello WORLD; HÉLLO héllo", 1, "", 0, false, 0, 0, "(1 1)"},
    {Op::sb, "Hello World, hello WORLD; HÉLLO héllo", 38, "", 0, false, 0, 0, "(38 38)"},
    {Op::sf, "Hello World, hello WORLD; HÉLLO héllo", 3, "", 20, false, 0, 0, "(3 3)"},
    {Op::sb, "Hello World, hello WORLD; HÉLLO héllo", 30, "", 10, false, 0, 0, "(30 30)"},
    {Op::sf, "Hello World, hello WORLD; HÉLLO héllo", 1, "", 0, true, 0, 0, "(1 1)"},
    {Op::sb, "Hello World, hello WORLD; HÉLLO héllo", 38, "", 0, true, 0, 0, "(38 38)"},
    {Op::sf, "Hello World, hello WORLD; HÉLLO héllo", 3, "", 20, true, 0, 0, "(3 3)"},
    {Op::sb, "Hello World, hello WORLD; HÉLLO héllo", 30, "", 10, true, 0, 0, "(30 30)"},
    {Op::rsf, "Hello World, hello WORLD; HÉLLO héllo", 1, "hello", 0, true, 0, 0, "(1 6)"},
    {Op::rsb, "Hello World, hello WORLD; HÉLLO héllo", 38, "hello", 0, true, 0, 0, "(14 19)"},
    {Op::rsf, "Hello World, hello WORLD; HÉLLO héllo", 1, "[a-z]+", 0, true, 0, 0, "(1 6)"},
    {Op::rsb, "Hello World, hello WORLD; HÉLLO héllo", 38, "[a-z]+", 0, true, 0, 0, "(37 38)"},
    {Op::rsf, "Hello World, hello WORLD; HÉLLO héllo", 1, "h.llo", 0, true, 0, 0, "(1 6)"},
    {Op::rsb, "Hello World, hello WORLD; HÉLLO héllo", 38, "h.llo", 0, true, 0, 0, "(33 38)"},
    {Op::rsf, "ab\300\200\301\277cd", 1, "[^a-z]+", 0, false, 0, 0, "(3 5)"},
    {Op::rsb, "ab\300\200\301\277cd", 7, ".", 0, false, 0, 0, "(6 7)"},
    {Op::sf, "ab\300\200\301\277cd", 1, "\301\277", 0, false, 0, 0, "(4 5)"},
    {Op::rsf, "ab\300\200\301\277cd", 2, "\\w+", 0, false, 0, 0, "(2 7)"},
};

// A buffer holding `text` with its gap after the first `gap_chars` characters.
void fill(Buffer& b, std::string_view text, std::size_t gap_chars)
{
    std::size_t split = advance_chars(text.data(), text.size(), gap_chars);
    b.insert(text.substr(split));
    b.goto_char(CharPos(1));
    b.insert(text.substr(0, split));
}

std::string print(const std::optional<BufferMatch>& m)
{
    if (!m)
        return "nil";
    std::size_t last = 0;
    for (std::size_t i = 0; i < m->groups.size(); ++i)
        if (m->groups[i])
            last = i;
    std::string out = "(";
    for (std::size_t i = 0; i <= last; ++i) {
        if (i)
            out += ' ';
        if (m->groups[i])
            out += std::to_string(m->groups[i]->first.value) + ' ' + std::to_string(m->groups[i]->second.value);
        else
            out += "nil nil";
    }
    return out + ")";
}

std::string run(const Buffer& b, const BufferCase& c)
{
    CharPos pt = b.point();
    try {
        switch (c.op) {
        case Op::rsf:
            return print(re_search_forward(b, *compile_regex(c.pattern, c.fold), pt,
                                           c.bound ? CharPos(c.bound) : b.point_max()));
        case Op::rsb:
            return print(re_search_backward(b, *compile_regex(c.pattern, c.fold), pt,
                                            c.bound ? CharPos(c.bound) : b.point_min()));
        case Op::la:
            return print(looking_at(b, *compile_regex(c.pattern, c.fold), pt));
        case Op::lb: {
            // looking-back is (re-search-backward "\\(?:REGEXP\\)\\=" LIMIT t).
            std::string re = std::string("\\(?:") + c.pattern + "\\)\\=";
            return print(re_search_backward(b, *compile_regex(re, c.fold), pt,
                                            c.bound ? CharPos(c.bound) : b.point_min()));
        }
        case Op::sf:
            return print(search_forward(b, c.pattern, pt, c.bound ? CharPos(c.bound) : b.point_max(), c.fold));
        case Op::sb:
            return print(search_backward(b, c.pattern, pt, c.bound ? CharPos(c.bound) : b.point_min(), c.fold));
        }
    } catch (const Error& e) {
        return std::string("ERR ") + e.what();
    }
    return "?";
}

} // namespace

TEST_CASE("buffer searches agree with GNU Emacs 28, wherever the gap is", "[search]")
{
    for (const BufferCase& c : buffer_cases) {
        std::size_t chars = count_chars(c.text);
        for (std::size_t gap : {std::size_t(0), chars / 3, chars / 2, chars}) {
            Buffer b("search", 8);
            fill(b, c.text, gap);
            if (c.narrow_start)
                b.narrow(CharPos(c.narrow_start), CharPos(c.narrow_end));
            b.goto_char(CharPos(c.point));
            const BytePos gap_start = b.gap_buffer().gap_start();
            INFO("op " << static_cast<int>(c.op) << " " << c.pattern << " at " << c.point << " gap after char " << gap);
            CHECK(run(b, c) == c.expected);
            CHECK(b.gap_buffer().gap_start() == gap_start); // searching never moves the gap
        }
    }
}

TEST_CASE("search positions outside the accessible region", "[search]")
{
    Buffer b("s");
    b.insert("abc abc");
    b.narrow(CharPos(2), CharPos(7)); // "bc ab"
    auto re = compile_regex("b", false);
    CHECK_THROWS_AS(re_search_forward(b, *re, CharPos(1), CharPos(7)), Error);
    CHECK_THROWS_WITH(re_search_forward(b, *re, CharPos(3), CharPos(2)), "Invalid search bound (wrong side of point)");
    auto m = re_search_forward(b, *re, CharPos(3), CharPos(100)); // bound clamped to point-max
    REQUIRE(m);
    CHECK(m->begin() == CharPos(6));
    CHECK_FALSE(re_search_forward(b, *re, CharPos(3), CharPos(6))); // would end after the bound
    auto back = re_search_backward(b, *re, CharPos(7), CharPos(-5)); // bound clamped to point-min
    REQUIRE(back);
    CHECK(back->begin() == CharPos(6));
}

TEST_CASE("searching a 10 MB buffer neither copies it nor moves the gap", "[search]")
{
    Buffer b("big");
    std::string line = "the quick brown fox jumps over the lazy dog 0123456789\n";
    std::string half;
    while (half.size() < 5'000'000)
        half += line;
    b.insert(half);
    b.insert("RAREWORD");
    b.insert(half);
    b.goto_char(CharPos(static_cast<std::int64_t>(half.size()) / 2)); // gap in the middle
    b.insert("x");
    const BytePos gap_start = b.gap_buffer().gap_start();
    auto re = compile_regex("RARE[A-Z]+", false);
    auto start = std::chrono::steady_clock::now();
    for (int i = 0; i < 10; ++i) {
        auto m = re_search_forward(b, *re, b.point_min(), b.point_max());
        REQUIRE(m);
        CHECK(m->begin() == CharPos(static_cast<std::int64_t>(half.size()) + 2));
        auto back = re_search_backward(b, *re, b.point_max(), b.point_min());
        REQUIRE(back);
        CHECK(back->begin() == m->begin());
        auto lit = search_forward(b, "RAREWORD", b.point_min(), b.point_max(), true);
        REQUIRE(lit);
        CHECK(lit->begin() == m->begin());
    }
    double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    CHECK(b.gap_buffer().gap_start() == gap_start);
    WARN("10 x (regexp forward + backward + folded literal) over 10 MB: " << seconds << " s");
}
