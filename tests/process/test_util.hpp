// What the process tests share: one event loop for the whole test program
// (a second would take SIGCHLDs the first waits for), and ways to count
// children and descriptors.
#pragma once
#include <catch2/catch.hpp>

#include <chrono>
#include <dirent.h>
#include <fstream>
#include <string>
#include <unistd.h>

#include "core/coding.hpp"
#include "core/event_loop.hpp"
#include "process/spawn.hpp"

namespace gapmacs::test {

inline EventLoop& loop()
{
    static EventLoop instance;
    return instance;
}

inline CodingSystem coding(const char* name) { return find_coding_system(name); }

// Turns the loop until pred() holds; fails the test after `limit`.
template <typename Pred> void run_until(Pred pred, std::chrono::seconds limit = std::chrono::seconds(60))
{
    auto end = EventLoop::Clock::now() + limit;
    while (!pred()) {
        REQUIRE(EventLoop::Clock::now() < end);
        loop().run_once(std::chrono::milliseconds(100));
    }
}

inline SpawnOptions sh(const std::string& script, std::size_t read_max = 65536)
{
    SpawnOptions o;
    o.argv = {"sh", "-c", script};
    o.pipe_size = read_max;
    return o;
}

inline std::size_t open_fds()
{
    std::size_t n = 0;
    DIR* d = opendir("/proc/self/fd");
    while (readdir(d))
        ++n;
    closedir(d);
    return n;
}

// Children of this process that exist now (zombies included).
inline std::size_t child_count()
{
    std::ifstream in("/proc/self/task/" + std::to_string(getpid()) + "/children");
    std::size_t n = 0;
    std::string pid;
    while (in >> pid)
        ++n;
    return n;
}

} // namespace gapmacs::test
