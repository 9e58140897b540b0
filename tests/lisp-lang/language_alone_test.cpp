// The language half of lisp-lite on its own: this program links
// gapmacs_lisp_lang only (no buffer, process or editor binding), so that
// it links at all is the proof the language needs nothing above it.
#include <catch2/catch.hpp>

#include <string>

#include "lisp-lite/lang/lisp.hpp"
#include "lisp-lite/lang/modules.hpp"

namespace {

using namespace gapmacs::lisp;

std::string eval_print(const std::string& text)
{
    static const bool installed = [] {
        install_modules(language_modules());
        return true;
    }();
    (void)installed;
    try {
        std::size_t pos = 0;
        return prin1_to_string(eval_toplevel(read_from(text, pos), true));
    } catch (const LispSignal& e) {
        return "ERROR: " + prin1_to_string(make_cons(e.symbol(), e.data()));
    }
}

} // namespace

TEST_CASE("the language evaluates without the editor")
{
    CHECK(eval_print("(let ((x 1)) (+ x 2))") == "3");
    CHECK(eval_print("(progn (defun sq (n) (* n n)) (mapcar #'sq '(1 2 3)))") == "(1 4 9)");
    CHECK(eval_print("(let ((l nil)) (dolist (x '(a b)) (push x l)) l)") == "(b a)");
    CHECK(eval_print("(format \"%s-%d\" 'a 7)") == "\"a-7\"");
}

TEST_CASE("split-string and string-trim use core's regexps")
{
    CHECK(eval_print("(split-string \"a, b,,c\" \"[, ]+\")") == "(\"a\" \"b\" \"c\")");
    CHECK(eval_print("(split-string \"  x  y \")") == "(\"x\" \"y\")");
    CHECK(eval_print("(string-trim \"--x--\" \"-+\" \"-+\")") == "\"x\"");
}

TEST_CASE("variables without buffers: no place has a local binding")
{
    CHECK(eval_print("(progn (defvar lang-v 1) (let ((lang-v 2)) lang-v))") == "2");
    CHECK(eval_print("lang-v") == "1");
    CHECK(eval_print("(progn (make-variable-buffer-local 'lang-l) (setq lang-l 5) (default-value 'lang-l))") == "5");
    CHECK(eval_print("(progn (defvaralias 'lang-a 'lang-v) (setq lang-a 9) lang-v)") == "9");
}

TEST_CASE("the buffer special forms are the editor's")
{
    CHECK(eval_print("(fboundp 'save-excursion)") == "nil");
    CHECK(eval_print("(fboundp 'current-buffer)") == "nil");
}
