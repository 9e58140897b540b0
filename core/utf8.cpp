#include "core/utf8.hpp"

#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace gapmacs {

namespace {

constexpr std::uint64_t high_bits = 0x8080808080808080ull;

inline std::uint64_t load64(const char* p)
{
    std::uint64_t w;
    std::memcpy(&w, p, 8);
    return w;
}

inline bool in_range(unsigned char b, unsigned lo, unsigned hi) { return b >= lo && b <= hi; }

} // namespace

std::size_t count_chars(const char* p, std::size_t n)
{
    // A character is its bytes but the continuation bytes (0x80-0xBF).
    std::size_t continuation = 0, i = 0;
#if defined(__SSE2__)
    // 16 bytes a step: as signed bytes, continuation bytes are exactly those
    // below -64. Byte lanes count them for 255 steps at most (no overflow),
    // then one sum of absolute differences adds the lanes up. Counting is on
    // every insertion's path (a process's output counted as a string, then
    // by the buffer's index): twice the SWAR loop's speed.
    const __m128i below = _mm_set1_epi8(-64);
    while (i + 16 <= n) {
        __m128i lanes = _mm_setzero_si128();
        for (int k = 0; k < 255 && i + 16 <= n; ++k, i += 16) {
            const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + i));
            lanes = _mm_sub_epi8(lanes, _mm_cmplt_epi8(v, below));
        }
        const __m128i sums = _mm_sad_epu8(lanes, _mm_setzero_si128());
        continuation += static_cast<std::size_t>(_mm_cvtsi128_si32(sums)) +
                        static_cast<std::size_t>(_mm_cvtsi128_si32(_mm_unpackhi_epi64(sums, sums)));
    }
#endif
    // SWAR: a continuation byte has bit 7 set and bit 6 clear. Each byte lane
    // of `lanes` counts them (at most 255 words per round, so lanes never
    // overflow); then the lanes are summed. About a cycle per 8 bytes.
    constexpr std::uint64_t low_bytes = 0x00FF00FF00FF00FFull, ones16 = 0x0001000100010001ull;
    while (i + 8 <= n) {
        std::uint64_t lanes = 0;
        for (int k = 0; k < 255 && i + 8 <= n; ++k, i += 8) {
            std::uint64_t w = load64(p + i);
            lanes += ((w & ~(w << 1)) & high_bits) >> 7;
        }
        std::uint64_t pairs = (lanes & low_bytes) + (lanes >> 8 & low_bytes); // 16-bit lanes
        continuation += (pairs * ones16) >> 48;
    }
    auto* u = reinterpret_cast<const unsigned char*>(p);
    for (; i < n; ++i)
        continuation += (u[i] & 0xC0) == 0x80;
    return n - continuation;
}

std::size_t count_byte(const char* p, std::size_t n, unsigned char byte)
{
    // SWAR, as count_chars: x has a zero byte where p has `byte`; the exact
    // zero-byte test (no false positives, unlike the quick has-zero trick)
    // sets bit 7 of each such lane.
    constexpr std::uint64_t low7 = 0x7F7F7F7F7F7F7F7Full;
    constexpr std::uint64_t low_bytes = 0x00FF00FF00FF00FFull, ones16 = 0x0001000100010001ull;
    const std::uint64_t pattern = 0x0101010101010101ull * byte;
    std::size_t count = 0, i = 0;
    while (i + 8 <= n) {
        std::uint64_t lanes = 0;
        for (int k = 0; k < 255 && i + 8 <= n; ++k, i += 8) {
            std::uint64_t x = load64(p + i) ^ pattern;
            std::uint64_t zero = ~(((x & low7) + low7) | x | low7);
            lanes += zero >> 7;
        }
        std::uint64_t pairs = (lanes & low_bytes) + (lanes >> 8 & low_bytes);
        count += (pairs * ones16) >> 48;
    }
    for (; i < n; ++i)
        count += static_cast<unsigned char>(p[i]) == byte;
    return count;
}

bool is_ascii(const char* p, std::size_t n)
{
    std::size_t i = 0;
    std::uint64_t acc = 0;
    for (; i + 8 <= n; i += 8)
        acc |= load64(p + i);
    for (; i < n; ++i)
        acc |= static_cast<unsigned char>(p[i]);
    return (acc & high_bits) == 0;
}

