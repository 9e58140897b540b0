#!/bin/bash
# Issue 18: a command that exhausts memory (a runaway cons loop under
# `ulimit -v`) fails with "Memory exhausted" in the echo area, as in Emacs;
# the editor goes on, and the unsaved edit it holds can still be saved.
#
# Usage: GAPMACS=path/to/gapmacs bash editor_oom.sh
# Skipped (status 77) where the binary cannot run under the limit at all
# (the sanitizer builds reserve terabytes of shadow memory).
LIMIT_KB=${EDITOR_OOM_LIMIT_KB:-1500000}
if ! (ulimit -v "$LIMIT_KB"; "$GAPMACS" --batch -Q --eval '(kill-emacs 0)') >/dev/null 2>&1; then
    echo "skipped: $GAPMACS does not start under ulimit -v $LIMIT_KB (a sanitizer build?)"
    exit 77
fi
REAL=$GAPMACS
GAPMACS=$(mktemp)
printf '#!/bin/bash\nulimit -v %s\nexec %q "$@"\n' "$LIMIT_KB" "$REAL" > "$GAPMACS"
chmod +x "$GAPMACS"
source "$(dirname "$0")/../e2e/lib.sh"
trap 'cleanup; rm -f "$GAPMACS"' EXIT

printf 'kept\n' > "$WORK/notes.txt"
start notes.txt
wait_for "notes.txt"
type_text "unsaved "
keys M-:
wait_for "Eval:"
type_text "(let (l) (while t (push (make-list 100000 0) l)))"
keys Enter
wait_for "Memory exhausted" 120
expect_row 0 "unsaved kept"
# The editor goes on: the edit is saved, another command runs.
keys C-x C-s
wait_for "Wrote "
expect_file "$WORK/notes.txt" $'unsaved kept\n'
keys M-:
type_text "(message \"after %s\" (length (make-list 1000 0)))"
keys Enter
wait_for "after 1000"
keys C-x C-c
wait_for "EXITED 0"
