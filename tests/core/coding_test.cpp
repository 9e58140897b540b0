// Coding systems: names, raw bytes, round trips, the zero-copy path, encoding.
#include "core/coding.hpp"
#include "core/error.hpp"
#include "core/utf8.hpp"
#include "coding_test_util.hpp"

#include <catch2/catch.hpp>

using namespace gapmacs;
using namespace gapmacs::test;
using namespace std::string_literals;
using Kind = CodingSystem::Kind;

// ---------------------------------------------------------------------------
// Names

TEST_CASE("coding system names, case-insensitive, with EOL suffixes", "[coding][names]")
{
    auto [name, kind, base, eol] = GENERATE(table<const char*, Kind, const char*, Eol>({
        {"utf-8", Kind::Utf8, "utf-8", Eol::Undecided},
        {"UTF-8", Kind::Utf8, "utf-8", Eol::Undecided},
        {"utf-8-unix", Kind::Utf8, "utf-8", Eol::Unix},
        {"Utf-8-Dos", Kind::Utf8, "utf-8", Eol::Dos},
        {"utf-8-MAC", Kind::Utf8, "utf-8", Eol::Mac},
        {"mule-utf-8", Kind::Utf8, "utf-8", Eol::Undecided},
        {"mule-utf-8-dos", Kind::Utf8, "utf-8", Eol::Dos},
        {"undecided", Kind::Utf8, "undecided", Eol::Undecided},
        {"undecided-dos", Kind::Utf8, "undecided", Eol::Dos},
        {"latin-1", Kind::Latin1, "latin-1", Eol::Undecided},
        {"iso-latin-1-unix", Kind::Latin1, "latin-1", Eol::Unix},
        {"ISO-8859-1-dos", Kind::Latin1, "latin-1", Eol::Dos},
        {"binary", Kind::Binary, "binary", Eol::Unix},
        {"BINARY-dos", Kind::Binary, "binary", Eol::Unix},
        {"no-conversion", Kind::Binary, "no-conversion", Eol::Unix},
        {"no-conversion-mac", Kind::Binary, "no-conversion", Eol::Unix},
        {"raw-text", Kind::Binary, "raw-text", Eol::Undecided},
        {"raw-text-dos", Kind::Binary, "raw-text", Eol::Dos},
        {"raw-text-unix", Kind::Binary, "raw-text", Eol::Unix},
        {"euc-jp", Kind::Icu, "euc-jp", Eol::Undecided},
        {"EUC-JP-unix", Kind::Icu, "euc-jp", Eol::Unix},
        {"Shift_JIS-dos", Kind::Icu, "shift_jis", Eol::Dos},
        {"windows-1252", Kind::Icu, "windows-1252", Eol::Undecided},
        {"gb18030-mac", Kind::Icu, "gb18030", Eol::Mac},
        {"iso-8859-5", Kind::Icu, "iso-8859-5", Eol::Undecided},
        {"utf-16le-dos", Kind::Icu, "utf-16le", Eol::Dos},
        {"koi8-r", Kind::Icu, "koi8-r", Eol::Undecided},
        // ICU's aliases of UTF-8 and ISO-8859-1 take the fast paths.
        {"utf8", Kind::Utf8, "utf-8", Eol::Undecided},
        {"latin1-unix", Kind::Latin1, "latin-1", Eol::Unix},
    }));
    INFO(name);
    REQUIRE(coding_system_p(name));
    CodingSystem c = find_coding_system(name);
    CHECK(c.kind == kind);
    CHECK(c.base == base);
    CHECK(c.eol == eol);
    if (kind == Kind::Icu)
        CHECK(!c.icu_name.empty());
    // The name round-trips.
    CodingSystem again = find_coding_system(c.name());
    CHECK(again.kind == c.kind);
    CHECK(again.base == c.base);
    CHECK(again.eol == c.eol);
}

TEST_CASE("coding system name() and with_eol()", "[coding][names]")
{
    CodingSystem utf8 = find_coding_system("utf-8");
    CHECK(utf8.name() == "utf-8");
    CHECK(utf8.with_eol(Eol::Dos).name() == "utf-8-dos");
    CHECK(utf8.with_eol(Eol::Unix).name() == "utf-8-unix");
    CHECK(find_coding_system("euc-jp").with_eol(Eol::Mac).name() == "euc-jp-mac");
    // binary never converts EOLs, whatever is asked.
    CodingSystem binary = find_coding_system("binary");
    CHECK(binary.with_eol(Eol::Dos).eol == Eol::Unix);
    CHECK(binary.name() == "binary");
    CHECK(find_coding_system("raw-text").with_eol(Eol::Dos).name() == "raw-text-dos");
}