std::size_t advance_chars(const char* p, std::size_t n, std::size_t nchars)
{
    auto* u = reinterpret_cast<const unsigned char*>(p);
    std::size_t i = 0;
    // Whole ASCII words advance 8 characters at once.
    while (nchars >= 8 && i + 8 <= n && (load64(p + i) & high_bits) == 0) {
        i += 8;
        nchars -= 8;
    }
    for (; i < n; ++i) {
        if ((u[i] & 0xC0) != 0x80) {
            if (nchars == 0)
                return i;
            --nchars;
            if (nchars >= 8) {
                // Skip this char's continuation bytes, then retry the word path.
                std::size_t j = i + 1;
                while (j < n && (u[j] & 0xC0) == 0x80)
                    ++j;
                i = j;
                while (nchars >= 8 && i + 8 <= n && (load64(p + i) & high_bits) == 0) {
                    i += 8;
                    nchars -= 8;
                }
                --i;
            }
        }
    }
    return n;
}

char32_t decode_internal_char(const char* p, const char* end, int* length)
{
    auto* u = reinterpret_cast<const unsigned char*>(p);
    unsigned char b0 = u[0];
    int len = internal_char_length(b0);
    if (end - p < len)
        len = static_cast<int>(end - p);
    if (length)
        *length = len;
    switch (len) {
    case 1:
        return b0;
    case 2:
        if (is_raw_byte_lead(b0))
            return raw_byte_char(static_cast<std::uint8_t>(0x80 | ((b0 & 1) << 6) | (u[1] & 0x3F)));
        return ((b0 & 0x1F) << 6) | (u[1] & 0x3F);
    case 3:
        return ((b0 & 0x0F) << 12) | ((u[1] & 0x3F) << 6) | (u[2] & 0x3F);
    case 4:
        return ((b0 & 0x07) << 18) | ((u[1] & 0x3F) << 12) | ((u[2] & 0x3F) << 6) | (u[3] & 0x3F);
    default:
        return (static_cast<char32_t>(u[1] & 0x3F) << 18) | ((u[2] & 0x3F) << 12) | ((u[3] & 0x3F) << 6) |
               (u[4] & 0x3F);
    }
}

int encode_internal_char(char32_t c, char* out)
{
    auto* o = reinterpret_cast<unsigned char*>(out);
    if (c < 0x80) {
        o[0] = static_cast<unsigned char>(c);
        return 1;
    }
    if (is_raw_byte_char(c)) {
        std::uint8_t b = raw_byte_value(c);
        o[0] = 0xC0 | (b >> 6 & 1);
        o[1] = 0x80 | (b & 0x3F);
        return 2;
    }
    if (c < 0x800) {
        o[0] = 0xC0 | (c >> 6);
        o[1] = 0x80 | (c & 0x3F);
        return 2;
    }
    if (c < 0x10000) {
        o[0] = 0xE0 | (c >> 12);
        o[1] = 0x80 | (c >> 6 & 0x3F);
        o[2] = 0x80 | (c & 0x3F);
        return 3;
    }
    if (c < 0x200000) {
        o[0] = 0xF0 | (c >> 18);
        o[1] = 0x80 | (c >> 12 & 0x3F);
        o[2] = 0x80 | (c >> 6 & 0x3F);
        o[3] = 0x80 | (c & 0x3F);
        return 4;
    }
    o[0] = 0xF8;
    o[1] = 0x80 | (c >> 18 & 0x3F);
    o[2] = 0x80 | (c >> 12 & 0x3F);
    o[3] = 0x80 | (c >> 6 & 0x3F);
    o[4] = 0x80 | (c & 0x3F);
    return 5;
}

void append_internal_char(std::string& out, char32_t c)
{
    char tmp[max_internal_char_length];
    out.append(tmp, encode_internal_char(c, tmp));
}

int utf8_sequence_status(const char* in, std::size_t n)
{
    auto* u = reinterpret_cast<const unsigned char*>(in);
    unsigned char b0 = u[0];
    if (b0 < 0x80)
        return 1;
    int len;
    unsigned lo = 0x80, hi = 0xBF; // range of the second byte
    if (in_range(b0, 0xC2, 0xDF))
        len = 2;
    else if (in_range(b0, 0xE0, 0xEF)) {
        len = 3;
        if (b0 == 0xE0) lo = 0xA0;
        if (b0 == 0xED) hi = 0x9F; // no surrogates
    } else if (in_range(b0, 0xF0, 0xF4)) {
        len = 4;
        if (b0 == 0xF0) lo = 0x90;
        if (b0 == 0xF4) hi = 0x8F;
    } else
        return 0;
    for (int i = 1; i < len; ++i) {
        if (static_cast<std::size_t>(i) >= n)
            return -(len - i);
        unsigned char lo_i = i == 1 ? lo : 0x80, hi_i = i == 1 ? hi : 0xBF;
        if (!in_range(u[i], lo_i, hi_i))
            return 0;
    }
    return len;
}

