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
    CHECK(read_print("99999999999999999999") == "ERROR: (overflow-error \"99999999999999999999\")");
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
