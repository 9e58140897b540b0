#include <catch2/catch.hpp>

#include <functional>
#include <memory>

#include "core/lifetime_token.hpp"

using gapmacs::LifetimeToken;

namespace {

// An object whose callback may destroy it, as a filter may delete its process.
struct Caller {
    std::function<void()> callback;
    bool touched_after = false;
    LifetimeToken lifetime;

    void call()
    {
        const LifetimeToken::Watch alive = lifetime.watch();
        auto f = callback; // the callback may destroy its own holder
        f();
        if (!alive)
            return;
        touched_after = true;
    }
};

} // namespace

TEST_CASE("A lifetime watch tells whether its object outlived a call", "[lifetime_token]")
{
    auto kept = std::make_unique<Caller>();
    kept->callback = [] {};
    kept->call();
    CHECK(kept->touched_after);

    auto doomed = std::make_unique<Caller>();
    doomed->callback = [&] { doomed.reset(); };
    doomed->call(); // returns without touching the freed object (ASan would say)
    CHECK_FALSE(doomed);

    LifetimeToken::Watch w = [] {
        LifetimeToken t;
        LifetimeToken::Watch inner = t.watch();
        CHECK(inner);
        return inner;
    }();
    CHECK_FALSE(w);
}
