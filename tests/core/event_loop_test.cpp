// The event loop: dispatch order (input first), timers (order, cancel,
// reschedule), watchers removed while the loop dispatches, children reaped
// (watched, adopted, already exited), and how long run_once waits. The
// children are real (fork and exec of sh and cat); the waits are short and
// bounded from above generously, as the machine may be loaded. No test
// name holds a ';': CTest would cut the name there and run no test.
#include <catch2/catch.hpp>

#include <cerrno>
#include <chrono>
#include <fcntl.h>
#include <memory>
#include <optional>
#include <string>
#include <sys/wait.h>
#include <unistd.h>

#include "core/event_loop.hpp"
#include "core/unique_fd.hpp"

using namespace gapmacs;
using namespace std::chrono_literals;

namespace {

struct Pipe {
    UniqueFd read_end;
    UniqueFd write_end;
    Pipe()
    {
        int fds[2];
        // Close-on-exec: a child keeps only what start_child gives it.
        REQUIRE(pipe2(fds, O_CLOEXEC) == 0);
        read_end = UniqueFd(fds[0]);
        write_end = UniqueFd(fds[1]);
    }
    void put(const char* s) { REQUIRE(write(write_end.get(), s, 1) == 1); }
    void take()
    {
        char c;
        REQUIRE(read(read_end.get(), &c, 1) == 1);
    }
};

// Milliseconds since `start`.
long long ms_since(EventLoop::Clock::time_point start)
{
    return std::chrono::duration_cast<std::chrono::milliseconds>(EventLoop::Clock::now() - start).count();
}

// Turns the loop until `done` holds, for at most `limit`.
template <typename F> bool run_until(EventLoop& loop, F done, EventLoop::Duration limit = 5s)
{
    const auto deadline = EventLoop::Clock::now() + limit;
    while (!done()) {
        if (EventLoop::Clock::now() >= deadline)
            return false;
        loop.run_once(100ms);
    }
    return true;
}

// Forks and execs `argv` (a real child, as the editor's are); its stdin is
// `stdin_fd` when not -1. Only async-signal-safe calls in the child.
pid_t start_child(const char* const argv[], int stdin_fd = -1)
{
    const pid_t pid = fork();
    REQUIRE(pid >= 0);
    if (pid == 0) {
        if (stdin_fd >= 0)
            dup2(stdin_fd, 0);
        execv(argv[0], const_cast<char* const*>(argv));
        _exit(127);
    }
    return pid;
}

// Waits, without reaping it, until the child has exited: the loop then
// meets a child that is already gone.
void wait_exited_unreaped(pid_t pid)
{
    siginfo_t info{};
    REQUIRE(waitid(P_PID, static_cast<id_t>(pid), &info, WEXITED | WNOWAIT) == 0);
}

// Whether pid was reaped (it is no child of ours any more: no zombie left).
bool reaped(pid_t pid)
{
    int status;
    return waitpid(pid, &status, WNOHANG) < 0 && errno == ECHILD;
}

const char* const exit_3[] = {"/bin/sh", "-c", "exit 3", nullptr};
const char* const true_argv[] = {"/bin/true", nullptr};
const char* const cat_argv[] = {"/bin/cat", nullptr};

} // namespace

TEST_CASE("An input watcher that is ready is served alone, the others wait for the next turn", "[event-loop]")
{
    EventLoop loop;
    Pipe stream, keys;
    std::string order;
    // Registered first, so a loop that ignored priorities would serve it first.
    EventLoop::FdWatcher output(loop, stream.read_end.get(), EventLoop::Readable, [&](unsigned) {
        stream.take();
        order += 'o';
    });
    EventLoop::FdWatcher input(
        loop, keys.read_end.get(), EventLoop::Readable,
        [&](unsigned) {
            keys.take();
            order += 'k';
        },
        EventLoop::Priority::Input);
    stream.put("x");
    keys.put("k");
    CHECK(loop.run_once(std::chrono::milliseconds(1000)));
    CHECK(order == "k");
    CHECK(loop.run_once(std::chrono::milliseconds(1000)));
    CHECK(order == "ko");
    // With no input ready, output is served at once.
    stream.put("x");
    CHECK(loop.run_once(std::chrono::milliseconds(1000)));
    CHECK(order == "koo");
}

