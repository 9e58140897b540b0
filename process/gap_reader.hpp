// The one path from a child's pipe into a buffer, shared by asynchronous
// output (OutputStream) and call-process (SyncProcess): room is reserved in
// the buffer's gap at the insertion point, prefaulted, read(2) into
// directly, decoded in place (GapDecoder), and committed as text. Nothing
// is allocated per chunk, and nothing is inserted if the decoder throws.
#pragma once
#include <cstddef>
#include <sys/types.h>

#include "core/position.hpp"

namespace gapmacs {

class Buffer;
class GapDecoder;

enum class PipeStatus {
    Data,        // bytes were read
    Again,       // nothing to read yet (a non-blocking pipe)
    Interrupted, // a signal came first (EINTR): the caller may check for a quit
    Eof,         // end of file, or a read error (EIO from a dead pty...), which ends a pipe the same way
};

struct PipeRead {
    PipeStatus status;
    std::size_t bytes = 0; // read from the pipe (Data only)
};

// One read(2) of at most `max` bytes into dst.
PipeRead read_pipe(int fd, char* dst, std::size_t max);

struct GapRead {
    PipeRead read;
    // The position after the inserted text (`at` when nothing was inserted).
    CharPos end;
};

// One read of at most read_max bytes from fd, inserted at `at` in buffer
// (which must be writable) after the bytes `decoder` carried from the last
// read; at EOF what the decoder still holds is inserted. With
// before_markers, markers and point at `at` move after the text.
GapRead read_into_gap(int fd, Buffer& buffer, CharPos at, GapDecoder& decoder, std::size_t read_max,
                      bool before_markers);

} // namespace gapmacs
