#!/bin/bash
# Issue 11: out of memory (under `ulimit -v`) while inserting a huge region
# or string: a Lisp error ("Memory exhausted"), the buffer unchanged (text,
# point, modified flag), the editor goes on; never a crash.
#
# Usage: GAPMACS=path/to/gapmacs bash insert_oom.sh
# Skipped (status 77) where the binary cannot run under a 2 GB address-space
# limit at all (the sanitizer builds reserve terabytes of shadow memory).
set -uo pipefail
: "${GAPMACS:?GAPMACS must name the binary}"
LIMIT_KB=${INSERT_OOM_LIMIT_KB:-2000000}

if ! (ulimit -v "$LIMIT_KB"; "$GAPMACS" --batch -Q --eval '(kill-emacs 0)') >/dev/null 2>&1; then
    echo "skipped: $GAPMACS does not start under ulimit -v $LIMIT_KB (a sanitizer build?)"
    exit 77
fi

WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
cat > "$WORK/oom.el" <<'EOF'
(defvar oom-failures 0)
(defun oom-check (what ok)
  (message "%s: %s" (if ok "ok" "FAILED") what)
  (unless ok (setq oom-failures (1+ oom-failures))))

(let ((src (generate-new-buffer "src")))
  ;; 300 MB that fits; then insertions that cannot all fit in 2 GB.
  (with-current-buffer src (insert-char ?x 300000000))
  (dolist (case
           (list
            ;; One region at a time until memory runs out: each insertion
            ;; is whole or absent, none half-done.
            (cons "insert-buffer-substring, ten times 300 MB"
                  (lambda () (dotimes (_ 10) (insert-buffer-substring src))))
            (cons "insert of four 300 MB strings at once"
                  (lambda () (let ((s (with-current-buffer src (buffer-string)))) (insert s s s s))))
            (cons "insert-char of 3e9 ASCII characters"
                  (lambda () (insert-char ?y 3000000000)))
            (cons "insert-char of 1e9 two-byte characters"
                  (lambda () (insert-char ?é 1000000000)))
            (cons "insert of a 1.5 GB string"
                  (lambda () (insert (make-string 1500000000 ?z))))))
    (let ((dst (generate-new-buffer "dst")) (err nil))
      (with-current-buffer dst
        (insert "hello\n")
        (goto-char 3)
        (set-buffer-modified-p nil)
        (setq err (condition-case e (progn (funcall (cdr case)) nil) (error e)))
        (oom-check (format "%s: %S" (car case) err) (equal err '(error "Memory exhausted")))
        ;; What was inserted before the failure is whole; the failed
        ;; insertion left nothing: "he", N copies of the region, "llo\n".
        (let* ((inserted (- (buffer-size) 6))
               (copies (/ inserted 300000000)))
          (oom-check (format "%s: buffer whole (%d bytes inserted)" (car case) inserted)
                     (and (= (% inserted 300000000) 0)
                          (equal (buffer-substring 1 3) "he")
                          (equal (buffer-substring (- (point-max) 4) (point-max)) "llo\n")
                          (= (point) (+ 3 inserted))
                          (or (> copies 0) (not (buffer-modified-p)))
                          (or (= copies 0)
                              (and (eq (char-after 3) ?x) (eq (char-before (- (point-max) 4)) ?x))))))
        ;; And the buffer still works.
        (insert "!")
        (oom-check (format "%s: editing goes on" (car case)) (eq (char-before) ?!)))
      (kill-buffer dst)
      (garbage-collect))))
(kill-emacs (if (= oom-failures 0) 0 1))
EOF

(ulimit -v "$LIMIT_KB"; "$GAPMACS" --batch -Q -l "$WORK/oom.el")
status=$?
echo "exit status $status"
exit $status
