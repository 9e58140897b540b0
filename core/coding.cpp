#include "core/coding.hpp"

#include "core/error.hpp"
#include "core/utf8.hpp"

#include <unicode/ucnv.h>
#include <unicode/ucnv_err.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <optional>
#include <vector>

namespace gapmacs {

namespace {

// ---------------------------------------------------------------------------
// Names

std::string to_lower_ascii(std::string_view s)
{
    std::string r(s);
    for (char& c : r)
        if (c >= 'A' && c <= 'Z')
            c = static_cast<char>(c - 'A' + 'a');
    return r;
}

// binary and no-conversion are Emacs's "never touch anything": their EOL is
// always Unix, whatever suffix was asked for. raw-text does convert EOLs.
bool eol_is_fixed(const CodingSystem& c)
{
    return c.kind == CodingSystem::Kind::Binary && c.base != "raw-text";
}

[[noreturn]] void throw_invalid_coding(std::string_view name)
{
    throw Error("coding-system-error", "Invalid coding system: " + std::string(name));
}

struct ConverterCloser {
    void operator()(UConverter* c) const { ucnv_close(c); }
};
// Owns an ICU converter; closed on every exit path.
using ConverterPtr = std::unique_ptr<UConverter, ConverterCloser>;

// Opens an ICU converter by any name ICU knows (its aliases, case and
// punctuation insensitive); null when ICU does not know the name.
ConverterPtr open_converter_ifp(const std::string& name)
{
    // ucnv_open("") would open the platform default converter.
    if (name.empty() || name.find('\0') != std::string::npos)
        return nullptr;
    UErrorCode err = U_ZERO_ERROR;
    ConverterPtr cnv(ucnv_open(name.c_str(), &err));
    if (U_FAILURE(err))
        return nullptr;
    return cnv;
}

ConverterPtr open_converter(const CodingSystem& c)
{
    ConverterPtr cnv = open_converter_ifp(c.icu_name);
    if (!cnv)
        throw_invalid_coding(c.base);
    return cnv;
}

CodingSystem make_coding(CodingSystem::Kind kind, std::string base, std::string icu_name = {})
{
    CodingSystem c;
    c.kind = kind;
    c.base = std::move(base);
    c.icu_name = std::move(icu_name);
    return c;
}

constexpr std::string_view utf8_bom = "\xEF\xBB\xBF";

// Resolves a base name (no EOL suffix, lower case): Emacs's own names first,
// then ICU's converter names. ICU converters that are UTF-8 or Latin-1 get
// the fast paths.
std::optional<CodingSystem> find_base(const std::string& base)
{
    using Kind = CodingSystem::Kind;
    if (base == "utf-8" || base == "mule-utf-8")
        return make_coding(Kind::Utf8, "utf-8");
    if (base == "undecided")
        return make_coding(Kind::Utf8, "undecided");
    if (base == "utf-8-with-signature" || base == "utf-8-auto") {
        CodingSystem c = make_coding(Kind::Utf8, base);
        c.drop_bom = true;
        c.write_bom = base == "utf-8-with-signature";
        c.bom = utf8_bom;
        return c;
    }
    // Emacs's UTF-16 with a byte-order mark: ICU's UTF-16LE/BE converters,
    // the mark dropped and written here.
    if (base == "utf-16le-with-signature" || base == "utf-16be-with-signature") {
        const bool le = base == "utf-16le-with-signature";
        CodingSystem c = make_coding(Kind::Icu, base, le ? "UTF-16LE" : "UTF-16BE");
        c.drop_bom = c.write_bom = true;
        c.bom = le ? "\xFF\xFE" : "\xFE\xFF";
        return c;
    }
    if (base == "latin-1" || base == "iso-latin-1" || base == "iso-8859-1")
        return make_coding(Kind::Latin1, "latin-1");
    if (base == "binary" || base == "no-conversion" || base == "raw-text") {
        CodingSystem c = make_coding(Kind::Binary, base);
        return c.with_eol(Eol::Undecided); // Unix for binary and no-conversion
    }
    ConverterPtr cnv = open_converter_ifp(base);
    if (!cnv)
        return std::nullopt;
    UErrorCode err = U_ZERO_ERROR;
    std::string icu_name = ucnv_getName(cnv.get(), &err);
    if (U_FAILURE(err))
        return std::nullopt;
    if (icu_name == "UTF-8")
        return make_coding(Kind::Utf8, "utf-8");
    if (icu_name == "ISO-8859-1")
        return make_coding(Kind::Latin1, "latin-1");
    return make_coding(Kind::Icu, base, icu_name);
}

struct EolSuffix {
    std::string_view text;
    Eol eol;
};
constexpr EolSuffix eol_suffixes[] = {{"-unix", Eol::Unix}, {"-dos", Eol::Dos}, {"-mac", Eol::Mac}};

std::optional<CodingSystem> find_coding_system_ifp(std::string_view name)
{
    std::string lower = to_lower_ascii(name);
    for (const EolSuffix& s : eol_suffixes) {
        if (lower.size() > s.text.size() && lower.ends_with(s.text)) {
            if (auto c = find_base(lower.substr(0, lower.size() - s.text.size())))
                return c->with_eol(s.eol);
        }
    }
    // Also when a suffix did not resolve: an ICU name may itself end in "-mac".
    return find_base(lower);
}

// ---------------------------------------------------------------------------
// Single-byte fast paths

// Appends bytes as internal text: ASCII is copied, a byte b >= 0x80 becomes
// the two-byte sequence (lead_base | (b >> 6 & 1), 0x80 | (b & 0x3F)). With
// lead_base C2 that is U+0080..U+00FF in UTF-8 (latin-1); with C0 it is the
// raw-byte char for b (binary). One sizing pass, then one writing pass.
void append_single_bytes(std::string_view in, unsigned char lead_base, std::string& out)
{
    auto* u = reinterpret_cast<const unsigned char*>(in.data());
    std::size_t n = in.size(), high = 0;
    for (std::size_t i = 0; i < n; ++i)
        high += u[i] >> 7;
    if (high == 0) {
        out.append(in); // the common case: all ASCII, one bulk copy
        return;
    }
    std::size_t old = out.size();
    out.resize(old + n + high);
    auto* o = reinterpret_cast<unsigned char*>(out.data() + old);
    for (std::size_t i = 0; i < n;) {
        std::uint64_t w;
        if (i + 8 <= n && (std::memcpy(&w, u + i, 8), (w & 0x8080808080808080ull) == 0)) {
            std::memcpy(o, &w, 8); // eight ASCII bytes at once
            o += 8;
            i += 8;
            continue;
        }
        unsigned char b = u[i++];
        if (b < 0x80) {
            *o++ = b;
        } else {
            *o++ = static_cast<unsigned char>(lead_base | (b >> 6 & 1));
            *o++ = static_cast<unsigned char>(0x80 | (b & 0x3F));
        }
    }
}

constexpr unsigned char latin1_lead = 0xC2;
constexpr unsigned char raw_byte_lead = 0xC0;

// Offset of the first raw-byte lead (C0 or C1) in internal text, or n.
// Eight bytes at a time: a byte is C0/C1 when (b & 0xFE) ^ 0xC0 is zero.
std::size_t find_raw_byte_lead(const char* p, std::size_t n)
{
    constexpr std::uint64_t ones = 0x0101010101010101ull, highs = 0x8080808080808080ull;
    std::size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        std::uint64_t w;
        std::memcpy(&w, p + i, 8);
        std::uint64_t x = (w & (0xFE * ones)) ^ (0xC0 * ones);
        if ((x - ones) & ~x & highs)
            break; // some byte of this word is a lead; find it below
    }
    for (; i < n; ++i)
        if (is_raw_byte_lead(static_cast<unsigned char>(p[i])))
            return i;
    return n;
}

// Internal text as UTF-8 (raw-byte chars as their byte, everything else as
// it is): a bulk copy up to the first raw byte.
void encode_utf8(std::string_view in, std::string& out)
{
    std::size_t plain = find_raw_byte_lead(in.data(), in.size());
    out.append(in.data(), plain);
    if (plain < in.size())
        internal_to_utf8(in.substr(plain), out);
}

// ---------------------------------------------------------------------------
// EOL conversion, done on internal text (CR and LF never occur inside a
// multibyte internal character, and doing it after decoding is what makes
// it right for UTF-16 and friends).

// Drops every CR that is directly followed by LF in p[0..n); returns the new
// length. memchr jumps between CRs, so text without CR costs one scan.
std::size_t compact_crlf(char* p, std::size_t n)
{
    char* end = p + n;
    char* r = p;
    char* w = p;
    for (;;) {
        auto* cr = static_cast<char*>(std::memchr(r, '\r', static_cast<std::size_t>(end - r)));
        if (!cr) {
            std::memmove(w, r, static_cast<std::size_t>(end - r));
            w += end - r;
            return static_cast<std::size_t>(w - p);
        }
        bool crlf = cr + 1 < end && cr[1] == '\n';
        char* keep_end = crlf ? cr : cr + 1;
        std::memmove(w, r, static_cast<std::size_t>(keep_end - r));
        w += keep_end - r;
        r = cr + 1;
    }
}

void cr_to_lf(char* p, std::size_t n)
{
    std::replace(p, p + n, '\r', '\n');
}

// Internal text with LF written as CRLF (dos) or CR (mac), for encoding.
std::string encode_eol(std::string_view in, Eol eol)
{
    std::string r;
    if (eol == Eol::Mac) {
        r.assign(in);
        std::replace(r.begin(), r.end(), '\n', '\r');
        return r;
    }
    r.reserve(in.size() + static_cast<std::size_t>(std::count(in.begin(), in.end(), '\n')));
    std::size_t i = 0;
    while (i < in.size()) {
        std::size_t lf = in.find('\n', i);
        if (lf == std::string_view::npos)
            lf = in.size();
        r.append(in.data() + i, lf - i);
        if (lf < in.size())
            r.append("\r\n");
        i = lf + 1;
    }
    return r;
}

// ---------------------------------------------------------------------------
// UTF-16 (ICU's pivot) to internal text

// A byte that the ICU converter rejected, and where in its UTF-16 output it
// belongs.
struct RawByteAt {
    std::size_t pos;
    unsigned char byte;
};

inline bool is_high_surrogate(char16_t u) { return u >= 0xD800 && u <= 0xDBFF; }
inline bool is_low_surrogate(char16_t u) { return u >= 0xDC00 && u <= 0xDFFF; }

// Internal form of a rejected byte. Only 0x80..0xFF have raw-byte chars (as
// in Emacs's eight-bit charset); a rejected ASCII byte (an odd byte at the end
// of UTF-16, a stray ESC) is kept as that ASCII char.
inline unsigned char* put_rejected_byte(unsigned char* o, unsigned char b)
{
    return o + encode_internal_char(b < 0x80 ? char32_t(b) : raw_byte_char(b), reinterpret_cast<char*>(o));
}

// Appends n UTF-16 units as internal text, splicing in the rejected bytes at
// their positions (sorted, as ICU produces them).
void append_utf16(const char16_t* u, std::size_t n, const std::vector<RawByteAt>& raw, std::string& out)
{
    std::size_t old = out.size();
    out.resize(old + n * 3 + raw.size() * 2);
    auto* o = reinterpret_cast<unsigned char*>(out.data() + old);
    std::size_t r = 0;
    for (std::size_t i = 0; i < n;) {
        for (; r < raw.size() && raw[r].pos <= i; ++r)
            o = put_rejected_byte(o, raw[r].byte);
        char16_t unit = u[i++];
        if (unit < 0x80) {
            *o++ = static_cast<unsigned char>(unit);
            continue;
        }
        char32_t c = unit;
        if (is_high_surrogate(unit) && i < n && is_low_surrogate(u[i]))
            c = 0x10000 + ((c - 0xD800) << 10) + (u[i++] - 0xDC00u);
        else if (is_high_surrogate(unit) || is_low_surrogate(unit))
            c = 0xFFFD; // unreachable: ICU reports unpaired surrogates to the callback
        o += encode_internal_char(c, reinterpret_cast<char*>(o));
    }
    for (; r < raw.size(); ++r)
        o = put_rejected_byte(o, raw[r].byte);
    out.resize(static_cast<std::size_t>(reinterpret_cast<char*>(o) - out.data()));
}

[[noreturn]] void throw_unencodable(char32_t c, const CodingSystem& coding)
{
    char code[16];
    std::snprintf(code, sizeof code, "U+%04X", static_cast<unsigned>(c));
    throw Error("coding-system-error",
                std::string("Cannot encode character ") + code + " with " + coding.base);
}

// ---------------------------------------------------------------------------
// Encoders

void encode_latin1(std::string_view in, const CodingSystem& coding, std::string& out)
{
    const char* p = in.data();
    std::size_t n = in.size(), i = 0;
    out.reserve(out.size() + n);
    while (i < n) {
        std::size_t start = i;
        while (i < n && static_cast<unsigned char>(p[i]) < 0x80)
            ++i;
        out.append(p + start, i - start);
        if (i == n)
            break;
        int len;
        char32_t c = decode_internal_char(p + i, p + n, &len);
        if (is_raw_byte_char(c))
            out.push_back(static_cast<char>(raw_byte_value(c)));
        else if (c <= 0xFF)
            out.push_back(static_cast<char>(c));
        else
            throw_unencodable(c, coding);
        i += static_cast<std::size_t>(len);
    }
}

void append_utf16_char(std::u16string& out, char32_t c)
{
    if (c < 0x10000) {
        out.push_back(static_cast<char16_t>(c));
    } else {
        c -= 0x10000;
        out.push_back(static_cast<char16_t>(0xD800 + (c >> 10)));
        out.push_back(static_cast<char16_t>(0xDC00 + (c & 0x3FF)));
    }
}

// The character ICU stopped at (its STOP callback keeps it for us).
char32_t invalid_char(UConverter* cnv)
{
    UChar buf[8];
    int8_t len = sizeof buf / sizeof buf[0];
    UErrorCode err = U_ZERO_ERROR;
    ucnv_getInvalidUChars(cnv, buf, &len, &err);
    if (U_FAILURE(err) || len <= 0)
        return 0xFFFD;
    if (len >= 2 && is_high_surrogate(buf[0]) && is_low_surrogate(buf[1]))
        return 0x10000 + ((char32_t(buf[0]) - 0xD800) << 10) + (buf[1] - 0xDC00);
    return buf[0];
}

// Converts UTF-16 with ICU, appending to out. `flush` ends the stream: the
// converter returns to its initial shift state, so raw bytes may follow.
void icu_from_utf16(UConverter* cnv, const std::u16string& in, bool flush, const CodingSystem& coding,
                    std::string& out)
{
    const UChar* src = in.data();
    const UChar* src_end = src + in.size();
    int max_char = ucnv_getMaxCharSize(cnv);
    for (;;) {
        auto left = static_cast<int32_t>(src_end - src);
        std::size_t old = out.size();
        out.resize(old + static_cast<std::size_t>(UCNV_GET_MAX_BYTES_FOR_STRING(left, max_char)) + 16);
        char* target = out.data() + old;
        UErrorCode err = U_ZERO_ERROR;
        ucnv_fromUnicode(cnv, &target, out.data() + out.size(), &src, src_end, nullptr, flush, &err);
        out.resize(static_cast<std::size_t>(target - out.data()));
        if (err == U_BUFFER_OVERFLOW_ERROR)
            continue;
        if (U_FAILURE(err))
            throw_unencodable(invalid_char(cnv), coding);
        return;
    }
}

// Characters go to ICU through a bounded UTF-16 buffer; raw bytes are
// written as they are, between flushed runs.
void encode_icu(std::string_view in, const CodingSystem& coding, std::string& out)
{
    constexpr std::size_t slice_units = 32 * 1024;
    ConverterPtr cnv = open_converter(coding);
    UErrorCode err = U_ZERO_ERROR;
    ucnv_setFromUCallBack(cnv.get(), UCNV_FROM_U_CALLBACK_STOP, nullptr, nullptr, nullptr, &err);
    const char* p = in.data();
    std::size_t n = in.size(), i = 0;
    std::u16string run;
    while (i < n) {
        if (is_raw_byte_lead(static_cast<unsigned char>(p[i]))) {
            out.push_back(static_cast<char>(raw_byte_value(decode_internal_char(p + i, p + n))));
            i += 2;
            continue;
        }
        int len;
        char32_t c = decode_internal_char(p + i, p + n, &len);
        if (c > max_unicode_char)
            throw_unencodable(c, coding);
        append_utf16_char(run, c);
        i += static_cast<std::size_t>(len);
        bool run_ends = i == n || is_raw_byte_lead(static_cast<unsigned char>(p[i]));
        if (run_ends || run.size() >= slice_units) {
            icu_from_utf16(cnv.get(), run, run_ends, coding, out);
            run.clear();
        }
    }
}

constexpr std::size_t icu_pivot_units = 16 * 1024;

} // namespace

