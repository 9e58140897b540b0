# The Emacs server (issue 19): M-x server-start, then emacsclient FILE from
# outside (git's editor, a shell in another terminal) shows the file; what
# is typed goes into it (not into the buffer shown before), and C-x #
# saves it and lets emacsclient exit.
source "$(dirname "$0")/lib.sh"
command -v emacsclient >/dev/null || { echo "SKIPPED: emacsclient is not installed"; exit 77; }
export XDG_RUNTIME_DIR="$WORK/run" # the socket: $WORK/run/emacs/server
mkdir -m 700 "$XDG_RUNTIME_DIR"
printf 'other text\n' > "$WORK/a.txt"
printf 'commit message\n' > "$WORK/msg.txt"
start a.txt
wait_for "a.txt"
keys M-x
type_text "server-start"
keys Enter
settle 1
[ -S "$XDG_RUNTIME_DIR/emacs/server" ] || fail "no server socket"

(emacsclient "$WORK/msg.txt" > "$WORK/client.out" 2>&1; echo "exit $?" >> "$WORK/client.out") &
wait_for "When done with a buffer, type C-x #"
expect_row 0 "commit message"
type_text "fix: "
keys C-x '#'
wait_for "Save file"
keys y
wait_for "Wrote"
expect_file "$WORK/msg.txt" $'fix: commit message\n'
expect_file "$WORK/a.txt" $'other text\n'
for _ in $(seq 50); do grep -q "^exit" "$WORK/client.out" && break; sleep 0.1; done
grep -q "^exit 0" "$WORK/client.out" || fail "emacsclient: $(cat "$WORK/client.out")"
wait_row 0 "other text"
