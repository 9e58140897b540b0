# Window sizes from the keyboard: C-x ^ grows the selected window, C-x +
# balances, C-x } widens a side-by-side window; C-x z repeats the last
# command and z alone repeats it again; M-r moves point to the window's
# middle line, then its top.
source "$(dirname "$0")/lib.sh"
seq 1 100 > "$WORK/numbers"
start numbers
wait_for "numbers"
mode_line_rows() { screen | grep -n "^-UU-:" | cut -d: -f1 | tr '\n' ' '; }
keys C-x 2
settle
[[ "$(mode_line_rows)" == "12 23 " ]] || fail "C-x 2 split at $(mode_line_rows)"
keys C-x ^
settle
[[ "$(mode_line_rows)" == "13 23 " ]] || fail "C-x ^ left mode lines at $(mode_line_rows)"
keys C-x z
settle
[[ "$(mode_line_rows)" == "14 23 " ]] || fail "C-x z did not repeat C-x ^: $(mode_line_rows)"
keys z z
settle
[[ "$(mode_line_rows)" == "16 23 " ]] || fail "z did not repeat again: $(mode_line_rows)"
keys C-x +
settle
[[ "$(mode_line_rows)" == "12 23 " ]] || fail "C-x + did not balance: $(mode_line_rows)"
keys C-x 1 C-x 3
settle
keys C-u 10 C-x "}"
settle
divider=$(screen | head -1 | awk '{ print index($0, "|") }')
[[ "$divider" == 50 ]] || fail "C-u 10 C-x } left the divider at column $divider, not 50"
keys C-x 1
keys M-r
wait_for "L12 "
keys M-r
wait_for "L1 "