TEST_CASE("input_pending sees unread keys without reading them, and last_input is when they were served", "[event-loop]")
{
    EventLoop loop;
    Pipe stream, keys;
    EventLoop::FdWatcher output(loop, stream.read_end.get(), EventLoop::Readable, [&](unsigned) { stream.take(); });
    CHECK_FALSE(loop.input_pending()); // no input watcher: never
    int served = 0;
    EventLoop::FdWatcher input(
        loop, keys.read_end.get(), EventLoop::Readable,
        [&](unsigned) {
            keys.take();
            ++served;
        },
        EventLoop::Priority::Input);
    stream.put("x"); // other descriptors do not count
    CHECK_FALSE(loop.input_pending());
    CHECK(loop.last_input() == EventLoop::Clock::time_point{});
    keys.put("k");
    CHECK(loop.input_pending());
    CHECK(loop.input_pending()); // asking reads nothing
    CHECK(served == 0);
    const auto before = EventLoop::Clock::now();
    CHECK(loop.run_once(std::chrono::milliseconds(1000)));
    CHECK(served == 1);
    CHECK(loop.last_input() >= before);
    CHECK_FALSE(loop.input_pending());
    // Output served alone leaves last_input where it was.
    const auto last = loop.last_input();
    CHECK(loop.run_once(std::chrono::milliseconds(1000)));
    CHECK(loop.last_input() == last);
}

TEST_CASE("Timers fire by deadline, not by registration, and never early", "[event-loop]")
{
    EventLoop loop;
    std::string order;
    const auto start = EventLoop::Clock::now();
    EventLoop::Timer late(loop, start + 80ms, [&] { order += 'l'; });
    EventLoop::Timer early(loop, start + 10ms, [&] { order += 'e'; });
    // Nothing is due yet: a poll runs nothing.
    CHECK_FALSE(loop.run_once(0ms));
    CHECK(order.empty());
    // No timeout: the wait ends at the nearest timer.
    CHECK(loop.run_once(std::nullopt));
    CHECK(order == "e");
    CHECK(ms_since(start) >= 10);
    CHECK(late.armed());
    CHECK_FALSE(early.armed());
    CHECK(loop.run_once(std::nullopt));
    CHECK(order == "el");
    CHECK(ms_since(start) >= 80);
    CHECK_FALSE(late.armed());
}

TEST_CASE("A timer destroyed before its deadline never fires, even from a callback of the same turn", "[event-loop]")
{
    EventLoop loop;
    int fired = 0;
    auto gone = std::make_unique<EventLoop::Timer>(loop, EventLoop::Clock::now() + 10ms, [&] { ++fired; });
    gone.reset();
    CHECK_FALSE(loop.run_once(30ms));
    CHECK(fired == 0);

    // Both due in one turn; the first, registered first, cancels the second.
    const auto now = EventLoop::Clock::now();
    std::unique_ptr<EventLoop::Timer> second;
    EventLoop::Timer first(loop, now, [&] { second.reset(); });
    second = std::make_unique<EventLoop::Timer>(loop, now, [&] { ++fired; });
    CHECK(loop.run_once(0ms));
    CHECK(second == nullptr);
    CHECK(fired == 0);
    // A timer that destroys itself while firing.
    std::unique_ptr<EventLoop::Timer> self;
    self = std::make_unique<EventLoop::Timer>(loop, EventLoop::Clock::now(), [&] {
        ++fired;
        self.reset();
    });
    CHECK(loop.run_once(0ms));
    CHECK(fired == 1);
    CHECK(self == nullptr);
    CHECK_FALSE(loop.run_once(0ms));
}

