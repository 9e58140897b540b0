# M-x shell: RET sends the line, M-p recalls it, C-c C-c interrupts the
# running command and the shell carries on; colours become faces, not
# escapes on the screen.
source "$(dirname "$0")/lib.sh"
start
wait_for "*scratch*"
keys M-x
type_text "shell"
keys Enter
wait_for "(Shell"
type_text 'echo one-$((6*7))'
keys Enter
wait_for "one-42"
keys M-p
wait_for 'echo one-$((6*7))'
keys C-c C-u
# The output differs from the typed line, so waiting for it waits for the output.
type_text "printf '\\033[31mred%s\\033[0m\\n' -text"
keys Enter
wait_for "red-text"
screen | grep -qx "red-text" || fail "the SGR sequences were not taken out of the output"
# C-c must reach the job, not bash still at its line: wait for the job's own output.
type_text 'echo job-$((2*3)); sleep 100'
keys Enter
wait_for "job-6"
sleep 0.1
keys C-c C-c
type_text "echo status-\$?"
keys Enter
wait_for "status-130"
