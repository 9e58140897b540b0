# Issue 21: a TAGS file as a user meets it: M-x visit-tags-table, M-.
# on a name visits its definition in another file, M-, comes back; a TAGS
# file that is garbage says so and loses nothing. Emacs's etags.el and
# its etags program (emacs-bin-common, with emacs-el).
source "$(dirname "$0")/lib.sh"
needs_emacs_library etags
mkdir -p "$WORK/src" "$WORK/bad"
printf 'int alpha(void) { return 1; }\nint beta(void) { return alpha(); }\n' > "$WORK/src/a.c"
printf 'int gamma(void) { return alpha() + beta(); }\n' > "$WORK/src/b.c"
(cd "$WORK/src" && etags a.c b.c)
start src/b.c
wait_for "b.c "
keys M-x
type_text "visit-tags-table"
settle
keys Enter
wait_for "Visit tags table (default TAGS):" 30
keys Enter
settle
# C-u: read the name (M-. alone takes the one at point, "int").
keys C-u M-.
wait_for "Find definitions of" 30
type_text "alpha"
keys Enter
wait_for "F1  a.c " 30
expect_row 0 "int alpha(void) { return 1; }"
keys M-,
wait_for "F1  b.c "
# Garbage where a TAGS file should be: a clear message, the buffer intact.
head -c 3000 /dev/urandom > "$WORK/bad/TAGS"
keys M-x
type_text "visit-tags-table"
settle
keys Enter
wait_for "Visit tags table (default TAGS):"
keys C-a C-k
type_text "$WORK/bad/TAGS"
keys Enter
wait_for "is not a valid tags table"
expect_row 0 "int gamma(void) { return alpha() + beta(); }"
