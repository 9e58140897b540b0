#!/bin/bash
# Issue 11: a process prints a 1 GB line (no newline until its end). The
# editor takes it all into the buffer, byte for byte, and the line is
# usable afterwards (counted, searched, skipped over); then the default
# sentinel's message follows it.
#
# Usage: GAPMACS=path/to/gapmacs bash process_1gb_line.sh
# PROCESS_LINE_BYTES sets the size (default 1e9: about 2 s and 1 GB of
# memory in a Release build).
set -euo pipefail
: "${GAPMACS:?GAPMACS must name the binary}"
N=${PROCESS_LINE_BYTES:-1000000000}

export LINE_COMMAND="head -c $N /dev/zero | tr '\\0' L; printf 'END\\n'"
out=$("$GAPMACS" --batch -Q --eval "
(let* ((b (get-buffer-create \"line\"))
       (p (make-process :name \"line\" :buffer b :coding 'binary
                        :command (list \"sh\" \"-c\" (getenv \"LINE_COMMAND\")))))
  (while (process-live-p p) (accept-process-output p 0.1))
  (with-current-buffer b
    (goto-char (point-min))
    (princ (format \"size %d skip %d tail %S lines %d last-line %S\"
                   (buffer-size) (skip-chars-forward \"L\")
                   (buffer-substring (point) (+ (point) 4))
                   (count-lines (point-min) (point-max))
                   (progn (goto-char (point-max)) (forward-line -1)
                          (buffer-substring (point) (line-end-position)))))))")
echo "$out"
expected="size $((N + 4 + 23)) skip $N tail \"END
\" lines 3 last-line \"Process line finished\""
[ "$out" = "$expected" ] || { echo "expected: $expected"; exit 1; }
