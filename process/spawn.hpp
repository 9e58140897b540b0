// spawn: starts a program with pipes, in its own process group, with every
// descriptor close-on-exec, without a shell.
#pragma once
#include <optional>
#include <string>
#include <sys/types.h>
#include <vector>

#include "core/unique_fd.hpp"

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
};

struct SpawnedChild {
    pid_t pid = -1;
    UniqueFd stdin_fd;  // write end, non-blocking; empty unless Pipe
    UniqueFd stdout_fd; // read end, non-blocking; empty unless Pipe
    UniqueFd stderr_fd; // read end, non-blocking; empty unless Pipe
};

// Starts the child. A program that does not exist or cannot run throws
// FileError ("file-missing": "Searching for program: No such file or
// directory, foo"; "permission-denied" / "file-error" otherwise) and leaves no
// child behind; a missing working directory throws file-missing too.
SpawnedChild spawn(const SpawnOptions& options);

// The pipe capacity Linux allows at most (/proc/sys/fs/pipe-max-size).
std::size_t pipe_max_size();

} // namespace gapmacs
