// Redisplay cost per frame against buffer size: a 100x40 frame showing a
// buffer of 1 KB .. 1 GB of short lines, and of one long line; per frame
// after one typed character, after a move of point within the window, and
// with nothing changed. Prints a Markdown table of microseconds per frame
// (median of 200 frames).
// Then the same against overlays: a buffer of grep-like lines, each with an
// overlay with a face, shown in a window following its end while 4 KiB
// chunks are appended, or in a window at its top while a key is typed.
//   bench_redisplay [MAX_MB]            (default 1024)
//   bench_redisplay MAX_MB overlays     only the overlay table
#include <algorithm>
#include <chrono>
#include <clocale>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "lisp-lite/editor/buffers.hpp"
#include "lisp-lite/lang/eval.hpp"
#include "ui/frame.hpp"
#include "ui/lisp_faces.hpp"
#include "ui/redisplay.hpp"
#include "ui/symbols.hpp"

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

template <typename Step> double per_frame(Frame& f, Step step, const SettingsFn& settings = plain)
{
    std::vector<double> us;
    for (int i = 0; i < 200; ++i) {
        step(i);
        auto t0 = Clock::now();
        redisplay(f, settings);
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

// The editor's settings: the buffer's faces (text properties, overlays).
SettingsFn with_faces(lisp::Value b)
{
    return [b](Window&) {
        WindowSettings s;
        s.faces = faces_of(b);
        return s;
    };
}

void measure_overlays(long lines)
{
    lisp::Value b = lisp::generate_new_buffer(lisp::make_string("grep-bench"));
    Buffer& text = *lisp::live_buffer(b);
    const std::string line = "src/file.c:123: a line of grep output, 64 bytes long, padded..\n";
    std::string all;
    for (long i = 0; i < lines; ++i)
        all += line;
    text.insert(all);
    lisp::Value saved = lisp::current_buffer();
    lisp::set_current_buffer(b);
    std::size_t pos = 0;
    lisp::eval_toplevel(lisp::read_from("(let ((p 1) (z (point-max))) (while (< p z)"
                                        " (overlay-put (make-overlay p (+ p 10)) 'face 'bold) (setq p (+ p 64))))",
                                        pos));
    lisp::set_current_buffer(saved);
    const SettingsFn settings = with_faces(b);
    Frame f(41, 100, b, lisp::get_buffer_create(lisp::make_string(" *Minibuf-bench*")));
    text.goto_char(CharPos(1));
    redisplay(f, settings);
    const double idle = per_frame(f, [](int) {}, settings);
    text.goto_char(CharPos(200));
    const double typed = per_frame(f, [&](int) { text.insert("x"); }, settings);
    // Following the output, as a compilation window does: point at the end.
    std::string chunk;
    while (chunk.size() < 4096)
        chunk += line;
    text.goto_char(text.point_max());
    redisplay(f, settings);
    const double appended = per_frame(f, [&](int) { text.insert(chunk); }, settings);
    std::printf("| %ld | %.1f | %.1f | %.1f |\n", lines, idle, typed, appended);
    lisp::kill_buffer(b);
}

} // namespace

int main(int argc, char** argv)
{
    std::setlocale(LC_ALL, "C.UTF-8");
    ui::init_ui();
    std::size_t max_mb = argc > 1 ? std::strtoul(argv[1], nullptr, 10) : 1024;
    if (argc <= 2 || std::strcmp(argv[2], "overlays") != 0) {
        std::printf("| text | bytes | unchanged us | one char typed us | point moved us |\n|---|---|---|---|---|\n");
        for (std::size_t bytes = 1024; bytes <= (max_mb << 20); bytes *= 32) {
            measure("short lines", bytes, false);
            measure("one line", bytes, true);
        }
        std::printf("\n");
    }
    std::printf("| lines, an overlay with a face each | unchanged us | one char typed at the top us | 4 KiB appended, window at the end us |\n|---|---|---|---|\n");
    for (long lines : {0L, 10000L, 100000L, 1000000L})
        measure_overlays(lines);
    return 0;
}
