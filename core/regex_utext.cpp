#include "core/regex_utext.hpp"

#include <algorithm>
#include <cstring>
#include <limits>

#include <unicode/utf16.h>

#include "core/regex_translate.hpp"
#include "core/utf8.hpp"

namespace gapmacs::regex_utext {

using namespace regex_translation;

// A UText over SplitText whose native indexes are byte offsets.
//
// ICU reads text a chunk of UTF-16 at a time. Each chunk records, per UTF-16
// unit, the byte offset of its character, so native <-> UTF-16 mapping is
// an array lookup (a binary search the other way); an all-ASCII prefix maps
// 1:1 and ICU uses it without calling us. Two chunks are kept, as ICU's own
// UTF-8 provider does, so that moving back and forth across a chunk edge
// (lookbehind, backtracking) does not refill. Raw bytes decode to
// raw_byte_code_point; a chunk edge never splits a character.

namespace {

constexpr std::int32_t chunk_units = 512;
// The first chunk after an open is small and each forward fill doubles up to
// chunk_units: a string-match finding a match a few characters from its
// start (a loop over a long string) decodes those characters, not 512.
constexpr std::int32_t first_chunk_units = 32;

struct Chunk {
    std::int64_t start; // native start; -1: an empty slot
    std::int64_t limit;
    std::int32_t length;         // UTF-16 units
    std::int32_t indexing_limit; // units of the all-ASCII prefix
    char16_t units[chunk_units + 2];
    std::int32_t offsets[chunk_units + 3]; // byte offset from start per unit, and at `length`
};

struct SplitState {
    const char* p1;
    std::int64_t n1;
    const char* p2;
    std::int64_t n2;
    int current; // index of the chunk ICU is looking at
    std::int32_t next_fill_units;
    std::int64_t last_forward_fill; // where the last forward fill was asked for
    Chunk chunks[2];

    std::int32_t take_fill_units()
    {
        std::int32_t units = next_fill_units;
        next_fill_units = std::min(chunk_units, 2 * units);
        return units;
    }

