# Issue 21: C-x p g in a git project as a user meets it: the matches show
# in *xref* as the search finds them, the mode line counts them, keys work
# meanwhile, n and RET visit a match and put Emacs's overlay arrow (=>) on
# its line. Needs Emacs's library (emacs-el) and git.
source "$(dirname "$0")/lib.sh"
needs_emacs_library git
D=$WORK/p
mkdir -p "$D/src"
printf 'int alpha(void);\nint beta;\n' > "$D/src/a.c"
printf 'one\ntwo alpha\n' > "$D/notes.txt"
# Files with no match: the listing and the search take a while.
for i in $(seq 1 300); do printf 'nothing here\n' > "$D/src/f$i.txt"; done
git -C "$D" init -q
start p/notes.txt
wait_for "notes.txt"
keys C-x p g
wait_for "Find regexp"
type_text "alpha"
keys Enter
wait_for "XREF:"
wait_for "XREF:exit [302 files, 2 matches"
expect_row 12 "notes.txt"
expect_row 13 "2: two alpha"
expect_row 14 "src/a.c"
expect_row 15 "1: int alpha(void);"
# n twice: the second match; RET visits it, the arrow marks it.
keys n n Enter
wait_for "a.c "
expect_row 15 "=> int alpha(void);"
expect_row 13 "2: two alpha"
# g: the search again, which finds a new file's match; the arrow goes.
printf 'alpha again\n' > "$D/src/new.txt"
keys C-x o
settle 0.3
keys g
wait_for "XREF:exit [303 files, 3 matches"
expect_row 12 "notes.txt"
expect_row 16 "src/new.txt"
expect_row 17 "1: alpha again"
[[ "$(screen)" != *"=>"* ]] || fail "the arrow stayed after g"
