# Emacs's own Calc in the editor, computing with bignums: M-x calc opens
# the Calculator and its trail, 2 RET 100 ^ gives 2^100, 30 ! gives 30!
# (the values Emacs 28 shows), and q puts the windows back.
source "$(dirname "$0")/lib.sh"
printf 'hello world\n' > "$WORK/notes.txt"
start notes.txt
wait_for "notes.txt"
keys M-x
wait_for "M-x"
type_text "calc"
keys Enter
wait_for "Welcome to the GNU Emacs Calculator" 60
type_text "2"
keys Enter
type_text "100^"
wait_for "1:  1267650600228229401496703205376" 10
type_text "30!"
wait_for "1:  265252859812191058636308480000000" 10
# The trail beside the Calculator, as Emacs splits it (two thirds of the
# width), shows the start of the value.
screen | grep -q "|fact.265252859812191058636" || fail "the trail does not show 30!"
type_text "q"
wait_gone "Calculator" 10
screen | grep -q "hello world" || fail "the file's window is not back"
