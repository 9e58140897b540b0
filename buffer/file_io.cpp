#include "buffer/file_io.hpp"

#include <fcntl.h>
#include <poll.h>
#include <sys/stat.h>
#include <sys/xattr.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <random>

#include "buffer/buffer.hpp"
#include "core/error.hpp"
#include "core/gzip_compressor.hpp"
#include "core/utf8.hpp"
#include "core/unique_fd.hpp"

// SIGXFSZ: a write past RLIMIT_FSIZE raises SIGXFSZ, whose default action
// kills the process. The editor ignores SIGXFSZ at start-up so that such a
// write fails with EFBIG instead, which write_file_atomic reports as a
// FileError like any full disk, leaving the old file intact.

namespace gapmacs {

namespace fs = std::filesystem;

namespace {

constexpr const char* opening_output = "Opening output file";
constexpr const char* write_error = "Write error";

// open() on a FIFO blocks until the other end opens, and a signal may interrupt it.
int open_retrying(const char* path, int flags, mode_t mode = 0)
{
    int fd;
    do
        fd = ::open(path, flags, mode);
    while (fd < 0 && errno == EINTR);
    return fd;
}

// ---------------------------------------------------------------- reading

// Reads until EOF rather than trusting st_size: files may grow while we read
// and /proc files report a size of 0.
// A FIFO is read only when poll says there is something, so that
// between_reads (C-g) is asked every 100 ms while a writer takes its time.
// Opened O_NONBLOCK before any writer, it reads as ended: as Emacs (whose
// open blocks) it is read only once something came, waiting meanwhile.
std::string read_all(int fd, std::size_t size_hint, const std::string& path,
                     const std::function<void()>& between_reads = {}, bool fifo = false,
                     bool wait_for_writer = false)
{
    // One byte more than expected, so a regular file's EOF is seen without regrowing.
    std::string bytes(size_hint + 1, '\0');
    std::size_t used = 0;
    for (;;) {
        if (between_reads)
            between_reads();
        if (used == bytes.size())
            bytes.resize(std::max<std::size_t>(bytes.size() * 2, 64 * 1024));
        if (fifo) {
            struct pollfd p {fd, POLLIN, 0};
            if (::poll(&p, 1, 100) == 0)
                continue;
        }
        const ssize_t n = ::read(fd, bytes.data() + used, bytes.size() - used);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            if (errno == EAGAIN) {
                // A FIFO whose writer has nothing yet: wait a little, so that
                // between_reads (C-g) is asked again.
                struct pollfd p {fd, POLLIN, 0};
                ::poll(&p, 1, 100);
                continue;
            }
            throw_file_error("Read error", path, errno);
        }
        if (n == 0) {
            if (fifo && wait_for_writer && used == 0) {
                struct timespec pause {0, 50'000'000};
                ::nanosleep(&pause, nullptr);
                continue; // no writer yet
            }
            break;
        }
        used += static_cast<std::size_t>(n);
    }
    bytes.resize(used);
    return bytes;
}

// ---------------------------------------------------------------- writing

void write_all(int fd, std::string_view bytes, const std::string& path, const WaitCheck& waiting = {})
{
    while (!bytes.empty()) {
        const ssize_t n = ::write(fd, bytes.data(), bytes.size());
        if (n < 0) {
            if (errno == EINTR)
                continue;
            if (errno == EAGAIN) {
                // A FIFO whose reader is slow: wait, asking `waiting` (C-g).
                if (waiting)
                    waiting();
                struct pollfd p {fd, POLLOUT, 0};
                ::poll(&p, 1, 100);
                continue;
            }
            throw_file_error(write_error, path, errno);
        }
        // A regular file makes no progress without an errno only when it is full.
        if (n == 0)
            throw_file_error(write_error, path, ENOSPC);
        bytes.remove_prefix(static_cast<std::size_t>(n));
    }
}

void sync_and_close(UniqueFd& fd, const std::string& path)
{
    if (::fsync(fd.get()) != 0)
        throw_file_error(write_error, path, errno);
    // NFS and some FUSE file systems report delayed write errors only here.
    if (fd.close() != 0)
        throw_file_error(write_error, path, errno);
}

// Follows symlinks one level at a time (unlike realpath, this also resolves a
// dangling link, so saving through it creates the file it names).
std::string resolve_symlinks(const std::string& path)
{
    fs::path current = path;
    for (int depth = 0; depth < 40; ++depth) {
        struct stat st;
        if (::lstat(current.c_str(), &st) != 0 || !S_ISLNK(st.st_mode))
            return current.string();
        std::error_code ec;
        const fs::path target = fs::read_symlink(current, ec);
        if (ec)
            throw_file_error(opening_output, path, ec.value());
        current = target.is_absolute() ? target : current.parent_path() / target;
    }
    throw_file_error(opening_output, path, ELOOP);
}

// A temporary file next to the target, removed again unless renamed into place.
class TempFile {
public:
    // Naming::deferred: an unnamed file (O_TMPFILE) when the file system has
    // them, named only just before its rename, so that a save killed while
    // writing leaves nothing behind; else, and with Naming::now, a file
    // dir/.#base.XXXXXX made with O_EXCL. It is made with `mode` through
    // open() rather than mkostemp's fixed 0600, so that a new file gets
    // 0666 & ~umask (and the directory's default ACL) from the kernel, with
    // no racy umask() call to learn the umask.
    enum class Naming { deferred, now };
    TempFile(const fs::path& dir, const std::string& base, mode_t mode, const std::string& error_name,
             Naming naming = Naming::deferred)
        : m_dir(dir), m_stem(".#" + base.substr(0, 200) + ".") // room for the suffix within NAME_MAX
    {
        if (naming == Naming::deferred) {
            m_fd.reset(::open(dir.c_str(), O_TMPFILE | O_WRONLY | O_CLOEXEC, mode));
            if (m_fd)
                return;
            // EOPNOTSUPP, or EISDIR from kernels without O_TMPFILE: a named
            // file, whose own error is the one to report.
        }
        for (int attempt = 0; attempt < 100; ++attempt) {
            const std::string candidate = next_name();
            m_fd.reset(::open(candidate.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOCTTY, mode));
            if (m_fd) {
                m_path = candidate;
                return;
            }
            if (errno != EEXIST)
                break;
        }
        throw_file_error(opening_output, error_name, errno);
    }
    ~TempFile()
    {
        m_fd.reset();
        if (!m_path.empty()) {
            const int saved_errno = errno;
            ::unlink(m_path.c_str());
            errno = saved_errno;
        }
    }
    TempFile(const TempFile&) = delete;
    TempFile& operator=(const TempFile&) = delete;

