# Open a file, edit it with many Emacs commands, save, compare the file.
source "$(dirname "$0")/lib.sh"
printf 'alpha beta gamma\nsecond line\nthird line\n' > "$WORK/notes.txt"
start notes.txt
wait_for "notes.txt"
expect_row 0 "alpha beta gamma"
keys C-e; type_text " delta"                 # end of line, insert
keys C-n C-a C-k C-k                         # kill "second line" and its newline
keys M-\> ; type_text "last"                  # end of buffer
keys Enter; type_text "x"; keys BSpace        # RET and DEL
keys M-\<; keys M-f M-f; keys M-d             # two words forward, kill one
keys C-y                                      # yank it back
keys C-a C-d                                  # delete "a"
type_text "A"
keys C-x u                                    # undo the "A"
keys C-x C-s
wait_for "Wrote "
expect_file "$WORK/notes.txt" $'lpha beta gamma delta\nthird line\nlast\n'
[[ -f "$WORK/notes.txt~" ]] || fail "no backup file"
expect_file "$WORK/notes.txt~" $'alpha beta gamma\nsecond line\nthird line\n'
keys C-x C-c
wait_for "EXITED 0"
