;;; words-tests.el --- word motion, skip-chars, skip-syntax -*- lexical-binding: t -*-

;; Expected values are what GNU Emacs 28 gives (emacs --batch -Q), except
;; the ICU segmentation tests, which are gapmacs-only.

(require 'ert)

(defun wt-stops (s)
  "Positions forward-word stops at from the start of S, and backward-word from its end."
  (with-temp-buffer
    (insert s)
    (goto-char 1)
    (let (f b)
      (while (forward-word) (push (point) f))
      (push (list 'end (point)) f)
      (goto-char (point-max))
      (while (backward-word) (push (point) b))
      (list (nreverse f) (nreverse b)))))

(ert-deftest words-sentences ()
  (should (equal (wt-stops "Hello, world! It's 3.14 e.g. foo_bar x-y")
                 '((6 13 17 19 21 24 26 28 33 37 39 41 (end 41))
                   (40 38 34 30 27 25 22 20 18 15 8 1))))
  (should (equal (wt-stops "  don't stop  ") '((6 8 13 (end 15)) (9 7 3))))
  (should (equal (wt-stops "naïve café Ünïcödé") '((6 11 19 (end 19)) (12 7 1))))
  (should (equal (wt-stops "abc123 def$ghi %jkl") '((7 15 20 (end 20)) (16 8 1))))
  (should (equal (wt-stops "Привет мир") '((7 11 (end 11)) (8 1))))
  (should (equal (wt-stops "a\u0301b c") '((4 6 (end 6)) (5 1))))
  (should (equal (wt-stops "€uro 5€ ½x") '((5 7 11 (end 11)) (10 6 2))))
  (should (equal (wt-stops "") '(((end 1)) nil)))
  (should (equal (wt-stops " ;; ") '(((end 5)) nil))))

(ert-deftest words-counts-and-limits ()
  (with-temp-buffer
    (insert "one two three")
    (goto-char 1)
    (should (equal (list (forward-word 2) (point) (forward-word 5) (point)
                         (backward-word -1) (point) (forward-word -2) (point)
                         (forward-word 0) (point))
                   '(t 8 nil 14 nil 14 t 5 t 5))))
  (with-temp-buffer
    (insert "one two three")
    (narrow-to-region 3 9)
    (goto-char 3)
    (should (equal (list (forward-word 5) (point) (backward-word 5) (point))
                   '(nil 9 nil 3)))))

(ert-deftest words-icu-segmentation ()
  ;; gapmacs segments scripts written without spaces with ICU's dictionaries
  ;; (Emacs: 日本語の|テキストです, and one word for a Thai run).
  (skip-unless (boundp 'gapmacs-version))
  (should (equal (wt-stops "日本語のテキストです") '((4 5 9 11 (end 11)) (9 5 4 1))))
  (should (equal (wt-stops "สวัสดีครับ") '((7 11 (end 11)) (7 1))))
  (should (equal (wt-stops "abc日本") '((4 6 (end 6)) (4 1)))))

(ert-deftest words-long-run ()
  ;; Longer than one chunk of text.
  (with-temp-buffer
    (insert (make-string 10000 ?a) " b")
    (goto-char 1)
    (should (forward-word))
    (should (= (point) 10001))
    (goto-char 10001)
    (should (backward-word))
    (should (= (point) 1))
    (goto-char (point-max))
    (should (backward-word 2))
    (should (= (point) 1))))

(ert-deftest words-skip-chars ()
  (with-temp-buffer
    (insert "  abc123 DEF-ghi;;  xyz")
    (goto-char 1)
    (should (equal (list (skip-chars-forward " ") (point)
                         (skip-chars-forward "a-z0-9") (point)
                         (skip-chars-forward "^-") (point)
                         (skip-chars-forward "-a-z") (point)
                         (skip-chars-forward "[:punct:]") (point)
                         (skip-chars-forward "[:space:]" 20) (point)
                         (skip-chars-backward "^ ") (point)
                         (progn (goto-char (point-max)) (skip-chars-backward "a-z")) (point)
                         (skip-chars-backward " ;" 18) (point)
                         (skip-chars-forward "\\^x") (point))
                   '(2 3 6 9 4 13 4 17 2 19 1 20 0 20 -3 21 -3 18 0 18))))
  (should (equal (condition-case e (skip-chars-forward "[:foo:]") (error e))
                 '(error "Invalid ISO C character class")))
  (with-temp-buffer
    (insert "hello")
    (narrow-to-region 2 4)
    (goto-char 2)
    (should (equal (list (skip-chars-forward "a-z") (point) (skip-chars-backward "a-z" 1) (point)
                         (skip-chars-forward "a-z" 100) (point))
                   '(2 4 -2 2 2 4))))
  (with-temp-buffer
    (insert "x^y")
    (goto-char 1)
    (should (equal (list (skip-chars-forward "x^") (point)) '(2 3)))))

(ert-deftest words-skip-syntax ()
  (with-temp-buffer
    (insert "  abc123 DEF-ghi;;  xyz")
    (goto-char 1)
    (should (equal (list (skip-syntax-forward " ") (point)
                         (skip-syntax-forward "w") (point)
                         (skip-syntax-forward "^ ") (point)
                         (skip-syntax-backward "w_") (point)
                         (skip-syntax-forward "w_") (point)
                         (progn (goto-char (point-max)) (skip-syntax-backward "^-")) (point)
                         (skip-chars-forward "z-a") (point))
                   '(2 3 6 9 0 9 -6 3 6 9 -3 21 0 21)))))

(ert-deftest words-char-syntax ()
  (with-temp-buffer
    (should (equal (mapconcat (lambda (c) (string (char-syntax c))) "a Z9$%_-+'.,()[]{}\"\\;\n\t" "")
                   "w wwww___...()()()\"\\.  "))
    (should (equal (mapconcat (lambda (c) (string (char-syntax c))) "éß€→½。「" "")
                   "ww___.("))))

;;; words-tests.el ends here

(ert-deftest skip-chars-ascii-sets-over-multibyte-text ()
  ;; ASCII-only sets take a byte scan in gapmacs: results must not change.
  (with-temp-buffer
    (insert "abc  déf\tghi\nxyz")
    (goto-char 1)
    (should (equal (list (skip-chars-forward "a-z") (point) (skip-chars-forward " ") (point)
                         (skip-chars-forward "^\t") (point)
                         (skip-chars-backward "^ ") (point) (skip-chars-backward "a-z ") (point)
                         (progn (goto-char (point-max)) (skip-chars-backward "^\001-\037")) (point)
                         (progn (goto-char 1) (skip-chars-forward "^\001-\037\177")) (point)
                         (progn (goto-char 1) (skip-chars-forward "a-zé ")) (point)
                         (progn (goto-char 1) (skip-chars-forward "^é")) (point)
                         (progn (goto-char 3) (skip-chars-forward "^\t" 6)) (point))
                   '(3 4 2 6 3 9 -3 6 -5 1 -3 14 8 9 8 9 6 7 3 6)))))
