// The reader: syntax, round trips through the printer, errors.
#include <catch2/catch.hpp>

#include "test_util.hpp"

using lisp_test::read_print;

TEST_CASE("reader: atoms print back as Emacs prints them", "[reader]")
{
    CHECK(read_print("42") == "42");
    CHECK(read_print("#x-1f") == "-31");
    CHECK(read_print("#o17") == "15");
    CHECK(read_print("#b101") == "5");
    CHECK(read_print("1.") == "1");
    CHECK(read_print(".5") == "0.5");
    CHECK(read_print("1e3") == "1000.0");
    CHECK(read_print("-0.0e+NaN") == "-0.0e+NaN");
    CHECK(read_print("1.0e+INF") == "1.0e+INF");
    CHECK(read_print("?\\C-a") == "1");
    CHECK(read_print("?\\M-a") == "134217825");
    CHECK(read_print("\"a\\x41\\ b\"") == "\"aAb\"");
    CHECK(read_print("a\\ b") == "a\\ b");
    CHECK(read_print("\\1") == "\\1");
}

TEST_CASE("reader: lists, vectors and quote forms", "[reader]")
{
    CHECK(read_print("(a . (b . (c)))") == "(a b c)");
    CHECK(read_print("(a . b)") == "(a . b)");
    CHECK(read_print("[1 [2] (3)]") == "[1 [2] (3)]");
    CHECK(read_print("'(a #'b `(c ,d ,@e))") == "'(a #'b `(c ,d ,@e))");
    CHECK(read_print("; comment\n x") == "x");
}

TEST_CASE("reader: syntax errors are Lisp errors", "[reader]")
{
    CHECK(read_print(")") == "ERROR: (invalid-read-syntax \")\")");
    CHECK(read_print("(a") == "ERROR: (end-of-file)");
    CHECK(read_print("\"abc") == "ERROR: (end-of-file)");
    CHECK(read_print("[1 . 2]") == "ERROR: (invalid-read-syntax \") or . in a vector\")");
    CHECK(read_print("#<x>") == "ERROR: (invalid-read-syntax \"#\")");
}

TEST_CASE("reader: integers beyond the fixnum range are bignums", "[reader]")
{
    CHECK(read_print("99999999999999999999") == "99999999999999999999");
    CHECK(read_print("#x-20000000000000000") == "-36893488147419103232");
    CHECK(read_print("2305843009213693951") == "2305843009213693951"); // most-positive-fixnum
    // As Emacs: the reader takes any width; integer-width bounds arithmetic.
    const std::string wide = "1" + std::string(20000, '0');
    CHECK(read_print(wide) == wide);
}

TEST_CASE("reader: absurd nesting is an error, not a crash", "[reader][deep]")
{
    std::string text(100000, '(');
    text += std::string(100000, ')');
    std::string r = read_print(text);
    CHECK(r.rfind("ERROR: (error \"Lisp nesting exceeds", 0) == 0);
    // Moderate nesting reads fine (and prints: below the printer's 200).
    std::string ok(150, '(');
    ok += std::string(150, ')');
    CHECK(read_print(ok).substr(0, 30) == "((((((((((((((((((((((((((((((");
}

TEST_CASE("reader: every prefix of a form is handled", "[reader]")
{
    // Truncations of valid text must signal, never crash.
    const std::string text = "(a \"b\\n\" ?\\C-x [1 2.5 #x1f] 'c `(d ,e ,@f) #s(hash-table data (1 2)) . g)";
    for (std::size_t n = 0; n <= text.size(); ++n)
        read_print(text.substr(0, n));
    CHECK(read_print(text).rfind("ERROR", 0) != 0);
}

