// Real children, real pipes: the process layer without Lisp.
#include <catch2/catch.hpp>

#include <algorithm>
#include <random>
#include <thread>
#include <vector>
#include <sys/wait.h>
#include <unistd.h>

#include "../printers.hpp"
#include "buffer/buffer.hpp"
#include "core/error.hpp"
#include "core/utf8.hpp"
#include "process/process.hpp"
#include "test_util.hpp"

using namespace gapmacs;
using namespace gapmacs::test;
using namespace std::chrono_literals;

namespace {

std::unique_ptr<Process> start(SpawnOptions o, const char* decode = "utf-8-unix")
{
    return std::make_unique<Process>(loop(), std::move(o), coding(decode), coding("utf-8-unix"));
}

std::string temp_file(const std::string& bytes)
{
    char path[] = "/tmp/gapmacs-proc-XXXXXX";
    int fd = mkstemp(path);
    REQUIRE(fd >= 0);
    REQUIRE(write(fd, bytes.data(), bytes.size()) == static_cast<ssize_t>(bytes.size()));
    close(fd);
    return path;
}

} // namespace

TEST_CASE("A missing program is a clear error and leaves no child", "[process]")
{
    loop();
    std::size_t before = child_count();
    SpawnOptions o;
    o.argv = {"gapmacs-no-such-program"};
    try {
        start(o);
        FAIL("spawned a missing program");
    } catch (const FileError& e) {
        CHECK(e.symbol() == "file-missing");
        CHECK_THAT(e.what(), Catch::Contains("Searching for program") && Catch::Contains("gapmacs-no-such-program"));
    }
    CHECK(child_count() == before);
    o.argv = {"true"};
    o.directory = "/no/such/dir";
    CHECK_THROWS_AS(start(o), FileError);
}

TEST_CASE("Output without a filter is inserted at the process mark", "[process]")
{
    Buffer b("out");
    b.insert("before\n");
    b.goto_char(CharPos(1));
    auto p = start(sh("printf 'héllo\\nworld\\n'"));
    p->output().set_buffer(&b);
    Marker at_end(b, b.point_max());
    run_until([&] { return p->finished(); });
    CHECK(b.text() == "before\nhéllo\nworld\n");
    CHECK(p->output().mark().position() == b.point_max());
    CHECK(at_end.position() == b.point_max()); // inserted before markers
    CHECK(b.point() == CharPos(1));            // point was not at the mark
    CHECK(p->status().state == ProcessStatus::State::Exit);
    CHECK(p->status().code == 0);
}

TEST_CASE("Point at the process mark follows the output", "[process]")
{
    Buffer b("follow");
    auto p = start(sh("echo one; echo two"));
    p->output().set_buffer(&b);
    run_until([&] { return p->finished(); });
    CHECK(b.text() == "one\ntwo\n");
    CHECK(b.point() == b.point_max());
}

TEST_CASE("Output goes into a read-only or narrowed buffer as in Emacs", "[process]")
{
    Buffer b("ro");
    b.insert("abc");
    b.narrow(CharPos(1), CharPos(2));
    b.set_read_only(true);
    auto p = start(sh("printf xyz"));
    p->output().set_buffer(&b);
    run_until([&] { return p->finished(); });
    CHECK(b.read_only());
    // Emacs 28 clips the mark (4) to the narrowing (1..2) and grows it.
    CHECK(b.point_min() == CharPos(1));
    CHECK(b.point_max() == CharPos(5));
    b.widen();
    CHECK(b.text() == "axyzbc");
}

