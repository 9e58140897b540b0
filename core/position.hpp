// Positions as types, so a byte offset can never be passed where a character
// position is meant. Character positions are 1-based as in Emacs (point-min
// is 1); byte offsets are 0-based offsets into the buffer's internal text.
#pragma once
#include <cstddef>
#include <cstdint>
#include <compare>

namespace gapmacs {

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
};

struct CharTag {};
struct ByteTag {};
// CharPos: 1-based character position (Emacs's charpos).
using CharPos = Count<CharTag>;
// BytePos: 0-based byte offset into the internal UTF-8 text.
using BytePos = Count<ByteTag>;

// A position known in both units, as Emacs keeps charpos/bytepos pairs.
struct TextPos {
    CharPos chars;
    BytePos bytes;
    constexpr bool operator==(const TextPos&) const = default;
};

} // namespace gapmacs
