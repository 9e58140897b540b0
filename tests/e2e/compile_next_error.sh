# M-x compile streams into *compilation* with its exit status in the mode
# line; M-g n from the source buffer visits each FILE:LINE in turn; RET on
# a message line visits it; g recompiles.
source "$(dirname "$0")/lib.sh"
meta() { keys Escape; type_text "$1"; }
printf 'line one\nline two\nline three\nline four\n' > "$WORK/prog.c"
start prog.c
wait_for "prog.c"
keys M-x
type_text "compile"
keys Enter
wait_for "Compile command: make -k"
keys C-a C-k
type_text "printf 'prog.c:3:6: error: boom\\nprog.c:2: warning: hm\\n'; exit 2"
keys Enter
wait_for "Compilation exited abnormally with code 2 at"
wait_for "(Compilation:exit [2] [1 1 0] "
meta "g"
type_text "n"
wait_for "L3"
screen | grep -q -- "F1  prog.c .*L3" || fail "M-g n did not reach prog.c line 3"
screen | grep -q -- "F1  prog.c .*exit" && fail "the source buffer shows the compilation's status"
meta "g"
type_text "n"
wait_for "L2"
screen | grep -q -- "F1  prog.c .*L2" || fail "the second M-g n did not reach line 2"
wait_for "Next locus from *compilation*"
# As Emacs on a terminal: the current message is the window's first line.
expect_row 12 "prog.c:2: warning: hm"
meta "g"
type_text "n"
wait_for "Moved past last error"
meta "g"
type_text "p"
wait_for "L3"
keys C-x o
wait_for "*compilation*"
keys C-s
type_text "prog.c:2:"
keys Enter C-a Enter
wait_for "L2"
screen | grep -q -- "F1  prog.c .*L2" || fail "RET on the message did not visit line 2"
