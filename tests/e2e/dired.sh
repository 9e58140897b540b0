# Issue 21: Emacs's own dired in the editor, as a user meets it: C-x d
# lists a directory, n moves down by files, RET opens a file or enters a
# directory, ^ goes up, d flags and x deletes (after yes), C-x C-j jumps
# from a file to its line in dired. Needs Emacs's library (emacs-el).
source "$(dirname "$0")/lib.sh"
needs_emacs_library
# In a directory of its own: the editor may make ~/.config in $WORK.
D=$WORK/d
mkdir -p "$D/sub"
printf 'alpha\n' > "$D/a.txt"
printf 'beta\n' > "$D/b.txt"
printf 'deep\n' > "$D/sub/c.txt"
start
wait_for "*scratch*"
keys C-x d
wait_for "Dired (directory):"
type_text "d"
keys Enter
wait_for "Dired by name"
wait_for " a.txt"
wait_for " sub"
# Point starts on the first file (a.txt); n goes to b.txt, RET opens it.
keys n Enter
wait_for "beta"
wait_for "b.txt "
# C-x C-j: back to dired, on b.txt's line; n n: sub; RET enters it.
keys C-x C-j
wait_for "Dired by name"
keys n Enter
wait_for " c.txt"
keys ^
wait_for " b.txt"
# d flags a.txt (p p: from sub back up to it), x asks, yes deletes it.
keys p p d
wait_for "D -rw"
keys x
wait_for "Delete a.txt (yes or no)"
type_text "yes"
keys Enter
wait_gone " a.txt"
[ ! -e "$D/a.txt" ] || fail "a.txt was not deleted"
[ -e "$D/b.txt" ] || fail "b.txt went too"
keys C-x C-c
wait_for "EXITED 0"