    UniqueFd& fd() { return m_fd; }

    // Leaves a named file in place (the destructor no longer removes it).
    std::string keep()
    {
        std::string kept = m_path;
        m_path.clear();
        return kept;
    }

    // Makes the text durable, then renames the file over target; from then
    // on it is the target. An unnamed file gets its name only now.
    void commit_to(const std::string& target, const std::string& error_name)
    {
        if (::fsync(m_fd.get()) != 0)
            throw_file_error(write_error, error_name, errno);
        if (m_path.empty())
            link_a_name(error_name);
        // NFS and some FUSE file systems report delayed write errors only here.
        if (m_fd.close() != 0)
            throw_file_error(write_error, error_name, errno);
        if (::rename(m_path.c_str(), target.c_str()) != 0)
            throw_file_error(write_error, error_name, errno);
        m_path.clear();
    }

private:
    static std::string random_suffix()
    {
        static constexpr char alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
        // A clash (a forked child shares this state) only costs a retry: O_EXCL decides.
        thread_local std::mt19937_64 rng{std::random_device{}() ^ static_cast<std::uint64_t>(::getpid())};
        std::string suffix(6, 'X');
        for (char& c : suffix)
            c = alphabet[rng() % (sizeof alphabet - 1)];
        return suffix;
    }

    std::string next_name() const { return (m_dir / (m_stem + random_suffix())).string(); }

