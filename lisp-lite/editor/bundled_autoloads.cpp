// The functions of bundled lisp/ files that Emacs has preloaded: each is
// an autoload, so it works in batch and in the editor without loading its
// file at start-up (which would cost every batch run).
#include "lisp-lite/editor/buffer_locals.hpp"
#include "lisp-lite/editor/modules.hpp"
#include "lisp-lite/lang/builtins.hpp"
#include "lisp-lite/lang/eval.hpp"

namespace gapmacs::lisp {

namespace {

struct BundledAutoload {
    const char* name;
    const char* file;
    bool interactive = false;
    bool macro = false;
};

constexpr BundledAutoload bundled_autoloads[] = {
    {"run-at-time", "timer", true},
    {"run-with-timer", "timer", true},
    {"run-with-idle-timer", "timer", true},
    {"cancel-timer", "timer"},
    {"cancel-function-timers", "timer", true},
    {"timerp", "timer"},
    {"timer-create", "timer"},
    {"timer-set-time", "timer"},
    {"timer-set-idle-time", "timer"},
    {"timer-set-function", "timer"},
    {"timer-activate", "timer"},
    {"timer-activate-when-idle", "timer"},
    {"timer-duration", "timer"},
    {"timer-relative-time", "timer"},
    {"current-idle-time", "timer"},
    {"add-timeout", "timer"},
    {"with-timeout", "timer", false, true},
    {"with-silent-modifications", "subr-extra", false, true},
    {"with-syntax-table", "subr-extra", false, true},
    {"make-syntax-table", "subr-extra"},
    {"syntax-after", "subr-extra"},
    {"syntax-class", "subr-extra"},
    {"buffer-end", "subr-extra"},
    {"save-mark-and-excursion", "subr-extra", false, true},
    {"with-output-to-temp-buffer", "subr-extra", false, true},
    {"ensure-list", "subr-extra"},
    {"thing-at-point", "thingatpt"},
    {"bounds-of-thing-at-point", "thingatpt"},
    {"forward-thing", "thingatpt"},
    {"beginning-of-thing", "thingatpt"},
    {"end-of-thing", "thingatpt"},
    {"forward-symbol", "thingatpt", true},
    {"forward-whitespace", "thingatpt", true},
    {"thing-at-point-looking-at", "thingatpt"},
    {"number-at-point", "thingatpt"},
    {"word-at-point", "thingatpt"},
    {"sentence-at-point", "thingatpt"},
    {"symbol-at-point", "thingatpt"},
    {"sexp-at-point", "thingatpt"},
    {"list-at-point", "thingatpt"},
    {"fundamental-mode", "modes", true},
    {"text-mode", "modes", true},
    {"prog-mode", "modes", true},
    {"special-mode", "modes", true},
    {"lisp-data-mode", "modes", true},
    {"emacs-lisp-mode", "modes", true},
    {"lisp-interaction-mode", "modes", true},
    {"derived-mode-p", "modes"},
    {"lisp-indent-line", "lisp-mode", true},
    {"indent-sexp", "lisp-mode", true},
    {"calculate-lisp-indent", "lisp-mode"},
    {"lisp-indent-region", "lisp-mode"},
    {"lisp-indent-function", "lisp-mode"},
    {"lisp-indent-specform", "lisp-mode"},
    {"lisp-indent-defform", "lisp-mode"},
    {"indent-region", "indent", true},
    {"indent-region-line-by-line", "indent"},
    {"indent-according-to-mode", "indent", true},
    {"indent-relative", "indent", true},
    {"indent-for-tab-command", "indent", true},
    {"indent-line-to", "indent"},
    {"indent-rigidly", "indent", true},
    {"tab-to-tab-stop", "indent", true},
    {"insert-tab", "indent"},
    {"forward-sexp", "lisp", true},
    {"backward-sexp", "lisp", true},
    {"forward-list", "lisp", true},
    {"backward-list", "lisp", true},
    {"down-list", "lisp", true},
    {"up-list", "lisp", true},
    {"backward-up-list", "lisp", true},
    {"beginning-of-defun", "lisp", true},
    {"end-of-defun", "lisp", true},
    {"mark-defun", "lisp", true},
    {"narrow-to-defun", "lisp", true},
    {"transpose-sexps", "lisp", true},
    {"syntax-ppss-toplevel-pos", "lisp"},
    {"syntax-ppss-context", "lisp"},
    {"documentation", "subr-extra"},
    {"string-version-lessp", "subr-extra"},
    {"always", "subr-extra"},
    {"file-name-with-extension", "subr-extra"},
    {"directory-name-p", "subr-extra"},
    {"abbreviate-file-name", "subr-extra"},
    {"wildcard-to-regexp", "subr-extra"},
    {"file-expand-wildcards", "subr-extra"},
    {"locate-dominating-file", "subr-extra"},
    {"base64-encode-region", "subr-extra", true},
    {"base64url-encode-region", "subr-extra", true},
    {"base64-decode-region", "subr-extra", true},
    {"length=", "subr-extra"},
    {"length<", "subr-extra"},
    {"length>", "subr-extra"},
    {"truncate-string-to-width", "subr-extra"},
    {"truncate-string-ellipsis", "subr-extra"},
    {"version-to-list", "subr-extra"},
    {"version-list-<", "subr-extra"},
    {"version-list-=", "subr-extra"},
    {"version-list-<=", "subr-extra"},
    {"version<", "subr-extra"},
    {"version<=", "subr-extra"},
    {"version=", "subr-extra"},
    {"file-size-human-readable", "subr-extra"},
    {"format-seconds", "subr-extra"},
    {"locate-user-emacs-file", "subr-extra"},
};

// Variables the autoloaded files read, which code tests before any of them
// is loaded.
void define_bundled_variables()
{
    const std::pair<const char*, Value> vars[] = {
        {"timer-list", Qnil},
        {"forward-sexp-function", Qnil},
        {"indent-line-function", intern("indent-relative")},
        {"indent-region-function", intern("indent-region-line-by-line")},
        {"tab-always-indent", Qt},
        {"timer-idle-list", Qnil},
        {"user-emacs-directory", make_string("~/.config/gapmacs/")},
    };
    for (const auto& [name, value] : vars)
        if (default_value(intern(name)) == Qunbound)
            defvar_builtin(name, value);
}

} // namespace

void register_bundled_autoloads()
{
    for (const BundledAutoload& a : bundled_autoloads) {
        Symbol* s = xsymbol(intern(a.name));
        if (nilp(s->function))
            s->function = list({intern("autoload"), make_string(a.file), Qnil, boolean(a.interactive),
                                a.macro ? intern("macro") : Qnil});
    }
    define_bundled_variables();
}

} // namespace gapmacs::lisp
