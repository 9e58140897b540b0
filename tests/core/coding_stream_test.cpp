// Streaming decoders: however the input is cut into chunks, the result is the
// same as decoding it whole.
#include "core/coding.hpp"
#include "core/utf8.hpp"
#include "coding_test_util.hpp"

#include <catch2/catch.hpp>

using namespace gapmacs;
using namespace gapmacs::test;
using namespace std::string_literals;

namespace {

// Every two-chunk split and many random multi-chunk splits give `expected`.
void check_all_splits(const CodingSystem& coding, const std::string& bytes, const std::string& expected)
{
    for (std::size_t k = 0; k <= bytes.size(); ++k) {
        INFO("split at " << k);
        REQUIRE(decode_pieces(coding, bytes, {k}) == expected);
    }
    std::mt19937 rng(12345);
    for (int iter = 0; iter < 400; ++iter) {
        auto cuts = random_cuts(rng, bytes.size(), 40);
        INFO("iteration " << iter << ", " << cuts.size() << " cuts");
        REQUIRE(decode_pieces(coding, bytes, cuts) == expected);
    }
}

std::string replace_all(const std::string& s, std::string_view from, std::string_view to)
{
    std::string r;
    std::size_t i = 0;
    for (std::size_t hit = s.find(from); hit != std::string::npos; hit = s.find(from, i)) {
        r.append(s, i, hit - i).append(to);
        i = hit + from.size();
    }
    return r.append(s, i);
}

} // namespace

TEST_CASE("utf-8 text from many scripts decodes the same however it is split", "[coding][stream]")
{
    auto name = GENERATE("utf-8", "utf-8-unix", "undecided");
    CodingSystem coding = find_coding_system(name);
    REQUIRE(decode_all(coding, multi_script_text) == multi_script_text);
    check_all_splits(coding, multi_script_text, multi_script_text);
}

TEST_CASE("ICU codings decode the same however the input is split", "[coding][stream][icu]")
{
    auto [name, text] = GENERATE(table<const char*, std::string>({
        {"euc-jp", halfwidth_text},
        {"shift_jis", halfwidth_text},
        {"iso-2022-jp", japanese_text},
        {"gb18030", multi_script_text},
        {"utf-16le", multi_script_text},
        {"utf-16be", multi_script_text},
    }));
    INFO(name);
    std::string bytes = icu_encode(name, text);
    REQUIRE(bytes != text);
    CodingSystem coding = find_coding_system(std::string(name) + "-unix");
    REQUIRE(coding.kind == CodingSystem::Kind::Icu);
    REQUIRE(decode_all(coding, bytes) == text);
    check_all_splits(coding, bytes, text);
    // And our encoder writes what ICU does.
    REQUIRE(encode(coding, text) == bytes);
}

TEST_CASE("utf-8-dos: CRLF split between chunks still becomes LF", "[coding][stream][eol]")
{
    const std::string bytes = "first line\r\n\r\nthé \r second\r\r\n"s + multi_script_text + "\r\nend\r";
    std::string expected = replace_all(bytes, "\r\n", "\n");
    REQUIRE(expected.find('\r') != std::string::npos); // lone CRs stay

    SECTION("given dos")
    {
        check_all_splits(find_coding_system("utf-8-dos"), bytes, expected);
    }
    SECTION("undecided detects dos at the first LF, even when its CR ends a chunk")
    {
        check_all_splits(find_coding_system("utf-8"), bytes, expected);
        for (std::size_t k = 0; k <= bytes.size(); ++k) {
            CodingSystem detected;
            decode_pieces(find_coding_system("utf-8"), bytes, {k}, &detected);
            REQUIRE(detected.eol == Eol::Dos);
        }
    }
    SECTION("ICU coding, dos")
    {
        std::string wide = icu_encode("utf-16le", bytes);
        check_all_splits(find_coding_system("utf-16le-dos"), wide, expected);
    }
}

TEST_CASE("undecided streaming EOL: the first LF decides", "[coding][stream][eol]")
{
    CodingSystem undecided = find_coding_system("utf-8");
    Decoder d(undecided);
    std::string out;
    d.decode("no newline yet \r", out);
    CHECK(d.coding().eol == Eol::Undecided);
    d.decode("x a\n b\r\n", out); // the first LF has no CR before it: unix
    CHECK(d.coding().eol == Eol::Unix);
    d.finish(out);
    CHECK(out == "no newline yet \rx a\n b\r\n");
    CHECK(d.coding().name() == "utf-8-unix");
}

TEST_CASE("utf-8-mac turns CR into LF", "[coding][stream][eol]")
{
    CodingSystem mac = find_coding_system("utf-8-mac");
    CHECK(decode_pieces(mac, "a\rb\r\rc", {2}) == "a\nb\n\nc");
    CHECK(encode(mac, "a\nb\n") == "a\rb\r");
}

TEST_CASE("random bytes: streaming equals whole decoding", "[coding][stream][random]")
{
    auto name = GENERATE("utf-8-unix", "utf-8-dos", "utf-8", "latin-1-dos", "binary", "raw-text", "euc-jp-unix",
                         "shift_jis", "utf-16le");
    INFO(name);
    CodingSystem coding = find_coding_system(name);
    std::mt19937 rng(777);
    for (int iter = 0; iter < 1500; ++iter) {
        std::string bytes = random_bytes(rng, 64);
        // decode_all decides an undecided EOL by its whole-input rule, so
        // compare streaming with streaming-in-one-piece here.
        std::string whole = decode_pieces(coding, bytes, {});
        REQUIRE(is_valid_internal(whole));
        auto cuts = random_cuts(rng, bytes.size(), 8);
        INFO("iteration " << iter);
        REQUIRE(decode_pieces(coding, bytes, cuts) == whole);
    }
}