    std::int64_t size() const { return n1 + n2; }
    unsigned char byte(std::int64_t i) const
    {
        return static_cast<unsigned char>(i < n1 ? p1[i] : p2[i - n1]);
    }
};

SplitState& split_state(const UText* ut)
{
    return *static_cast<SplitState*>(ut->pExtra);
}

// Start of the character containing byte i (well-formed text: at most three
// continuation bytes back; a raw byte's second byte goes back to its lead).
std::int64_t char_start(const SplitState& s, std::int64_t i)
{
    for (int k = 0; k < 3 && i > 0 && i < s.size() && is_continuation_byte(s.byte(i)); ++k)
        --i;
    return i;
}

char32_t decode_at(const SplitState& s, std::int64_t i, int& len)
{
    // Two- and (most) three-byte characters, which are always well formed
    // with these leads, decode in place; the rest through decode_char.
    std::int64_t n = s.size();
    unsigned char b0 = s.byte(i);
    if (b0 >= 0xC2 && b0 <= 0xDF && i + 1 < n && is_continuation_byte(s.byte(i + 1))) {
        len = 2;
        return (char32_t(b0 & 0x1F) << 6) | (s.byte(i + 1) & 0x3F);
    }
    if (b0 >= 0xE1 && b0 <= 0xEF && b0 != 0xED && i + 2 < n && is_continuation_byte(s.byte(i + 1)) &&
        is_continuation_byte(s.byte(i + 2))) {
        len = 3;
        return (char32_t(b0 & 0x0F) << 12) | (char32_t(s.byte(i + 1) & 0x3F) << 6) | (s.byte(i + 2) & 0x3F);
    }
    unsigned char b[4];
    std::int64_t avail = std::min<std::int64_t>(4, s.size() - i);
    for (std::int64_t k = 0; k < avail; ++k)
        b[k] = s.byte(i + k);
    return icu_code_point(decode_char(b, static_cast<std::size_t>(avail), len));
}

// Fills `ch` with about `units` UTF-16 units (at most chunk_units) of
// characters starting at `start` (a character start).
void fill_chunk(const SplitState& s, Chunk& ch, std::int64_t start, std::int32_t units)
{
    std::int64_t pos = start, n = s.size();
    std::int32_t u = 0, ascii_prefix = -1;
    while (u < units && pos < n) {
        // Hot loop: ASCII straight from the piece holding pos.
        bool in_first = pos < s.n1;
        const char* base = in_first ? s.p1 : s.p2;
        std::int64_t base_pos = in_first ? 0 : s.n1;
        std::int64_t run_end = std::min(in_first ? s.n1 : n, pos + (units - u));
        while (pos < run_end) {
            auto b = static_cast<unsigned char>(base[pos - base_pos]);
            if (b >= 0x80)
                break;
            ch.units[u] = b;
            ch.offsets[u++] = static_cast<std::int32_t>(pos++ - start);
        }
        if (u >= units || pos >= n || s.byte(pos) < 0x80)
            continue;
        if (ascii_prefix < 0)
            ascii_prefix = u;
        int len;
        char32_t c = decode_at(s, pos, len);
        auto offset = static_cast<std::int32_t>(pos - start);
        if (c > 0xFFFF) {
            ch.units[u] = U16_LEAD(c);
            ch.offsets[u++] = offset;
            ch.units[u] = U16_TRAIL(c);
        } else
            ch.units[u] = static_cast<char16_t>(c);
        ch.offsets[u++] = offset;
        pos += len;
    }
    ch.offsets[u] = static_cast<std::int32_t>(pos - start);
    ch.start = start;
    ch.limit = pos;
    ch.length = u;
    ch.indexing_limit = ascii_prefix < 0 ? u : ascii_prefix;
}

// A chunk that reaches back from `index`, for backward iteration.
void fill_chunk_before(const SplitState& s, Chunk& ch, std::int64_t index)
{
    fill_chunk(s, ch, char_start(s, std::max<std::int64_t>(0, index - (chunk_units - 8))), chunk_units);
}

// A chunk for reading forward from `index`. re-search-backward's anchored
// tries read forward from from, from-1, from-2...: a chunk starting at each
// was filled again at each try (in a long buffer, 512 units a try: 4-6x
// Emacs's time). Once reading starts before the last forward fill, the
// chunk reaches back too. (512 units span at least 512 bytes: `index`,
// 448 bytes on, is inside.)
void fill_chunk_from(SplitState& s, Chunk& ch, std::int64_t index)
{
    const bool moving_back =
        s.last_forward_fill != std::numeric_limits<std::int64_t>::max() && index < s.last_forward_fill;
    s.last_forward_fill = index;
    if (moving_back)
        fill_chunk(s, ch, char_start(s, std::max<std::int64_t>(0, index - (chunk_units - 64))), chunk_units);
    else
        fill_chunk(s, ch, char_start(s, index), s.take_fill_units());
}

// UTF-16 offset in `ch` of the character containing native `index`.
std::int32_t unit_of(const Chunk& ch, std::int64_t index)
{
    auto rel = static_cast<std::int32_t>(index - ch.start);
    if (rel <= ch.indexing_limit)
        return rel;
    const std::int32_t* end = ch.offsets + ch.length + 1;
    auto u = static_cast<std::int32_t>(std::upper_bound(ch.offsets, end, rel) - ch.offsets) - 1;
    while (u > 0 && ch.offsets[u - 1] == ch.offsets[u])
        --u; // the trail of a surrogate pair: back to its lead
    return u;
}

void publish(UText* ut, std::int32_t offset)
{
    const Chunk& ch = split_state(ut).chunks[split_state(ut).current];
    ut->chunkContents = ch.units;
    ut->chunkLength = ch.length;
    ut->chunkNativeStart = ch.start;
    ut->chunkNativeLimit = ch.limit;
    ut->nativeIndexingLimit = ch.indexing_limit;
    ut->chunkOffset = offset;
}

// Makes the chunk for which `holds(chunk)` is true current, filling the other
// slot with `fill` when neither holds; returns it.
template <typename Holds, typename Fill>
const Chunk& select_chunk(UText* ut, Holds holds, Fill fill)
{
    SplitState& s = split_state(ut);
    Chunk& cur = s.chunks[s.current];
    if (cur.start >= 0 && holds(cur))
        return cur;
    s.current ^= 1;
    Chunk& other = s.chunks[s.current];
    if (!(other.start >= 0 && holds(other)))
        fill(other);
    return other;
}

UBool U_CALLCONV split_access(UText* ut, int64_t index, UBool forward)
{
    SplitState& s = split_state(ut);
    std::int64_t n = s.size();
    index = std::clamp<std::int64_t>(index, 0, n);
    if (forward) {
        if (index < n) {
            const Chunk& ch = select_chunk(
                ut, [&](const Chunk& c) { return c.start <= index && index < c.limit; },
                [&](Chunk& c) { fill_chunk_from(s, c, index); });
            publish(ut, unit_of(ch, index));
            return true;
        }
        const Chunk& ch = select_chunk(
            ut, [&](const Chunk& c) { return c.limit == n; }, [&](Chunk& c) { fill_chunk_before(s, c, n); });
        publish(ut, ch.length);
        return false;
    }
    if (index > 0) {
        const Chunk& ch = select_chunk(
            ut, [&](const Chunk& c) { return c.start < index && index <= c.limit; },
            [&](Chunk& c) { fill_chunk_before(s, c, index); });
        publish(ut, unit_of(ch, index));
        return true;
    }
    select_chunk(ut, [&](const Chunk& c) { return c.start == 0; },
                 [&](Chunk& c) { fill_chunk(s, c, 0, s.take_fill_units()); });
    publish(ut, 0);
    return false;
}

int64_t U_CALLCONV split_native_length(UText* ut)
{
    return split_state(ut).size();
}

int64_t U_CALLCONV split_map_offset_to_native(const UText* ut)
{
    const SplitState& s = split_state(ut);
    const Chunk& ch = s.chunks[s.current];
    return ch.start + ch.offsets[ut->chunkOffset];
}

int32_t U_CALLCONV split_map_native_index_to_utf16(const UText* ut, int64_t index)
{
    const SplitState& s = split_state(ut);
    return unit_of(s.chunks[s.current], index);
}

int32_t U_CALLCONV split_extract(UText* ut, int64_t start, int64_t limit, char16_t* dest, int32_t capacity,
                                 UErrorCode* status)
{
    if (U_FAILURE(*status))
        return 0;
    if (capacity < 0 || (dest == nullptr && capacity > 0) || start > limit) {
        *status = U_ILLEGAL_ARGUMENT_ERROR;
        return 0;
    }
    SplitState& s = split_state(ut);
    std::int64_t pos = char_start(s, std::clamp<std::int64_t>(start, 0, s.size()));
    std::int64_t end = char_start(s, std::clamp<std::int64_t>(limit, 0, s.size()));
    std::int32_t n = 0;
    while (pos < end) {
        int len;
        char32_t c = decode_at(s, pos, len);
        char16_t pair[2];
        int k = 0;
        U16_APPEND_UNSAFE(pair, k, c);
        for (int i = 0; i < k; ++i, ++n)
            if (n < capacity)
                dest[n] = pair[i];
        pos += len;
    }
    split_access(ut, end, true);
    if (n < capacity)
        dest[n] = 0;
    else
        *status = n == capacity ? U_STRING_NOT_TERMINATED_WARNING : U_BUFFER_OVERFLOW_ERROR;
    return n;
}

UText* U_CALLCONV split_clone(UText* dest, const UText* src, UBool deep, UErrorCode* status);

void U_CALLCONV split_close(UText*) {}

const UTextFuncs split_funcs = {
    sizeof(UTextFuncs), 0, 0, 0,
    split_clone, split_native_length, split_access, split_extract,
    nullptr, nullptr, // not writable
    split_map_offset_to_native, split_map_native_index_to_utf16,
    split_close, nullptr, nullptr, nullptr,
};

// (Re)opens `ut` over the pieces. An open UText's storage is reused, so a
// search allocates nothing once its Regex has run once.
UText* open_split(UText* ut, const char* p1, std::int64_t n1, const char* p2, std::int64_t n2, UErrorCode* status)
{
    if (U_FAILURE(*status))
        return ut;
    // Reopening one of ours (ICU's close clears pFuncs) resets what
    // utext_setup would, without its memset of our 6 KB of chunks: that was
    // most of a short string-match, twice (the matcher reopens its clone).
    if (ut && ut->magic == UTEXT_MAGIC && ut->pFuncs == &split_funcs &&
        ut->extraSize >= static_cast<std::int32_t>(sizeof(SplitState))) {
        ut->chunkContents = nullptr;
        ut->chunkOffset = ut->chunkLength = ut->nativeIndexingLimit = 0;
        ut->chunkNativeStart = ut->chunkNativeLimit = 0;
    } else {
        ut = utext_setup(ut, sizeof(SplitState), status);
        if (U_FAILURE(*status))
            return ut;
    }
    // SplitState is an implicit-lifetime aggregate in the UText's storage.
    auto* s = static_cast<SplitState*>(ut->pExtra);
    s->p1 = p1;
    s->n1 = n1;
    s->p2 = p2;
    s->n2 = n2;
    s->current = 0;
    s->next_fill_units = first_chunk_units;
    s->last_forward_fill = std::numeric_limits<std::int64_t>::max();
    for (Chunk& ch : s->chunks)
        ch.start = ch.limit = -1;
    ut->pFuncs = &split_funcs;
    ut->context = p1;
    ut->providerProperties = 0;
    // No chunk yet (utext_setup left an empty one at 0): the first access fills one.
    return ut;
}

// ICU's matcher keeps its own (shallow) clone of the text it is given.
UText* U_CALLCONV split_clone(UText* dest, const UText* src, UBool deep, UErrorCode* status)
{
    if (deep) {
        *status = U_UNSUPPORTED_ERROR;
        return dest;
    }
    const SplitState& s = split_state(src);
    dest = open_split(dest, s.p1, s.n1, s.p2, s.n2, status);
    // A source never read (prepare's) has no chunk: the clone gets none
    // either, and fills where the matcher first looks, not at 0.
    if (U_SUCCESS(*status) && src->chunkContents != nullptr)
        split_access(dest, utext_getNativeIndex(src), true);
    return dest;
}

} // namespace

UText* open_split(UText* ut, const SplitText& text, UErrorCode* status)
{
    return open_split(ut, text.first.data(), static_cast<std::int64_t>(text.first.size()), text.second.data(),
                      static_cast<std::int64_t>(text.second.size()), status);
}

} // namespace gapmacs::regex_utext
