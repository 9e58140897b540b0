// File names and the file system: expand-file-name and friends, tests,
// deletion, temporary files.
#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <random>

#include "core/utf8.hpp"
#include "lisp-lite/editor/buffer_locals.hpp"
#include "lisp-lite/lang/file_name_handlers.hpp"
#include "lisp-lite/editor/modules.hpp"
#include "lisp-lite/editor/symbols.hpp"
#include "lisp-lite/lang/builtins.hpp"
#include "lisp-lite/lang/eval.hpp"
#include "lisp-lite/lang/variables.hpp"

namespace gapmacs::lisp {

namespace {

Value lisp_name(const std::string& os) { return make_string_from_utf8(os); }

[[noreturn]] void file_error(const char* action, Value file, int err)
{
    Value sym = err == ENOENT ? Qfile_missing : err == EEXIST ? Qfile_already_exists
                : err == EACCES || err == EPERM ? Qpermission_denied : Qfile_error;
    xsignal3(sym, make_string(action), make_string_from_utf8(std::strerror(err)), file);
}

std::string default_dir()
{
    Value d = xsymbol(Qdefault_directory)->value;
    if (stringp(d))
        return os_string(d);
    char buf[PATH_MAX];
    return getcwd(buf, sizeof buf) ? std::string(buf) + "/" : "/";
}

std::string expand(std::string name, std::string dir)
{
    const char* home = std::getenv("HOME");
    auto tilde = [&](std::string& s) {
        if (!s.empty() && s[0] == '~' && (s.size() == 1 || s[1] == '/'))
            s = std::string(home ? home : "") + s.substr(1);
    };
    tilde(name);
    if (name.empty() || name[0] != '/') {
        tilde(dir);
        if (dir.empty() || dir[0] != '/')
            dir = expand(dir, default_dir());
        if (!dir.empty() && dir.back() != '/')
            dir += '/';
        name = dir + name;
    }
    bool trailing = name.size() > 1 && name.back() == '/';
    std::vector<std::string> parts;
    std::size_t i = 0;
    while (i < name.size()) {
        std::size_t j = name.find('/', i);
        if (j == std::string::npos)
            j = name.size();
        std::string part = name.substr(i, j - i);
        i = j + 1;
        if (part.empty() || part == ".")
            continue;
        if (part == "..") {
            if (!parts.empty())
                parts.pop_back();
            continue;
        }
        parts.push_back(part);
    }
    std::string out;
    for (auto& p : parts)
        out += "/" + p;
    if (out.empty())
        return "/";
    // A name in directory form stays one, as in Emacs 28: "foo/", "./" and
    // "a/../" all keep their slash ("cd .." made default-directory
    // "/tmp", and then "foo" expanded to "/foo").
    if (trailing)
        out += "/";
    return out;
}

Value f_expand_file_name(Args a)
{
    // As Emacs: the name's handler (given DEFAULT-DIRECTORY as passed),
    // else the default directory's.
    auto handled_name = [](std::optional<Value> handled) {
        if (handled && !stringp(*handled))
            error("Invalid handler in `file-name-handler-alist'");
        return handled;
    };
    if (auto handled = handled_name(file_handler_result(Qexpand_file_name, a, {0}, HandledNames::as_given)))
        return *handled;
    const Value name_and_dir[2] = {a[0], nilp(a[1]) ? value_or_nil(Qdefault_directory) : a[1]};
    if (auto handled = handled_name(file_handler_result(Qexpand_file_name, Args{name_and_dir, 2}, {1}, HandledNames::as_given)))
        return *handled;
    std::string dir = nilp(a[1]) ? default_dir() : os_string(a[1]);
    return lisp_name(expand(os_string(a[0]), dir));
}

Value f_file_name_as_directory(Args a)
{
    if (auto handled = file_handler_result(Qfile_name_as_directory, a, {0}, HandledNames::as_given))
        return *handled;
    std::string s(check_string(a[0])->bytes);
    if (s.empty())
        return make_string("./");
    if (s.back() != '/')
        s += '/';
    return make_string(s);
}

Value f_directory_file_name(Args a)
{
    if (auto handled = file_handler_result(Qdirectory_file_name, a, {0}, HandledNames::as_given))
        return *handled;
    std::string s(check_string(a[0])->bytes);
    while (s.size() > 1 && s.back() == '/')
        s.pop_back();
    return make_string(s);
}

Value f_file_name_directory(Args a)
{
    if (auto handled = file_handler_result(Qfile_name_directory, a, {0}, HandledNames::as_given))
        return *handled;
    std::string_view s = check_string(a[0])->bytes;
    std::size_t slash = s.find_last_of('/');
    if (slash == std::string_view::npos)
        return Qnil;
    return make_string(s.substr(0, slash + 1));
}

Value f_file_name_nondirectory(Args a)
{
    if (auto handled = file_handler_result(Qfile_name_nondirectory, a, {0}, HandledNames::as_given))
        return *handled;
    std::string_view s = check_string(a[0])->bytes;
    std::size_t slash = s.find_last_of('/');
    return make_string(slash == std::string_view::npos ? s : s.substr(slash + 1));
}

Value f_file_name_absolute_p(Args a)
{
    std::string_view s = check_string(a[0])->bytes;
    return boolean(!s.empty() && (s[0] == '/' || s[0] == '~'));
}

Value f_file_name_extension(Args a)
{
    std::string_view s = check_string(a[0])->bytes;
    std::string_view base = s.substr(s.find_last_of('/') == std::string_view::npos ? 0 : s.find_last_of('/') + 1);
    std::size_t dot = base.find_last_of('.');
    if (dot == std::string_view::npos || dot == 0)
        return nilp(a[1]) ? Qnil : make_string("");
    return make_string(nilp(a[1]) ? base.substr(dot + 1) : base.substr(dot));
}

Value f_file_name_sans_extension(Args a)
{
    std::string_view s = check_string(a[0])->bytes;
    std::size_t slash = s.find_last_of('/');
    std::size_t base = slash == std::string_view::npos ? 0 : slash + 1;
    std::size_t dot = s.find_last_of('.');
    if (dot == std::string_view::npos || dot <= base)
        return a[0];
    return make_string(s.substr(0, dot));
}

Value f_file_name_base(Args a)
{
    Value nondir = f_file_name_nondirectory(a);
    Value args[1] = {nondir};
    return f_file_name_sans_extension(Args{args, 1});
}

bool stat_ok(Value file, struct stat& st)
{
    std::string dir = default_dir();
    return ::stat(expand(os_string(file), dir).c_str(), &st) == 0;
}

Value f_file_exists_p(Args a)
{
    if (auto handled = file_handler_result(Qfile_exists_p, a, {0}))
        return *handled;
    struct stat st;
    return boolean(stat_ok(a[0], st));
}

Value f_file_directory_p(Args a)
{
    if (auto handled = file_handler_result(Qfile_directory_p, a, {0}))
        return *handled;
    struct stat st;
    return boolean(stat_ok(a[0], st) && S_ISDIR(st.st_mode));
}

Value f_file_regular_p(Args a)
{
    if (auto handled = file_handler_result(Qfile_regular_p, a, {0}))
        return *handled;
    struct stat st;
    return boolean(stat_ok(a[0], st) && S_ISREG(st.st_mode));
}

Value access_p(Value file, int mode)
{
    return boolean(::access(expand(os_string(file), default_dir()).c_str(), mode) == 0);
}

Value f_file_readable_p(Args a)
{
    if (auto handled = file_handler_result(Qfile_readable_p, a, {0}))
        return *handled;
    return access_p(a[0], R_OK);
}
Value f_file_executable_p(Args a)
{
    if (auto handled = file_handler_result(Qfile_executable_p, a, {0}))
        return *handled;
    return access_p(a[0], X_OK);
}

Value f_file_writable_p(Args a)
{
    if (auto handled = file_handler_result(Qfile_writable_p, a, {0}))
        return *handled;
    std::string path = expand(os_string(a[0]), default_dir());
    if (::access(path.c_str(), F_OK) == 0)
        return boolean(::access(path.c_str(), W_OK) == 0);
    std::string dir = path.substr(0, path.find_last_of('/') + 1);
    return boolean(::access(dir.c_str(), W_OK) == 0);
}

Value f_delete_file(Args a)
{
    if (auto handled = file_handler_result(Qdelete_file, a, {0}))
        return *handled;
    std::string path = expand(os_string(a[0]), default_dir());
    if (::unlink(path.c_str()) != 0 && errno != ENOENT)
        file_error("Removing old name", a[0], errno);
    return Qnil;
}

Value f_delete_directory(Args a)
{
    if (auto handled = file_handler_result(Qdelete_directory, a, {0}))
        return *handled;
    std::string path = expand(os_string(a[0]), default_dir());
    if (!nilp(a[1])) {
        if (DIR* d = ::opendir(path.c_str())) {
            std::vector<std::string> names;
            while (dirent* e = ::readdir(d))
                if (std::strcmp(e->d_name, ".") && std::strcmp(e->d_name, ".."))
                    names.push_back(path + "/" + e->d_name);
            ::closedir(d);
            for (auto& n : names) {
                struct stat st;
                if (::lstat(n.c_str(), &st) == 0 && S_ISDIR(st.st_mode)) {
                    Value args[2] = {lisp_name(n), Qt};
                    f_delete_directory(Args{args, 2});
                } else {
                    ::unlink(n.c_str());
                }
            }
        }
    }
    if (::rmdir(path.c_str()) != 0)
        file_error("Removing directory", a[0], errno);
    return Qnil;
}

Value f_make_directory(Args a)
{
    if (auto handled = file_handler_result(Qmake_directory, a, {0}))
        return *handled;
    std::string path = expand(os_string(a[0]), default_dir());
    if (!nilp(a[1])) {
        for (std::size_t i = 1; i < path.size(); ++i)
            if (path[i] == '/')
                ::mkdir(path.substr(0, i).c_str(), 0777);
        ::mkdir(path.c_str(), 0777);
        return Qnil;
    }
    if (::mkdir(path.c_str(), 0777) != 0)
        file_error("Creating directory", a[0], errno);
    return Qnil;
}

Value f_rename_file(Args a)
{
    if (auto handled = file_handler_result(Qrename_file, a, {0, 1}))
        return *handled;
    std::string from = expand(os_string(a[0]), default_dir()), to = expand(os_string(a[1]), default_dir());
    if (nilp(a[2]) && ::access(to.c_str(), F_OK) == 0)
        file_error("Renaming", a[1], EEXIST);
    if (::rename(from.c_str(), to.c_str()) != 0)
        file_error("Renaming", a[0], errno);
    return Qnil;
}

bool write_all(int fd, std::string_view data)
{
    while (!data.empty()) {
        ssize_t n = ::write(fd, data.data(), data.size());
        if (n < 0) {
            if (errno == EINTR)
                continue;
            return false;
        }
        data.remove_prefix(static_cast<std::size_t>(n));
    }
    return true;
}

Value f_make_temp_file(Args a)
{
    std::string prefix = os_string(a[0]);
    bool dir_flag = !nilp(a[1]);
    std::string suffix = nilp(a[2]) ? "" : os_string(a[2]);
    Value tmpdir_v = xsymbol(Qtemporary_file_directory)->value;
    std::string tmpdir = stringp(tmpdir_v) ? os_string(tmpdir_v) : "/tmp/";
    std::string base = expand(prefix, tmpdir);
    static std::mt19937_64 rng(std::random_device{}());
    static const char alphabet[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    for (int attempt = 0; attempt < 100; ++attempt) {
        std::string name = base;
        for (int i = 0; i < 6; ++i)
            name += alphabet[rng() % (sizeof alphabet - 1)];
        name += suffix;
        if (dir_flag) {
            if (::mkdir(name.c_str(), 0700) == 0)
                return lisp_name(name);
        } else {
            int fd = ::open(name.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
            if (fd >= 0) {
                bool ok = true;
                if (stringp(a[3])) {
                    std::string text;
                    internal_to_utf8(string_view(a[3]), text);
                    ok = write_all(fd, text);
                }
                ::close(fd);
                if (!ok)
                    file_error("Writing to", lisp_name(name), errno);
                return lisp_name(name);
            }
        }
        if (errno != EEXIST)
            file_error("Creating file with prefix", a[0], errno);
    }
    file_error("Creating file with prefix", a[0], EEXIST);
}

Value f_file_truename(Args a)
{
    if (auto handled = file_handler_result(Qfile_truename, a, {0}))
        return *handled;
    std::string path = expand(os_string(a[0]), default_dir());
    char buf[PATH_MAX];
    if (::realpath(path.c_str(), buf))
        return lisp_name(buf);
    return lisp_name(path);
}

const SubrDef file_subrs[] = {
    {"expand-file-name", 1, 2, f_expand_file_name},
    {"file-name-as-directory", 1, 1, f_file_name_as_directory},
    {"directory-file-name", 1, 1, f_directory_file_name},
    {"file-name-directory", 1, 1, f_file_name_directory},
    {"file-name-nondirectory", 1, 1, f_file_name_nondirectory},
    {"file-name-absolute-p", 1, 1, f_file_name_absolute_p},
    {"file-name-extension", 1, 2, f_file_name_extension},
    {"file-name-sans-extension", 1, 1, f_file_name_sans_extension},
    {"file-name-base", 1, 1, f_file_name_base},
    {"file-exists-p", 1, 1, f_file_exists_p},
    {"file-directory-p", 1, 1, f_file_directory_p},
    {"file-regular-p", 1, 1, f_file_regular_p},
    {"file-readable-p", 1, 1, f_file_readable_p},
    {"file-executable-p", 1, 1, f_file_executable_p},
    {"file-writable-p", 1, 1, f_file_writable_p},
    {"delete-file", 1, 2, f_delete_file},
    {"delete-directory", 1, 3, f_delete_directory},
    {"make-directory", 1, 2, f_make_directory},
    {"rename-file", 2, 3, f_rename_file},
    {"make-temp-file", 1, 4, f_make_temp_file},
    {"file-truename", 1, 1, f_file_truename},
};

} // namespace

void register_file_builtins() { register_subrs(file_subrs); }

} // namespace gapmacs::lisp
