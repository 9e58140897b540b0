# End-to-end test helpers: the real gapmacs binary in a real terminal (tmux),
# driven with send-keys and read back with capture-pane.
# Usage: GAPMACS=path/to/gapmacs bash test.sh (CTest passes it).
set -euo pipefail
: "${GAPMACS:?GAPMACS must name the binary}"
command -v tmux >/dev/null || { echo "tmux is missing (make setup installs it)"; exit 1; }

SOCK="gapmacs-e2e-$$-$RANDOM"
WORK=$(mktemp -d)
ROWS=${ROWS:-24}
COLS=${COLS:-80}
T() { tmux -L "$SOCK" -f /dev/null "$@"; }
cleanup() {
    # The editor first: it must not outlive the test, whatever state it is in.
    local pid
    pid=$(T display-message -p -t 0 '#{pane_pid}' 2>/dev/null) && pkill -KILL -P "$pid" 2>/dev/null || true
    T kill-server 2>/dev/null || true
    # A grandchild (M-x shell's bash writing its history into HOME=$WORK on
    # SIGHUP) may still be writing: try again, and never fail a test that
    # passed because of its cleanup.
    rm -rf "$WORK" 2>/dev/null || { sleep 0.5; rm -rf "$WORK"; } || true
}
trap cleanup EXIT

# After the editor exits, the pane prints the terminal's modes as "TTY
# icanon echo isig" when they were given back ("-icanon"... when not).
tty_state='echo TTY $(stty -a | tr " ;" "\\n\\n" | grep -x -e "-\\?icanon" -e "-\\?echo" -e "-\\?isig")'

# Starts the editor in $WORK with HOME=$WORK (so no user init file) and the
# given arguments; waits for the first mode line. Under the sanitizers, no
# leak check at exit: LeakSanitizer's stop-the-world scan of an editor that
# lost its terminal was seen spinning for an hour after its test ended.
# TERMINAL_ENV names the terminal (TERM=screen-256color unless a test says).
TERMINAL_ENV=${TERMINAL_ENV:-TERM=screen-256color}
start() {
    local args="" a
    for a in "$@"; do args+=" $(printf '%q' "$a")"; done
    T new-session -d -x "$COLS" -y "$ROWS" \
        "cd $WORK && env LANG=C.UTF-8 $TERMINAL_ENV HOME=$WORK ASAN_OPTIONS=detect_leaks=0 $GAPMACS$args; echo; echo \"EXITED \$?\"; $tty_state; sleep 60"
    wait_for "----" 10
}

# A git repository in $1 on branch trunk whose one commit holds file $2
# (relative to it) with the text $3; commits made later are by "test".
git_repo() {
    mkdir -p "$1/$(dirname "$2")"
    printf '%s\n' "$3" > "$1/$2"
    git -C "$1" init -q -b trunk
    git -C "$1" config user.name test
    git -C "$1" config user.email test@example.org
    git -C "$1" add "$2"
    git -C "$1" commit -qm first
}

# Skips the test (exit 77, which CTest reports) without GNU Emacs's library
# or, when named, the programs it needs.
needs_emacs_library() {
    local program
    [ -d /usr/share/emacs/28.2/lisp ] || { echo "SKIPPED: GNU Emacs's library (emacs-el) is not installed"; exit 77; }
    for program in "$@"; do
        command -v "$program" >/dev/null || { echo "SKIPPED: $program is not installed"; exit 77; }
    done
}

screen() { T capture-pane -p -t 0; }
# The screen with its colours and attributes as escape sequences.
colours() { T capture-pane -p -e -t 0; }
# Waits up to $2 seconds (20) until the coloured screen holds the fixed
# string $1; fails naming $3 otherwise.
wait_colour() {
    local what=$1 end=$(( $(date +%s) + ${2:-20} ))
    while (( $(date +%s) < end )); do
        colours | grep -qF -- "$what" && return 0
        sleep 0.1
    done
    echo "---- colours ----"; colours | cat -v
    fail "no $3 in its colour"
}
# send-keys with tmux's key names: keys C-x C-s, keys M-x, keys Enter
keys() { T send-keys -t 0 "$@"; }
# Types text literally.
type_text() { T send-keys -t 0 -l -- "$1"; }
resize() { T resize-window -t 0 -x "$1" -y "$2"; }
pane_pid() { T display-message -p -t 0 '#{pane_pid}'; }

