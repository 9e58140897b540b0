// The system's processes, as Emacs's sysdep.c reads them from /proc on
// GNU/Linux: list-system-processes and process-attributes, which proced
// (Emacs's `top') and packages asking about a PID are built on.
#include <dirent.h>
#include <grp.h>
#include <pwd.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdint>
#include <ctime>
#include <fstream>
#include <optional>
#include <sstream>
#include <string_view>
#include <string>
#include <vector>

#include "lisp-lite/editor/modules.hpp"
#include "lisp-lite/lang/builtins.hpp"
#include "lisp-lite/lang/heap.hpp"

namespace gapmacs::lisp {

namespace {

// The whole of a small /proc file, or nothing when the process is gone.
std::optional<std::string> proc_file(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return std::nullopt;
    std::ostringstream out;
    out << in.rdbuf();
    return out.str();
}

// A decimal number of a /proc file, 0 when it is none.
std::int64_t number(std::string_view text)
{
    std::int64_t n = 0;
    std::from_chars(text.data(), text.data() + text.size(), n);
    return n;
}

// The fields of /proc/PID/stat after "(COMM) ": state is [0], ppid [1]...
struct ProcStat {
    std::string comm;
    std::vector<std::string> fields;
    std::int64_t at(std::size_t i) const { return i < fields.size() ? number(fields[i]) : 0; }
};

std::optional<ProcStat> read_stat(const std::string& dir)
{
    auto text = proc_file(dir + "/stat");
    if (!text)
        return std::nullopt;
    // The command is between the first "(" and the last ")": it may hold
    // spaces and parentheses itself.
    const std::size_t open = text->find('('), close = text->rfind(')');
    if (open == std::string::npos || close == std::string::npos || close < open)
        return std::nullopt;
    ProcStat st;
    st.comm = text->substr(open + 1, close - open - 1);
    std::istringstream rest(text->substr(close + 1));
    for (std::string f; rest >> f;)
        st.fields.push_back(f);
    if (st.fields.size() < 22)
        return std::nullopt;
    return st;
}

// Seconds since boot at which the system booted (btime of /proc/stat).
std::int64_t boot_time()
{
    if (auto text = proc_file("/proc/stat")) {
        std::istringstream in(*text);
        for (std::string key; in >> key;) {
            if (key == "btime") {
                std::int64_t t = 0;
                in >> t;
                return t;
            }
        }
    }
    return 0;
}

std::int64_t total_memory_kb()
{
    if (auto text = proc_file("/proc/meminfo")) {
        std::istringstream in(*text);
        std::string key;
        std::int64_t kb = 0;
        while (in >> key >> kb) {
            if (key == "MemTotal:")
                return kb;
            in.ignore(64, '\n');
        }
    }
    return 0;
}

// The terminal of device number TTY: /proc/tty/drivers maps a major number
// and a range of minors to a /dev name, as Emacs's procfs_ttyname.
std::string tty_name(std::int64_t tty)
{
    if (tty == 0)
        return "";
    const std::int64_t major = (tty >> 8) & 0xfff, minor = (tty & 0xff) | ((tty >> 12) & 0xfff00);
    if (auto text = proc_file("/proc/tty/drivers")) {
        std::istringstream in(*text);
        for (std::string line; std::getline(in, line);) {
            std::istringstream fields(line);
            std::string name, prefix, minors;
            std::int64_t drv_major = -1;
            if (!(fields >> name >> prefix >> drv_major >> minors) || drv_major != major)
                continue;
            const std::size_t dash = minors.find('-');
            const std::int64_t lo = number(minors.substr(0, dash));
            const std::int64_t hi = dash == std::string::npos ? lo : number(minors.substr(dash + 1));
            if (minor < lo || minor > hi)
                continue;
            return lo == hi ? prefix : prefix + "/" + std::to_string(minor - lo);
        }
    }
    return "?";
}

// /proc/PID/cmdline as Emacs shows it: arguments separated by spaces, a
// space, tab, newline or backslash inside one escaped with a backslash;
// "[COMM]" for a process without one (a kernel thread).
std::string command_line(const std::string& dir, const std::string& comm)
{
    auto raw = proc_file(dir + "/cmdline");
    if (!raw)
        return "";
    while (!raw->empty() && raw->back() == '\0')
        raw->pop_back();
    if (raw->empty())
        return "[" + comm + "]";
    std::string out;
    for (char c : *raw) {
        if (c == '\0') {
            out += ' ';
            continue;
        }
        if (std::isspace(static_cast<unsigned char>(c)) || c == '\\')
            out += '\\';
        out += c;
    }
    return out;
}

// Clock ticks as a Lisp time.
Value ticks_time(std::int64_t ticks, std::int64_t hz)
{
    return time_value(ticks / hz, (ticks % hz) * (1000000000 / hz));
}

// (list-system-processes): the PIDs of the processes running now.
Value f_list_system_processes(Args)
{
    RootedVector pids;
    if (DIR* dir = ::opendir("/proc")) {
        while (const dirent* e = ::readdir(dir)) {
            const std::string name = e->d_name;
            if (!name.empty() && name.find_first_not_of("0123456789") == std::string::npos)
                pids.push_back(make_integer(number(name)));
        }
        ::closedir(dir);
    }
    return list_from(pids);
}

// (process-attributes PID): an alist of what /proc says of PID, nil when
// there is no such process; the keys and units of Emacs 28.
Value f_process_attributes(Args a)
{
    const std::int64_t pid = check_fixnum(a[0]);
    const std::string dir = "/proc/" + std::to_string(pid);
    struct stat st;
    if (pid <= 0 || ::stat(dir.c_str(), &st) != 0)
        return Qnil;
    const std::optional<ProcStat> ps = read_stat(dir);
    if (!ps)
        return Qnil;
    const std::int64_t hz = std::max<long>(::sysconf(_SC_CLK_TCK), 1);
    const std::int64_t page_kb = std::max<long>(::sysconf(_SC_PAGESIZE), 1024) / 1024;
    // stat(5): state ppid pgrp session tty_nr tpgid flags minflt cminflt
    // majflt cmajflt utime stime cutime cstime priority nice num_threads
    // itrealvalue starttime vsize rss, from field 3.
    const std::int64_t utime = ps->at(11), stime = ps->at(12), cutime = ps->at(13), cstime = ps->at(14);
    const std::int64_t start_ticks = ps->at(19);
    const std::int64_t rss_kb = ps->at(21) * page_kb;
    struct timespec now {};
    ::clock_gettime(CLOCK_REALTIME, &now);
    const std::int64_t start_ns = boot_time() * 1000000000 + start_ticks * (1000000000 / hz);
    const std::int64_t elapsed_ns = std::max<std::int64_t>(now.tv_sec * 1000000000 + now.tv_nsec - start_ns, 1);
    const std::int64_t memory_kb = total_memory_kb();

    RootedVector attrs;
    auto add = [&](const char* key, Value v) {
        const Value k = intern(key);
        attrs.push_back(make_cons(k, v));
    };
    add("euid", make_integer(st.st_uid));
    if (const passwd* pw = ::getpwuid(st.st_uid))
        add("user", make_string_from_utf8(pw->pw_name));
    add("egid", make_integer(st.st_gid));
    if (const group* gr = ::getgrgid(st.st_gid))
        add("group", make_string_from_utf8(gr->gr_name));
    add("comm", make_string_from_utf8(ps->comm));
    add("state", make_string_from_utf8(ps->fields[0]));
    add("ppid", make_integer(ps->at(1)));
    add("pgrp", make_integer(ps->at(2)));
    add("sess", make_integer(ps->at(3)));
    add("ttname", make_string_from_utf8(tty_name(ps->at(4))));
    add("tpgid", make_integer(ps->at(5)));
    add("minflt", make_integer(ps->at(7)));
    add("majflt", make_integer(ps->at(9)));
    add("cminflt", make_integer(ps->at(8)));
    add("cmajflt", make_integer(ps->at(10)));
    add("utime", ticks_time(utime, hz));
    add("stime", ticks_time(stime, hz));
    add("time", ticks_time(utime + stime, hz));
    add("cutime", ticks_time(cutime, hz));
    add("cstime", ticks_time(cstime, hz));
    add("ctime", ticks_time(cutime + cstime, hz));
    add("pri", make_integer(ps->at(15)));
    add("nice", make_integer(ps->at(16)));
    add("thcount", make_integer(ps->at(17)));
    add("start", time_value(start_ns / 1000000000, start_ns % 1000000000));
    add("vsize", make_integer(ps->at(20) / 1024));
    add("rss", make_integer(rss_kb));
    add("etime", time_value(elapsed_ns / 1000000000, elapsed_ns % 1000000000));
    add("pcpu", make_number(100.0 * static_cast<double>(utime + stime) / static_cast<double>(hz) /
                           (static_cast<double>(elapsed_ns) / 1e9)));
    if (memory_kb > 0)
        add("pmem", make_number(100.0 * static_cast<double>(rss_kb) / static_cast<double>(memory_kb)));
    add("args", make_string_from_utf8(command_line(dir, ps->comm)));
    // Emacs builds its list by consing each pair in front.
    Value result = Qnil;
    GcRoot root(&result, 1);
    for (Value pair : attrs.items())
        result = make_cons(pair, result);
    return result;
}

const SubrDef system_process_subrs[] = {
    {"list-system-processes", 0, 0, f_list_system_processes},
    {"process-attributes", 1, 1, f_process_attributes},
};

} // namespace

void register_system_process_builtins() { register_subrs(system_process_subrs); }

} // namespace gapmacs::lisp
