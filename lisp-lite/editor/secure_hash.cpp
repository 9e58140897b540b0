// md5, secure-hash, buffer-hash: message digests of strings and buffer text,
// computed by nettle (Emacs links gnulib's copies of the same algorithms).
#include <nettle/md5.h>
#include <nettle/sha1.h>
#include <nettle/sha2.h>

#include <array>
#include <string>

#include "core/coding.hpp"
#include "lisp-lite/editor/buffers.hpp"
#include "lisp-lite/editor/coding_names.hpp"
#include "lisp-lite/editor/modules.hpp"
#include "lisp-lite/editor/symbols.hpp"
#include "lisp-lite/lang/builtins.hpp"

namespace gapmacs::lisp {

namespace {

using DigestFn = std::string (*)(std::string_view bytes);

template <typename Ctx, std::size_t N, void (*Init)(Ctx*), void (*Update)(Ctx*, std::size_t, const std::uint8_t*),
          void (*Digest)(Ctx*, std::size_t, std::uint8_t*)>
std::string digest(std::string_view bytes)
{
    Ctx ctx;
    Init(&ctx);
    Update(&ctx, bytes.size(), reinterpret_cast<const std::uint8_t*>(bytes.data()));
    std::array<std::uint8_t, N> out;
    Digest(&ctx, N, out.data());
    return std::string(out.begin(), out.end());
}

struct Algorithm {
    const char* name;
    DigestFn run;
};

// In Emacs's order: (secure-hash-algorithms) lists them so.
constexpr Algorithm algorithms[] = {
    {"md5", digest<md5_ctx, MD5_DIGEST_SIZE, nettle_md5_init, nettle_md5_update, nettle_md5_digest>},
    {"sha1", digest<sha1_ctx, SHA1_DIGEST_SIZE, nettle_sha1_init, nettle_sha1_update, nettle_sha1_digest>},
    {"sha224", digest<sha256_ctx, SHA224_DIGEST_SIZE, nettle_sha224_init, nettle_sha256_update, nettle_sha224_digest>},
    {"sha256", digest<sha256_ctx, SHA256_DIGEST_SIZE, nettle_sha256_init, nettle_sha256_update, nettle_sha256_digest>},
    {"sha384", digest<sha512_ctx, SHA384_DIGEST_SIZE, nettle_sha384_init, nettle_sha512_update, nettle_sha384_digest>},
    {"sha512", digest<sha512_ctx, SHA512_DIGEST_SIZE, nettle_sha512_init, nettle_sha512_update, nettle_sha512_digest>},
};

const Algorithm& algorithm_arg(Value name)
{
    if (symbolp(name))
        for (const Algorithm& a : algorithms)
            if (symbol_name(name) == a.name)
                return a;
    error("Invalid algorithm arg: " + prin1_to_string(name, false));
}

// START and END as Emacs's validate_subarray reads them: nil for the ends,
// negative counting from the end.
std::pair<std::int64_t, std::int64_t> subarray(Value object, Value start, Value end, std::int64_t size)
{
    std::int64_t from = nilp(start) ? 0 : check_fixnum(start);
    std::int64_t to = nilp(end) ? size : check_fixnum(end);
    if (from < 0)
        from += size;
    if (to < 0)
        to += size;
    if (from < 0 || to > size || from > to)
        args_out_of_range3(object, start, end);
    return {from, to};
}

// The bytes a digest is taken of: the text encoded (utf-8 unless CODING
// names another), raw bytes as themselves, so a unibyte string hashes its
// bytes.
std::string object_bytes(Value object, Value start, Value end, Value coding)
{
    const CodingSystem cs = nilp(coding) ? find_coding_system("utf-8-unix") : coding_system_of(coding);
    if (stringp(object)) {
        const auto [from, to] = subarray(object, start, end, string_length(object));
        const std::size_t bf = string_char_to_byte(object, from), bt = string_char_to_byte(object, to);
        return encode(cs, string_view(object).substr(bf, bt - bf));
    }
    if (bufferp(object)) {
        Buffer& b = check_live_buffer(object);
        CharPos from = nilp(start) ? b.point_min() : CharPos(check_position(start));
        CharPos to = nilp(end) ? b.point_max() : CharPos(check_position(end));
        if (from > to)
            std::swap(from, to);
        if (from < b.point_min() || to > b.point_max())
            args_out_of_range(start, end);
        return encode(cs, b.substring(from, to));
    }
    xsignal2(Qerror, make_string("Invalid object argument"), object);
}

std::string hex(std::string_view digest)
{
    static constexpr char digits[] = "0123456789abcdef";
    std::string out;
    for (unsigned char c : digest) {
        out += digits[c >> 4];
        out += digits[c & 15];
    }
    return out;
}

// (md5 OBJECT &optional START END CODING-SYSTEM NOERROR)
Value f_md5(Args a) { return make_string(hex(algorithms[0].run(object_bytes(a[0], a[1], a[2], a[3])))); }

// (secure-hash ALGORITHM OBJECT &optional START END BINARY)
Value f_secure_hash(Args a)
{
    const Algorithm& alg = algorithm_arg(a[0]);
    const std::string raw = alg.run(object_bytes(a[1], a[2], a[3], Qnil));
    return nilp(a[4]) ? make_string(hex(raw)) : make_unibyte_string(raw);
}

Value f_secure_hash_algorithms(Args)
{
    Value out = Qnil;
    for (auto it = std::rbegin(algorithms); it != std::rend(algorithms); ++it)
        out = cons(intern(it->name), out);
    return out;
}

// (buffer-hash &optional BUFFER-OR-NAME): sha1 of the whole text, as
// stored (no narrowing, no encoding), as Emacs hashes its buffer bytes.
Value f_buffer_hash(Args a)
{
    Buffer& b = nilp(a[0]) ? current() : buffer_or_name(a[0]);
    return make_string(hex(algorithms[1].run(b.substring(CharPos(1), CharPos(b.size() + 1)))));
}

constexpr SubrDef secure_hash_subrs[] = {
    {"md5", 1, 5, f_md5},
    {"secure-hash", 2, 5, f_secure_hash},
    {"secure-hash-algorithms", 0, 0, f_secure_hash_algorithms},
    {"buffer-hash", 0, 1, f_buffer_hash},
};

} // namespace

void register_secure_hash_builtins()
{
    register_subrs(secure_hash_subrs);
    // Emacs provides these with its builtin md5 and sha1: (require 'md5) loads nothing.
    call1(Qprovide, Qmd5);
    call1(Qprovide, Qsha1);
}

} // namespace gapmacs::lisp
