#include "lisp-lite/editor/file_locks.hpp"

#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <fstream>
#include <optional>
#include <string>

#include "lisp-lite/editor/buffer_locals.hpp"
#include "lisp-lite/editor/buffers.hpp"
#include "lisp-lite/editor/modules.hpp"
#include "lisp-lite/editor/symbols.hpp"
#include "lisp-lite/lang/builtins.hpp"
#include "lisp-lite/lang/eval.hpp"
#include "lisp-lite/lang/file_name_handlers.hpp"

namespace gapmacs::lisp {

namespace {

// Who holds a lock: the text of the link, USER@HOST.PID[:BOOT].
struct LockOwner {
    std::string user, host;
    long pid = 0;
    std::optional<long> boot;
};

std::optional<LockOwner> parse_owner(const std::string& text)
{
    const auto at = text.rfind('@');
    if (at == std::string::npos)
        return std::nullopt;
    std::string rest = text.substr(at + 1);
    LockOwner owner{text.substr(0, at), {}, 0, std::nullopt};
    if (const auto colon = rest.rfind(':'); colon != std::string::npos) {
        long boot = 0;
        if (std::from_chars(rest.data() + colon + 1, rest.data() + rest.size(), boot).ec == std::errc())
            owner.boot = boot;
        rest.resize(colon);
    }
    const auto dot = rest.rfind('.');
    if (dot == std::string::npos ||
        std::from_chars(rest.data() + dot + 1, rest.data() + rest.size(), owner.pid).ec != std::errc())
        return std::nullopt;
    owner.host = rest.substr(0, dot);
    return owner;
}

// The boot time in seconds since the epoch (/proc/stat's btime), so that a
// lock left by a process before a reboot is seen as stale.
std::optional<long> read_boot_time()
{
    std::ifstream stat("/proc/stat");
    for (std::string line; std::getline(stat, line);) {
        long value = 0;
        if (line.starts_with("btime ") &&
            std::from_chars(line.data() + 6, line.data() + line.size(), value).ec == std::errc())
            return value;
    }
    return std::nullopt;
}

// Read once: every lock taken or checked names it.
std::optional<long> boot_time()
{
    static const std::optional<long> boot = read_boot_time();
    return boot;
}

std::string text_of(Value string) { return std::string(string_view(string)); }

LockOwner this_process()
{
    return {text_of(call0(Quser_login_name)), text_of(call0(Qsystem_name)), static_cast<long>(getpid()), boot_time()};
}

std::string link_text(const LockOwner& o)
{
    std::string text = o.user + "@" + o.host + "." + std::to_string(o.pid);
    if (o.boot)
        text += ":" + std::to_string(*o.boot);
    return text;
}

// The lock's file for FILE, or "" for none (make-lock-file-name, Emacs's
// files.el, applies lock-file-name-transforms).
std::string lock_name(Value file)
{
    if (!nilp(xsymbol(Qmake_lock_file_name)->function)) {
        Value name = call1(Qmake_lock_file_name, file);
        return stringp(name) ? os_string(name) : std::string();
    }
    std::string path = os_string(file);
    const auto slash = path.rfind('/');
    return path.insert(slash == std::string::npos ? 0 : slash + 1, ".#");
}

// What the lock says, or nothing when there is none (a link, or a regular
// file where links cannot be made, as Emacs falls back to).
std::optional<std::string> read_lock(const std::string& lock)
{
    char buf[512];
    const ssize_t n = ::readlink(lock.c_str(), buf, sizeof buf);
    if (n >= 0)
        return std::string(buf, static_cast<std::size_t>(n));
    if (errno != EINVAL)
        return std::nullopt;
    std::ifstream in(lock);
    std::string text;
    std::getline(in, text);
    return text;
}

enum class Holder { nobody, us, another };

// Who holds LOCK now; a lock of a process gone from this host is removed.
Holder current_holder(const std::string& lock, LockOwner& owner)
{
    const std::optional<std::string> text = read_lock(lock);
    if (!text)
        return Holder::nobody;
    const std::optional<LockOwner> held = parse_owner(*text);
    if (!held)
        return Holder::another; // not ours to remove
    owner = *held;
    const LockOwner self = this_process();
    if (owner.host != self.host)
        return Holder::another;
    if (owner.pid == self.pid && owner.user == self.user)
        return Holder::us;
    const bool alive = ::kill(static_cast<pid_t>(owner.pid), 0) == 0 || errno == EPERM;
    if (alive && (!owner.boot || !self.boot || *owner.boot == *self.boot))
        return Holder::another;
    ::unlink(lock.c_str());
    return Holder::nobody;
}

// Makes LOCK ours: a new link, or one that replaces another's (the user
// chose to take it).
bool make_lock(const std::string& lock, bool replace)
{
    const std::string target = link_text(this_process());
    if (!replace)
        return ::symlink(target.c_str(), lock.c_str()) == 0;
    const std::string fresh = lock + "." + std::to_string(getpid());
    ::unlink(fresh.c_str());
    if (::symlink(target.c_str(), fresh.c_str()) != 0)
        return false;
    if (::rename(fresh.c_str(), lock.c_str()) != 0) {
        ::unlink(fresh.c_str());
        return false;
    }
    return true;
}

bool locking_enabled(Value file)
{
    return stringp(file) && !nilp(value_or_nil(Qcreate_lockfiles));
}

// As filelock.c's lock_file: take the lock, or ask the user when another
// process holds it (ask-user-about-lock may signal file-locked, return t
// to take it, or nil to edit without it).
void lock_file(Value file)
{
    if (!locking_enabled(file) || file_handler_result(Qlock_file, Args{&file, 1}, {0}))
        return;
    const std::string lock = lock_name(file);
    if (lock.empty())
        return;
    for (int attempt = 0; attempt < 3; ++attempt) {
        if (make_lock(lock, false))
            return;
        if (errno != EEXIST)
            return; // a directory we cannot write: edit without a lock, as Emacs
        LockOwner owner;
        switch (current_holder(lock, owner)) {
        case Holder::us:
            return;
        case Holder::nobody:
            continue;
        case Holder::another: {
            const std::string opponent = owner.user + "@" + owner.host + " (pid " + std::to_string(owner.pid) + ")";
            if (!nilp(call2(Qask_user_about_lock, file, make_string_from_utf8(opponent))))
                make_lock(lock, true);
            return;
        }
        }
    }
}

void unlock_file(Value file)
{
    if (!stringp(file) || file_handler_result(Qunlock_file, Args{&file, 1}, {0}))
        return;
    const std::string lock = lock_name(file);
    LockOwner owner;
    if (!lock.empty() && current_holder(lock, owner) == Holder::us)
        ::unlink(lock.c_str());
}

// The file a buffer's lock is named after: its truename, while it visits
// a file (binding buffer-file-name to nil turns locking off, as in Emacs).
Value locked_file_of(Buffer& b)
{
    if (b.file_name().empty())
        return Qnil;
    return buffer_local_value(Qbuffer_file_truename, b);
}

// (lock-buffer &optional FILE): FILE, or the visited file, while the
// current buffer is modified.
Value f_lock_buffer(Args a)
{
    Buffer& b = current();
    const Value file = nilp(a[0]) ? locked_file_of(b) : a[0];
    if (!nilp(a[0]))
        check_string(file);
    if (b.modified())
        lock_file(file);
    return Qnil;
}

Value f_unlock_buffer(Args)
{
    Buffer& b = current();
    if (b.modified())
        unlock_file(locked_file_of(b));
    return Qnil;
}

Value f_lock_file(Args a)
{
    check_string(a[0]);
    lock_file(call1(Qexpand_file_name, a[0]));
    return Qnil;
}

Value f_unlock_file(Args a)
{
    check_string(a[0]);
    unlock_file(call1(Qexpand_file_name, a[0]));
    return Qnil;
}

// nil when unlocked, t when this process holds the lock, else the user
// who does.
Value f_file_locked_p(Args a)
{
    check_string(a[0]);
    const std::string lock = lock_name(call1(Qexpand_file_name, a[0]));
    LockOwner owner;
    switch (lock.empty() ? Holder::nobody : current_holder(lock, owner)) {
    case Holder::nobody:
        return Qnil;
    case Holder::us:
        return Qt;
    case Holder::another:
        return make_string_from_utf8(owner.user);
    }
    return Qnil;
}

const SubrDef file_lock_subrs[] = {
    {"lock-buffer", 0, 1, f_lock_buffer},   {"unlock-buffer", 0, 0, f_unlock_buffer},
    {"lock-file", 1, 1, f_lock_file},       {"unlock-file", 1, 1, f_unlock_file},
    {"file-locked-p", 1, 1, f_file_locked_p},
};

} // namespace

void lock_before_first_change()
{
    Buffer& b = current();
    if (!b.modified())
        lock_file(locked_file_of(b));
}

namespace {

// The lock follows the buffer's modified flag from `was` to `now`.
void follow_modified_flag(Buffer& b, bool was, bool now)
{
    if (now && !was)
        lock_file(locked_file_of(b));
    else if (!now && was)
        unlock_file(locked_file_of(b));
}

} // namespace

void lock_for_modified_flag(bool modified) { follow_modified_flag(current(), current().modified(), modified); }

void lock_after_undo(bool was_modified) { follow_modified_flag(current(), was_modified, current().modified()); }

void unlock_after_save() { unlock_file(locked_file_of(current())); }

void unlock_all_files()
{
    // A copy: nothing here kills a buffer, but Lisp runs (make-lock-file-name).
    const std::vector<Value> buffers = buffer_list();
    for (Value buffer : buffers) {
        Buffer* b = live_buffer(buffer);
        try {
            if (b && b->modified())
                unlock_file(locked_file_of(*b));
        } catch (const LispSignal&) {
            // Exiting goes on; a lock left behind is stale once we are gone.
        }
    }
}

void register_file_lock_builtins()
{
    register_subrs(file_lock_subrs);
    // Bound here, not on first use from Lisp (c-variables.el): the first
    // change to a file's buffer reads it from C++.
    defvar_builtin("create-lockfiles", Qt);
    // Killing a modified buffer gives up its lock (kill-buffer's unlock_buffer).
    add_kill_buffer_hook([](Buffer& b, Value) {
        if (b.modified())
            unlock_file(locked_file_of(b));
    });
}

} // namespace gapmacs::lisp
