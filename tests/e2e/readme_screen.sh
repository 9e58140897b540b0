# The screen shown in README.md ("Using the editor") is what the editor
# shows for these keys: the README is kept true by this test.
source "$(dirname "$0")/lib.sh"
ROWS=14 COLS=72
README="$(dirname "$0")/../../README.md"
printf '%s\n' "gapmacs: an Emacs-like editor in a terminal." \
    "Keys are Emacs's: C-x C-f opens, C-x C-s saves, C-x 2 splits." \
    $'Tabs\tand wide characters (漢字) line up; ESC shows as \e.' > "$WORK/notes.txt"
start notes.txt
wait_for "notes.txt"
keys C-x 2
keys C-x o
keys C-x b
wait_for "Switch to buffer"
type_text "*scratch*"
keys Enter
wait_for "Lisp Interaction"
type_text "(+ 1 2)"
keys C-j
wait_for "3"
settle
got=$(screen | sed 's/[[:space:]]*$//')
want=$(sed -n '/<!-- screen:begin -->/,/<!-- screen:end -->/p' "$README" | sed '1,2d;$d' | sed '$d' | sed 's/[[:space:]]*$//')
if [[ "$got" != "$want" ]]; then
    diff <(echo "$want") <(echo "$got") || true
    fail "README's screen differs from the editor's (update README.md with the screen above)"
fi
