# Splitting, moving between and deleting windows; each has a mode line.
source "$(dirname "$0")/lib.sh"
seq 1 100 > "$WORK/numbers"
start numbers
wait_for "numbers"
keys C-x 2
settle
[[ $(screen | grep -c -- 'F1  numbers') == 2 ]] || fail "C-x 2 did not make two windows"
keys C-x o M-\>
settle
expect_row 0 "1"                               # the top window did not move
keys C-x 3
settle
[[ $(screen | grep -c -- 'F1  numbers') == 2 ]] || fail "C-x 3 on the bottom window"
screen | grep -q '|' || fail "no divider between side-by-side windows"
keys C-x 1
settle
[[ $(screen | grep -c -- 'F1  numbers') == 1 ]] || fail "C-x 1 left more than one window"
keys C-x 2 C-x 0
settle
[[ $(screen | grep -c -- 'F1  numbers') == 1 ]] || fail "C-x 0 did not delete the window"
# Issue 18: side by side, the divider runs through the mode lines too, as in
# Emacs: the two never touch.
keys C-x 1 C-x 3
settle
screen | grep -q -- "F1  numbers .*|-" || fail "no divider between side-by-side mode lines"
# save-selected-window and with-selected-window (Emacs's subr.el and
# window.el macros, which libraries use): the selection comes back.
keys C-x 1 C-x 2
settle
keys M-: "(with-selected-window (next-window) (switch-to-buffer \"*scratch*\"))" Enter
settle
[[ $(screen | grep -c -- 'F1  numbers') == 1 ]] || fail "with-selected-window changed the wrong window"
screen | grep -q -- 'F1  \*scratch\*' || fail "with-selected-window did not show *scratch* in the other window"
keys M-: "(save-selected-window (other-window 1) (insert \"x\"))" Enter
type_text "q"
settle
screen | grep -q '^x$' || fail "save-selected-window: BODY did not run in the other window"
[[ $(screen | sed -n '/^x$/,$p' | grep -c '^q$') == 0 && $(screen | grep -c '^q$') == 1 ]] ||
    fail "save-selected-window: the key after it went elsewhere than the window selected before"
# save-window-excursion (window configurations): the windows deleted in
# BODY come back as themselves, with their buffers and sizes.
keys C-x 1 C-x 2 C-x ^
settle
keys M-: "(setq e2e-w (next-window) e2e-before (window-list))" Enter
settle
before=$(screen | grep -n -- 'F1  ' | cut -d: -f1 | tr '\n' ' ')
keys M-: "(save-window-excursion (delete-other-windows) (switch-to-buffer \"*Messages*\") (split-window-right))" Enter
settle
[[ $(screen | grep -n -- 'F1  ' | cut -d: -f1 | tr '\n' ' ') == "$before" ]] || fail "save-window-excursion did not restore the windows' places"
screen | grep -q -- '\*Messages\*' && fail "save-window-excursion left *Messages* shown"
keys M-: "(princ (list (window-live-p e2e-w) (equal (window-list) e2e-before)))" Enter
wait_for "(t t)"
