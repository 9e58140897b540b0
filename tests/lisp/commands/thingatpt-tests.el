;;; thingatpt-tests.el --- thing-at-point  -*- lexical-binding: t -*-

;; Each expected value is what GNU Emacs 28 gives (this file passes in both).
(when (boundp 'gapmacs-version) (load "loadup" nil t))
(require 'thingatpt)

(ert-deftest thingatpt-1 ()
  (should (equal (with-temp-buffer (insert "foo-bar baz") (goto-char 3) (list (thing-at-point 'symbol t) (thing-at-point 'word t) (bounds-of-thing-at-point 'symbol)))
                 '("foo-bar" "foo" (1 . 8)))))

(ert-deftest thingatpt-2 ()
  (should (equal (with-temp-buffer (insert "foo-bar baz") (goto-char 8) (list (thing-at-point 'symbol t) (thing-at-point 'word t)))
                 '("foo-bar" "bar"))))

(ert-deftest thingatpt-3 ()
  (should (equal (with-temp-buffer (insert "foo   baz") (goto-char 5) (list (thing-at-point 'symbol t) (thing-at-point 'whitespace t)))
                 '(nil "   "))))

(ert-deftest thingatpt-4 ()
  (should (equal (with-temp-buffer (insert "line one\nline two\n") (goto-char 12) (list (thing-at-point 'line t) (bounds-of-thing-at-point 'line)))
                 '("line two\n" (10 . 19)))))

(ert-deftest thingatpt-5 ()
  (should (equal (with-temp-buffer (insert "line one\nline two") (goto-char 12) (thing-at-point 'line t))
                 '"line two")))

(ert-deftest thingatpt-6 ()
  (should (equal (with-temp-buffer (insert "x = -12.5;") (goto-char 7) (thing-at-point 'number))
                 '-12.5)))

(ert-deftest thingatpt-7 ()
  (should (equal (with-temp-buffer (insert "x = 0x1F;") (goto-char 7) (number-at-point))
                 '31)))

(ert-deftest thingatpt-8 ()
  (should (equal (with-temp-buffer (insert "abc") (goto-char 2) (number-at-point))
                 'nil)))

(ert-deftest thingatpt-9 ()
  (should (equal (with-temp-buffer (insert "see /usr/share/doc/foo.txt, then") (goto-char 10) (thing-at-point 'filename t))
                 '"/usr/share/doc/foo.txt,")))

(ert-deftest thingatpt-10 ()
  (should (equal (with-temp-buffer (insert "go to https://example.com/a?b=1. now") (goto-char 12) (thing-at-point 'url t))
                 '"https://example.com/a?b=1")))

(ert-deftest thingatpt-11 ()
  (should (equal (with-temp-buffer (insert "mail bob@example.org now") (goto-char 8) (thing-at-point 'email t))
                 '"bob@example.org")))

(ert-deftest thingatpt-12 ()
  (should (equal (with-temp-buffer (insert "(a (b c) d)") (goto-char 5) (thing-at-point 'sexp t))
                 '"b")))

(ert-deftest thingatpt-13 ()
  (should (equal (with-temp-buffer (insert "(a (b c) d)") (goto-char 4) (thing-at-point 'sexp t))
                 '"(b c)")))

(ert-deftest thingatpt-14 ()
  (should (equal (with-temp-buffer (insert "(setq x 1)") (goto-char 3) (list (symbol-at-point) (sexp-at-point)))
                 '(setq setq))))

(ert-deftest thingatpt-15 ()
  (should (equal (with-temp-buffer (insert "  ") (goto-char 2) (thing-at-point 'symbol))
                 'nil)))

(ert-deftest thingatpt-16 ()
  (should (equal (with-temp-buffer (insert "word") (goto-char 5) (thing-at-point 'word t))
                 '"word")))

(ert-deftest thingatpt-17 ()
  (should (equal (with-temp-buffer (insert "foo bar") (goto-char 5) (forward-symbol 1) (point))
                 '8)))

(ert-deftest thingatpt-18 ()
  (should (equal (with-temp-buffer (insert "foo bar") (goto-char 6) (forward-symbol -1) (point))
                 '5)))

(ert-deftest thingatpt-19 ()
  (should (equal (with-temp-buffer (insert "foo bar") (goto-char 2) (beginning-of-thing 'word) (point))
                 '1)))

(ert-deftest thingatpt-20 ()
  (should (equal (progn (put 'my-digits 'bounds-of-thing-at-point (lambda nil (save-excursion (skip-chars-backward "0-9") (let ((b (point))) (skip-chars-forward "0-9") (and (< b (point)) (cons b (point))))))) (with-temp-buffer (insert "ab123cd") (goto-char 4) (thing-at-point 'my-digits t)))
                 '"123")))


(ert-deftest thingatpt-find-file-at-point-guesses ()
  ;; ffap (M-x ffap, find-file-at-point) guesses a file name or a URL from
  ;; the text at point, through thing-at-point's URL functions.
  (require 'ffap)
  (with-temp-buffer
    (insert "see /etc/hostname and https://gnu.org/ now")
    (goto-char 7)
    (should (equal (ffap-guesser) "/etc/hostname"))
    (goto-char 30)
    (should (equal (ffap-guesser) "https://gnu.org/"))))
