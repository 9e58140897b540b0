# C-s finds matches as the string grows, highlights them, repeats, and C-g
# goes back to where the search started; RET leaves point at the match.
source "$(dirname "$0")/lib.sh"
printf 'one apple\ntwo apples\nthree\nfour apple pie\n' > "$WORK/fruit"
start fruit
wait_for "fruit"
keys C-s
wait_for "I-search:"
type_text "apple"
wait_for "I-search: apple"
keys C-s C-s
settle
screen | grep -q "L4" || fail "the third C-s did not reach line 4"
keys C-g
wait_gone "I-search"
screen | grep -q "L1" || fail "C-g did not return to the start"
keys C-s
type_text "pie"
keys Enter
type_text "!"
wait_for "four apple pie!"
keys C-r
type_text "zzz"
wait_for "Failing I-search"
keys C-g C-g
wait_gone "I-search"
