;;; rx-or-tests.el --- rx's or of strings matches the longest, through regexp-opt  -*- lexical-binding: t -*-

;; Each expected value is what GNU Emacs 28 gives (this file passes in both).
;; Needs the editor: regexps (runs in batch mode, not on the language alone).
(when (boundp 'gapmacs-version) (load "loadup" nil t))

(ert-deftest rx-or-1 ()
  (should (equal (progn (require 'rx) (list (rx (or "ab" "a" "abc")) (rx (or "a" "b")) (rx (or "foo" "bar")) (rx (or "a" digit)) (rx (or ?a ?b)) (rx (+ (or "a" "b"))) (rx "x" (or "foo" "bar") "y")))
                 '("\\(?:a\\(?:bc?\\)?\\)" "[ab]" "\\(?:bar\\|foo\\)" "a\\|[[:digit:]]" "[ab]" "[ab]+" "x\\(?:bar\\|foo\\)y"))))

(ert-deftest rx-or-2 ()
  (should (equal (progn (require 'rx) (let ((re (rx bol (or "ab" "a" "abc") eol))) (list (string-match-p re "abc") (string-match-p re "a") (string-match-p re "ab") (string-match-p re "b"))))
                 '(0 0 0 nil))))

(ert-deftest rx-or-3 ()
  (should (equal (progn (require 'rx) (let ((s "abc")) (string-match (rx (or "a" "ab" "abc")) s) (match-string 0 s)))
                 '"abc")))

(ert-deftest rx-or-4 ()
  (should (equal (progn (require 'rx) (list (rx (or "a" "b") (or "c" "d")) (rx (* (or "x" "yz"))) (rx (group (or "if" "else")))))
                 '("[ab][cd]" "\\(?:x\\|yz\\)*" "\\(\\(?:else\\|if\\)\\)"))))
