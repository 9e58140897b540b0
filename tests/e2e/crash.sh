# A fatal signal (SIGSEGV, SIGABRT) gives the terminal back before the
# default action.
source "$(dirname "$0")/lib.sh"
for sig in SEGV ABRT HUP; do
    start
    type_text "x"
    wait_for "**"
    kill -"$sig" "$(editor_pid)"
    wait_for "EXITED"
    expect_tty_restored
    T kill-server
    SOCK="$SOCK-$sig" # a new server: the old socket may linger a moment
done
