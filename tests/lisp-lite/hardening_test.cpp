// Hostile input to the interpreter's C++ side: the shared list walker
// (cycles, quit), the error reporter that must never throw, sizes no memory
// can hold.
#include <catch2/catch.hpp>

#include "lisp-lite/lang/builtins.hpp"
#include "test_util.hpp"

using namespace gapmacs::lisp;
using lisp_test::eval_print;
using lisp_test::eval_string;

TEST_CASE("ListWalker: visits every cons, finds cycles of any length", "[walker]")
{
    init();
    for (int n : {1, 2, 3, 5, 64, 1000}) {
        for (int entry = 0; entry < n; entry += (n > 10 ? n / 7 : 1)) {
            RootedVector cells;
            Value list = Qnil;
            for (int i = 0; i < n; ++i)
                list = make_cons(Value::fixnum(i), list);
            // Close the cycle at ENTRY.
            Value last = list, target = list;
            for (int i = 0; i < n - 1; ++i)
                last = xcdr(last);
            for (int i = 0; i < entry; ++i)
                target = xcdr(target);
            last.as_cons()->cdr = target;
            bool signalled = false;
            try {
                list_length(list);
            } catch (const LispSignal& e) {
                signalled = e.symbol() == Qcircular_list;
            }
            CHECK(signalled);
            ListWalker safe(list, true);
            std::int64_t steps = 0;
            for (; safe.consp(); safe.next())
                ++steps;
            CHECK(safe.cycled());
            CHECK(steps >= n);
            CHECK(steps <= 4 * n + 4);
        }
    }
    Value proper = eval_string("(number-sequence 1 100)");
    CHECK(list_length(proper) == 100);
    ListWalker w(eval_string("'(1 2 . 3)"));
    for (; w.consp(); w.next()) {
    }
    CHECK(w.tail() == Value::fixnum(3));
}

TEST_CASE("ListWalker: quit stops a long walk", "[walker][quit]")
{
    init();
    std::int64_t n = 10000; // over the 4096 steps between checks, also under stress
    Value l = eval_string("(make-list " + std::to_string(n) + " 'a)");
    auto quits = [](auto&& f) {
        try {
            f();
        } catch (const LispSignal& e) {
            return e.symbol() == Qquit;
        }
        return false;
    };
    // The flag set as SIGINT sets it, with no eval in between: the walker's
    // own check signals (every builtin walking a list shares it).
    request_quit();
    CHECK(quits([&] { list_length(l); }));
    request_quit();
    CHECK(quits([&] {
        for (ListWalker w(l); w.consp(); w.next()) {
        }
    }));
    // inhibit-quit: the walk completes and quit waits for a later check.
    xsymbol(Qinhibit_quit)->value = Qt;
    request_quit();
    CHECK(list_length(l) == n);
    xsymbol(Qinhibit_quit)->value = Qnil;
    CHECK(quits([] { maybe_quit(); }));
    CHECK(list_length(l) == n);
}

TEST_CASE("error_message_string never throws", "[errors]")
{
    init();
    Value deep = eval_string("(let ((x nil)) (dotimes (_ 300) (setq x (list x))) (list 'error \"boom\" x))");
    std::string text;
    REQUIRE_NOTHROW(text = error_message_string(deep));
    CHECK(text.rfind("boom: ((((((((...))))))))", 0) == 0);
    // The Lisp function signals as Emacs's does.
    CHECK_THROWS_AS(error_message_string(deep, true), LispSignal);
    Value circular = eval_string("(let ((l (list 1 2))) (setcdr (cdr l) l) (cons 'my-error l))");
    REQUIRE_NOTHROW(text = error_message_string(circular));
    CHECK(text == "peculiar error: 1, 2, 1, 2, ...");
    CHECK_THROWS_AS(error_message_string(circular, true), LispSignal);
}

TEST_CASE("sizes no memory holds are a Lisp error", "[memory]")
{
    init();
    for (const char* form : {"(make-list most-positive-fixnum nil)", "(make-vector most-positive-fixnum nil)",
                             "(make-string most-positive-fixnum ?a)", "(number-sequence 0 most-positive-fixnum)",
                             "(with-temp-buffer (insert-char ?a most-positive-fixnum))",
                             "(make-hash-table :size most-positive-fixnum)"}) {
        INFO(form);
        CHECK(eval_print(std::string("(condition-case e ") + form + " (error (car e)))") == "error");
    }
}
