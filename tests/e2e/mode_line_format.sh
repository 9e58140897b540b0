# A buffer's mode-line-format is its mode line, as in emacs -nw -Q: the
# default reads as Emacs's with the buffer name bold (mode-line-buffer-id),
# a construct of one's own shows (an :eval included), and nil gives the
# mode line's row to the text.
source "$(dirname "$0")/lib.sh"
seq 1 40 > "$WORK/numbers.txt"
start numbers.txt
wait_for "-UU-:----F1  numbers.txt    Top L1     (Text) ---" 10
colours | grep -qF $'F1  \e[1mnumbers.txt' || fail "the buffer name is not bold"
keys M-: '(setq mode-line-format (list "%b " (quote (:eval (format "<%d>" (+ 40 2)))) " L%l %p"))' Enter
wait_for "numbers.txt <42> L1 Top" 5
keys M-: '(setq mode-line-format nil)' Enter
settle
# 23 rows of text above the echo area, the 23rd where the mode line was.
[[ "$(screen | sed -n 23p)" == "23" ]] || fail "the text did not take the mode line's row"
keys M-: '(kill-local-variable (quote mode-line-format))' Enter
wait_for "-UU-:----F1  numbers.txt" 5
[[ "$(screen | sed -n 23p)" == -UU-:* ]] || fail "the mode line did not come back on row 23"
echo PASS
