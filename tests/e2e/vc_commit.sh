# Issue 21: vc over git as Emacs 28 does it. C-x v D shows the
# repository's diff (vc asks find-operation-coding-system how to read a
# directory's), and C-x v v on an edited file opens *vc-log*, whose C-c C-c
# commits (vc-git's checkin calls a cl-flet function inside a backquote).
# Needs Emacs's library (vc.el, vc-git.el, log-edit.el) and git.
source "$(dirname "$0")/lib.sh"
needs_emacs_library git
D=$WORK/repo
git_repo "$D" t.txt "first line"
start repo/t.txt
wait_for "L1    Git-trunk  (Text)"
keys M-\>
type_text "second line"
keys C-x C-s
wait_for "Git:trunk  (Text)"
keys C-x v D
wait_for "+second line"
wait_for "(Diff from t.txt)"
keys C-x o
keys C-x v v
wait_for "Summary:"
type_text "Add a second line"
keys C-c C-c
wait_for "Checking in $D/t.txt...done"
wait_for "Git-trunk  (Text)"
[ "$(git -C "$D" log -1 --format=%s)" = "Add a second line" ] || fail "the commit's message: $(git -C "$D" log -1 --format=%s)"
[ -z "$(git -C "$D" status --porcelain)" ] || fail "git status after the commit: $(git -C "$D" status --porcelain)"
