#include "ui/terminal.hpp"

#include "ui/emergency_save.hpp"

#define NCURSES_WIDECHAR 1
#include <curses.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <csignal>
#include <cstring>
#include <algorithm>
#include <cstdlib>
#include <cwchar>
#include <string>
#include <string_view>

#include "core/error.hpp"
#include "ui/faces.hpp"

namespace gapmacs::ui {

namespace {

struct termios g_saved_termios;
volatile std::sig_atomic_t g_terminal_active = 0;

// Leaves bracketed paste, the mouse tracking modes Lisp may have turned on
// (xt-mouse) and the alternate screen, shows the cursor, resets attributes.
constexpr char reset_sequences[] =
    "\033[?2004l\033[?1006l\033[?1003l\033[?1002l\033[?1000l\033[0m\033[?25h\033[?1049l\r\n";

void write_all(const char* s, std::size_t n)
{
    while (n > 0) {
        ssize_t k = ::write(STDOUT_FILENO, s, n);
        if (k <= 0)
            return;
        s += k;
        n -= static_cast<std::size_t>(k);
    }
}

extern "C" void on_fatal_signal(int sig)
{
    emergency_auto_save();
    restore_terminal_now();
    std::signal(sig, SIG_DFL);
    std::raise(sig);
}

void install_fatal_handlers()
{
    for (int sig : {SIGSEGV, SIGABRT, SIGBUS, SIGFPE, SIGILL}) {
        struct sigaction sa {};
        sa.sa_handler = on_fatal_signal;
        sigemptyset(&sa.sa_mask);
        sa.sa_flags = SA_RESETHAND;
        ::sigaction(sig, &sa, nullptr);
    }
}

// The colour pair of (foreground, background): ncurses keeps them and
// reuses the least recently used when all are taken.
int color_pair(int fg, int bg)
{
    const int pair = ::alloc_pair(fg, bg);
    return pair < 0 ? 0 : pair;
}

attr_t face_attrs(Face f, int& pair)
{
    const FaceTable& faces = FaceTable::instance();
    const FaceSpec& spec = faces.spec(faces.shown(f));
    attr_t a = A_NORMAL;
    if (spec.bold)
        a |= A_BOLD;
    if (spec.underline)
        a |= A_UNDERLINE;
    if (spec.reverse)
        a |= A_REVERSE;
    if (spec.dim)
        a |= A_DIM;
    if (spec.italic)
        a |= A_ITALIC;
    pair = 0;
    if (spec.fg < 0 && spec.bg < 0)
        return a;
    if (has_colors()) {
        pair = color_pair(spec.fg, spec.bg);
        return a;
    }
    // No colours: a background shows as reverse video, a foreground as bold.
    return a | (spec.bg >= 0 ? A_REVERSE : A_BOLD);
}

} // namespace

void restore_terminal_now() noexcept
{
    if (g_terminal_active) {
        ::tcsetattr(STDIN_FILENO, TCSANOW, &g_saved_termios);
        write_all(reset_sequences, sizeof reset_sequences - 1);
        g_terminal_active = 0;
    }
}

bool terminal_available() { return ::isatty(STDIN_FILENO) && ::isatty(STDOUT_FILENO); }

namespace {

// COLORTERM=truecolor says the terminal takes 24-bit colours
// (ISO-8613-6 "38;2;R;G;B") whatever its terminfo entry says, as Emacs 28's
// term.c reads it; "24bit" is the other spelling terminals set.
bool colorterm_says_24_bit()
{
    const char* c = std::getenv("COLORTERM");
    return c && (std::strcmp(c, "truecolor") == 0 || std::strcmp(c, "24bit") == 0);
}

// The direct-colour variant ncurses-term has of a terminal type:
// "xterm-256color" gives "xterm-direct", "tmux-256color" "tmux-direct".
std::string direct_colour_type(std::string_view type)
{
    for (std::string_view suffix : {"-256color", "-88color", "-16color", "-color"})
        if (type.ends_with(suffix)) {
            type.remove_suffix(suffix.size());
            break;
        }
    return std::string(type) + "-direct";
}

// The screen on the terminal type $TERM names or, when COLORTERM says the
// terminal takes 24-bit colours and $TERM's entry does not, on its
// direct-colour variant (ncurses draws RGB colours only from an entry with
// the RGB capability; its variants differ from the plain entries in colours
// alone). A type with no such variant keeps its own entry and palette.
SCREEN* open_screen()
{
    const char* term = std::getenv("TERM");
    if (term && colorterm_says_24_bit() && !std::string_view(term).ends_with("-direct")) {
        const std::string direct = direct_colour_type(term);
        if (SCREEN* s = ::newterm(direct.c_str(), stdout, stdin))
            return s;
    }
    return ::newterm(nullptr, stdout, stdin);
}

} // namespace

Terminal::Terminal()
{
    if (!terminal_available())
        throw Error("error", "standard input is not a tty");
    ::tcgetattr(STDIN_FILENO, &g_saved_termios);
    if (!open_screen())
        throw Error("error", "Could not open the terminal (is TERM set?)");
    g_terminal_active = 1;
    install_fatal_handlers();
    ::raw();
    ::noecho();
    ::nonl();
    ::intrflush(stdscr, FALSE);
    ::keypad(stdscr, FALSE);
    if (::has_colors()) {
        ::start_color();
        ::use_default_colors();
        m_colors = COLORS;
    }
    update_size();
    refresh();
    write_all("\033[?2004h", 8);
}

Terminal::~Terminal()
{
    write_all("\033[?2004l", 8);
    ::endwin();
    ::tcsetattr(STDIN_FILENO, TCSANOW, &g_saved_termios);
    g_terminal_active = 0;
}

void Terminal::update_size()
{
    struct winsize ws {};
    if (::ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_row > 0 && ws.ws_col > 0) {
        m_rows = ws.ws_row;
        m_cols = ws.ws_col;
        ::resize_term(m_rows, m_cols);
    } else {
        m_rows = LINES;
        m_cols = COLS;
    }
    force_repaint();
}

void Terminal::force_repaint()
{
    m_repaint = true;
    ::clearok(curscr, TRUE);
}

void Terminal::beep() { ::beep(); }

void Terminal::send_raw(std::string_view bytes)
{
    // ncurses's own output first, so that the bytes come after what the
    // screen already shows.
    ::fflush(stdout);
    write_all(bytes.data(), bytes.size());
}

void Terminal::draw(const CellGrid& grid, int cursor_row, int cursor_col)
{
    if (m_shown.rows() != grid.rows() || m_shown.cols() != grid.cols()) {
        m_shown.resize(grid.rows(), grid.cols());
        m_repaint = true;
    }
    if (const unsigned faces = FaceTable::instance().generation(); faces != m_faces_generation) {
        m_faces_generation = faces;
        m_repaint = true;
    }
    const int rows = std::min(grid.rows(), m_rows);
    const int cols = std::min(grid.cols(), m_cols);
    for (int r = 0; r < rows; ++r) {
        bool same = !m_repaint;
        for (int c = 0; c < cols && same; ++c)
            same = grid.at(r, c) == m_shown.at(r, c);
        if (same)
            continue;
        for (int c = 0; c < cols; ++c) {
            const Cell& cell = grid.at(r, c);
            m_shown.at(r, c) = cell;
            if (cell.width == 0)
                continue; // the right half of a wide character
            wchar_t text[Cell::max_chars + 1] = {};
            for (std::size_t k = 0; k < Cell::max_chars && cell.chars[k]; ++k)
                text[k] = static_cast<wchar_t>(cell.chars[k]);
            if (!text[0])
                text[0] = L' ';
            int pair = 0;
            attr_t attrs = face_attrs(cell.face, pair);
            cchar_t cc;
            // The pair as an int (opts): there may be more than SHRT_MAX.
            ::setcchar(&cc, text, attrs, 0, &pair);
            mvadd_wch(r, c, &cc);
        }
    }
    m_repaint = false;
    move(std::clamp(cursor_row, 0, rows - 1), std::clamp(cursor_col, 0, cols - 1));
    refresh();
}

} // namespace gapmacs::ui
