#include "process/local_socket.hpp"

#include <cerrno>
#include <cstring>
#include <sys/socket.h>
#include <sys/un.h>

#include "core/error.hpp"

namespace gapmacs {

namespace {

[[noreturn]] void socket_error(const std::string& what, const std::string& path)
{
    const int err = errno; // before the message is built
    throw Error("file-error", what + " " + path + ": " + std::strerror(err));
}

sockaddr_un address_of(const std::string& path)
{
    sockaddr_un address{};
    address.sun_family = AF_UNIX;
    if (path.size() >= sizeof address.sun_path) {
        errno = ENAMETOOLONG;
        socket_error("Socket name too long:", path);
    }
    std::memcpy(address.sun_path, path.c_str(), path.size() + 1);
    return address;
}

UniqueFd local_socket()
{
    UniqueFd fd(::socket(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0));
    if (!fd)
        throw Error("file-error", std::string("Cannot make a local socket: ") + std::strerror(errno));
    return fd;
}

} // namespace

LocalListener::LocalListener(EventLoop& loop, const std::string& path, OnAccept on_accept)
    : m_loop(loop), m_fd(local_socket()), m_on_accept(std::move(on_accept))
{
    const sockaddr_un address = address_of(path);
    if (::bind(m_fd.get(), reinterpret_cast<const sockaddr*>(&address), sizeof address) != 0)
        socket_error("Cannot bind server socket", path);
    if (::listen(m_fd.get(), SOMAXCONN) != 0)
        socket_error("Cannot listen on", path);
    watch();
}

void LocalListener::watch()
{
    m_watch.emplace(m_loop, m_fd.get(), EventLoop::Readable, [this](unsigned) { accept_ready(); });
}

void LocalListener::pause_accepting()
{
    m_watch.reset();
    m_resume.emplace(m_loop, EventLoop::Clock::now() + std::chrono::milliseconds(100), [this] { watch(); });
}

void LocalListener::accept_ready()
{
    UniqueFd connection(::accept4(m_fd.get(), nullptr, nullptr, SOCK_NONBLOCK | SOCK_CLOEXEC));
    if (!connection) {
        // Out of descriptors, the connection stays queued and the socket
        // readable: look again later instead of spinning.
        if (errno == EMFILE || errno == ENFILE || errno == ENOBUFS || errno == ENOMEM)
            pause_accepting();
        return; // else none waiting after all, or the client already left
    }
    // The callback may drop this listener (delete-process in a sentinel):
    // nothing of it is touched after the call. The loop calls again while
    // more connections wait.
    OnAccept on_accept = m_on_accept;
    on_accept(std::move(connection));
}

UniqueFd connect_local(const std::string& path)
{
    UniqueFd fd = local_socket();
    const sockaddr_un address = address_of(path);
    if (::connect(fd.get(), reinterpret_cast<const sockaddr*>(&address), sizeof address) != 0)
        socket_error("Cannot connect to", path);
    return fd;
}

} // namespace gapmacs