// ---------------------------------------------------------------------------
// CodingSystem

std::string CodingSystem::name() const
{
    if (eol_is_fixed(*this))
        return base;
    switch (eol) {
    case Eol::Unix:
        return base + "-unix";
    case Eol::Dos:
        return base + "-dos";
    case Eol::Mac:
        return base + "-mac";
    case Eol::Undecided:
        break;
    }
    return base;
}

CodingSystem CodingSystem::with_eol(Eol e) const
{
    CodingSystem c = *this;
    c.eol = eol_is_fixed(c) ? Eol::Unix : e;
    return c;
}

CodingSystem find_coding_system(std::string_view name)
{
    if (auto c = find_coding_system_ifp(name))
        return *c;
    throw_invalid_coding(name);
}

bool coding_system_p(std::string_view name)
{
    return find_coding_system_ifp(name).has_value();
}

// ---------------------------------------------------------------------------
// Decoder

struct Decoder::Impl {
    CodingSystem coding;
    // utf-8: the start of a sequence split by the end of the last chunk (< 4 bytes).
    std::string carry;
    // dos or undecided EOL: the last chunk ended with CR; it is emitted (or
    // dropped before LF) once the next character is known.
    bool pending_cr = false;
    // drop_bom codings: the start, where a BOM is dropped, was seen.
    bool past_signature = false;

