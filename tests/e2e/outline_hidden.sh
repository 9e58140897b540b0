# Invisible text as outline-mode hides it (Emacs's outline.el): the hidden
# bodies take no rows and an ellipsis stands for each; C-n and C-p go from
# heading to heading, C-e to the end of what a heading hides, and point
# never rests inside hidden text. The same keys give the same screen and
# the same positions in emacs -nw -Q.
source "$(dirname "$0")/lib.sh"
needs_emacs_library
printf '* Heading one\nbody line 1\nbody line 2\n** Sub heading\nsub body\n* Heading two\nbody two\n* Heading three\nlast body\n' > "$WORK/notes"
start notes
wait_for "notes"
keys M-x
type_text "outline-mode"
keys Enter
wait_for "(Outline)"
keys M-x
type_text "outline-hide-body"
keys Enter
wait_row 0 "* Heading one..."
expect_row 1 "** Sub heading..."
expect_row 2 "* Heading two..."
expect_row 3 "* Heading three..."
[[ -z $(row 4 | tr -d ' ') ]] || fail "a hidden body still shows on row 4"
where() { keys M-: ; type_text '(message "at %d" (point))'; keys Enter; wait_for "at $1"; }
keys C-n C-n
where 63
[[ $(T display -p -t 0 '#{cursor_y}') == 2 ]] || fail "the cursor is not on the third heading"
# The end of the line on the screen: where the hidden body ends.
keys C-e
where 85
[[ $(T display -p -t 0 '#{cursor_x},#{cursor_y}') == 16,2 ]] || fail "C-e did not put the cursor after the ellipsis"
# A step back into the hidden body lands at its start, on the ellipsis.
keys C-b
where 76
[[ $(T display -p -t 0 '#{cursor_x},#{cursor_y}') == 13,2 ]] || fail "the cursor is not on the ellipsis"
keys C-p
where 52
keys M-x
type_text "outline-show-all"
keys Enter
wait_row 1 "body line 1"
expect_row 8 "last body"
