# find-name-dired lists the matching names under a directory into *Find*,
# one per line (a newline in a name shown escaped); RET visits the real
# file; g reruns; q leaves.
source "$(dirname "$0")/lib.sh"
mkdir -p "$WORK/tree/sub"
printf 'content of the spaced file\n' > "$WORK/tree/sub/my file.txt"
printf 'content of the dashed file\n' > "$WORK/tree/-dash.txt"
printf 'content of the newline file\n' > "$WORK/tree/new"$'\n'"line.txt"
printf 'not listed\n' > "$WORK/tree/other.c"
start
wait_for "*scratch*"
find_name_dired "$WORK/tree/" "*.txt"
wait_for "find finished at"
wait_for "(Find:exit [3 files] "
screen | grep -qx "  sub/my file.txt" || fail "the spaced name is not listed"
screen | grep -qx "  \$'new\\\\nline.txt'" || fail "the newline name is not listed escaped"
screen | grep -q "other.c" && fail "other.c should not be listed"
keys C-s
type_text "new\\"
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
screen | grep -q -- "-  my file.txt" || fail "RET did not visit 'my file.txt'"
