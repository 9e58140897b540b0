// Process: a running child with its pipes, its output streams, its status,
// and a sentinel called once it has ended and all its output was delivered;
// or a connection (make-network-process), both ways over one socket, which
// ends when its peer closes it.
//
// process/ knows nothing of Lisp: filters and sentinels are C++ callbacks
// (lisp-lite wraps Lisp functions into them).
#pragma once
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "core/coding.hpp"
#include "core/event_loop.hpp"
#include "core/lifetime_token.hpp"
#include "process/output_stream.hpp"
#include "process/process_status.hpp"
#include "process/spawn.hpp"

namespace gapmacs {

class Process final {
public:
    using Sentinel = std::function<void(const std::string& event)>;

    // Spawns the child (see spawn()); output decodes with `decoding`, input
    // encodes with `encoding`. options.pipe_size is read-process-output-max,
    // captured here for the life of the process.
    Process(EventLoop& loop, SpawnOptions options, const CodingSystem& decoding, const CodingSystem& encoding);
    // A connection over a connected socket: no child, no pid; the peer's
    // end of it is ProcessStatus::State::Closed.
    Process(EventLoop& loop, UniqueFd socket, std::size_t read_max, const CodingSystem& decoding,
            const CodingSystem& encoding);
    // A child still running is killed (SIGKILL to its group) and left to the
    // loop to reap (OwnedChild); no sentinel runs.
    Process(const Process&) = delete;
    Process& operator=(const Process&) = delete;

    pid_t pid() const { return m_pid; }
    bool connection() const { return m_connection; }
    const ProcessStatus& status() const { return m_status; }
    // process-live-p: not yet exited.
    bool running() const { return m_status.state == ProcessStatus::State::Run; }
    const std::vector<std::string>& command() const { return m_command; }

    OutputStream& output() { return *m_stdout; }
    // stderr when it was asked apart (SpawnOptions::Stream::Pipe), else nullptr.
    OutputStream* error_output() { return m_stderr.get(); }

    void set_sentinel(Sentinel s) { m_sentinel = std::move(s); }
    bool has_sentinel() const { return bool(m_sentinel); }
    // Where exceptions from the sentinel are reported.
    void set_error_reporter(OutputStream::ErrorReporter r);

    const CodingSystem& encoding() const { return m_encoding; }
    void set_encoding(const CodingSystem& c) { m_encoding = c; }

    // Writes bytes to the child's stdin. What the pipe cannot take now is
    // queued and written from the loop when it has room: a sender never
    // waits for the child, since a filter writing back to its own process
    // would deadlock (the child blocks on its full stdout, which nobody
    // reads while that filter runs). Throws Error when stdin is closed or
    // the child is gone.
    void send(std::string_view bytes);
    // Encodes internal text with the process's encoding, then sends it.
    void send_text(std::string_view internal);
    // Closes stdin (process-send-eof) once the queued input is written.
    void send_eof();
    // Bytes sent but still queued for the child's stdin.
    std::size_t queued_input() const { return m_input.size() - m_input_written; }
    // Sends sig to the child's process group, or with `foreground` on a pty
    // to the terminal's foreground group (the job a shell runs).
    void signal(int sig, bool foreground = false);
    // The pty's foreground process group, where C-c would go; nothing for
    // pipes, a dead child or a closed pty.
    std::optional<pid_t> foreground_group() const;
    // delete-process: SIGKILL to a running child, pipes closed; the status
    // still changes when the loop reaps the child. A connection is closed
    // at once.
    void close();

    // The pty's name (process-tty-name); empty for pipes.
    const std::string& tty_name() const { return m_tty_name; }
    // A pty's window size (set-process-window-size); nothing for pipes.
    void set_window_size(int rows, int cols);

    // True once the sentinel ran (or would have, had there been one).
    bool finished() const { return m_finished; }

private:
    void child_exited(int wait_status);
    void stream_closed();
    void maybe_finish();
    // Writes what the pipe takes now; false when stdin is gone (write error).
    bool write_queued();
    void stdin_writable();
    void close_stdin();

    EventLoop& m_loop;
    pid_t m_pid = -1; // kept after the child is reaped (process-id)
    bool m_connection = false;
    std::vector<std::string> m_command;
    std::string m_tty_name;
    ProcessStatus m_status;
    UniqueFd m_stdin;
    // Input not yet written: m_input from m_input_written on. Watched for
    // room only while non-empty; declared after m_stdin so it goes first.
    std::string m_input;
    std::size_t m_input_written = 0;
    bool m_eof_requested = false;
    std::optional<EventLoop::FdWatcher> m_stdin_watch;
    std::unique_ptr<OutputStream> m_stdout;
    std::unique_ptr<OutputStream> m_stderr;
    CodingSystem m_encoding;
    Sentinel m_sentinel;
    OutputStream::ErrorReporter m_report;
    bool m_finished = false;
    bool m_in_sentinel = false;
    // Near the end: a child still running is killed before the pipes close.
    OwnedChild m_child;
    // Lets code running after a filter or the sentinel see whether the
    // process still exists.
    LifetimeToken m_lifetime;
};

// signal-process given a pid: any process, not only a child of ours.
// Returns kill(2)'s result (0, or -1).
int signal_pid(pid_t pid, int sig);

} // namespace gapmacs
