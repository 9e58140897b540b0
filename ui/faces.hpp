// Faces as the terminal can show them: colours from the eight ANSI ones (or
// the terminal's default) and attributes. A Cell holds a Face, a small id;
// the ids below count_ are the editor's own faces, the others are made on
// demand for the faces Lisp names (overlays' `face' properties).
#pragma once
#include <cstdint>
#include <vector>

#include "ui/cell_grid.hpp"

namespace gapmacs::ui {

struct FaceSpec {
    short fg = -1; // -1: the terminal's default; 0..7: COLOR_BLACK..COLOR_WHITE
    short bg = -1;
    bool bold = false;
    bool underline = false;
    bool reverse = false;
    bool dim = false;
    bool italic = false;
    bool operator==(const FaceSpec&) const = default;
};

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

private:
    FaceTable();
    std::vector<FaceSpec> m_specs;
};

} // namespace gapmacs::ui
