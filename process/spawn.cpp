#include "process/spawn.hpp"

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <spawn.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <termios.h>
#include <unistd.h>

#include "core/error.hpp"

extern char** environ;

namespace gapmacs {

namespace {

struct Pipe {
    UniqueFd read, write;
};

Pipe make_pipe()
{
    int fds[2];
    if (pipe2(fds, O_CLOEXEC) != 0)
        throw_file_error("Creating pipe", "", errno);
    return {UniqueFd(fds[0]), UniqueFd(fds[1])};
}

void set_nonblocking(int fd) { fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK); }

// Enlarges a pipe to `size` (capped by the system maximum), never shrinking it
// below the kernel's default: a one-page pipe made a 1 GB transfer 10x slower.
void size_pipe(int fd, std::size_t size)
{
    std::size_t want = std::min(size, pipe_max_size());
    int current = fcntl(fd, F_GETPIPE_SZ);
    if (current > 0 && want > static_cast<std::size_t>(current))
        fcntl(fd, F_SETPIPE_SZ, static_cast<int>(want));
}

// RAII for the posix_spawn attribute objects.
struct SpawnSetup {
    posix_spawn_file_actions_t actions;
    posix_spawnattr_t attr;
    SpawnSetup()
    {
        posix_spawn_file_actions_init(&actions);
        posix_spawnattr_init(&attr);
    }
    ~SpawnSetup()
    {
        posix_spawn_file_actions_destroy(&actions);
        posix_spawnattr_destroy(&attr);
    }
};

void check_directory(const std::string& dir)
{
    struct stat st;
    if (stat(dir.c_str(), &st) != 0)
        throw_file_error("Setting current directory", dir, errno);
    if (!S_ISDIR(st.st_mode))
        throw_file_error("Setting current directory", dir, ENOTDIR);
}

// A pty pair: the master for the editor, the slave's name for the child.
struct Pty {
    UniqueFd master;
    std::string slave;
};

Pty open_pty(int rows, int cols)
{
    UniqueFd master(posix_openpt(O_RDWR | O_NOCTTY | O_CLOEXEC));
    char name[128];
    if (!master || grantpt(master.get()) != 0 || unlockpt(master.get()) != 0 ||
        ptsname_r(master.get(), name, sizeof name) != 0)
        throw_file_error("Opening pty", "", errno);
    // Emacs's child_setup_tty: no echo (comint shows the input itself) and
    // no CR before NL on output.
    UniqueFd slave(::open(name, O_RDWR | O_NOCTTY | O_CLOEXEC));
    if (!slave)
        throw_file_error("Opening pty", name, errno);
    struct termios t;
    if (tcgetattr(slave.get(), &t) == 0) {
        t.c_lflag &= ~static_cast<tcflag_t>(ECHO);
        t.c_oflag &= ~static_cast<tcflag_t>(ONLCR);
        tcsetattr(slave.get(), TCSANOW, &t);
    }
    set_pty_size(master.get(), rows, cols);
    return {std::move(master), name};
}

} // namespace

void set_pty_size(int master_fd, int rows, int cols)
{
    struct winsize ws {};
    ws.ws_row = static_cast<unsigned short>(rows);
    ws.ws_col = static_cast<unsigned short>(cols);
    ioctl(master_fd, TIOCSWINSZ, &ws);
}

std::size_t pipe_max_size()
{
    static const std::size_t max = [] {
        std::ifstream in("/proc/sys/fs/pipe-max-size");
        std::size_t v = 0;
        return (in >> v) ? v : std::size_t(1 << 20);
    }();
    return max;
}

