# File-local variables in the editor (issue #18): safe ones apply at once;
# an eval: form waits for the user's y, and n applies nothing.
source "$(dirname "$0")/lib.sh"
printf 'Text.\n;; Local Variables:\n;; fill-column: 33\n;; End:\n' > "$WORK/safe.txt"
printf 'Text.\n;; Local Variables:\n;; fill-column: 44\n;; eval: (setq local-variables-e2e (quote ran))\n;; End:\n' > "$WORK/asks.txt"
cp "$WORK/asks.txt" "$WORK/refused.txt"
start safe.txt
wait_for "safe.txt"
keys M-:
type_text "(message \"fc %d\" fill-column)"
keys Enter
wait_for "fc 33"
keys C-x C-f
wait_for "Find file:"
type_text "asks.txt"
keys Enter
wait_for "may not be safe"
type_text "y"
wait_for "asks.txt"
keys M-:
type_text "(message \"fc %d %S\" fill-column (bound-and-true-p local-variables-e2e))"
keys Enter
wait_for "fc 44 ran"
keys C-x C-f
wait_for "Find file:"
type_text "refused.txt"
keys Enter
wait_for "may not be safe"
type_text "n"
wait_for "refused.txt"
keys M-:
type_text "(message \"fc %d\" fill-column)"
keys Enter
wait_for "fc 70"
keys C-x C-c
wait_for "EXITED 0"