    // linkat through /proc gives an O_TMPFILE file a name without the
    // privilege AT_EMPTY_PATH needs.
    void link_a_name(const std::string& error_name)
    {
        const std::string self = "/proc/self/fd/" + std::to_string(m_fd.get());
        for (int attempt = 0; attempt < 100; ++attempt) {
            const std::string candidate = next_name();
            if (::linkat(AT_FDCWD, self.c_str(), AT_FDCWD, candidate.c_str(), AT_SYMLINK_FOLLOW) == 0) {
                m_path = candidate;
                return;
            }
            if (errno != EEXIST)
                break;
        }
        throw_file_error(write_error, error_name, errno);
    }

    fs::path m_dir;
    std::string m_stem;
    UniqueFd m_fd;
    std::string m_path; // empty while unnamed
};

// Gives the new file the old one's owner (best effort: only root can give a
// file away, and a failure must not lose the save) and permission bits.
void copy_owner_and_mode(int fd, const struct stat& old, const std::string& path)
{
    struct stat now;
    if (::fstat(fd, &now) == 0 && (now.st_uid != old.st_uid || now.st_gid != old.st_gid)) {
        if (::fchown(fd, old.st_uid, old.st_gid) != 0)
            (void)!::fchown(fd, static_cast<uid_t>(-1), old.st_gid);
    }
    if (::fchmod(fd, old.st_mode & 07777) != 0)
        throw_file_error("Doing chmod", path, errno);
}

// Makes the rename itself durable. A directory we may not open for reading
// cannot be synced, but the save has already happened, so that is no error;
// some file systems reject fsync on directories with EINVAL.
void sync_directory(const fs::path& dir, const std::string& path)
{
    UniqueFd fd(::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
    if (fd && ::fsync(fd.get()) != 0 && errno != EINVAL)
        throw_file_error(write_error, path, errno);
}

// Devices and FIFOs are written in place: renaming over them would replace
// the device node (think /dev/null) with a regular file. The open does not
// block: a FIFO with no reader yet is tried again, asking `waiting` (C-g)
// between tries, as is a reader that takes its time.
void write_in_place(const std::string& target, const ByteSource& bytes, const std::string& path,
                    const WaitCheck& waiting)
{
    UniqueFd fd;
    for (;;) {
        fd.reset(open_retrying(target.c_str(), O_WRONLY | O_TRUNC | O_CLOEXEC | O_NOCTTY | O_NONBLOCK));
        if (fd || errno != ENXIO)
            break;
        if (waiting)
            waiting();
        struct timespec pause {0, 50'000'000};
        ::nanosleep(&pause, nullptr);
    }
    if (!fd)
        throw_file_error(opening_output, path, errno);
    bytes([&](std::string_view piece) { write_all(fd.get(), piece, path, waiting); });
    if (fd.close() != 0)
        throw_file_error(write_error, path, errno);
}

// Extended attributes (POSIX ACLs are system.posix_acl_access, SELinux's
// label security.selinux) go from the old file to its replacement, as Emacs's
// set-file-extended-attributes does after a save. Best effort: a file system
// without them, or an attribute this user may not set, loses no save.
void copy_extended_attributes(const std::string& from, int to_fd)
{
    const ssize_t size = ::listxattr(from.c_str(), nullptr, 0);
    if (size <= 0)
        return;
    std::string names(static_cast<std::size_t>(size), '\0');
    const ssize_t got = ::listxattr(from.c_str(), names.data(), names.size());
    if (got <= 0)
        return;
    names.resize(static_cast<std::size_t>(got));
    for (std::size_t at = 0; at < names.size(); at = names.find('\0', at) + 1) {
        const char* name = names.c_str() + at;
        const ssize_t len = ::getxattr(from.c_str(), name, nullptr, 0);
        if (len < 0)
            continue;
        std::string value(static_cast<std::size_t>(len), '\0');
        const ssize_t vlen = ::getxattr(from.c_str(), name, value.data(), value.size());
        if (vlen >= 0)
            (void)::fsetxattr(to_fd, name, value.data(), static_cast<std::size_t>(vlen), 0);
    }
}

void replace_file(const std::string& target, const struct stat* old, const ByteSource& bytes,
                  const std::string& path)
{
    const fs::path target_path = target;
    const fs::path dir = target_path.has_parent_path() ? target_path.parent_path() : fs::path(".");
    // An existing file's contents must never be readable by others while the
    // copy is in progress, so its temporary starts private.
    TempFile temp(dir, target_path.filename().string(), old ? 0600 : 0666, path);
    bytes([&](std::string_view piece) { write_all(temp.fd().get(), piece, path); });
    if (old) {
        copy_owner_and_mode(temp.fd().get(), *old, path);
        copy_extended_attributes(target, temp.fd().get());
    }
    temp.commit_to(target, path);
    sync_directory(dir, path);
}

// A private copy of the new text, beside the target when its directory
// allows, else in the temporary directory: the safety net of a save that
// writes in place.
std::unique_ptr<TempFile> private_copy(const fs::path& target_path, const ByteSource& bytes, const std::string& path)
{
    const fs::path dir = target_path.has_parent_path() ? target_path.parent_path() : fs::path(".");
    const std::string base = target_path.filename().string();
    std::unique_ptr<TempFile> copy;
    try {
        copy = std::make_unique<TempFile>(dir, base, 0600, path, TempFile::Naming::now);
    } catch (const FileError&) {
        const char* tmp = std::getenv("TMPDIR");
        copy = std::make_unique<TempFile>(fs::path(tmp && *tmp ? tmp : "/tmp"), base, 0600, path, TempFile::Naming::now);
    }
    bytes([&](std::string_view piece) { write_all(copy->fd().get(), piece, path); });
    sync_and_close(copy->fd(), path);
    return copy;
}

// Writes the file's own inode, as Emacs's write-region does, when renaming a
// new file over it would be wrong or impossible: a file with several names
// (the others would keep the old text), one owned by someone else, one in a
// directory where no new file can be made. Safely: the new text goes first
// to a private copy (see private_copy), the room it needs in the file is
// reserved before the file is touched (a full disk fails here, the file
// unchanged), then it is written over the old text from the start and the
// file cut to its length: never truncated first. If writing in place fails
// after all, the copy stays and the error names it.
void write_own_inode(const std::string& target, const ByteSource& bytes, const std::string& path)
{
    std::unique_ptr<TempFile> copy = private_copy(target, bytes, path);
    UniqueFd fd(open_retrying(target.c_str(), O_WRONLY | O_CLOEXEC | O_NOCTTY));
    if (!fd)
        throw_file_error(opening_output, path, errno); // untouched; the copy goes
    std::int64_t size = 0;
    bytes([&](std::string_view piece) { size += static_cast<std::int64_t>(piece.size()); });
    if (size > 0) {
        const int err = ::posix_fallocate(fd.get(), 0, static_cast<off_t>(size));
        if (err != 0 && err != EOPNOTSUPP && err != EINVAL)
            throw_file_error(write_error, path, err); // untouched; the copy goes
    }
    try {
        bytes([&](std::string_view piece) { write_all(fd.get(), piece, path); });
        if (::ftruncate(fd.get(), static_cast<off_t>(size)) != 0)
            throw_file_error(write_error, path, errno);
        sync_and_close(fd, path);
    } catch (const FileError& e) {
        const std::string kept = copy->keep();
        throw_file_error(std::string(write_error) + " (the new text is in " + kept + ")", path, e.errno_value());
    }
}

std::string absolute_file_name(const std::string& path)
{
    std::error_code ec;
    const fs::path absolute = fs::absolute(path, ec);
    return ec ? path : absolute.lexically_normal().string();
}

void visit_file(Buffer& buffer, const std::string& path, const CodingSystem& coding)
{
    buffer.set_file_name(absolute_file_name(path));
    buffer.set_coding(coding);
    buffer.set_saved();
    record_visited_modtime(buffer);
}

} // namespace

Buffer::FileTime file_modtime(const std::string& path)
{
    struct stat st;
    if (::stat(path.c_str(), &st) != 0)
        return {0, 0, false};
    return {static_cast<std::int64_t>(st.st_mtim.tv_sec), static_cast<std::int64_t>(st.st_mtim.tv_nsec), true,
            static_cast<std::int64_t>(st.st_size)};
}

void record_visited_modtime(Buffer& buffer)
{
    if (buffer.file_name().empty()) {
        buffer.set_visited_modtime(std::nullopt);
        return;
    }
    buffer.set_visited_modtime(file_modtime(buffer.file_name()));
}

namespace {

// Opens a file for reading and stats it; a directory is refused (Linux's
// read() would say EISDIR too, but not every system's does). O_NONBLOCK
// keeps a FIFO from blocking the open (one with no writer reads as empty at
// once); read_all waits in poll when a writer has nothing yet.
UniqueFd open_for_reading(const std::string& path, struct stat& st)
{
    UniqueFd fd(open_retrying(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK));
    if (!fd || ::fstat(fd.get(), &st) != 0)
        throw_file_error("Opening input file", path, errno);
    if (S_ISDIR(st.st_mode))
        throw_file_error("Read error", path, EISDIR);
    return fd;
}

// A pipe (/dev/stdin of `echo | gapmacs`) rather than a named FIFO: its
// writers only ever go, so an end read before any data is the end.
bool anonymous_pipe(int fd)
{
    char link[64];
    const std::string self = "/proc/self/fd/" + std::to_string(fd);
    const ssize_t n = ::readlink(self.c_str(), link, sizeof link - 1);
    return n > 5 && std::string_view(link, static_cast<std::size_t>(n)).starts_with("pipe:");
}

// A character device that is no terminal (/dev/zero, /dev/urandom) never
// ends: it reads as empty, as /dev/zero does in Emacs 28.
bool endless_device(int fd, const struct stat& st) { return S_ISCHR(st.st_mode) && !::isatty(fd); }

} // namespace

std::string read_file_bytes(const std::string& path, const std::function<void()>& between_reads)
{
    struct stat st;
    UniqueFd fd = open_for_reading(path, st);
    const bool regular = S_ISREG(st.st_mode);
    if (!regular && endless_device(fd.get(), st))
        return {};
    const std::size_t size_hint = regular ? static_cast<std::size_t>(st.st_size) : 0;
    const bool fifo = S_ISFIFO(st.st_mode);
    return read_all(fd.get(), size_hint, path, regular ? std::function<void()>() : between_reads, fifo,
                    fifo && !anonymous_pipe(fd.get()));
}

bool is_regular_file(const std::string& path)
{
    struct stat st;
    return ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode);
}

