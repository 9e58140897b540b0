// Redisplay: draws a Frame into its CellGrid.
//
// Reads only the text it shows: each window is laid out row by row from its
// start, with the faces of the text it can show (no more lines than it has
// rows). A window whose buffer, point, mark, highlights and geometry did not
// change since the last frame costs nothing; after a change, rows that end
// before the first byte the buffer's change log says changed are kept, and
// rows after the change whose text is the same (Emacs's END_UNCHANGED) are
// shifted, not laid out again, faces or not. When point is not in view, the
// window is recentred on it.
#pragma once
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "lisp-lite/editor/mode_line_format.hpp"
#include "ui/frame.hpp"
#include "ui/row_layout.hpp"

namespace gapmacs::ui {

// What redisplay needs to know about a window's buffer besides its text;
// the editor reads it from Lisp variables.
// The faces of a buffer's own text (text properties, overlays) over
// [from, to), lowest priority first: what comes last wins.
using FacesFn = std::function<void(CharPos from, CharPos to, std::vector<Highlight>& out)>;

// How the minibuffer window's height follows what it shows
// (resize-mini-windows): never, growing while a minibuffer reads and back
// to one row when it ends (grow-only), or exactly.
enum class MinibufferResize { never, grow_only, exact };

struct WindowSettings {
    LayoutOptions layout;          // width is set by redisplay
    std::optional<CharPos> region; // the other end of the active region
    FacesFn faces;                 // none: the text has no faces
    // Called on the text the window is about to show
    // (fontification-functions); false when input cut it short.
    std::function<bool(CharPos from, CharPos to)> fontify;
    // Right after a command: text edited in place is drawn at once with
    // the faces it has, and fontified by the next redisplay (Emacs's
    // jit-lock-defer-time 0, without its timer). Text scrolled into view is
    // fontified before it is drawn.
    bool defer_fontification = false;
    std::vector<Highlight> highlights; // search matches, over the faces
    std::vector<OverlayArrow> arrows;
    std::string mode_name = "Fundamental";
    std::string mode_line_process; // e.g. ":run"
    std::string vc_mode;           // vc-mode, e.g. " Git-master"
    std::string minor_modes;       // e.g. " Def"
    std::optional<std::string> header_line; // header-line-format's text, when it has one
    // The mode line formatted from mode-line-format for where the window
    // ended up; none: gapmacs's own summary (mode_line_text), for an editor
    // whose Lisp has no mode-line-format.
    std::function<StyledLine(const lisp::ModeLineWindow&)> mode_line;
    bool has_mode_line = true; // false: mode-line-format is nil, the text takes its row
    bool line_number_mode = true;
    bool line_numbers = false; // display-line-numbers: numbers left of the text
    bool column_number_mode = false;
    // The minibuffer window's: resize-mini-windows, and max-mini-window-height
    // as rows or as a share of the frame's.
    MinibufferResize minibuffer_resize = MinibufferResize::grow_only;
    int minibuffer_max_rows = 0; // 0: the share below
    double minibuffer_max_share = 0.25;
};
using SettingsFn = std::function<WindowSettings(Window&)>;

struct RedisplayStats {
    int rows_laid_out = 0; // rows whose text was laid out again
    int windows_drawn = 0;
    int windows_skipped = 0; // nothing had changed
    int windows_unfontified = 0; // drawn before fontification: redisplay again
    int cursor_row = 0;
    int cursor_col = 0;
};

RedisplayStats redisplay(Frame& frame, const SettingsFn& settings);

// The start of the row `rows_above` rows above the one holding p (fewer at
// the top of the accessible text).
TextPos start_for_point(const Buffer& buffer, TextPos p, int rows_above, const LayoutOptions& options,
                        const TextDisplay* display = nullptr);
// The start of the row n rows below the row starting at start (stops at the
// last row).
TextPos row_below(const Buffer& buffer, TextPos start, int n, const LayoutOptions& options,
                  const TextDisplay* display = nullptr);

// Where window w is, for its mode line's %-constructs (%p, %P, %l, %c);
// the line is counted (when cheap) only with count_line (line-number-mode).
lisp::ModeLineWindow mode_line_place(Window& w, bool count_line, TextPos point);
// gapmacs's own mode line for a window, Emacs's default's look, for when
// Lisp has no mode-line-format.
std::string mode_line_text(Window& w, const WindowSettings& s, int width, TextPos point);

} // namespace gapmacs::ui
