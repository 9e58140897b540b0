# Issue 21: M-. in Emacs Lisp as a user meets it: on a function gapmacs
# defines in its lisp/ it visits that source; on one of Emacs's library it
# visits the .el.gz source, decompressed, in Emacs Lisp mode; M-, comes
# back. Needs Emacs's library (emacs-el).
source "$(dirname "$0")/lib.sh"
needs_emacs_library
printf '(string-pad "x" 3)\n(xref-pop-marker-stack)\n' > "$WORK/t.el"
start t.el
wait_for "t.el "
keys C-f C-f
keys M-.
# The first M-. loads xref.el, find-func.el and help-fns.el (slow under
# the sanitizers).
wait_for "(defun string-pad (string length" 60
wait_for "subr-x.el "
keys M-,
wait_for "t.el "
keys C-n C-a C-f C-f
keys M-.
wait_for "(defun xref-pop-marker-stack ()" 30
wait_for "xref.el.gz "
wait_for "(ELisp"
# Nothing in the echo area: xref's pulse of the line found (it failed on
# a back-to-indentation that returned non-nil).
settle
[ -z "$(row 23 | tr -d ' ')" ] || fail "M-. said: $(row 23)"
keys M-,
wait_for "t.el "
expect_row 1 "(xref-pop-marker-stack)"
