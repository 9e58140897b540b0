#include "ui/emergency_save.hpp"

#include <fcntl.h>
#include <pthread.h>
#include <semaphore.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <climits>
#include <csignal>
#include <cstring>
#include <ctime>
#include <string_view>

#include "lisp-lite/editor/buffers.hpp"
#include "ui/terminal.hpp"

namespace gapmacs::ui {

namespace {

bool write_fully(int fd, std::string_view bytes) noexcept
{
    while (!bytes.empty()) {
        ssize_t n = ::write(fd, bytes.data(), bytes.size());
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return false;
        bytes.remove_prefix(static_cast<std::size_t>(n));
    }
    return true;
}

// "#BASE#" in FILE's directory, into `out`; false when it does not fit.
bool auto_save_name(std::string_view file, char (&out)[PATH_MAX]) noexcept
{
    const std::size_t slash = file.rfind('/');
    const std::string_view dir = slash == std::string_view::npos ? std::string_view() : file.substr(0, slash + 1);
    const std::string_view base = slash == std::string_view::npos ? file : file.substr(slash + 1);
    if (base.empty() || dir.size() + base.size() + 3 > sizeof out)
        return false;
    char* p = out;
    std::memcpy(p, dir.data(), dir.size());
    p += dir.size();
    *p++ = '#';
    std::memcpy(p, base.data(), base.size());
    p += base.size();
    *p++ = '#';
    *p = '\0';
    return true;
}

void auto_save(const Buffer& b) noexcept
{
    char name[PATH_MAX];
    if (!auto_save_name(b.file_name(), name))
        return;
    // The visited file's permission bits (a 0600 secret stays 0600); 0600
    // when it has none yet.
    struct stat st {};
    const mode_t mode = ::stat(b.file_name().c_str(), &st) == 0 ? (st.st_mode & 0777) : 0600;
    // Made anew: whatever sits at the name (a symlink another user planted)
    // is removed, not written through.
    ::unlink(name);
    const int fd = ::open(name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
    if (fd < 0)
        return;
    ::fchmod(fd, mode);
    bool ok = true;
    b.for_each_text_piece([&](std::string_view piece) { ok = ok && write_fully(fd, piece); });
    ::close(fd);
    if (!ok)
        ::unlink(name); // a truncated auto-save would mislead recover-file
}

// ---- the SIGTERM/SIGHUP watchdog ----

sem_t g_wake;
std::atomic<bool> g_armed{false}; // g_wake exists: a signal may post it
std::atomic<bool> g_stopping{false};
std::atomic<bool> g_main_parked{false};
pthread_t g_main_thread;
int g_grace_ms = 0;

extern "C" void park_main_thread(int)
{
    g_main_parked = true;
    for (;;)
        ::pause();
}

void watch()
{
    while (::sem_wait(&g_wake) != 0 && errno == EINTR) {
    }
    if (g_stopping)
        return;
    // The grace period, in slices, so that a clean exit meanwhile ends it.
    for (int waited = 0; waited < g_grace_ms; waited += 10) {
        if (g_stopping)
            return;
        struct timespec slice {0, 10'000'000};
        ::nanosleep(&slice, nullptr);
    }
    if (g_stopping)
        return;
    ::pthread_kill(g_main_thread, SIGUSR2);
    for (int i = 0; i < 100 && !g_main_parked; ++i) {
        struct timespec slice {0, 10'000'000};
        ::nanosleep(&slice, nullptr);
    }
    emergency_auto_save();
    restore_terminal_now();
    ::_exit(1);
}

} // namespace

void emergency_auto_save() noexcept
{
    for (lisp::Value v : lisp::buffer_list()) {
        const Buffer* b = lisp::live_buffer(v);
        if (b && b->modified() && !b->file_name().empty())
            auto_save(*b);
    }
}

TerminationWatchdog::TerminationWatchdog(int grace_ms)
{
    g_grace_ms = grace_ms;
    g_stopping = false;
    g_main_parked = false;
    g_main_thread = ::pthread_self();
    ::sem_init(&g_wake, 0, 0);
    g_armed = true;
    struct sigaction sa {};
    sa.sa_handler = park_main_thread;
    sigemptyset(&sa.sa_mask);
    ::sigaction(SIGUSR2, &sa, nullptr);
    // The watcher takes no signal: SIGTERM and the rest reach the main thread.
    sigset_t all, old;
    sigfillset(&all);
    ::pthread_sigmask(SIG_BLOCK, &all, &old);
    m_watcher = std::thread(watch);
    ::pthread_sigmask(SIG_SETMASK, &old, nullptr);
}

TerminationWatchdog::~TerminationWatchdog()
{
    g_stopping = true;
    ::sem_post(&g_wake);
    if (m_watcher.joinable())
        m_watcher.join();
    g_armed = false;
    ::sem_destroy(&g_wake);
}

void TerminationWatchdog::signal_arrived() noexcept
{
    if (g_armed)
        ::sem_post(&g_wake);
}

} // namespace gapmacs::ui
