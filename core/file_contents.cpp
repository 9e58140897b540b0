#include "core/file_contents.hpp"

#include <fcntl.h>
#include <unistd.h>
#include <zlib.h>

#include <cerrno>
#include <memory>

#include "core/error.hpp"

namespace gapmacs {

namespace {

struct GzClose {
    void operator()(gzFile f) const { gzclose_r(f); }
};
using GzFile = std::unique_ptr<std::remove_pointer_t<gzFile>, GzClose>;

struct FdClose {
    void operator()(const int* fd) const { ::close(*fd); }
};

std::string read_plain(const std::string& path)
{
    int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        throw_file_error("Opening input file", path, errno);
    std::unique_ptr<const int, FdClose> closer(&fd);
    std::string out;
    char buf[1 << 16];
    for (;;) {
        ssize_t n = ::read(fd, buf, sizeof buf);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            throw_file_error("Reading input file", path, errno);
        if (n == 0)
            return out;
        out.append(buf, static_cast<std::size_t>(n));
    }
}

std::string read_gzip(const std::string& path)
{
    // zlib opens the descriptor itself; open first so that a missing or
    // unreadable file gets the OS's error, as for a plain file.
    int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        throw_file_error("Opening input file", path, errno);
    GzFile in(gzdopen(fd, "rb"));
    if (!in) {
        ::close(fd);
        throw Error("file-error", "Opening input file: out of memory, " + path);
    }
    gzbuffer(in.get(), 1 << 17);
    std::string out;
    char buf[1 << 16];
    for (;;) {
        int n = gzread(in.get(), buf, sizeof buf);
        if (n < 0 || (n == 0 && !gzeof(in.get()))) {
            int code = 0;
            const char* why = gzerror(in.get(), &code);
            throw Error("file-error", std::string("Error while decompressing: ") + why + ", " + path);
        }
        if (n == 0)
            break;
        out.append(buf, static_cast<std::size_t>(n));
    }
    // A stream cut short reads to its end with no error from gzread; the
    // error state says so.
    int code = Z_OK;
    const char* why = gzerror(in.get(), &code);
    if (code != Z_OK)
        throw Error("file-error", std::string("Error while decompressing: ") + why + ", " + path);
    return out;
}

} // namespace

bool compressed_file_name(const std::string& path)
{
    return path.size() > 3 && path.compare(path.size() - 3, 3, ".gz") == 0;
}

std::string read_file_contents(const std::string& path)
{
    return compressed_file_name(path) ? read_gzip(path) : read_plain(path);
}

} // namespace gapmacs
