#include "buffer/file_io.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <random>

#include "buffer/buffer.hpp"
#include "core/error.hpp"
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
std::string read_all(int fd, std::size_t size_hint, const std::string& path,
                     const std::function<void()>& between_reads = {})
{
    // One byte more than expected, so a regular file's EOF is seen without regrowing.
    std::string bytes(size_hint + 1, '\0');
    std::size_t used = 0;
    for (;;) {
        if (between_reads)
            between_reads();
        if (used == bytes.size())
            bytes.resize(std::max<std::size_t>(bytes.size() * 2, 64 * 1024));
        const ssize_t n = ::read(fd, bytes.data() + used, bytes.size() - used);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            throw_file_error("Read error", path, errno);
        }
        if (n == 0)
            break;
        used += static_cast<std::size_t>(n);
    }
    bytes.resize(used);
    return bytes;
}

// ---------------------------------------------------------------- writing

void write_all(int fd, std::string_view bytes, const std::string& path)
{
    while (!bytes.empty()) {
        const ssize_t n = ::write(fd, bytes.data(), bytes.size());
        if (n < 0) {
            if (errno == EINTR)
                continue;
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
// the device node (think /dev/null) with a regular file.
void write_in_place(const std::string& target, std::string_view bytes, const std::string& path)
{
    UniqueFd fd(open_retrying(target.c_str(), O_WRONLY | O_TRUNC | O_CLOEXEC | O_NOCTTY));
    if (!fd)
        throw_file_error(opening_output, path, errno);
    write_all(fd.get(), bytes, path);
    if (fd.close() != 0)
        throw_file_error(write_error, path, errno);
}

void replace_file(const std::string& target, const struct stat* old, std::string_view bytes,
                  const std::string& path)
{
    const fs::path target_path = target;
    const fs::path dir = target_path.has_parent_path() ? target_path.parent_path() : fs::path(".");
    // An existing file's contents must never be readable by others while the
    // copy is in progress, so its temporary starts private.
    TempFile temp(dir, target_path.filename().string(), old ? 0600 : 0666, path);
    write_all(temp.fd().get(), bytes, path);
    if (old)
        copy_owner_and_mode(temp.fd().get(), *old, path);
    temp.commit_to(target, path);
    sync_directory(dir, path);
}

// A file with several names (hard links) keeps its inode, as Emacs's
// write-region does (it writes in place): otherwise the other names would
// keep the old text. The bytes go first to a private copy beside the file
// (which proves there is room for them and keeps them safe), then into the
// file itself; the copy is removed once the file holds them. If writing in
// place fails after the file was truncated, the copy stays and the error
// names it.
void write_linked_in_place(const std::string& target, std::string_view bytes, const std::string& path)
{
    const fs::path target_path = target;
    const fs::path dir = target_path.has_parent_path() ? target_path.parent_path() : fs::path(".");
    TempFile copy(dir, target_path.filename().string(), 0600, path, TempFile::Naming::now);
    write_all(copy.fd().get(), bytes, path);
    sync_and_close(copy.fd(), path);
    UniqueFd fd(open_retrying(target.c_str(), O_WRONLY | O_CLOEXEC | O_NOCTTY));
    if (!fd)
        throw_file_error(opening_output, path, errno); // untouched; the copy goes
    try {
        if (::ftruncate(fd.get(), 0) != 0)
            throw_file_error(write_error, path, errno);
        write_all(fd.get(), bytes, path);
        sync_and_close(fd, path);
    } catch (const FileError& e) {
        const std::string kept = copy.keep();
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
    buffer.set_modified(false);
    record_visited_modtime(buffer);
}

} // namespace

Buffer::FileTime file_modtime(const std::string& path)
{
    struct stat st;
    if (::stat(path.c_str(), &st) != 0)
        return {0, 0, false};
    return {static_cast<std::int64_t>(st.st_mtim.tv_sec), static_cast<std::int64_t>(st.st_mtim.tv_nsec), true};
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
// keeps a FIFO from blocking the open.
UniqueFd open_for_reading(const std::string& path, struct stat& st, int extra_flags = 0)
{
    UniqueFd fd(open_retrying(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOCTTY | extra_flags));
    if (!fd || ::fstat(fd.get(), &st) != 0)
        throw_file_error("Opening input file", path, errno);
    if (S_ISDIR(st.st_mode))
        throw_file_error("Read error", path, EISDIR);
    return fd;
}

} // namespace

std::string read_file_bytes(const std::string& path, const std::function<void()>& between_reads)
{
    struct stat st;
    UniqueFd fd = open_for_reading(path, st);
    const bool regular = S_ISREG(st.st_mode);
    const std::size_t size_hint = regular ? static_cast<std::size_t>(st.st_size) : 0;
    return read_all(fd.get(), size_hint, path, regular ? std::function<void()>() : between_reads);
}

bool is_regular_file(const std::string& path)
{
    struct stat st;
    return ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode);
}

void check_file_readable(const std::string& path)
{
    struct stat st;
    open_for_reading(path, st, O_NONBLOCK);
}

std::optional<std::int64_t> insert_file_in_place(Buffer& buffer, const std::string& path, CharPos at)
{
    struct stat st;
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
    if (grew || valid_utf8_prefix(area, used) != used || std::memchr(area, '\r', used))
        return std::nullopt;
    return (writer.commit(ByteCount(static_cast<std::int64_t>(used))) - at).value;
}

void write_file_atomic(const std::string& path, std::string_view bytes)
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
        write_in_place(target, bytes, path);
        return;
    }
    // The rename needs only a writable directory, but a file the user may not
    // write must not be replaced behind their back, as writing in place would refuse.
    if (::faccessat(AT_FDCWD, target.c_str(), W_OK, AT_EACCESS) != 0)
        throw_file_error(opening_output, path, errno);
    // Renaming a new file over it would give the other names the old text
    // (and, for a file owned by someone else, a new owner): write in place.
    if (st.st_nlink > 1 || (st.st_uid != ::geteuid() && ::geteuid() != 0)) {
        write_linked_in_place(target, bytes, path);
        return;
    }
    replace_file(target, &st, bytes, path);
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

void save_buffer(Buffer& buffer, const std::string& path)
{
    const std::string target = path.empty() ? buffer.file_name() : absolute_file_name(path);
    if (target.empty())
        throw Error("error", "Buffer " + buffer.name() + " is not visiting a file");
    write_file_atomic(target, encode(buffer.coding(), buffer.text()));
    buffer.set_file_name(target);
    buffer.set_modified(false);
    record_visited_modtime(buffer);
}

void write_region(Buffer& buffer, std::int64_t from, std::int64_t to, const std::string& path,
                  const CodingSystem& coding)
{
    write_file_atomic(path, encode(coding, buffer.substring(CharPos(from), CharPos(to))));
}

} // namespace gapmacs
