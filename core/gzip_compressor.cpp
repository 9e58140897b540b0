#include "core/gzip_compressor.hpp"

#include <zlib.h>

#include "core/error.hpp"

namespace gapmacs {

struct GzipCompressor::Stream {
    z_stream z{};
    ~Stream() { deflateEnd(&z); }
};

GzipCompressor::GzipCompressor() : m_stream(std::make_unique<Stream>())
{
    // 15 + 16: the largest window, with a gzip header and trailer (what
    // gzip(1) writes; level 6 is its default).
    if (deflateInit2(&m_stream->z, 6, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK)
        throw Error("error", "Cannot start gzip compression");
}

GzipCompressor::~GzipCompressor() = default;

namespace {

void run(z_stream& z, std::string_view in, int flush, const GzipCompressor::Sink& out)
{
    char buf[1 << 16];
    z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(in.data()));
    z.avail_in = static_cast<uInt>(in.size());
    int rc;
    do {
        z.next_out = reinterpret_cast<Bytef*>(buf);
        z.avail_out = sizeof buf;
        rc = deflate(&z, flush);
        if (rc == Z_STREAM_ERROR)
            throw Error("error", "gzip compression failed");
        if (std::size_t n = sizeof buf - z.avail_out)
            out(std::string_view(buf, n));
    } while (z.avail_out == 0 || (flush == Z_FINISH && rc != Z_STREAM_END));
}

} // namespace

void GzipCompressor::feed(std::string_view in, const Sink& out)
{
    // zlib counts input in uInt: a huge piece goes in slices.
    constexpr std::size_t slice = 1u << 30;
    while (in.size() > slice) {
        run(m_stream->z, in.substr(0, slice), Z_NO_FLUSH, out);
        in.remove_prefix(slice);
    }
    run(m_stream->z, in, Z_NO_FLUSH, out);
}

void GzipCompressor::finish(const Sink& out) { run(m_stream->z, {}, Z_FINISH, out); }

} // namespace gapmacs
