# The header line: Emacs's package menu (tabulated-list) shows its column
# titles above the list, aligned with the columns, and C-v scrolls the list
# under it, as in emacs -nw.
source "$(dirname "$0")/lib.sh"
ROWS=12
start
keys M-:
type_text '(progn (setq package-archives nil) (list-packages))'
keys Enter
wait_for "Package Menu" 20
row 0 | grep -q "^  Package  *Version  *Status.*Description" || fail "no column titles in the first row"
row 1 | grep -q "^  [a-z]" || fail "the first package is not under the titles"
# The titles sit over their columns: Version starts where the versions do.
title_col=$(row 0 | grep -bo "Version" | head -1 | cut -d: -f1)
row 1 | cut -c$((title_col + 1))- | grep -q "^[0-9]" || fail "Version is not over the versions"
first=$(row 1)
keys C-v
sleep 0.5
row 0 | grep -q "^  Package" || fail "C-v scrolled the titles away"
[ "$(row 1)" != "$first" ] || fail "C-v did not scroll the list"
screen | grep -q "Error" && fail "an error was shown"
true
