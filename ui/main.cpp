// gapmacs entry point. Until the terminal UI exists, `gapmacs FILE` is a
// batch demo of the foundation: it loads the file into a Buffer and reports
// what the buffer knows about it.
#include <csignal>
#include <cstdio>
#include <cstring>
#include <string>

#include "buffer/buffer.hpp"
#include "buffer/file_io.hpp"
#include "core/error.hpp"
#include "lisp-lite/batch.hpp"

namespace {

int usage()
{
    std::puts("Usage: gapmacs [FILE...]\n"
              "  --version   print the version\n"
              "  --help      this text");
    return 0;
}

int describe_file(const char* path)
{
    using namespace gapmacs;
    Buffer buffer(path);
    try {
        insert_file_contents(buffer, path, nullptr, true);
    } catch (const Error& e) {
        std::fprintf(stderr, "gapmacs: %s\n", e.what());
        return 1;
    }
    std::printf("%s: %lld chars, %zu bytes, %lld lines, coding %s, %s\n", path,
                static_cast<long long>(buffer.size()), buffer.byte_size(),
                static_cast<long long>(buffer.count_lines(buffer.point_min(), buffer.point_max())),
                buffer.coding().name().c_str(), buffer.single_byte() ? "single-byte" : "multibyte");
    return 0;
}

} // namespace

int main(int argc, char** argv)
{
    // A save that passes RLIMIT_FSIZE must fail with EFBIG and keep the old
    // file, not kill the editor.
    std::signal(SIGXFSZ, SIG_IGN);
    // --batch, --version and --help belong to lisp-lite's batch mode.
    if (gapmacs::lisp::wants_batch(argc, argv))
        return gapmacs::lisp::run_batch(argc, argv);
    int status = 0;
    for (int i = 1; i < argc; ++i) {
        if (!std::strcmp(argv[i], "--version")) {
            std::puts("gapmacs 0.1.0");
            return 0;
        }
        if (!std::strcmp(argv[i], "--help"))
            return usage();
        status |= describe_file(argv[i]);
    }
    if (argc == 1)
        std::puts("gapmacs 0.1.0: the terminal editor is not built yet; `gapmacs FILE` describes FILE.");
    return status;
}