TEST_CASE("A fired timer stays disarmed until rescheduled, and rescheduling moves its deadline", "[event-loop]")
{
    EventLoop loop;
    int fired = 0;
    EventLoop::Timer timer(loop, EventLoop::Clock::now(), [&] { ++fired; });
    CHECK(loop.run_once(0ms));
    CHECK(fired == 1);
    CHECK_FALSE(timer.armed());
    CHECK_FALSE(loop.run_once(20ms)); // disarmed: no second firing, and no wake-up for it
    CHECK(fired == 1);

    timer.reschedule(EventLoop::Clock::now() + 10ms);
    CHECK(timer.armed());
    CHECK(run_until(loop, [&] { return fired == 2; }));

    // Moved later while armed: not fired at its first deadline.
    const auto start = EventLoop::Clock::now();
    timer.reschedule(start + 10ms);
    timer.reschedule(start + 60ms);
    CHECK_FALSE(loop.run_once(30ms));
    CHECK(fired == 2);
    CHECK(run_until(loop, [&] { return fired == 3; }));
    CHECK(ms_since(start) >= 60);

    // Rescheduled from its own callback: a repeating timer.
    int ticks = 0;
    std::unique_ptr<EventLoop::Timer> repeating;
    repeating = std::make_unique<EventLoop::Timer>(loop, EventLoop::Clock::now(), [&] {
        if (++ticks < 3)
            repeating->reschedule(EventLoop::Clock::now() + 5ms);
    });
    CHECK(run_until(loop, [&] { return ticks == 3; }));
    CHECK_FALSE(repeating->armed());
    CHECK_FALSE(loop.run_once(20ms));
    CHECK(ticks == 3);
}

TEST_CASE("A watcher removed while the loop dispatches is not called, and the loop goes on", "[event-loop]")
{
    EventLoop loop;
    Pipe a, b, c;
    std::string calls;
    std::unique_ptr<EventLoop::FdWatcher> wb, wc;
    // a is served first (registered first) and removes b, ready in the same turn.
    EventLoop::FdWatcher wa(loop, a.read_end.get(), EventLoop::Readable, [&](unsigned) {
        a.take();
        calls += 'a';
        wb.reset();
    });
    wb = std::make_unique<EventLoop::FdWatcher>(loop, b.read_end.get(), EventLoop::Readable, [&](unsigned) {
        b.take();
        calls += 'b';
    });
    // c removes itself from its own callback.
    wc = std::make_unique<EventLoop::FdWatcher>(loop, c.read_end.get(), EventLoop::Readable, [&](unsigned) {
        c.take();
        calls += 'c';
        wc.reset();
    });
    a.put("x");
    b.put("x");
    c.put("x");
    CHECK(loop.run_once(1000ms));
    CHECK(calls == "ac");
    CHECK(wb == nullptr);
    CHECK(wc == nullptr);
    // b's byte is still there, with no watcher: nothing runs.
    CHECK_FALSE(loop.run_once(0ms));
    // The one left is served as before.
    a.put("x");
    CHECK(loop.run_once(1000ms));
    CHECK(calls == "aca");
}

TEST_CASE("A watched child's exit status reaches its watcher once, and the child is reaped", "[event-loop]")
{
    EventLoop loop;
    int calls = 0, status = -1;
    const pid_t pid = start_child(exit_3);
    EventLoop::ChildWatcher watcher(loop, pid, [&](int s) {
        ++calls;
        status = s;
    });
    REQUIRE(run_until(loop, [&] { return calls > 0; }));
    CHECK(WIFEXITED(status));
    CHECK(WEXITSTATUS(status) == 3);
    CHECK(reaped(pid));
    // A later SIGCHLD (another child) does not call it again.
    const pid_t other = start_child(true_argv);
    int other_calls = 0;
    EventLoop::ChildWatcher other_watcher(loop, other, [&](int) { ++other_calls; });
    REQUIRE(run_until(loop, [&] { return other_calls > 0; }));
    CHECK(calls == 1);
}

