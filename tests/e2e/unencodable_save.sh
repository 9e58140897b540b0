# Issue 18: a buffer holding a character its coding cannot encode (a euro
# sign in a Latin-1 file) is not refused: the save offers a coding that can,
# as Emacs's select-safe-coding-system, and RET takes utf-8.
source "$(dirname "$0")/lib.sh"
printf 'caf\xe9\n' > "$WORK/latin.txt"
start latin.txt
wait_for "latin.txt"
expect_row 0 "café"
keys C-e
type_text " €"
keys C-x C-s
wait_for "Select coding system (default utf-8):"
keys Enter
wait_for "Wrote "
expect_file "$WORK/latin.txt" $'caf\xc3\xa9 \xe2\x82\xac\n'
keys C-x C-c
wait_for "EXITED 0"
