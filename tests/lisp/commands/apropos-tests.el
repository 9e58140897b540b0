;;; apropos-tests.el --- apropos-internal  -*- lexical-binding: t -*-

;; Expected values are GNU Emacs 28's; the file also runs there.
;; No gc-stress run: apropos-internal walks every symbol, and a collection
;; per allocation makes that take minutes; it is plain Lisp over mapatoms.

(defvar apropos-tests--a 1)
(defvar apropos-tests--b 2)
(defun apropos-tests--c ())

(ert-deftest apropos-tests-internal ()
  (should (equal (apropos-internal "\\`apropos-tests--" #'boundp) '(apropos-tests--a apropos-tests--b)))
  (should (equal (apropos-internal "\\`apropos-tests--" #'fboundp) '(apropos-tests--c)))
  (should (equal (apropos-internal "\\`apropos-tests--[ab]\\'") '(apropos-tests--a apropos-tests--b)))
  (should-not (apropos-internal "\\`apropos-tests--none")))

;;; apropos-tests.el ends here