// Issue 11, defect 8: output was dropped when the mark pointed nowhere.
TEST_CASE("Output reaches the process buffer wherever the mark points", "[process]")
{
    Buffer b("mark");
    b.insert("0123456789");
    Buffer other("other");
    other.insert("abcdef");
    auto p = start(sh("printf OUT; sleep 0.1; printf TWO"));
    p->output().set_buffer(&b);
    std::string regions;
    SECTION("nowhere: at the end")
    {
        p->output().mark().detach();
        run_until([&] { return p->finished(); });
        CHECK(b.text() == "0123456789OUTTWO");
    }
    SECTION("nowhere, narrowed: at the end of the accessible text")
    {
        b.narrow(CharPos(3), CharPos(6));
        p->output().mark().detach();
        run_until([&] { return p->finished(); });
        CHECK(b.point_max() == CharPos(12));
        b.widen();
        CHECK(b.text() == "01234OUTTWO56789");
    }
    SECTION("nowhere, with a region filter")
    {
        p->output().set_region_filter([&](CharPos start, CharPos end) { regions += b.substring(start, end); });
        p->output().mark().detach();
        run_until([&] { return p->finished(); });
        CHECK(b.text() == "0123456789OUTTWO");
        CHECK(regions == "OUTTWO");
    }
    SECTION("nowhere, with a line region filter")
    {
        p->output().set_region_unit(OutputStream::RegionUnit::Line);
        p->output().set_region_filter([&](CharPos start, CharPos end) { regions += b.substring(start, end); });
        p->output().mark().detach();
        run_until([&] { return p->finished(); });
        CHECK(b.text() == "0123456789OUTTWO");
        CHECK(regions == "OUTTWO");
    }
    SECTION("in another buffer: its position, in the process buffer")
    {
        p->output().mark().set(other, CharPos(3));
        run_until([&] { return p->finished(); });
        CHECK(b.text() == "01OUTTWO23456789");
        CHECK(other.text() == "abcdef");
    }
    SECTION("in another buffer that is then killed")
    {
        auto doomed = std::make_unique<Buffer>("doomed");
        doomed->insert("xy");
        p->output().mark().set(*doomed, CharPos(2));
        doomed.reset();
        run_until([&] { return p->finished(); });
        CHECK(b.text() == "0123456789OUTTWO");
    }
    CHECK(p->output().buffer() == &b);
    CHECK(p->output().mark().buffer() == &b);
    // The mark is back, just after the output.
    const std::optional<CharPos> mark = p->output().mark().position();
    REQUIRE(mark);
    b.widen();
    CHECK(b.substring(*mark - CharCount(3), *mark) == "TWO");
}

TEST_CASE("Output at the start of a narrowing stays inside it", "[process]")
{
    Buffer b("begv");
    b.insert("0123456789");
    b.narrow(CharPos(5), CharPos(7));
    auto p = start(sh("printf OUT"));
    p->output().set_buffer(&b);
    p->output().mark().set(b, CharPos(5));
    run_until([&] { return p->finished(); });
    CHECK(b.point_min() == CharPos(5));
    CHECK(b.point_max() == CharPos(10));
    CHECK(p->output().mark().position() == CharPos(8));
    b.widen();
    CHECK(b.text() == "0123OUT456789");
}

TEST_CASE("A utf-8 character split across reads arrives whole", "[process]")
{
    std::size_t read_max = GENERATE(1, 2, 3, 7);
    std::mt19937 rng(static_cast<unsigned>(read_max));
    const char* pieces[] = {"a", "é", "日本", "😀", "Ж", "\n", "z"};
    std::string text;
    for (int i = 0; i < 3000; ++i)
        text += pieces[rng() % std::size(pieces)];
    std::string file = temp_file(text);
    Buffer b("split");
    auto p = start(sh("cat " + file, read_max));
    REQUIRE(p->output().read_max() == read_max);
    p->output().set_buffer(&b);
    run_until([&] { return p->finished(); });
    CHECK(b.text() == text);
    CHECK(b.size() == static_cast<std::int64_t>(count_chars(text)));
    unlink(file.c_str());
}

TEST_CASE("Invalid bytes and NULs from a process are kept exactly", "[process]")
{
    std::string decode = GENERATE("utf-8-unix", "binary");
    std::mt19937 rng(5);
    std::string bytes(200000, '\0');
    for (auto& c : bytes)
        c = static_cast<char>(rng() % 4 == 0 ? 0 : rng());
    std::string file = temp_file(bytes);
    Buffer b("bytes");
    auto p = start(sh("cat " + file, 4096), decode.c_str());
    p->output().set_buffer(&b);
    run_until([&] { return p->finished(); });
    CHECK(encode(coding("binary"), b.text()) == bytes);
    CHECK(is_valid_internal(b.text()));
    unlink(file.c_str());
}

TEST_CASE("Every byte of a 50 MB burst is in the buffer before the sentinel runs", "[process]")
{
    Buffer b(" burst");
    auto p = start(sh("head -c 50000000 /dev/zero | tr '\\0' x"));
    p->output().set_buffer(&b);
    std::int64_t size_at_sentinel = -1;
    std::string event;
    p->set_sentinel([&](const std::string& e) {
        size_at_sentinel = b.size();
        event = e;
    });
    run_until([&] { return p->finished(); });
    CHECK(size_at_sentinel == 50000000);
    CHECK(event == "finished\n");
}

