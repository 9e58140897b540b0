# SIGTERM: modified file buffers are auto-saved to #FILE#, the terminal is
# given back.
source "$(dirname "$0")/lib.sh"
printf 'original\n' > "$WORK/doc"
start doc
wait_for "doc"
type_text "changed "
wait_for "changed original"
kill -TERM "$(editor_pid)"
wait_for "EXITED"
expect_tty_restored
expect_file "$WORK/#doc#" $'changed original\n'
expect_file "$WORK/doc" $'original\n'
