// Catch2 printers for gapmacs types, so failed checks show values.
#pragma once
#include <catch2/catch.hpp>

#include <string>

#include "core/position.hpp"

namespace Catch {
template <typename Tag>
struct StringMaker<gapmacs::Count<Tag>> {
    static std::string convert(const gapmacs::Count<Tag>& c) { return std::to_string(c.value); }
};
template <typename Tag>
struct StringMaker<gapmacs::Pos<Tag>> {
    static std::string convert(const gapmacs::Pos<Tag>& p) { return std::to_string(p.value); }
};
} // namespace Catch
