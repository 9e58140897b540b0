# Issue 21: a file under git shows Emacs's vc-mode in the mode line
# (Git-BRANCH), which becomes Git:BRANCH once a save makes it differ from
# the last commit; a file outside version control shows none. Needs
# Emacs's library (vc-hooks.el) and git.
source "$(dirname "$0")/lib.sh"
needs_emacs_library git
D=$WORK/repo
git_repo "$D" t.txt tracked
printf 'loose\n' > "$WORK/loose.txt"
start repo/t.txt
wait_for "t.txt"
wait_for "L1    Git-trunk  (Text)"
keys x
keys C-x C-s
wait_for "Wrote"
wait_for "L1    Git:trunk  (Text)"
keys C-x C-f
wait_for "Find file:"
keys C-a C-k
type_text "$WORK/loose.txt"
keys Enter
wait_for "loose.txt"
wait_for "L1     (Text)"
