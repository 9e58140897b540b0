# 24-bit colours as emacs -nw shows them when COLORTERM=truecolor: the
# terminal has 16777216 colours (display-color-cells), a face's "#RRGGBB"
# reaches the terminal as itself, a colour name as xterm's RGB for it, and
# the mode line is Emacs's grey (191,191,191), not its nearest palette
# colour. Values from emacs -nw -Q in tmux with TERM=tmux-256color and
# COLORTERM=truecolor. A terminal type with no direct-colour entry keeps
# its palette.
source "$(dirname "$0")/lib.sh"
needs_emacs_library
[ -e /usr/share/terminfo/t/tmux-direct ] || [ -e /lib/terminfo/t/tmux-direct ] ||
    { echo "SKIPPED: ncurses-term (tmux-direct) is not installed"; exit 77; }

TERMINAL_ENV="TERM=tmux-256color COLORTERM=truecolor" start -Q
keys M-: '(progn (switch-to-buffer "rgb") (insert "truecolor red") (overlay-put (make-overlay 1 5) (quote face) (quote (:foreground "#123456" :background "#fedcba"))) (overlay-put (make-overlay 11 14) (quote face) (quote (:foreground "red"))) (display-color-cells))' Enter
wait_for "16777216" 10
wait_colour $'\e[38;2;18;52;86m\e[48;2;254;220;186mtrue' 5 "hex colour"
wait_colour $'\e[38;2;205;0;0mred' 2 "named colour"
wait_colour $'\e[30m\e[48;2;191;191;191m-U' 2 "mode line"
keys C-x C-c
wait_for "EXITED 0" 10
# A server of its own for the second editor: a new session on the socket
# of one being killed can meet it still exiting.
T kill-server
SOCK="$SOCK-palette"

# screen has no direct-colour entry: its 256 colours, as before.
TERMINAL_ENV="TERM=screen-256color COLORTERM=truecolor" start -Q
keys M-: '(display-color-cells)' Enter
wait_for "256 (#o400, #x100" 10
wait_colour $'\e[30m\e[48;5;250m-U' 2 "palette mode line"
echo PASS