    // ICU codings only: the converter keeps its own state between chunks.
    ConverterPtr cnv;
    std::vector<char16_t> pivot;     // ICU's UTF-16 output; pivot[0] may carry a high surrogate
    std::size_t pivot_carry = 0;     // 1 when it does
    std::vector<RawByteAt> rejected; // bytes the converter rejected during one call

    explicit Impl(const CodingSystem& c) : coding(c)
    {
        if (eol_is_fixed(coding))
            coding.eol = Eol::Unix;
        if (coding.kind == CodingSystem::Kind::Icu)
            open_icu();
    }

    void open_icu();
    void decode_bytes(std::string_view in, std::string& out);
    void flush_bytes(std::string& out);
    void decode_utf8(std::string_view in, std::string& out);
    std::string_view complete_carry(std::string_view in, std::string& out);
    void decode_icu(std::string_view in, bool flush, std::string& out);
    void convert_eol(std::string& out, std::size_t start, bool final);
    bool detect_eol(std::string& out, std::size_t start);
    bool can_view(std::string_view chunk) const;
    static void record_rejected_bytes(const void* context, UConverterToUnicodeArgs* args, const char* bytes,
                                      int32_t length, UConverterCallbackReason reason, UErrorCode* err);
};

// ICU calls this for every byte sequence it cannot map (illegal, unassigned,
// truncated at the flush). Writing nothing and clearing the error makes ICU
// go on; the bytes and their place in the output are kept so that they come
// out as raw-byte chars, never as U+FFFD.
void Decoder::Impl::record_rejected_bytes(const void* context, UConverterToUnicodeArgs* args, const char* bytes,
                                          int32_t length, UConverterCallbackReason reason, UErrorCode* err)
{
    if (reason > UCNV_IRREGULAR)
        return; // reset, close, clone: nothing to do
    auto* impl = static_cast<Impl*>(const_cast<void*>(context));
    auto pos = static_cast<std::size_t>(args->target - reinterpret_cast<UChar*>(impl->pivot.data()));
    for (int32_t i = 0; i < length; ++i)
        impl->rejected.push_back({pos, static_cast<unsigned char>(bytes[i])});
    *err = U_ZERO_ERROR;
}

