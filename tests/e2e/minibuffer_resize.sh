# The echo area and the minibuffer grow to show what they hold, up to
# max-mini-window-height (a quarter of the frame), as in Emacs 28 -Q
# (resize-mini-windows grow-only): the window above lends its bottom rows
# and gets them back when the message goes or the minibuffer ends.
source "$(dirname "$0")/lib.sh"
# The file's mode line is on row $1 (Emacs marks the ASCII file's coding "-").
mode_line_on() { row "$1" | grep -q -- '^-UU.:----F1  lines' || fail "row $1 is '$(row "$1")', not the mode line"; }
seq 1 40 > "$WORK/lines"
start lines
wait_for "lines"
mode_line_on 22
keys M-:
wait_for "Eval:"
type_text '(message "%s" (mapconcat (quote number-to-string) (number-sequence 1 12) "\n"))'
keys Enter
# Twelve lines in six rows (24 / 4): the message's end shows, as Emacs's.
wait_row 23 '12"'
expect_row 18 "7"
mode_line_on 17
keys C-n
wait_row 22 "-UU"
mode_line_on 22
[[ -z $(row 23 | tr -d ' ') ]] || fail "the echo area kept the message after a key"
# The minibuffer's prompt and input continue over the rows they need.
keys M-x
wait_for "M-x"
type_text "$(printf 'x%.0s' $(seq 1 200))"
wait_row 21 "M-x xxxx"
mode_line_on 20
row 21 | grep -q '\\$' || fail "the continued row has no \\ at its end"
# Shorter input: the window stays grown while it reads (grow-only).
keys M-BSpace
wait_gone "xxxx"
expect_row 21 "M-x"
mode_line_on 20
keys C-g
wait_row 22 "-UU"
mode_line_on 22