// Without opening anything but a regular file: opening a FIFO's read end
// lets its writer go on, and closing it unread would lose what it writes.
void check_file_readable(const std::string& path)
{
    struct stat st;
    if (::stat(path.c_str(), &st) != 0)
        throw_file_error("Opening input file", path, errno);
    if (S_ISDIR(st.st_mode))
        throw_file_error("Read error", path, EISDIR);
    if (S_ISREG(st.st_mode)) {
        open_for_reading(path, st);
        return;
    }
    if (::faccessat(AT_FDCWD, path.c_str(), R_OK, AT_EACCESS) != 0)
        throw_file_error("Opening input file", path, errno);
}

std::optional<std::int64_t> insert_file_in_place(Buffer& buffer, const std::string& path, CharPos at)
{
    struct stat st;
    if (::stat(path.c_str(), &st) != 0)
        throw_file_error("Opening input file", path, errno);
    if (S_ISDIR(st.st_mode))
        throw_file_error("Read error", path, EISDIR);
    if (!S_ISREG(st.st_mode) || st.st_size == 0)
        return std::nullopt; // not opened: a FIFO is for the general path
    UniqueFd fd = open_for_reading(path, st);
    if (!S_ISREG(st.st_mode) || st.st_size == 0)
        return std::nullopt;
    const auto size = static_cast<std::size_t>(st.st_size);
    // A read error leaves the writer uncommitted: nothing is inserted.
    Buffer::Writer writer = buffer.reserve(at, ByteCount(st.st_size));
    char* area = writer.data();
    std::size_t used = 0;
    while (used < size) {
        const ssize_t n = ::read(fd.get(), area + used, size - used);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            throw_file_error("Read error", path, errno);
        if (n == 0)
            break;
        used += static_cast<std::size_t>(n);
    }
    char probe;
    const bool grew = used == size && ::read(fd.get(), &probe, 1) > 0;
    // A file that grew while read, or whose text needs decoding, takes the
    // general path (it rereads: rare cases only).
    // A UTF-8 byte-order mark is for the detection (utf-8-with-signature).
    const bool bom = used >= 3 && std::memcmp(area, "\xEF\xBB\xBF", 3) == 0;
    if (grew || bom || valid_utf8_prefix(area, used) != used || std::memchr(area, '\r', used))
        return std::nullopt;
    return (writer.commit(ByteCount(static_cast<std::int64_t>(used))) - at).value;
}

