// Emergency auto-save: what every fatal path does before the process ends
// (a SIGTERM or SIGHUP that the running command could not answer, a crash
// signal, std::terminate, a hang-up): each modified buffer visiting a file
// is written to #FILE# beside it.
//
// It must work whatever the interrupted code held, malloc's lock included,
// so it uses system calls only: the text is written as it is held
// (UTF-8 with raw bytes in their two-byte form, which is Emacs's
// utf-8-emacs, the coding of its own auto-save files), the name is built on
// the stack, and the file is made anew with the visited file's permission
// bits, never through a symlink planted at its name.
#pragma once
#include <thread>

namespace gapmacs::ui {

// Async-signal-safe as long as no buffer is being changed meanwhile (the
// callers park or have stopped the thread that changes them).
void emergency_auto_save() noexcept;

// Arms the SIGTERM/SIGHUP watchdog for the life of the object: when one of
// those signals arrives, the command loop gets `grace` to auto-save and
// exit itself (the signal also quits the running command); if it has not by
// then (a blocking system call, a loop with inhibit-quit), the watchdog
// thread stops the main thread where it is, auto-saves, gives the terminal
// back and ends the process with status 1.
class TerminationWatchdog final {
public:
    explicit TerminationWatchdog(int grace_ms);
    ~TerminationWatchdog();
    TerminationWatchdog(const TerminationWatchdog&) = delete;
    TerminationWatchdog& operator=(const TerminationWatchdog&) = delete;

    // From the signal handler: starts the grace period. Async-signal-safe.
    static void signal_arrived() noexcept;

private:
    std::thread m_watcher;
};

} // namespace gapmacs::ui
