// SyncProcess: a program run while the caller waits for it (call-process,
// call-process-region), kept beside the asynchronous Process as Emacs keeps
// callproc.c beside process.c. Its output takes the same path into the
// buffer as a process's (read_into_gap), at point, and the same coding.
//
// The child belongs to the SyncProcess: if the caller unwinds before the
// child has ended (a quit between reads), it is killed and reaped by the
// event loop.
#pragma once
#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "core/coding.hpp"
#include "core/event_loop.hpp"
#include "core/unique_fd.hpp"
#include "process/owned_child.hpp"
#include "process/process_status.hpp"
#include "process/spawn.hpp"

namespace gapmacs {

class Buffer;

class SyncProcess final {
public:
    // Throws FileError ("Opening process input file") unless `path` can be
    // read: call-process checks its INFILE before running anything.
    static void check_input_file(const std::string& path);

    // Spawns the child (see spawn()); options.pipe_size is how much each
    // read asks for (read-process-output-max).
    SyncProcess(EventLoop& loop, const SpawnOptions& options);
    SyncProcess(const SyncProcess&) = delete;
    SyncProcess& operator=(const SyncProcess&) = delete;

    // Reads the child's stdout (if it is a pipe) until EOF: inserted into
    // `buffer` at point and point after it, decoded with `coding`, or read
    // and dropped when buffer is null. `between_reads` runs before each read
    // and may throw (a quit), which kills the child.
    void read_output(Buffer* buffer, const CodingSystem& coding, const std::function<void()>& between_reads);

    // How the child ended, once the event loop has reaped it (the caller
    // turns the loop until then).
    const std::optional<ProcessStatus>& status() const { return m_status; }

    // Lets the child run on, reaped by the loop when it ends (call-process
    // with BUFFER 0 returns at once).
    void detach() { m_child.detach(); }

private:
    std::size_t m_read_max;
    UniqueFd m_stdout;
    std::optional<ProcessStatus> m_status;
    OwnedChild m_child; // last: destroyed (killed) first
};

// call-process-region's input: bytes in a temporary file the child reads as
// its stdin, removed when this goes.
class InputFile final {
public:
    explicit InputFile(std::string_view bytes);
    ~InputFile();
    InputFile(const InputFile&) = delete;
    InputFile& operator=(const InputFile&) = delete;
    const std::string& path() const { return m_path; }

private:
    std::string m_path;
};

} // namespace gapmacs