std::size_t valid_utf8_prefix(const char* in, std::size_t n, std::size_t& chars)
{
    auto* u = reinterpret_cast<const unsigned char*>(in);
    std::size_t i = 0;
    std::size_t continuations = 0; // the characters are the bytes less these
    while (i < n) {
        // ASCII runs, 16 bytes at a time.
        while (i + 16 <= n && ((load64(in + i) | load64(in + i + 8)) & high_bits) == 0)
            i += 16;
        if (i >= n)
            break;
        const unsigned char b0 = u[i];
        if (b0 < 0x80) {
            ++i;
            continue;
        }
        // Two- and three-byte sequences whose second byte may be any
        // continuation byte (most non-ASCII text) are checked inline; E0, ED,
        // four-byte and bad sequences take the full check.
        if (b0 >= 0xC2 && b0 <= 0xDF && i + 1 < n && is_continuation_byte(u[i + 1])) {
            i += 2;
            continuations += 1;
            continue;
        }
        if (b0 >= 0xE1 && b0 <= 0xEF && b0 != 0xED && i + 2 < n && is_continuation_byte(u[i + 1]) &&
            is_continuation_byte(u[i + 2])) {
            i += 3;
            continuations += 2;
            continue;
        }
        int len = utf8_sequence_status(in + i, n - i);
        if (len <= 0)
            break;
        i += len;
        continuations += static_cast<std::size_t>(len - 1);
    }
    chars = i - continuations;
    return i;
}

std::size_t valid_utf8_prefix(const char* in, std::size_t n)
{
    std::size_t chars;
    return valid_utf8_prefix(in, n, chars);
}

std::size_t utf8_to_internal(std::string_view in, std::string& out, bool final)
{
    const char* p = in.data();
    std::size_t n = in.size(), i = 0;
    out.reserve(out.size() + n);
    while (i < n) {
        std::size_t valid = valid_utf8_prefix(p + i, n - i);
        out.append(p + i, valid);
        i += valid;
        if (i == n)
            break;
        int status = utf8_sequence_status(p + i, n - i);
        if (status < 0 && !final)
            return i; // a sequence split by the chunk boundary: wait for the rest
        // Invalid (or truncated at the very end): this byte alone becomes raw;
        // what follows is examined afresh.
        append_internal_char(out, raw_byte_char(static_cast<unsigned char>(p[i])));
        ++i;
    }
    return n;
}

void utf8_emacs_to_internal(std::string_view in, std::string& out)
{
    const char* p = in.data();
    const std::size_t n = in.size();
    std::size_t i = 0;
    out.reserve(out.size() + n);
    while (i < n) {
        const std::size_t valid = valid_utf8_prefix(p + i, n - i);
        out.append(p + i, valid);
        i += valid;
        if (i == n)
            break;
        const auto b = static_cast<unsigned char>(p[i]);
        const auto len = static_cast<std::size_t>(internal_char_length(b));
        if (len > 1 && i + len <= n && is_valid_internal(std::string_view(p + i, len))) {
            out.append(p + i, len);
            i += len;
            continue;
        }
        append_internal_char(out, raw_byte_char(b));
        ++i;
    }
}

void internal_to_utf8(std::string_view in, std::string& out)
{
    const char* p = in.data();
    std::size_t n = in.size(), i = 0;
    out.reserve(out.size() + n);
    while (i < n) {
        std::size_t start = i;
        while (i < n && !is_raw_byte_lead(static_cast<unsigned char>(p[i])))
            ++i;
        out.append(p + start, i - start);
        if (i < n) {
            out.push_back(static_cast<char>(raw_byte_value(decode_internal_char(p + i, p + n))));
            i += 2;
        }
    }
}

bool is_valid_internal(std::string_view s)
{
    const char* p = s.data();
    std::size_t n = s.size(), i = 0;
    while (i < n) {
        auto b = static_cast<unsigned char>(p[i]);
        if (is_raw_byte_lead(b)) {
            if (i + 1 >= n || !is_continuation_byte(static_cast<unsigned char>(p[i + 1])))
                return false;
            i += 2;
            continue;
        }
        // Beyond Unicode: four bytes up to #x1FFFFF, then Emacs's five-byte
        // characters #x200000..#x3FFF7F (lead F8).
        if (b >= 0xF4 && b <= 0xF8) {
            const std::size_t len = static_cast<std::size_t>(internal_char_length(b));
            if (i + len > n)
                return false;
            for (std::size_t k = 1; k < len; ++k)
                if (!is_continuation_byte(static_cast<unsigned char>(p[i + k])))
                    return false;
            const char32_t c = decode_internal_char(p + i, p + n);
            if (c < 0x100000 || c > 0x3FFF7F || (len == 5 && c < 0x200000))
                return false;
            i += len;
            continue;
        }
        int len = utf8_sequence_status(p + i, n - i);
        if (len <= 0)
            return false;
        i += len;
    }
    return true;
}

} // namespace gapmacs
