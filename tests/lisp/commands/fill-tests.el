;;; fill-tests.el --- lisp/fill.el: M-q, fill-region, auto-fill-mode  -*- lexical-binding: t -*-

;; Expected values are GNU Emacs 28's (fundamental mode, default
;; settings); the file also runs there.
(when (boundp 'gapmacs-version) (load "loadup" nil t))

(defun fill-tests--fill (text column &optional pt)
  "Fill the paragraph at PT (1) in TEXT with `fill-column' COLUMN.
Return (RESULT POINT VALUE)."
  (with-temp-buffer
    (setq fill-column column)
    (insert text)
    (goto-char (or pt 1))
    (let ((value (fill-paragraph)))
      (list (buffer-string) (point) value))))

(defun fill-tests--type (text column &optional init)
  "Type TEXT with Auto Fill mode on and `fill-column' COLUMN, after INIT."
  (with-temp-buffer
    (setq fill-column column)
    (auto-fill-mode 1)
    (insert (or init ""))
    (dolist (c (string-to-list text))
      (setq last-command-event c)
      (if (eq c ?\n) (newline) (self-insert-command 1 c)))
    (list (buffer-string) (point))))

(ert-deftest fill-greedy-breaking ()
  (should (equal (fill-tests--fill "aaa bbb ccc ddd eee fff ggg hhh iii jjj kkk" 20)
                 '("aaa bbb ccc ddd eee\nfff ggg hhh iii jjj\nkkk" 1 "")))
  ;; A line may be exactly `fill-column' wide.
  (should (equal (car (fill-tests--fill "aaa bbb ccc ddd eee fff ggg hhh iii jjj kkk" 11))
                 "aaa bbb ccc\nddd eee fff\nggg hhh iii\njjj kkk"))
  (should (equal (car (fill-tests--fill "aaa bbb ccc\nddd\neee fff ggg hhh iii jjj kkk\n" 20))
                 "aaa bbb ccc ddd eee\nfff ggg hhh iii jjj\nkkk\n")))

(ert-deftest fill-whitespace-squeezed-and-trailing-removed ()
  (should (equal (fill-tests--fill "aaa   bbb    ccc\t\tddd   \n" 70)
                 '("aaa bbb ccc ddd\n" 1 "")))
  (should (equal (car (fill-tests--fill "aaa bbb ccc   \nddd   \n" 70)) "aaa bbb ccc ddd\n"))
  (should (equal (car (fill-tests--fill "aaa bbb ccc ddd eee fff ggg hhh iii jjj kkk   " 20))
                 "aaa bbb ccc ddd eee\nfff ggg hhh iii jjj\nkkk")))

(ert-deftest fill-sentence-ends ()
  ;; Two spaces after a sentence end stay two; one stays one; a line end
  ;; after a sentence becomes two spaces.
  (should (equal (car (fill-tests--fill "This is a sentence. This is another one.  And a third. Mr. Smith went to Washington. Yes.\n" 25))
                 "This is a sentence. This\nis another one.  And a\nthird. Mr. Smith went to\nWashington. Yes.\n"))
  (should (equal (car (fill-tests--fill "One two three four five.\nSix seven.\n" 40))
                 "One two three four five.  Six seven.\n"))
  (should (equal (car (fill-tests--fill "Mr.\nSmith is here.\n" 40)) "Mr.  Smith is here.\n"))
  (should (equal (car (fill-tests--fill "aaa bbb? ccc! ddd. eee: fff\nggg.\nhhh\n" 70))
                 "aaa bbb? ccc! ddd. eee: fff ggg.  hhh\n"))
  (should (equal (car (fill-tests--fill "aaa bbb ccc ddd (eee fff) \"ggg.\"  hhh iii.) jjj\n" 20))
                 "aaa bbb ccc ddd (eee\nfff) \"ggg.\"  hhh\niii.) jjj\n"))
  ;; A tab after a period counts as one space.
  (should (equal (car (fill-tests--fill "aaa e.g.\tbbb\n" 70)) "aaa e.g. bbb\n")))

(ert-deftest fill-no-break-after-single-spaced-period ()
  (should (equal (car (fill-tests--fill "a b c d e f Mr. Smith x y z. The end is near now.\n" 16))
                 "a b c d e f\nMr. Smith x y\nz. The end is\nnear now.\n"))
  (should (equal (car (fill-tests--fill "a b c d e f Mr. Smith x y z. The end is near now.\n" 15))
                 "a b c d e f\nMr. Smith x y\nz. The end is\nnear now.\n"))
  (let ((sentence-end-double-space nil))
    (should (equal (car (fill-tests--fill "a b c d e f Mr. Smith x y.\nThe end.\n" 16))
                   "a b c d e f Mr.\nSmith x y. The\nend.\n"))))

(ert-deftest fill-long-words ()
  (should (equal (car (fill-tests--fill "aa supercalifragilisticexpialidocious bb\n" 10))
                 "aa\nsupercalifragilisticexpialidocious\nbb\n"))
  (should (equal (car (fill-tests--fill "supercalifragilisticexpialidocious\n" 10))
                 "supercalifragilisticexpialidocious\n"))
  (should (equal (car (fill-tests--fill "short\nsupercalifragilisticexpialidocious word here and there\n" 10))
                 "short\nsupercalifragilisticexpialidocious\nword here\nand there\n")))

(ert-deftest fill-indentation-prefix ()
  (should (equal (fill-tests--fill "  aaa bbb ccc ddd eee fff ggg hhh iii jjj kkk\n" 20)
                 '("  aaa bbb ccc ddd\n  eee fff ggg hhh\n  iii jjj kkk\n" 1 "  ")))
  ;; The second line's indentation is the prefix.
  (should (equal (fill-tests--fill "  aaa bbb ccc ddd eee fff\n    ggg hhh iii jjj kkk\n" 20)
                 '("  aaa bbb ccc ddd\n    eee fff ggg hhh\n    iii jjj kkk\n" 1 "    ")))
  (should (equal (fill-tests--fill "aaa bbb ccc ddd eee fff\n  ggg hhh iii jjj kkk\n" 20)
                 '("aaa bbb ccc ddd eee\n  fff ggg hhh iii\n  jjj kkk\n" 1 "  ")))
  (should (equal (fill-tests--fill "\tTabbed aaa bbb ccc ddd eee fff ggg hhh\n" 30)
                 '("\tTabbed aaa bbb ccc ddd\n\teee fff ggg hhh\n" 1 "\t"))))

(ert-deftest fill-comment-and-quote-prefixes ()
  (should (equal (fill-tests--fill ";; aaa bbb ccc ddd eee fff\n;; ggg hhh iii jjj kkk\n" 20)
                 '(";; aaa bbb ccc ddd\n;; eee fff ggg hhh\n;; iii jjj kkk\n" 1 ";; ")))
  (should (equal (fill-tests--fill "> aaa bbb ccc ddd eee fff\n> ggg hhh iii jjj kkk\n" 20)
                 '("> aaa bbb ccc ddd\n> eee fff ggg hhh\n> iii jjj kkk\n" 1 "> ")))
  (should (equal (fill-tests--fill "# aaa bbb ccc ddd eee fff\n# ggg hhh iii jjj kkk\n" 20)
                 '("# aaa bbb ccc ddd\n# eee fff ggg hhh\n# iii jjj kkk\n" 1 "# ")))
  (should (equal (fill-tests--fill "- aaa bbb ccc ddd eee fff\n  ggg hhh iii jjj kkk\n" 20)
                 '("- aaa bbb ccc ddd\n  eee fff ggg hhh\n  iii jjj kkk\n" 1 "  ")))
  ;; A one-line paragraph's non-blank prefix becomes spaces.
  (should (equal (fill-tests--fill ";; aaa bbb ccc ddd eee fff ggg hhh iii jjj kkk\n" 20)
                 '(";; aaa bbb ccc ddd\n   eee fff ggg hhh\n   iii jjj kkk\n" 1 "   ")))
  (should (equal (fill-tests--fill "> aaa bbb ccc ddd eee fff ggg hhh iii jjj kkk\n" 20)
                 '("> aaa bbb ccc ddd\n  eee fff ggg hhh\n  iii jjj kkk\n" 1 "  ")))
  ;; The second line's prefix wins when the first line starts with it.
  (should (equal (fill-tests--fill ";;; aaa bbb ccc ddd eee fff\n;; ggg hhh iii jjj kkk\n" 20)
                 '(";;; aaa bbb ccc ddd\n;; eee fff ggg hhh\n;; iii jjj kkk\n" 1 ";; ")))
  (should (equal (fill-tests--fill "#  aaa bbb ccc ddd eee fff\n# ggg hhh iii jjj kkk\n" 20)
                 '("#  aaa bbb ccc ddd\n# eee fff ggg hhh\n# iii jjj kkk\n" 1 "# ")))
  ;; Otherwise their common start, or no prefix.
  (should (equal (fill-tests--fill "; aaa bbb\n;; ddd eee fff ggg hhh iii jjj kkk\n" 20)
                 '("; aaa bbb ; ddd eee\n;fff ggg hhh iii jjj\n;kkk\n" 1 ";")))
  (should (equal (fill-tests--fill "aaa bbb ccc\n;; ddd eee fff ggg hhh iii jjj kkk\n" 20)
                 '("aaa bbb ccc ;; ddd\neee fff ggg hhh iii\njjj kkk\n" 1 nil)))
  ;; A line of just the prefix joins the paragraph.
  (should (equal (car (fill-tests--fill ";; aaa bbb ccc ddd eee fff\n;; ggg hhh\n;;\n;; iii jjj kkk\n" 20))
                 ";; aaa bbb ccc ddd\n;; eee fff ggg hhh\n;; iii jjj kkk\n")))

(ert-deftest fill-paragraph-choice ()
  (let ((text "\n\nfirst para one two three four five six\n\n\nsecond para seven eight nine ten eleven\n\n"))
    ;; Before the first paragraph: that one.
    (should (equal (fill-tests--fill text 20 1)
                   '("\n\nfirst para one two\nthree four five six\n\n\nsecond para seven eight nine ten eleven\n\n" 1 "")))
    ;; Between two paragraphs: the next one.
    (should (equal (fill-tests--fill text 20 42)
                   '("\n\nfirst para one two three four five six\n\n\nsecond para seven\neight nine ten\neleven\n\n" 42 "")))
    ;; At the end of a paragraph's last line: that one.
    (should (equal (car (fill-tests--fill text 20 83))
                   "\n\nfirst para one two three four five six\n\n\nsecond para seven\neight nine ten\neleven\n\n"))
    ;; After the last paragraph: nothing.
    (should (equal (fill-tests--fill text 20 84) (list text 84 "")))))

(ert-deftest fill-keeps-point-on-its-text ()
  (should (equal (cdr (fill-tests--fill "aaa bbb ccc ddd eee fff ggg hhh iii jjj kkk" 20 21)) '(21 "")))
  (should (equal (cdr (fill-tests--fill "aaa  bbb ccc ddd eee fff ggg hhh iii jjj kkk" 20 5)) '(5 "")))
  (should (equal (fill-tests--fill "  aaa\n  bbb ccc ddd eee fff ggg hhh iii jjj kkk\n" 20 12)
                 '("  aaa bbb ccc ddd\n  eee fff ggg hhh\n  iii jjj kkk\n" 10 "  ")))
  (should (equal (cdr (fill-tests--fill "aaa bbb ccc ddd eee fff ggg hhh iii jjj kkk   " 20 47)) '(44 ""))))

(ert-deftest fill-region-paragraphs ()
  (let ((text "aaa bbb ccc ddd eee fff ggg\nhhh\n\niii jjj kkk lll mmm nnn ooo ppp\nqqq\n\nrrr sss ttt uuu vvv www xxx\n"))
    (with-temp-buffer
      (setq fill-column 10)
      (insert text)
      (fill-region 1 (point-max))
      (should (equal (buffer-string)
                     "aaa bbb\nccc ddd\neee fff\nggg hhh\n\niii jjj\nkkk lll\nmmm nnn\nooo ppp\nqqq\n\nrrr sss\nttt uuu\nvvv www\nxxx\n")))
    ;; Only the paragraphs the region touches.
    (with-temp-buffer
      (setq fill-column 10)
      (insert text)
      (fill-region 1 30)
      (should (equal (buffer-string)
                     "aaa bbb\nccc ddd\neee fff\nggg hhh\n\niii jjj kkk lll mmm nnn ooo ppp\nqqq\n\nrrr sss ttt uuu vvv www xxx\n")))))

(ert-deftest fill-paragraph-active-region ()
  (with-temp-buffer
    (setq fill-column 10)
    (insert "aaa bbb ccc ddd eee fff ggg\nhhh\n\niii jjj kkk lll mmm nnn ooo ppp\nqqq\n\nrrr sss ttt\n")
    (let ((transient-mark-mode t))
      (goto-char 1)
      (set-mark 69)
      (call-interactively 'fill-paragraph)
      (should (equal (buffer-string)
                     "aaa bbb\nccc ddd\neee fff\nggg hhh\n\niii jjj\nkkk lll\nmmm nnn\nooo ppp\nqqq\n\nrrr sss ttt\n")))))

(ert-deftest fill-auto-fill ()
  ;; SPC past `fill-column' breaks the line; text ending at it does not.
  (should (equal (fill-tests--type "aaa bbb cc dd " 10) '("aaa bbb cc\ndd " 15)))
  (should (equal (fill-tests--type "aaa bbb ccc dd " 10) '("aaa bbb\nccc dd " 16)))
  ;; RET fills the line before breaking it.
  (should (equal (fill-tests--type "aaa bbb cc\n" 10) '("aaa bbb cc\n" 12)))
  (should (equal (fill-tests--type "aaa bbb cccc\n" 10) '("aaa bbb\ncccc\n" 14)))
  (should (equal (fill-tests--type "aaa bbb ccc ddd eee fff ggg hhh " 10 ";; ")
                 '(";; aaa bbb\n   ccc ddd\n   eee fff\n   ggg hhh " 45)))
  (should (equal (fill-tests--type "aaa bbb ccc ddd eee fff ggg hhh " 10 "  ")
                 '("  aaa bbb\n  ccc ddd\n  eee fff\n  ggg hhh " 41)))
  (should (equal (fill-tests--type "aaaaaaaaaaaaaaaa bbb " 10) '("aaaaaaaaaaaaaaaa\nbbb " 22)))
  (should (equal (fill-tests--type "aa Mr. Smith xx " 8) '("aa\nMr. Smith\nxx " 17))))

(ert-deftest fill-auto-fill-in-lisp-comments ()
  ;; In a comment the new lines continue the comment.
  (with-temp-buffer
    (emacs-lisp-mode)
    (setq fill-column 12)
    (auto-fill-mode 1)
    (insert "(defun foo ()\n  ;; ")
    (dolist (c (string-to-list "aaa bbb ccc ddd eee fff ggg hhh "))
      (self-insert-command 1 c))
    (should (equal (buffer-string)
                   "(defun foo ()\n  ;; aaa bbb\n  ;; ccc ddd\n  ;; eee fff\n  ;; ggg hhh "))))

(ert-deftest fill-auto-fill-mode-toggles ()
  (with-temp-buffer
    (should-not auto-fill-function)
    (auto-fill-mode 1)
    (should auto-fill-function)
    (auto-fill-mode 'toggle)
    (should-not auto-fill-function)
    (auto-fill-mode 1)
    (auto-fill-mode -1)
    (should-not auto-fill-function)))

(defun fill-tests--lisp (text pt)
  (with-temp-buffer
    (emacs-lisp-mode)
    (setq fill-column 30)
    (insert text)
    (goto-char pt)
    (list (fill-paragraph) (buffer-string))))

(ert-deftest fill-lisp-comments-apart-from-code ()
  ;; Code is left alone.
  (should (equal (fill-tests--lisp "(defun foo ()\n  (bar)\n  (baz))\n" 5)
                 '("" "(defun foo ()\n  (bar)\n  (baz))\n")))
  ;; A comment is filled without the code after it.
  (should (equal (fill-tests--lisp ";; aaa bbb ccc ddd eee fff ggg hhh iii\n;; jjj\n(defun foo ()\n  (bar))\n" 5)
                 '(";; " ";; aaa bbb ccc ddd eee fff ggg\n;; hhh iii jjj\n(defun foo ()\n  (bar))\n")))
  (should (equal (fill-tests--lisp "(defun foo ()\n  ;; aaa bbb ccc ddd eee fff ggg hhh iii\n  ;; jjj kkk lll\n  (bar))\n" 20)
                 '("  ;; " "(defun foo ()\n  ;; aaa bbb ccc ddd eee fff\n  ;; ggg hhh iii jjj kkk lll\n  (bar))\n")))
  ;; An empty comment line separates comment paragraphs.
  (should (equal (fill-tests--lisp ";; aaa bbb ccc ddd eee fff ggg hhh iii\n;;\n;; jjj kkk lll mmm nnn ooo ppp qqq rrr\n" 5)
                 '(";; " ";; aaa bbb ccc ddd eee fff ggg\n;; hhh iii\n;;\n;; jjj kkk lll mmm nnn ooo ppp qqq rrr\n")))
  (should (equal (fill-tests--lisp ";;; aaa bbb ccc ddd eee fff ggg hhh iii jjj kkk\n" 5)
                 '(";;; " ";;; aaa bbb ccc ddd eee fff\n;;; ggg hhh iii jjj kkk\n"))))

(ert-deftest fill-keys ()
  (should (eq (key-binding (kbd "M-q")) 'fill-paragraph))
  (should (eq (key-binding (kbd "C-x f")) 'set-fill-column)))

;;; fill-tests.el ends here