void Decoder::Impl::open_icu()
{
    cnv = open_converter(coding);
    pivot.resize(icu_pivot_units);
    UErrorCode err = U_ZERO_ERROR;
    ucnv_setToUCallBack(cnv.get(), record_rejected_bytes, this, nullptr, nullptr, &err);
    if (U_FAILURE(err))
        throw_invalid_coding(coding.base);
}

void Decoder::Impl::decode_bytes(std::string_view in, std::string& out)
{
    switch (coding.kind) {
    case CodingSystem::Kind::Utf8:
        decode_utf8(in, out);
        break;
    case CodingSystem::Kind::Latin1:
        append_single_bytes(in, latin1_lead, out);
        break;
    case CodingSystem::Kind::Binary:
        append_single_bytes(in, raw_byte_lead, out);
        break;
    case CodingSystem::Kind::Icu:
        if (coding.drop_bom && !past_signature && !in.empty()) {
            past_signature = true;
            if (in.starts_with(coding.bom))
                in.remove_prefix(coding.bom.size());
        }
        decode_icu(in, false, out);
        break;
    }
}

void Decoder::Impl::flush_bytes(std::string& out)
{
    if (coding.kind == CodingSystem::Kind::Icu) {
        decode_icu({}, true, out);
    } else if (!carry.empty()) {
        utf8_to_internal(carry, out, true); // what is still incomplete is raw bytes
        carry.clear();
    }
}

