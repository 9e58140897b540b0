# Splitting, moving between and deleting windows; each has a mode line.
source "$(dirname "$0")/lib.sh"
seq 1 100 > "$WORK/numbers"
start numbers
wait_for "numbers"
keys C-x 2
settle
[[ $(screen | grep -c -- '-  numbers') == 2 ]] || fail "C-x 2 did not make two windows"
keys C-x o M-\>
settle
expect_row 0 "1"                               # the top window did not move
keys C-x 3
settle
[[ $(screen | grep -c -- '-  numbers') == 2 ]] || fail "C-x 3 on the bottom window"
screen | grep -q '|' || fail "no divider between side-by-side windows"
keys C-x 1
settle
[[ $(screen | grep -c -- '-  numbers') == 1 ]] || fail "C-x 1 left more than one window"
keys C-x 2 C-x 0
settle
[[ $(screen | grep -c -- '-  numbers') == 1 ]] || fail "C-x 0 did not delete the window"
# Issue 18: side by side, the divider runs through the mode lines too, as in
# Emacs: the two never touch.
keys C-x 1 C-x 3
settle
screen | grep -q -- "-  numbers .*|-" || fail "no divider between side-by-side mode lines"
