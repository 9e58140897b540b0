// call-process's half of the process layer: real children, real pipes.
#include <catch2/catch.hpp>

#include <csignal>
#include <stdexcept>
#include <sys/stat.h>

#include "../printers.hpp"
#include "buffer/buffer.hpp"
#include "core/error.hpp"
#include "process/default_sentinel.hpp"
#include "process/process.hpp"
#include "process/sync_process.hpp"
#include "test_util.hpp"

using namespace gapmacs;
using namespace gapmacs::test;
using namespace std::chrono_literals;

namespace {

bool exists(const std::string& path)
{
    struct stat st;
    return ::stat(path.c_str(), &st) == 0;
}

void nothing() {}

} // namespace

TEST_CASE("call-process output lands at point, point after it, split characters whole", "[sync_process]")
{
    Buffer b("sync");
    b.insert("ab");
    b.goto_char(CharPos(2));
    Marker at_point(b, CharPos(2));
    Marker after(b, CharPos(3));
    // One byte a read: every multibyte character is cut between reads, and
    // the gap is reserved and committed once per byte.
    SyncProcess p(loop(), sh("printf 'h\\303\\251llo \\346\\274\\242'", 1));
    int reads = 0;
    p.read_output(&b, coding("utf-8-unix"), [&] { ++reads; });
    CHECK(b.text() == "ah\xc3\xa9llo \xe6\xbc\xa2" "b");
    CHECK(b.point() == CharPos(9));
    CHECK(at_point.position() == CharPos(2)); // call-process does not insert before markers
    CHECK(after.position() == CharPos(10));
    CHECK(reads >= 11);
    run_until([&] { return p.status().has_value(); });
    CHECK(p.status()->state == ProcessStatus::State::Exit);
    CHECK(p.status()->code == 0);
    b.check_invariants();
}

TEST_CASE("call-process keeps invalid bytes as raw bytes, and binary expands them", "[sync_process]")
{
    for (const char* name : {"utf-8-unix", "binary"}) {
        Buffer b("raw");
        SyncProcess p(loop(), sh("printf 'a\\377b'"));
        p.read_output(&b, coding(name), nothing);
        // The raw byte 0xFF is the two-byte internal character C1 BF.
        CHECK(b.text() == "a\xc1\xbf" "b");
        CHECK(b.size() == 3);
        run_until([&] { return p.status().has_value(); });
    }
}

TEST_CASE("call-process with no buffer reads and drops everything", "[sync_process]")
{
    // More than a pipe holds: the child would block if nothing were read.
    SyncProcess p(loop(), sh("head -c 3000000 /dev/zero; exit 4"));
    p.read_output(nullptr, coding("utf-8-unix"), nothing);
    run_until([&] { return p.status().has_value(); });
    CHECK(p.status()->code == 4);
}

TEST_CASE("call-process reports a signal", "[sync_process]")
{
    SyncProcess p(loop(), sh("kill -TERM $$"));
    p.read_output(nullptr, coding("utf-8-unix"), nothing);
    run_until([&] { return p.status().has_value(); });
    CHECK(p.status()->state == ProcessStatus::State::Signal);
    CHECK(p.status()->code == SIGTERM);
}

TEST_CASE("A quit between reads kills the child and inserts what was read", "[sync_process]")
{
    loop();
    const std::size_t children = child_count();
    Buffer b("quit");
    {
        SyncProcess p(loop(), sh("echo first; exec sleep 30"));
        int calls = 0;
        CHECK_THROWS_AS(p.read_output(&b, coding("utf-8-unix"),
                                      [&] {
                                          if (++calls == 2)
                                              throw std::runtime_error("quit");
                                      }),
                        std::runtime_error);
        CHECK(b.text() == "first\n");
    }
    // Killed, then reaped by the loop: no zombie, no 30 s wait.
    run_until([&] { return child_count() == children; }, 10s);
    // The buffer took no harm from the unwinding.
    b.insert("more");
    CHECK(b.text() == "first\nmore");
    b.check_invariants();
}

TEST_CASE("A detached call-process child runs to its end and is reaped", "[sync_process]")
{
    loop();
    const std::size_t children = child_count();
    const std::string flag = "/tmp/gapmacs-detached-" + std::to_string(::getpid());
    ::unlink(flag.c_str());
    {
        SpawnOptions o = sh("sleep 0.3; echo done > " + flag);
        o.stdout_mode = SpawnOptions::Stream::Null;
        SyncProcess p(loop(), o);
        p.detach();
    }
    run_until([&] { return child_count() == children; }, 10s);
    CHECK(exists(flag)); // it was not killed when its owner went
    ::unlink(flag.c_str());
    CHECK(loop().adopted_children() == 0);
}

TEST_CASE("call-process-region input goes through a file that is removed afterwards", "[sync_process]")
{
    CHECK_THROWS_AS(SyncProcess::check_input_file("/no/such/input"), FileError);
    std::string path;
    Buffer b("region");
    {
        const InputFile in("line one\nline two\n");
        path = in.path();
        REQUIRE(exists(path));
        SyncProcess::check_input_file(path);
        SpawnOptions o;
        o.argv = {"wc", "-l"};
        o.stdin_mode = SpawnOptions::Stream::File;
        o.stdin_file = path;
        SyncProcess p(loop(), o);
        p.read_output(&b, coding("utf-8-unix"), nothing);
        run_until([&] { return p.status().has_value(); });
    }
    CHECK(b.text() == "2\n");
    CHECK_FALSE(exists(path));
}

TEST_CASE("An owned child dropped while running is killed, and a moved one is not", "[sync_process][owned_child]")
{
    loop();
    const std::size_t children = child_count();
    SpawnedChild kept = spawn(loop(), sh("exec sleep 30"));
    OwnedChild owner;
    {
        SpawnedChild dropped = spawn(loop(), sh("exec sleep 30"));
        owner = std::move(kept.child); // the moved-from owner must not kill it
        CHECK_FALSE(kept.child);
        CHECK(::kill(owner.pid(), 0) == 0);
    }
    run_until([&] { return child_count() == children + 1; }, 10s);
    CHECK(::kill(owner.pid(), 0) == 0); // still running
    bool exited = false;
    owner.watch([&](int) { exited = true; });
    owner.signal_group(SIGKILL);
    run_until([&] { return exited; }, 10s);
    CHECK(owner.reaped());
    run_until([&] { return child_count() == children; }, 10s);
}

TEST_CASE("With no sentinel, process/ writes Emacs's line at the process mark", "[sync_process][sentinel]")
{
    Buffer b("sentinel");
    auto p = std::make_unique<Process>(loop(), sh("echo out"), coding("utf-8-unix"), coding("utf-8-unix"));
    p->output().set_buffer(&b);
    b.goto_char(b.point_max());
    std::string event;
    p->set_sentinel([&](const std::string& e) {
        event = e;
        insert_default_sentinel_text(p->output(), "echo", e);
    });
    run_until([&] { return p->finished(); });
    CHECK(event == "finished\n");
    CHECK(b.text() == "out\n\nProcess echo finished\n");
    CHECK(p->output().mark().position() == b.point_max());
    CHECK(b.point() == b.point_max()); // point was at the mark: it follows
    b.check_invariants();
}