// Hot path: with nothing carried, one validation pass and one bulk append.
void Decoder::Impl::decode_utf8(std::string_view in, std::string& out)
{
    if (coding.drop_bom && !past_signature && !in.empty()) {
        past_signature = true;
        if (in.starts_with(utf8_bom))
            in.remove_prefix(utf8_bom.size());
    }
    if (!carry.empty()) {
        in = complete_carry(in, out);
        if (!carry.empty())
            return; // `in` only extended the carried sequence
    }
    std::size_t used = utf8_to_internal(in, out, false);
    carry.assign(in.substr(used));
}

// Finishes the sequence carried from the last chunk with the first bytes of
// `in`; returns what is left of `in`. A carried prefix that turns out invalid
// gives its first byte as raw and the rest is looked at again, exactly as
// utf8_to_internal would have done on the unsplit input.
std::string_view Decoder::Impl::complete_carry(std::string_view in, std::string& out)
{
    while (!carry.empty()) {
        char seq[8];
        std::size_t kept = carry.size();
        std::size_t take = std::min(in.size(), 4 - kept);
        std::memcpy(seq, carry.data(), kept);
        if (take > 0) // in.data() may be null
            std::memcpy(seq + kept, in.data(), take);
        int status = utf8_sequence_status(seq, kept + take);
        if (status < 0) { // still incomplete: `in` is used up
            carry.assign(seq, kept + take);
            return {};
        }
        if (status > 0 && static_cast<std::size_t>(status) > kept) {
            out.append(seq, static_cast<std::size_t>(status));
            in.remove_prefix(static_cast<std::size_t>(status) - kept);
            carry.clear();
            break;
        }
        append_internal_char(out, raw_byte_char(static_cast<unsigned char>(carry[0])));
        carry.erase(0, 1);
    }
    return in;
}

