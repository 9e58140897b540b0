// Local sockets and connections: the process layer of make-network-process,
// over real sockets.
#include <catch2/catch.hpp>

#include <csignal>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>
#include <unistd.h>

#include "core/error.hpp"
#include "process/local_socket.hpp"
#include "process/process.hpp"
#include "test_util.hpp"

using namespace gapmacs;
using namespace gapmacs::test;

namespace {

// A socket path in a fresh directory, removed with it.
struct SocketDir {
    std::filesystem::path dir = std::filesystem::temp_directory_path() / ("gapmacs-sock-" + std::to_string(::getpid()));
    SocketDir() { std::filesystem::create_directories(dir); }
    ~SocketDir() { std::filesystem::remove_all(dir); }
    std::string path() const { return (dir / "s").string(); }
};

std::unique_ptr<Process> connection(UniqueFd fd)
{
    return std::make_unique<Process>(loop(), std::move(fd), 65536, coding("utf-8-unix"), coding("utf-8-unix"));
}

} // namespace

TEST_CASE("A listener hands over each connection, which talks both ways", "[process][socket]")
{
    SocketDir sockets;
    std::vector<std::unique_ptr<Process>> accepted;
    std::string server_got, client_got;
    LocalListener listener(loop(), sockets.path(), [&](UniqueFd fd) {
        accepted.push_back(connection(std::move(fd)));
        Process& p = *accepted.back();
        p.output().set_string_filter([&p, &server_got](std::string_view text, CharCount) {
            server_got += text;
            p.send_text("échoed " + std::string(text));
        });
    });
    auto client = connection(connect_local(sockets.path()));
    client->output().set_string_filter([&](std::string_view text, CharCount) { client_got += text; });
    CHECK(client->connection());
    CHECK(client->pid() == -1);
    CHECK(client->running());
    client->send_text("héllo\n");
    run_until([&] { return client_got.size() >= std::string("échoed héllo\n").size(); });
    CHECK(server_got == "héllo\n");
    CHECK(client_got == "échoed héllo\n");
    REQUIRE(accepted.size() == 1);

    // The client closes: the server's end hears it, once, with Emacs's words.
    std::vector<std::string> events;
    accepted[0]->set_sentinel([&](const std::string& e) { events.push_back(e); });
    client->close();
    CHECK(client->status().state == ProcessStatus::State::Closed);
    run_until([&] { return !events.empty(); });
    CHECK(events == std::vector<std::string>{"connection broken by remote peer\n"});
    CHECK(accepted[0]->status().state == ProcessStatus::State::Closed);
    CHECK_FALSE(accepted[0]->running());
}

TEST_CASE("A listener dropped in its own callback stops at once", "[process][socket]")
{
    SocketDir sockets;
    int connections = 0;
    std::unique_ptr<LocalListener> listener;
    listener = std::make_unique<LocalListener>(loop(), sockets.path(), [&](UniqueFd) {
        ++connections;
        listener.reset(); // as delete-process of the server in a sentinel
    });
    auto first = connection(connect_local(sockets.path()));
    run_until([&] { return !listener; });
    CHECK(connections == 1);
    // Nobody listens any more: the socket file stays (server.el deletes it).
    CHECK(std::filesystem::exists(sockets.path()));
    CHECK_THROWS_AS(connect_local(sockets.path()), Error);
}

TEST_CASE("Local socket errors are file errors", "[process][socket]")
{
    SocketDir sockets;
    try {
        connect_local(sockets.path());
        FAIL("connected to nothing");
    } catch (const Error& e) {
        CHECK(e.symbol() == "file-error");
        CHECK_THAT(e.what(), Catch::Contains(sockets.path()));
    }
    LocalListener one(loop(), sockets.path(), [](UniqueFd) {});
    CHECK_THROWS_AS(LocalListener(loop(), sockets.path(), [](UniqueFd) {}), Error); // the name is taken
    CHECK_THROWS_AS(connect_local(std::string(200, 'x')), Error);                  // too long for sun_path
}

TEST_CASE("A connection is never signalled: it has no child", "[process][socket]")
{
    SocketDir sockets;
    std::vector<UniqueFd> held;
    LocalListener listener(loop(), sockets.path(), [&](UniqueFd fd) { held.push_back(std::move(fd)); });
    auto client = connection(connect_local(sockets.path()));
    client->signal(SIGKILL); // would be kill(1, ...) if it were sent
    CHECK(client->running());
    CHECK_FALSE(client->foreground_group());
}
