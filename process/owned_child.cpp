#include "process/owned_child.hpp"

#include <csignal>
#include <utility>

namespace gapmacs {

OwnedChild::OwnedChild(OwnedChild&& other) noexcept
    : m_loop(other.m_loop), m_pid(std::exchange(other.m_pid, -1)), m_state(std::move(other.m_state))
{
}

OwnedChild& OwnedChild::operator=(OwnedChild&& other) noexcept
{
    if (this != &other) {
        reset();
        m_loop = other.m_loop;
        m_pid = std::exchange(other.m_pid, -1);
        m_state = std::move(other.m_state);
    }
    return *this;
}

void OwnedChild::watch(std::function<void(int)> on_exit)
{
    if (!m_state)
        m_state = std::make_unique<State>();
    State* state = m_state.get();
    // The callback may destroy this owner: the state is marked before it runs.
    m_state->watcher = std::make_unique<EventLoop::ChildWatcher>(
        *m_loop, m_pid, [state, on_exit = std::move(on_exit)](int ws) {
            state->reaped = true;
            auto f = on_exit; // survives the owner's destruction inside the call
            f(ws);
        });
}

void OwnedChild::signal_group(int sig) const
{
    if (m_pid > 0 && !reaped())
        ::kill(-m_pid, sig);
}

void OwnedChild::detach()
{
    if (m_pid <= 0)
        return;
    if (!reaped()) {
        // A watcher dropped before its child's exit hands the pid to the loop.
        if (m_state && m_state->watcher)
            m_state->watcher.reset();
        else
            m_loop->adopt_child(m_pid);
    }
    m_state.reset();
    m_pid = -1;
}

void OwnedChild::reset()
{
    if (m_pid > 0 && !reaped())
        ::kill(-m_pid, SIGKILL);
    detach();
}

} // namespace gapmacs