// Converts through ICU's UTF-16 pivot, a pivot-full at a time. With flush
// false, a sequence split at the end of `in` stays in the converter.
void Decoder::Impl::decode_icu(std::string_view in, bool flush, std::string& out)
{
    const char* src = in.data();
    const char* src_end = src + in.size();
    for (;;) {
        auto* base = reinterpret_cast<UChar*>(pivot.data());
        UChar* target = base + pivot_carry;
        rejected.clear();
        UErrorCode err = U_ZERO_ERROR;
        ucnv_toUnicode(cnv.get(), &target, base + pivot.size(), &src, src_end, nullptr, flush, &err);
        bool overflow = err == U_BUFFER_OVERFLOW_ERROR;
        if (U_FAILURE(err) && !overflow)
            throw Error("coding-system-error", std::string("Decoding failed with ") + coding.base + ": " +
                                                   u_errorName(err));
        auto len = static_cast<std::size_t>(target - base);
        // A full pivot may end between the halves of a surrogate pair: keep
        // the high half for the next round.
        bool split = overflow && len > 0 && is_high_surrogate(pivot[len - 1]);
        append_utf16(pivot.data(), len - split, rejected, out);
        if (split)
            pivot[0] = pivot[len - 1];
        pivot_carry = split;
        if (!overflow)
            return;
    }
}