// #N= and #N#: print-circle's output read back (issue 11), as Emacs 28 reads it.
TEST_CASE("reader: #N= labels and #N# references", "[reader][circle]")
{
    using lisp_test::eval_print;
    // Cycles: the printer, with print-circle, shows what was read.
    auto circle = [](const std::string& text) {
        return eval_print("(let ((print-circle t)) (prin1-to-string (car (read-from-string \"" + text + "\"))))");
    };
    CHECK(circle("#1=(a . #1#)") == "\"#1=(a . #1#)\"");
    CHECK(circle("#1=[#1# 2]") == "\"#1=[#1# 2]\"");
    CHECK(circle("#1=(#1# . #1#)") == "\"#1=(#1# . #1#)\"");
    CHECK(circle("#1=(a #2=[b #1# #2#] #2#)") == "\"#1=(a #2=[b #1# #2#] #2#)\"");
    CHECK(circle("(#1=(a) . #1#)") == "\"(#1=(a) . #1#)\"");
    CHECK(circle("#0=(a #0#)") == "\"#1=(a #1#)\"");
    // Emacs's corner cases: a later label wins; #1=#1# is the placeholder.
    CHECK(circle("(#1=(b) #1=(c) #1#)") == "\"((b) #1=(c) #1#)\"");
    CHECK(circle("#1=#1#") == "\"(nil)\"");
    CHECK(circle("(#1=#2=(x) #2# #1#)") == "\"(#1=(x) (x) #1#)\"");
    // Shared atoms: the same object, eq.
    CHECK(eval_print("(let ((v (car (read-from-string \"(#1=\\\"a\\\" #1#)\")))) (eq (car v) (cadr v)))") == "t");
    CHECK(eval_print("(let ((v (car (read-from-string \"(#1=#:g #1#)\")))) (eq (car v) (cadr v)))") == "t");
    CHECK(eval_print("(let ((v (car (read-from-string \"(#1=[x] #1#)\")))) (eq (car v) (cadr v)))") == "t");
    // Unknown or out-of-range labels are invalid syntax.
    CHECK(lisp_test::read_print("#2#") == "ERROR: (invalid-read-syntax \"#\")");
    CHECK(lisp_test::read_print("(#1#)") == "ERROR: (invalid-read-syntax \"#\")");
    CHECK(lisp_test::read_print("#99999999999999999999=(a)") == "ERROR: (invalid-read-syntax \"#\")");
    CHECK(lisp_test::read_print("#1=") == "ERROR: (end-of-file)");
    CHECK(lisp_test::read_print("(#1=)") == "ERROR: (invalid-read-syntax \")\")");
    // Labels belong to one read.
    CHECK(eval_print("(progn (read-from-string \"#1=(a)\") (read-from-string \"#1#\"))") ==
          "ERROR: Invalid read syntax: \"#\"");
}

TEST_CASE("reader: print-circle output of cyclic and shared data reads back", "[reader][circle]")
{
    using lisp_test::eval_print;
    // A long cyclic list and a deep shared vector chain: the substitution
    // is iterative and cycle-safe.
    CHECK(eval_print("(let* ((l (number-sequence 1 " + lisp_test::num(100000) +
                     ")) (print-circle t))"
                     " (setcdr (last l) l)"
                     " (let ((back (read (prin1-to-string l))))"
                     "   (list (eq (nthcdr " + lisp_test::num(100000) + " back) back) (car back))))") == "(t 1)");
    CHECK(eval_print("(let* ((v (make-vector 3 nil)) (print-circle t))"
                     " (aset v 0 v) (aset v 1 (list v \"s\")) (aset v 2 (cdr (aref v 1)))"
                     " (let ((back (read (prin1-to-string v))))"
                     "   (list (eq (aref back 0) back) (eq (car (aref back 1)) back)"
                     "         (eq (aref back 2) (cdr (aref back 1))))))") == "(t t t)");
}

// Found by the reader fuzzer: the size of a printed hash table is a hint.
TEST_CASE("reader: a huge hash table size is only a hint", "[reader]")
{
    CHECK(lisp_test::eval_print("(hash-table-count (read \"#s(hash-table size 6888888888 data (a 1 b 2))\"))") == "2");
    CHECK(lisp_test::eval_print("(gethash 'b (read \"#s(hash-table size 6888888888 data (a 1 b 2))\"))") == "2");
    // A cyclic data list is an error, not a hang.
    CHECK(lisp_test::eval_print("(car (condition-case e (read \"#s(hash-table data #1=(a 1 . #1#))\") (error e)))") ==
          "circular-list");
}
