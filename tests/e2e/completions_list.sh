# *Completions* as Emacs 28 shows and uses it: completion-list-mode with
# its line of help, the completions in columns as wide as the window
# allows (Emacs's completion--insert-strings, aligned by display spaces),
# M-x's key bindings beside the commands; M-v selects the list, TAB moves
# to the next completion and RET chooses it, which ends the minibuffer.
# Needs Emacs's library (simple.el, minibuffer.el).
source "$(dirname "$0")/lib.sh"
needs_emacs_library
start
wait_for "scratch"
keys M-x
wait_for "M-x"
type_text "find-f"
keys Tab
settle 0.5
keys Tab
wait_for "In this buffer, type RET to select the completion near point."
wait_for "(Completion List)"
# Two columns: a row holds the first completion and the second, with its
# binding; the second starts at Emacs's column width, (80 - 1) / 2 = 39
# (the widest completion with its binding is narrower than that).
screen | grep -q '^find-face-definition  *find-file (C-x C-f)' || fail "no two columns with find-file's binding"
[ "$(screen | grep '^find-face-definition' | awk '{print index($0, "find-file (")}')" = 40 ] ||
    fail "the second column does not start at column 39"
keys M-v
settle 0.5
# The read goes on below the list, as Emacs shows it.
expect_row $(( ROWS - 1 )) "M-x find-f"
keys Tab
settle 0.3
keys Enter
wait_for "Find file:"
keys C-g
# A file name: the choice replaces the name after the directory typed, and
# a directory chosen leaves the minibuffer open on it.
mkdir -p "$WORK/d/alpha" "$WORK/d/alps"
keys C-x C-f
wait_for "Find file:"
keys C-a C-k
type_text "$WORK/d/al"
keys Tab
settle 0.5
keys Tab
wait_for "alpha/"
keys M-v
settle 0.5
keys Enter
wait_for "Find file: $WORK/d/alpha/"
type_text "new.txt"
keys Enter
wait_for "new.txt "
