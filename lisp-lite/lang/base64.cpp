// base64-encode-string, base64url-encode-string, base64-decode-string:
// Emacs's rules (RFC 4648 alphabets, a line break every 76 characters
// unless asked otherwise, whitespace ignored when decoding, padding
// optional only for base64url). The region commands are in lisp/.
#include <string>

#include "core/utf8.hpp"
#include "lisp-lite/lang/builtins.hpp"

namespace gapmacs::lisp {

namespace {

constexpr char standard_alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
constexpr char url_alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
constexpr std::size_t line_length = 76;

// The string as octets: characters 0-255 and raw bytes are bytes; anything
// else has no base64 form.
std::string octets(Value s)
{
    check_string(s);
    const std::string_view text = string_view(s);
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size();) {
        int len = 1;
        const char32_t c = decode_internal_char(text.data() + i, text.data() + text.size(), &len);
        i += static_cast<std::size_t>(len);
        if (is_raw_byte_char(c))
            out += static_cast<char>(raw_byte_value(c));
        else if (c < 0x100)
            out += static_cast<char>(c);
        else
            error("Multibyte character in data for base64 encoding");
    }
    return out;
}

std::string encode(std::string_view in, const char* alphabet, bool line_breaks, bool pad)
{
    std::string out;
    out.reserve(in.size() / 3 * 4 + 4 + (line_breaks ? in.size() / 57 : 0));
    std::size_t column = 0;
    auto put = [&](char c) {
        if (line_breaks && column == line_length) {
            out += '\n';
            column = 0;
        }
        out += c;
        ++column;
    };
    std::size_t i = 0;
    for (; i + 3 <= in.size(); i += 3) {
        const unsigned v = static_cast<unsigned char>(in[i]) << 16 | static_cast<unsigned char>(in[i + 1]) << 8 |
                           static_cast<unsigned char>(in[i + 2]);
        put(alphabet[v >> 18]);
        put(alphabet[v >> 12 & 63]);
        put(alphabet[v >> 6 & 63]);
        put(alphabet[v & 63]);
    }
    if (i < in.size()) {
        const bool two = i + 1 < in.size();
        const unsigned v = static_cast<unsigned char>(in[i]) << 16 | (two ? static_cast<unsigned char>(in[i + 1]) << 8 : 0);
        put(alphabet[v >> 18]);
        put(alphabet[v >> 12 & 63]);
        if (two)
            put(alphabet[v >> 6 & 63]);
        else if (pad)
            put('=');
        if (pad)
            put('=');
    }
    return out;
}

int digit_value(char c, bool url)
{
    if (c >= 'A' && c <= 'Z')
        return c - 'A';
    if (c >= 'a' && c <= 'z')
        return c - 'a' + 26;
    if (c >= '0' && c <= '9')
        return c - '0' + 52;
    if (c == (url ? '-' : '+'))
        return 62;
    if (c == (url ? '_' : '/'))
        return 63;
    return -1;
}

bool ignorable(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r'; }

[[noreturn]] void invalid() { error("Invalid base64 data"); }

// Emacs's quadruplet reader: whitespace anywhere is skipped; the input may
// end only at a quadruplet's start, or (base64url) where padding would be;
// `=` ends a quadruplet early.
std::string decode(std::string_view in, bool url)
{
    std::string out;
    out.reserve(in.size() / 4 * 3);
    std::size_t i = 0;
    auto next = [&](char& c) {
        while (i < in.size()) {
            c = in[i++];
            if (!ignorable(c))
                return true;
        }
        return false;
    };
    auto value_of = [&](char c) {
        const int v = digit_value(c, url);
        if (v < 0)
            invalid();
        return static_cast<unsigned>(v);
    };
    char c;
    while (next(c)) {
        unsigned v = value_of(c) << 18;
        if (!next(c))
            invalid();
        v |= value_of(c) << 12;
        out += static_cast<char>(v >> 16);
        if (!next(c)) {
            if (url)
                break;
            invalid();
        }
        if (c == '=') {
            if (!next(c) || c != '=')
                invalid();
            continue;
        }
        v |= value_of(c) << 6;
        out += static_cast<char>(v >> 8 & 0xFF);
        if (!next(c)) {
            if (url)
                break;
            invalid();
        }
        if (c == '=')
            continue;
        v |= value_of(c);
        out += static_cast<char>(v & 0xFF);
    }
    return out;
}

// (base64-encode-string STRING &optional NO-LINE-BREAK)
Value f_base64_encode_string(Args a)
{
    return make_unibyte_string(encode(octets(a[0]), standard_alphabet, nilp(a[1]), true));
}

// (base64url-encode-string STRING &optional NO-PAD)
Value f_base64url_encode_string(Args a)
{
    return make_unibyte_string(encode(octets(a[0]), url_alphabet, false, nilp(a[1])));
}

// (base64-decode-string STRING &optional BASE64URL): a unibyte string.
Value f_base64_decode_string(Args a)
{
    check_string(a[0]);
    return make_unibyte_string(decode(string_view(a[0]), !nilp(a[1])));
}

constexpr SubrDef base64_subrs[] = {
    {"base64-encode-string", 1, 2, f_base64_encode_string},
    {"base64url-encode-string", 1, 2, f_base64url_encode_string},
    {"base64-decode-string", 1, 2, f_base64_decode_string},
};

} // namespace

void register_base64_builtins() { register_subrs(base64_subrs); }

} // namespace gapmacs::lisp
