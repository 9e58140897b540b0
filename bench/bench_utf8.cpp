// B4, the decoder alone: UTF-8 validation (the process reader's hot path)
// over a 64 KiB chunk in cache, ASCII and mixed scripts. Prints a Markdown table.
#include <chrono>
#include <cstdio>
#include <string>

#include "core/utf8.hpp"

namespace {

double gb_per_s(const std::string& chunk)
{
    const int rounds = 16384; // 1 GiB of 64 KiB chunks
    std::size_t sink = 0;
    auto start = std::chrono::steady_clock::now();
    for (int i = 0; i < rounds; ++i)
        sink += gapmacs::valid_utf8_prefix(chunk.data(), chunk.size());
    double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (sink != chunk.size() * rounds)
        std::fprintf(stderr, "invalid chunk\n");
    return static_cast<double>(chunk.size()) * rounds / s / 1e9;
}

} // namespace

int main()
{
    std::string ascii(65536, 'x');
    std::string mixed;
    while (mixed.size() < 65536)
        mixed += "Ünïcödé ελληνικά кириллица 日本語のテキスト 한국어 العربية 😀👍 ascii text\n";
    mixed.resize(65536);
    while (gapmacs::valid_utf8_prefix(mixed.data(), mixed.size()) != mixed.size())
        mixed.pop_back();
    std::printf("| text (64 KiB chunk, in cache) | GB/s |\n|---|---|\n");
    std::printf("| ASCII | %.1f |\n", gb_per_s(ascii));
    std::printf("| mixed scripts | %.2f |\n", gb_per_s(mixed));
    return 0;
}