void write_file_atomic(const std::string& path, const ByteSource& bytes, const WaitCheck& waiting)
{
    const std::string target = resolve_symlinks(path);
    if (fs::path(target).filename().empty())
        throw_file_error(opening_output, path, EISDIR);
    struct stat st;
    if (::stat(target.c_str(), &st) != 0) {
        if (errno != ENOENT)
            throw_file_error(opening_output, path, errno);
        replace_file(target, nullptr, bytes, path);
        return;
    }
    if (S_ISDIR(st.st_mode))
        throw_file_error(opening_output, path, EISDIR);
    if (!S_ISREG(st.st_mode)) {
        write_in_place(target, bytes, path, waiting);
        return;
    }
    // The rename needs only a writable directory, but a file the user may not
    // write must not be replaced behind their back, as writing in place would refuse.
    if (::faccessat(AT_FDCWD, target.c_str(), W_OK, AT_EACCESS) != 0)
        throw_file_error(opening_output, path, errno);
    // Renaming a new file over it would give the other names the old text
    // (and, for a file owned by someone else, a new owner): write in place.
    if (st.st_nlink > 1 || (st.st_uid != ::geteuid() && ::geteuid() != 0)) {
        write_own_inode(target, bytes, path);
        return;
    }
    // A writable file in a directory where no file can be made (or renamed)
    // is written in place, as Emacs writes it.
    const fs::path dir = fs::path(target).has_parent_path() ? fs::path(target).parent_path() : fs::path(".");
    if (::faccessat(AT_FDCWD, dir.c_str(), W_OK | X_OK, AT_EACCESS) != 0) {
        write_own_inode(target, bytes, path);
        return;
    }
    replace_file(target, &st, bytes, path);
}

