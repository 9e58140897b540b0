# Shift-selection: S-right is not bound, so right's command runs with the
# key marked as shifted and the region follows; C-w kills it.
source "$(dirname "$0")/lib.sh"
start -Q selected.txt
type_text "hello world"
keys C-a S-Right S-Right
settle
keys C-w
wait_row 0 "llo world"
keys C-e C-y
wait_for "llo worldhe"
