// Local (Unix domain) sockets for make-network-process :family local: a
// listening socket that hands each accepted connection to its owner (the
// Emacs server's socket that emacsclient talks to), and the client's
// connect. Errors throw core's Error with errno's words.
#pragma once
#include <functional>
#include <optional>
#include <string>

#include "core/event_loop.hpp"
#include "core/unique_fd.hpp"

namespace gapmacs {

class LocalListener final {
public:
    using OnAccept = std::function<void(UniqueFd connection)>;
    // Binds a new socket at path (which must not exist: a stale socket is
    // the caller's to delete, as server.el does) and listens; each
    // connection accepted from the loop goes to on_accept.
    LocalListener(EventLoop& loop, const std::string& path, OnAccept on_accept);
    LocalListener(const LocalListener&) = delete;
    LocalListener& operator=(const LocalListener&) = delete;
    // Closes the socket; its file stays, as Emacs leaves it.
    ~LocalListener() = default;

private:
    void watch();
    void accept_ready();
    // Stops watching for 100 ms (out of descriptors).
    void pause_accepting();

    EventLoop& m_loop;
    UniqueFd m_fd;
    OnAccept m_on_accept;
    std::optional<EventLoop::FdWatcher> m_watch;
    std::optional<EventLoop::Timer> m_resume;
};

// A socket connected to the listener at path, non-blocking and
// close-on-exec; throws Error (file-error) when nobody listens there.
UniqueFd connect_local(const std::string& path);

} // namespace gapmacs
