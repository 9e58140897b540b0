# repeat-mode (Emacs's repeat.el, its definitions read on first use): after
# C-x o, o alone goes on switching windows instead of inserting an o.
source "$(dirname "$0")/lib.sh"
printf 'line one\nline two\n' > "$WORK/notes.txt"
start notes.txt
keys M-x
type_text "repeat-mode"
keys Enter
wait_for "Repeat mode enabled"
keys C-x 2
wait_for "notes.txt" 
keys C-x o
wait_for "Repeat with o"
keys o
sleep 0.3
keys o
sleep 0.3
screen | grep -q "oline one" && fail "o was inserted instead of repeating other-window"
screen | grep -q "Error" && fail "repeat-mode signalled"
screen | grep -q -- "-UU-:----F1  notes.txt" || fail "the buffer was modified"
