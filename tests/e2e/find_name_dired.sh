# find-name-dired lists the matching files under a directory into *Find*, a
# dired buffer of find's ls lines (a space or newline in a name shown
# escaped, as Emacs shows it); RET visits the real file.
COLS=120 # find's ls lines are about 90 columns wide
source "$(dirname "$0")/lib.sh"
needs_emacs_library
mkdir -p "$WORK/tree/sub"
printf 'content of the spaced file\n' > "$WORK/tree/sub/my file.txt"
printf 'content of the dashed file\n' > "$WORK/tree/-dash.txt"
printf 'content of the newline file\n' > "$WORK/tree/new"$'\n'"line.txt"
printf 'not listed\n' > "$WORK/tree/other.c"
start
wait_for "*scratch*"
find_name_dired "$WORK/tree/" "*.txt"
wait_for "find finished at"
wait_for "(Dired by name:exit [3 files])"
screen | grep -q ' sub/my\\ file.txt$' || fail "the spaced name is not listed"
screen | grep -q ' new\\nline.txt$' || fail "the newline name is not listed escaped"
screen | grep -q "other.c" && fail "other.c should not be listed"
keys C-s
type_text "new\\n"
keys Enter
keys Enter
wait_for "content of the newline file"
keys C-x b
type_text "*Find*"
keys Enter
wait_for "find finished at"
keys C-s
type_text "my file"
keys Enter
keys Enter
wait_for "content of the spaced file"
screen | grep -q -- "F1  my file.txt" || fail "RET did not visit 'my file.txt'"
