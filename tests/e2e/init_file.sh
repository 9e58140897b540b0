# An init file with an error: the error is shown, the editor starts anyway,
# and what the file did before the error holds.
source "$(dirname "$0")/lib.sh"
cat > "$WORK/.gapmacs.el" <<'LISP'
(setq gapmacs-e2e-marker 42)
(global-set-key (kbd "C-c t") (lambda () (interactive) (insert "bound in init")))
(this-function-does-not-exist)
LISP
start
wait_for "Error in init file"
keys C-c t
wait_for "bound in init"
