;;; line-commands-tests.el --- flush-lines, keep-lines, sort-lines, delete-trailing-whitespace  -*- lexical-binding: t -*-

;; Each expected value is what GNU Emacs 28 gives (this file passes in both).
(when (boundp 'gapmacs-version) (load "loadup" nil t))

(ert-deftest line-commands-1 ()
  (should (equal (with-temp-buffer (insert "a1\nb2\nc1\nd3\n") (goto-char 1) (list (flush-lines "1") (buffer-string)))
                 '(2 "b2\nd3\n"))))

(ert-deftest line-commands-2 ()
  (should (equal (with-temp-buffer (insert "a1\nb2\nc1\nd3\n") (goto-char 1) (list (keep-lines "1") (buffer-string)))
                 '(nil "a1\nc1\n"))))

(ert-deftest line-commands-3 ()
  (should (equal (with-temp-buffer (insert "a1\nb2\nc1\nd3") (goto-char 1) (list (keep-lines "[bd]") (buffer-string)))
                 '(nil "b2\nd3"))))

(ert-deftest line-commands-4 ()
  (should (equal (with-temp-buffer (insert "x\na1\nb2\nc1\n") (goto-char 2) (list (flush-lines "1") (buffer-string)))
                 '(2 "x\nb2\n"))))

(ert-deftest line-commands-5 ()
  (should (equal (with-temp-buffer (insert "Ab\nab\nAB\n") (goto-char 1) (list (flush-lines "ab") (buffer-string)))
                 '(3 ""))))

(ert-deftest line-commands-6 ()
  (should (equal (with-temp-buffer (insert "Ab\nab\nAB\n") (goto-char 1) (list (flush-lines "Ab") (buffer-string)))
                 '(1 "ab\nAB\n"))))

(ert-deftest line-commands-7 ()
  (should (equal (with-temp-buffer (insert "a\nb\nc\nd\n") (list (keep-lines "") (buffer-string)))
                 '(nil "a\nb\nc\nd\n"))))

(ert-deftest line-commands-8 ()
  (should (equal (with-temp-buffer (insert "foo\nbar\nfoo\nbaz\n") (goto-char 1) (list (keep-lines "ba" 5 13) (buffer-string)))
                 '(nil "foo\nbar\nbaz\n"))))

(ert-deftest line-commands-9 ()
  (should (equal (with-temp-buffer (insert "c\nB\na\nb\n") (sort-lines nil 1 (point-max)) (buffer-string))
                 '"B\na\nb\nc\n")))

(ert-deftest line-commands-10 ()
  (should (equal (with-temp-buffer (insert "c\nB\na\nb") (sort-lines t 1 (point-max)) (buffer-string))
                 '"c\nb\na\nB")))

(ert-deftest line-commands-11 ()
  (should (equal (with-temp-buffer (insert "c\nB\na\nb\n") (let ((sort-fold-case t)) (sort-lines nil 1 (point-max))) (buffer-string))
                 '"a\nB\nb\nc\n")))

(ert-deftest line-commands-12 ()
  (should (equal (with-temp-buffer (insert "a  \nb\11\11\nc \f \nd\15\n\n\n\n") (delete-trailing-whitespace) (buffer-string))
                 '"a\nb\nc \f\nd\n")))

(ert-deftest line-commands-13 ()
  (should (equal (with-temp-buffer (insert "a  \nb  \nc  \n") (delete-trailing-whitespace 1 6) (buffer-string))
                 '"a\nb  \nc  \n")))

(ert-deftest line-commands-14 ()
  (should (equal (with-temp-buffer (insert "abc") (list (buffer-narrowed-p) (progn (narrow-to-region 1 2) (buffer-narrowed-p))))
                 '(nil t))))

(ert-deftest line-commands-15 ()
  (should (equal (with-temp-buffer (insert "hello") (list (delete-and-extract-region 2 4) (buffer-string) (delete-and-extract-region 2 2)))
                 '("el" "hlo" ""))))

