# mode-line-misc-info shows after the modes, as in emacs -nw -Q: a
# global-mode-string entry, display-time-mode's time and load average, and
# which-function-mode's "[main]" in a C function (Emacs 28 on the same
# keys: "(C/*l Abbrev) [main] [G]5:58AM 0.33 ---": display-time-mode
# appends its string to global-mode-string).
source "$(dirname "$0")/lib.sh"
needs_emacs_library
printf 'int main(void)\n{\n  return 0;\n}\n' > "$WORK/prog.c"
start prog.c
wait_for "(C/*l" 60
keys M-: '(setq global-mode-string (list "[G]"))' Enter
wait_for "(C/*l Abbrev) [G]---" 5
keys M-: '(which-function-mode 1)' Enter
keys Down Down
wait_for "(C/*l Abbrev) [main] [G]---" 10
keys M-: '(display-time-mode 1)' Enter
end=$(( $(date +%s) + 10 ))
until screen | grep -qE -- '\(C/\*l Abbrev\) \[main\] \[G\][0-9]+:[0-9][0-9][AP]M [0-9]+\.[0-9][0-9] -'; do
    (( $(date +%s) < end )) || fail "no time and load average in the mode line"
    sleep 0.1
done
echo PASS
