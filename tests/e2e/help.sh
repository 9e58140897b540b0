# C-h: describe-key on a prefix key sequence, describe-function with the
# symbol at point as default, describe-variable showing a buffer-local value,
# C-h c in the echo area, and C-M-v scrolling the help from the other window.
source "$(dirname "$0")/lib.sh"
printf 'forward-word here\n' > "$WORK/notes"
start notes
wait_for "notes"
keys C-h k C-x C-s
wait_for "C-x C-s runs the command save-buffer (found in global-map)"
wait_for "(save-buffer"
keys C-x 1
wait_gone "runs the command save-buffer"
keys C-h f
wait_for "Describe function (default forward-word):"
keys Enter
wait_for "forward-word is an interactive"
wait_for "It is bound to M-f"
keys C-x 1
keys M-: "(setq-local fill-column 33)" Enter
keys C-h v
type_text "fill-column"
keys Enter
wait_for "Its value is 33"
wait_for "Local in buffer notes; global value is 70"
keys C-x 1
keys C-h c C-e
wait_for "C-e runs the command move-end-of-line"
keys C-h b
wait_for "Global Bindings:"
screen | grep -q "^C-a  *move-beginning-of-line" || fail "C-h b does not list C-a"
keys M-C-v
wait_gone "Global Bindings:"
wait_for "help-for-help"
# The buffer being described was never changed by any of this.
keys C-x 1
screen | grep -q "^-UU-:----F1  notes" || fail "the notes buffer is marked modified"
