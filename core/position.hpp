// Positions and counts as types, so a byte offset can never be passed where
// a character position is meant, nor a position where a length is. Character
// positions are 1-based as in Emacs (point-min is 1); byte positions are
// 0-based offsets into the buffer's internal text.
//
// The arithmetic is that of points and distances: pos - pos is a count,
// pos + count and pos - count are positions, counts add up; pos + pos, and
// anything that mixes characters with bytes, does not compile.
#pragma once
#include <cstddef>
#include <cstdint>
#include <compare>

namespace gapmacs {

// A number of characters or bytes (a length, a distance).
template <typename Tag>
struct Count {
    std::int64_t value = 0;
    constexpr Count() = default;
    constexpr explicit Count(std::int64_t v) : value(v) {}
    constexpr auto operator<=>(const Count&) const = default;
    constexpr Count operator+(Count o) const { return Count(value + o.value); }
    constexpr Count operator-(Count o) const { return Count(value - o.value); }
    constexpr Count& operator+=(Count o) { value += o.value; return *this; }
    constexpr Count& operator-=(Count o) { value -= o.value; return *this; }
    // For the sizes of memory the count describes.
    constexpr std::size_t size() const { return static_cast<std::size_t>(value); }
};

// A place in the text, in characters or bytes.
template <typename Tag>
struct Pos {
    std::int64_t value = 0;
    constexpr Pos() = default;
    constexpr explicit Pos(std::int64_t v) : value(v) {}
    constexpr auto operator<=>(const Pos&) const = default;
    constexpr Pos operator+(Count<Tag> n) const { return Pos(value + n.value); }
    constexpr Pos operator-(Count<Tag> n) const { return Pos(value - n.value); }
    constexpr Count<Tag> operator-(Pos o) const { return Count<Tag>(value - o.value); }
    constexpr Pos& operator+=(Count<Tag> n) { value += n.value; return *this; }
    constexpr Pos& operator-=(Count<Tag> n) { value -= n.value; return *this; }
    // For indexing memory with a byte position.
    constexpr std::size_t offset() const { return static_cast<std::size_t>(value); }
};

struct CharTag {};
struct ByteTag {};
// CharPos: 1-based character position (Emacs's charpos).
using CharPos = Pos<CharTag>;
// BytePos: 0-based byte offset into the internal UTF-8 text.
using BytePos = Pos<ByteTag>;
using CharCount = Count<CharTag>;
using ByteCount = Count<ByteTag>;

// A position known in both units, as Emacs keeps charpos/bytepos pairs.
struct TextPos {
    CharPos chars;
    BytePos bytes;
    constexpr bool operator==(const TextPos&) const = default;
};

// A length known in both units.
struct TextCount {
    CharCount chars;
    ByteCount bytes;
    constexpr bool operator==(const TextCount&) const = default;
    constexpr TextCount operator+(TextCount o) const { return {chars + o.chars, bytes + o.bytes}; }
    constexpr TextCount operator-(TextCount o) const { return {chars - o.chars, bytes - o.bytes}; }
    constexpr TextCount& operator+=(TextCount o) { chars += o.chars; bytes += o.bytes; return *this; }
    constexpr TextCount& operator-=(TextCount o) { chars -= o.chars; bytes -= o.bytes; return *this; }
};

} // namespace gapmacs
