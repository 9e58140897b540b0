#include <catch2/catch.hpp>

#include "lisp-lite/lisp.hpp"

using namespace gapmacs::lisp;

TEST_CASE("init and evaluate", "[eval]")
{
    init();
    std::size_t pos = 0;
    Value v = eval_toplevel(read_from("(+ 1 2)", pos));
    REQUIRE(v.is_fixnum());
    CHECK(v.as_fixnum() == 3);
}
