#!/bin/sh
# Batch-mode behaviour of the gapmacs binary: output streams, exit statuses,
# argument order. Usage: batch_test.sh GAPMACS
g="$1"
fail=0
out=$(mktemp) err=$(mktemp)
trap 'rm -f "$out" "$err"' EXIT

# check NAME EXPECTED-STATUS EXPECTED-STDOUT EXPECTED-STDERR ARGS...
check() {
    name=$1 status=$2 want_out=$3 want_err=$4
    shift 4
    "$g" "$@" >"$out" 2>"$err"
    got=$?
    if [ "$got" != "$status" ] || [ "$(cat "$out")" != "$want_out" ] || [ "$(cat "$err")" != "$want_err" ]; then
        echo "FAIL: $name: status $got, stdout [$(cat "$out")], stderr [$(cat "$err")]"
        fail=1
    else
        echo "ok: $name"
    fi
}

check version 0 "gapmacs 0.1.0" "" --version
check princ 0 "3" "" --batch --eval '(princ (+ 1 2))'
check message 0 "" "m1" --batch --eval '(message "m%d" 1)'
check void-variable 255 "" "Symbol’s value as variable is void: foo" --batch --eval foo
check wrong-type 255 "1" "
Wrong type argument: listp, 1" -batch -eval '(progn (princ 1) (car 1))'
check kill-emacs 7 "x" "" --batch --eval '(progn (princ "x") (kill-emacs 7))'
check in-order 0 "ab" "" --batch --eval '(princ "a")' --eval '(princ "b")'
check funcall 0 "" "" --batch --eval '(defun batch-test-f () (kill-emacs 0))' -f batch-test-f --eval '(kill-emacs 1)'
check args-left 0 "(\"y\")" "" --batch --eval '(princ (prin1-to-string command-line-args-left))' y
check eval-equals 0 "ok" "" --batch --eval='(princ "ok")'
check trailing-garbage 255 "" "Trailing garbage following expression: x" --batch --eval '(princ 1) x'
check read-error 255 "" "End of file during parsing" --batch --eval '(quote'
check missing-load 255 "" "Cannot open load file: No such file or directory, /nonexistent/gapmacs" --batch -l /nonexistent/gapmacs
check no-catch 255 "" "No catch for tag: tag, 1" --batch --eval "(throw 'tag 1)"
exit $fail