void write_file_atomic(const std::string& path, std::string_view bytes)
{
    write_file_atomic(path, [bytes](const ByteSink& sink) { sink(bytes); });
}

ByteSource encoded_text(const Buffer& buffer, const CodingSystem& coding, BytePos from, BytePos to)
{
    return [&buffer, coding, from, to](const ByteSink& sink) {
        // Stateful ICU converters (UTF-16's BOM, ISO-2022's shifts) take the
        // text whole; the others encode a chunk at a time, at character
        // boundaries, so a save needs a chunk of memory, not a copy of the file.
        if (coding.kind == CodingSystem::Kind::Icu) {
            sink(encode(coding, buffer.gap_buffer().substr(from, to)));
            return;
        }
        constexpr std::size_t chunk_bytes = 1 << 20;
        const bool plain_utf8 = coding.kind == CodingSystem::Kind::Utf8 && !coding.write_bom &&
                                coding.eol != Eol::Dos && coding.eol != Eol::Mac;
        CodingSystem rest = coding;
        rest.write_bom = false;
        bool first = true;
        buffer.gap_buffer().for_each_piece(from, to, [&](std::string_view piece) {
            while (!piece.empty()) {
                std::size_t n = std::min(piece.size(), chunk_bytes);
                while (n < piece.size() && (static_cast<unsigned char>(piece[n]) & 0xC0) == 0x80)
                    ++n; // the next character starts at n
                const std::string_view chunk = piece.substr(0, n);
                // Internal text is UTF-8 but for raw bytes (0xC0/0xC1 leads).
                if (plain_utf8 && !std::memchr(chunk.data(), '\xC0', n) && !std::memchr(chunk.data(), '\xC1', n))
                    sink(chunk);
                else
                    sink(encode(first ? coding : rest, chunk));
                first = false;
                piece.remove_prefix(n);
            }
        });
        if (first && coding.write_bom)
            sink(encode(coding, {}));
    };
}

