// spawn: starts a program with pipes (or a pseudo-terminal), in its own
// session and process group, with every descriptor close-on-exec, without a shell.
#pragma once
#include <optional>
#include <string>
#include <sys/types.h>
#include <vector>

#include "core/event_loop.hpp"
#include "core/unique_fd.hpp"
#include "process/owned_child.hpp"

namespace gapmacs {

struct SpawnOptions {
    // argv[0] is looked up in PATH unless it contains a slash.
    std::vector<std::string> argv;
    // Working directory; empty: the editor's.
    std::string directory;
    // The child's environment; nothing: the editor's.
    std::optional<std::vector<std::string>> environment;
    enum class Stream { Pipe, Null, MergeWithStdout, File };
    Stream stdin_mode = Stream::Pipe;
    Stream stdout_mode = Stream::Pipe;
    Stream stderr_mode = Stream::MergeWithStdout;
    std::string stdin_file;  // Stream::File for stdin: read from this file
    std::string stdout_file; // Stream::File for stdout: truncate and write this file
    std::string stderr_file; // Stream::File for stderr: truncate and write this file
    // Pipe capacity wanted for stdout/stderr (read-process-output-max).
    std::size_t pipe_size = 65536;
    // A pseudo-terminal instead of pipes for stdin and stdout (and stderr
    // unless it is kept apart): the child gets a session of its own with the
    // pty as its controlling terminal, echo off and no CR added to NL (the
    // editor shows what it sends itself), and this window size.
    bool pty = false;
    int pty_rows = 24;
    int pty_cols = 80;
};

struct SpawnedChild {
    OwnedChild child;   // killed and left to the loop to reap if dropped
    UniqueFd stdin_fd;  // write end, non-blocking; empty unless Pipe
    UniqueFd stdout_fd; // read end, non-blocking; empty unless Pipe
    UniqueFd stderr_fd; // read end, non-blocking; empty unless Pipe
    std::string tty_name; // the pty's slave, e.g. /dev/pts/3 (pty only)
};

// Sets a pty's window size (the child gets SIGWINCH).
void set_pty_size(int master_fd, int rows, int cols);

// Starts the child. A program that does not exist or cannot run throws
// FileError ("file-missing": "Searching for program: No such file or
// directory, foo"; "permission-denied" / "file-error" otherwise) and leaves no
// child behind; a missing working directory throws file-missing too. The
// child belongs to the result, reaped through `loop`.
SpawnedChild spawn(EventLoop& loop, const SpawnOptions& options);

// The pipe capacity Linux allows at most (/proc/sys/fs/pipe-max-size).
std::size_t pipe_max_size();

} // namespace gapmacs
