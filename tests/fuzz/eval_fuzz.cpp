// The evaluator on mutated forms (the seed corpus holds forms of the Lisp
// test files): every form read is evaluated, and gives a value or a Lisp
// error, never a crash.
//
// The forms are hostile, so the harness keeps them from the machine: stdin
// is /dev/null, the working directory and HOME a fresh temporary directory,
// and the primitives that write or delete files, run or signal processes,
// wait, read the terminal, load files or exit are replaced by a function
// that signals an error. A form that loops is stopped by a quit requested
// from a CPU-time timer (as C-g would), a runaway recursion by the depth
// limit. Loops that catch `quit' themselves hang here as in Emacs; inputs
// naming inhibit-quit or `quit' are skipped for that reason.
#include <csignal>
#include <cstdint>
#include <new>
#include <cstdlib>
#include <filesystem>
#include <fcntl.h>
#include <string>
#include <string_view>
#include <sys/time.h>
#include <unistd.h>

#include "check.hpp"
#include "core/utf8.hpp"
#include "lisp-lite/lisp_lite.hpp"
#include "lisp-lite/lang/reader.hpp"

using namespace gapmacs;
using namespace gapmacs::lisp;

namespace {

constexpr int max_forms = 32;

// Primitives whose effects reach outside this process's memory.
constexpr const char* denied_functions =
    "(kill-emacs write-region insert-file-contents find-file-noselect delete-file delete-directory"
    " rename-file copy-file make-directory make-temp-file make-symbolic-link add-name-to-file"
    " set-file-modes set-file-times directory-files directory-files-recursively"
    " call-process call-process-region start-process make-process signal-process"
    " sleep-for sit-for accept-process-output read-char read-event read-from-minibuffer"
    " load require autoload-do-load gapmacs-gc-stress)";

void on_cpu_timer(int) { request_quit(); }

// The sandbox goes with the process (each corpus run is one), whatever the
// forms left in it.
std::string g_sandbox;
void remove_sandbox()
{
    std::error_code ignored;
    std::filesystem::remove_all(g_sandbox, ignored);
}

void make_sandbox()
{
    char dir[] = "/tmp/gapmacs-fuzz-eval-XXXXXX";
    FUZZ_CHECK(mkdtemp(dir) != nullptr);
    g_sandbox = dir;
    std::atexit(remove_sandbox);
    FUZZ_CHECK(chdir(dir) == 0);
    setenv("HOME", dir, 1);
    const int null_fd = open("/dev/null", O_RDONLY);
    FUZZ_CHECK(null_fd >= 0);
    dup2(null_fd, 0);
    close(null_fd);
    struct sigaction sa = {};
    sa.sa_handler = on_cpu_timer;
    sigaction(SIGVTALRM, &sa, nullptr);
}

void eval_text(const std::string& text)
{
    std::size_t pos = 0;
    Value form = read_from(text, pos);
    eval_toplevel(form, true);
}

void init_once()
{
    static bool done = [] {
        make_sandbox();
        init();
        // The seeds are ert test bodies: `should' and friends as plain forms.
        eval_text("(progn (defmacro should (form) form) (defmacro should-not (form) (list 'not form))"
                  " (defmacro should-error (form &rest _) (list 'condition-case 'err form '(error err))))");
        eval_text(std::string("(let ((deny (lambda (&rest _) (error \"Not in the fuzzer\"))))"
                              " (dolist (f '") +
                  denied_functions + ") (fset f deny)))");
        return true;
    }();
    (void)done;
}

// Requests a quit after `ms` of CPU time, and every 50 ms after that.
void arm_quit_timer(long ms)
{
    itimerval t = {};
    t.it_value.tv_sec = ms / 1000;
    t.it_value.tv_usec = (ms % 1000) * 1000;
    t.it_interval.tv_usec = 50000;
    setitimer(ITIMER_VIRTUAL, &t, nullptr);
}

void disarm_quit_timer()
{
    itimerval t = {};
    setitimer(ITIMER_VIRTUAL, &t, nullptr);
}

bool skipped(std::string_view text)
{
    return text.find("inhibit-quit") != std::string_view::npos || text.find("quit") != std::string_view::npos;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    init_once();
    std::string text;
    utf8_to_internal(std::string_view(reinterpret_cast<const char*>(data), size), text, true);
    if (skipped(text))
        return 0;
    // Inputs run alike whatever the ones before them left behind.
    set_symbol_value(Qinhibit_quit, Qnil);
    std::size_t pos = 0;
    arm_quit_timer(300);
    for (int i = 0; i < max_forms; ++i) {
        try {
            if (at_end_of_forms(text, pos))
                break;
            Value form = read_from(text, pos);
            eval_toplevel(form, true);
        } catch (const LispSignal&) {
            // An error is a fine outcome; a read error ends the input.
        } catch (const LispThrow&) {
            // A throw with no catch: Emacs's no-catch error.
        } catch (const std::bad_alloc&) {
            // Memory exhausted: what condition-case and batch mode report
            // as (error "Memory exhausted").
        }
    }
    disarm_quit_timer();
    // A quit requested after the last check must not hit the next input.
    try {
        maybe_quit();
    } catch (const LispSignal&) {
    }
    return 0;
}