SpawnedChild spawn(EventLoop& loop, const SpawnOptions& options)
{
    if (options.argv.empty())
        throw Error("error", "No program given");
    if (!options.directory.empty())
        check_directory(options.directory);

    using Stream = SpawnOptions::Stream;
    SpawnSetup setup;
    SpawnedChild child;
    Pipe in, out, err;
    auto& fa = setup.actions;

    Pty pty;
    if (options.pty) {
        // Opened after the child's setsid: the pty becomes its controlling terminal.
        pty = open_pty(options.pty_rows, options.pty_cols);
        posix_spawn_file_actions_addopen(&fa, 0, pty.slave.c_str(), O_RDWR, 0);
        posix_spawn_file_actions_adddup2(&fa, 0, 1);
    } else if (options.stdin_mode == Stream::Pipe) {
        in = make_pipe();
        posix_spawn_file_actions_adddup2(&fa, in.read.get(), 0);
    } else if (options.stdin_mode == Stream::File) {
        posix_spawn_file_actions_addopen(&fa, 0, options.stdin_file.c_str(), O_RDONLY, 0);
    } else {
        posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
    }
    if (options.pty) {
        // stdout is the pty too (above).
    } else if (options.stdout_mode == Stream::Pipe) {
        out = make_pipe();
        // Room for a millisecond of even a fast producer while the reader
        // pauses after a short read (output_stream.cpp); pages are only
        // taken as they fill.
        size_pipe(out.write.get(), std::max<std::size_t>(options.pipe_size, 1 << 20));
        posix_spawn_file_actions_adddup2(&fa, out.write.get(), 1);
    } else if (options.stdout_mode == Stream::File) {
        posix_spawn_file_actions_addopen(&fa, 1, options.stdout_file.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0666);
    } else {
        posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
    }
    switch (options.stderr_mode) {
    case Stream::Pipe:
        err = make_pipe();
        size_pipe(err.write.get(), options.pipe_size);
        posix_spawn_file_actions_adddup2(&fa, err.write.get(), 2);
        break;
    case Stream::MergeWithStdout:
        posix_spawn_file_actions_adddup2(&fa, 1, 2);
        break;
    case Stream::File:
        posix_spawn_file_actions_addopen(&fa, 2, options.stderr_file.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0666);
        break;
    case Stream::Null:
        posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
        break;
    }
    if (!options.directory.empty())
        posix_spawn_file_actions_addchdir_np(&fa, options.directory.c_str());

    // Own process group; default signal dispositions and an empty mask (the
    // editor blocks SIGCHLD for its signalfd, and ignores SIGPIPE/SIGXFSZ).
    sigset_t empty, defaults;
    sigemptyset(&empty);
    sigemptyset(&defaults);
    for (int sig : {SIGPIPE, SIGXFSZ, SIGINT, SIGQUIT, SIGCHLD, SIGTERM, SIGHUP})
        sigaddset(&defaults, sig);
    posix_spawnattr_setsigmask(&setup.attr, &empty);
    posix_spawnattr_setsigdefault(&setup.attr, &defaults);
    // A session of its own (and so a group), as Emacs gives every child: it
    // cannot reach the editor's terminal (an interactive shell over pipes
    // would stop on SIGTTOU), and a pty becomes its controlling terminal.
    posix_spawnattr_setflags(&setup.attr, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSID);

    std::vector<char*> argv;
    for (auto& a : options.argv)
        argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    std::vector<char*> envp;
    if (options.environment) {
        for (auto& e : *options.environment)
            envp.push_back(const_cast<char*>(e.c_str()));
        envp.push_back(nullptr);
    }

    // glibc's posix_spawn reports exec failures (ENOENT, EACCES) as its
    // result, after the child is gone: a missing program leaves no child.
    pid_t pid = -1;
    int rc = posix_spawnp(&pid, argv[0], &fa, &setup.attr, argv.data(), options.environment ? envp.data() : environ);
    if (rc != 0)
        throw_file_error("Searching for program", options.argv[0], rc);
    child.child = OwnedChild(loop, pid);

    // The child's ends close here; ours become non-blocking.
    if (pty.master) {
        set_nonblocking(pty.master.get());
        child.stdin_fd = UniqueFd(fcntl(pty.master.get(), F_DUPFD_CLOEXEC, 0));
        child.stdout_fd = std::move(pty.master);
        child.tty_name = pty.slave;
    }
    if (in.write) {
        set_nonblocking(in.write.get());
        child.stdin_fd = std::move(in.write);
    }
    if (out.read) {
        set_nonblocking(out.read.get());
        child.stdout_fd = std::move(out.read);
    }
    if (err.read) {
        set_nonblocking(err.read.get());
        child.stderr_fd = std::move(err.read);
    }
    return child;
}

} // namespace gapmacs
