// The collector: long lists survive and are freed, deep structures are
// marked without recursion, stress mode (GAPMACS_GC_STRESS) is honoured.
#include <catch2/catch.hpp>

#include "test_util.hpp"

using lisp_test::eval_print;
using lisp_test::eval_string;
using lisp_test::num;
using lisp_test::scaled;
using namespace gapmacs::lisp;

namespace {

std::size_t live_objects()
{
    collect_garbage();
    return heap_stats().live_objects;
}

} // namespace

TEST_CASE("gc: a list of 1e6 conses survives collection and is freed after it dies", "[gc]")
{
    init();
    std::size_t before = live_objects();
    init();
    const long n = scaled(1000000);
    eval_string("(setq gc-test--list (make-list " + num(1000000) + " 'x))");
    std::size_t with_list = live_objects();
    CHECK(with_list >= before + static_cast<std::size_t>(n));
    CHECK(eval_print("(length gc-test--list)") == num(1000000));
    CHECK(eval_print("(car (last gc-test--list))") == "x");
    eval_string("(setq gc-test--list nil)");
    std::size_t after = live_objects();
    CHECK(after + static_cast<std::size_t>(n) * 9 / 10 < with_list);
}

TEST_CASE("gc: strings' bytes are freed when strings die", "[gc]")
{
    init();
    collect_garbage();
    std::size_t before = heap_stats().live_bytes;
    eval_string("(setq gc-test--strings (let (l) (dotimes (i 1000) (push (make-string 1000 ?a) l)) l))");
    collect_garbage();
    std::size_t with_strings = heap_stats().live_bytes;
    CHECK(with_strings >= before + 1000 * 1000);
    eval_string("(setq gc-test--strings nil)");
    collect_garbage();
    CHECK(heap_stats().live_bytes + 900 * 1000 < with_strings);
}

TEST_CASE("gc: deep car nesting is marked with an explicit stack", "[gc][deep]")
{
    init();
    eval_string("(setq gc-test--deep (let ((x nil)) (dotimes (_ " + num(1000000) + ") (setq x (cons x nil))) x))");
    collect_garbage();
    CHECK(eval_print("(let ((n 0) (x gc-test--deep)) (while x (setq x (car x) n (1+ n))) n)") == num(1000000));
    eval_string("(setq gc-test--deep nil)");
    collect_garbage();
}

TEST_CASE("gc: values held only by C++ locals survive (conservative stack scan)", "[gc]")
{
    init();
    Value a = make_string("held on the C++ stack");
    Value l = list({a, make_float(1.5), intern("sym")});
    for (int i = 0; i < 3; ++i)
        collect_garbage();
    // Churn so freed cells would be reused.
    eval_string("(dotimes (_ " + num(100000) + ") (cons 1 2))");
    CHECK(prin1_to_string(l) == "(\"held on the C++ stack\" 1.5 sym)");
}

TEST_CASE("gc: the threshold is gc-cons-threshold, and gcs-done counts", "[gc]")
{
    init();
    std::int64_t before = gcs_done();
    eval_string("(let ((gc-cons-threshold 100000)) (dotimes (_ " + num(100000) + ") (cons 1 2)))");
    std::int64_t with_small = gcs_done() - before;
    CHECK(with_small >= (gc_stress_enabled() ? 2000 : 10));
    CHECK(eval_print("(integerp gcs-done)") == "t");
    CHECK(eval_print("(floatp gc-elapsed)") == "t");
}

TEST_CASE("gc: runaway recursion is a Lisp error", "[eval][deep]")
{
    CHECK(eval_print("(progn (defun gc-test--f (n) (gc-test--f (1+ n))) (gc-test--f 0))") ==
          "ERROR: Lisp nesting exceeds \xE2\x80\x98max-lisp-eval-depth\xE2\x80\x99");
    CHECK(eval_print("(let ((max-lisp-eval-depth 1000000)) (gc-test--f 0))").rfind("ERROR: Lisp nesting exceeds", 0) == 0);
}

TEST_CASE("gc: a collection waits while a CollectionDeferral lives, up to its growth limit", "[gc]")
{
    init();
    if (gc_stress_enabled())
        return; // stress collects at every allocation by design
    // 200 MB of strings, at a threshold where the deferral's limit is its
    // floor (kDeferredBytes) and at one where it is kDeferredGrowth times
    // the threshold: deferred, a collection comes once per limit at most.
    constexpr std::int64_t total = 200 * 1000 * 1000;
    for (std::int64_t threshold : {std::int64_t(1) << 20, std::int64_t(32) << 20}) {
        const std::string allocate = "(let ((gc-cons-threshold " + std::to_string(threshold) +
                                     ") (gc-cons-percentage 0.0)) (dotimes (_ 200) (make-string 1000000 ?x)))";
        std::int64_t before = gcs_done();
        eval_string(allocate);
        const std::int64_t normal = gcs_done() - before;
        before = gcs_done();
        {
            CollectionDeferral typing;
            eval_string(allocate);
        }
        const std::int64_t deferred = gcs_done() - before;
        const std::int64_t limit = std::max(threshold * CollectionDeferral::kDeferredGrowth, CollectionDeferral::kDeferredBytes);
        CHECK(normal >= total / threshold / 2); // a collection comes at the allocation after the threshold
        CHECK(deferred >= 1); // the limit bounds the heap: it does not stop collections
        CHECK(deferred <= total / limit + 1);
    }
    // Once the deferral ends, the collection that waited runs at the next allocation.
    eval_string("(setq gc-cons-threshold 100000 gc-cons-percentage 0.0)");
    eval_string("(garbage-collect)");
    const std::int64_t before = gcs_done();
    {
        CollectionDeferral typing;
        eval_string("(dotimes (_ 8000) (cons 1 2))"); // 128 KB: due, but waiting
        CHECK(gcs_done() == before);
    }
    eval_string("(cons 1 2)");
    CHECK(gcs_done() == before + 1);
    eval_string("(setq gc-cons-threshold 800000 gc-cons-percentage 0.1)");
}
