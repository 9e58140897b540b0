;;; isearch-replace-tests.el --- lisp/isearch.el, lisp/replace.el, eval-last-sexp  -*- lexical-binding: t -*-

;; The keys a user types are fed to `read-event'.  Expected values are GNU
;; Emacs 28's; the isearch tests run only in gapmacs (Emacs's isearch is a
;; mode of the command loop, not a loop over read-event).
(when (boundp 'gapmacs-version) (load "loadup" nil t))

(defmacro isearch-replace-tests--keys (keys &rest body)
  (declare (indent 1))
  (let ((old (make-symbol "old")) (queue (make-symbol "queue")))
    `(let ((,old (symbol-function 'read-event)) (,queue (append ,keys nil)))
       (unwind-protect
           (progn (fset 'read-event (lambda (&rest _) (or (pop ,queue) (error "No more keys"))))
                  ,@body)
         (fset 'read-event ,old)))))

(ert-deftest isearch-forward-basic ()
  (skip-unless (boundp 'gapmacs-version))
  (with-temp-buffer
    (insert "one foo two foo three fob")
    (goto-char 1)
    (let ((unread-command-events nil))
      (isearch-replace-tests--keys "foo\C-s\r"
        (isearch-forward))
      (should (= (point) 16))
      (should (equal isearch-string "foo"))
      (should (= (mark t) 1)))))

(ert-deftest isearch-mode-map-keys-run-during-the-search ()
  ;; A key a user binds in isearch-mode-map runs inside the search (here
  ;; M-s: it records the string so far); the search then goes on.
  (skip-unless (boundp 'gapmacs-version))
  (let ((seen nil))
    (define-key isearch-mode-map [?\M-s] (lambda () (interactive) (push isearch-string seen)))
    (unwind-protect
        (with-temp-buffer
          (insert "one foo two foo three fob")
          (goto-char 1)
          (isearch-replace-tests--keys [?f ?o ?\M-s ?b ?\r]
            (isearch-forward))
          (should (equal seen '("fo")))
          (should (= (point) 26)))
      (define-key isearch-mode-map [?\M-s] nil))
    ;; Emacs's bindings are there for libraries to read and change.
    (should (eq (lookup-key isearch-mode-map "\C-s") 'isearch-repeat-forward))
    (should (eq (lookup-key isearch-mode-map "a") 'isearch-printing-char))))

(ert-deftest isearch-delete-and-extend ()
  (skip-unless (boundp 'gapmacs-version))
  (with-temp-buffer
    (insert "fob foo")
    (goto-char 1)
    (isearch-replace-tests--keys "fo\d\dfoo\r"
      (isearch-forward))
    (should (= (point) 8))))

(ert-deftest isearch-quit-restores-point ()
  (skip-unless (boundp 'gapmacs-version))
  (with-temp-buffer
    (insert "abc abc")
    (goto-char 2)
    (should (eq (condition-case nil
                    (isearch-replace-tests--keys "abc\C-g" (isearch-forward))
                  (quit 'quit))
                'quit))
    (should (= (point) 2))))

(ert-deftest isearch-failing-then-C-g-keeps-match ()
  (skip-unless (boundp 'gapmacs-version))
  (with-temp-buffer
    (insert "abc abd")
    (goto-char 1)
    (isearch-replace-tests--keys "abx\C-g\r"
      (isearch-forward))
    ;; C-g removed the failing "x"; RET ended at the match of "ab".
    (should (= (point) 3))))

(ert-deftest isearch-other-key-exits-and-is-reread ()
  (skip-unless (boundp 'gapmacs-version))
  (with-temp-buffer
    (insert "hello world")
    (goto-char 1)
    (let ((unread-command-events nil))
      (isearch-replace-tests--keys (list ?w ?o ?\C-a)
        (isearch-forward))
      (should (= (point) 9))
      (should (equal unread-command-events '(1))))))

(ert-deftest isearch-backward-and-wrap ()
  (skip-unless (boundp 'gapmacs-version))
  (with-temp-buffer
    (insert "xa xb xc")
    (goto-char (point-max))
    (isearch-replace-tests--keys "x\C-r\r"
      (isearch-backward))
    (should (= (point) 4))
    (goto-char 8)
    ;; Fails at the end, wraps to the first x, then goes on to the second.
    (isearch-replace-tests--keys "x\C-s\C-s\r"
      (isearch-forward))
    (should (= (point) 5))))

(ert-deftest isearch-regexp-alternative-searches-from-the-start ()
  ;; A \| typed in a regexp search looks for the new alternative from
  ;; where the search began (Emacs's isearch-fallback): C-M-r defun\|defvar
  ;; from the end stops at defvar, not at the defun the first part found.
  ;; Typed with execute-kbd-macro, so this runs in Emacs 28 too.
  (let ((map (make-sparse-keymap)) (global (current-global-map)) (result nil))
    (define-key map (kbd "C-c r") #'isearch-backward-regexp)
    (define-key map (kbd "C-c s") #'isearch-forward-regexp)
    (unwind-protect
        (progn
          (use-global-map (make-composed-keymap map global))
          (with-temp-buffer
            (switch-to-buffer (current-buffer))
            (insert "(defun foo)\nasdf\n(defvar bar)")
            (execute-kbd-macro (vconcat (kbd "C-c r") "defun\\|defvar" (kbd "RET")))
            (push (point) result)
            (goto-char (point-min))
            (execute-kbd-macro (vconcat (kbd "C-c s") "defvar\\|defun" (kbd "RET")))
            (push (point) result)
            ;; A | without its backslash is an ordinary character.
            (goto-char (point-min))
            (execute-kbd-macro (vconcat (kbd "C-c s") "a|f" (kbd "RET")))
            (push (point) result)))
      (use-global-map global))
    (should (equal (nreverse result) '(19 7 14)))))

(ert-deftest isearch-regexp ()
  (skip-unless (boundp 'gapmacs-version))
  (with-temp-buffer
    (insert "a1 b22 c333")
    (goto-char 1)
    (isearch-replace-tests--keys "[0-9]+\C-s\r"
      (isearch-forward-regexp))
    (should (= (point) 7))))

(ert-deftest isearch-matches-for-redisplay ()
  (skip-unless (boundp 'gapmacs-version))
  (with-temp-buffer
    (insert "ab ab ab")
    (let ((isearch-mode t) (isearch-string "ab") (isearch-regexp nil) (isearch-error nil))
      (should (equal (gapmacs-isearch-matches 1 (point-max)) '((1 . 3) (4 . 6) (7 . 9)))))
    (should-not (gapmacs-isearch-matches 1 (point-max)))))

(ert-deftest replace-string-and-regexp ()
  (with-temp-buffer
    (insert "cat hat cat")
    (goto-char 1)
    (replace-string "cat" "dog")
    (should (equal (buffer-string) "dog hat dog"))
    (goto-char 1)
    (replace-regexp "\\([dh]\\)\\(o\\|a\\)" "\\2\\1")
    (should (equal (buffer-string) "odg aht odg"))))

(ert-deftest replace-preserves-case ()
  (with-temp-buffer
    (insert "foo Foo FOO")
    (goto-char 1)
    (replace-string "foo" "bar")
    (should (equal (buffer-string) "bar Bar BAR"))))

(ert-deftest query-replace-answers ()
  (with-temp-buffer
    (insert "a a a a a")
    (goto-char 1)
    (isearch-replace-tests--keys "yn.\r"
      (query-replace "a" "b"))
    (should (equal (buffer-string) "b a b a a"))
    (goto-char 1)
    (isearch-replace-tests--keys " !"
      (query-replace "a" "c"))
    (should (equal (buffer-string) "b c b c c"))
    (goto-char 1)
    (isearch-replace-tests--keys "\dq"
      (query-replace "b" "d"))
    (should (equal (buffer-string) "b c b c c"))))

(ert-deftest query-replace-region-bound ()
  (with-temp-buffer
    (insert "x x x")
    (isearch-replace-tests--keys "!"
      (query-replace "x" "y" nil 1 4))
    (should (equal (buffer-string) "y y x"))))

(ert-deftest eval-last-sexp-and-print ()
  (with-temp-buffer
    (insert "(+ 1 2)")
    (should (= (eval-last-sexp nil) 3))
    (eval-print-last-sexp)
    (should (equal (buffer-string) "(+ 1 2)\n3\n"))
    (erase-buffer)
    (insert "(list \"a)\" 'b ?\\( [1 2])")
    (should (equal (eval-last-sexp nil) '("a)" b 40 [1 2])))))

(ert-deftest forward-backward-sexp ()
  (with-temp-buffer
    (insert "(a (b \"c)\" d) 'e) f")
    (goto-char 1)
    (forward-sexp)
    (should (= (point) 18))
    (backward-sexp)
    (should (= (point) 1))
    (goto-char 4)
    (forward-sexp)
    (should (= (point) 14))
    (goto-char (point-max))
    (backward-sexp 2)
    (should (= (point) 1))))

(ert-deftest isearch-highlights-for-redisplay ()
  (skip-unless (boundp 'gapmacs-version))
  (with-temp-buffer
    (insert "ab ab ab")
    (goto-char 6)
    (let ((isearch-mode t) (isearch-string "ab") (isearch-regexp nil) (isearch-error nil)
          (isearch-success t) (isearch-other-end 4) (isearch--buffer (current-buffer)))
      (should (equal (sort (gapmacs--highlights (current-buffer))
                           (lambda (a b) (< (car a) (car b))))
                     '((1 3 lazy-highlight) (4 6 isearch) (7 9 lazy-highlight)))))
    (should-not (gapmacs--highlights (current-buffer)))
    (let ((seen nil))
      (goto-char 1)
      (isearch-replace-tests--keys "yq"
        (let ((old (symbol-function 'replace--ask)))
          (unwind-protect
              (progn (fset 'replace--ask
                           (lambda (f to) (push (gapmacs--highlights (current-buffer)) seen)
                             (funcall old f to)))
                     (query-replace "ab" "x"))
            (fset 'replace--ask old))))
      (should (equal (reverse seen) '(((1 3 isearch)) ((3 5 isearch))))))))
