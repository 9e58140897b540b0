// B10: gap buffer edits with many markers, and char<->byte lookups in a
// multibyte buffer. Prints a Markdown table of ns per operation.
//   bench_buffer [MB]          (default 100)
//   bench_buffer MB stream     only the rows of a stream against overlays
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
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

// What a stream costs against what the buffer holds: `n` lines, each with
// an overlay (as grep's and compile's highlights), two markers (an
// overlay's ends before overlays had a tree of their own) or nothing (the
// cost of the text alone, gap growth included); 4 KiB chunks appended
// before markers, as process output is, then keys typed (an insertion and a
// deletion) in the middle.
enum class Marking { none, markers, overlays };

void streaming(long n, Marking marking)
{
    Buffer b("stream");
    b.undo_list().set_enabled(false);
    const std::string line = "src/file.c:123: a line of grep output, 64 bytes long, padded..\n";
    std::string text;
    text.reserve(line.size() * static_cast<std::size_t>(n));
    for (long i = 0; i < n; ++i)
        text += line;
    b.insert(text);
    const auto len = static_cast<std::int64_t>(line.size());
    std::vector<std::unique_ptr<Marker>> markers;
    std::vector<std::unique_ptr<Overlay>> spans;
    for (long i = 0; i < n; ++i) {
        const CharPos beg(1 + i * len), end = beg + CharCount(len - 1);
        if (marking == Marking::overlays) {
            spans.push_back(std::make_unique<Overlay>());
            spans.back()->attach(b, beg, end);
        } else if (marking == Marking::markers) {
            markers.push_back(std::make_unique<Marker>(b, beg));
            markers.push_back(std::make_unique<Marker>(b, end));
        }
    }
    Marker process_mark(b, CharPos(b.size() + 1));
    std::string chunk;
    while (chunk.size() < 4096)
        chunk += line;
    const char* what = marking == Marking::overlays  ? "an overlay each"
                       : marking == Marking::markers ? "two markers each"
                                                     : "nothing else";
    const long appends = 1000;
    {
        // The gap grown and touched beforehand: the rows compare what the
        // markers cost, not the allocator's and the page faults' share.
        Buffer::Writer w = b.reserve(*process_mark.position(), ByteCount(static_cast<std::int64_t>(chunk.size()) * appends));
        std::memset(w.data(), 0, w.room().size());
    }
    auto start = Clock::now();
    for (long i = 0; i < appends; ++i)
        b.insert_before_markers(*process_mark.position(), chunk);
    char label[160];
    std::snprintf(label, sizeof label, "append 4 KiB before markers, %ld lines with %s", n, what);
    row(label, ns_per_op(start, appends));
    const long keys = 2000;
    const CharPos middle(b.size() / 2);
    start = Clock::now();
    for (long i = 0; i < keys; ++i) {
        b.insert_at(middle, "x");
        b.delete_region(middle, middle + CharCount(1));
    }
    std::snprintf(label, sizeof label, "a key typed and deleted mid-buffer, %ld lines with %s", n, what);
    row(label, ns_per_op(start, keys));
}

} // namespace

int main(int argc, char** argv)
{
    std::size_t mb = argc > 1 ? std::strtoul(argv[1], nullptr, 10) : 100;
    std::printf("| operation (%zu MB buffer, 1000 markers) | ns/op |\n|---|---|\n", mb);
    if (argc <= 2 || std::string(argv[2]) != "stream") {
        edits("insert/delete, ASCII, random walk +-64 chars (1e6 ops)", false, mb, 1000000, 64);
        edits("insert/delete, multibyte, random walk +-64 chars (1e6 ops)", true, mb, 1000000, 64);
        edits("insert/delete, multibyte, random walk +-64 KiB (1e5 ops)", true, mb, 100000, 65536);
        lookups(mb);
    }
    for (long n : {10000L, 100000L, 1000000L})
        for (Marking m : {Marking::none, Marking::markers, Marking::overlays})
            streaming(n, m);
    return 0;
}
