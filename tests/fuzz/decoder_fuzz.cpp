// The streaming decoders (core's Decoder, process's GapDecoder) on any bytes
// in any chunking: decoding gives well-formed internal text, the same
// whatever the chunks, and encoding it gives back the input exactly.
//
// Input: byte 0 picks the coding, byte 1 seeds the chunk sizes, the rest
// is the text. Codings with a fixed EOL (-unix) must round-trip every byte
// sequence; utf-8 with an undecided EOL must too, through decode_all and
// the EOL it detected.
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

#include "check.hpp"
#include "core/coding.hpp"
#include "core/error.hpp"
#include "core/utf8.hpp"
#include "process/gap_decoder.hpp"

using namespace gapmacs;

namespace {

constexpr const char* codings[] = {"utf-8-unix", "latin-1-unix", "binary", "utf-16le-unix",
                                   "utf-16be-unix", "utf-8-dos", "utf-8"};

// Chunk lengths from a small generator seeded by the input.
class Chunks {
public:
    explicit Chunks(std::uint8_t seed) : m_state(seed * 2654435761u + 1) {}
    std::size_t next()
    {
        m_state = m_state * 1103515245u + 12345u;
        return 1 + (m_state >> 16) % 9; // 1..9 bytes: every split of a sequence
    }

private:
    std::uint32_t m_state;
};

std::string decode_streaming(const CodingSystem& coding, std::string_view bytes, std::uint8_t seed)
{
    Decoder decoder(coding);
    Chunks chunks(seed);
    std::string out;
    for (std::size_t at = 0; at < bytes.size();) {
        const std::size_t n = std::min(chunks.next(), bytes.size() - at);
        decoder.decode(bytes.substr(at, n), out);
        at += n;
    }
    decoder.finish(out);
    return out;
}

// As OutputStream reads: carried bytes first, then a read, decoded in place.
std::string decode_in_place(const CodingSystem& coding, std::string_view bytes, std::uint8_t seed)
{
    GapDecoder decoder(coding);
    Chunks chunks(seed ^ 0x5a);
    std::string out;
    std::string area;
    std::size_t at = 0;
    for (;;) {
        const bool eof = at == bytes.size();
        const std::size_t n = eof ? 0 : std::min(chunks.next(), bytes.size() - at);
        const std::size_t room = decoder.room_for(n);
        area.assign(room, '\0');
        const std::size_t carried = decoder.put_carry(area.data());
        std::memcpy(area.data() + carried, bytes.data() + at, n);
        at += n;
        const TextCount decoded = decoder.decode(area.data(), carried + n, room, eof);
        const std::size_t len = decoded.bytes.size();
        FUZZ_CHECK(len <= room);
        // The count the reader hands on instead of counting again.
        FUZZ_CHECK(decoded.chars.size() == count_chars(area.data(), len));
        out.append(area.data(), len);
        if (eof)
            return out;
    }
}

bool every_lf_after_cr(std::string_view bytes)
{
    for (std::size_t i = 0; i < bytes.size(); ++i)
        if (bytes[i] == '\n' && (i == 0 || bytes[i - 1] != '\r'))
            return false;
    return true;
}

bool valid_utf16(std::string_view bytes, bool big_endian)
{
    if (bytes.size() % 2 != 0)
        return false;
    bool want_low = false;
    for (std::size_t i = 0; i < bytes.size(); i += 2) {
        const auto hi = static_cast<unsigned char>(bytes[i + (big_endian ? 0 : 1)]);
        const bool high_surrogate = hi >= 0xd8 && hi <= 0xdb, low_surrogate = hi >= 0xdc && hi <= 0xdf;
        if (want_low != low_surrogate)
            return false;
        want_low = high_surrogate;
    }
    return !want_low;
}

std::string hex(std::string_view s)
{
    std::string h;
    char buf[4];
    for (unsigned char c : s) {
        std::snprintf(buf, sizeof buf, "%02x", c);
        h += buf;
    }
    return h;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    if (size < 2)
        return 0;
    const CodingSystem coding = find_coding_system(codings[data[0] % std::size(codings)]);
    const std::uint8_t seed = data[1];
    const std::string_view bytes(reinterpret_cast<const char*>(data) + 2, size - 2);

    CodingSystem detected;
    const std::string whole = decode_all(coding, bytes, &detected);
    FUZZ_CHECK(is_valid_internal(whole));
    // Invalid UTF-16 (an odd byte, a lone surrogate) does not come back,
    // in Emacs 28 either: see docs/reliability.md.
    // A -dos coding writes CRLF for every LF, also for a lone LF it read:
    // only text whose every LF follows a CR comes back (as in Emacs).
    const bool exact_eol = detected.eol != Eol::Dos || every_lf_after_cr(bytes);
    if (exact_eol && (coding.kind != CodingSystem::Kind::Icu || valid_utf16(bytes, coding.base == "utf-16be")))
        FUZZ_CHECK_MSG(encode(detected, whole) == bytes, "%s: %s does not round-trip", detected.name().c_str(),
                       hex(bytes).c_str());
    if (coding.eol == Eol::Undecided)
        return 0; // streaming detection may decide on a prefix; decode_all is the reference
    const std::string streamed = decode_streaming(coding, bytes, seed);
    FUZZ_CHECK_MSG(streamed == whole, "%s: chunked decoding of %s differs", coding.name().c_str(),
                   hex(bytes).c_str());
    const std::string in_place = decode_in_place(coding, bytes, seed);
    FUZZ_CHECK_MSG(in_place == whole, "%s: in-place decoding of %s differs", coding.name().c_str(),
                   hex(bytes).c_str());
    return 0;
}
