#include "lisp-lite/lang/emacs_library.hpp"

#include <sys/stat.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <filesystem>

#include "core/file_contents.hpp"
#include "lisp-lite/lang/reader.hpp"

namespace gapmacs::lisp {

namespace {

bool is_directory(const std::string& path)
{
    struct stat st;
    return ::stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode);
}

// Emacs 28's library first (the specification), then the newest.
bool preferred_version(const std::string& a, const std::string& b)
{
    bool a28 = a.rfind("28.", 0) == 0, b28 = b.rfind("28.", 0) == 0;
    return a28 != b28 ? a28 : a > b;
}

// The subdirectory names of `dir`'s subdirs.el: the strings of its
// (normal-top-level-add-to-load-path '(...)) form. A missing or unreadable
// file names none.
std::vector<std::string> subdirs_of(const std::string& dir)
{
    std::vector<std::string> names;
    std::string text;
    try {
        text = read_file_contents(dir + "/subdirs.el");
    } catch (const std::exception&) {
        return names;
    }
    try {
        for (std::size_t pos = 0; !at_end_of_forms(text, pos);) {
            Value form = read_from(text, pos);
            if (!form.is_cons() || xcar(form) != Qnormal_top_level_add_to_load_path || !xcdr(form).is_cons())
                continue;
            Value quoted = xcar(xcdr(form)); // (quote LIST)
            if (!quoted.is_cons() || !xcdr(quoted).is_cons())
                continue;
            for (Value l = xcar(xcdr(quoted)); l.is_cons(); l = xcdr(l))
                if (stringp(xcar(l)))
                    names.emplace_back(string_view(xcar(l)));
        }
    } catch (const LispSignal&) {
        // Garbage in subdirs.el: the directory alone.
    }
    return names;
}

} // namespace

std::string emacs_library_directory()
{
    if (const char* env = std::getenv("GAPMACS_EMACS_LISP"))
        return is_directory(env) ? env : "";
    const std::string root = "/usr/share/emacs";
    if (is_directory(root + "/28.2/lisp"))
        return root + "/28.2/lisp";
    std::vector<std::string> versions;
    std::error_code ec;
    for (const auto& entry : std::filesystem::directory_iterator(root, ec))
        if (std::isdigit(static_cast<unsigned char>(entry.path().filename().string()[0])) &&
            is_directory(entry.path().string() + "/lisp"))
            versions.push_back(entry.path().filename().string());
    if (versions.empty())
        return "";
    std::sort(versions.begin(), versions.end(), preferred_version);
    return root + "/" + versions.front() + "/lisp";
}

std::vector<std::string> emacs_library_load_path(const std::string& dir)
{
    std::vector<std::string> path;
    if (dir.empty() || !is_directory(dir))
        return path;
    path.push_back(dir);
    for (const std::string& name : subdirs_of(dir))
        if (is_directory(dir + "/" + name))
            path.push_back(dir + "/" + name);
    return path;
}

} // namespace gapmacs::lisp