TEST_CASE("Sentinel event strings are Emacs's", "[process]")
{
    auto [script, expected] = GENERATE(table<std::string, std::string>({
        {"exit 0", "finished\n"},
        {"exit 3", "exited abnormally with code 3\n"},
        {"kill -TERM $$", "terminated\n"},
        {"kill -INT $$", "interrupt\n"},
    }));
    auto p = start(sh(script));
    std::string event;
    p->set_sentinel([&](const std::string& e) { event = e; });
    run_until([&] { return p->finished(); });
    CHECK(event == expected);
}

TEST_CASE("kill sends SIGKILL to the process group", "[process]")
{
    auto p = start(sh("sleep 30 & wait"));
    std::string event;
    p->set_sentinel([&](const std::string& e) { event = e; });
    p->signal(SIGKILL);
    run_until([&] { return p->finished(); }, 10s);
    CHECK(event == "killed\n");
}

TEST_CASE("A string filter receives every byte, decoded, in order", "[process]")
{
    std::string received;
    int calls = 0;
    auto p = start(sh("i=0; while [ $i -lt 2000 ]; do echo \"line $i é\"; i=$((i+1)); done"));
    std::int64_t received_chars = 0;
    p->output().set_string_filter([&](std::string_view s, CharCount chars) {
        received += s;
        received_chars += chars.value;
        ++calls;
    });
    run_until([&] { return p->finished(); });
    std::string expected;
    for (int i = 0; i < 2000; ++i)
        expected += "line " + std::to_string(i) + " é\n";
    CHECK(received == expected);
    CHECK(received_chars == static_cast<std::int64_t>(count_chars(expected)));
    CHECK(calls >= 1);
}

TEST_CASE("A region filter sees the text it is called for, already inserted", "[process]")
{
    Buffer b("region");
    b.insert("head\n");
    std::string seen;
    bool consistent = true;
    auto p = start(sh("seq 1 20000"));
    p->output().set_buffer(&b);
    p->output().set_region_filter([&](CharPos start, CharPos end) {
        consistent &= end == p->output().mark().position();
        seen += b.substring(start, end);
    });
    run_until([&] { return p->finished(); });
    std::string expected;
    for (int i = 1; i <= 20000; ++i)
        expected += std::to_string(i) + "\n";
    CHECK(seen == expected);
    CHECK(b.text() == "head\n" + expected);
    CHECK(consistent);
}

TEST_CASE("A filter that throws is reported and output goes on", "[process]")
{
    Buffer b("throws");
    std::vector<std::string> reports;
    int calls = 0;
    auto p = start(sh("seq 1 5000", 4096));
    p->output().set_buffer(&b);
    p->output().set_error_reporter([&](const std::string& m) { reports.push_back(m); });
    p->output().set_region_filter([&](CharPos, CharPos) {
        ++calls;
        throw Error("error", "boom");
    });
    run_until([&] { return p->finished(); });
    std::int64_t expected = 0;
    for (int i = 1; i <= 5000; ++i)
        expected += static_cast<std::int64_t>(std::to_string(i).size()) + 1;
    CHECK(b.size() == expected); // all of seq 1 5000
    REQUIRE(!reports.empty());
    CHECK(reports.size() == static_cast<std::size_t>(calls));
    CHECK_THAT(reports[0], Catch::Contains("boom"));
}

TEST_CASE("A filter may kill its process, its buffer, or turn the loop", "[process]")
{
    SECTION("kill its own process")
    {
        std::unique_ptr<Process> p = start(sh("yes"));
        std::size_t got = 0;
        p->output().set_string_filter([&](std::string_view s, CharCount) {
            got += s.size();
            p->signal(SIGKILL);
        });
        run_until([&] { return p->finished(); }, 10s);
        CHECK(got > 0);
        CHECK(p->status().state == ProcessStatus::State::Signal);
    }
    SECTION("delete its own process object")
    {
        std::unique_ptr<Process> p = start(sh("yes"));
        int calls = 0;
        p->output().set_string_filter([&](std::string_view, CharCount) {
            ++calls;
            p.reset();
        });
        run_until([&] { return p == nullptr; }, 10s);
        for (int i = 0; i < 5; ++i)
            loop().run_once(10ms);
        CHECK(calls == 1);
    }
    SECTION("kill its buffer: later output is discarded")
    {
        auto b = std::make_unique<Buffer>("doomed");
        auto p = start(sh("seq 1 100000", 4096));
        p->output().set_buffer(b.get());
        int calls = 0;
        p->output().set_region_filter([&](CharPos, CharPos) {
            ++calls;
            b.reset();
        });
        run_until([&] { return p->finished(); });
        CHECK(calls == 1);
        CHECK(p->output().buffer() == nullptr);
    }
    SECTION("accept output recursively: nothing lost, nothing twice")
    {
        Buffer b("nested");
        auto p = start(sh("seq 1 50000", 4096));
        p->output().set_buffer(&b);
        std::string seen;
        p->output().set_region_filter([&](CharPos start, CharPos end) {
            seen += b.substring(start, end);
            loop().run_once(1ms); // as accept-process-output inside a filter
        });
        run_until([&] { return p->finished(); });
        std::string expected;
        for (int i = 1; i <= 50000; ++i)
            expected += std::to_string(i) + "\n";
        CHECK(seen == expected);
        CHECK(b.text() == expected);
    }
}

