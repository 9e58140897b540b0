# M-x with TAB completion runs a command; M-: evaluates and shows the value.
source "$(dirname "$0")/lib.sh"
seq 1 30 > "$WORK/lines"
start lines
wait_for "lines"
keys M-x
wait_for "M-x"
type_text "split-window-bel"
keys Tab
wait_for "M-x split-window-below"
keys Enter
settle
[[ $(screen | grep -c -- 'F1  lines') == 2 ]] || fail "M-x split-window-below did not split"
keys M-:
wait_for "Eval:"
type_text "(* 6 7)"
keys Enter
wait_for "42"
keys M-x
type_text "no-such-command-xyz"
keys Enter
wait_for "[No match]"
keys C-g
wait_gone "M-x"
# Issue 18: *Completions* goes when the minibuffer is left with C-g, as the
# window configuration comes back in Emacs.
keys M-x
type_text "backward-"
keys Tab
wait_for "*Completions*"
keys C-g
wait_gone "*Completions*"
