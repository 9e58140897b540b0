// directory-files and directory-files-recursively, natively: the tree walk
// that seed thread 001 compares with `find` runs in C++, and only the result
// list is made of Lisp objects. Order, matching and names are Emacs's.
#include <algorithm>
#include <cerrno>
#include <dirent.h>
#include <string>
#include <sys/stat.h>
#include <vector>

#include "core/error.hpp"
#include "core/regex.hpp"
#include "core/utf8.hpp"
#include "lisp-lite/lang/file_name_handlers.hpp"
#include "lisp-lite/editor/modules.hpp"
#include "lisp-lite/editor/symbols.hpp"
#include "lisp-lite/lang/builtins.hpp"

namespace gapmacs::lisp {

namespace {

std::string expanded(Value dir) { return os_string(call1(Qexpand_file_name, dir)); }

// A compiled MATCH regexp, case-sensitive as Emacs on GNU/Linux.
std::shared_ptr<const Regex> match_regex(Value regexp)
{
    if (nilp(regexp))
        return nullptr;
    check_string(regexp);
    try {
        return compile_regex(string_view(regexp), false);
    } catch (const Error& e) {
        signal_core_error(e);
    }
}

bool matches(const std::shared_ptr<const Regex>& re, const std::string& name)
{
    if (!re)
        return true;
    std::string internal;
    utf8_to_internal(name, internal, true);
    return re->string_match(internal).has_value();
}

struct Entry {
    std::string name; // as file-name-all-completions: directories end in "/"
    bool symlink = false;
};

// The entries of dir (without . and ..), sorted as Emacs sorts them: by
// name, directories with their trailing slash. Throws FileError.
std::vector<Entry> list_directory(const std::string& dir)
{
    DIR* d = ::opendir(dir.c_str());
    if (!d)
        throw_file_error("Opening directory", dir, errno);
    std::vector<Entry> entries;
    while (dirent* e = ::readdir(d)) {
        std::string name = e->d_name;
        if (name == "." || name == "..")
            continue;
        bool is_dir = e->d_type == DT_DIR;
        bool is_link = e->d_type == DT_LNK;
        if (e->d_type == DT_UNKNOWN || is_link) {
            struct stat st;
            std::string full = dir + "/" + name;
            if (e->d_type == DT_UNKNOWN && ::lstat(full.c_str(), &st) == 0)
                is_link = S_ISLNK(st.st_mode);
            // A symlink to a directory completes with a slash too (stat follows it).
            is_dir = ::stat(full.c_str(), &st) == 0 && S_ISDIR(st.st_mode);
        }
        entries.push_back({is_dir ? name + "/" : name, is_link});
    }
    ::closedir(d);
    std::sort(entries.begin(), entries.end(), [](const Entry& a, const Entry& b) { return a.name < b.name; });
    return entries;
}

struct Walk {
    std::shared_ptr<const Regex> regexp;
    bool include_directories = false;
    Value predicate = Qnil;
    bool follow_symlinks = false;
    std::vector<std::string> out;

    bool descend_into(const std::string& full)
    {
        if (nilp(predicate) || predicate == Qt)
            return true;
        return !nilp(call1(predicate, make_string_from_utf8(full)));
    }

    void walk(const std::string& dir)
    {
        std::vector<Entry> entries;
        try {
            entries = list_directory(dir);
        } catch (const FileError&) {
            if (predicate == Qt)
                return; // t: unreadable directories are skipped silently
            throw;
        }
        std::vector<std::string> files;
        for (const Entry& e : entries) {
            maybe_quit();
            if (e.name.back() == '/') {
                std::string leaf = e.name.substr(0, e.name.size() - 1);
                std::string full = dir + "/" + leaf;
                if ((follow_symlinks || !e.symlink) && descend_into(full))
                    walk(full);
                if (include_directories && matches(regexp, leaf))
                    out.push_back(full);
            } else if (matches(regexp, e.name)) {
                files.push_back(dir + "/" + e.name);
            }
        }
        out.insert(out.end(), files.begin(), files.end());
    }
};

Value make_list(const std::vector<std::string>& paths)
{
    Value result = Qnil;
    for (std::size_t i = paths.size(); i-- > 0;)
        result = cons(make_string_from_utf8(paths[i]), result);
    return result;
}

// (directory-files DIRECTORY &optional FULL MATCH NOSORT COUNT)
Value f_directory_files(Args a)
{
    if (auto handled = file_handler_result(Qdirectory_files, a, {0}))
        return *handled;
    std::string dir = expanded(a[0]);
    auto regexp = match_regex(a[2]);
    std::int64_t count = nilp(a[4]) ? -1 : check_natnum(a[4]);
    std::vector<std::string> names;
    try {
        DIR* d = ::opendir(dir.c_str());
        if (!d)
            throw_file_error("Opening directory", dir, errno);
        while (dirent* e = ::readdir(d))
            names.push_back(e->d_name);
        ::closedir(d);
    } catch (const Error& e) {
        signal_core_error(e);
    }
    // As Emacs: COUNT takes the first matches in directory order, then they are sorted.
    std::vector<std::string> kept;
    for (auto& n : names) {
        if (count >= 0 && static_cast<std::int64_t>(kept.size()) >= count)
            break;
        if (matches(regexp, n))
            kept.push_back(n);
    }
    if (nilp(a[3]))
        std::sort(kept.begin(), kept.end());
    if (!nilp(a[1])) {
        std::string prefix = dir.back() == '/' ? dir : dir + "/";
        for (auto& n : kept)
            n = prefix + n;
    }
    return make_list(kept);
}

// (directory-files-recursively DIR REGEXP &optional INCLUDE-DIRECTORIES
//  PREDICATE FOLLOW-SYMLINKS): files whose names match REGEXP, each
// directory's subdirectories' results first, then its own files, as Emacs.
Value f_directory_files_recursively(Args a)
{
    Walk w;
    w.regexp = match_regex(a[1]);
    w.include_directories = !nilp(a[2]);
    w.predicate = a[3];
    w.follow_symlinks = !nilp(a[4]);
    std::string dir = expanded(a[0]);
    while (dir.size() > 1 && dir.back() == '/')
        dir.pop_back(); // directory-file-name
    try {
        w.walk(dir);
    } catch (const Error& e) {
        signal_core_error(e);
    }
    return make_list(w.out);
}

const SubrDef dir_subrs[] = {
    {"directory-files", 1, 5, f_directory_files},
    {"directory-files-recursively", 2, 5, f_directory_files_recursively},
};

} // namespace

void register_dir_builtins() { register_subrs(dir_subrs); }

} // namespace gapmacs::lisp