TEST_CASE("stderr can be kept apart from stdout", "[process]")
{
    Buffer out("out"), err("err");
    SpawnOptions o = sh("echo to-out; echo to-err >&2");
    o.stderr_mode = SpawnOptions::Stream::Pipe;
    auto p = start(o);
    p->output().set_buffer(&out);
    REQUIRE(p->error_output());
    p->error_output()->set_buffer(&err);
    run_until([&] { return p->finished(); });
    CHECK(out.text() == "to-out\n");
    CHECK(err.text() == "to-err\n");
}

TEST_CASE("send writes to stdin while output is read", "[process]")
{
    std::string big(1 << 20, 'q');
    for (std::size_t i = 0; i < big.size(); i += 100)
        big[i] = '\n';
    Buffer b("cat");
    auto p = start(sh("cat"));
    p->output().set_buffer(&b);
    p->send(big); // larger than both pipes: needs output read meanwhile
    p->send_eof();
    run_until([&] { return p->finished(); });
    CHECK(b.text() == big);
}

TEST_CASE("send never waits for the child: the loop writes what the pipe cannot take", "[process]")
{
    // The child reads nothing until its 2 MB of output is read, which needs
    // the loop: a blocking send would never return.
    Buffer b("late reader");
    auto p = start(sh("head -c 2000000 /dev/zero | tr '\\0' x; wc -c"));
    p->output().set_buffer(&b);
    const std::string input(3'000'000, 'i');
    p->send(input);
    CHECK(p->queued_input() > 0);
    p->send_eof(); // deferred until the queue is written
    CHECK_THROWS_AS(p->send("after eof"), Error);
    run_until([&] { return p->finished(); });
    CHECK(p->queued_input() == 0);
    CHECK(b.text().size() > 2'000'000);
    CHECK(b.text().substr(2'000'000) == "3000000\n");
}

TEST_CASE("Input queued for a child that exits is dropped with its stdin", "[process]")
{
    Buffer b("no reader");
    auto p = start(sh("exec sleep 0.2"));
    p->output().set_buffer(&b);
    p->send(std::string(1 << 20, 'z'));
    CHECK(p->queued_input() > 0);
    run_until([&] { return p->finished(); });
    CHECK(p->queued_input() == 0);
    CHECK_THROWS_AS(p->send("more"), Error);
}

TEST_CASE("read-process-output-max enlarges the pipe", "[process]")
{
    std::size_t want = std::min<std::size_t>(1 << 20, pipe_max_size());
    auto p = start(sh("sleep 0.2", want));
    CHECK(p->output().read_max() == want);
    run_until([&] { return p->finished(); });
}

TEST_CASE("1,000 processes leave no zombie and no open descriptor", "[process]")
{
    loop();
    std::size_t fds = open_fds();
    std::size_t children = child_count();
    int finished = 0;
    for (int i = 0; i < 1000; ++i) {
        Buffer b("many");
        SpawnOptions o;
        o.argv = {"echo", std::to_string(i)};
        auto p = start(o);
        p->output().set_buffer(&b);
        p->set_sentinel([&](const std::string&) { ++finished; });
        run_until([&] { return p->finished(); });
        REQUIRE(b.text() == std::to_string(i) + "\n");
    }
    CHECK(finished == 1000);
    CHECK(open_fds() == fds);
    CHECK(child_count() == children);
}

TEST_CASE("A process destroyed while running is killed and reaped", "[process]")
{
    std::size_t children = child_count();
    {
        auto p = start(sh("sleep 30"));
    }
    run_until([&] { return child_count() == children; }, 10s);
    CHECK(loop().adopted_children() == 0);
}