TEST_CASE("a split sequence followed by invalid bytes decodes as if unsplit", "[coding][stream][utf8]")
{
    CodingSystem utf8 = find_coding_system("utf-8-unix");
    // F0 9F then 41: the carried F0 9F turns out invalid.
    CHECK(decode_pieces(utf8, "\xF0\x9F" "A", {1}) == raw(0xF0) + raw(0x9F) + "A");
    CHECK(decode_pieces(utf8, "\xF0\x9F" "A", {2}) == raw(0xF0) + raw(0x9F) + "A");
    // E3 then E3 81 82: the first E3 is raw, the second starts a good character.
    CHECK(decode_pieces(utf8, "\xE3\xE3\x81\x82", {1}) == raw(0xE3) + "あ");
    // Carried across three chunks.
    CHECK(decode_pieces(utf8, "😀", {1, 2, 3}) == "😀");
    // Truncated at the end of input.
    CHECK(decode_pieces(utf8, "ok\xF0\x9F\x98", {3}) == "ok"s + raw(0xF0) + raw(0x9F) + raw(0x98));
}

TEST_CASE("large ICU inputs: many pivot rounds, surrogate pairs and rejected bytes at any place",
          "[coding][stream][icu]")
{
    SECTION("utf-16le, astral chars at both parities across the pivot's end")
    {
        std::string text = "a";
        for (int i = 0; i < 30000; ++i)
            text += i % 7 == 0 ? "é" : "😀";
        std::string bytes = icu_encode("utf-16le", text);
        CodingSystem coding = find_coding_system("utf-16le-unix");
        REQUIRE(decode_all(coding, bytes) == text);
        REQUIRE(decode_pieces(coding, bytes, {1, 4097, 50001, 50002}) == text);
    }
    SECTION("encoding long text: a stateful coding keeps its state across ICU calls")
    {
        std::string text;
        while (text.size() < 300000)
            text += japanese_text + "😀ascii run ";
        for (const char* charset : {"iso-2022-jp", "utf-16", "gb18030"}) {
            INFO(charset);
            std::string t = std::string(charset) == "iso-2022-jp" ? replace_all(text, "😀", "") : text;
            std::string bytes = icu_encode(charset, t);
            CodingSystem coding = find_coding_system(std::string(charset) + "-unix");
            REQUIRE(encode(coding, t) == bytes);
            REQUIRE(decode_all(coding, bytes) == t);
        }
    }
    SECTION("gb18030 with invalid bytes throughout")
    {
        std::string bytes, expected;
        for (int i = 0; i < 3000; ++i) {
            std::string piece = i % 3 ? "中文 😀 текст" : "ascii only ";
            bytes += icu_encode("gb18030", piece) + "\xFF";
            expected += piece + raw(0xFF);
        }
        CodingSystem coding = find_coding_system("gb18030-unix");
        REQUIRE(decode_all(coding, bytes) == expected);
        std::mt19937 rng(99);
        for (int iter = 0; iter < 10; ++iter)
            REQUIRE(decode_pieces(coding, bytes, random_cuts(rng, bytes.size(), 30)) == expected);
        REQUIRE(encode(coding, expected) == bytes);
    }
}

TEST_CASE("a Decoder moved mid-stream keeps its state", "[coding][stream]")
{
    auto name = GENERATE("utf-8-dos", "euc-jp-dos", "utf-16le-dos");
    INFO(name);
    CodingSystem coding = find_coding_system(name);
    std::string text = "日本語\r\nテキスト\r\n";
    std::string bytes = coding.kind == CodingSystem::Kind::Utf8 ? text : icu_encode(coding.base.c_str(), text);
    // Cut inside a character and between the CR and the LF.
    std::size_t mid = bytes.size() / 2 + 1, crlf = bytes.rfind('\n');
    Decoder first(coding);
    std::string out;
    first.decode(std::string_view(bytes).substr(0, mid), out);
    Decoder second(std::move(first));
    second.decode(std::string_view(bytes).substr(mid, crlf - mid), out);
    Decoder third(find_coding_system("binary"));
    third = std::move(second);
    third.decode(std::string_view(bytes).substr(crlf), out);
    third.finish(out);
    CHECK(out == "日本語\nテキスト\n");
}

TEST_CASE("empty chunks (even with a null data pointer) change nothing", "[coding][stream]")
{
    auto name = GENERATE("utf-8-unix", "utf-8", "utf-8-dos", "latin-1", "binary", "raw-text-dos", "euc-jp",
                         "utf-16le-dos");
    INFO(name);
    CodingSystem coding = find_coding_system(name);
    std::string bytes = coding.kind == CodingSystem::Kind::Icu ? icu_encode(coding.base.c_str(), "ab\r\nc")
                                                                : std::string("ab\r\nc");
    Decoder d(coding);
    std::string out, scratch;
    d.decode(std::string_view(), out);
    CHECK(d.decode_view(std::string_view(), scratch).empty());
    std::size_t cr = bytes.find('\n');
    d.decode(std::string_view(bytes).substr(0, cr), out);
    d.decode(std::string_view(), out);
    d.decode(std::string_view(bytes).substr(cr), out);
    d.decode(std::string_view(), out);
    d.finish(out);
    CHECK(out == decode_pieces(coding, bytes, {}));
    CHECK(decode_all(coding, std::string_view()).empty());
}
