;;; occur-tests.el --- lisp/occur.el: M-s o  -*- lexical-binding: t -*-

;; The *Occur* text is checked against GNU Emacs 28: this file passes in both.
(when (boundp 'gapmacs-version) (load "loadup" nil t))

(defmacro occur-tests--in-source (text &rest body)
  (declare (indent 1))
  `(with-current-buffer (get-buffer-create "occur-src")
     (erase-buffer)
     (insert ,text)
     (unwind-protect (progn ,@body)
       (kill-buffer "occur-src")
       (when (get-buffer "*Occur*") (kill-buffer "*Occur*")))))

(defun occur-tests--listing ()
  (with-current-buffer "*Occur*" (buffer-substring-no-properties (point-min) (point-max))))

(ert-deftest occur-lists-each-matching-line-once ()
  (occur-tests--in-source "alpha beta\nGamma alpha alpha\nnothing\nALPHA end\n"
    (occur "alpha")
    (should (equal (occur-tests--listing)
                   (concat "4 matches in 3 lines for \"alpha\" in buffer: occur-src\n"
                           "      1:alpha beta\n      2:Gamma alpha alpha\n      4:ALPHA end\n")))
    ;; An uppercase letter makes the search case-sensitive.
    (occur "ALPHA")
    (should (equal (occur-tests--listing)
                   "1 match for \"ALPHA\" in buffer: occur-src\n      4:ALPHA end\n"))
    (let ((case-fold-search nil))
      (occur "alpha")
      (should (string-prefix-p "3 matches in 2 lines" (occur-tests--listing))))))

(ert-deftest occur-highlights-matches-and-keeps-the-buffer ()
  (occur-tests--in-source "one two one\n"
    (occur "one")
    (with-current-buffer "*Occur*"
      (goto-char (point-min))
      (forward-line 1)
      (should (eq (get-text-property (+ (point) 8) 'face) 'match))
      (should-not (eq (get-text-property (+ (point) 12) 'face) 'match))
      (should (eq (get-text-property (+ (point) 16) 'face) 'match))
      (should buffer-read-only))
    (should (equal (buffer-string) "one two one\n"))))

(ert-deftest occur-no-match-makes-no-buffer ()
  (occur-tests--in-source "text\n"
    (when (get-buffer "*Occur*") (kill-buffer "*Occur*"))
    (occur "zzz")
    (should-not (get-buffer "*Occur*"))))

(ert-deftest occur-goto-follows-edits ()
  (skip-unless (boundp 'gapmacs-version)) ; Emacs's goto needs a window system here
  (occur-tests--in-source "a\nb target\nc\n"
    (occur "target")
    (goto-char (point-min))
    (insert "new first line\n")
    (with-current-buffer "*Occur*"
      (goto-char (point-min))
      (forward-line 1)
      (occur-mode-goto-occurrence))
    (should (equal (buffer-substring (point) (line-end-position)) "target"))))
