# ElDoc as in Emacs 28 -Q (global-eldoc-mode): in an Emacs Lisp buffer,
# after half a second without keys the echo area shows the arguments of the
# call around point, named as Emacs names them (a builtin's too), the one
# point is in bold; *Messages* keeps none of them (message-log-max nil).
source "$(dirname "$0")/lib.sh"
needs_emacs_library
printf ';;; code.el  -*- lexical-binding: t -*-\n\n' > "$WORK/code.el"
start code.el
wait_for "ElDoc)"
keys M-\>
type_text "(mapcar "
wait_row 23 "mapcar: (FUNCTION SEQUENCE)"
wait_colour "FUNCTION"$'\e'"[0m" 5 "the argument point is in (bold)"
colours | tail -1 | grep -qF $'\e[1mFUNCTION' || fail "FUNCTION is not bold: $(colours | tail -1 | cat -v)"
type_text "#'car (substring \"abc\" 1"
wait_row 23 "substring: (STRING &optional FROM TO)"
colours | tail -1 | grep -qF $'\e[1mFROM' || fail "FROM is not bold: $(colours | tail -1 | cat -v)"
keys C-x b
wait_for "Switch to buffer"
type_text "*Messages*"
keys Enter
wait_for "*Messages*"
! screen | grep -q "FUNCTION SEQUENCE" || fail "*Messages* kept ElDoc's message"
# A file without a lexical-binding cookie is dynamic, as Emacs 28 says in
# its mode line; *scratch*'s Lisp is lexical.
printf '(defun f (x)\n  x)\n' > "$WORK/old.el"
keys C-x C-f
wait_for "Find file:"
type_text "old.el"
keys Enter
wait_for "(ELisp/d ElDoc)"
keys M-:
wait_for "Eval:"
type_text "(list lexical-binding (with-current-buffer \"*scratch*\" lexical-binding))"
keys Enter
wait_row 23 "(nil t)"
