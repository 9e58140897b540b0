# M-! shows one line of output in the echo area and more in a window;
# C-u M-! inserts at point; M-| with C-u replaces the region; M-& streams
# into *Async Shell Command* and reports the exit.
source "$(dirname "$0")/lib.sh"
# ESC then the key: tmux does not parse every M-<punctuation> name.
meta() { keys Escape; type_text "$1"; }
printf 'cherry\napple\nbanana\n' > "$WORK/fruit"
start fruit
wait_for "fruit"
meta "!"
wait_for "Shell command:"
type_text "echo hello-from-shell"
keys Enter
wait_for "hello-from-shell"
meta "!"
type_text "printf 'first-line\\nsecond-line\\n'"
keys Enter
wait_for "*Shell Command Output*"
wait_for "second-line"
keys C-x 1
keys C-x h
keys C-u
meta "|"
wait_for "Shell command on region:"
type_text "sort"
keys Enter
# "apple" is in the region already: wait for sort's order itself.
wait_row 0 apple
[[ $(row 0) == apple* && $(row 1) == banana* && $(row 2) == cherry* ]] || fail "the region was not replaced by sort's output"
keys 'M->'
keys C-u
meta "!"
type_text "echo inserted-here"
keys Enter
wait_for "inserted-here"
meta "&"
wait_for "Async shell command:"
type_text "echo async-out; exit 3"
keys Enter
wait_for "*Async Shell Command*"
wait_for "async-out"
wait_for "exited abnormally with code 3."
# Issue 18: output that comes later shows in the window at once (it was
# blank until C-l: the window's start was pushed past the output).
keys C-x 1
keys M-\&
wait_for "Async shell command:"
type_text "echo first-part; sleep 1; echo later-part"
keys Enter
wait_for "first-part"
wait_for "later-part"
