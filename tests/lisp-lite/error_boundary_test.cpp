// The one error boundary (issue 22): a C++ error thrown under any subr, a
// special form's included, reaches Lisp as a catchable Lisp error, through
// invoke_subr; a Lisp signal passes through unchanged.
#include <catch2/catch.hpp>

#include <stdexcept>
#include <vector>

#include "core/error.hpp"
#include "lisp-lite/lang/builtins.hpp"
#include "test_util.hpp"

using namespace gapmacs;
using namespace gapmacs::lisp;

namespace {

Value throw_core_error(Args) { throw Error("file-missing", "Opening input file: No such file or directory"); }
Value throw_logic_error(Args) { throw std::out_of_range("vector::_M_range_check"); }
Value throw_length_error(Args) { throw std::length_error("vector::reserve"); }
// A special form (UNEVALLED): it gets its argument list unevaluated.
Value throw_from_special_form(Args) { throw Error("invalid-regexp", "Unmatched [ or [^"); }

const SubrDef throwing_subrs[] = {
    {"error-boundary-test--core", 0, 0, throw_core_error},
    {"error-boundary-test--logic", 0, 0, throw_logic_error},
    {"error-boundary-test--length", 0, 0, throw_length_error},
    {"error-boundary-test--special-form", 0, unevalled, throw_from_special_form},
};

void install()
{
    lisp::init();
    static const bool done = (register_subrs(throwing_subrs), true);
    (void)done;
}

} // namespace

TEST_CASE("a C++ error under a subr is the Lisp error it names, for condition-case")
{
    install();
    CHECK(lisp_test::eval_print("(condition-case e (error-boundary-test--core) (file-missing (car e)))") ==
          "file-missing");
    CHECK(lisp_test::eval_print("(condition-case e (error-boundary-test--logic) (error e))") ==
          "(error \"Internal error: vector::_M_range_check\")");
    // A size no container holds is memory exhaustion, as in Emacs.
    CHECK(lisp_test::eval_print("(condition-case e (error-boundary-test--length) (error e))") ==
          "(error \"Memory exhausted\")");
}

TEST_CASE("a special form's C++ error is caught like a function's")
{
    install();
    CHECK(lisp_test::eval_print("(condition-case e (error-boundary-test--special-form whatever) "
                                "(invalid-regexp (cdr e)))") == "(\"Unmatched [ or [^\")");
}

TEST_CASE("caught_error gives a reporter the error being handled as a Lisp error")
{
    install();
    std::vector<std::string> seen;
    for (auto thrower : {throw_core_error, throw_logic_error}) {
        try {
            thrower(Args{nullptr, 0});
        } catch (const std::exception&) {
            const LispSignal e = caught_error();
            seen.push_back(prin1_to_string(make_cons(e.symbol(), e.data())));
        }
    }
    CHECK(seen == std::vector<std::string>{"(file-missing \"Opening input file: No such file or directory\")",
                                           "(error \"Internal error: vector::_M_range_check\")"});
    // A throw is no error: it goes on.
    CHECK_THROWS_AS(
        [] {
            try {
                throw LispThrow(Qt, Qnil);
            } catch (const std::exception&) {
                caught_error();
            }
        }(),
        LispThrow);
}
