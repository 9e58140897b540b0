# Issue 18: C-x C-f of a new file in a directory that does not exist opens
# it (it said "[No match]"); the first save offers to make the directory.
source "$(dirname "$0")/lib.sh"
start
wait_for "*scratch*"
keys C-x C-f
wait_for "Find file:"
keys C-a C-k
type_text "$WORK/new/deeper/notes.txt"
keys Enter
wait_for "make-directory"
wait_for "notes.txt"
type_text "first words"
keys C-x C-s
wait_for "does not exist; create? (y or n)"
keys y
wait_for "Wrote "
# Text mode ends a saved file with a newline (mode-require-final-newline).
expect_file "$WORK/new/deeper/notes.txt" $'first words\n'
keys C-x C-c
wait_for "EXITED 0"