TEST_CASE("A child that exited before it was watched is reported at the next turn", "[event-loop]")
{
    EventLoop loop;
    const pid_t pid = start_child(exit_3);
    wait_exited_unreaped(pid);
    // Its SIGCHLD is taken by this turn, before anyone watches it.
    loop.run_once(0ms);
    int status = -1;
    EventLoop::ChildWatcher watcher(loop, pid, [&](int s) { status = s; });
    const auto start = EventLoop::Clock::now();
    CHECK(loop.run_once(2000ms));
    CHECK(ms_since(start) < 1000); // asked at once, not after the timeout
    CHECK(WIFEXITED(status));
    CHECK(WEXITSTATUS(status) == 3);
    CHECK(reaped(pid));
}

TEST_CASE("An adopted child is reaped when it exits, and one already gone is reaped at once", "[event-loop]")
{
    EventLoop loop;
    // Running: cat until its stdin closes.
    Pipe in;
    const pid_t running = start_child(cat_argv, in.read_end.get());
    loop.adopt_child(running);
    CHECK(loop.adopted_children() == 1);
    CHECK_FALSE(reaped(running));
    in.write_end = UniqueFd();
    in.read_end = UniqueFd();
    REQUIRE(run_until(loop, [&] { return loop.adopted_children() == 0; }));
    CHECK(reaped(running));

    // Already exited: nothing to keep.
    const pid_t gone = start_child(true_argv);
    wait_exited_unreaped(gone);
    loop.adopt_child(gone);
    CHECK(loop.adopted_children() == 0);
    CHECK(reaped(gone));
    loop.run_once(0ms); // takes its SIGCHLD, which no later test should see
}

TEST_CASE("A child watcher destroyed while its child runs hands the child to the loop", "[event-loop]")
{
    EventLoop loop;
    Pipe in;
    const pid_t pid = start_child(cat_argv, in.read_end.get());
    int calls = 0;
    {
        EventLoop::ChildWatcher watcher(loop, pid, [&](int) { ++calls; });
        loop.run_once(0ms);
    }
    CHECK(loop.adopted_children() == 1);
    in.write_end = UniqueFd();
    in.read_end = UniqueFd();
    REQUIRE(run_until(loop, [&] { return loop.adopted_children() == 0; }));
    CHECK(calls == 0);
    CHECK(reaped(pid));
}

TEST_CASE("run_once waits for its timeout, no longer, and a zero timeout only polls", "[event-loop]")
{
    EventLoop loop;
    Pipe idle;
    EventLoop::FdWatcher watcher(loop, idle.read_end.get(), EventLoop::Readable, [&](unsigned) { idle.take(); });
    auto start = EventLoop::Clock::now();
    CHECK_FALSE(loop.run_once(0ms));
    CHECK(ms_since(start) < 500);

    start = EventLoop::Clock::now();
    CHECK_FALSE(loop.run_once(30ms));
    const auto waited = ms_since(start);
    CHECK(waited >= 30);
    CHECK(waited < 1000);

    // A timer nearer than the timeout ends the wait; one further does not.
    start = EventLoop::Clock::now();
    bool fired = false;
    {
        EventLoop::Timer far(loop, start + 1s, [&] { fired = true; });
        CHECK_FALSE(loop.run_once(10ms));
        CHECK_FALSE(fired);
        CHECK(ms_since(start) < 1000);
    }
    start = EventLoop::Clock::now();
    EventLoop::Timer near(loop, start + 20ms, [&] { fired = true; });
    CHECK(loop.run_once(2000ms));
    CHECK(fired);
    CHECK(ms_since(start) >= 20);
    CHECK(ms_since(start) < 1000);

    // A descriptor that becomes ready ends a long wait at once.
    idle.put("x");
    start = EventLoop::Clock::now();
    CHECK(loop.run_once(2000ms));
    CHECK(ms_since(start) < 1000);
}
