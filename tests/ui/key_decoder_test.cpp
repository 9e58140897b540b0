// The terminal's bytes as Emacs events.
#include <catch2/catch.hpp>

#include "ui/key_decoder.hpp"

using namespace gapmacs::ui;

namespace {

std::vector<KeyEvent> decode(std::initializer_list<std::string_view> chunks, bool flush = true)
{
    KeyDecoder d;
    std::vector<KeyEvent> out;
    for (auto c : chunks)
        d.feed(c, out);
    if (flush)
        d.flush(out);
    return out;
}

KeyEvent c(std::int64_t code) { return KeyEvent::chr(code); }
KeyEvent s(const char* name) { return KeyEvent::sym(name); }

} // namespace

TEST_CASE("characters and control characters are their codes")
{
    CHECK(decode({"a\x01\r\x7f\t"}) == std::vector{c('a'), c(1), c(13), c(127), c(9)});
    CHECK(decode({std::string_view("\0", 1)}) == std::vector{c(0)});
}

TEST_CASE("UTF-8 characters, even split across reads")
{
    CHECK(decode({"\xc3\xa9"}) == std::vector{c(0xE9)});
    CHECK(decode({"\xe6", "\xbc\xa2", "x"}) == std::vector{c(0x6F22), c('x')});
    // A byte that is not UTF-8 is a raw byte, not dropped.
    CHECK(decode({"\xff"}) == std::vector{c(0x3FFFFF)});
}

TEST_CASE("ESC before a key is the meta prefix, and a lone ESC waits for a flush")
{
    CHECK(decode({"\x1bx"}) == std::vector{c(27), c('x')});
    KeyDecoder d;
    std::vector<KeyEvent> out;
    d.feed("\x1b", out);
    CHECK(out.empty());
    CHECK(d.pending());
    d.flush(out);
    CHECK(out == std::vector{c(27)});
}

TEST_CASE("function keys in CSI and SS3 forms, with modifiers")
{
    CHECK(decode({"\x1b[A\x1b[B\x1bOC\x1bOD"}) == std::vector{s("up"), s("down"), s("right"), s("left")});
    CHECK(decode({"\x1b[1~\x1b[4~\x1b[5~\x1b[6~\x1b[3~\x1b[2~"}) ==
          std::vector{s("home"), s("end"), s("prior"), s("next"), s("deletechar"), s("insert")});
    CHECK(decode({"\x1b[1;5A\x1b[1;3D\x1b[1;2C\x1b[3;5~"}) ==
          std::vector{s("C-up"), s("M-left"), s("S-right"), s("C-deletechar")});
    CHECK(decode({"\x1bOP\x1b[15~\x1b[24~"}) == std::vector{s("f1"), s("f5"), s("f12")});
    CHECK(decode({"\x1b[", "1;5", "A"}, false) == std::vector{s("C-up")});
}

TEST_CASE("unknown sequences are swallowed, not inserted")
{
    CHECK(decode({"\x1b[?1;2c" "a"}) == std::vector{c('a')});
}

TEST_CASE("a bracketed paste is one event, newlines as LF, split anywhere")
{
    auto out = decode({"\x1b[200~line one\r", "line two\r\nend\x1b[2", "01~x"});
    REQUIRE(out.size() == 2);
    CHECK(out[0].kind == KeyEvent::Kind::Paste);
    CHECK(out[0].text == "line one\nline two\nend");
    CHECK(out[1] == c('x'));
    // Control characters and escapes inside a paste are text, not keys.
    auto raw = decode({"\x1b[200~a\x1b[Ab\x03\x1b[201~"});
    REQUIRE(raw.size() == 1);
    CHECK(raw[0].text == "a\x1b[Ab\x03");
}
