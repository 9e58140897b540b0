// The host interface (lisp-lite/editor/host.hpp) and the waits that turn
// the one event loop (waiting.hpp): a host installed with a HostScope
// receives messages, output to t, a turn before each wait and word of a
// killed buffer, and its values survive collections; without one, nothing
// is called.
#include <catch2/catch.hpp>

#include <chrono>
#include <string>
#include <vector>

#include "lisp-lite/editor/buffers.hpp"
#include "lisp-lite/editor/host.hpp"
#include "lisp-lite/editor/mode_line_format.hpp"
#include "lisp-lite/editor/waiting.hpp"
#include "lisp-lite/lang/heap.hpp"
#include "test_util.hpp"

using namespace gapmacs;
using namespace gapmacs::lisp;

namespace {

class RecordingHost final : public EditorHost {
public:
    void message(std::string_view internal, Value, bool display) override
    {
        messages.push_back(std::string(internal) + (display ? "" : " (logged)"));
    }
    void write_stdout(std::string_view internal) override { output += internal; }
    bool has_terminal() const override { return true; }
    void mark_values() const override
    {
        ++marks;
        mark_value(held);
    }
    void before_wait(std::optional<EventLoop::Duration>& left) override
    {
        ++waits;
        if (shorten_to && (!left || *left > *shorten_to))
            left = shorten_to;
    }
    void buffer_killed(Value buffer) override
    {
        // Still live while the host hears of it.
        killed.push_back(live_buffer(buffer) ? live_buffer(buffer)->name() : "dead");
    }
    Value describe_window_for_mode_line(Value window, ModeLineWindow& out) override
    {
        windows_described.push_back(window);
        out.top = "42%";
        out.bottom = "Bot";
        out.line = 7;
        out.column = [] { return std::int64_t(3); };
        out.recursive_edits = 2;
        return current_buffer();
    }

    std::vector<std::string> messages;
    std::string output;
    mutable int marks = 0;
    Value held = Qnil;
    int waits = 0;
    std::optional<EventLoop::Duration> shorten_to;
    std::vector<std::string> killed;
    std::vector<Value> windows_described;
};

} // namespace

TEST_CASE("a host receives messages and output to t while its scope lives")
{
    lisp::init();
    RecordingHost host;
    {
        HostScope scope(host);
        REQUIRE(editor_host() == &host);
        lisp_test::eval_string("(progn (message \"hello %d\" 42) (set 'inhibit-message t) (message \"quiet\") (set 'inhibit-message nil) (princ \"out\" t))");
        CHECK(host.messages == std::vector<std::string>{"hello 42", "quiet (logged)"});
        CHECK(host.output == "out");
    }
    CHECK(editor_host() == nullptr);
    CHECK(language_host() == nullptr);
    lisp_test::eval_string("(message \"after\")"); // to stderr, not to the host
    CHECK(host.messages.size() == 2);
}

TEST_CASE("a host's values survive collections")
{
    lisp::init();
    RecordingHost host;
    HostScope scope(host);
    host.held = lisp_test::eval_string("(list 1 2 3)");
    collect_garbage();
    // Freed cells would be taken by these and the list overwritten.
    lisp_test::eval_string("(length (make-list 200000 'x))");
    collect_garbage();
    CHECK(host.marks >= 2);
    CHECK(prin1_to_string(host.held) == "(1 2 3)");
}

TEST_CASE("a host hears of a killed buffer while it is still live")
{
    lisp::init();
    RecordingHost host;
    HostScope scope(host);
    lisp_test::eval_string("(kill-buffer (get-buffer-create \"host-test\"))");
    CHECK(host.killed == std::vector<std::string>{"host-test"});
}

TEST_CASE("format-mode-line asks the host what the window shows")
{
    lisp::init();
    // Batch: the buffer alone, its point on line 2 at column 1.
    CHECK(lisp_test::eval_print("(with-temp-buffer (insert \"ab\\ncd\") (backward-char) "
                                    "(format-mode-line \"%p %P L%l C%c %C %[%]\"))") == "\"All All L2 C1 2 \"");
    RecordingHost host;
    HostScope scope(host);
    CHECK(lisp_test::eval_print("(format-mode-line \"%p %P L%l C%c %C %[%]|%5l|\")") == "\"42% Bot L7 C3 4 [[]]|    7|\"");
    CHECK(host.windows_described == std::vector<Value>{Qnil});
}

TEST_CASE("every turn of a wait gives the host a turn first, which may shorten it")
{
    lisp::init();
    RecordingHost host;
    HostScope scope(host);
    // Turns of at most 1 ms: the condition is tested after each.
    host.shorten_to = std::chrono::milliseconds(1);
    int turns = 0;
    const auto start = EventLoop::Clock::now();
    wait_until(std::chrono::seconds(10), [&] { return ++turns > 3; });
    CHECK(turns == 4);
    CHECK(host.waits == 3);
    CHECK(EventLoop::Clock::now() - start < std::chrono::seconds(5));
    // sleep-for waits its whole time, in turns no longer than the host asks.
    host.waits = 0;
    host.shorten_to = std::chrono::milliseconds(5);
    const auto sleep_start = EventLoop::Clock::now();
    lisp_test::eval_string("(sleep-for 0.05)");
    CHECK(EventLoop::Clock::now() - sleep_start >= std::chrono::milliseconds(50));
    CHECK(host.waits >= 5);
}

TEST_CASE("a wait stops at its timeout, and C-g quits it")
{
    lisp::init();
    const auto start = EventLoop::Clock::now();
    wait_until(std::chrono::milliseconds(20), [] { return false; });
    CHECK(EventLoop::Clock::now() - start >= std::chrono::milliseconds(20));
    request_quit();
    CHECK_THROWS_AS(wait_until(std::nullopt, [] { return false; }), LispSignal);
    clear_quit();
}
