// What the file system knows about a file: file-attributes, file-modes,
// set-file-modes, copy-file, links, the room on its file system, and the
// visited file's modification time
// (visited-file-modtime, verify-visited-file-modtime), which tells a save
// that the file changed on disk since it was read.
#include <fcntl.h>
#include <grp.h>
#include <pwd.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <ctime>

#include "buffer/file_io.hpp"
#include "core/unique_fd.hpp"
#include "lisp-lite/editor/buffers.hpp"
#include "lisp-lite/lang/file_name_handlers.hpp"
#include "lisp-lite/editor/modules.hpp"
#include "lisp-lite/editor/symbols.hpp"
#include "lisp-lite/lang/builtins.hpp"
#include "lisp-lite/lang/eval.hpp"

namespace gapmacs::lisp {

namespace {

std::string file_arg(Value v) { return os_string(call1(Qexpand_file_name, v)); }

[[noreturn]] void file_error(const char* action, Value file, int err)
{
    Value s = err == ENOENT ? Qfile_missing : err == EEXIST ? Qfile_already_exists
              : err == EACCES || err == EPERM ? Qpermission_denied : Qfile_error;
    xsignal3(s, make_string(action), make_string_from_utf8(std::strerror(err)), file);
}

// Emacs 28's list form of a time: (HIGH LOW USEC PSEC).
Value lisp_time(std::int64_t sec, std::int64_t nsec)
{
    return list({Value::fixnum(sec >> 16), Value::fixnum(sec & 0xFFFF), Value::fixnum(nsec / 1000),
                 Value::fixnum((nsec % 1000) * 1000)});
}

// ls -l's mode string: "drwxr-xr-x".
std::string mode_string(mode_t m)
{
    std::string s = S_ISDIR(m) ? "d" : S_ISLNK(m) ? "l" : S_ISCHR(m) ? "c" : S_ISBLK(m) ? "b" : S_ISFIFO(m) ? "p" : S_ISSOCK(m) ? "s" : "-";
    const char* rwx = "rwxrwxrwx";
    for (int i = 0; i < 9; ++i)
        s += (m & (0400 >> i)) ? rwx[i] : '-';
    if (m & S_ISUID) s[3] = (m & S_IXUSR) ? 's' : 'S';
    if (m & S_ISGID) s[6] = (m & S_IXGRP) ? 's' : 'S';
    if (m & S_ISVTX) s[9] = (m & S_IXOTH) ? 't' : 'T';
    return s;
}

Value f_file_attributes(Args a)
{
    if (auto handled = file_handler_result(Qfile_attributes, a, {0}))
        return *handled;
    std::string path = file_arg(a[0]);
    struct stat st;
    if (::lstat(path.c_str(), &st) != 0)
        return Qnil;
    Value type = Qnil;
    if (S_ISDIR(st.st_mode)) {
        type = Qt;
    } else if (S_ISLNK(st.st_mode)) {
        char buf[4096];
        ssize_t n = ::readlink(path.c_str(), buf, sizeof buf);
        type = make_string_from_utf8(std::string_view(buf, n > 0 ? static_cast<std::size_t>(n) : 0));
    }
    const bool names = a[1] == Qstring;
    Value uid = Value::fixnum(st.st_uid), gid = Value::fixnum(st.st_gid);
    if (names) {
        if (struct passwd* pw = ::getpwuid(st.st_uid))
            uid = make_string_from_utf8(pw->pw_name);
        if (struct group* gr = ::getgrgid(st.st_gid))
            gid = make_string_from_utf8(gr->gr_name);
    }
    return list({type, Value::fixnum(static_cast<std::int64_t>(st.st_nlink)), uid, gid,
                 lisp_time(st.st_atim.tv_sec, st.st_atim.tv_nsec), lisp_time(st.st_mtim.tv_sec, st.st_mtim.tv_nsec),
                 lisp_time(st.st_ctim.tv_sec, st.st_ctim.tv_nsec), make_integer(static_cast<std::int64_t>(st.st_size)),
                 make_string(mode_string(st.st_mode)), Qt, make_integer(static_cast<std::int64_t>(st.st_ino)),
                 make_integer(static_cast<std::int64_t>(st.st_dev))});
}

Value f_file_modes(Args a)
{
    if (auto handled = file_handler_result(Qfile_modes, a, {0}))
        return *handled;
    struct stat st;
    if (::stat(file_arg(a[0]).c_str(), &st) != 0)
        return Qnil;
    return Value::fixnum(st.st_mode & 07777);
}

Value f_set_file_modes(Args a)
{
    if (auto handled = file_handler_result(Qset_file_modes, a, {0}))
        return *handled;
    std::string path = file_arg(a[0]);
    if (::chmod(path.c_str(), static_cast<mode_t>(check_natnum(a[1]) & 07777)) != 0)
        file_error("Doing chmod", a[0], errno);
    return Qnil;
}

// copy-file: the copy is written atomically (a failure leaves no partial
// NEWNAME); modes are kept as Emacs keeps them.
Value f_copy_file(Args a)
{
    if (auto handled = file_handler_result(Qcopy_file, a, {0, 1}))
        return *handled;
    std::string from = file_arg(a[0]);
    Value to_name = a[1];
    // A directory name (ending in /) means: into that directory.
    if (stringp(to_name) && string_view(to_name).ends_with("/"))
        to_name = call2(Qexpand_file_name, call1(Qfile_name_nondirectory, a[0]), to_name);
    std::string to = file_arg(to_name);
    struct stat st;
    if (::stat(from.c_str(), &st) != 0)
        file_error("Opening input file", a[0], errno);
    if (S_ISDIR(st.st_mode))
        file_error("Copying", a[0], EISDIR);
    struct stat dst;
    if (::stat(to.c_str(), &dst) == 0) {
        if (nilp(a[2]) || fixnump(a[2]))
            xsignal2(Qfile_already_exists, make_string("File already exists"), to_name);
        if (dst.st_dev == st.st_dev && dst.st_ino == st.st_ino)
            xsignal(Qfile_error, list({make_string("Input and output files are the same"), a[0], to_name}));
    }
    write_file_atomic(to, read_file_bytes(from));
    ::chmod(to.c_str(), st.st_mode & 07777);
    if (!nilp(a[3])) {
        struct timespec times[2] = {st.st_atim, st.st_mtim};
        ::utimensat(AT_FDCWD, to.c_str(), times, 0);
    }
    return Qnil;
}

// backup-buffer-copy FROM TO &optional MODES EXTENDED-ATTRIBUTES: the copy
// keeps FROM's own mode and attributes (what Emacs's callers pass), is made
// private first and never follows a link planted at TO.
Value f_backup_buffer_copy(Args a)
{
    write_backup(file_arg(a[0]), file_arg(a[1]));
    return Qnil;
}

Value f_add_name_to_file(Args a)
{
    if (auto handled = file_handler_result(Qadd_name_to_file, a, {0, 1}))
        return *handled;
    std::string from = file_arg(a[0]), to = file_arg(a[1]);
    if (!nilp(a[2]) && !fixnump(a[2]))
        ::unlink(to.c_str());
    if (::link(from.c_str(), to.c_str()) != 0)
        file_error("Adding new name", a[1], errno);
    return Qnil;
}

Value f_make_symbolic_link(Args a)
{
    if (auto handled = file_handler_result(Qmake_symbolic_link, a, {1}))
        return *handled;
    std::string target = os_string(a[0]); // as given: a relative link stays relative
    std::string link = file_arg(a[1]);
    if (!nilp(a[2]) && !fixnump(a[2]))
        ::unlink(link.c_str());
    if (::symlink(target.c_str(), link.c_str()) != 0)
        file_error("Making symbolic link", a[1], errno);
    return Qnil;
}

// A Lisp time as seconds and nanoseconds, exactly (float-time would round
// a modtime to about 0.2 microseconds): through (time-convert TIME 'list).
struct timespec timespec_of(Value time)
{
    Value l = call2(Qtime_convert, time, Qlist);
    auto part = [&](int i) {
        Value v = l;
        for (int k = 0; k < i && consp(v); ++k)
            v = xcdr(v);
        v = consp(v) ? xcar(v) : Qnil;
        return v.is_fixnum() ? v.as_fixnum() : 0;
    };
    struct timespec ts {};
    ts.tv_sec = static_cast<std::time_t>(part(0) * 65536 + part(1));
    ts.tv_nsec = static_cast<long>(part(2) * 1000 + part(3) / 1000);
    return ts;
}

Value f_set_file_times(Args a)
{
    if (auto handled = file_handler_result(Qset_file_times, a, {0}))
        return *handled;
    std::string path = file_arg(a[0]);
    struct timespec times[2];
    if (nilp(a[1])) {
        times[0].tv_nsec = times[1].tv_nsec = UTIME_NOW;
    } else {
        times[0] = times[1] = timespec_of(a[1]);
    }
    int flags = a[2] == Qnofollow ? AT_SYMLINK_NOFOLLOW : 0;
    return boolean(::utimensat(AT_FDCWD, path.c_str(), times, flags) == 0);
}

Value f_file_symlink_p(Args a)
{
    if (auto handled = file_handler_result(Qfile_symlink_p, a, {0}))
        return *handled;
    std::string path = file_arg(a[0]);
    char buf[4096];
    ssize_t n = ::readlink(path.c_str(), buf, sizeof buf);
    return n < 0 ? Qnil : make_string_from_utf8(std::string_view(buf, static_cast<std::size_t>(n)));
}

Value f_file_newer_than_file_p(Args a)
{
    if (auto handled = file_handler_result(Qfile_newer_than_file_p, a, {0, 1}))
        return *handled;
    auto t1 = file_modtime(file_arg(a[0])), t2 = file_modtime(file_arg(a[1]));
    if (!t1.exists)
        return Qnil;
    if (!t2.exists)
        return Qt;
    return boolean(t1.sec > t2.sec || (t1.sec == t2.sec && t1.nsec > t2.nsec));
}

// (TOTAL FREE AVAILABLE) bytes of FILENAME's file system (dired's
// header line says the available).
Value f_file_system_info(Args a)
{
    if (auto handled = file_handler_result(Qfile_system_info, a, {0}))
        return *handled;
    struct statvfs fs;
    if (::statvfs(file_arg(a[0]).c_str(), &fs) != 0) {
        if (errno == ENOENT || errno == ENOTDIR || errno == ELOOP || errno == ENAMETOOLONG)
            return Qnil; // as file-attributes: no such file
        file_error("Getting attributes", a[0], errno);
    }
    const auto bytes = [&fs](fsblkcnt_t blocks) {
        return Value::fixnum(static_cast<std::int64_t>(blocks) * static_cast<std::int64_t>(fs.f_frsize));
    };
    return list({bytes(fs.f_blocks), bytes(fs.f_bfree), bytes(fs.f_bavail)});
}

Buffer& buffer_arg(Value v) { return nilp(v) ? current() : check_live_buffer(v); }

// Emacs 28: 0 when nothing is recorded, -1 when the file did not exist.
Value f_visited_file_modtime(Args)
{
    const auto& t = current().visited_modtime();
    if (!t)
        return Value::fixnum(0);
    if (!t->exists)
        return Value::fixnum(-1);
    return lisp_time(t->sec, t->nsec);
}

Value f_verify_visited_file_modtime(Args a)
{
    Buffer& b = buffer_arg(a[0]);
    const auto& t = b.visited_modtime();
    if (!t || b.file_name().empty())
        return Qt;
    if (file_name_handlers_active()) {
        const Value file = make_string_from_utf8(b.file_name());
        if (Value handler = find_file_name_handler(file, Qverify_visited_file_modtime); !nilp(handler))
            return call2(handler, Qverify_visited_file_modtime, a[0]);
    }
    return boolean(t->same_file_as(file_modtime(b.file_name())));
}

Value f_set_visited_file_modtime(Args a)
{
    Buffer& b = current();
    if (nilp(a[0])) {
        if (file_name_handlers_active() && !b.file_name().empty()) {
            const Value file = make_string_from_utf8(b.file_name());
            if (Value handler = find_file_name_handler(file, Qset_visited_file_modtime); !nilp(handler))
                return call2(handler, Qset_visited_file_modtime, Qnil);
        }
        record_visited_modtime(b);
    } else if (fixnump(a[0])) {
        b.set_visited_modtime(Buffer::FileTime{0, 0, a[0].as_fixnum() != -1});
    } else {
        const struct timespec ts = timespec_of(a[0]);
        b.set_visited_modtime(Buffer::FileTime{ts.tv_sec, ts.tv_nsec, true});
    }
    return Qnil;
}

Value f_clear_visited_file_modtime(Args)
{
    current().set_visited_modtime(std::nullopt);
    return Qnil;
}

// The umask, as the modes a new file gets: reading it means setting it,
// so it is put back at once.
Value f_default_file_modes(Args)
{
    const mode_t mask = umask(0);
    umask(mask);
    return Value::fixnum(~mask & 0777);
}

Value f_set_default_file_modes(Args a)
{
    umask(~static_cast<mode_t>(check_fixnum(a[0])) & 0777);
    return Qnil;
}

const SubrDef file_attribute_subrs[] = {
    {"default-file-modes", 0, 0, f_default_file_modes},
    {"set-default-file-modes", 1, 1, f_set_default_file_modes},
    {"file-attributes", 1, 2, f_file_attributes},
    {"file-modes", 1, 2, f_file_modes},
    {"set-file-modes", 2, 3, f_set_file_modes},
    {"copy-file", 2, 6, f_copy_file},
    {"backup-buffer-copy", 2, 4, f_backup_buffer_copy},
    {"add-name-to-file", 2, 3, f_add_name_to_file},
    {"make-symbolic-link", 2, 3, f_make_symbolic_link},
    {"file-symlink-p", 1, 1, f_file_symlink_p},
    {"set-file-times", 1, 3, f_set_file_times},
    {"file-newer-than-file-p", 2, 2, f_file_newer_than_file_p},
    {"file-system-info", 1, 1, f_file_system_info},
    {"visited-file-modtime", 0, 0, f_visited_file_modtime},
    {"verify-visited-file-modtime", 0, 1, f_verify_visited_file_modtime},
    {"set-visited-file-modtime", 0, 1, f_set_visited_file_modtime},
    {"clear-visited-file-modtime", 0, 0, f_clear_visited_file_modtime},
};

} // namespace

void register_file_attribute_builtins() { register_subrs(file_attribute_subrs); }

} // namespace gapmacs::lisp