void write_backup(const std::string& file, const std::string& backup)
{
    struct stat st;
    UniqueFd in = open_for_reading(file, st);
    if (!S_ISREG(st.st_mode))
        return;
    const fs::path backup_path = backup;
    const fs::path dir = backup_path.has_parent_path() ? backup_path.parent_path() : fs::path(".");
    // Made anew and renamed into place: rename replaces whatever is at the
    // name, a symlink another user planted included, and never writes
    // through it. Private until it has the original's owner and mode.
    TempFile temp(dir, backup_path.filename().string(), 0600, backup, TempFile::Naming::now);
    char buf[64 * 1024];
    for (;;) {
        const ssize_t n = ::read(in.get(), buf, sizeof buf);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            throw_file_error("Read error", file, errno);
        if (n == 0)
            break;
        write_all(temp.fd().get(), std::string_view(buf, static_cast<std::size_t>(n)), backup);
    }
    copy_owner_and_mode(temp.fd().get(), st, backup);
    copy_extended_attributes(file, temp.fd().get());
    struct timespec times[2] = {st.st_atim, st.st_mtim};
    (void)::futimens(temp.fd().get(), times);
    temp.commit_to(backup, backup);
}

void insert_file_contents(Buffer& buffer, const std::string& path, const CodingSystem* coding, bool visit)
{
    CodingSystem chosen = coding ? *coding : find_coding_system("utf-8");
    std::string bytes;
    try {
        bytes = read_file_bytes(path);
    } catch (const FileError& e) {
        // As in Emacs: "If visiting and the file does not exist, visiting is
        // completed before the error is signaled", so find-file can make a new file.
        if (visit && e.errno_value() == ENOENT)
            visit_file(buffer, path, chosen);
        throw;
    }
    if (!coding)
        chosen = detect_coding(bytes);
    CodingSystem detected = chosen;
    const std::string text = decode_all(chosen, bytes, &detected);
    buffer.insert_at(buffer.point(), text);
    if (visit)
        visit_file(buffer, path, detected);
}

ByteSource gzip_compressed(ByteSource source)
{
    return [source = std::move(source)](const ByteSink& sink) {
        GzipCompressor gzip;
        source([&](std::string_view piece) { gzip.feed(piece, sink); });
        gzip.finish(sink);
    };
}

void save_buffer(Buffer& buffer, const std::string& path, const WaitCheck& waiting, bool gzip)
{
    const std::string target = path.empty() ? buffer.file_name() : absolute_file_name(path);
    if (target.empty())
        throw Error("error", "Buffer " + buffer.name() + " is not visiting a file");
    ByteSource text = encoded_text(buffer, buffer.coding(), BytePos(0), buffer.gap_buffer().end());
    write_file_atomic(target, gzip ? gzip_compressed(std::move(text)) : std::move(text), waiting);
    buffer.set_file_name(target);
    buffer.set_saved();
    record_visited_modtime(buffer);
}

void write_region(Buffer& buffer, std::int64_t from, std::int64_t to, const std::string& path,
                  const CodingSystem& coding)
{
    write_file_atomic(path, encoded_text(buffer, coding, buffer.char_to_byte(CharPos(from)), buffer.char_to_byte(CharPos(to))));
}

} // namespace gapmacs
