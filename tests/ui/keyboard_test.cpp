// The keyboard's quit poller (SIGALRM) never keeps a key from the event
// loop: what it read is queued when it stops, and what it did not read is
// still on the terminal, whose descriptor wakes the loop.
#include <catch2/catch.hpp>

#include <poll.h>
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <optional>
#include <thread>

#include "ui/keyboard.hpp"
#include "ui_test_util.hpp"

using namespace gapmacs;
using namespace std::chrono_literals;

namespace {

// A pipe standing for the terminal.
struct Pipe {
    int fds[2]{-1, -1};
    Pipe() { REQUIRE(::pipe(fds) == 0); }
    ~Pipe()
    {
        ::close(fds[0]);
        ::close(fds[1]);
    }
    Pipe(const Pipe&) = delete;
    Pipe& operator=(const Pipe&) = delete;
    bool readable() const
    {
        struct pollfd p{fds[0], POLLIN, 0};
        return ::poll(&p, 1, 0) == 1;
    }
};

// Holds SIGALRM back in its scope: a poll tick raised meanwhile stays
// pending and is delivered when the scope ends.
class AlarmHeld {
public:
    AlarmHeld()
    {
        sigset_t s;
        sigemptyset(&s);
        sigaddset(&s, SIGALRM);
        ::sigprocmask(SIG_BLOCK, &s, &m_old);
    }
    ~AlarmHeld() { ::sigprocmask(SIG_SETMASK, &m_old, nullptr); }
    AlarmHeld(const AlarmHeld&) = delete;
    AlarmHeld& operator=(const AlarmHeld&) = delete;

    static bool tick_pending()
    {
        sigset_t s;
        ::sigpending(&s);
        return sigismember(&s, SIGALRM) == 1;
    }

private:
    sigset_t m_old;
};

void wait_for_pending_tick()
{
    for (int i = 0; i < 200 && !AlarmHeld::tick_pending(); ++i)
        std::this_thread::sleep_for(1ms);
    REQUIRE(AlarmHeld::tick_pending());
}

} // namespace

// A key typed as the poller stops, while its last tick is pending: the
// handler must not read it after the stop (it would wait unseen until the
// next key: M-: right after start-up was lost so under the sanitizers).
TEST_CASE("a poll tick pending when an interrupt scope ends does not take a key from the loop")
{
    ui_test::init();
    EventLoop loop;
    Pipe terminal;
    ui::Keyboard keyboard(loop, terminal.fds[0]);
    {
        std::optional<ui::Keyboard::InterruptScope> scope;
        scope.emplace(keyboard);
        AlarmHeld held;
        wait_for_pending_tick();
        REQUIRE(::write(terminal.fds[1], "x", 1) == 1);
        scope.reset();
    }
    CHECK((keyboard.has_event() || terminal.readable()));
}

TEST_CASE("a poll tick pending when a command's quit polling ends does not take a key from the loop")
{
    ui_test::init();
    EventLoop loop;
    Pipe terminal;
    ui::Keyboard keyboard(loop, terminal.fds[0]);
    {
        keyboard.start_quit_polling();
        AlarmHeld held;
        wait_for_pending_tick();
        REQUIRE(::write(terminal.fds[1], "x", 1) == 1);
        keyboard.stop_quit_polling();
    }
    CHECK((keyboard.has_event() || terminal.readable()));
}
