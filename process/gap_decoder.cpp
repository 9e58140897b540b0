#include "process/gap_decoder.hpp"

#include <cassert>
#include <cstring>
#include <stdexcept>

#include "core/utf8.hpp"

namespace gapmacs {

GapDecoder::GapDecoder(const CodingSystem& coding) : m_coding(coding)
{
    const bool unix_eol = coding.eol == Eol::Unix || coding.eol == Eol::Undecided;
    if (coding.kind == CodingSystem::Kind::Utf8 && coding.eol == Eol::Unix)
        m_path = Path::Utf8;
    else if (coding.kind == CodingSystem::Kind::Binary && (unix_eol || coding.base != "raw-text"))
        m_path = Path::Binary;
    else {
        m_path = Path::Generic;
        m_decoder.emplace(coding);
    }
}

std::size_t GapDecoder::room_for(std::size_t n) const
{
    // utf-8 and binary at most double (a raw byte takes two bytes); any other
    // coding at most triples (one byte to a three-byte character).
    std::size_t total = n + m_carry_size;
    return m_path == Path::Generic ? 3 * total + 16 : 2 * total;
}

std::size_t GapDecoder::put_carry(char* p)
{
    // The carry stays until decode() consumes it: a read that finds nothing
    // (EAGAIN) must not lose it.
    std::memcpy(p, m_carry, m_carry_size);
    return m_carry_size;
}

namespace {

TextCount text_count(std::size_t chars, std::size_t bytes)
{
    return {CharCount(static_cast<std::int64_t>(chars)), ByteCount(static_cast<std::int64_t>(bytes))};
}

} // namespace

TextCount GapDecoder::decode(char* p, std::size_t n, std::size_t room, bool eof)
{
    m_carry_size = 0; // it is at p now
    switch (m_path) {
    case Path::Utf8:
        return decode_utf8(p, n, eof);
    case Path::Binary:
        return decode_binary(p, n);
    case Path::Generic:
        return decode_generic(p, n, room, eof);
    }
    return {};
}

TextCount GapDecoder::decode_utf8(char* p, std::size_t n, bool eof)
{
    // Hot path: valid text (ASCII 16 bytes a step) stays where it is.
    std::size_t chars = 0;
    std::size_t valid = valid_utf8_prefix(p, n, chars);
    if (valid == n)
        return text_count(chars, n);
    // Rare path: re-encode the rest through a scratch copy.
    m_scratch.clear();
    std::size_t consumed = utf8_to_internal(std::string_view(p + valid, n - valid), m_scratch, eof);
    std::size_t tail = n - valid - consumed;
    assert(tail < sizeof m_carry);
    std::memcpy(m_carry, p + valid + consumed, tail);
    m_carry_size = tail;
    std::memcpy(p + valid, m_scratch.data(), m_scratch.size());
    return text_count(chars + count_chars(m_scratch), valid + m_scratch.size());
}

// Every byte is one character: ASCII, or a raw byte of two internal bytes.
TextCount GapDecoder::decode_binary(char* p, std::size_t n)
{
    if (is_ascii(p, n))
        return text_count(n, n);
    // Expand backwards so nothing is overwritten before it is read.
    std::size_t high = 0;
    for (std::size_t i = 0; i < n; ++i)
        high += static_cast<unsigned char>(p[i]) >= 0x80;
    std::size_t out = n + high;
    for (std::size_t i = n; i-- > 0;) {
        auto b = static_cast<unsigned char>(p[i]);
        if (b < 0x80) {
            p[--out] = static_cast<char>(b);
        } else {
            char two[2];
            encode_internal_char(raw_byte_char(b), two);
            p[--out] = two[1];
            p[--out] = two[0];
        }
    }
    return text_count(n, n + high);
}

TextCount GapDecoder::decode_generic(char* p, std::size_t n, std::size_t room, bool eof)
{
    m_scratch.clear();
    m_decoder->decode(std::string_view(p, n), m_scratch);
    if (eof)
        m_decoder->finish(m_scratch);
    if (m_scratch.size() > room)
        throw std::length_error("GapDecoder: decoded text exceeds the reserved room");
    std::memcpy(p, m_scratch.data(), m_scratch.size());
    return text_count(count_chars(m_scratch), m_scratch.size());
}

} // namespace gapmacs
