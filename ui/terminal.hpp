// Terminal: the ncursesw screen, owned for the life of the editor.
//
// Construction switches the terminal to raw mode (ISIG off: C-g and C-z
// reach the editor as keys) with bracketed paste on; destruction puts it
// back as it was. A fatal signal (SIGSEGV, SIGABRT, SIGBUS, SIGFPE, SIGILL)
// auto-saves the modified file buffers (emergency_save.hpp) and restores it
// too before the default action, with async-signal-safe calls only. The editor reads its keys from the input descriptor itself (see
// KeyDecoder); ncurses only draws.
#pragma once
#include <string_view>
#include <termios.h>

#include "ui/cell_grid.hpp"

namespace gapmacs::ui {

class Terminal final {
public:
    Terminal();
    ~Terminal();
    Terminal(const Terminal&) = delete;
    Terminal& operator=(const Terminal&) = delete;

    int rows() const { return m_rows; }
    // The colours faces can use: 0 without colour, else 8, 16, 88, 256, or
    // 16777216 on a direct-colour terminal (a colour is then 0xRRGGBB, the
    // numbers below 8 the ANSI colours, as terminfo's direct entries and
    // Emacs's tty-color-24bit number them).
    int colors() const { return m_colors; }
    int cols() const { return m_cols; }
    int input_fd() const { return 0; }
    // Reads the window size again (after SIGWINCH) and resizes ncurses'
    // screens; the next draw repaints everything.
    void update_size();
    // Copies the rows of grid that changed since the last draw into ncurses
    // and lets it update the terminal; leaves the cursor at (row, col).
    void draw(const CellGrid& grid, int cursor_row, int cursor_col);
    // Repaints the whole screen on the next draw (C-l).
    void force_repaint();
    void beep();
    // Writes bytes to the terminal as they are, around ncurses.
    void send_raw(std::string_view bytes);

private:
    int m_rows = 24;
    int m_colors = 0;
    int m_cols = 80;
    CellGrid m_shown;
    bool m_repaint = true;
    unsigned m_faces_generation = 0;
};

// True when standard input and output are a terminal the editor can use.
bool terminal_available();

// Gives the terminal back (cooked mode, main screen, cursor shown) if a
// Terminal holds it, with async-signal-safe calls only: for paths that end
// the process without unwinding.
void restore_terminal_now() noexcept;

} // namespace gapmacs::ui
