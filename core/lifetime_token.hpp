// LifetimeToken: lets code learn, after calling out (a filter, a sentinel,
// a nested event loop), whether the object it runs in still exists.
//
// A callback may destroy the object that called it (a filter that kills its
// process), and the caller's own code still runs after the call returns.
// It takes a Watch before the call and asks it afterwards, before touching
// any member:
//
//     LifetimeToken::Watch alive = m_lifetime.watch();
//     filter();
//     if (!alive)
//         return; // `this` is gone
//
// Declare the token as the object's last member: it is destroyed first, so
// it already reads dead while the other members are torn down.
#pragma once
#include <memory>

namespace gapmacs {

class LifetimeToken final {
public:
    class Watch final {
    public:
        explicit operator bool() const { return !m_token.expired(); }

    private:
        friend class LifetimeToken;
        explicit Watch(std::weak_ptr<const void> token) : m_token(std::move(token)) {}
        std::weak_ptr<const void> m_token;
    };

    LifetimeToken() = default;
    // The token belongs to one object: a copy would outlive the wrong one.
    LifetimeToken(const LifetimeToken&) = delete;
    LifetimeToken& operator=(const LifetimeToken&) = delete;

    Watch watch() const { return Watch(m_token); }

private:
    std::shared_ptr<const void> m_token = std::make_shared<char>(0);
};

} // namespace gapmacs
