// gzip compression a piece at a time (zlib's deflate with a gzip header):
// how a ".gz" file is written under Emacs's auto-compression-mode, without
// a second copy of the whole text in memory.
#pragma once
#include <functional>
#include <memory>
#include <string_view>

namespace gapmacs {

class GzipCompressor {
public:
    using Sink = std::function<void(std::string_view)>;
    // Throws Error("error", ...) when zlib cannot start (out of memory).
    GzipCompressor();
    ~GzipCompressor();
    GzipCompressor(const GzipCompressor&) = delete;
    GzipCompressor& operator=(const GzipCompressor&) = delete;

    // Compresses `in`; what is ready goes to `out`.
    void feed(std::string_view in, const Sink& out);
    // Ends the stream (the rest and the gzip trailer go to `out`).
    void finish(const Sink& out);

private:
    struct Stream;
    std::unique_ptr<Stream> m_stream;
};

} // namespace gapmacs
