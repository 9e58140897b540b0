// Faces as the terminal can show them: colours of its palette (the eight
// ANSI ones, 16, 88 or 256), 24-bit colours on a direct-colour terminal, or
// the terminal's default; and attributes. A
// Cell holds a Face, a small id; the ids below count_ are the editor's own
// faces, the others are made on demand for the faces Lisp names (text
// properties' and overlays' `face').
#pragma once
#include <cstdint>
#include <unordered_map>
#include <vector>

#include "ui/cell_grid.hpp"

namespace gapmacs::ui {

struct FaceSpec {
    // -1: the terminal's default; else its palette's colour (0..7:
    // COLOR_BLACK..COLOR_WHITE) or, on a direct-colour terminal, 0xRRGGBB.
    int fg = -1;
    int bg = -1;
    bool bold = false;
    bool underline = false;
    bool reverse = false;
    bool dim = false;
    bool italic = false;
    bool operator==(const FaceSpec&) const = default;
};

// The eight ANSI colours' numbers in every palette.
namespace ansi {
constexpr short black = 0, red = 1, green = 2, yellow = 3, blue = 4, magenta = 5, cyan = 6, white = 7;
}

// The colour numbers of Emacs's basic colour names ("red", "blue", ...), -1
// when unknown.
short color_number(std::string_view name);

class FaceTable final {
public:
    static FaceTable& instance();
    const FaceSpec& spec(Face f) const;
    // The face with exactly this spec, made if new (Default when the table
    // is full).
    Face intern(const FaceSpec& spec);
    // The face drawn for one of the editor's own ids (below Face::count_):
    // the id itself, or the face Lisp defines under its name (mode-line,
    // region...), set by show_as.
    Face shown(Face own) const;
    void show_as(Face own, Face shown);
    // Changes with every show_as that changed a face, so that a terminal
    // knows its screen's colours are stale.
    unsigned generation() const { return m_generation; }

private:
    FaceTable();
    static std::uint64_t key(const FaceSpec& s);
    std::vector<FaceSpec> m_specs;
    std::unordered_map<std::uint64_t, Face> m_ids;
    std::vector<Face> m_shown;
    unsigned m_generation = 0;
};

} // namespace gapmacs::ui
