;;; syntax-tests.el --- syntax tables and syntactic scanning  -*- lexical-binding: t -*-

;; Each expected value is what GNU Emacs 28 gives (this file passes in both).
(when (boundp 'gapmacs-version) (load "loadup" nil t))

(ert-deftest syntax-1 ()
  (should (equal (with-temp-buffer (list (aref (standard-syntax-table) ?a) (aref (standard-syntax-table) ?Z) (aref (standard-syntax-table) ?5) (aref (standard-syntax-table) ?_) (aref (standard-syntax-table) ?-)))
                 '((2) (2) (2) (3) (3)))))

(ert-deftest syntax-2 ()
  (should (equal (with-temp-buffer (list (aref (standard-syntax-table) ?\() (aref (standard-syntax-table) ?\)) (aref (standard-syntax-table) ?\[) (aref (standard-syntax-table) ?\]) (aref (standard-syntax-table) ?{) (aref (standard-syntax-table) ?})))
                 '((4 . 41) (5 . 40) (4 . 93) (5 . 91) (4 . 125) (5 . 123)))))

(ert-deftest syntax-3 ()
  (should (equal (with-temp-buffer (list (aref (standard-syntax-table) ?\") (aref (standard-syntax-table) ?\\) (aref (standard-syntax-table) ?\s) (aref (standard-syntax-table) ?\n) (aref (standard-syntax-table) ?\t)))
                 '((7) (9) (0) (0) (0)))))

(ert-deftest syntax-4 ()
  (should (equal (with-temp-buffer (list (aref (standard-syntax-table) ?') (aref (standard-syntax-table) ?\;) (aref (standard-syntax-table) ?.) (aref (standard-syntax-table) ?,) (aref (standard-syntax-table) ?$) (aref (standard-syntax-table) ?é)))
                 '((1) (1) (1) (1) (2) (2)))))

(ert-deftest syntax-5 ()
  (should (equal (with-temp-buffer (mapcar #'char-syntax "aZ09_-+*/()[]{}\"\\ \n\t';.,$#@!?`|<>=&%^~"))
                 '(119 119 119 119 95 95 95 95 95 40 41 40 41 40 41 34 92 32 32 32 46 46 46 46 119 46 46 46 46 46 95 95 95 95 95 119 46 46))))

(ert-deftest syntax-6 ()
  (should (equal (with-temp-buffer (list (char-syntax ?é) (char-syntax ?α) (char-syntax ?中) (char-syntax ?\C-a) (char-syntax 127)))
                 '(119 119 119 46 46))))

(ert-deftest syntax-7 ()
  (should (equal (mapcar #'string-to-syntax '("w" "_" "." " " "-" "()" ")(" "(]" "\"" "\\" "/" "$" "'" "<" ">" "!" "|" "@"))
                 '((2) (3) (1) (0) (0) (4 . 41) (5 . 40) (4 . 93) (7) (9) (10) (8) (6) (11) (12) (14) (15) nil))))

(ert-deftest syntax-8 ()
  (should (equal (mapcar #'string-to-syntax '(". 12" ". 124b" ". 23" "< b" "> b" "w p" ". 1n" "< c" ". 14" "_ p"))
                 '((196609) (2818049) (393217) (2097163) (2097164) (1048578) (4259841) (8388619) (589825) (1048579)))))

(ert-deftest syntax-9 ()
  (should (equal (mapcar #'syntax-class-to-char (number-sequence 0 15))
                 '(32 46 119 95 40 41 39 34 36 92 47 60 62 64 33 124))))

(ert-deftest syntax-10 ()
  (should (equal (list (syntax-table-p (standard-syntax-table)) (syntax-table-p (make-syntax-table)) (syntax-table-p (make-char-table 'foo)) (syntax-table-p (make-vector 3 nil)) (syntax-table-p nil))
                 '(t t nil nil nil))))

(ert-deftest syntax-11 ()
  (should (equal (with-temp-buffer (list (matching-paren ?\() (matching-paren ?\)) (matching-paren ?\[) (matching-paren ?\]) (matching-paren ?{) (matching-paren ?}) (matching-paren ?a) (matching-paren ?\")))
                 '(41 40 93 91 125 123 nil nil))))

(ert-deftest syntax-12 ()
  (should (equal (with-temp-buffer (list (eq (syntax-table) (standard-syntax-table)) (char-table-subtype (syntax-table)) (eq (char-table-parent (make-syntax-table)) (standard-syntax-table)) (char-table-parent (standard-syntax-table))))
                 '(t syntax-table t nil))))

(ert-deftest syntax-13 ()
  (should (equal (let ((st (make-syntax-table))) (list (aref st ?a) (aref st ?\() (char-table-range st nil)))
                 '((2) (4 . 41) nil))))

(ert-deftest syntax-14 ()
  (should (equal (let ((st (make-syntax-table))) (modify-syntax-entry ?_ "w" st) (modify-syntax-entry ?a "." st) (list (aref st ?_) (aref st ?a) (aref st ?b) (aref (standard-syntax-table) ?_) (aref (standard-syntax-table) ?a)))
                 '((2) (1) (2) (3) (2)))))

(ert-deftest syntax-15 ()
  (should (equal (let ((st (make-syntax-table))) (modify-syntax-entry '(?0 . ?9) "_" st) (list (aref st ?/) (aref st ?0) (aref st ?5) (aref st ?9) (aref st ?:)))
                 '((3) (3) (3) (3) (1)))))

(ert-deftest syntax-16 ()
  (should (equal (let ((st (make-syntax-table))) (modify-syntax-entry ?< "(>" st) (modify-syntax-entry ?> ")<" st) (list (aref st ?<) (aref st ?>) (with-temp-buffer (with-syntax-table st (list (matching-paren ?<) (matching-paren ?>) (char-syntax ?<))))))
                 '((4 . 62) (5 . 60) (62 60 40)))))

(ert-deftest syntax-17 ()
  (should (equal (let ((st (make-syntax-table))) (modify-syntax-entry ?- "w" st) (with-temp-buffer (list (char-syntax ?-) (with-syntax-table st (char-syntax ?-)) (char-syntax ?-))))
                 '(95 119 95))))

(ert-deftest syntax-18 ()
  (should (equal (let ((st (make-syntax-table))) (modify-syntax-entry ?- "w" st) (with-temp-buffer (insert "foo-bar baz") (goto-char 1) (let ((a (progn (forward-word 1) (point)))) (goto-char 1) (with-syntax-table st (forward-word 1)) (list a (point)))))
                 '(4 8))))

(ert-deftest syntax-19 ()
  (should (equal (with-temp-buffer (set-syntax-table (make-syntax-table)) (modify-syntax-entry ?- "w") (insert "foo-bar baz") (goto-char 1) (forward-word 1) (list (point) (char-syntax ?-) (aref (standard-syntax-table) ?-) (eq (syntax-table) (standard-syntax-table))))
                 '(8 119 (3) nil))))

(ert-deftest syntax-20 ()
  (should (equal (with-temp-buffer (insert "foo_bar-baz qux") (goto-char 1) (list (skip-syntax-forward "w") (point) (skip-syntax-forward "w_") (point) (skip-syntax-forward "^ ") (point) (skip-syntax-forward " ") (point)))
                 '(3 4 8 12 0 12 1 13))))

(ert-deftest syntax-21 ()
  (should (equal (with-temp-buffer (insert "foo bar  (baz)") (list (skip-syntax-backward "w)(") (point) (skip-syntax-backward " ") (point) (skip-syntax-backward "^ ") (point)))
                 '(-5 10 -2 8 -3 5))))

(ert-deftest syntax-22 ()
  (should (equal (with-temp-buffer (insert "ab+cd (ef)") (goto-char 1) (list (forward-word 1) (point) (forward-word 1) (point) (forward-word 1) (point) (forward-word 1) (point) (progn (forward-word -2) (point))))
                 '(t 3 t 6 t 10 nil 11 4))))

(ert-deftest syntax-23 ()
  (should (equal (with-temp-buffer (insert "a(b c) \"d\"") (list (syntax-after 1) (syntax-after 2) (syntax-after 6) (syntax-after 7) (syntax-after 8) (syntax-after 0) (syntax-after 20)))
                 '((2) (4 . 41) (5 . 40) (0) (7) nil nil))))

(ert-deftest syntax-24 ()
  (should (equal (with-temp-buffer (insert "a(b c) \"d\"") (list (syntax-class (syntax-after 1)) (syntax-class (syntax-after 2)) (syntax-class (syntax-after 6)) (syntax-class (syntax-after 7)) (syntax-class (syntax-after 8)) (syntax-class nil)))
                 '(2 4 5 0 7 nil))))

(ert-deftest syntax-25 ()
  (should (equal (let* ((st (make-syntax-table)) (cp (progn (modify-syntax-entry ?x "." st) (copy-syntax-table st)))) (modify-syntax-entry ?x "_" st) (modify-syntax-entry ?y "." cp) (list (aref st ?x) (aref cp ?x) (aref st ?y) (aref cp ?y) (eq (char-table-parent cp) (standard-syntax-table))))
                 '((3) (1) (2) (1) t))))

(ert-deftest syntax-26 ()
  (should (equal (let ((cp (copy-syntax-table))) (modify-syntax-entry ?a "." cp) (list (aref cp ?a) (aref (standard-syntax-table) ?a) (eq (char-table-parent cp) (standard-syntax-table)) (char-table-subtype cp)))
                 '((1) (2) t syntax-table))))

(ert-deftest syntax-27 ()
  (should (equal (with-temp-buffer (emacs-lisp-mode) (list (char-syntax ?\;) (char-syntax ?\n) (char-syntax ?-) (char-syntax ?') (char-syntax ?\[) (char-syntax ?\]) (char-syntax ?{) (char-syntax ?`) (char-syntax ?,) (char-syntax ?#) (char-syntax ??) (char-syntax ?\\) (char-syntax ?\") (char-syntax ?|) (char-syntax ?*) (char-syntax ?\f)))
                 '(60 62 95 39 40 41 95 39 39 39 95 92 34 95 95 32))))

(ert-deftest syntax-28 ()
  (should (equal (with-temp-buffer (emacs-lisp-mode) (list (aref (syntax-table) ?\;) (aref (syntax-table) ?\n) (aref (syntax-table) ?\[) (aref (syntax-table) ?') (aref (syntax-table) ?#) parse-sexp-ignore-comments (eq (syntax-table) (standard-syntax-table))))
                 '((11) (12) (4 . 93) (6) (6) t nil))))

(ert-deftest syntax-29 ()
  (should (equal (with-temp-buffer (insert "(a (b c) d) e") (list (scan-lists 1 1 0) (scan-lists 4 1 0) (scan-lists 1 2 0) (scan-lists 12 -1 0) (scan-lists 9 -1 0) (scan-lists 14 1 0)))
                 '(12 9 nil 1 4 nil))))

(ert-deftest syntax-30 ()
  (should (equal (with-temp-buffer (insert "(a (b c) d) e") (list (scan-lists 5 1 1) (scan-lists 6 1 1) (scan-lists 6 -1 1) (scan-lists 2 1 -1) (scan-lists 1 1 -1) (scan-lists 2 -1 1)))
                 '(9 9 4 5 2 1))))

(ert-deftest syntax-31 ()
  (should (equal (with-temp-buffer (insert "(a (b c) d) e") (list (scan-sexps 1 1) (scan-sexps 2 1) (scan-sexps 2 2) (scan-sexps 2 3) (scan-sexps 12 1) (scan-sexps 14 -1) (scan-sexps 11 -1) (scan-sexps 10 -2)))
                 '(12 3 9 11 14 13 10 2))))

(ert-deftest syntax-32 ()
  (should (equal (with-temp-buffer (insert "foo bar") (list (scan-sexps 1 1) (scan-sexps 4 1) (scan-sexps 8 1) (scan-sexps 8 -1) (scan-sexps 1 -1) (scan-lists 1 1 0)))
                 '(4 8 nil 5 nil nil))))

(ert-deftest syntax-33 ()
  (should (equal (with-temp-buffer (insert "(a \"b)\" c) x") (list (scan-lists 1 1 0) (scan-sexps 4 1) (scan-sexps 8 -1) (scan-lists 5 1 1)))
                 '(11 8 4 7))))

(ert-deftest syntax-34 ()
  (should (equal (with-temp-buffer (insert "(a \\) b) x") (list (scan-lists 1 1 0) (scan-sexps 4 1) (scan-sexps 10 -1)))
                 '(9 6 1))))

(ert-deftest syntax-35 ()
  (should (equal (with-temp-buffer (insert "[a {b} (c)] d") (list (scan-lists 1 1 0) (scan-lists 4 1 0) (scan-lists 12 -1 0) (scan-sexps 2 2) (scan-lists 2 1 -1) (scan-lists 5 1 1)))
                 '(12 7 1 7 5 7))))

(ert-deftest syntax-36 ()
  (should (equal (with-temp-buffer (insert "(a [b) c]") (list (scan-lists 1 1 0) (scan-lists 4 1 0)))
                 '(10 7))))

(ert-deftest syntax-37 ()
  (should (equal (with-temp-buffer (insert "((a) ((b)) c)") (list (scan-lists 1 1 0) (scan-lists 2 2 0) (scan-lists 8 1 2) (scan-lists 8 -1 2) (scan-lists 1 1 -2) (scan-lists 1 1 -3)))
                 '(14 11 11 6 3 8))))

(ert-deftest syntax-38 ()
  (should (equal (with-temp-buffer (insert "(a b") (condition-case e (scan-lists 1 1 0) (scan-error (list (nth 1 e) (nth 2 e) (nth 3 e)))))
                 '("Unbalanced parentheses" 1 5))))

(ert-deftest syntax-39 ()
  (should (equal (with-temp-buffer (insert "a b)") (condition-case e (scan-lists 5 -1 0) (scan-error (list (nth 1 e) (nth 2 e) (nth 3 e)))))
                 '("Unbalanced parentheses" 4 1))))

(ert-deftest syntax-40 ()
  (should (equal (with-temp-buffer (insert "(a b) c") (list (condition-case e (scan-lists 2 1 0) (scan-error (list (nth 1 e) (nth 2 e) (nth 3 e)))) (condition-case e (scan-sexps 2 3) (scan-error (list (nth 1 e) (nth 2 e) (nth 3 e)))) (condition-case e (scan-lists 4 -2 0) (scan-error (list (nth 1 e) (nth 2 e) (nth 3 e))))))
                 '(("Containing expression ends prematurely" 5 6) ("Containing expression ends prematurely" 5 6) ("Containing expression ends prematurely" 1 1)))))

(ert-deftest syntax-41 ()
  (should (equal (with-temp-buffer (insert "(a b) c") (list (condition-case e (scan-lists 8 1 1) (scan-error (list (nth 1 e) (nth 2 e) (nth 3 e)))) (condition-case e (scan-lists 1 1 -2) (scan-error (list (nth 1 e) (nth 2 e) (nth 3 e)))) (condition-case e (scan-lists 7 1 -1) (scan-error (list (nth 1 e) (nth 2 e) (nth 3 e))))))
                 '(("Unbalanced parentheses" 8 8) ("Unbalanced parentheses" 7 8) ("Unbalanced parentheses" 7 8)))))

(ert-deftest syntax-42 ()
  (should (equal (with-temp-buffer (insert "a \"b c") (condition-case e (scan-sexps 3 1) (scan-error (list (car e) (nth 1 e) (nth 2 e) (nth 3 e)))))
                 '(scan-error "Unbalanced parentheses" 3 7))))

(ert-deftest syntax-43 ()
  (should (equal (with-temp-buffer (emacs-lisp-mode) (insert "(a ?\\( b) (c \"(\" d) e") (list (scan-lists 1 1 0) (scan-lists 11 1 0) (scan-sexps 4 1) (scan-sexps 10 -1) (scan-sexps 1 3)))
                 '(10 20 7 1 22))))

(ert-deftest syntax-44 ()
  (should (equal (with-temp-buffer (emacs-lisp-mode) (insert "(a \"\\\\(x\\\\)\" b) c") (list (buffer-string) (scan-lists 1 1 0) (scan-sexps 4 1) (scan-sexps 14 -1)))
                 '("(a \"\\\\(x\\\\)\" b) c" 16 13 4))))

(ert-deftest syntax-45 ()
  (should (equal (with-temp-buffer (emacs-lisp-mode) (insert "(a \\\\( b) c") (list (buffer-string) (condition-case e (scan-lists 1 1 0) (scan-error (list (nth 1 e) (nth 2 e) (nth 3 e)))) (scan-sexps 4 1)))
                 '("(a \\\\( b) c" ("Unbalanced parentheses" 1 12) 6))))

(ert-deftest syntax-46 ()
  (should (equal (with-temp-buffer (emacs-lisp-mode) (insert "(a ; x)\n b) c") (list (scan-lists 1 1 0) (scan-sexps 3 1) (scan-sexps 4 1) (scan-sexps 12 -1)))
                 '(12 11 11 1))))

(ert-deftest syntax-47 ()
  (should (equal (with-temp-buffer (emacs-lisp-mode) (insert "'(a b) `[c ,d] #'e") (list (scan-sexps 1 1) (scan-sexps 8 1) (scan-sexps 16 1) (scan-sexps 19 -1) (scan-sexps 15 -1) (scan-sexps 7 -1)))
                 '(7 15 19 16 9 2))))

(ert-deftest syntax-48 ()
  (should (equal (with-temp-buffer (emacs-lisp-mode) (insert "(a)\n;; (b\n(c)") (list (scan-lists 4 1 0) (scan-sexps 4 1) (scan-sexps 14 -1) (scan-sexps 11 -1) (condition-case e (scan-sexps 12 -1) (scan-error (list (nth 1 e) (nth 2 e) (nth 3 e))))))
                 '(14 14 11 1 ("Containing expression ends prematurely" 11 11)))))

(ert-deftest syntax-49 ()
  (should (equal (with-temp-buffer (emacs-lisp-mode) (insert "'(a b) `[c ,d] #'e") (list (progn (goto-char 7) (backward-sexp) (point)) (progn (goto-char 15) (backward-sexp) (point)) (progn (goto-char (point-max)) (backward-sexp) (point)) (progn (goto-char 1) (forward-sexp) (point))))
                 '(1 8 16 7))))

(ert-deftest syntax-50 ()
  (should (equal (with-temp-buffer (emacs-lisp-mode) (insert "(a b) ; c (d\n  (e f) g") (goto-char 1) (list (progn (forward-sexp) (point)) (progn (forward-sexp) (point)) (progn (forward-sexp) (point)) (progn (backward-sexp) (point)) (progn (backward-sexp 2) (point))))
                 '(6 21 23 22 1))))

(ert-deftest syntax-51 ()
  (should (equal (with-temp-buffer (emacs-lisp-mode) (insert "(a b) (c) d") (goto-char 1) (list (progn (forward-sexp 2) (point)) (progn (forward-sexp -1) (point)) (progn (backward-sexp -2) (point)) (condition-case e (progn (forward-sexp 1) (point)) (error (car e))) (point)))
                 '(10 7 12 12 12))))

(ert-deftest syntax-52 ()
  (should (equal (with-temp-buffer (emacs-lisp-mode) (insert "(a b) x (c) ; (d)\n y (e)") (goto-char 1) (list (progn (forward-list) (point)) (progn (forward-list) (point)) (progn (forward-list) (point)) (progn (backward-list) (point)) (progn (backward-list 2) (point))))
                 '(6 12 25 22 1))))

(ert-deftest syntax-53 ()
  (should (equal (with-temp-buffer (emacs-lisp-mode) (insert "(a (b (c d) e) f)") (goto-char 9) (list (progn (backward-up-list) (point)) (progn (backward-up-list) (point)) (progn (goto-char 9) (up-list) (point)) (progn (goto-char 9) (up-list 2) (point)) (progn (goto-char 9) (backward-up-list 2) (point))))
                 '(7 4 12 15 4))))

(ert-deftest syntax-54 ()
  (should (equal (with-temp-buffer (emacs-lisp-mode) (insert "(a (b (c d) e) f)") (goto-char 1) (list (progn (down-list) (point)) (progn (down-list) (point)) (progn (goto-char 1) (down-list 3) (point)) (progn (goto-char 18) (down-list -1) (point)) (progn (goto-char 18) (down-list -2) (point))))
                 '(2 5 8 17 14))))

(ert-deftest syntax-55 ()
  (should (equal (with-temp-buffer (emacs-lisp-mode) (insert "(a \"b (\" ; ) c\n d)") (goto-char 1) (forward-sexp) (list (point) (progn (goto-char 3) (up-list) (point)) (progn (goto-char 4) (forward-sexp) (point))))
                 '(19 19 9))))

(ert-deftest syntax-56 ()
  (should (equal (with-temp-buffer (emacs-lisp-mode) (insert "(a b") (goto-char 1) (list (condition-case e (forward-sexp) (scan-error (list (nth 1 e) (nth 2 e) (nth 3 e)))) (point) (condition-case e (progn (goto-char 2) (up-list)) (scan-error (list (nth 1 e) (nth 2 e) (nth 3 e)))) (point)))
                 '(("Unbalanced parentheses" 1 5) 1 ("Unbalanced parentheses" 2 5) 2))))

(ert-deftest syntax-57 ()
  (should (equal (with-temp-buffer (emacs-lisp-mode) (insert "a b)") (goto-char 5) (list (condition-case e (backward-sexp) (scan-error (list (nth 1 e) (nth 2 e) (nth 3 e)))) (point) (condition-case e (progn (goto-char 2) (backward-up-list)) (scan-error (list (nth 1 e) (nth 2 e) (nth 3 e)))) (point)))
                 '(("Unbalanced parentheses" 4 1) 5 ("Unbalanced parentheses" 2 1) 2))))

(ert-deftest syntax-58 ()
  (should (equal (with-temp-buffer (insert "(a (b c) d) e") (let ((s (parse-partial-sexp 1 6))) (list (nth 0 s) (nth 1 s) (nth 2 s) (nth 3 s) (nth 4 s) (nth 5 s) (nth 8 s) (nth 9 s))))
                 '(2 4 5 nil nil nil nil (1 4)))))

(ert-deftest syntax-59 ()
  (should (equal (with-temp-buffer (insert "(a (b c) d) e") (mapcar (lambda (p) (let ((s (parse-partial-sexp 1 p))) (list p (nth 0 s) (nth 1 s) (nth 2 s)))) '(1 2 3 4 5 8 9 10 11 12 13 14)))
                 '((1 0 nil nil) (2 1 1 nil) (3 1 1 2) (4 1 1 2) (5 2 4 nil) (8 2 4 7) (9 1 1 4) (10 1 1 4) (11 1 1 10) (12 0 nil 1) (13 0 nil 1) (14 0 nil 13)))))

(ert-deftest syntax-60 ()
  (should (equal (with-temp-buffer (emacs-lisp-mode) (insert "(a \"b (c\" d)") (mapcar (lambda (p) (let ((s (parse-partial-sexp 1 p))) (list p (nth 0 s) (nth 3 s) (nth 8 s)))) '(3 4 5 7 9 10 11 13)))
                 '((3 1 nil nil) (4 1 nil nil) (5 1 34 4) (7 1 34 4) (9 1 34 4) (10 1 nil nil) (11 1 nil nil) (13 0 nil nil)))))

(ert-deftest syntax-61 ()
  (should (equal (with-temp-buffer (emacs-lisp-mode) (insert "(a ; b (c\n d)") (mapcar (lambda (p) (let ((s (parse-partial-sexp 1 p))) (list p (nth 0 s) (nth 4 s) (nth 7 s) (nth 8 s)))) '(3 4 5 8 10 11 12 14)))
                 '((3 1 nil nil nil) (4 1 nil nil nil) (5 1 t nil 4) (8 1 t nil 4) (10 1 t nil 4) (11 1 nil nil nil) (12 1 nil nil nil) (14 0 nil nil nil)))))

(ert-deftest syntax-62 ()
  (should (equal (with-temp-buffer (emacs-lisp-mode) (insert "(a 'b ?\\( c)") (mapcar (lambda (p) (let ((s (parse-partial-sexp 1 p))) (list p (nth 0 s) (nth 2 s) (nth 5 s)))) '(4 5 6 7 8 9 10 13)))
                 '((4 1 2 nil) (5 1 2 nil) (6 1 5 nil) (7 1 5 nil) (8 1 7 nil) (9 1 5 t) (10 1 7 nil) (13 0 1 nil)))))

(ert-deftest syntax-63 ()
  (should (equal (with-temp-buffer (emacs-lisp-mode) (insert "(a \"b\\\"c\" d)") (mapcar (lambda (p) (let ((s (parse-partial-sexp 1 p))) (list p (nth 3 s) (nth 5 s) (nth 8 s)))) '(5 6 7 8 9 10)))
                 '((5 34 nil 4) (6 34 nil 4) (7 34 t 4) (8 34 nil 4) (9 34 nil 4) (10 nil nil nil)))))

(ert-deftest syntax-64 ()
  (should (equal (with-temp-buffer (insert "(a (b (c)) d)") (list (progn (goto-char 1) (parse-partial-sexp 1 (point-max) 2) (point)) (progn (goto-char 1) (parse-partial-sexp 1 (point-max) 3) (point)) (progn (parse-partial-sexp 1 (point-max) 0) (point)) (nth 0 (parse-partial-sexp 1 (point-max) 2))))
                 '(5 8 14 2))))

(ert-deftest syntax-65 ()
  (should (equal (with-temp-buffer (insert "(a (b (c)) d)") (let ((s (parse-partial-sexp 5 (point-max) -1))) (list (point) (nth 0 s) (nth 1 s) (nth 2 s))))
                 '(11 -1 nil 7))))

(ert-deftest syntax-66 ()
  (should (equal (with-temp-buffer (insert "  foo (bar) baz") (list (progn (parse-partial-sexp 1 (point-max) nil t) (point)) (progn (goto-char 4) (parse-partial-sexp 4 (point-max) nil t) (point)) (progn (parse-partial-sexp 7 (point-max) nil t) (point)) (nth 0 (parse-partial-sexp 7 (point-max) nil t))))
                 '(3 4 7 0))))

(ert-deftest syntax-67 ()
  (should (equal (with-temp-buffer (insert "(a (b c) d) e") (let* ((s1 (parse-partial-sexp 1 5)) (s2 (parse-partial-sexp 5 10 nil nil s1)) (s3 (parse-partial-sexp 1 10))) (list (nth 0 s2) (nth 1 s2) (nth 2 s2) (equal (nth 0 s2) (nth 0 s3)) (equal (nth 1 s2) (nth 1 s3)))))
                 '(1 1 4 t t))))

(ert-deftest syntax-68 ()
  (should (equal (with-temp-buffer (insert "(a b) c)") (let ((s (parse-partial-sexp 1 (point-max)))) (list (nth 0 s) (nth 1 s) (nth 2 s) (nth 6 s) (nth 9 s))))
                 '(-1 nil 7 -1 nil))))

(ert-deftest syntax-69 ()
  (should (equal (with-temp-buffer (emacs-lisp-mode) (insert "(defun f (x)\n  ;; (note\n  \"doc (x\" (+ x 1))") (mapcar (lambda (p) (let ((s (syntax-ppss p))) (list p (nth 0 s) (nth 1 s) (nth 3 s) (nth 4 s) (nth 8 s)))) '(1 2 11 17 20 27 31 37 38 44)))
                 '((1 0 nil nil nil nil) (2 1 1 nil nil nil) (11 2 10 nil nil nil) (17 1 1 nil t 16) (20 1 1 nil t 16) (27 1 1 nil nil nil) (31 1 1 34 nil 27) (37 2 36 nil nil nil) (38 2 36 nil nil nil) (44 0 nil nil nil nil)))))

(ert-deftest syntax-70 ()
  (should (equal (with-temp-buffer (emacs-lisp-mode) (insert "(a (b \"c;\" ; d\n e))") (mapcar (lambda (p) (let ((s (syntax-ppss p))) (list p (nth 0 s) (nth 3 s) (nth 4 s)))) '(4 8 9 13 14 17 19 20)))
                 '((4 1 nil nil) (8 2 34 nil) (9 2 34 nil) (13 2 nil t) (14 2 nil t) (17 2 nil nil) (19 1 nil nil) (20 0 nil nil)))))

(ert-deftest syntax-71 ()
  (should (equal (with-temp-buffer (emacs-lisp-mode) (insert "a ; b\nc") (list (progn (parse-partial-sexp 1 (point-max) nil nil nil t) (point)) (nth 8 (parse-partial-sexp 1 (point-max) nil nil nil t)) (progn (parse-partial-sexp 1 (point-max) nil nil (parse-partial-sexp 1 5) 'syntax-table) (point))))
                 '(4 3 7))))

(ert-deftest syntax-72 ()
  (should (equal (with-temp-buffer (emacs-lisp-mode) (insert "  ; one\n  ; two\n  x") (goto-char 1) (list (forward-comment 1) (point) (forward-comment 1) (point) (forward-comment 1) (point)))
                 '(t 9 t 17 nil 19))))

(ert-deftest syntax-73 ()
  (should (equal (with-temp-buffer (emacs-lisp-mode) (insert "  ; one\n  ; two\n  x") (goto-char 1) (list (forward-comment (buffer-size)) (point) (progn (goto-char (point-max)) (forward-char -1) (forward-comment (- (buffer-size)))) (point)))
                 '(nil 19 nil 1))))

(ert-deftest syntax-74 ()
  (should (equal (with-temp-buffer (emacs-lisp-mode) (insert "x ; one\n  ; two\n  ") (goto-char (point-max)) (list (forward-comment -1) (point) (forward-comment -1) (point) (forward-comment -1) (point)))
                 '(t 11 t 3 nil 2))))

(ert-deftest syntax-75 ()
  (should (equal (with-temp-buffer (emacs-lisp-mode) (insert "x   y") (goto-char 2) (list (forward-comment 1) (point) (progn (goto-char 1) (forward-comment 1)) (point) (progn (goto-char 5) (forward-comment -1)) (point)))
                 '(nil 5 nil 1 nil 2))))

(ert-deftest syntax-76 ()
  (should (equal (with-temp-buffer (emacs-lisp-mode) (insert "; a (b\n;; c\n\n(d)") (goto-char 1) (list (forward-comment 2) (point) (forward-comment (buffer-size)) (point) (progn (goto-char 13) (forward-comment -5)) (point)))
                 '(t 13 nil 14 nil 1))))

(ert-deftest syntax-77 ()
  (should (equal (with-temp-buffer (emacs-lisp-mode) (insert "x ; no newline") (goto-char 3) (list (forward-comment 1) (point) (forward-comment -1) (point)))
                 '(nil 15 nil 15))))

(ert-deftest syntax-78 ()
  (should (equal (let ((st (make-syntax-table))) (modify-syntax-entry ?/ ". 124b" st) (modify-syntax-entry ?* ". 23" st) (modify-syntax-entry ?\n "> b" st) (list (aref st ?/) (aref st ?*) (aref st ?\n)))
                 '((2818049) (393217) (2097164)))))

(ert-deftest syntax-79 ()
  (should (equal (let ((st (make-syntax-table))) (modify-syntax-entry ?/ ". 124b" st) (modify-syntax-entry ?* ". 23" st) (modify-syntax-entry ?\n "> b" st) (with-temp-buffer (set-syntax-table st) (insert "a /* b (c */ d // e (f\ng") (mapcar (lambda (p) (let ((s (parse-partial-sexp 1 p))) (list p (nth 0 s) (nth 4 s) (nth 7 s) (nth 8 s)))) '(3 4 5 6 9 11 12 13 15 17 18 21 23 24))))
                 '((3 0 nil nil nil) (4 0 nil nil nil) (5 0 t nil 3) (6 0 t nil 3) (9 0 t nil 3) (11 0 t nil 3) (12 0 t nil 3) (13 0 nil nil nil) (15 0 nil nil nil) (17 0 nil nil nil) (18 0 t 1 16) (21 0 t 1 16) (23 0 t 1 16) (24 0 nil nil nil)))))

(ert-deftest syntax-80 ()
  (should (equal (let ((st (make-syntax-table))) (modify-syntax-entry ?/ ". 124b" st) (modify-syntax-entry ?* ". 23" st) (modify-syntax-entry ?\n "> b" st) (with-temp-buffer (set-syntax-table st) (insert "a /* b */ /* c */ d // e\n // f\n g") (goto-char 2) (list (forward-comment 1) (point) (forward-comment 1) (point) (forward-comment 1) (point) (progn (goto-char 20) (forward-comment (buffer-size))) (point) (progn (goto-char 20) (forward-comment -1)) (point) (progn (goto-char (point-max)) (forward-char -1) (forward-comment (- (buffer-size)))) (point))))
                 '(t 10 t 18 nil 19 nil 33 nil 20 nil 20))))

(ert-deftest syntax-81 ()
  (should (equal (let ((st (make-syntax-table))) (modify-syntax-entry ?/ ". 124b" st) (modify-syntax-entry ?* ". 23" st) (modify-syntax-entry ?\n "> b" st) (with-temp-buffer (set-syntax-table st) (insert "(a /* ) */ b) // )\n(c)") (let ((parse-sexp-ignore-comments t)) (list (scan-lists 1 1 0) (scan-sexps 3 1) (scan-sexps 14 1) (scan-sexps 23 -1) (scan-sexps 13 -1) (scan-sexps 12 -1)))))
                 '(14 13 23 20 12 2))))

(ert-deftest syntax-82 ()
  (should (equal (let ((st (make-syntax-table))) (modify-syntax-entry ?/ ". 124b" st) (modify-syntax-entry ?* ". 23" st) (modify-syntax-entry ?\n "> b" st) (with-temp-buffer (set-syntax-table st) (insert "(a /* ) */ b)") (let ((parse-sexp-ignore-comments nil)) (list (condition-case e (scan-lists 1 1 0) (scan-error (list (nth 1 e) (nth 2 e) (nth 3 e)))) (condition-case e (scan-sexps 3 1) (scan-error (list (nth 1 e) (nth 2 e) (nth 3 e)))) (scan-sexps 2 1) (condition-case e (scan-sexps 8 1) (scan-error (list (nth 1 e) (nth 2 e) (nth 3 e))))))))
                 '(8 ("Containing expression ends prematurely" 7 8) 3 13))))

(ert-deftest syntax-83 ()
  (should (equal (let ((st (make-syntax-table))) (modify-syntax-entry ?/ ". 124b" st) (modify-syntax-entry ?* ". 23" st) (modify-syntax-entry ?\n "> b" st) (with-temp-buffer (set-syntax-table st) (insert "x /* never closed") (goto-char 3) (list (forward-comment 1) (point) (nth 4 (parse-partial-sexp 1 (point-max))) (nth 8 (parse-partial-sexp 1 (point-max))))))
                 '(nil 18 t 3))))

(ert-deftest syntax-84 ()
  (should (equal (let ((st (make-syntax-table))) (modify-syntax-entry ?/ ". 124b" st) (modify-syntax-entry ?* ". 23" st) (modify-syntax-entry ?\n "> b" st) (with-temp-buffer (set-syntax-table st) (insert "a /* b */ c") (list (progn (parse-partial-sexp 1 (point-max) nil nil nil 'syntax-table) (point)) (progn (goto-char 1) (parse-partial-sexp 1 (point-max) nil nil nil t) (point)) (nth 4 (parse-partial-sexp 1 5 nil nil nil t)))))
                 '(5 5 t))))

(ert-deftest syntax-text-property ()
  ;; parse-sexp-lookup-properties: a `syntax-table' property, a raw
  ;; descriptor or a syntax table, overrides the buffer's table (CC Mode's
  ;; check of c-emacs-features does this with < and >).
  (with-temp-buffer
    (set-syntax-table (make-syntax-table))
    (setq parse-sexp-lookup-properties t parse-sexp-ignore-comments t)
    (modify-syntax-entry ?< ".")
    (modify-syntax-entry ?> ".")
    (insert "<()> x <a>")
    (put-text-property 1 2 'syntax-table '(4 . ?>))
    (put-text-property 4 5 'syntax-table '(5 . ?<))
    (goto-char 1) (forward-sexp)
    (should (= (point) 5))
    (goto-char (point-max)) (backward-sexp)
    (should (= (point) 9))
    (goto-char 5) (backward-sexp)
    (should (= (point) 1))
    (let ((parse-sexp-lookup-properties nil))
      (goto-char 1) (forward-sexp)
      (should (= (point) 4)))
    (put-text-property 8 11 'syntax-table
                       (let ((st (make-syntax-table)))
                         (modify-syntax-entry ?< "(>" st)
                         (modify-syntax-entry ?> ")<" st)
                         st))
    (goto-char 8) (forward-sexp)
    (should (= (point) 11))
    (should (equal (parse-partial-sexp 1 3) '(2 2 nil nil nil nil 0 nil nil (1 2) nil)))))

(ert-deftest syntax-ppss-follows-syntax-properties-not-faces ()
  ;; gapmacs keeps parse states until the text, the syntax table or a
  ;; `syntax-table' property changes (Emacs until syntax-ppss-flush-cache):
  ;; a face put meanwhile keeps them, a string fence does not.
  (skip-unless (boundp 'gapmacs-version))
  (with-temp-buffer
    (insert "abc def ghi jkl\n(x y) z\n")
    (let ((parse-sexp-lookup-properties t))
      (should (equal (syntax-ppss 20) (parse-partial-sexp 1 20)))
      (put-text-property 1 16 'face 'bold)
      (should (equal (syntax-ppss 20) (parse-partial-sexp 1 20)))
      (put-text-property 5 6 'syntax-table (string-to-syntax "|"))
      (should (nth 3 (syntax-ppss 10)))
      (should (equal (syntax-ppss 20) (parse-partial-sexp 1 20)))
      (remove-text-properties 5 6 '(syntax-table nil))
      (should-not (nth 3 (syntax-ppss 10)))
      ;; A narrowing has its own states; the whole buffer's stay right.
      (save-restriction
        (narrow-to-region 17 (point-max))
        (should (equal (syntax-ppss 19) (parse-partial-sexp 17 19))))
      (should (equal (syntax-ppss 19) (parse-partial-sexp 1 19))))))
