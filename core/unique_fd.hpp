// UniqueFd: sole owner of a file descriptor, closed when the owner goes away,
// so no error path can leak one (every descriptor in gapmacs lives in one).
#pragma once
#include <cerrno>
#include <unistd.h>
#include <utility>

namespace gapmacs {

class UniqueFd {
public:
    UniqueFd() noexcept = default;
    // Takes ownership of fd; -1 (a failed open) makes an empty UniqueFd.
    explicit UniqueFd(int fd) noexcept : m_fd(fd) {}
    ~UniqueFd() { reset(); }

    UniqueFd(const UniqueFd&) = delete;
    UniqueFd& operator=(const UniqueFd&) = delete;
    UniqueFd(UniqueFd&& other) noexcept : m_fd(other.release()) {}
    UniqueFd& operator=(UniqueFd&& other) noexcept
    {
        if (this != &other)
            reset(other.release());
        return *this;
    }

    int get() const noexcept { return m_fd; }
    explicit operator bool() const noexcept { return m_fd >= 0; }

    // Gives up ownership without closing.
    [[nodiscard]] int release() noexcept { return std::exchange(m_fd, -1); }

    // Closes the owned descriptor (if any) and owns fd instead. Close errors
    // are ignored and errno is preserved: this runs on error paths, between
    // the failing call and the code that reports its errno.
    void reset(int fd = -1) noexcept
    {
        const int old = std::exchange(m_fd, fd);
        if (old >= 0) {
            const int saved_errno = errno;
            ::close(old);
            errno = saved_errno;
        }
    }

    // Closes now and reports the result (0, or -1 with errno), for writers:
    // some file systems (NFS) report write errors only at close. The
    // descriptor is gone afterwards even on failure, as Linux always closes
    // it, so it must not be retried.
    int close() noexcept
    {
        const int fd = release();
        return fd >= 0 ? ::close(fd) : 0;
    }

private:
    int m_fd = -1;
};

} // namespace gapmacs
