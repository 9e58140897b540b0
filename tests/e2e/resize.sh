# SIGWINCH: the frame is laid out again at the new size at once.
source "$(dirname "$0")/lib.sh"
seq 1 200 > "$WORK/long"
start long
wait_for "long"
resize 60 12
wait_for "L1"
[[ $(screen | grep -n -- 'F1  long' | cut -d: -f1) == 11 ]] || fail "mode line not on row 11 after resize"
resize 100 30
settle
[[ $(screen | grep -n -- 'F1  long' | cut -d: -f1) == 29 ]] || fail "mode line not on row 29 after resize"
