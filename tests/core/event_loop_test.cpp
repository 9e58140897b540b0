// The event loop's dispatch order: input before everything else.
#include <catch2/catch.hpp>

#include <string>
#include <unistd.h>

#include "core/event_loop.hpp"
#include "core/unique_fd.hpp"

using namespace gapmacs;

namespace {

struct Pipe {
    UniqueFd read_end;
    UniqueFd write_end;
    Pipe()
    {
        int fds[2];
        REQUIRE(pipe(fds) == 0);
        read_end = UniqueFd(fds[0]);
        write_end = UniqueFd(fds[1]);
    }
    void put(const char* s) { REQUIRE(write(write_end.get(), s, 1) == 1); }
    void take()
    {
        char c;
        REQUIRE(read(read_end.get(), &c, 1) == 1);
    }
};

} // namespace

TEST_CASE("An input watcher that is ready is served alone; the others wait for the next turn", "[event-loop]")
{
    EventLoop loop;
    Pipe stream, keys;
    std::string order;
    // Registered first, so a loop that ignored priorities would serve it first.
    EventLoop::FdWatcher output(loop, stream.read_end.get(), EventLoop::Readable, [&](unsigned) {
        stream.take();
        order += 'o';
    });
    EventLoop::FdWatcher input(
        loop, keys.read_end.get(), EventLoop::Readable,
        [&](unsigned) {
            keys.take();
            order += 'k';
        },
        EventLoop::Priority::Input);
    stream.put("x");
    keys.put("k");
    CHECK(loop.run_once(std::chrono::milliseconds(1000)));
    CHECK(order == "k");
    CHECK(loop.run_once(std::chrono::milliseconds(1000)));
    CHECK(order == "ko");
    // With no input ready, output is served at once.
    stream.put("x");
    CHECK(loop.run_once(std::chrono::milliseconds(1000)));
    CHECK(order == "koo");
}
