# A bracketed paste is inserted as it is (control characters and all) and
# undone in one step.
source "$(dirname "$0")/lib.sh"
start -Q pasted.txt
T set-buffer -- $'first line\nsecond (line) with "quotes"\n\tindented'
T paste-buffer -p -t 0
wait_for 'second (line) with "quotes"'
expect_row 0 "first line"
expect_row 2 "        indented"
keys C-/
settle
[[ -z "$(row 0 | tr -d ' ')" ]] || fail "one undo did not remove the whole paste"
