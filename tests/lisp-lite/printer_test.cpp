// The printer: Emacs 28's representations for every type.
#include <catch2/catch.hpp>

#include "test_util.hpp"

using lisp_test::eval_print;
using lisp_test::num;
using namespace gapmacs::lisp;

TEST_CASE("printer: floats as Emacs prints them", "[printer]")
{
    CHECK(float_to_string(1.0) == "1.0");
    CHECK(float_to_string(0.1) == "0.1");
    CHECK(float_to_string(100.0) == "100.0");
    CHECK(float_to_string(1e20) == "1e+20");
    CHECK(float_to_string(1e6) == "1000000.0");
    CHECK(float_to_string(-0.0) == "-0.0");
    CHECK(float_to_string(1.0 / 3) == "0.3333333333333333");
    CHECK(float_to_string(5e-324) == "5e-324");
    CHECK(float_to_string(1e-5) == "1e-05");
}

TEST_CASE("printer: strings, symbols, functions", "[printer]")
{
    CHECK(eval_print("\"a\\\"b\\\\c\"") == "\"a\\\"b\\\\c\"");
    CHECK(eval_print("\"\\xff\"") == "\"\\377\"");
    CHECK(eval_print("'(a\\.b \\? ## \\1e5 -1a)") == "(a\\.b \\? ## \\1e5 -1a)");
    CHECK(eval_print("(symbol-function 'car)") == "#<subr car>");
    CHECK(eval_print("(let ((x 1)) (lambda (y) (+ x y)))") == "(closure ((x . 1) t) (y) (+ x y))");
    CHECK(eval_print("(let ((h (make-hash-table :test 'equal :size 1))) (puthash \"k\" 1 h) h)") ==
          "#s(hash-table size 1 test equal rehash-size 1.5 rehash-threshold 0.8125 data (\"k\" 1))");
}

TEST_CASE("printer: circular and deep structures terminate", "[printer][deep]")
{
    CHECK(eval_print("(let ((x (list 1 2 3))) (setcdr (cddr x) x) x)") == "(1 2 3 1 2 . #2)");
    CHECK(eval_print("(let ((x (list 1 2))) (setcar x x) x)") == "(#0 2)");
    CHECK(eval_print("(let ((x nil)) (dotimes (_ " + num(100000) + ") (setq x (list x))) (prin1-to-string x))") ==
          "ERROR: Apparently circular structure being printed");
    // A long flat list prints iteratively.
    std::string s = eval_print("(length (prin1-to-string (make-list " + num(200000) + " 1)))");
    CHECK(s == std::to_string(2 * lisp_test::scaled(200000) + 1));
}

TEST_CASE("printer: format directives", "[printer]")
{
    CHECK(eval_print("(format \"%5.2f|%-4d|%x|%c|%S\" 3.14159 7 255 ?a \"q\")") == "\" 3.14|7   |ff|a|\\\"q\\\"\"");
    CHECK(eval_print("(format \"%s\")") == "ERROR: Not enough arguments for format string");
}

// Found by the reader fuzzer (issue 11): (\, @x) printed as ",@x", which
// reads back as (\,@ x).
TEST_CASE("printer: a comma before a symbol starting with @ reads back", "[printer]")
{
    using lisp_test::eval_print;
    CHECK(eval_print("(prin1-to-string '(\\` (a (\\, @) (\\, @x) (\\,@ @y))))") == "\"`(a ,\\\\@ ,\\\\@x ,@@y)\"");
    CHECK(eval_print("(let ((v '(\\` (a (\\, @x))))) (equal (read (prin1-to-string v)) v))") == "t");
}
