# Bad input loses nothing and never stops the editor: a missing file opens
# an empty buffer named for it; a directory opens in dired; an unreadable
# file gives a message; a binary file shows escaped; an unwritable target keeps the text.
source "$(dirname "$0")/lib.sh"
mkdir "$WORK/dir"
head -c 3000 /bin/ls > "$WORK/binary"
start new-file.txt
wait_for "new-file.txt"
type_text "fresh"
keys C-x C-f
wait_for "Find file:"
type_text "dir"
keys Enter
# A directory opens in dired (Emacs's, from its library), else is an error.
if [ -d /usr/share/emacs/28.2/lisp ]; then
    wait_for "Dired by name"
    keys q # back to new-file.txt, in $WORK
    wait_for "new-file.txt"
else
    wait_for "dir is a directory"
fi
keys C-x C-f
type_text "binary"
keys Enter
# The minibuffer shows "binary" before the file is visited: wait for its text.
wait_for '^?ELF' 20
keys C-x b
type_text "new-file.txt"
keys Enter
wait_for "fresh"
keys C-x C-s
wait_for "Wrote"
# Text mode ends a saved file with a newline (mode-require-final-newline).
expect_file "$WORK/new-file.txt" $'fresh\n'
# /proc/1/mem cannot be read even by root.
keys C-x C-f
type_text "/proc/1/mem"
keys Enter
# As in Emacs: the file is visited, read-only and empty, with a word why.
wait_for "File exists, but cannot be read"
keys C-x C-w
wait_for "Write file:"
type_text "/proc/version"
keys Enter
wait_for "overwrite?"
keys y
wait_for "/proc/version"
keys C-x b
type_text "new-file.txt"
keys Enter
wait_for "fresh"
