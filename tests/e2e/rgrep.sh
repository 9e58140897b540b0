# M-x rgrep: find feeds xargs grep; matches land in *grep* with the status
# in the mode line; RET on a match visits its file at its line, on the match
# (issue #18: it landed at column 0); a lower-case regexp ignores case, as
# case-fold-search says (issue #18: grep ignored it).
source "$(dirname "$0")/lib.sh"
mkdir -p "$WORK/src/deep"
printf 'nothing\nstill nothing\nthe needle is here\n' > "$WORK/src/deep/hay stack.txt"
printf 'needle first\n' > "$WORK/src/-other.txt"
printf 'needle but not txt\n' > "$WORK/src/skip.c"
printf 'A Needle in capitals\n' > "$WORK/src/caps.txt"
start
wait_for "*scratch*"
keys M-x
type_text "rgrep"
keys Enter
wait_for "Search for"
type_text "needle"
keys Enter
wait_for "in files matching wildcard"
type_text "*.txt"
keys Enter
wait_for "Base directory:"
keys C-a C-k
type_text "$WORK/src/"
keys Enter
wait_for "(Grep:exit [matched] [3] "
screen | grep -qx "./deep/hay stack.txt:3:the needle is here" || fail "the match in 'hay stack.txt' is not listed"
screen | grep -qx -- "./-other.txt:1:needle first" || fail "the match in -other.txt is not listed"
screen | grep -q "skip.c" && fail "skip.c does not match the wildcard"
screen | grep -qx -- "./caps.txt:1:A Needle in capitals" || fail "case-fold-search: the capital Needle is not listed"
keys C-x o
keys C-s
type_text "hay stack"
keys Enter
keys Enter
wait_for "F1  hay stack.txt"
screen | grep -q -- "F1  hay stack.txt .*L3" || fail "RET did not land on line 3"
keys M-:
type_text "(message \"column %d\" (current-column))"
keys Enter
wait_for "column 4"
