// Files: loading with a coding system, saving atomically.
//
// Loading defaults to utf-8 with an undecided EOL and raw bytes, so any file
// round-trips byte for byte. Saving writes a temporary file in the target's
// directory, fsyncs it, gives it the old file's mode and renames it over the
// target: the old file is either fully replaced or untouched, never truncated.
// Failures throw FileError with Emacs's symbol and a message naming the file.
#pragma once
#include "buffer/buffer.hpp"
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "core/coding.hpp"

namespace gapmacs {


// The whole content of a file. Throws FileError (file-missing, permission-denied, file-error).
// BETWEEN_READS, when given, runs before each read(2) of a file that is not
// regular (a device or a FIFO may never end: /dev/zero): it may throw to
// stop (the Lisp binding checks quit there).
std::string read_file_bytes(const std::string& path, const std::function<void()>& between_reads = {});
// Whether path names a regular file (following symlinks); false if it
// cannot be stat'ed.
bool is_regular_file(const std::string& path);

// Asked while a write waits on a FIFO (no reader yet, a slow one); may throw
// to stop it (the Lisp binding checks quit there).
using WaitCheck = std::function<void()>;
// What a file is to hold, produced in order through the sink. It may be run
// more than once (a save in place writes a safety copy first), and must give
// the same bytes each time.
using ByteSink = std::function<void(std::string_view)>;
using ByteSource = std::function<void(const ByteSink&)>;

// Atomically replaces (or creates) path with bytes; keeps an existing file's
// owner, permission bits and extended attributes (ACLs, SELinux label); new
// files get 0666 & ~umask. A file that must keep its inode (several names,
// another owner, a directory where no file can be made) is written in place,
// safely (see write_own_inode in the source); a device or FIFO is written to.
// On any failure (missing directory, permission denied, full disk,
// RLIMIT_FSIZE) throws FileError and leaves the old file as it was and no
// temporary file behind.
void write_file_atomic(const std::string& path, const ByteSource& bytes, const WaitCheck& waiting = {});
void write_file_atomic(const std::string& path, std::string_view bytes);

// The bytes [from, to) of buffer's text encoded with coding, made a chunk
// at a time from the gap buffer: a save needs a chunk of memory beside the
// buffer, not a copy of it (stateful ICU codings excepted). The buffer must
// outlive the source and not change while it runs.
ByteSource encoded_text(const Buffer& buffer, const CodingSystem& coding, BytePos from, BytePos to);

// source's bytes gzip-compressed, a chunk at a time: what a ".gz" file
// holds under auto-compression-mode. Runs source again on each run.
ByteSource gzip_compressed(ByteSource source);

// Copies file to backup as Emacs's backup-buffer-copy: owner, mode, extended
// attributes and times kept; made as a new file renamed into place, so a
// symlink or file planted at backup's name is replaced, never written
// through. Nothing for a file that is not regular. Throws FileError.
void write_backup(const std::string& file, const std::string& backup);

// Inserts the file's decoded text at point in buffer (point stays before it,
// as insert-file-contents). With no coding, utf-8 with undecided EOL is used;
// the coding with its detected EOL is stored as the buffer's coding system
// when `visit` is true, which also sets the file name and clears the modified flag.
void insert_file_contents(Buffer& buffer, const std::string& path, const CodingSystem* coding = nullptr,
                          bool visit = false);

// Throws the FileError read_file_bytes would throw for path (missing, not
// readable, a directory), reading nothing.
void check_file_readable(const std::string& path);

// Reads a regular file straight into the buffer's gap at `at` when its
// bytes are already internal text with Unix line ends (valid UTF-8 without
// CR, the common case), so a large file costs one copy and one pass.
// Returns the number of characters inserted, or nothing when the file needs
// decoding (then nothing was inserted and the caller decodes the usual way).
// Throws FileError as read_file_bytes does.
std::optional<std::int64_t> insert_file_in_place(Buffer& buffer, const std::string& path, CharPos at);

// Encodes the buffer (whole, narrowing ignored) with its coding system and
// writes it to its file (or `path` when given, which then becomes its file),
// atomically; clears the modified flag on success.
// With `gzip`, the file gets the encoded text gzip-compressed.
void save_buffer(Buffer& buffer, const std::string& path = {}, const WaitCheck& waiting = {}, bool gzip = false);

// The modification time of path now (exists false when there is no such file).
Buffer::FileTime file_modtime(const std::string& path);
// Records the buffer's visited file's modification time as it is now.
void record_visited_modtime(Buffer& buffer);

// Writes [from, to) of buffer to path with coding, atomically (write-region).
void write_region(Buffer& buffer, std::int64_t from, std::int64_t to, const std::string& path,
                  const CodingSystem& coding);

} // namespace gapmacs
