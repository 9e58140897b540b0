;;; elpa-async-tests.el --- Debian's async.el runs Lisp in a child editor  -*- lexical-binding: t -*-


;; async 1.9.7 as Debian installs it (elpa-async; `make test' installs it),
;; loaded unchanged.  `async-start' runs the editor again
;; (`invocation-directory', `invocation-name') with the function printed,
;; encoded (utf-8-auto) and base64-encoded on its standard input; the child
;; prints the result, which the parent's sentinel reads back from the
;; process buffer (`read' from a buffer, `backward-sexp').  Every expected
;; value is what GNU Emacs 28 gives with the same library.

;; The children run without the collector stress of the test run: under
;; ASan and a collection per allocation a child took over 30 s to start
;; on a loaded machine, and what is tested is the parent's side.
(setenv "GAPMACS_GC_STRESS")

(load (expand-file-name "elpa-load-path" (file-name-directory (or load-file-name buffer-file-name))) nil t)
(require 'async)

(ert-deftest elpa-async-values-come-back ()
  (should (equal (async-get (async-start (lambda () (+ 1 2)))) 3))
  (should (equal (async-get (async-start (lambda () (list "héllo" (make-string 3 ?x) (* 6 7) 'sym [1 2]))))
                 '("héllo" "xxx" 42 sym [1 2]))))

(ert-deftest elpa-async-callback ()
  (let ((result nil) (t0 (float-time)))
    (async-start (lambda () (concat "done-" "ok")) (lambda (r) (setq result r)))
    (while (and (not result) (< (- (float-time) t0) 30))
      (accept-process-output nil 0.05))
    (should (equal result "done-ok"))))

(ert-deftest elpa-async-error-in-child ()
  (should (equal (should-error (async-get (async-start (lambda () (error "boom")))))
                 '(error "boom"))))

(ert-deftest elpa-async-invocation ()
  (should (file-executable-p (expand-file-name invocation-name invocation-directory))))
