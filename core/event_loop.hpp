// EventLoop: one thread, one poll(2) over descriptor watchers, timers, and a
// signalfd that reports SIGCHLD. Lisp's accept-process-output, sit-for and
// sleep-for, and the UI's main loop, all turn it with run_once().
//
// Watchers, timers and child watchers register in their constructor and
// unregister in their destructor (Kakoune's style), so a callback may destroy
// any of them, itself included, even while the loop is dispatching; and
// run_once may be called again from inside a callback (a filter that calls
// accept-process-output).
//
// Children are reaped only with waitpid(pid, WNOHANG) after SIGCHLD, never
// with a blocking wait. Constructing the loop blocks SIGCHLD in this thread
// (signalfd needs it); spawned children must reset their signal mask.
#pragma once
#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <sys/types.h>
#include <vector>

#include "core/unique_fd.hpp"

namespace gapmacs {

class EventLoop final {
public:
    using Clock = std::chrono::steady_clock;
    using Duration = Clock::duration;

    EventLoop();
    ~EventLoop();
    EventLoop(const EventLoop&) = delete;
    EventLoop& operator=(const EventLoop&) = delete;

    enum Events : unsigned { Readable = 1, Writable = 2 };
    // Input (the keyboard) is served before everything else: when an Input
    // watcher is ready, the others wait for the next turn of the loop, so a
    // stream that is always readable never stands between a key and its
    // command.
    enum class Priority { Normal, Input };

    class FdWatcher final {
    public:
        // Calls on_ready(events) when fd is ready for any of `events`; hang-up
        // and errors are reported as Readable so the reader sees EOF or the error.
        FdWatcher(EventLoop& loop, int fd, unsigned events, std::function<void(unsigned)> on_ready,
                  Priority priority = Priority::Normal);
        ~FdWatcher();
        FdWatcher(const FdWatcher&) = delete;
        FdWatcher& operator=(const FdWatcher&) = delete;
        void set_events(unsigned events) { m_events = events; }
        unsigned events() const { return m_events; }
        int fd() const { return m_fd; }

    private:
        friend class EventLoop;
        EventLoop& m_loop;
        int m_fd;
        unsigned m_events;
        std::function<void(unsigned)> m_on_ready;
        Priority m_priority;
    };

    class Timer final {
    public:
        Timer(EventLoop& loop, Clock::time_point when, std::function<void()> on_fire);
        ~Timer();
        Timer(const Timer&) = delete;
        Timer& operator=(const Timer&) = delete;
        // A fired timer is disarmed; reschedule arms it again.
        void reschedule(Clock::time_point when) { m_when = when; m_armed = true; }
        bool armed() const { return m_armed; }

    private:
        friend class EventLoop;
        EventLoop& m_loop;
        Clock::time_point m_when;
        bool m_armed = true;
        std::function<void()> m_on_fire;
    };

    class ChildWatcher final {
    public:
        // Calls on_exit(wait_status) once, when pid has exited or was killed.
        ChildWatcher(EventLoop& loop, pid_t pid, std::function<void(int)> on_exit);
        ~ChildWatcher();
        ChildWatcher(const ChildWatcher&) = delete;
        ChildWatcher& operator=(const ChildWatcher&) = delete;
        pid_t pid() const { return m_pid; }

    private:
        friend class EventLoop;
        EventLoop& m_loop;
        pid_t m_pid;
        bool m_done = false;
        std::function<void(int)> m_on_exit;
    };

    // Waits until something is ready or `timeout` passes (nullopt: no limit;
    // zero: just poll), then runs the callbacks of what is ready. Returns true
    // when at least one callback ran.
    bool run_once(std::optional<Duration> timeout);

    // Whether an Input watcher exists (the editor's keyboard; not in batch).
    bool watches_input() const;
    // Whether an Input watcher's descriptor has bytes to read now (one poll,
    // no wait): work that runs in a loop (a stream's drain) stops for a key.
    bool input_pending() const;
    // When an Input watcher last ran (the last key typed); the epoch before.
    Clock::time_point last_input() const { return m_last_input; }

    // Takes over reaping a child nobody watches any more (its owner was
    // destroyed while it ran), so it never stays a zombie.
    void adopt_child(pid_t pid);
    std::size_t adopted_children() const { return m_orphans.size(); }

private:
    template <typename T> static void remove(std::vector<T*>& list, T* item);
    template <typename T> static void compact(std::vector<T*>& list);
    void reap_children();
    std::optional<Clock::time_point> next_deadline() const;
    bool fire_timers();

    UniqueFd m_signal_fd;
    std::vector<FdWatcher*> m_fds; // entries become nullptr when removed mid-dispatch
    std::vector<Timer*> m_timers;
    std::vector<ChildWatcher*> m_children;
    std::vector<pid_t> m_orphans;
    int m_dispatching = 0;
    Clock::time_point m_last_input{};
    // Set by a new ChildWatcher: its child may have exited before anyone
    // watched for SIGCHLD, so the next run_once asks without waiting.
    bool m_check_children = false;
};

} // namespace gapmacs
