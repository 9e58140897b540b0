// Lisp face descriptions as terminal faces.
#include <catch2/catch.hpp>

#include "ui/lisp_faces.hpp"
#include "ui_test_util.hpp"

using namespace gapmacs;
using namespace gapmacs::ui;

namespace {

const FaceSpec& spec_of(const char* lisp)
{
    ui_test::init();
    std::size_t pos = 0;
    lisp::Value v = lisp::read_from(lisp, pos);
    return FaceTable::instance().spec(face_from_lisp(v));
}

} // namespace

TEST_CASE("named faces, plists, lists and inheritance")
{
    CHECK(spec_of("bold").bold);
    CHECK_FALSE(spec_of("bold").underline);
    CHECK(spec_of("region") == FaceTable::instance().spec(Face::Region));
    const FaceSpec& red = spec_of("(:foreground \"red\" :weight bold)");
    CHECK(red.fg == 1);
    CHECK(red.bold);
    CHECK(spec_of("(:background \"bright blue\")").bg == 4);
    // The first face of a list wins for each attribute it sets.
    const FaceSpec& merged = spec_of("((:foreground \"green\") (:foreground \"red\" :underline t))");
    CHECK(merged.fg == 2);
    CHECK(merged.underline);
    CHECK(spec_of("(:inherit bold :slant italic)").bold);
    CHECK(spec_of("(:inherit bold :slant italic)").italic);
    CHECK(spec_of("compilation-error").fg == 1);
    CHECK(spec_of("no-such-face-at-all") == FaceSpec{});
    CHECK(spec_of("(foreground-color . \"cyan\")").fg == 6);
}

TEST_CASE("the same spec is the same face")
{
    ui_test::init();
    std::size_t p1 = 0, p2 = 0;
    Face a = face_from_lisp(lisp::read_from("(:foreground \"yellow\")", p1));
    Face b = face_from_lisp(lisp::read_from("(:foreground \"orange\")", p2));
    CHECK(a == b);
}
