;;; eldoc-tests.el --- ElDoc in Emacs Lisp buffers, as Emacs 28 -Q has it  -*- lexical-binding: t -*-

;; global-eldoc-mode is on in Emacs 28 -Q; emacs-lisp-mode gives it the
;; arguments of the call around point, named as Emacs names them (a
;; builtin's too).  The expected values are GNU Emacs 28's; the tests pass
;; in `emacs --batch -Q' too.
(when (boundp 'gapmacs-version) (load "loadup" nil t))
(require 'eldoc)

(defun eldoc-tests--shown (text)
  "What ElDoc would show with point after TEXT in an Emacs Lisp buffer."
  (with-temp-buffer
    (emacs-lisp-mode)
    (should eldoc-mode)
    (insert text)
    (let (shown)
      (let ((eldoc-display-functions (list (lambda (docs _interactive) (setq shown docs)))))
        (eldoc-print-current-symbol-info))
      (car shown))))

(ert-deftest eldoc-shows-a-builtins-arguments ()
  (let ((doc (eldoc-tests--shown "(mapcar ")))
    (should (equal-including-properties
             (car doc) #("(FUNCTION SEQUENCE)" 1 9 (face eldoc-highlight-function-argument))))
    (should (eq (plist-get (cdr doc) :thing) 'mapcar)))
  ;; The argument point is in is the one highlighted.
  (should (equal-including-properties
           (car (eldoc-tests--shown "(goto-char (point-min)) (substring \"abc\" 1"))
           #("(STRING &optional FROM TO)" 18 22 (face eldoc-highlight-function-argument)))))

(defun eldoc-tests--sample (count &optional width)
  "Sample COUNT of WIDTH."
  (list count width))

(ert-deftest eldoc-shows-a-lisp-functions-arguments ()
  (should (equal-including-properties
           (car (eldoc-tests--shown "(eldoc-tests--sample 1 "))
           #("(COUNT &optional WIDTH)" 17 22 (face eldoc-highlight-function-argument)))))

(ert-deftest eldoc-off-in-fundamental-mode ()
  (with-temp-buffer
    (should-not eldoc-mode)))

;;; eldoc-tests.el ends here