fail() {
    echo "FAIL: $*"
    # Rows numbered and blank ones left out, so that the echo area and the
    # mode lines survive a CI log that keeps only the start of a failure.
    echo "---- screen (non-blank rows) ----"
    screen | awk 'NF { printf "%2d|%s\n", NR - 1, $0 }' || true
    echo "----------------"
    exit 1
}

# Waits until the screen contains the fixed string $1 (timeout $2 s).
wait_for() {
    local pattern=$1 limit=${2:-5} end
    end=$(( $(date +%s%N) / 1000000 + limit * 1000 ))
    while (( $(date +%s%N) / 1000000 < end )); do
        screen | grep -qF -- "$pattern" && return 0
        sleep 0.05
    done
    fail "timed out waiting for: $pattern"
}

# Waits until the screen no longer contains $1.
wait_gone() {
    local pattern=$1 limit=${2:-5} end
    end=$(( $(date +%s%N) / 1000000 + limit * 1000 ))
    while (( $(date +%s%N) / 1000000 < end )); do
        screen | grep -qF -- "$pattern" || return 0
        sleep 0.05
    done
    fail "still showing: $pattern"
}

# Row N (0-based) of the screen.
row() { screen | sed -n "$(( $1 + 1 ))p"; }

# Waits (timeout $3 s, default 5) until row $1 starts with $2: the text
# may be on the screen before the change a test waits for (a region that
# a command will replace holds it already).
wait_row() {
    local limit=${3:-5} end
    end=$(( $(date +%s%N) / 1000000 + limit * 1000 ))
    while (( $(date +%s%N) / 1000000 < end )); do
        [[ "$(row "$1")" == "$2"* ]] && return 0
        sleep 0.05
    done
    fail "row $1 is '$(row "$1")', expected it to start with '$2'"
}

expect_row() {
    local got
    got=$(row "$1")
    [[ "$got" == "$2"* ]] || fail "row $1 is '$got', expected it to start with '$2'"
}

# Waits (up to 5 s) for file $1 to hold exactly $2: the text on the screen
# that a test waited for may be a message left from an earlier save.
expect_file() {
    local want got end
    want=$(printf '%s' "$2" | od -c)
    end=$(( $(date +%s%N) / 1000000 + 5000 ))
    while :; do
        got=$(od -c < "$1" 2>/dev/null || true)
        [[ "$want" == "$got" ]] && return 0
        (( $(date +%s%N) / 1000000 < end )) || break
        sleep 0.05
    done
    echo "want:"; printf '%s' "$2" | od -c; echo "got:"; od -c < "$1"; fail "$1 differs"
}

# M-x find-name-dired in directory $1 with wildcard $2, as typed.
find_name_dired() {
    keys M-x
    type_text "find-name-dired"
    keys Enter
    wait_for "Find-name (directory):"
    keys C-a C-k
    type_text "$1"
    keys Enter
    wait_for "Find-name (filename wildcard):"
    type_text "$2"
    keys Enter
}

# Lets the editor finish what the last keys started: a key round trip.
settle() { sleep "${1:-0.3}"; }

# The editor's process id.
editor_pid() { pgrep -P "$(pane_pid)" | head -1; }

# After the editor exited: the terminal is back in cooked mode.
expect_tty_restored() {
    wait_for "TTY "
    local line
    line=$(screen | grep -F "TTY ")
    for mode in icanon echo isig; do
        [[ " $line " == *" $mode "* ]] || fail "terminal mode $mode not restored: $line"
    done
}
