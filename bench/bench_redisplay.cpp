// Redisplay cost per frame against buffer size: a 100x40 frame showing a
// buffer of 1 KB .. 1 GB of short lines, and of one long line; per frame
// after one typed character, after a move of point within the window, and
// with nothing changed. Prints a Markdown table of microseconds per frame
// (median of 200 frames).
//   bench_redisplay [MAX_MB]   (default 1024)
#include <algorithm>
#include <chrono>
#include <clocale>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "lisp-lite/editor/buffers.hpp"
#include "ui/frame.hpp"
#include "ui/redisplay.hpp"

using namespace gapmacs;
using namespace gapmacs::ui;
using Clock = std::chrono::steady_clock;

namespace {

WindowSettings plain(Window&) { return {}; }

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

template <typename Step> double per_frame(Frame& f, Step step)
{
    std::vector<double> us;
    for (int i = 0; i < 200; ++i) {
        step(i);
        auto t0 = Clock::now();
        redisplay(f, plain);
        us.push_back(std::chrono::duration<double, std::micro>(Clock::now() - t0).count());
    }
    return median(us);
}

void measure(const char* kind, std::size_t bytes, bool one_line)
{
    lisp::Value b = lisp::generate_new_buffer(lisp::make_string("bench"));
    Buffer& text = *lisp::live_buffer(b);
    {
        Buffer::Writer w = text.reserve(CharPos(1), ByteCount(static_cast<std::int64_t>(bytes)));
        for (std::size_t i = 0; i < bytes; ++i)
            w.data()[i] = (!one_line && i % 40 == 39) ? '\n' : 'a' + static_cast<char>(i % 26);
        w.commit(w.room());
    }
    text.goto_char(CharPos(text.size() / 2 + 1));
    Frame f(41, 100, b, lisp::get_buffer_create(lisp::make_string(" *Minibuf-bench*")));
    redisplay(f, plain);
    double idle = per_frame(f, [](int) {});
    double typed = per_frame(f, [&](int) { text.insert("x"); });
    double moved = per_frame(f, [&](int i) { text.goto_char(text.point() + CharCount(i % 2 ? 41 : -41)); });
    std::printf("| %s | %zu | %.1f | %.1f | %.1f |\n", kind, bytes, idle, typed, moved);
    lisp::kill_buffer(b);
}

} // namespace

int main(int argc, char** argv)
{
    std::setlocale(LC_ALL, "C.UTF-8");
    lisp::init();
    std::size_t max_mb = argc > 1 ? std::strtoul(argv[1], nullptr, 10) : 1024;
    std::printf("| text | bytes | unchanged us | one char typed us | point moved us |\n|---|---|---|---|---|\n");
    for (std::size_t bytes = 1024; bytes <= (max_mb << 20); bytes *= 32) {
        measure("short lines", bytes, false);
        measure("one line", bytes, true);
    }
    return 0;
}
