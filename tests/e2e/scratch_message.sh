# *scratch* starts with Emacs's initial-scratch-message, unmodified, in Lisp
# Interaction mode; an init file that sets the message to nil gets an empty
# *scratch*, as in Emacs (the message is inserted after the init file).
source "$(dirname "$0")/lib.sh"
start
wait_for "Lisp Interaction"
wait_for ";; This buffer is for text that is not saved, and for Lisp evaluation."
expect_row 1 ";; To create a file, visit it with C-x C-f and enter text in its buffer."
screen | grep -q "^-UUU:----F1  \*scratch\*" || fail "*scratch* is marked modified"
keys C-x C-c
wait_for "EXITED 0"
T kill-server
SOCK="$SOCK-nil" # a new server: the old socket may linger a moment
printf '(setq initial-scratch-message nil)\n' > "$WORK/.gapmacs.el"
start
wait_for "Lisp Interaction"
[[ -z "$(row 0 | tr -d ' ')" ]] || fail "row 0 is '$(row 0)', expected an empty *scratch*"
