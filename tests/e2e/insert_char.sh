# C-x 8: C-x 8 RET reads a character by its Unicode name (completed, in any
# case, SPC completing word by word) or by hex; C-x 8 ' e and friends type
# accented letters and symbols, a prefix argument repeating them; a bad
# name is an error in the echo area and inserts nothing.
source "$(dirname "$0")/lib.sh"
start chars
wait_for "chars"
keys C-x 8 Enter
wait_for "Insert character (Unicode name or hex):"
type_text "latin small letter e with acute"
# Long waits: the first use builds the 44,000-name table, and each SPC
# completes over it (seconds in the sanitizer build on a busy machine).
wait_for "LATIN SMALL LETTER E WITH acute" 60
keys Enter
keys C-x 8 Enter
type_text "3bb"
keys Enter
keys C-x 8 "'" e C-x 8 "*" E C-x 8 '"' u C-u 3 C-x 8 o
keys C-x 8 Enter
type_text "greek small letter alp"
keys Tab
wait_for "GREEK SMALL LETTER ALPHA" 60
keys Enter
keys C-x 8 Enter
type_text "no such name"
keys Enter
wait_for "Invalid character" 60
keys C-x C-s
expect_file "$WORK/chars" "éλé€ü°°°α"
