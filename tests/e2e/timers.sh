# Timers in the editor: an idle timer runs once the editor has waited for
# input that long (once per idle period), a repeating timer redraws the
# screen while nobody types, and an error in a timer is reported while the
# editor goes on.
source "$(dirname "$0")/lib.sh"
row0_is() {
    local end=$(( $(date +%s%N) / 1000000 + 5000 ))
    while (( $(date +%s%N) / 1000000 < end )); do
        [[ "$(row 0 | sed 's/[[:space:]]*$//')" == "$1" ]] && return 0
        sleep 0.05
    done
    fail "row 0 is '$(row 0)', expected '$1'"
}
start idle.txt
wait_for "idle.txt"
keys M-: '(setq gapmacs-e2e-idle (run-with-idle-timer 0.3 t (lambda () (insert "I"))))' Enter
row0_is "I"
settle 1
row0_is "I"   # once per idle period, however long it lasts
keys x
row0_is "IxI"
keys M-: '(cancel-timer gapmacs-e2e-idle)' Enter
keys M-: '(run-with-timer 0.1 0.1 (lambda () (setq mode-line-process (format ":%d" (setq gapmacs-e2e-ticks (1+ (or (bound-and-true-p gapmacs-e2e-ticks) 0))))) (force-mode-line-update)))' Enter
wait_for "(Text:1"
wait_for "(Text:2"
keys M-: '(run-with-timer 0 nil (lambda () (error "Timer went wrong")))' Enter
wait_for 'Error running timer: (error "Timer went wrong")'
keys C-e " ok"
row0_is "IxI ok"
keys C-x C-s
# Text mode ends a saved file with a newline (mode-require-final-newline).
expect_file "$WORK/idle.txt" $'IxI ok\n'