TEST_CASE("A slow region filter is given smaller reads, so no call holds the loop long", "[process]")
{
    // Pacing serves a keyboard: a watched input descriptor stands for it.
    int keys[2];
    REQUIRE(pipe(keys) == 0);
    UniqueFd keys_read(keys[0]), keys_write(keys[1]);
    EventLoop::FdWatcher keyboard(loop(), keys_read.get(), EventLoop::Readable, [](unsigned) {},
                                  EventLoop::Priority::Input);
    Buffer b("paced");
    std::vector<std::int64_t> sizes;
    bool slow = true;
    auto p = start(sh("head -c 3000000 /dev/zero | tr '\\0' x", 65536));
    p->output().set_buffer(&b);
    p->output().set_region_filter([&](CharPos start, CharPos end) {
        sizes.push_back((end - start).value);
        if (slow)
            std::this_thread::sleep_for(std::chrono::milliseconds(4));
        slow = sizes.size() < 60;
    });
    run_until([&] { return p->finished(); });
    REQUIRE(sizes.size() > 80);
    CHECK(b.size() == 3000000);
    // The first read is whole; slow calls shrink the reads to about what
    // fits the slice (64 KiB at 4 ms a call: a quarter or less)...
    CHECK(*std::max_element(sizes.begin() + 20, sizes.begin() + 60) <= 16384);
    // ...and fast calls bring them back to read-process-output-max.
    CHECK(*std::max_element(sizes.begin() + 60, sizes.end()) == 65536);
}

TEST_CASE("A key typed while a stream drains is served before the next chunk", "[process]")
{
    int keys[2];
    REQUIRE(pipe(keys) == 0);
    UniqueFd keys_read(keys[0]), keys_write(keys[1]);
    int calls = 0, calls_before_key = -1;
    EventLoop::FdWatcher keyboard(
        loop(), keys_read.get(), EventLoop::Readable,
        [&](unsigned) {
            char c;
            REQUIRE(read(keys_read.get(), &c, 1) == 1);
            calls_before_key = calls;
        },
        EventLoop::Priority::Input);
    Buffer b("drained");
    auto p = start(sh("yes", 65536));
    p->output().set_buffer(&b);
    p->output().set_region_filter([&](CharPos, CharPos) {
        // The key arrives during the first call, with more output waiting.
        if (++calls == 1)
            REQUIRE(write(keys_write.get(), "k", 1) == 1);
    });
    run_until([&] { return calls_before_key >= 0; });
    CHECK(calls_before_key == 1);
    p->signal(SIGKILL);
    run_until([&] { return p->finished(); });
}

TEST_CASE("While keys are typed a filter's calls are held to a shorter slice", "[process]")
{
    int keys[2];
    REQUIRE(pipe(keys) == 0);
    UniqueFd keys_read(keys[0]), keys_write(keys[1]);
    EventLoop::FdWatcher keyboard(
        loop(), keys_read.get(), EventLoop::Readable,
        [&](unsigned) {
            char c;
            REQUIRE(read(keys_read.get(), &c, 1) == 1);
        },
        EventLoop::Priority::Input);
    REQUIRE(write(keys_write.get(), "k", 1) == 1);
    REQUIRE(loop().run_once(std::chrono::milliseconds(1000))); // a key, just now
    Buffer b("typing");
    std::vector<std::int64_t> sizes;
    auto p = start(sh("head -c 2000000 /dev/zero | tr '\\0' x", 65536));
    p->output().set_buffer(&b);
    p->output().set_region_filter([&](CharPos start, CharPos end) {
        sizes.push_back((end - start).value);
        // Within the usual 1 ms slice, beyond the typing slice.
        std::this_thread::sleep_for(std::chrono::microseconds(600));
    });
    run_until([&] { return p->finished() || sizes.size() >= 12; });
    REQUIRE(sizes.size() >= 12);
    CHECK(*std::max_element(sizes.begin() + 6, sizes.begin() + 12) < 65536);
    p->signal(SIGKILL);
    run_until([&] { return p->finished(); });
}

TEST_CASE("Without a keyboard a slow filter keeps whole reads", "[process]")
{
    Buffer b("unpaced");
    std::vector<std::int64_t> sizes;
    auto p = start(sh("head -c 1000000 /dev/zero | tr '\\0' x", 65536));
    p->output().set_buffer(&b);
    p->output().set_region_filter([&](CharPos start, CharPos end) {
        sizes.push_back((end - start).value);
        std::this_thread::sleep_for(std::chrono::milliseconds(4));
    });
    run_until([&] { return p->finished(); });
    CHECK(b.size() == 1000000);
    // Slow calls let the pipe fill: whole reads from then on.
    CHECK(std::count(sizes.begin(), sizes.end(), 65536) >= 10);
}
