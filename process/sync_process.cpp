#include "process/sync_process.hpp"

#include <cerrno>
#include <cstdlib>
#include <fcntl.h>
#include <unistd.h>

#include "buffer/buffer.hpp"
#include "core/error.hpp"
#include "process/gap_decoder.hpp"
#include "process/gap_reader.hpp"
#include "process/insertion_scope.hpp"

namespace gapmacs {

void SyncProcess::check_input_file(const std::string& path)
{
    if (::access(path.c_str(), R_OK) != 0)
        throw_file_error("Opening process input file", path, errno);
}

SyncProcess::SyncProcess(EventLoop& loop, const SpawnOptions& options) : m_read_max(options.pipe_size ? options.pipe_size : 1)
{
    SpawnedChild spawned = spawn(loop, options);
    m_child = std::move(spawned.child);
    m_stdout = std::move(spawned.stdout_fd);
    // The caller waits anyway: blocking reads cost no poll per chunk.
    if (m_stdout)
        fcntl(m_stdout.get(), F_SETFL, fcntl(m_stdout.get(), F_GETFL) & ~O_NONBLOCK);
    m_child.watch([this](int ws) { m_status = ProcessStatus::from_wait_status(ws); });
}

void SyncProcess::read_output(Buffer* buffer, const CodingSystem& coding, const std::function<void()>& between_reads)
{
    if (!m_stdout)
        return;
    const int fd = m_stdout.get();
    if (!buffer) {
        char chunk[65536];
        for (;;) {
            between_reads();
            const PipeStatus s = read_pipe(fd, chunk, sizeof chunk).status;
            if (s != PipeStatus::Data && s != PipeStatus::Interrupted)
                return;
        }
    }
    GapDecoder decoder(coding);
    InsertionScope writable(*buffer); // the caller allowed a read-only one
    for (;;) {
        between_reads();
        // call-process inserts at point, not before markers, and leaves
        // point after the text.
        const GapRead r = read_into_gap(fd, *buffer, buffer->point(), decoder, m_read_max, false);
        if (r.read.status == PipeStatus::Interrupted)
            continue;
        buffer->goto_char(r.end);
        if (r.read.status == PipeStatus::Eof)
            return;
    }
}

InputFile::InputFile(std::string_view bytes)
{
    char path[] = "/tmp/gapmacs-region-XXXXXX";
    UniqueFd fd(mkostemp(path, O_CLOEXEC));
    if (!fd)
        throw_file_error("Creating temporary file", path, errno);
    m_path = path;
    if (::write(fd.get(), bytes.data(), bytes.size()) != static_cast<ssize_t>(bytes.size())) {
        const int saved = errno;
        ::unlink(path);
        throw_file_error("Writing temporary file", path, saved);
    }
}

InputFile::~InputFile() { ::unlink(m_path.c_str()); }

} // namespace gapmacs
