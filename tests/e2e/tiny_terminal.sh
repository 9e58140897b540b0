# Every terminal size from 1x1 up draws safely, the minibuffer and the echo
# area too (issue #18: M-x in a 1x1 or 1x24 terminal wrote past the cell
# grid). After each size the editor still works at a normal size.
source "$(dirname "$0")/lib.sh"
printf 'text\n' > "$WORK/f"
start f
wait_for "f"
for size in "1 1" "24 1" "1 24" "2 2" "3 1" "5 3"; do
    resize $size
    settle 0.2
    keys M-x
    settle 0.2
    type_text "what-cursor"
    settle 0.2
    keys Tab
    settle 0.2
    keys C-g
    settle 0.2
    keys M-:
    type_text "(message \"a long message that cannot fit in the echo area of a tiny terminal\")"
    keys Enter
    settle 0.2
done
resize 80 24
settle
# A minibuffer left from the tiny sizes is quit first; then each step waits
# for the screen (under the sanitizers, typing outran a busy editor).
keys C-g
settle
keys M-:
wait_for "Eval:"
type_text "(message \"still here %d\" (+ 40 2))"
wait_for "(+ 40 2))"
keys Enter
wait_for "still here 42"
keys C-x C-c
wait_for "EXITED 0"
