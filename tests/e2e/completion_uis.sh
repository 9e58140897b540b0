# Completion UIs that draw with overlay strings: in the minibuffer, Emacs's
# own fido-vertical-mode (icomplete) and vertico (Debian's elpa-vertico,
# unpacked by `make elpa'); their candidates show below the input, the
# minibuffer grows to hold them, the cursor stays after the input, C-n moves
# the selection and RET runs it. In a buffer, company's tooltip of Emacs
# Lisp symbols (elisp-completion-at-point) under the text typed. The screens were compared by hand with
# emacs -nw -Q's on the same keys (vertico's the same row for row).
source "$(dirname "$0")/lib.sh"
needs_emacs_library
ELPA=$(cd "$(dirname "$0")/../.." && pwd)/tests/lisp/packages/elpa-load-path.el
[ -d "$(dirname "$ELPA")/../../../build-elpa/root/usr/share/emacs/site-lisp/elpa-src/vertico-1.1" ] ||
    { echo "SKIPPED: elpa-vertico is not unpacked (make elpa)"; exit 77; }
printf '(load "%s")\n(require (quote vertico))\n(require (quote company))\n(setq company-idle-delay 0.1)\n' "$ELPA" > "$WORK/init.el"
printf 'one\ntwo\nthree\n' > "$WORK/text"
# The candidates $2, $3... on the rows after the prompt's, which shows $1
# and ends with the cursor (the input's end); the mode line above.
# vertico sorts them by length, then alphabetically.
expect_candidates() {
    local prompt_row n text
    prompt_row=$(( $(screen | grep -n -F -- "$1" | tail -1 | cut -d: -f1) - 1 ))
    (( prompt_row > 0 )) || fail "no prompt row shows '$1'"
    text=$(row "$prompt_row")
    [[ $(T display -p -t 0 '#{cursor_x},#{cursor_y}') == "${#text},$prompt_row" ]] ||
        fail "the cursor is at $(T display -p -t 0 '#{cursor_x},#{cursor_y}'), not after '$text'"
    row $(( prompt_row - 1 )) | grep -q -- "F1  text" || fail "no mode line above the prompt"
    shift
    n=1
    for candidate in "$@"; do
        expect_row $(( prompt_row + n )) "$candidate"
        n=$(( n + 1 ))
    done
}
start -l init.el text
wait_for "text"
keys M-x
type_text "fido-vertical-mode"
keys Enter
wait_for "Fido-Vertical mode enabled"
keys M-x
type_text "forward-li"
wait_for "forward-list"
# fido orders candidates of one score as the obarray gives them.
expect_candidates "M-x forward-li"
screen | grep -q "^forward-line" && screen | grep -q "^forward-list" || fail "fido does not show forward-line and forward-list"
keys C-g
wait_gone "forward-list"
keys M-x
type_text "fido-mode"
keys Enter
wait_for "Fido mode disabled"
keys M-x
type_text "vertico-mode"
keys Enter
wait_for "Vertico mode enabled"
keys M-x
type_text "forward-li"
wait_for "1/2    M-x forward-li"
expect_candidates "1/2    M-x forward-li" "forward-line" "forward-list"
keys C-n
wait_for "2/2    M-x forward-li"
keys Enter
wait_gone "forward-list"
keys M-x
type_text "what-line"
wait_for "1/1    M-x what-line"
expect_candidates "1/1    M-x what-line" "what-line"
keys Enter
wait_for "Line 4"
keys M-x
type_text "global-company-mode"
wait_for "1/1    M-x global-company-mode"
keys Enter
wait_for "Global-Company mode enabled"
keys C-x C-f
type_text "code.el"
keys Enter
wait_for "(ELisp/"
type_text "(forward-"
# The tooltip: the symbols under the text, each row a string over the lines below.
wait_row 1 " forward-button"
expect_row 2 " forward-char"
keys Escape Escape Escape
wait_gone "forward-button"
