# Nothing keeps the editor beyond C-g and SIGTERM (issue #18): a regexp that
# backtracks for ever (string-match, C-M-s), visiting or writing a FIFO with
# no partner; and SIGTERM auto-saves and exits even while a command ignores
# quit.
source "$(dirname "$0")/lib.sh"
printf 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\n' > "$WORK/a.txt"
mkfifo "$WORK/fifo"
start a.txt
wait_for "a.txt"

eval_expr() { keys M-:; wait_for "Eval:" 20; type_text "$1"; keys Enter; }
expect_responsive() {
    eval_expr "(message \"alive %d\" $1)"
    wait_for "alive $1"
}

# string-match of an exponential regexp: C-g stops it.
eval_expr '(string-match "\\(a*\\)*b" (make-string 40 ?a))'
settle 1
keys C-g
wait_for "Quit"
expect_responsive 1

# C-M-s of the same pattern over the buffer's 40 a's.
keys C-M-s
type_text '\(a*\)*b'
settle 1
keys C-g
settle 0.5
keys C-g
# A quit discards the keys typed ahead (as Emacs's does): wait until it has
# happened before the next key.
wait_for "Quit"
expect_responsive 2

# A FIFO: what a writer waiting on it writes is read; with no writer (or one
# that takes its time) the visit waits for one, as Emacs's does, and C-g
# stops the wait and leaves no buffer behind.
printf 'from the writer\n' > "$WORK/fifo" &
keys C-x C-f
wait_for "Find file:"
type_text "fifo"
keys Enter
wait_for "from the writer"
keys C-x k Enter
wait_for "a.txt"
for writer in none late; do
    late_writer=
    if [[ $writer == late ]]; then
        (sleep 30; echo late) > "$WORK/fifo" 2>/dev/null &
        late_writer=$!
    fi
    keys C-x C-f
    wait_for "Find file:"
    type_text "fifo"
    keys Enter
    settle 1
    keys C-g
    wait_for "Quit"
    expect_row 0 "aaaa"
    expect_responsive 3
    if [[ -n $late_writer ]]; then kill "$late_writer" 2>/dev/null || true; fi
done

# Writing to a FIFO with no reader: the same.
eval_expr "(write-region \"x\" nil \"$WORK/fifo\")"
settle 1
keys C-g
wait_for "Quit"
expect_responsive 4

# SIGTERM while a command loops with quit inhibited: the edit is auto-saved
# and the editor ends.
keys M-\<
type_text "unsaved "
eval_expr '(let ((inhibit-quit t)) (while t))'
settle 0.5
kill -TERM "$(editor_pid)"
wait_for "EXITED" 10
expect_tty_restored
expect_file "$WORK/#a.txt#" $'unsaved aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\n'
expect_file "$WORK/a.txt" $'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\n'