TEST_CASE("unknown coding system names throw coding-system-error", "[coding][names]")
{
    auto name = GENERATE("no-such-coding", "utf-9", "utf-8-foo", "utf-8-unix-dos", "-unix", "", "binary-",
                         "latin-2000", "euc-jp-windows");
    INFO(name);
    CHECK_FALSE(coding_system_p(name));
    try {
        find_coding_system(name);
        FAIL("no exception");
    } catch (const Error& e) {
        CHECK(e.symbol() == "coding-system-error");
        CHECK(std::string(e.what()) == std::string("Invalid coding system: ") + name);
    }
}

// ---------------------------------------------------------------------------
// Raw bytes and round trips

TEST_CASE("invalid utf-8 becomes raw-byte chars and encodes back exactly", "[coding][utf8][raw]")
{
    auto [bytes, expected] = GENERATE(table<std::string, std::string>({
        {"a\x80z", "a"s + raw(0x80) + "z"},                                  // lone continuation
        {"\xBF\xBF", raw(0xBF) + raw(0xBF)},                                //
        {"\xC0\x80", raw(0xC0) + raw(0x80)},                                // overlong NUL
        {"\xC1\xBF", raw(0xC1) + raw(0xBF)},                                // overlong
        {"\xE0\x80\xAF", raw(0xE0) + raw(0x80) + raw(0xAF)},                // overlong 3-byte
        {"\xED\xA0\x80", raw(0xED) + raw(0xA0) + raw(0x80)},                // surrogate D800
        {"\xF4\x90\x80\x80", raw(0xF4) + raw(0x90) + raw(0x80) + raw(0x80)}, // above U+10FFFF
        {"\xF5\xF8\xFC\xFE\xFF", raw(0xF5) + raw(0xF8) + raw(0xFC) + raw(0xFE) + raw(0xFF)},
        {"ok\xE3\x81", "ok"s + raw(0xE3) + raw(0x81)},                       // truncated at the end
        {"\xE3\x81" "A\xE3\x81\x82", raw(0xE3) + raw(0x81) + "Aあ"},          // truncated in the middle
        {"é\xC3", "é"s + raw(0xC3)},
    }));
    CodingSystem utf8 = find_coding_system("utf-8-unix");
    std::string decoded = decode_all(utf8, bytes);
    CHECK(decoded == expected);
    CHECK(is_valid_internal(decoded));
    CHECK(decoded.find("\xEF\xBF\xBD") == std::string::npos); // never U+FFFD
    CHECK(encode(utf8, decoded) == bytes);
}

TEST_CASE("binary and latin-1 decode every byte >= 0x80 by their own rule", "[coding][raw]")
{
    std::string bytes = "A\x80\xE9\xFF\r\n";
    CHECK(decode_all(find_coding_system("binary"), bytes) == "A"s + raw(0x80) + raw(0xE9) + raw(0xFF) + "\r\n");
    CHECK(decode_all(find_coding_system("latin-1-unix"), bytes) == "A\u0080é\u00FF\r\n");
    CHECK(decode_all(find_coding_system("latin-1-dos"), bytes) == "A\u0080é\u00FF\n");
    CHECK(decode_all(find_coding_system("raw-text-dos"), bytes) == "A"s + raw(0x80) + raw(0xE9) + raw(0xFF) + "\n");
}

TEST_CASE("random bytes round-trip through decode_all and encode", "[coding][raw][random]")
{
    auto name = GENERATE("utf-8-unix", "utf-8", "undecided", "binary", "raw-text", "latin-1-unix", "latin-1");
    INFO(name);
    CodingSystem coding = find_coding_system(name);
    std::mt19937 rng(4242);
    int dos_seen = 0;
    for (int iter = 0; iter < 3000; ++iter) {
        std::string bytes = random_bytes(rng, iter % 10 == 0 ? 400 : 40);
        CodingSystem detected;
        std::string decoded = decode_all(coding, bytes, &detected);
        INFO("iteration " << iter);
        REQUIRE(is_valid_internal(decoded));
        REQUIRE(detected.eol != Eol::Undecided);
        dos_seen += detected.eol == Eol::Dos;
        REQUIRE(encode(detected, decoded) == bytes);
    }
    if (coding.eol == Eol::Undecided && coding.base != "binary")
        CHECK(dos_seen > 0); // the dos rule was exercised
}

