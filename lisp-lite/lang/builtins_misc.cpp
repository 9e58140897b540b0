// Everything else: type-of, the collector's Lisp interface, sleeping, exiting,
// and the built-in variables.
#include <langinfo.h>
#include <locale.h>
#include <pwd.h>
#include <sys/utsname.h>
#include <unistd.h>

#include <algorithm>
#include <bit>
#include <chrono>
#include <climits>
#include <filesystem>
#include <random>
#include <string_view>
#include <cmath>
#include <cstdlib>
#include <thread>

#include "lisp-lite/lang/load_cache.hpp"
#include "lisp-lite/lang/builtins.hpp"
#include "lisp-lite/lang/preloaded_index.hpp"
#include "lisp-lite/lang/emacs_library.hpp"
#include "lisp-lite/lang/eval.hpp"
#include "lisp-lite/lang/hooks.hpp"
#include "lisp-lite/lang/variables.hpp"

#ifndef GAPMACS_LISP_DIR
#define GAPMACS_LISP_DIR "lisp"
#endif

namespace gapmacs::lisp {

namespace {

// A record's type is its slot 0, or when that is a class object (a record
// itself, as EIEIO's objects hold) the class's name in its slot 1.
Value record_type(Value v)
{
    if (compiledp(v)) {
        return Qcompiled_function;
    }
    if (!recordp(v))
        return Qvector;
    Value type = xvector(v)->items[0];
    if (recordp(type) && xvector(type)->items.size() > 1)
        return xvector(type)->items[1];
    return type;
}

Value f_type_of(Args a)
{
    Value v = a[0];
    if (integerp(v))
        return Qinteger;
    if (v.is_cons())
        return Qcons;
    switch (v.type()) {
    case Type::Symbol: return Qsymbol;
    case Type::Float: return Qfloat_;
    case Type::String: return Qstring;
    case Type::Vector: return record_type(v);
    case Type::HashTable: return Qhash_table;
    case Type::Subr: return Qsubr;
    case Type::Buffer: return Qbuffer;
    case Type::Marker: return Qmarker;
    case Type::Process: return Qprocess;
    default: return intern(static_cast<ExtObject*>(v.as_object())->cls->type_name);
    }
}

Value f_identity(Args a) { return a[0]; }

// (internal--load-preloaded-face FACE): loads the preloaded file whose
// defface names FACE, once; t when it did.
Value f_load_preloaded_face(Args a) { return boolean(symbolp(a[0]) && load_preloaded_face(a[0])); }
Value f_ignore(Args) { return Qnil; }

Value f_garbage_collect(Args)
{
    collect_garbage();
    HeapStats s = heap_stats();
    return list({list({Qobjects, Value::fixnum(16), Value::fixnum(static_cast<std::int64_t>(s.live_objects)),
                       Value::fixnum(0)}),
                 list({Qbytes, Value::fixnum(1), Value::fixnum(static_cast<std::int64_t>(s.live_bytes))})});
}

// (gapmacs-gc-stress [ON]): whether allocations collect; with ON, sets it
// (`tests': but not while a library loads, GcStressLoadPause).
Value f_gapmacs_gc_stress(Args a)
{
    if (a.size() > 0)
        set_gc_stress(!nilp(a[0]), a[0] == Qtests);
    return boolean(gc_stress_enabled());
}

Value f_gapmacs_heap_stats(Args)
{
    HeapStats s = heap_stats();
    return list({Value::fixnum(static_cast<std::int64_t>(s.live_objects)),
                 Value::fixnum(static_cast<std::int64_t>(s.live_bytes)), Value::fixnum(static_cast<std::int64_t>(s.blocks))});
}

Value f_sleep_for(Args a)
{
    if (!numberp(a[0]))
        wrong_type(Qnumberp, a[0]);
    double secs = check_number(a[0]) + (nilp(a[1]) ? 0 : check_number(a[1]) / 1000.0);
    if (!(secs >= 0))
        secs = 0;
    secs = std::min(secs, 1e9);
    auto end = std::chrono::steady_clock::now() + std::chrono::duration<double>(secs);
    while (std::chrono::steady_clock::now() < end) {
        maybe_quit();
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    return Qnil;
}

Value f_kill_emacs(Args a)
{
    int status = a[0].is_fixnum() ? static_cast<int>(a[0].as_fixnum()) : 0;
    // As Emacs: kill-emacs-hook first (recentf, savehist and save-place
    // write their files there); a function that signals is reported and
    // the others still run. Then out, no unwind form on the way.
    if (!nilp(value_or_nil(Qkill_emacs_hook)))
        safe_run_hooks(Qkill_emacs_hook);
    throw KillEmacs{status};
}

Value f_purecopy(Args a) { return a[0]; }

// The user and the machine, as Emacs reads them: LOGNAME or USER first for
// the login name (user-real-login-name: the uid's), the GECOS name before
// its first comma for the full name.
const passwd* user_entry(Value uid)
{
    return getpwuid(uid.is_fixnum() ? static_cast<uid_t>(uid.as_fixnum()) : getuid());
}

Value f_user_login_name(Args a)
{
    if (nilp(a[0]))
        for (const char* var : {"LOGNAME", "USER"})
            if (const char* v = std::getenv(var); v && *v)
                return make_string_from_utf8(v);
    const passwd* pw = user_entry(a[0]);
    return pw ? make_string_from_utf8(pw->pw_name) : Qnil;
}

Value f_user_real_login_name(Args)
{
    const passwd* pw = getpwuid(getuid());
    return make_string_from_utf8(pw ? pw->pw_name : "unknown");
}

Value f_user_full_name(Args a)
{
    if (nilp(a[0]))
        if (const char* v = std::getenv("NAME"); v && *v)
            return make_string_from_utf8(v);
    const passwd* pw = user_entry(a[0]);
    if (!pw)
        return Qnil;
    std::string gecos = pw->pw_gecos ? pw->pw_gecos : "";
    return make_string_from_utf8(gecos.substr(0, gecos.find(',')));
}

Value f_emacs_pid(Args) { return make_integer(getpid()); }
Value f_user_uid(Args) { return make_integer(geteuid()); }
Value f_user_real_uid(Args) { return make_integer(getuid()); }

// (make-temp-name PREFIX): PREFIX and six random letters or digits,
// naming no existing file when PREFIX is an absolute file name.
Value f_make_temp_name(Args a)
{
    static constexpr std::string_view letters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    static std::mt19937_64 random{std::random_device{}()};
    const std::string prefix(check_string(a[0])->bytes);
    for (;;) {
        std::string name = prefix;
        for (int i = 0; i < 6; ++i)
            name += letters[random() % letters.size()];
        Value candidate = make_string(name);
        std::error_code ec;
        if (!std::filesystem::exists(os_string(candidate), ec))
            return candidate;
    }
}

// ?l on a little-endian machine, ?B on a big-endian one (Emacs's byteorder).
Value f_byteorder(Args) { return Value::fixnum(std::endian::native == std::endian::little ? 'l' : 'B'); }

// (load-average &optional USE-FLOATS): the 1, 5 and 15 minute load
// averages, times 100 and truncated unless USE-FLOATS (Emacs's
// fns.c), from getloadavg; display-time shows the first.
Value f_load_average(Args a)
{
    double load[3];
    const int n = getloadavg(load, 3);
    if (n < 0)
        error("load-average not implemented for this operating system");
    const bool floats = !nilp(arg(a, 0));
    Value out = Qnil;
    for (int i = n; i-- > 0;)
        out = make_cons(floats ? make_float(load[i]) : make_integer(static_cast<std::int64_t>(100.0 * load[i])), out);
    return out;
}

Value f_system_name(Args)
{
    char host[256] = {};
    if (gethostname(host, sizeof host - 1) != 0)
        return make_string("localhost");
    return make_string_from_utf8(host);
}

// The user's locale (LC_ALL, LC_*, LANG) as Emacs's locale-info reads it,
// in a locale object of its own: the process's locale stays "C".
class UserLocale {
public:
    UserLocale()
        : m_locale(newlocale(LC_ALL_MASK, "", locale_t{}))
    {
        if (!m_locale) // an unknown LANG reads as C, as setlocale falls back
            m_locale = newlocale(LC_ALL_MASK, "C", locale_t{});
    }
    ~UserLocale() { freelocale(m_locale); }
    UserLocale(const UserLocale&) = delete;
    UserLocale& operator=(const UserLocale&) = delete;

    Value string(nl_item item) const { return make_string_from_utf8(nl_langinfo_l(item, m_locale)); }
    std::int64_t number(nl_item item) const
    {
        return static_cast<std::int64_t>(reinterpret_cast<std::intptr_t>(nl_langinfo_l(item, m_locale)));
    }

private:
    locale_t m_locale;
};

Value f_locale_info(Args a)
{
    const UserLocale locale;
    const std::string item = symbolp(a[0]) ? symbol_name(a[0]) : "";
    if (item == "codeset")
        return locale.string(CODESET);
    if (item == "days" || item == "months") {
        const bool days = item == "days";
        const int n = days ? 7 : 12;
        Value v = make_vector(n, Qnil);
        for (int i = 0; i < n; ++i)
            xvector(v)->items[i] = locale.string(static_cast<nl_item>((days ? DAY_1 : MON_1) + i));
        return v;
    }
    if (item == "paper")
        return list({Value::fixnum(locale.number(_NL_PAPER_WIDTH)), Value::fixnum(locale.number(_NL_PAPER_HEIGHT))});
    return Qnil;
}

const SubrDef misc_subrs[] = {
    {"locale-info", 1, 1, f_locale_info},
    {"internal--load-preloaded-face", 1, 1, f_load_preloaded_face},
    {"user-login-name", 0, 1, f_user_login_name},
    {"user-real-login-name", 0, 0, f_user_real_login_name},
    {"user-full-name", 0, 1, f_user_full_name},
    {"system-name", 0, 0, f_system_name},
    {"load-average", 0, 1, f_load_average},
    {"byteorder", 0, 0, f_byteorder},
    {"emacs-pid", 0, 0, f_emacs_pid},
    {"user-uid", 0, 0, f_user_uid},
    {"user-real-uid", 0, 0, f_user_real_uid},
    {"make-temp-name", 1, 1, f_make_temp_name},
    {"type-of", 1, 1, f_type_of},
    {"identity", 1, 1, f_identity},
    {"ignore", 0, many, f_ignore},
    {"garbage-collect", 0, 0, f_garbage_collect},
    {"gapmacs-heap-stats", 0, 0, f_gapmacs_heap_stats},
    {"gapmacs-gc-stress", 0, many, f_gapmacs_gc_stress}, // MANY: no argument means ask
    {"sleep-for", 1, 2, f_sleep_for},
    {"kill-emacs", 0, 2, f_kill_emacs},
    {"purecopy", 1, 1, f_purecopy},
};

constexpr std::int64_t gc_default_threshold = 800000;
// Measured on 1e6 pushes (bench B8) under load: 1.0 left 30-37% of the
// time in the collector (12 collections), 2.0 16% (7) for 22% more peak
// memory; marking is memory-latency bound, so fewer passes is what helps.
constexpr double gc_min_heap_growth = 2.0;

// As Emacs: the larger of gc-cons-threshold and gc-cons-percentage of the
// heap, so a big live heap is not traced again after every 800 KB.
std::int64_t threshold_from_lisp()
{
    Value v = xsymbol(Qgc_cons_threshold)->value;
    std::int64_t threshold = v.is_fixnum() ? v.as_fixnum() : 800000;
    Value p = xsymbol(Qgc_cons_percentage)->value;
    double percentage = floatp(p) && xfloat(p) > 0 ? xfloat(p) : 0;
    // Each collection traces the whole live heap, so collecting after 10% of
    // it (Emacs's default) makes building a large structure quadratic-ish:
    // 1e6 pushes spent 90% of their time re-marking the same list. Unless
    // the threshold was lowered on purpose (a request for frequent
    // collections), let the heap grow to three times what survived.
    if (threshold >= gc_default_threshold)
        percentage = std::max(percentage, gc_min_heap_growth);
    if (percentage > 0) {
        double by_heap = percentage * static_cast<double>(heap_size_after_gc());
        if (by_heap > static_cast<double>(threshold))
            threshold = static_cast<std::int64_t>(std::min(by_heap, 1e15));
    }
    return threshold;
}

} // namespace

void register_misc_builtins() { register_subrs(misc_subrs); }

Value defvar_builtin(const char* name, Value value)
{
    Value sym = intern(name);
    Symbol* s = xsymbol(sym);
    s->m_flags |= Symbol::special_flag;
    s->value = value;
    return sym;
}

void update_gc_variables()
{
    xsymbol(Qgcs_done)->value = Value::fixnum(gcs_done());
    xsymbol(Qgc_elapsed)->value = make_float(gc_elapsed_seconds());
}

void define_standard_variables()
{
    char cwd[PATH_MAX];
    std::string dir = getcwd(cwd, sizeof cwd) ? std::string(cwd) : "/";
    if (dir.back() != '/')
        dir += '/';
    defvar_builtin("gc-cons-threshold", Value::fixnum(800000));
    defvar_builtin("gc-cons-percentage", make_float(0.1));
    defvar_builtin("gcs-done", Value::fixnum(0));
    defvar_builtin("gc-elapsed", make_float(0));
    // t after memory ran out, until the editor could take its reserve again.
    defvar_builtin("memory-full", Qnil);
    defvar_builtin("read-process-output-max", Value::fixnum(65536));
    // Pipes unless a program asks for a pty (Emacs's default is t): see
    // docs/processes.md for why and what each costs.
    defvar_builtin("process-connection-type", Qnil);
    defvar_builtin("coding-system-for-read", Qnil);
    defvar_builtin("coding-system-for-write", Qnil);
    defvar_builtin("default-directory", make_string_from_utf8(dir));
    defvar_builtin("case-fold-search", Qt);
    defvar_builtin("max-lisp-eval-depth", Value::fixnum(1600));
    defvar_builtin("max-specpdl-size", Value::fixnum(2500));
    // gapmacs's own lisp/ first, then GNU Emacs's library (emacs_library.hpp).
    std::string emacs_lisp = emacs_library_directory();
    {
        RootedVector dirs;
        dirs.push_back(make_string_from_utf8(GAPMACS_LISP_DIR));
        for (const std::string& d : emacs_library_load_path(emacs_lisp))
            dirs.push_back(make_string_from_utf8(d));
        defvar_builtin("load-path", list_from(dirs));
    }
    {
        const std::string cache = default_load_cache_directory();
        defvar_builtin("gapmacs-load-cache-directory", cache.empty() ? Qnil : make_string_from_utf8(cache));
    }
    defvar_builtin("gapmacs-emacs-lisp-directory", emacs_lisp.empty() ? Qnil : make_string_from_utf8(emacs_lisp));
    // Emacs's etc/ beside its library (emacs-common), else gapmacs's own.
    std::string emacs_root =
        std::filesystem::path(emacs_lisp.empty() ? GAPMACS_LISP_DIR "/../" : emacs_lisp + "/../").lexically_normal();
    std::string etc = emacs_root + "etc/";
    defvar_builtin("data-directory", make_string_from_utf8(etc));
    defvar_builtin("doc-directory", make_string_from_utf8(etc));
    defvar_builtin("source-directory", make_string_from_utf8(emacs_root));
    defvar_builtin("installation-directory", Qnil);
    utsname uts{};
    std::string machine = uname(&uts) == 0 ? uts.machine : "x86_64";
    defvar_builtin("system-configuration", make_string_from_utf8(machine + "-pc-linux-gnu"));
    defvar_builtin("load-file-name", Qnil);
    defvar_builtin("load-in-progress", Qnil);
    defvar_builtin("lexical-binding", Qnil); // Emacs's: a buffer without the cookie is dynamic
    defvar_builtin("command-line-args", Qnil);
    defvar_builtin("command-line-args-left", Qnil);
    defvar_builtin("noninteractive", Qnil);
    defvar_builtin("inhibit-quit", Qnil);
    defvar_builtin("standard-output", Qt);
    defvar_builtin("standard-input", Qt);
    defvar_builtin("features", Qnil);
    defvar_builtin("print-length", Qnil);
    defvar_builtin("print-level", Qnil);
    defvar_builtin("print-circle", Qnil);
    defvar_builtin("print-gensym", Qnil);
    defvar_builtin("print-escape-newlines", Qnil);
    defvar_builtin("float-output-format", Qnil);
    defvar_builtin("text-quoting-style", Qnil);
    defvar_builtin("gensym-counter", Value::fixnum(0));
    defvar_builtin("debug-on-error", Qnil);
    defvar_builtin("temporary-file-directory", make_string("/tmp/"));
    defvar_builtin("system-type", Qgnu_linux);
    defvar_builtin("emacs-version", make_string("28.2"));
    defvar_builtin("emacs-major-version", Value::fixnum(28));
    defvar_builtin("emacs-minor-version", Value::fixnum(2));
    defvar_builtin("gapmacs-version", make_string("0.1.0"));
    defvar_builtin("float-pi", make_float(M_PI));
    defvar_builtin("float-e", make_float(M_E));
    Value mpf = defvar_builtin("most-positive-fixnum", Value::fixnum(most_positive_fixnum));
    Value mnf = defvar_builtin("most-negative-fixnum", Value::fixnum(most_negative_fixnum));
    xsymbol(mpf)->m_flags |= Symbol::constant_flag;
    xsymbol(mnf)->m_flags |= Symbol::constant_flag;
    set_gc_threshold_source(threshold_from_lisp);
    set_post_gc_hook(update_gc_variables);
}

} // namespace gapmacs::lisp
