// Internal text and its characters.
//
// Buffers and strings hold *internal* text: UTF-8, plus raw bytes. A raw byte
// is a byte 0x80..0xFF that was not part of valid UTF-8 (or anything decoded
// with `binary`). It is stored, as in Emacs, as two bytes with a C0 or C1
// lead, which valid UTF-8 never contains:
//
//     raw byte 0x80..0xBF  ->  C0 (0x80 | (b & 0x3F))
//     raw byte 0xC0..0xFF  ->  C1 (0x80 | (b & 0x3F))
//
// and as a character its code is 0x3FFF00 + b (Emacs's eight-bit charset).
// Encoding a raw-byte character gives back the original byte, so any byte
// sequence round-trips. Every internal character starts with a byte that is
// not a UTF-8 continuation byte, so counting characters is counting
// non-continuation bytes.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace gapmacs {

constexpr char32_t max_unicode_char = 0x10FFFF;
constexpr char32_t max_char = 0x3FFFFF;

constexpr char32_t raw_byte_char(std::uint8_t b) { return 0x3FFF00 + b; }
constexpr bool is_raw_byte_char(char32_t c) { return c >= 0x3FFF80 && c <= 0x3FFFFF; }
constexpr std::uint8_t raw_byte_value(char32_t c) { return static_cast<std::uint8_t>(c - 0x3FFF00); }
// Every Emacs character has an internal form: Unicode's range widened to
// 21 bits in UTF-8's four-byte forms, Emacs's five-byte characters
// (#x200000..#x3FFF7F) as F8 and four continuation bytes (Emacs's own
// form, which no valid UTF-8 contains), and the raw bytes.
constexpr bool is_text_char(char32_t c) { return c <= max_char; }
constexpr int max_internal_char_length = 5;
constexpr bool is_continuation_byte(unsigned char b) { return (b & 0xC0) == 0x80; }
// True for a lead byte that starts a raw-byte character in internal text.
constexpr bool is_raw_byte_lead(unsigned char b) { return b == 0xC0 || b == 0xC1; }

// Number of characters in well-formed internal text.
std::size_t count_chars(const char* p, std::size_t n);
inline std::size_t count_chars(std::string_view s) { return count_chars(s.data(), s.size()); }

// How many bytes of [p, p+n) are `byte` (newlines, for line counts), 8 at
// a time.
std::size_t count_byte(const char* p, std::size_t n, unsigned char byte);

// True when every byte is < 0x80.
bool is_ascii(const char* p, std::size_t n);
inline bool is_ascii(std::string_view s) { return is_ascii(s.data(), s.size()); }

// Byte offset of the `nchars`-th character after `p` (well-formed internal text).
std::size_t advance_chars(const char* p, std::size_t n, std::size_t nchars);

// Length in bytes of the internal character whose lead byte is `lead`.
constexpr int internal_char_length(unsigned char lead)
{
    return lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : lead < 0xF8 ? 4 : 5;
}

// Decodes the internal character at p (p < end, well-formed internal text).
char32_t decode_internal_char(const char* p, const char* end, int* length = nullptr);

// Writes the internal encoding of character c (is_text_char) into out
// (max_internal_char_length bytes), returns its length (1..5).
int encode_internal_char(char32_t c, char* out);
void append_internal_char(std::string& out, char32_t c);

// Length of the longest prefix of `in` that is valid UTF-8 made of complete
// sequences. Hot path: the process reader and file loader call it on every
// chunk; ASCII runs are checked 8 bytes at a time.
std::size_t valid_utf8_prefix(const char* in, std::size_t n);
// The same, and the number of characters in that prefix (no second pass).
std::size_t valid_utf8_prefix(const char* in, std::size_t n, std::size_t& chars);

// Length of the UTF-8 sequence at the start of `in` if it is valid and complete;
// 0 if it is invalid; -k if it is a valid but incomplete prefix missing k bytes.
int utf8_sequence_status(const char* in, std::size_t n);

// Appends external UTF-8 `in` to `out` as internal text: valid sequences are
// copied, every byte of an invalid one becomes a raw-byte char. When `final`
// is false an incomplete but possibly valid sequence at the end is not
// consumed; returns the number of bytes consumed.
std::size_t utf8_to_internal(std::string_view in, std::string& out, bool final);
// The same for Emacs's utf-8-emacs, whose text is internal text already:
// five-byte characters and C0/C1 raw-byte pairs are kept (whole input).
void utf8_emacs_to_internal(std::string_view in, std::string& out);

// Appends internal text as external UTF-8: raw-byte chars become their byte.
void internal_to_utf8(std::string_view in, std::string& out);

// True when `s` is well-formed internal text (a test and debug aid).
bool is_valid_internal(std::string_view s);

} // namespace gapmacs
