# Editing Emacs Lisp as an Emacs user does: TAB indents a line as Lisp,
# C-x h C-M-\ the whole buffer, C-M-f/C-M-b/C-M-u move by sexps past a
# comment and a string holding parentheses, C-M-k kills a sexp; in a text
# file TAB goes under the next word of the line above.
source "$(dirname "$0")/lib.sh"
printf '(defun f (x)\n;; a comment ) with a paren\n(let ((s "(("))\n(list x\ns)))\n(g)\n' > "$WORK/code.el"
start code.el
wait_for "(ELisp/"
keys C-n Tab
wait_for "  ;; a comment"
keys C-x h 'C-M-\'
wait_for "Indenting region...done"
expect_row 2 '  (let ((s "(("))'
expect_row 3 '    (list x'
expect_row 4 '          s)))'   # a tab and two spaces (indent-tabs-mode)
keys M-\< C-M-f C-M-f C-M-b
keys C-x =
wait_for "point=82 of 85"      # at (g), over the defun and back again
keys C-M-b C-n C-n C-e C-M-u   # at the end of "(let ((s ..." line: up to (let
keys C-x =
wait_for "point=46 of "
keys M-\> C-M-b C-M-k          # kill (g)
keys C-x C-s
wait_for "Wrote "
expect_file "$WORK/code.el" $'(defun f (x)\n  ;; a comment ) with a paren\n  (let ((s "(("))\n    (list x\n\t  s)))\n\n'
printf 'alpha   beta\n' > "$WORK/notes.txt"
keys C-x C-f
wait_for "Find file:"
type_text "notes.txt"
keys Enter
wait_for "(Text)"
keys M-\> Tab
type_text "x"
wait_for "        x"               # under "beta"
keys C-x =
wait_for "point=16 of 15"        # after a tab (indent-tabs-mode) and x
keys C-x C-c
wait_for "Save file"
keys n
wait_for "exit anyway"
type_text "yes"
keys Enter
wait_for "EXITED 0"
