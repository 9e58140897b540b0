# A file full of terminal escape sequences shows them escaped, with no
# effect on the terminal.
source "$(dirname "$0")/lib.sh"
printf 'top line\n\033[2J\033[H\033]0;pwned\007\033[31mred\033[0m\n\302\233\061m csi\n\377\376 raw\n' > "$WORK/evil"
start evil
wait_for "evil"
expect_row 0 "top line"                      # not cleared by ESC [2J
expect_row 1 "^[[2J^[[H^[]0;pwned^G^[[31mred^[[0m"
expect_row 2 '\2331m csi'
expect_row 3 '\377\376 raw'
[[ "$(T display-message -p -t 0 '#{pane_title}')" != pwned ]] || fail "the title was changed"
