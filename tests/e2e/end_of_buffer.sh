# M-> to an end that is off the screen shows it near the bottom, three
# rows above the mode line, as Emacs's end-of-buffer recenters (-3); with
# the end already on the screen the window stays. The same keys give the
# same rows in emacs -nw -Q.
source "$(dirname "$0")/lib.sh"
for i in $(seq 0 99); do echo "line $i"; done > "$WORK/lines"
start lines
wait_for "line 0"
keys 'M->'
# 24 rows: the text's are 0-21, the mode line 22. Point (the empty last
# line) on row 19, "line 99" above it.
wait_row 18 "line 99"
expect_row 17 "line 98"
[[ -z $(row 19 | tr -d ' ') ]] || fail "row 19 is not the empty last line"
[[ $(T display -p -t 0 '#{cursor_y}') == 19 ]] || fail "the cursor is not on row 19"
# Back a few lines and M-> again: the end is on the screen, nothing moves.
keys C-p C-p C-p 'M->'
settle
expect_row 18 "line 99"
expect_row 0 "line 81"