TEST_CASE("ICU codings: invalid bytes become raw-byte chars, never U+FFFD", "[coding][icu][raw]")
{
    CodingSystem eucjp = find_coding_system("euc-jp-unix");
    std::string bytes = "A\xFF"s + icu_encode("euc-jp", "日本") + "\x8E";
    std::string decoded = decode_all(eucjp, bytes);
    CHECK(decoded == "A"s + raw(0xFF) + "日本" + raw(0x8E));
    CHECK(encode(eucjp, decoded) == bytes);

    CodingSystem sjis = find_coding_system("shift_jis-unix");
    std::string sjis_bytes = icu_encode("shift_jis", "テスト") + "\x81";
    CHECK(decode_all(sjis, sjis_bytes) == "テスト"s + raw(0x81));

    // A rejected ASCII byte (odd length UTF-16) stays that ASCII char.
    CHECK(decode_all(find_coding_system("utf-16le"), std::string("A\0B", 3)) == "AB");
}

// ---------------------------------------------------------------------------
// EOL detection in decode_all

TEST_CASE("decode_all with undecided EOL picks dos only when every LF follows a CR", "[coding][eol]")
{
    auto [bytes, eol, text] = GENERATE(table<std::string, Eol, std::string>({
        {"a\r\nb\r\n", Eol::Dos, "a\nb\n"},
        {"a\r\r\nb", Eol::Dos, "a\r\nb"},
        {"a\r\nb\n", Eol::Unix, "a\r\nb\n"},
        {"\na\r\n", Eol::Unix, "\na\r\n"},
        {"a\rb\r", Eol::Unix, "a\rb\r"}, // mac is never guessed
        {"no newline", Eol::Unix, "no newline"},
        {"", Eol::Unix, ""},
    }));
    CodingSystem detected;
    CHECK(decode_all(find_coding_system("utf-8"), bytes, &detected) == text);
    CHECK(detected.eol == eol);
    CHECK(detected.base == "utf-8");
    CHECK(encode(detected, text) == bytes);
}

TEST_CASE("decode_all detects dos on decoded text (UTF-16)", "[coding][eol][icu]")
{
    CodingSystem detected;
    std::string bytes = icu_encode("utf-16le", "x\r\ny\r\n");
    CHECK(decode_all(find_coding_system("utf-16le"), bytes, &detected) == "x\ny\n");
    CHECK(detected.name() == "utf-16le-dos");
    CHECK(encode(detected, "x\ny\n") == bytes);
}

// ---------------------------------------------------------------------------
// decode_view

TEST_CASE("decode_view returns the chunk itself when nothing needs converting", "[coding][view]")
{
    std::string scratch = "left over";
    SECTION("valid utf-8")
    {
        Decoder d(find_coding_system("utf-8-unix"));
        std::string chunk = multi_script_text + "\r\n";
        std::string_view v = d.decode_view(chunk, scratch);
        CHECK(v.data() == chunk.data());
        CHECK(v.size() == chunk.size());
    }
    SECTION("undecided or dos without CR; an LF decides unix")
    {
        Decoder d(find_coding_system("utf-8"));
        std::string chunk = "line\nnext";
        CHECK(d.decode_view(chunk, scratch).data() == chunk.data());
        CHECK(d.coding().eol == Eol::Unix);
        Decoder dos(find_coding_system("utf-8-dos"));
        CHECK(dos.decode_view(chunk, scratch).data() == chunk.data());
    }
    SECTION("ASCII in latin-1 and binary")
    {
        std::string chunk = "plain ascii\n";
        Decoder l(find_coding_system("latin-1-unix"));
        CHECK(l.decode_view(chunk, scratch).data() == chunk.data());
        Decoder b(find_coding_system("binary"));
        CHECK(b.decode_view(chunk, scratch).data() == chunk.data());
    }
}

