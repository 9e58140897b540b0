// OwnedChild: the sole owner of a spawned child process. Dropped while the
// child may still run (a quit, an exception, an owner destroyed), it kills
// the child's process group and leaves the pid to the event loop to reap:
// no child outlives its owner unasked, none stays a zombie, and nothing
// blocks waiting for one.
//
// Once reaped, the pid may belong to someone else: the owner never signals
// it again. Move-only, like the child it stands for.
#pragma once
#include <functional>
#include <memory>
#include <sys/types.h>

#include "core/event_loop.hpp"

namespace gapmacs {

class OwnedChild final {
public:
    OwnedChild() = default;
    OwnedChild(EventLoop& loop, pid_t pid) : m_loop(&loop), m_pid(pid) {}
    ~OwnedChild() { reset(); }
    OwnedChild(OwnedChild&& other) noexcept;
    OwnedChild& operator=(OwnedChild&& other) noexcept;
    OwnedChild(const OwnedChild&) = delete;
    OwnedChild& operator=(const OwnedChild&) = delete;

    pid_t pid() const { return m_pid; }
    explicit operator bool() const { return m_pid > 0; }
    // True once the loop has reaped the child (see watch()).
    bool reaped() const { return m_state && m_state->reaped; }

    // Calls on_exit(wait_status) once, from the loop, when the child has
    // exited; from then on it is not signalled again. One watch per child.
    void watch(std::function<void(int wait_status)> on_exit);
    // Sends sig to the child's process group while it is not reaped.
    void signal_group(int sig) const;
    // Lets the child run on, unowned: the loop reaps it when it ends
    // (call-process with BUFFER 0).
    void detach();

private:
    // Kills an unreaped child and hands it to the loop.
    void reset();

    struct State {
        std::unique_ptr<EventLoop::ChildWatcher> watcher;
        bool reaped = false;
    };
    EventLoop* m_loop = nullptr;
    pid_t m_pid = -1;
    // On the heap: the watcher's callback must find it after a move.
    std::unique_ptr<State> m_state;
};

} // namespace gapmacs
