// Internal text in at most two pieces: a gap buffer's text around its gap,
// searched in place (no copy, no gap move).
#pragma once
#include <cstddef>
#include <string_view>

namespace gapmacs {

// Offsets into it count bytes from the start of `first`.
struct SplitText {
    std::string_view first;
    std::string_view second;

    SplitText() = default;
    SplitText(std::string_view a, std::string_view b = {}) : first(a), second(b) {}
    std::size_t size() const { return first.size() + second.size(); }
    unsigned char byte(std::size_t i) const
    {
        return static_cast<unsigned char>(i < first.size() ? first[i] : second[i - first.size()]);
    }
};

} // namespace gapmacs
