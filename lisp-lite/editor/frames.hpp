// The frame and terminal Lisp sees (frames.cpp): one terminal frame, in
// batch as in the editor. The editor describes its real terminal once, so
// that tty-type, display-color-cells and the face specs Emacs's faces.el
// chooses by them (min-colors, class color) see what the screen offers.
#pragma once
#include <string_view>

namespace gapmacs::lisp {

// TYPE: $TERM; COLORS: the number the terminal shows (0 or 2: none).
void describe_terminal(std::string_view type, int colors);

} // namespace gapmacs::lisp
