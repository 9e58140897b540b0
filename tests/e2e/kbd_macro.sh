# Keyboard macros: C-x ( ... C-x ) records, C-x e replays and e repeats,
# the mode line shows Def while defining, F3 inserts the counter, C-u 0 F4
# repeats until an error ends it, and C-g cancels a definition.
source "$(dirname "$0")/lib.sh"
printf 'apple\nbanana\ncherry\ndate\nelder\n' > "$WORK/fruit"
start fruit
wait_for "fruit"
keys C-x "("
wait_for "(Fundamental Def)"
keys C-a '"' C-e '"' C-n
keys C-x ")"
wait_for "Keyboard macro defined"
screen | grep -q "(Fundamental)" || fail "Def still in the mode line after C-x )"
keys C-x e
wait_for '"banana"'
keys e
wait_for '"cherry"'
keys F3 F3 ": " C-n F4
wait_for "date0:"
keys C-u 0 F4
wait_for "2:"
wait_for "End of buffer"
screen | grep -q "^elder1:" || fail "the repeated macro skipped elder"
keys C-x "(" "x" C-g
wait_for "Quit"
screen | grep -q "(Fundamental)" || fail "C-g did not end the definition"
# The cancelled definition left the last macro as it was (its start reset
# the counter, as Emacs's kmacro-start-macro does).
keys F4
wait_for "2: x0:"
keys C-x C-s
expect_file "$WORK/fruit" '"apple"
"banana"
"cherry"
date0: 
elder1: 
2: x0: '
