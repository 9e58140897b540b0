#include "ui/faces.hpp"

#include <array>
#include <cctype>
#include <string>

namespace gapmacs::ui {

using namespace ansi;

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
    // Made again from Lisp, a spec of these is the same face.
    for (std::size_t i = m_specs.size(); i-- > 0;)
        m_ids[key(m_specs[i])] = static_cast<Face>(i);
    for (std::size_t i = 0; i < m_specs.size(); ++i)
        m_shown.push_back(static_cast<Face>(i));
}

Face FaceTable::shown(Face own) const
{
    auto i = static_cast<std::size_t>(own);
    return i < m_shown.size() ? m_shown[i] : own;
}

void FaceTable::show_as(Face own, Face shown)
{
    auto i = static_cast<std::size_t>(own);
    if (i < m_shown.size() && m_shown[i] != shown) {
        m_shown[i] = shown;
        ++m_generation;
    }
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

std::uint64_t FaceTable::key(const FaceSpec& s)
{
    // A colour from -1 to 0xFFFFFF fits 25 bits once shifted by one.
    const auto colour = [](int c) { return static_cast<std::uint64_t>(c + 1) & 0x1FFFFFF; };
    const unsigned flags = s.bold | s.underline << 1 | s.reverse << 2 | s.dim << 3 | s.italic << 4;
    return colour(s.fg) | colour(s.bg) << 25 | static_cast<std::uint64_t>(flags) << 50;
}

Face FaceTable::intern(const FaceSpec& spec)
{
    if (auto it = m_ids.find(key(spec)); it != m_ids.end())
        return it->second;
    if (m_specs.size() > UINT16_MAX)
        return Face::Default;
    const auto id = static_cast<Face>(m_specs.size());
    m_specs.push_back(spec);
    m_ids.emplace(key(spec), id);
    return id;
}

} // namespace gapmacs::ui