TEST_CASE("decode_view converts into scratch when it must", "[coding][view]")
{
    std::string scratch = "left over";
    auto check_converted = [&](Decoder& d, const std::string& chunk, const std::string& expected) {
        std::string_view v = d.decode_view(chunk, scratch);
        CHECK(v.data() != chunk.data());
        CHECK(v.data() == scratch.data());
        CHECK(v == expected);
    };
    SECTION("invalid utf-8")
    {
        Decoder d(find_coding_system("utf-8-unix"));
        check_converted(d, "a\xFF", "a"s + raw(0xFF));
    }
    SECTION("an incomplete tail is carried, then completed")
    {
        Decoder d(find_coding_system("utf-8-unix"));
        check_converted(d, "ab\xE3\x81", "ab");
        check_converted(d, "\x82z", "あz");
        std::string chunk = "ok";
        CHECK(d.decode_view(chunk, scratch).data() == chunk.data()); // nothing carried any more
    }
    SECTION("dos with CRLF")
    {
        Decoder d(find_coding_system("utf-8-dos"));
        check_converted(d, "a\r\nb", "a\nb");
    }
    SECTION("latin-1 and binary with a high byte")
    {
        Decoder l(find_coding_system("latin-1-unix"));
        check_converted(l, "caf\xE9", "café");
        Decoder b(find_coding_system("binary"));
        check_converted(b, "caf\xE9", "caf"s + raw(0xE9));
    }
    SECTION("ICU codings")
    {
        Decoder d(find_coding_system("euc-jp-unix"));
        check_converted(d, "ascii", "ascii");
    }
}

// ---------------------------------------------------------------------------
// Encoding

TEST_CASE("encoding a character the coding lacks throws coding-system-error", "[coding][encode]")
{
    auto [name, text, code] = GENERATE(table<const char*, std::string, const char*>({
        {"latin-1", "price: 5€", "U+20AC"},
        {"latin-1-dos", "日本", "U+65E5"},
        {"shift_jis", "テスト 한국어", "U+D55C"},
        {"shift_jis-unix", "😀", "U+1F600"},
        {"euc-jp", "abc Ω ñ 😀", "U+"},
        {"iso-8859-5", "кошка cat 猫", "U+732B"},
    }));
    INFO(name);
    try {
        encode(find_coding_system(name), text);
        FAIL("no exception");
    } catch (const Error& e) {
        CHECK(e.symbol() == "coding-system-error");
        std::string message = e.what();
        CHECK(message.find(code) != std::string::npos);
        CHECK(message.find(find_coding_system(name).base) != std::string::npos);
    }
}

TEST_CASE("encoding: raw bytes, EOLs, and what each coding writes", "[coding][encode]")
{
    std::string text = "é\n"s + raw(0xFF) + raw(0x80) + "x";
    CHECK(encode(find_coding_system("utf-8-unix"), text) == "\xC3\xA9\n\xFF\x80x");
    CHECK(encode(find_coding_system("utf-8-dos"), text) == "\xC3\xA9\r\n\xFF\x80x");
    CHECK(encode(find_coding_system("utf-8-mac"), text) == "\xC3\xA9\r\xFF\x80x");
    CHECK(encode(find_coding_system("utf-8"), text) == "\xC3\xA9\n\xFF\x80x");
    CHECK(encode(find_coding_system("latin-1-dos"), text) == "\xE9\r\n\xFF\x80x");
    // raw-text: other characters are written as UTF-8.
    CHECK(encode(find_coding_system("raw-text-dos"), text) == "\xC3\xA9\r\n\xFF\x80x");
    CHECK(encode(find_coding_system("binary"), text) == "\xC3\xA9\n\xFF\x80x");
    CHECK(encode(find_coding_system("euc-jp-unix"), "日"s + raw(0xFF) + "本") ==
          icu_encode("euc-jp", "日") + "\xFF" + icu_encode("euc-jp", "本"));
    CHECK(encode(find_coding_system("utf-16le-dos"), "a\n") == std::string("a\0\r\0\n\0", 6));
    CHECK(encode(find_coding_system("windows-1252"), "€") == "\x80");
}

TEST_CASE("detect_coding: utf-8, latin-1 text, or utf-8 with raw bytes for binary")
{
    using gapmacs::detect_coding;
    CHECK(detect_coding("plain ascii\n").name().starts_with("utf-8"));
    CHECK(detect_coding("caf\xc3\xa9\n").name().starts_with("utf-8"));
    CHECK(detect_coding("caf\xe9 cr\xe8me\n").name().starts_with("latin-1"));
    // A NUL or a C1 byte is not Latin-1 text: keep every byte as it is.
    CHECK(detect_coding(std::string_view("bin\0\xff", 5)).name().starts_with("utf-8"));
    CHECK(detect_coding("\x85\xe9").name().starts_with("utf-8"));
}
