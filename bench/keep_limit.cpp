// B1's keep limit: the fastest a program can take a pipe's output and keep
// every byte in its own private memory, as a buffer must. Reads standard
// input to its end into one anonymous mapping, through a 1 MiB pipe in
// 64 KiB reads, populating the pages each read will write before it is
// made (MADV_POPULATE_WRITE), so the first-touch faults are paid outside the
// pipe's lock, as gapmacs's reader pays them. Prints the bytes kept.
//   dd if=/dev/zero bs=1000 count=N | keep_limit
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

#ifndef MADV_POPULATE_WRITE
#define MADV_POPULATE_WRITE 23
#endif

namespace {

constexpr std::size_t kRead = 64 * 1024;
constexpr std::size_t kPipe = 1024 * 1024;
// Address space only: pages exist once populated.
constexpr std::size_t kReserve = std::size_t(64) << 30;

// Faults in [p, p + n) for writing; touches each page when the kernel lacks
// MADV_POPULATE_WRITE (before 5.14), which costs the same faults.
void populate(char* p, std::size_t n)
{
    if (madvise(p, n, MADV_POPULATE_WRITE) == 0)
        return;
    const long page = sysconf(_SC_PAGESIZE);
    for (std::size_t i = 0; i < n; i += static_cast<std::size_t>(page))
        p[i] = 0;
}

} // namespace

int main()
{
    fcntl(STDIN_FILENO, F_SETPIPE_SZ, static_cast<int>(kPipe)); // not a pipe: reads as it is
    void* arena = mmap(nullptr, kReserve, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (arena == MAP_FAILED) {
        std::perror("keep_limit: mmap");
        return 1;
    }
    char* base = static_cast<char*>(arena);
    std::size_t kept = 0, populated = 0;
    for (;;) {
        if (kept + kRead > kReserve) {
            std::fprintf(stderr, "keep_limit: more than %zu bytes\n", kReserve);
            return 1;
        }
        if (populated < kept + kRead) {
            populate(base + populated, kept + kRead - populated);
            populated = kept + kRead;
        }
        const ssize_t n = read(STDIN_FILENO, base + kept, kRead);
        if (n == 0)
            break;
        if (n < 0) {
            if (errno == EINTR)
                continue;
            std::perror("keep_limit: read");
            return 1;
        }
        kept += static_cast<std::size_t>(n);
    }
    std::printf("%zu\n", kept);
    return 0;
}
