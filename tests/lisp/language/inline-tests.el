;;; inline-tests.el --- define-inline run as functions  -*- lexical-binding: t -*-
;; Every expected value is GNU Emacs 28's (this file passes in both).
;; Not here: ,@ in `inline-quote', which gapmacs turns into `apply' and
;; Emacs 28's uncompiled function half does not handle (void-function ,@).
;; Needs the editor: invocation-directory (runs in batch mode, not on the language alone).

(require 'inline)

(define-inline inline-tests-get (table key &optional default)
  "Look KEY up in TABLE."
  (declare (side-effect-free t))
  (inline-quote (gethash ,key ,table ,default)))

(define-inline inline-tests-walk (table keys)
  (inline-letevals (table keys)
    (inline-quote
     (progn
       (while ,keys
         (setq ,table (gethash (pop ,keys) ,table)))
       ,table))))

(define-inline inline-tests-const (x)
  (if (inline-const-p x)
      (inline-quote (list 'const ,x))
    (inline-quote (list 'var ,x))))

(define-inline inline-tests-check (x)
  (inline-letevals (x)
    (inline-quote (if (numberp ,x) (* 2 ,x) (inline-error "Not a number: %S" ,x)))))

(ert-deftest inline-functions ()
  (let ((h (make-hash-table :test 'equal)))
    (puthash "a" 1 h)
    (should (equal (inline-tests-get h "a") 1))
    (should (equal (inline-tests-get h "b" 'none) 'none))
    (should (equal (apply #'inline-tests-get (list h "a")) 1)))
  (should (equal (let ((v 5)) (inline-tests-const v)) '(var 5)))
  (should (equal (documentation 'inline-tests-get) "Look KEY up in TABLE.")))

(ert-deftest inline-letevals-pop-and-error-gapmacs ()
  "`inline-letevals' with `pop' on an argument (as ht's `ht-get*'), and
`inline-error'.  Emacs 28 runs these only byte-compiled: its uncompiled
function half signals (invalid-function \"x\") for the first and
\"inline-error can only be used within define-inline\" for the second."
  (skip-unless (boundp 'gapmacs-version))
  (should (equal (inline-tests-check 4) 8))
  (should (equal (should-error (inline-tests-check 'a)) '(error "Not a number: a")))
  (let ((outer (make-hash-table :test 'equal)) (inner (make-hash-table :test 'equal)))
    (puthash "y" 42 inner)
    (puthash "x" inner outer)
    (should (equal (inline-tests-walk outer '("x" "y")) 42))))
