#include "ui/faces.hpp"

#include <array>
#include <cctype>
#include <string>

namespace gapmacs::ui {

namespace {

constexpr short black = 0, red = 1, green = 2, yellow = 3, blue = 4, magenta = 5, cyan = 6, white = 7;

} // namespace

short color_number(std::string_view name)
{
    std::string n;
    for (char c : name)
        if (c != ' ')
            n += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    for (const char* prefix : {"bright", "light", "dark", "medium"})
        if (n.starts_with(prefix) && n.size() > std::string_view(prefix).size())
            n = n.substr(std::string_view(prefix).size());
    static const std::array<std::pair<const char*, short>, 14> names{{
        {"black", black}, {"red", red}, {"green", green}, {"yellow", yellow}, {"blue", blue},
        {"magenta", magenta}, {"cyan", cyan}, {"white", white}, {"gray", white}, {"grey", white},
        {"orange", yellow}, {"brown", yellow}, {"purple", magenta}, {"pink", magenta},
    }};
    for (const auto& [k, v] : names)
        if (n == k)
            return v;
    return -1;
}

FaceTable::FaceTable()
{
    m_specs.resize(static_cast<std::size_t>(Face::count_));
    auto at = [&](Face f) -> FaceSpec& { return m_specs[static_cast<std::size_t>(f)]; };
    at(Face::ModeLine).reverse = true;
    at(Face::ModeLineInactive) = {-1, -1, false, false, true, true};
    at(Face::Region) = {white, blue};
    at(Face::Isearch) = {white, magenta, true};
    at(Face::LazyHighlight) = {black, cyan};
    at(Face::EscapeGlyph).fg = yellow;
    at(Face::LineNumber) = {-1, -1, false, false, false, true};
    at(Face::MinibufferPrompt).fg = cyan;
    at(Face::HeaderLine).underline = true; // Emacs's header-line on a terminal
}

FaceTable& FaceTable::instance()
{
    static FaceTable table;
    return table;
}

const FaceSpec& FaceTable::spec(Face f) const
{
    auto i = static_cast<std::size_t>(f);
    return i < m_specs.size() ? m_specs[i] : m_specs[0];
}

Face FaceTable::intern(const FaceSpec& spec)
{
    for (std::size_t i = 0; i < m_specs.size(); ++i)
        if (m_specs[i] == spec)
            return static_cast<Face>(i);
    if (m_specs.size() >= 255)
        return Face::Default;
    m_specs.push_back(spec);
    return static_cast<Face>(m_specs.size() - 1);
}

} // namespace gapmacs::ui
