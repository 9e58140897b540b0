// The forward search compares 16 positions at a time (SSE2, every x86-64
// has it): a position is a candidate when both the needle's first and last
// bytes match there, and only candidates are compared in full. That skips
// text where the first byte alone is common ("e" in English) at the speed
// of two loads, as memchr skips text without it.
#include "core/byte_search.hpp"

#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace gapmacs {

namespace {

constexpr bool ascii_letter(unsigned char b) { return (b | 0x20) >= 'a' && (b | 0x20) <= 'z'; }

// What a needle byte is compared with: the text byte ORed with `mask`
// equals `value`. Folding an ASCII letter sets 0x20 on both sides, which
// maps exactly its two cases and nothing else onto the lowercase letter.
struct ByteTest {
    unsigned char value;
    unsigned char mask;
    ByteTest(unsigned char b, AsciiCase how)
        : value(how == AsciiCase::fold && ascii_letter(b) ? static_cast<unsigned char>(b | 0x20) : b),
          mask(how == AsciiCase::fold && ascii_letter(b) ? 0x20 : 0)
    {
    }
    bool operator()(unsigned char t) const { return static_cast<unsigned char>(t | mask) == value; }
};

bool equal_at(const char* text, std::string_view needle, AsciiCase how)
{
    if (how == AsciiCase::exact)
        return std::memcmp(text, needle.data(), needle.size()) == 0;
    for (std::size_t i = 0; i < needle.size(); ++i)
        if (!ByteTest(static_cast<unsigned char>(needle[i]), how)(static_cast<unsigned char>(text[i])))
            return false;
    return true;
}

std::size_t find_scalar(std::string_view h, std::string_view needle, AsciiCase how, std::size_t from)
{
    ByteTest first(static_cast<unsigned char>(needle[0]), how);
    for (std::size_t i = from; i + needle.size() <= h.size(); ++i) {
        if (first.mask == 0) {
            const void* p = std::memchr(h.data() + i, first.value, h.size() - needle.size() + 1 - i);
            if (!p)
                return std::string_view::npos;
            i = static_cast<std::size_t>(static_cast<const char*>(p) - h.data());
        } else if (!first(static_cast<unsigned char>(h[i]))) {
            continue;
        }
        if (equal_at(h.data() + i, needle, how))
            return i;
    }
    return std::string_view::npos;
}

} // namespace

std::size_t find_bytes(std::string_view h, std::string_view needle, AsciiCase how)
{
    std::size_t k = needle.size();
    if (k == 0)
        return 0;
    if (k > h.size())
        return std::string_view::npos;
    if (k == 1 && ByteTest(static_cast<unsigned char>(needle[0]), how).mask == 0) {
        const void* p = std::memchr(h.data(), needle[0], h.size());
        return p ? static_cast<std::size_t>(static_cast<const char*>(p) - h.data()) : std::string_view::npos;
    }
    std::size_t i = 0;
#if defined(__SSE2__)
    ByteTest first(static_cast<unsigned char>(needle[0]), how);
    ByteTest last(static_cast<unsigned char>(needle[k - 1]), how);
    const __m128i first_value = _mm_set1_epi8(static_cast<char>(first.value));
    const __m128i first_mask = _mm_set1_epi8(static_cast<char>(first.mask));
    const __m128i last_value = _mm_set1_epi8(static_cast<char>(last.value));
    const __m128i last_mask = _mm_set1_epi8(static_cast<char>(last.mask));
    for (; i + k - 1 + 16 <= h.size(); i += 16) {
        __m128i a = _mm_loadu_si128(reinterpret_cast<const __m128i*>(h.data() + i));
        __m128i b = _mm_loadu_si128(reinterpret_cast<const __m128i*>(h.data() + i + k - 1));
        __m128i hits = _mm_and_si128(_mm_cmpeq_epi8(_mm_or_si128(a, first_mask), first_value),
                                     _mm_cmpeq_epi8(_mm_or_si128(b, last_mask), last_value));
        for (auto bits = static_cast<unsigned>(_mm_movemask_epi8(hits)); bits != 0; bits &= bits - 1) {
            std::size_t at = i + static_cast<std::size_t>(__builtin_ctz(bits));
            if (equal_at(h.data() + at, needle, how))
                return at;
        }
    }
#endif
    return find_scalar(h, needle, how, i);
}

std::size_t rfind_bytes(std::string_view h, std::string_view needle, AsciiCase how)
{
    std::size_t k = needle.size();
    if (k > h.size())
        return std::string_view::npos;
    if (k == 0)
        return h.size();
    ByteTest first(static_cast<unsigned char>(needle[0]), how);
    for (std::size_t end = h.size() - k + 1; end > 0;) { // candidates start before `end`
        std::size_t i;
        if (first.mask == 0) {
            const void* p = memrchr(h.data(), first.value, end);
            if (!p)
                break;
            i = static_cast<std::size_t>(static_cast<const char*>(p) - h.data());
        } else if (i = end - 1; !first(static_cast<unsigned char>(h[i]))) {
            end = i;
            continue;
        }
        if (k == 1 || equal_at(h.data() + i, needle, how))
            return i;
        end = i;
    }
    return std::string_view::npos;
}

bool starts_with_bytes(std::string_view text, std::string_view needle, AsciiCase how)
{
    return needle.size() <= text.size() && equal_at(text.data(), needle, how);
}

} // namespace gapmacs
