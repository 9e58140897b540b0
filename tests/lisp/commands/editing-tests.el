;;; editing-tests.el --- sentences, indentation, comments, sexp kills, repeat  -*- lexical-binding: t -*-

;; Expected values are GNU Emacs 28's: this file passes in both.
(when (boundp 'gapmacs-version) (load "loadup" nil t))

(defun editing-tests--point-after (text pos fn &optional n)
  (with-temp-buffer (insert text) (goto-char pos) (funcall fn n) (point)))

(ert-deftest editing-sentences-forward-and-backward ()
  (let ((text "First one.  Second sentence here.  Third.\n\nNew para. Mr. Smith went.  End!\n"))
    ;; Single-spaced periods ("para. Mr.") do not end a sentence.
    (should (equal (mapcar (lambda (c) (apply #'editing-tests--point-after text c))
                           '((1 forward-sentence) (5 forward-sentence 2) (14 forward-sentence)
                             (14 backward-sentence) (13 backward-sentence) (30 backward-sentence)
                             (45 forward-sentence) (47 forward-sentence) (75 backward-sentence)
                             (60 backward-sentence) (44 backward-sentence) (42 forward-sentence)
                             (80 backward-sentence 2)))
                   '(11 34 34 13 1 13 69 69 71 44 36 69 44)))
    (let ((sentence-end-double-space nil))
      (should (= (editing-tests--point-after text 45 'forward-sentence) 53)))))

(ert-deftest editing-kill-sentence ()
  (with-temp-buffer
    (insert "One.  Two words.  Three.")
    (goto-char 7)
    (kill-sentence 1)
    (should (equal (buffer-string) "One.    Three."))
    (should (equal (car kill-ring) "Two words."))))

(ert-deftest editing-indent-rigidly-and-indent-to ()
  (with-temp-buffer
    (insert "a\n  b\n\n\tc\n    \nd")
    (indent-rigidly 1 (point-max) 3)
    (should (equal (buffer-string) "   a\n     b\n\n\t   c\n\n   d"))
    (indent-rigidly 1 (point-max) -4)
    (should (equal (buffer-string) "a\n b\n\n       c\n\nd"))
    (goto-char 1) (insert "x") (indent-to 13)
    (should (equal (buffer-substring 1 (line-end-position)) "x\t     a"))
    (should (= (current-indentation) 0))
    (let ((indent-tabs-mode nil))
      (goto-char (point-max)) (indent-to 5 2)
      (should (equal (buffer-substring (line-beginning-position) (point)) "d    ")))
    (indent-line-to 9)
    (should (equal (buffer-substring (line-beginning-position) (point)) "\t "))
    (should (= (current-column) 9))))

(ert-deftest editing-comments-in-lisp ()
  (with-temp-buffer
    (emacs-lisp-mode)
    (insert "(defun f ()\n  (foo)\n\n  (bar \"x;y\"))\n")
    (comment-region 1 (point-max))
    (should (equal (buffer-string) ";; (defun f ()\n;;   (foo)\n\n;;   (bar \"x;y\"))\n"))
    (uncomment-region 1 (point-max))
    (should (equal (buffer-string) "(defun f ()\n  (foo)\n\n  (bar \"x;y\"))\n"))
    (goto-char 1) (end-of-line) (comment-dwim nil) (insert "hi")
    (should (equal (buffer-substring 1 (line-end-position)) "(defun f ()\t\t\t\t;hi"))
    ;; The semicolon inside the string is not a comment.
    (goto-char (point-min)) (forward-line 3) (comment-dwim nil) (insert "c")
    (should (equal (buffer-substring (line-beginning-position) (line-end-position))
                   "  (bar \"x;y\"))\t\t\t\t;c"))
    (goto-char (point-min)) (forward-line 2) (comment-dwim nil) (insert "blank")
    (should (equal (buffer-substring (line-beginning-position) (line-end-position)) "  ;; blank"))
    ;; On a line with a comment, M-; goes to the comment's text.
    (goto-char 1) (comment-dwim nil)
    (should (= (point) 17))))

(ert-deftest editing-comment-without-syntax-is-an-error ()
  (with-temp-buffer
    (fundamental-mode)
    (insert "text")
    (should-error (comment-dwim nil))
    (should (equal (buffer-string) "text"))))

(ert-deftest editing-kill-sexp ()
  (with-temp-buffer
    (emacs-lisp-mode)
    (insert "(a (b c) d)")
    (goto-char 4)
    (kill-sexp 1)
    (should (equal (buffer-string) "(a  d)"))
    (should (equal (car kill-ring) "(b c)"))
    (goto-char 6)
    (backward-kill-sexp 1)
    (should (equal (buffer-string) "(a  )"))))

(ert-deftest editing-narrow-to-page ()
  (with-temp-buffer
    (insert "page one\nmore\n\fpage two\nline\n\fpage three\n")
    (let (seen)
      (dolist (pos '(1 5 15 20 28 35 40))
        (goto-char pos)
        (narrow-to-page)
        (push (buffer-string) seen)
        (widen))
      (should (equal (nreverse seen)
                     '("page one\nmore\n" "page one\nmore\n" "page two\nline\n" "page two\nline\n"
                       "page two\nline\n" "page three\n" "page three\n"))))
    (goto-char 20)
    (narrow-to-page 1)
    (should (equal (buffer-string) "page three\n"))
    (widen)
    (goto-char 20)
    (narrow-to-page -1)
    (should (equal (buffer-string) "page one\nmore\n"))))
