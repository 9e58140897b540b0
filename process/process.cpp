#include "process/process.hpp"

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include "core/error.hpp"

namespace gapmacs {

Process::Process(EventLoop& loop, SpawnOptions options, const CodingSystem& decoding, const CodingSystem& encoding)
    : m_loop(loop), m_command(options.argv), m_encoding(encoding)
{
    // A child that stops reading must give EPIPE to the loop's write of its
    // queued input, not kill us (children get SIGPIPE's default back).
    static const bool sigpipe_ignored = std::signal(SIGPIPE, SIG_IGN) != SIG_ERR;
    (void)sigpipe_ignored;
    SpawnedChild child = spawn(loop, options);
    m_child = std::move(child.child);
    m_pid = m_child.pid();
    m_stdin = std::move(child.stdin_fd);
    m_tty_name = std::move(child.tty_name);
    const std::size_t read_max = options.pipe_size;
    m_stdout = std::make_unique<OutputStream>(loop, std::move(child.stdout_fd), read_max, decoding);
    m_stdout->on_eof([this] { stream_closed(); });
    if (child.stderr_fd) {
        m_stderr = std::make_unique<OutputStream>(loop, std::move(child.stderr_fd), read_max, decoding);
        m_stderr->on_eof([this] { stream_closed(); });
    }
    m_child.watch([this](int ws) { child_exited(ws); });
}

Process::Process(EventLoop& loop, UniqueFd socket, std::size_t read_max, const CodingSystem& decoding,
                 const CodingSystem& encoding)
    : m_loop(loop), m_connection(true), m_encoding(encoding)
{
    // Writes go through a second descriptor of the same socket, so that
    // closing the input (process-send-eof) and the reading stream stay apart.
    m_stdin = UniqueFd(::fcntl(socket.get(), F_DUPFD_CLOEXEC, 0));
    if (!m_stdin)
        throw Error("file-error", std::string("Cannot use the connection: ") + std::strerror(errno));
    m_stdout = std::make_unique<OutputStream>(loop, std::move(socket), read_max, decoding);
    m_stdout->on_eof([this] {
        m_status.state = ProcessStatus::State::Closed;
        stream_closed();
    });
}

void Process::set_error_reporter(OutputStream::ErrorReporter r)
{
    m_report = r;
    m_stdout->set_error_reporter(r);
    if (m_stderr)
        m_stderr->set_error_reporter(r);
}

void Process::child_exited(int wait_status)
{
    m_status = ProcessStatus::from_wait_status(wait_status);
    // Everything the child wrote is in the pipe now: read it all before the
    // sentinel hears of the exit (no time budget: the amount is bounded by
    // the pipe's size, a grandchild holding the pipe aside).
    const LifetimeToken::Watch alive = m_lifetime.watch();
    m_stdout->read_rest();
    if (!alive)
        return;
    if (m_stderr)
        m_stderr->read_rest();
    if (!alive)
        return;
    maybe_finish();
}

void Process::stream_closed() { maybe_finish(); }

void Process::maybe_finish()
{
    // The sentinel waits for the exit, and for filters still running (a
    // nested loop inside a filter may see the exit first).
    if (running() || m_finished || m_in_sentinel)
        return;
    if (m_stdout->busy() || (m_stderr && m_stderr->busy()))
        return;
    m_finished = true;
    close_stdin();
    if (!m_sentinel)
        return;
    const LifetimeToken::Watch alive = m_lifetime.watch();
    struct InSentinel {
        Process* self;
        const LifetimeToken::Watch& alive;
        ~InSentinel()
        {
            if (alive)
                self->m_in_sentinel = false;
        }
    } scope{this, alive};
    m_in_sentinel = true;
    try {
        Sentinel s = m_sentinel;
        s(m_status.event());
    } catch (const Error& e) {
        if (alive) {
            std::string message = std::string("error in process sentinel: ") + e.what();
            if (m_report)
                m_report(message);
            else
                std::fprintf(stderr, "%s\n", message.c_str());
        }
    }
}

void Process::send(std::string_view bytes)
{
    if (!m_stdin || m_eof_requested)
        throw Error("error", "Process not running");
    m_input.append(bytes);
    if (!write_queued())
        throw Error("error", std::string("Process not running: ") + std::strerror(errno));
}

bool Process::write_queued()
{
    while (m_input_written < m_input.size()) {
        const std::string_view rest = std::string_view(m_input).substr(m_input_written);
        const ssize_t n = ::write(m_stdin.get(), rest.data(), rest.size());
        if (n > 0) {
            m_input_written += static_cast<std::size_t>(n);
            continue;
        }
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0 && errno == EAGAIN) {
            // The child is not reading yet: the loop writes the rest.
            if (!m_stdin_watch)
                m_stdin_watch.emplace(m_loop, m_stdin.get(), EventLoop::Writable,
                                      [this](unsigned) { stdin_writable(); });
            return true;
        }
        const int saved = errno;
        close_stdin();
        errno = saved;
        return false;
    }
    m_input.clear();
    m_input_written = 0;
    m_stdin_watch.reset();
    if (m_eof_requested)
        close_stdin();
    return true;
}

void Process::stdin_writable()
{
    if (write_queued())
        return;
    // Nobody to tell but the user: the sender returned long ago.
    std::string message = "process " + (m_command.empty() ? std::string() : m_command.front()) +
                          " no longer reads its input: " + std::strerror(errno);
    if (m_report)
        m_report(message);
    else
        std::fprintf(stderr, "%s\n", message.c_str());
}

void Process::close_stdin()
{
    // A connection's peer hears the end of our output only from shutdown:
    // the reading descriptor keeps the socket open.
    if (m_connection && m_stdin)
        ::shutdown(m_stdin.get(), SHUT_WR);
    m_stdin_watch.reset();
    m_input.clear();
    m_input_written = 0;
    m_stdin.reset();
}

void Process::send_text(std::string_view internal) { send(encode(m_encoding, internal)); }

void Process::send_eof()
{
    // A pty has no end to close while the child holds it: the terminal's EOF
    // character ends the input, as Emacs sends it.
    if (!m_tty_name.empty()) {
        send("\x04");
        return;
    }
    if (!m_stdin)
        return;
    m_eof_requested = true;
    if (queued_input() == 0)
        close_stdin();
}

void Process::close()
{
    signal(SIGKILL);
    if (m_connection)
        m_status.state = ProcessStatus::State::Closed;
    m_finished = true; // no sentinel any more
    close_stdin();
    m_stdout->close();
    if (m_stderr)
        m_stderr->close();
}

void Process::signal(int sig, bool foreground)
{
    if (!running() || m_connection) // a connection has no child to signal
        return;
    // Asked for the foreground job on a pty: where the terminal would send
    // C-c (a command the shell runs); else the child's own group.
    pid_t group = m_pid;
    if (foreground)
        group = foreground_group().value_or(m_pid);
    ::kill(-group, sig);
}

std::optional<pid_t> Process::foreground_group() const
{
    if (!running() || m_tty_name.empty() || !m_stdin)
        return std::nullopt;
    pid_t fg = ::tcgetpgrp(m_stdin.get());
    return fg > 0 ? std::optional<pid_t>(fg) : std::nullopt;
}

int signal_pid(pid_t pid, int sig) { return ::kill(pid, sig); }

void Process::set_window_size(int rows, int cols)
{
    if (!m_tty_name.empty() && m_stdin)
        set_pty_size(m_stdin.get(), rows, cols);
}

} // namespace gapmacs
