# display-buffer as Emacs 28 chooses the window: pop-up-windows nil shows
# the buffer in the frame's one window (vc-dir binds it so), an entry of
# display-buffer-alist wins over the caller's action, display-buffer-at-bottom
# with a window-height makes a window of that height, quit-window (q in
# *Help*) deletes the window display-buffer made, and C-x 4 b splits.
source "$(dirname "$0")/lib.sh"
printf 'file text\n' > "$WORK/f.txt"
start f.txt
wait_for "f.txt"
eval_form() {
    keys M-:
    wait_for "Eval:"
    type_text "$1"
    keys Enter
}
modelines() { screen | grep -c -- '^-U'; }
eval_form '(let (pop-up-windows) (display-buffer (get-buffer-create "one")) nil)'
wait_for " one  "
[ "$(modelines)" = 1 ] || fail "pop-up-windows nil split the window"
eval_form '(progn (switch-to-buffer "f.txt") (setq display-buffer-alist (list (cons "two" (list (quote display-buffer-same-window))))) (display-buffer (get-buffer-create "two") (quote (display-buffer-pop-up-window))) nil)'
wait_for " two  "
[ "$(modelines)" = 1 ] || fail "display-buffer-alist's same-window action did not win"
eval_form '(progn (switch-to-buffer "f.txt") (display-buffer (get-buffer-create "three") (quote (display-buffer-at-bottom (window-height . 6)))) nil)'
wait_for " three  "
[ "$(modelines)" = 2 ] || fail "display-buffer-at-bottom did not split"
# The bottom window: 6 lines with its mode line, above the echo area.
expect_row $(( ROWS - 2 )) "-UUU:----F1  three"
expect_row $(( ROWS - 8 )) "-UU-:----F1  f.txt"
keys C-x 1
keys C-h f
wait_for "Describe function"
type_text "car"
keys Enter
wait_for "(Help)"
[ "$(modelines)" = 2 ] || fail "*Help* did not get a window of its own"
keys C-x o
keys q
wait_gone "(Help)"
[ "$(modelines)" = 1 ] || fail "q did not delete the *Help* window"
keys C-x 4 b
type_text "four"
keys Enter
wait_for " four  "
[ "$(modelines)" = 2 ] || fail "C-x 4 b did not split"