// Undecided EOL, streaming: decided by the first LF, as Emacs does (CRLF ->
// dos, LF alone -> unix). Returns true when dos conversion must now run.
bool Decoder::Impl::detect_eol(std::string& out, std::size_t start)
{
    auto* lf = static_cast<char*>(std::memchr(out.data() + start, '\n', out.size() - start));
    if (!lf)
        return false;
    // A CR ending the previous chunk was held back, so a CRLF is never split here.
    bool crlf = lf > out.data() + start && lf[-1] == '\r';
    coding.eol = crlf ? Eol::Dos : Eol::Unix;
    return crlf;
}

// Applies the EOL conversion to out[start..), the text just decoded.
void Decoder::Impl::convert_eol(std::string& out, std::size_t start, bool final)
{
    switch (coding.eol) {
    case Eol::Unix:
        return;
    case Eol::Mac:
        cr_to_lf(out.data() + start, out.size() - start);
        return;
    case Eol::Undecided:
        if (!detect_eol(out, start))
            break; // still undecided (text unchanged) or unix
        [[fallthrough]];
    case Eol::Dos:
        out.resize(start + compact_crlf(out.data() + start, out.size() - start));
        break;
    }
    // A CR at the end may be the first half of a CRLF.
    if (!final && coding.eol != Eol::Unix && out.size() > start && out.back() == '\r') {
        out.pop_back();
        pending_cr = true;
    }
}

bool Decoder::Impl::can_view(std::string_view chunk) const
{
    if (pending_cr || !carry.empty() || (coding.drop_bom && !past_signature))
        return false;
    if (chunk.empty())
        return true; // and chunk.data() may be null
    if (coding.eol != Eol::Unix && std::memchr(chunk.data(), '\r', chunk.size()))
        return false;
    switch (coding.kind) {
    case CodingSystem::Kind::Utf8:
        return valid_utf8_prefix(chunk.data(), chunk.size()) == chunk.size();
    case CodingSystem::Kind::Latin1:
    case CodingSystem::Kind::Binary:
        return is_ascii(chunk);
    case CodingSystem::Kind::Icu:
        break;
    }
    return false;
}

Decoder::Decoder(const CodingSystem& coding) : m_impl(std::make_unique<Impl>(coding)) {}
Decoder::~Decoder() = default;
Decoder::Decoder(Decoder&&) noexcept = default;
Decoder& Decoder::operator=(Decoder&&) noexcept = default;

void Decoder::decode(std::string_view chunk, std::string& out)
{
    Impl& d = *m_impl;
    std::size_t start = out.size();
    if (d.pending_cr) {
        out.push_back('\r');
        d.pending_cr = false;
    }
    d.decode_bytes(chunk, out);
    d.convert_eol(out, start, false);
}

