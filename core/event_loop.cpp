#include "core/event_loop.hpp"

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <poll.h>
#include <stdexcept>
#include <sys/signalfd.h>
#include <sys/wait.h>

#include "core/error.hpp"

namespace gapmacs {

namespace {

// Keeps the loop's dispatch depth while callbacks run, so removals during
// dispatch only null their slot and the vectors are compacted afterwards.
struct DispatchScope {
    int& depth;
    explicit DispatchScope(int& d) : depth(d) { ++depth; }
    ~DispatchScope() { --depth; }
};

} // namespace

EventLoop::EventLoop()
{
    sigset_t mask;
    sigemptyset(&mask);
    sigaddset(&mask, SIGCHLD);
    if (sigprocmask(SIG_BLOCK, &mask, nullptr) != 0)
        throw Error("error", "sigprocmask failed");
    m_signal_fd.reset(signalfd(-1, &mask, SFD_NONBLOCK | SFD_CLOEXEC));
    if (!m_signal_fd)
        throw Error("error", "signalfd failed");
}

EventLoop::~EventLoop()
{
    // Children still running when the editor goes away are not waited for
    // here: a blocking wait could hang on exit.
}

template <typename T> void EventLoop::remove(std::vector<T*>& list, T* item)
{
    auto it = std::find(list.begin(), list.end(), item);
    if (it != list.end())
        *it = nullptr;
}

template <typename T> void EventLoop::compact(std::vector<T*>& list)
{
    list.erase(std::remove(list.begin(), list.end(), nullptr), list.end());
}

EventLoop::FdWatcher::FdWatcher(EventLoop& loop, int fd, unsigned events, std::function<void(unsigned)> on_ready,
                                Priority priority)
    : m_loop(loop), m_fd(fd), m_events(events), m_on_ready(std::move(on_ready)), m_priority(priority)
{
    m_loop.m_fds.push_back(this);
}

EventLoop::FdWatcher::~FdWatcher() { remove(m_loop.m_fds, this); }

bool EventLoop::watches_input() const
{
    return std::any_of(m_fds.begin(), m_fds.end(), [](const FdWatcher* w) { return w && w->m_priority == Priority::Input; });
}

bool EventLoop::input_pending() const
{
    // One watcher in practice (the keyboard): a poll each, no allocation.
    for (const FdWatcher* w : m_fds) {
        if (!w || w->m_priority != Priority::Input || !(w->m_events & Readable))
            continue;
        pollfd fd{w->m_fd, POLLIN, 0};
        if (poll(&fd, 1, 0) > 0)
            return true;
    }
    return false;
}

EventLoop::Timer::Timer(EventLoop& loop, Clock::time_point when, std::function<void()> on_fire)
    : m_loop(loop), m_when(when), m_on_fire(std::move(on_fire))
{
    m_loop.m_timers.push_back(this);
}

EventLoop::Timer::~Timer() { remove(m_loop.m_timers, this); }

EventLoop::ChildWatcher::ChildWatcher(EventLoop& loop, pid_t pid, std::function<void(int)> on_exit)
    : m_loop(loop), m_pid(pid), m_on_exit(std::move(on_exit))
{
    m_loop.m_children.push_back(this);
    // The child may have exited before we watched it, its SIGCHLD already
    // consumed (or delivered before the loop existed): ask at the next turn.
    m_loop.m_check_children = true;
}

EventLoop::ChildWatcher::~ChildWatcher()
{
    remove(m_loop.m_children, this);
    if (!m_done)
        m_loop.adopt_child(m_pid);
}

void EventLoop::adopt_child(pid_t pid)
{
    int status;
    if (waitpid(pid, &status, WNOHANG) == 0)
        m_orphans.push_back(pid);
}

void EventLoop::reap_children()
{
    signalfd_siginfo info;
    while (read(m_signal_fd.get(), &info, sizeof info) == sizeof info) {
    }
    // SIGCHLDs coalesce: ask every watched child, without blocking.
    for (std::size_t i = 0; i < m_children.size(); ++i) {
        ChildWatcher* w = m_children[i];
        if (!w || w->m_done)
            continue;
        int status;
        pid_t r = waitpid(w->m_pid, &status, WNOHANG);
        if (r == w->m_pid || (r < 0 && errno == ECHILD)) {
            w->m_done = true;
            auto on_exit = w->m_on_exit; // the callback may destroy w
            on_exit(r == w->m_pid ? status : 0);
        }
    }
    std::erase_if(m_orphans, [](pid_t pid) {
        int status;
        return waitpid(pid, &status, WNOHANG) != 0;
    });
}

std::optional<EventLoop::Clock::time_point> EventLoop::next_deadline() const
{
    std::optional<Clock::time_point> next;
    for (Timer* t : m_timers)
        if (t && t->m_armed && (!next || t->m_when < *next))
            next = t->m_when;
    return next;
}

bool EventLoop::fire_timers()
{
    bool ran = false;
    auto now = Clock::now();
    for (std::size_t i = 0; i < m_timers.size(); ++i) {
        Timer* t = m_timers[i];
        if (t && t->m_armed && t->m_when <= now) {
            t->m_armed = false;
            ran = true;
            auto on_fire = t->m_on_fire; // the callback may destroy t
            on_fire();
        }
    }
    return ran;
}

bool EventLoop::run_once(std::optional<Duration> timeout)
{
    std::vector<pollfd> fds;
    std::vector<FdWatcher*> watchers;
    fds.push_back({m_signal_fd.get(), POLLIN, 0});
    watchers.push_back(nullptr);
    for (FdWatcher* w : m_fds) {
        if (!w || !w->m_events)
            continue;
        short ev = 0;
        if (w->m_events & Readable)
            ev |= POLLIN;
        if (w->m_events & Writable)
            ev |= POLLOUT;
        fds.push_back({w->m_fd, ev, 0});
        watchers.push_back(w);
    }

    // The wait ends at the timeout or the nearest timer, whichever is first.
    auto now = Clock::now();
    std::optional<Clock::time_point> until;
    if (timeout)
        until = now + *timeout;
    if (auto t = next_deadline(); t && (!until || *t < *until))
        until = *t;
    int ms = -1;
    if (m_check_children)
        until = now;
    if (until) {
        auto left = std::chrono::ceil<std::chrono::milliseconds>(*until - now).count();
        ms = static_cast<int>(std::clamp<long long>(left, 0, 24 * 3600 * 1000));
    }

    int n = poll(fds.data(), fds.size(), ms);
    if (n < 0 && errno != EINTR)
        throw Error("error", "poll failed");

    bool ran = false;
    {
        DispatchScope scope(m_dispatching);
        if ((n > 0 && fds[0].revents) || m_check_children) {
            m_check_children = false;
            reap_children();
            ran = true;
        }
        auto dispatch = [&](Priority priority) {
            bool any = false;
            for (std::size_t i = 1; n > 0 && i < fds.size(); ++i) {
                // Still registered? A callback that ran before may have removed it.
                FdWatcher* w = watchers[i];
                if (!fds[i].revents || std::find(m_fds.begin(), m_fds.end(), w) == m_fds.end() ||
                    w->m_priority != priority)
                    continue;
                unsigned ev = 0;
                if (fds[i].revents & (POLLIN | POLLHUP | POLLERR | POLLNVAL))
                    ev |= Readable;
                if (fds[i].revents & POLLOUT)
                    ev |= Writable;
                ev &= w->m_events | Readable;
                if (ev) {
                    any = true;
                    auto on_ready = w->m_on_ready; // the callback may destroy w
                    on_ready(ev);
                }
            }
            return any;
        };
        if (dispatch(Priority::Input)) {
            m_last_input = Clock::now();
            ran = true;
        } else {
            ran |= dispatch(Priority::Normal);
        }
        ran |= fire_timers();
    }
    if (m_dispatching == 0) {
        compact(m_fds);
        compact(m_timers);
        compact(m_children);
    }
    return ran;
}

} // namespace gapmacs
