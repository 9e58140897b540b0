// B10: gap buffer edits with many markers, and char<->byte lookups in a
// multibyte buffer. Prints a Markdown table of ns per operation.
//   bench_buffer [MB]   (default 100)
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "buffer/buffer.hpp"

using namespace gapmacs;
using Clock = std::chrono::steady_clock;

namespace {

double ns_per_op(Clock::time_point start, long ops)
{
    return std::chrono::duration<double, std::nano>(Clock::now() - start).count() / static_cast<double>(ops);
}

void fill(Buffer& b, std::size_t megabytes, bool multibyte)
{
    std::string line = multibyte ? "Ünïcödé текст 日本語 text, and some ASCII to pad the line out.\n"
                                 : "plain ASCII text, the common case for process output, padded.\n";
    std::string block;
    while (block.size() < (1 << 20))
        block += line;
    for (std::size_t i = 0; i < megabytes; ++i)
        b.insert(block);
}

void row(const char* what, double ns) { std::printf("| %s | %.1f |\n", what, ns); }

void edits(const char* label, bool multibyte, std::size_t mb, long ops, std::size_t jump)
{
    Buffer b("bench");
    b.undo_list().set_enabled(false);
    fill(b, mb, multibyte);
    std::mt19937_64 rng(1);
    std::vector<std::unique_ptr<Marker>> markers;
    for (int i = 0; i < 1000; ++i)
        markers.push_back(std::make_unique<Marker>(b, CharPos(1 + static_cast<std::int64_t>(rng() % b.size())), i % 2));
    std::int64_t pos = b.size() / 2;
    auto start = Clock::now();
    for (long i = 0; i < ops; ++i) {
        // A random walk: edits near each other, as typing and filters make them.
        pos += static_cast<std::int64_t>(rng() % (2 * jump + 1)) - static_cast<std::int64_t>(jump);
        pos = std::clamp<std::int64_t>(pos, 1, b.size());
        if (i % 2)
            b.insert_at(CharPos(pos), multibyte ? "é" : "x");
        else
            b.delete_region(CharPos(pos), CharPos(pos + 1));
    }
    row(label, ns_per_op(start, ops));
}

void lookups(std::size_t mb)
{
    Buffer b("lookups");
    b.undo_list().set_enabled(false);
    fill(b, mb, true);
    std::mt19937_64 rng(2);
    const long n = 1000000;
    std::vector<std::int64_t> targets(n);
    for (auto& t : targets)
        t = 1 + static_cast<std::int64_t>(rng() % b.size());

    auto start = Clock::now();
    std::int64_t sink = 0;
    for (long i = 0; i < 1000; ++i)
        sink += b.char_to_byte(CharPos(targets[i])).value; // cold: checkpoints being made
    row("char->byte, random, first 1,000 (cold)", ns_per_op(start, 1000));
    start = Clock::now();
    for (long i = 0; i < n; ++i)
        sink += b.char_to_byte(CharPos(targets[i])).value;
    row("char->byte, random (warm)", ns_per_op(start, n));
    start = Clock::now();
    for (long i = 0; i < n; ++i)
        sink += b.byte_to_char(BytePos(b.char_to_byte(CharPos(targets[i])).value)).value;
    row("byte->char of char->byte, random", ns_per_op(start, n));
    start = Clock::now();
    std::int64_t p = 1;
    for (long i = 0; i < n; ++i, p += 97)
        sink += b.char_to_byte(CharPos(1 + p % b.size())).value;
    row("char->byte, sequential stride 97", ns_per_op(start, n));
    Buffer ascii("ascii");
    fill(ascii, mb, false);
    start = Clock::now();
    for (long i = 0; i < n; ++i)
        sink += ascii.char_to_byte(CharPos(1 + targets[i] % ascii.size())).value;
    row("char->byte, single-byte buffer", ns_per_op(start, n));
    if (sink == 42)
        std::puts("");
}

} // namespace

int main(int argc, char** argv)
{
    std::size_t mb = argc > 1 ? std::strtoul(argv[1], nullptr, 10) : 100;
    std::printf("| operation (%zu MB buffer, 1000 markers) | ns/op |\n|---|---|\n", mb);
    edits("insert/delete, ASCII, random walk +-64 chars (1e6 ops)", false, mb, 1000000, 64);
    edits("insert/delete, multibyte, random walk +-64 chars (1e6 ops)", true, mb, 1000000, 64);
    edits("insert/delete, multibyte, random walk +-64 KiB (1e5 ops)", true, mb, 100000, 65536);
    lookups(mb);
    return 0;
}