std::string_view Decoder::decode_view(std::string_view chunk, std::string& scratch)
{
    Impl& d = *m_impl;
    if (d.can_view(chunk)) {
        // No CR in the chunk, so an LF in it decides unix.
        if (d.coding.eol == Eol::Undecided && !chunk.empty() && std::memchr(chunk.data(), '\n', chunk.size()))
            d.coding.eol = Eol::Unix;
        return chunk;
    }
    scratch.clear();
    decode(chunk, scratch);
    return scratch;
}

void Decoder::finish(std::string& out)
{
    Impl& d = *m_impl;
    std::size_t start = out.size();
    if (d.pending_cr) {
        out.push_back('\r');
        d.pending_cr = false;
    }
    d.flush_bytes(out);
    d.convert_eol(out, start, true);
}

CodingSystem Decoder::coding() const
{
    return m_impl->coding;
}

// ---------------------------------------------------------------------------
// Whole inputs

// decode_all's rule for an undecided EOL: dos only when there is an LF and
// every LF follows a CR, so that encoding gives back the same bytes.
static Eol detect_eol_whole(std::string_view text)
{
    std::size_t lf = text.find('\n');
    if (lf == std::string_view::npos)
        return Eol::Unix;
    for (; lf != std::string_view::npos; lf = text.find('\n', lf + 1))
        if (lf == 0 || text[lf - 1] != '\r')
            return Eol::Unix;
    return Eol::Dos;
}

std::string decode_all(const CodingSystem& coding, std::string_view bytes, CodingSystem* detected)
{
    bool undecided = coding.eol == Eol::Undecided && !eol_is_fixed(coding);
    Decoder decoder(undecided ? coding.with_eol(Eol::Unix) : coding);
    std::string out;
    decoder.decode(bytes, out);
    decoder.finish(out);
    Eol eol = decoder.coding().eol;
    if (undecided) {
        eol = detect_eol_whole(out);
        if (eol == Eol::Dos)
            out.resize(compact_crlf(out.data(), out.size()));
    }
    if (detected)
        *detected = coding.with_eol(eol);
    return out;
}

std::string encode(const CodingSystem& coding, std::string_view internal)
{
    std::string converted;
    bool convert = !eol_is_fixed(coding) && (coding.eol == Eol::Dos || coding.eol == Eol::Mac) &&
                   internal.find('\n') != std::string_view::npos;
    if (convert) {
        converted = encode_eol(internal, coding.eol);
        internal = converted;
    }
    std::string out;
    if (coding.write_bom)
        out = coding.bom;
    switch (coding.kind) {
    case CodingSystem::Kind::Utf8:
    case CodingSystem::Kind::Binary:
        // Emacs's raw-text: raw bytes to their byte, every other char as UTF-8.
        encode_utf8(internal, out);
        break;
    case CodingSystem::Kind::Latin1:
        encode_latin1(internal, coding, out);
        break;
    case CodingSystem::Kind::Icu:
        encode_icu(internal, coding, out);
        break;
    }
    return out;
}

CodingSystem detect_coding(std::string_view bytes)
{
    // A byte-order mark says it, as Emacs's detection does.
    if (bytes.starts_with("\xFF\xFE") && bytes.size() % 2 == 0)
        return find_coding_system("utf-16le-with-signature");
    if (bytes.starts_with("\xFE\xFF") && bytes.size() % 2 == 0)
        return find_coding_system("utf-16be-with-signature");
    if (valid_utf8_prefix(bytes.data(), bytes.size()) == bytes.size())
        return find_coding_system(bytes.starts_with(utf8_bom) ? "utf-8-with-signature" : "utf-8");
    const bool latin1_text = std::none_of(bytes.begin(), bytes.end(), [](char ch) {
        auto b = static_cast<unsigned char>(ch);
        return b == 0 || (b >= 0x80 && b <= 0x9F);
    });
    return find_coding_system(latin1_text ? "latin-1" : "utf-8");
}

} // namespace gapmacs
