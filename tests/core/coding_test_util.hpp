// Helpers shared by the coding tests.
#pragma once
#include "core/coding.hpp"
#include "core/utf8.hpp"

#include <unicode/ucnv.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace gapmacs::test {

// Text from many scripts, as UTF-8 (which is also its internal form).
inline const std::string multi_script_text =
    "Café naïve façade Ångström Œuvre — "
    "Ελληνικά: καλημέρα κόσμε — "
    "Русский текст, ёжик — "
    "العربية: مرحبا بالعالم — "
    "עברית: שלום עולם — "
    "हिन्दी देवनागरी नमस्ते — "
    "ภาษาไทย สวัสดีครับ — "
    "中文字符 简体繁體 — "
    "日本語のテキスト、カタカナ ｶﾀｶﾅ — "
    "한국어 한글 안녕하세요 — "
    "emoji 😀🎉 👨‍👩‍👧‍👦 🏳️‍🌈 👍🏽 — "
    "combining e\u0301 a\u0308 o\u0302\u0323 — "
    "astral 𝕏 𠜎 𐍈\n"
    "second line\tend\n";

inline const std::string japanese_text =
    "日本語のテキスト、カタカナとひらがな。漢字：東京都渋谷区 ABC 123\n"
    "二行目です。「引用」\n";
// Half-width katakana: single bytes in shift_jis, SS2 pairs in euc-jp.
inline const std::string halfwidth_text = japanese_text + "ｶﾀｶﾅ ﾃｷｽﾄ\n";

// Converts UTF-8 to `charset` with ICU directly (independent of coding.cpp).
inline std::string icu_encode(const char* charset, const std::string& utf8)
{
    std::string out(utf8.size() * 4 + 16, '\0');
    UErrorCode err = U_ZERO_ERROR;
    int32_t n = ucnv_convert(charset, "UTF-8", out.data(), static_cast<int32_t>(out.size()), utf8.data(),
                             static_cast<int32_t>(utf8.size()), &err);
    if (U_FAILURE(err))
        throw std::runtime_error(std::string("ucnv_convert failed: ") + u_errorName(err));
    out.resize(static_cast<std::size_t>(n));
    return out;
}

// Internal text of one raw byte.
inline std::string raw(unsigned char b)
{
    std::string s;
    append_internal_char(s, raw_byte_char(b));
    return s;
}

// Decodes `bytes` cut at the given ascending offsets, one decode() per piece.
inline std::string decode_pieces(const CodingSystem& coding, std::string_view bytes,
                                 const std::vector<std::size_t>& cuts, CodingSystem* detected = nullptr)
{
    Decoder d(coding);
    std::string out;
    std::size_t from = 0;
    for (std::size_t cut : cuts) {
        d.decode(bytes.substr(from, cut - from), out);
        from = cut;
    }
    d.decode(bytes.substr(from), out);
    d.finish(out);
    if (detected)
        *detected = d.coding();
    return out;
}

// Random ascending cut offsets in [0, n] (duplicates allowed: empty chunks).
inline std::vector<std::size_t> random_cuts(std::mt19937& rng, std::size_t n, std::size_t max_cuts)
{
    std::uniform_int_distribution<std::size_t> count(1, max_cuts), at(0, n);
    std::vector<std::size_t> cuts(count(rng));
    for (auto& c : cuts)
        c = at(rng);
    std::sort(cuts.begin(), cuts.end());
    return cuts;
}

// Random bytes, biased towards the interesting ones (CR, LF, UTF-8 leads and
// continuations, bytes valid UTF-8 never has), with valid UTF-8 fragments.
inline std::string random_bytes(std::mt19937& rng, std::size_t max_len)
{
    static const std::vector<std::string> fragments = {"é", "日本", "😀", "\r\n", "\n", "\r", "abc", "€"};
    static const unsigned char special[] = {0x0D, 0x0A, 0x80, 0xBF, 0xC0, 0xC1, 0xC2, 0xE0, 0xE3, 0xED,
                                            0xA0, 0xF0, 0xF4, 0xF5, 0x90, 0xFE, 0xFF, 0x8E, 0x81, 0x1B};
    std::uniform_int_distribution<std::size_t> len(0, max_len);
    std::uniform_int_distribution<int> kind(0, 9), any(0, 255);
    std::size_t n = len(rng);
    std::string s;
    while (s.size() < n) {
        int k = kind(rng);
        if (k < 3)
            s += fragments[static_cast<std::size_t>(any(rng)) % fragments.size()];
        else if (k < 6)
            s += static_cast<char>(special[static_cast<std::size_t>(any(rng)) % sizeof special]);
        else
            s += static_cast<char>(any(rng));
    }
    return s;
}

} // namespace gapmacs::test
