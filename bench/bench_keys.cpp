// Key-to-screen latency of any terminal editor, measured from outside, the
// same way for gapmacs and GNU Emacs: the editor runs on a pty we own; each
// key is a character that nothing else on the screen holds (U+0100 + k, one
// column wide), and its latency is the time from writing it to the pty until
// its UTF-8 bytes come back in the editor's output. Output is read all the
// time, so a streaming window never blocks on a full pty.
//
//   bench_keys [--keys N] [--interval-ms MS] [--ready FILE] [--status FILE]
//              -- PROGRAM ARGS...
//
// Typing starts once FILE exists (written by the editor's own Lisp when the
// workload is under way); after the last key, STATUS (also the editor's) is
// printed, so a run can say whether the stream was still going.
// Prints: "keys N p50 MS p99 MS max MS lost N".

#include <pty.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;

struct Options {
    int keys = 300;
    int interval_ms = 10;
    std::string ready;
    std::string status;
    std::vector<char*> argv;
};

Options parse(int argc, char** argv) {
    Options o;
    int i = 1;
    for (; i < argc && std::strcmp(argv[i], "--") != 0; ++i) {
        std::string_view a = argv[i];
        if (i + 1 >= argc) break;
        if (a == "--keys") o.keys = std::atoi(argv[++i]);
        else if (a == "--interval-ms") o.interval_ms = std::atoi(argv[++i]);
        else if (a == "--ready") o.ready = argv[++i];
        else if (a == "--status") o.status = argv[++i];
    }
    for (++i; i < argc; ++i) o.argv.push_back(argv[i]);
    o.argv.push_back(nullptr);
    return o;
}

// The editor on the slave side of a pty; killed with its process group when
// the bench ends, whatever state it is in.
class EditorOnPty {
public:
    explicit EditorOnPty(std::vector<char*>& argv) {
        winsize size{};
        size.ws_row = 40;
        size.ws_col = 100;
        m_pid = forkpty(&m_fd, nullptr, nullptr, &size);
        if (m_pid < 0) throw std::runtime_error("forkpty failed");
        if (m_pid == 0) {
            setenv("TERM", "screen-256color", 1);
            setenv("LANG", "C.UTF-8", 1);
            execvp(argv[0], argv.data());
            _exit(127);
        }
    }
    ~EditorOnPty() {
        kill(-m_pid, SIGKILL);
        kill(m_pid, SIGKILL);
        waitpid(m_pid, nullptr, 0);
        close(m_fd);
    }
    EditorOnPty(const EditorOnPty&) = delete;
    EditorOnPty& operator=(const EditorOnPty&) = delete;

    int fd() const { return m_fd; }

    // Reads what the editor wrote within TIMEOUT; appends it to OUT.
    bool drain(std::string& out, std::chrono::microseconds timeout) {
        pollfd p{m_fd, POLLIN, 0};
        int ms = static_cast<int>((timeout.count() + 999) / 1000);
        if (poll(&p, 1, ms) <= 0) return true;
        char chunk[65536];
        ssize_t n = read(m_fd, chunk, sizeof chunk);
        if (n <= 0) return false;  // the editor is gone
        out.append(chunk, static_cast<size_t>(n));
        return true;
    }

private:
    pid_t m_pid = -1;
    int m_fd = -1;
};

std::string utf8(char32_t c) {
    std::string s;
    if (c < 0x80) {
        s += static_cast<char>(c);
    } else {
        s += static_cast<char>(0xC0 | (c >> 6));
        s += static_cast<char>(0x80 | (c & 0x3F));
    }
    return s;
}

bool exists(const std::string& file) { return access(file.c_str(), F_OK) == 0; }

double percentile(std::vector<double> v, int p) {
    std::sort(v.begin(), v.end());
    size_t i = (v.size() * p + 99) / 100;
    return v[std::max<size_t>(i, 1) - 1];
}

}  // namespace

int main(int argc, char** argv) {
    Options opt = parse(argc, argv);
    if (opt.argv.size() < 2 || opt.keys < 1 || opt.keys > 0x140) {
        std::fprintf(stderr, "usage: bench_keys [--keys N<=320] [--interval-ms MS] [--ready FILE] "
                             "[--status FILE] -- PROGRAM ARGS...\n");
        return 2;
    }
    signal(SIGPIPE, SIG_IGN);
    EditorOnPty editor(opt.argv);
    std::string out;
    const auto tick = std::chrono::milliseconds(20);

    auto deadline = Clock::now() + std::chrono::seconds(600);
    if (opt.ready.empty()) opt.ready = "/";  // exists: start after the settle below
    while (!exists(opt.ready)) {
        if (Clock::now() > deadline || !editor.drain(out, tick)) {
            std::fprintf(stderr, "bench_keys: %s never appeared\n", opt.ready.c_str());
            return 1;
        }
        out.clear();
    }
    for (auto settle = Clock::now() + std::chrono::milliseconds(500); Clock::now() < settle;) {
        editor.drain(out, tick);
        out.clear();
    }

    // Keys go out on a fixed schedule, as a person types, whether or not the
    // screen has caught up: a stall of the editor delays every key typed
    // meanwhile, and each of them counts.
    struct Pending {
        std::string glyph;
        Clock::time_point sent;
    };
    std::vector<Pending> pending;
    std::vector<double> ms;
    const auto start = Clock::now();
    const auto every = std::chrono::milliseconds(opt.interval_ms);
    int next_key = 0;
    auto give_up = Clock::time_point::max();
    std::string seen;  // output since the oldest pending key was sent, and a tail
    while ((next_key < opt.keys || !pending.empty()) && Clock::now() < give_up) {
        auto now = Clock::now();
        if (next_key < opt.keys && now >= start + next_key * every) {
            std::string glyph = utf8(U'\u0100' + static_cast<char32_t>(next_key++));
            if (pending.empty()) seen.clear();
            pending.push_back({glyph, Clock::now()});
            if (write(editor.fd(), glyph.data(), glyph.size()) != static_cast<ssize_t>(glyph.size())) return 1;
            if (next_key == opt.keys) give_up = Clock::now() + std::chrono::seconds(10);
            continue;
        }
        auto wait = next_key < opt.keys ? start + next_key * every - now : std::chrono::milliseconds(5);
        size_t old = seen.size();
        if (!editor.drain(seen, std::chrono::duration_cast<std::chrono::microseconds>(wait))) return 1;
        if (seen.size() == old) continue;
        auto arrived = Clock::now();
        std::erase_if(pending, [&](const Pending& p) {
            if (seen.find(p.glyph) == std::string::npos) return false;
            ms.push_back(std::chrono::duration<double, std::milli>(arrived - p.sent).count());
            return true;
        });
        // Only the tail can hold the start of a glyph split between reads.
        if (seen.size() > 4) seen.erase(0, seen.size() - 4);
    }
    const int lost = static_cast<int>(pending.size());
    for (const Pending& p : pending)
        ms.push_back(std::chrono::duration<double, std::milli>(Clock::now() - p.sent).count());
    std::string status = "-";
    if (!opt.status.empty()) {
        std::ifstream in(opt.status);
        std::stringstream s;
        s << in.rdbuf();
        status = s.str();
        while (!status.empty() && (status.back() == '\n' || status.back() == ' ')) status.pop_back();
    }
    std::printf("keys %d p50 %.2f p99 %.2f max %.2f lost %d status %s\n", opt.keys, percentile(ms, 50),
                percentile(ms, 99), percentile(ms, 100), lost, status.c_str());
    return 0;
}
