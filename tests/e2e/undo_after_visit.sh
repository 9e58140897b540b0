# Undo never takes a visited file's text away, and never leaves a buffer
# flagged unmodified that would save as less than it shows (issue #18):
# the file's insertion is no undo step; C-g between undos redoes; undo-redo
# takes an undo back.
source "$(dirname "$0")/lib.sh"
printf 'alpha\nbeta\n' > "$WORK/f.txt"
start f.txt
wait_for "f.txt"
keys C-/
wait_for "No further undo information"
expect_row 0 "alpha"
expect_row 1 "beta"
keys C-x C-s
wait_for "(No changes need to be saved)"
expect_file "$WORK/f.txt" $'alpha\nbeta\n'
# Two edits, two undos, then C-g: the next undo redoes the last one undone.
type_text "X"; keys C-e; type_text "Y"
keys C-/ C-/
wait_for "Undo"
expect_row 0 "alpha"
keys C-g
wait_for "Quit"
keys C-/
wait_for "Redo"
expect_row 0 "Xalpha"
# undo-redo (C-?, sent as C-M-_ by tmux) takes that redo back.
keys C-M-_
wait_for "Redo"
expect_row 0 "alpha"
type_text "Z"
keys C-x C-s
wait_for "Wrote "
expect_file "$WORK/f.txt" $'Zalpha\nbeta\n'
keys C-x C-c
wait_for "EXITED 0"
