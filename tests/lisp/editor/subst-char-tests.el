;;; subst-char-tests.el --- subst-char-in-region  -*- lexical-binding: t -*-

;; Expected values are what GNU Emacs 28 gives for the same forms.

(ert-deftest subst-char-replaces-within-the-region-only ()
  (with-temp-buffer
    (insert "a\0b\0c\0d")
    (subst-char-in-region 2 6 ?\0 ?\n)
    (should (equal (buffer-string) "a\nb\nc\0d"))
    (subst-char-in-region (point-max) (point-min) ?\0 ?|)
    (should (equal (buffer-string) "a\nb\nc|d"))))

(ert-deftest subst-char-keeps-markers-and-point ()
  (with-temp-buffer
    (insert "x.y.z")
    (let ((m (copy-marker 4)))
      (goto-char 3)
      (subst-char-in-region (point-min) (point-max) ?. ?/)
      (should (equal (buffer-string) "x/y/z"))
      (should (= (point) 3))
      (should (= m 4)))))

(ert-deftest subst-char-multibyte-of-the-same-width ()
  (with-temp-buffer
    (insert "été")
    (subst-char-in-region 1 4 ?é ?è)
    (should (equal (buffer-string) "ètè"))
    (should (= (point-max) 4))
    ;; Characters of different widths are refused, as Emacs does.
    (should-error (subst-char-in-region 1 4 ?t ?λ))
    (should (equal (buffer-string) "ètè"))))

(ert-deftest subst-char-is-undone-as-one-change ()
  (with-temp-buffer
    (buffer-enable-undo)
    (insert "a-b-c")
    (undo-boundary)
    (subst-char-in-region 1 6 ?- ?+)
    (undo-boundary)
    (should (equal (buffer-string) "a+b+c"))
    (undo)
    (should (equal (buffer-string) "a-b-c"))))

(ert-deftest subst-char-noundo-records-nothing-and-keeps-unmodified ()
  (with-temp-buffer
    (buffer-enable-undo)
    (insert "a-b")
    (undo-boundary)
    (set-buffer-modified-p nil)
    (subst-char-in-region 1 4 ?- ?+ t)
    (should (equal (buffer-string) "a+b"))
    (should-not (buffer-modified-p))
    ;; Undo skips it: the last recorded change is the insertion.
    (undo)
    (should (equal (buffer-string) ""))))

(ert-deftest subst-char-runs-change-hooks-over-the-changed-span ()
  (with-temp-buffer
    (insert "abc-def-ghi")
    (let ((seen nil))
      (add-hook 'after-change-functions (lambda (b e l) (push (list b e l) seen)) nil t)
      (subst-char-in-region 1 12 ?- ?_)
      (should (equal (buffer-string) "abc_def_ghi"))
      (should (equal seen '((4 9 5))))
      (setq seen nil)
      (subst-char-in-region 1 12 ?z ?y)
      (should (equal seen nil)))))

(ert-deftest subst-char-respects-read-only ()
  (with-temp-buffer
    (insert "a-b")
    (setq buffer-read-only t)
    (should-error (subst-char-in-region 1 4 ?- ?+) :type 'buffer-read-only)
    (let ((inhibit-read-only t))
      (subst-char-in-region 1 4 ?- ?+))
    (should (equal (buffer-string) "a+b"))))
