// GapDecoder: decodes process output where it was read, in the buffer's gap.
//
// The reader read(2)s raw bytes straight into the gap; decode() turns them
// into internal text in place. For utf-8 (the default) valid text is only
// validated, never copied; invalid bytes expand to two-byte raw-byte chars;
// a sequence cut at the end of a read is carried to the next read (the reader
// writes the carried bytes first, then reads after them). `binary` expands
// bytes >= 0x80 in place, backwards. Every other coding goes through the
// streaming Decoder and a copy.
#pragma once
#include <cstddef>
#include <optional>
#include <string>

#include "core/coding.hpp"
#include "core/position.hpp"

namespace gapmacs {

class GapDecoder final {
public:
    explicit GapDecoder(const CodingSystem& coding);

    // Room the area must have to decode `n` bytes read into it (carry included).
    std::size_t room_for(std::size_t n) const;
    // Writes the bytes carried from the last chunk at p; returns their count.
    // The caller then reads new bytes at p + count and passes them all,
    // carried bytes first, to decode().
    std::size_t put_carry(char* p);
    // Decodes the n bytes at p in place; returns the length of the internal
    // text now at p, in bytes and characters (counted on the way, so that
    // nothing downstream counts them again). `room` is the area's size
    // (>= room_for(n - carried)). At eof an incomplete sequence becomes raw
    // bytes.
    TextCount decode(char* p, std::size_t n, std::size_t room, bool eof);

    const CodingSystem& coding() const { return m_coding; }

private:
    TextCount decode_utf8(char* p, std::size_t n, bool eof);
    TextCount decode_binary(char* p, std::size_t n);
    TextCount decode_generic(char* p, std::size_t n, std::size_t room, bool eof);

    enum class Path { Utf8, Binary, Generic };
    CodingSystem m_coding;
    Path m_path;
    char m_carry[4];
    std::size_t m_carry_size = 0;
    std::optional<Decoder> m_decoder; // Path::Generic only
    std::string m_scratch;
};

} // namespace gapmacs
