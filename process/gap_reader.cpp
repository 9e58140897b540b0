#include "process/gap_reader.hpp"

#include <cerrno>
#include <unistd.h>

#include "buffer/buffer.hpp"
#include "core/prefault.hpp"
#include "process/gap_decoder.hpp"

namespace gapmacs {

PipeRead read_pipe(int fd, char* dst, std::size_t max)
{
    const ssize_t n = ::read(fd, dst, max);
    if (n > 0)
        return {PipeStatus::Data, static_cast<std::size_t>(n)};
    if (n == 0)
        return {PipeStatus::Eof};
    if (errno == EINTR)
        return {PipeStatus::Interrupted};
    if (errno == EAGAIN)
        return {PipeStatus::Again};
    return {PipeStatus::Eof};
}

GapRead read_into_gap(int fd, Buffer& buffer, CharPos at, GapDecoder& decoder, std::size_t read_max,
                      bool before_markers)
{
    const std::size_t room = decoder.room_for(read_max);
    Buffer::Writer writer = buffer.reserve(at, ByteCount(static_cast<std::int64_t>(room)));
    char* area = writer.data();
    const std::size_t carried = decoder.put_carry(area);
    prefault(area + carried, read_max);
    const PipeRead r = read_pipe(fd, area + carried, read_max);
    // Nothing read: the writer inserts nothing, and the carry stays with the
    // decoder for the next read.
    if (r.status == PipeStatus::Again || r.status == PipeStatus::Interrupted)
        return {r, at};
    const bool eof = r.status == PipeStatus::Eof;
    return {r, writer.commit(decoder.decode(area, carried + r.bytes, room, eof), before_markers)};
}

} // namespace gapmacs
