// Finding programs (exec_path.hpp), and the variables and the function
// around it: exec-path, exec-suffixes, executable-find.
#include "lisp-lite/editor/exec_path.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <optional>
#include <string_view>

#include "lisp-lite/editor/modules.hpp"
#include "lisp-lite/editor/symbols.hpp"
#include "lisp-lite/lang/builtins.hpp"
#include "lisp-lite/lang/eval.hpp"
#include "lisp-lite/lang/heap.hpp"
#include "lisp-lite/lang/variables.hpp"

namespace gapmacs::lisp {

namespace {

bool executable_file(const std::string& file)
{
    struct stat st;
    return ::stat(file.c_str(), &st) == 0 && S_ISREG(st.st_mode) && ::access(file.c_str(), X_OK) == 0;
}

// A directory of exec-path as a file-name prefix: nil is default-directory.
std::string directory_of(Value dir)
{
    Value d = nilp(dir) ? find_symbol_value(Qdefault_directory) : dir;
    if (!stringp(d))
        return {};
    std::string s = os_string(call1(Qexpand_file_name, d));
    if (!s.empty() && s.back() != '/')
        s += '/';
    return s;
}

// NAME plus a suffix in a directory of exec-path, the first that is an
// executable regular file, as Emacs's openp with X_OK.
std::optional<std::string> search_exec_path(const std::string& name)
{
    Value path = find_symbol_value(Qexec_path);
    Value suffixes = find_symbol_value(Qexec_suffixes);
    if (path == Qunbound)
        path = Qnil;
    for (Value dirs : tails(path)) {
        const std::string dir = directory_of(xcar(dirs));
        if (dir.empty())
            continue;
        bool tried_plain = false;
        for (Value s : tails(suffixes == Qunbound ? Qnil : suffixes)) {
            if (!stringp(xcar(s)))
                continue;
            tried_plain |= string_view(xcar(s)).empty();
            if (std::string f = dir + name + os_string(xcar(s)); executable_file(f))
                return f;
        }
        if (!tried_plain && executable_file(dir + name))
            return dir + name;
    }
    return std::nullopt;
}

// (executable-find COMMAND &optional REMOTE): an absolute COMMAND if it is
// executable, else COMMAND found along exec-path; nil when there is none.
Value f_executable_find(Args a)
{
    check_string(a[0]);
    const std::string name = os_string(a[0]);
    if (!name.empty() && name[0] == '/')
        return executable_file(name) ? a[0] : Qnil;
    auto found = search_exec_path(name);
    return found ? call1(Qexpand_file_name, make_string_from_utf8(*found)) : Qnil;
}

// PATH's directories; an empty element is the current directory (nil).
Value path_from_environment()
{
    const char* env = std::getenv("PATH");
    std::string_view path = env ? env : "/usr/local/bin:/usr/bin:/bin";
    RootedVector dirs;
    for (;;) {
        const std::size_t colon = path.find(':');
        std::string_view dir = path.substr(0, colon);
        dirs.push_back(dir.empty() ? Qnil : make_string_from_utf8(dir));
        if (colon == std::string_view::npos)
            break;
        path.remove_prefix(colon + 1);
    }
    Value result = Qnil;
    for (std::size_t i = dirs.size(); i-- > 0;)
        result = cons(dirs[i], result);
    return result;
}

const SubrDef exec_path_subrs[] = {
    {"executable-find", 1, 2, f_executable_find},
};

} // namespace

std::string find_program(const std::string& name)
{
    if (name.find('/') != std::string::npos)
        return name;
    if (auto found = search_exec_path(name))
        return *found;
    xsignal(Qfile_missing, list({make_string("Searching for program"), make_string("No such file or directory"),
                                 make_string_from_utf8(name)}));
}

void register_exec_path_builtins()
{
    register_subrs(exec_path_subrs);
    defvar_builtin("exec-path", path_from_environment());
    defvar_builtin("exec-suffixes", list({make_string("")}));
}

} // namespace gapmacs::lisp
