# The command line runs in its order, as Emacs's command-line-1: a file is
# visited and made current (not shown), so an --eval after it works in its
# buffer; +LINE:COLUMN places point in the next file. At the end the last
# file is shown, the one before it in a second window below, and with more
# files the *Buffer List* takes that window. (Screens of emacs -nw -Q with
# the same arguments.)
source "$(dirname "$0")/lib.sh"
echo alpha > "$WORK/a.txt"
echo beta > "$WORK/b.txt"
echo gamma > "$WORK/c.txt"
mkdir "$WORK/sub"
echo delta > "$WORK/sub/d.txt"
# Visiting sub/d.txt makes sub/ the current buffer's directory; b.txt is
# still the shell's.
start sub/d.txt --eval '(message "in %s" (buffer-name))' +1:3 b.txt
wait_for "F1  d.txt " 10               # the last screen of the start-up
wait_for "in d.txt"
expect_row 0 "beta"
screen | grep -q -- "F1  b.txt " || fail "b.txt is not shown"
screen | grep -q "^delta" || fail "d.txt's text is not shown"
screen | grep -q "(Text)" || fail "the files were not visited in their mode"
keys C-x =
wait_for "point=3 of 5"            # +1:3 put point in b.txt, which is selected
keys C-x C-c
wait_for "EXITED 0" 10

T kill-server
SOCK="$SOCK-3" # a new server: the old socket may linger a moment
start a.txt b.txt c.txt
wait_for "F1  *Buffer List*" 10
expect_row 0 "gamma"
screen | grep -q -- "F1  c.txt " || fail "c.txt is not shown"
screen | grep -q "b.txt" || fail "the buffer list does not list b.txt"
keys C-x C-c
wait_for "EXITED 0" 10
