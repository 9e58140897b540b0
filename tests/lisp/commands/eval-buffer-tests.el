;;; eval-buffer-tests.el --- eval-buffer and eval-region  -*- lexical-binding: t -*-

;; As Emacs's lread.c: the forms are read in the buffer and evaluated one
;; at a time, as a load evaluates them (a macro defined by one serves the
;; next), with lexical-binding as the buffer's first line says; what they
;; print is discarded unless PRINTFLAG names a stream.  Every expected
;; value is GNU Emacs 28's in `emacs --batch -Q' (this file passes in both).

(require 'ert)

(defvar eval-buffer-tests--a)
(defvar eval-buffer-tests--b)
(defvar eval-buffer-tests--c)

(ert-deftest eval-buffer-reads-every-form-with-the-cookies-binding ()
  (with-temp-buffer
    (insert ";; -*- lexical-binding: t -*-\n(setq eval-buffer-tests--a 1)\n; comment\n"
            "(defvar eval-buffer-tests--b (+ eval-buffer-tests--a 1))\n"
            "(setq eval-buffer-tests--c (let ((x 3)) (lambda () x)))\n(print 'hidden)\n")
    (goto-char 20)
    (let ((standard-output (lambda (_c) (error "Printed"))))
      (should (eq (eval-buffer) nil)))
    (should (equal (list eval-buffer-tests--a eval-buffer-tests--b (funcall eval-buffer-tests--c) (point))
                   '(1 2 3 20)))))

(ert-deftest eval-buffer-macros-and-narrowing ()
  (with-temp-buffer
    (insert "(defmacro eval-buffer-tests--m (x) `(list ,x ,x))\n"
            "(setq eval-buffer-tests--a (eval-buffer-tests--m 3))")
    (goto-char (point-min))
    (narrow-to-region 1 (line-end-position))
    (setq eval-buffer-tests--a nil)
    (eval-buffer)
    (should (fboundp 'eval-buffer-tests--m))
    (should-not eval-buffer-tests--a)
    (widen)
    (eval-buffer)
    (should (equal eval-buffer-tests--a '(3 3)))))

(ert-deftest eval-buffer-of-another-buffer-stays-in-the-callers ()
  (with-temp-buffer
    (insert "(setq eval-buffer-tests--a (list (+ 2 2) (buffer-name)))")
    (let ((source (current-buffer)))
      (with-temp-buffer
        (rename-buffer "eval-buffer-caller" t)
        (eval-buffer source)
        (should (equal eval-buffer-tests--a (list 4 (buffer-name))))))))

(ert-deftest eval-region-evaluates-the-region-and-keeps-point ()
  (with-temp-buffer
    (insert "(setq eval-buffer-tests--a 10) (setq eval-buffer-tests--b 20) (setq eval-buffer-tests--c 30)")
    (setq eval-buffer-tests--c nil)
    (goto-char 3)
    (should (eq (eval-region 1 63) nil))
    (should (equal (list eval-buffer-tests--a eval-buffer-tests--b eval-buffer-tests--c (point))
                   '(10 20 nil 3)))))

(ert-deftest eval-region-and-buffer-print-to-printflag ()
  (with-temp-buffer
    (insert "(+ 1 2) (list 'a \"b\")")
    (should (equal (with-output-to-string (eval-region 1 (point-max) standard-output))
                   "\n3\n\n(a \"b\")\n"))
    (should (equal (with-output-to-string (eval-buffer nil standard-output))
                   "\n3\n\n(a \"b\")\n"))))

(ert-deftest eval-region-stops-at-an-unfinished-form ()
  (with-temp-buffer
    (insert "(setq eval-buffer-tests--a 1) (setq eval-buffer-tests--b")
    (setq eval-buffer-tests--a nil)
    (should (eq (car (should-error (eval-region 1 (point-max)))) 'end-of-file))
    (should (eql eval-buffer-tests--a 1))))

;;; eval-buffer-tests.el ends here
