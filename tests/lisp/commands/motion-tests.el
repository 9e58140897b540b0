;;; motion-tests.el --- sexp, list and defun motion, what-cursor-position  -*- lexical-binding: t -*-

;; Each expected value is what GNU Emacs 28 gives (this file passes in both).
(when (boundp 'gapmacs-version) (load "loadup" nil t))

(ert-deftest motion-1 ()
  (should (equal (with-temp-buffer (emacs-lisp-mode) (insert "(a (b c))\n(d)") (goto-char 1) (call-interactively 'forward-sexp) (list (point) (progn (call-interactively 'backward-sexp) (point))))
                 '(10 1))))

(ert-deftest motion-2 ()
  (should (equal (with-temp-buffer (emacs-lisp-mode) (insert "(a (b c))") (goto-char 6) (call-interactively 'backward-up-list) (point))
                 '4)))

(ert-deftest motion-3 ()
  (should (equal (with-temp-buffer (emacs-lisp-mode) (insert "(a (b c))") (goto-char 1) (call-interactively 'down-list) (call-interactively 'forward-list) (point))
                 '9)))

(ert-deftest motion-4 ()
  (should (equal (with-temp-buffer (emacs-lisp-mode) (insert "(a) b") (goto-char 4) (condition-case e (forward-sexp 1 t) (error e)))
                 'nil)))

(ert-deftest motion-5 ()
  (should (equal (with-temp-buffer (emacs-lisp-mode) (insert "(a b") (goto-char 1) (condition-case e (forward-sexp 1 t) (error e)))
                 '(user-error "No next sexp"))))

(ert-deftest motion-6 ()
  (should (equal (with-temp-buffer (emacs-lisp-mode) (insert "'(a b) `(c ,d) #'e") (goto-char (point-max)) (list (progn (backward-sexp) (point)) (progn (backward-sexp) (point)) (progn (backward-sexp) (point))))
                 '(16 8 1))))

(ert-deftest motion-7 ()
  (should (equal (with-temp-buffer (insert "foo (bar) \"baz\" qux") (goto-char 1) (let (r) (dotimes (_ 4) (forward-sexp) (push (point) r)) (nreverse r)))
                 '(4 10 16 20))))

(ert-deftest motion-8 ()
  (should (equal (with-temp-buffer (emacs-lisp-mode) (insert "(defun f ()\n  ;; a ) comment\n  (g \"(\" ?\\( ))\n(h)") (goto-char 1) (list (progn (forward-sexp) (point)) (progn (backward-sexp) (point)) (progn (end-of-defun) (point))))
                 '(45 1 46))))

(ert-deftest motion-9 ()
  (should (equal (with-temp-buffer (insert "(a)\nb\n") (list (progn (goto-char 4) (what-cursor-position)) (progn (goto-char (point-max)) (what-cursor-position)) (progn (goto-char 1) (what-cursor-position))))
                 '("Char: C-j (10, #o12, #xa) point=4 of 6 (50%) column=3" "point=7 of 6 (EOB) column=0" "Char: ( (40, #o50, #x28) point=1 of 6 (0%) column=0"))))

(ert-deftest motion-10 ()
  (should (equal (with-temp-buffer (insert " (a)\nb\n") (narrow-to-region 2 4) (list (progn (goto-char 3) (what-cursor-position)) (progn (goto-char 4) (what-cursor-position))))
                 '("Char: a (97, #o141, #x61) point=3 of 7 (29%) <2-4> column=1" "point=4 of 7 (43%) <2-4> column=2"))))

(ert-deftest motion-11 ()
  (should (equal (with-temp-buffer (insert "a\t\177b") (goto-char 2) (list (what-cursor-position) (progn (forward-char) (what-cursor-position))))
                 '("Char: TAB (9, #o11, #x9) point=2 of 4 (25%) column=1" "Char: DEL (127, #o177, #x7f) point=3 of 4 (50%) column=8"))))

(ert-deftest motion-12 ()
  (should (equal (with-temp-buffer (emacs-lisp-mode) (insert "(let ((x 1))\n  (foo x \"bar\"))") (goto-char 20) (list (syntax-ppss-toplevel-pos (syntax-ppss)) (syntax-ppss-context (syntax-ppss 26)) (syntax-ppss-context (syntax-ppss 20))))
                 '(1 string nil))))

(ert-deftest motion-13 ()
  (should (equal (with-temp-buffer (emacs-lisp-mode) (insert "(a \"x (y\" b)") (goto-char 7) (up-list 1 t) (point))
                 '10)))

(ert-deftest motion-14 ()
  (should (equal (with-temp-buffer (insert "x (1 2) y") (with-syntax-table (let ((st (make-syntax-table))) (modify-syntax-entry ?\( "." st) (modify-syntax-entry ?\) "." st) st) (goto-char 1) (list (progn (forward-sexp 2) (point)) (char-syntax ?\())))
                 '(5 46))))

(ert-deftest motion-15 ()
  (should (equal (with-temp-buffer (insert "ab") (list (syntax-after 1) (syntax-after 3) (syntax-class (syntax-after 1)) (buffer-end 1) (buffer-end -1)))
                 '((2) nil 2 3 1))))

(ert-deftest motion-16 ()
  (should (equal (with-temp-buffer (emacs-lisp-mode) (insert "(a b) )") (list (progn (goto-char 6) (condition-case e (forward-sexp 1 t) (error e))) (progn (goto-char 1) (condition-case e (backward-sexp 1 t) (error e))) (progn (goto-char 1) (condition-case e (forward-list 2 t) (error e))) (progn (goto-char 7) (condition-case e (down-list 1 t) (error e)))))
                 '((user-error "No next sexp") nil (user-error "No next group") (user-error "At bottom level")))))

(ert-deftest motion-17 ()
  (should (equal (list (with-temp-buffer (insert "((((x") (nth 0 (syntax-ppss 6))) (with-temp-buffer (insert "abcdx") (nth 0 (syntax-ppss 6))) (with-temp-buffer (insert "(((((") (nth 0 (syntax-ppss 6))))
                 '(4 0 5))))

(ert-deftest motion-18 ()
  (should (equal (with-temp-buffer (insert "(a b)") (let ((st (make-syntax-table))) (set-syntax-table st) (list (nth 0 (syntax-ppss 3)) (progn (modify-syntax-entry ?\( "." st) (modify-syntax-entry ?\) "." st) (nth 0 (parse-partial-sexp 1 3))))))
                 '(1 0))))

(ert-deftest motion-19 ()
  (should (equal (with-temp-buffer (emacs-lisp-mode) (insert "(defun a ()\n  1)\n\n(defun b ()\n  2) ; c\n(x)\n") (goto-char 16) (list (progn (end-of-defun) (point)) (progn (end-of-defun) (point)) (progn (beginning-of-defun) (point)) (progn (beginning-of-defun) (point)) (progn (goto-char 1) (end-of-defun) (point)) (progn (goto-char 5) (end-of-defun) (point)) (progn (beginning-of-defun -1) (point))))
                 '(18 40 19 1 18 18 19))))

(ert-deftest motion-20 ()
  (should (equal (with-temp-buffer (emacs-lisp-mode) (insert "(defun a ()\n  1)\n\n(defun b ()\n  2)\n") (goto-char 25) (mark-defun) (list (point) (mark)))
                 '(18 36))))

(ert-deftest motion-21 ()
  (should (equal (with-temp-buffer (emacs-lisp-mode) (insert "(defun a ()\n  1)\n\n(defun b ()\n  2)\n") (goto-char 25) (narrow-to-defun) (list (point-min) (point-max) (buffer-string)))
                 '(19 36 "(defun b ()
  2)
"))))

(ert-deftest motion-22 ()
  (should (equal (with-temp-buffer (emacs-lisp-mode) (insert "(foo (a b) (c d))") (goto-char 12) (transpose-sexps 1) (list (point) (buffer-string)))
                 '(17 "(foo (c d) (a b))"))))

(ert-deftest motion-23 ()
  (should (equal (with-temp-buffer (emacs-lisp-mode) (insert "x \"s t\" y") (goto-char 8) (transpose-sexps 1) (list (point) (buffer-string)))
                 '(10 "x y \"s t\""))))

(ert-deftest motion-tests-invisible-lines ()
  ;; Lines hidden with their newlines (as outline-mode hides a body) are
  ;; passed over by C-n and C-p, and C-e goes to the end of what a line
  ;; hides; point left inside hidden text moves out of it after a command.
  (with-temp-buffer
    (insert "* one\nbody 1\nbody 2\n* two\nbody 3\n* three\n")
    (let ((ov (make-overlay 6 20)))
      (overlay-put ov 'invisible 'outline))
    (setq buffer-invisibility-spec '((outline . t) t))
    (switch-to-buffer (current-buffer))
    (goto-char (point-min))
    (let ((seen nil))
      (dolist (cmd '(next-line previous-line move-end-of-line next-line move-end-of-line previous-line))
        (let ((last-command nil)) (call-interactively cmd))
        (push (point) seen))
      (should (equal (nreverse seen) '(21 1 20 26 26 6))))
    (goto-char 6)
    (call-interactively #'forward-char)
    (should (= (point) 7))
    (should (equal (execute-kbd-macro (kbd "M-< C-e C-f")) nil))
    (should (= (point) 21))
    (execute-kbd-macro (kbd "C-b"))
    (should (= (point) 20))
    (execute-kbd-macro (kbd "C-b"))
    (should (= (point) 6))))
