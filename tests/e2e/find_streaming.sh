# While find-name-dired still runs, the editor is not blocked: the cursor
# moves in *Find*, text typed into another window's file appears and is
# saved, RET visits a listed file; M-x kill-find stops the run and the mode
# line says so. (find here is a wrapper that lists, then keeps running.)
source "$(dirname "$0")/lib.sh"
needs_emacs_library
mkdir -p "$WORK/tree"
for i in $(seq 1 300); do printf 'file %d\n' "$i" > "$WORK/tree/f$i.txt"; done
# (find-dired.el asks find whether it knows -ls as it loads: that find ends.)
printf '#!/bin/sh\nfind "$@"\n[ "$1" = /dev/null ] || exec sleep 60\n' > "$WORK/slow-find"
chmod +x "$WORK/slow-find"
printf 'notes\n' > "$WORK/notes.txt"
start notes.txt --eval "(setq find-program \"$WORK/slow-find\")"
wait_for "notes.txt"
keys C-x 2
find_name_dired "$WORK/tree/" "*.txt"
wait_for "(Dired by name:run [300 files"
# The other window: type and save while find runs.
keys C-x o
type_text "typed while streaming "
keys C-x C-s
wait_for "Wrote"
expect_file "$WORK/notes.txt" $'typed while streaming notes\n'
screen | grep -q "(Dired by name:run \[300 files" || fail "find should still be running"
# Back in *Find*: move to a name and visit it.
keys C-x o
keys M-\<
keys C-s
type_text "f123.txt"
keys Enter
keys Enter
wait_for "file 123"
# Visiting did not stop find; stop the run from *Find*.
keys C-x b
type_text "*Find*"
keys Enter
wait_for "(Dired by name:run [300 files"
keys M-x
type_text "kill-find"
keys Enter
wait_for "(Dired by name:signal [300 files])"
