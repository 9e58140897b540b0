# C-g stops a runaway (while t); the editor goes on.
source "$(dirname "$0")/lib.sh"
start
keys M-:
wait_for "Eval:"
type_text "(while t)"
keys Enter
settle 0.5
keys C-g
wait_for "Quit"
type_text "still alive"
wait_for "still alive"
