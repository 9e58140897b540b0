# The first lines of users' init files (tests/lisp/data/init-first-lines.el)
# in the editor: they run without an error, their modes are on (line
# numbers on the screen), and their keys work (C-c r: recentf's dialog).
source "$(dirname "$0")/lib.sh"
mkdir -p "$WORK/.config/gapmacs"
sed 's/^(prin1 (list/(message "init: %S" (list/' "$(dirname "$0")/../lisp/data/init-first-lines.el" \
    > "$WORK/.config/gapmacs/init.el"
printf 'int main(void)\n{\n  return 0;\n}\n' > "$WORK/a.c"
start a.c
wait_for "init: (t t t t t t t t t t nil nil nil t t t t t t t t t t (wombat)"
screen | grep -q "Error" && fail "an init line failed"
screen | grep -qE "^ +1 int main" || fail "global-display-line-numbers-mode shows no numbers"
keys C-c r
wait_for "[1] $WORK/a.c"
wait_for "*Open Recent*"
keys q
wait_for "int main"
