;;; register-tests.el --- lisp/register.el: C-x r s, C-x r i, C-x r j ...  -*- lexical-binding: t -*-

;; Expected values are GNU Emacs 28's; the file also runs there.
;; Registers are read with `read-char', fed from `unread-command-events'.
(when (boundp 'gapmacs-version) (load "loadup" nil t))

(defmacro register-tests--with (text &rest body)
  (declare (indent 1))
  `(let ((register-alist nil))
     (with-temp-buffer
       (insert ,text)
       ,@body)))

(defun register-tests--call (command register &optional prefix)
  "Run COMMAND interactively, answering REGISTER, with PREFIX as C-u."
  (let ((current-prefix-arg prefix)
        (unread-command-events (list register)))
    (call-interactively command)))

(ert-deftest register-set-and-get ()
  (let ((register-alist nil))
    (should-not (get-register ?a))
    (set-register ?a "text")
    (set-register ?b 42)
    (should (equal (get-register ?a) "text"))
    (should (equal (get-register ?b) 42))
    (set-register ?a "new")
    (should (equal (get-register ?a) "new"))
    (should (equal (length register-alist) 2))))

(ert-deftest register-copy-and-insert-text ()
  (register-tests--with "one two"
    (copy-to-register ?c 1 4)
    (should (equal (get-register ?c) "one"))
    (should (equal (buffer-string) "one two"))
    ;; With DELETE-FLAG the text goes.
    (copy-to-register ?d 4 8 t)
    (should (equal (get-register ?d) " two"))
    (should (equal (buffer-string) "one")))
  ;; From Lisp, point stays before the text and the mark goes after it.
  (register-tests--with "hello world"
    (set-register ?a "XYZ")
    (goto-char 3)
    (insert-register ?a)
    (should (equal (list (point) (mark) (buffer-string)) '(3 6 "heXYZllo world")))
    (goto-char 3)
    (insert-register ?a t)
    (should (equal (list (point) (mark) (buffer-string)) '(6 3 "heXYZXYZllo world")))))

(ert-deftest register-interactive-insert ()
  ;; Emacs 28: C-x r i leaves point after the text, C-u C-x r i before it.
  (register-tests--with "hello world"
    (set-register ?a "XYZ")
    (goto-char 3)
    (register-tests--call 'insert-register ?a)
    (should (equal (list (point) (mark) (buffer-string)) '(6 3 "heXYZllo world"))))
  (register-tests--with "hello world"
    (set-register ?a "XYZ")
    (goto-char 3)
    (register-tests--call 'insert-register ?a '(4))
    (should (equal (list (point) (mark) (buffer-string)) '(3 6 "heXYZllo world")))))

(ert-deftest register-interactive-copy ()
  (register-tests--with "one two three"
    (let ((transient-mark-mode t))
      (set-mark 5)
      (goto-char 8)
      (register-tests--call 'copy-to-register ?t)
      (should (equal (get-register ?t) "two"))
      (should (equal (buffer-string) "one two three"))
      (set-mark 5)
      (goto-char 9)
      (register-tests--call 'copy-to-register ?u '(4))
      (should (equal (get-register ?u) "two "))
      (should (equal (buffer-string) "one three")))))

(ert-deftest register-append-and-prepend ()
  (register-tests--with "hello x"
    (set-register ?t "abc")
    (append-to-register ?t 1 3)
    (should (equal (get-register ?t) "abche"))
    (prepend-to-register ?t 6 8)
    (should (equal (get-register ?t) " xabche"))
    (should (equal (buffer-string) "hello x"))
    (append-to-register ?t 1 3 t)
    (should (equal (buffer-string) "llo x"))))

(ert-deftest register-points ()
  (register-tests--with "one two"
    (goto-char 5)
    (point-to-register ?p)
    (should (markerp (get-register ?p)))
    (goto-char 1)
    (jump-to-register ?p)
    (should (= (point) 5))
    ;; Jumping sets the mark where point was.
    (should (= (mark t) 1))))

(ert-deftest register-jump-to-other-buffer ()
  (let ((register-alist nil)
        (b (generate-new-buffer "register-tests-b")))
    (unwind-protect
        (progn
          (with-current-buffer b (insert "abcdef") (goto-char 4) (point-to-register ?m))
          (with-temp-buffer
            (jump-to-register ?m)
            (should (eq (current-buffer) b))
            (should (= (point) 4))))
      (kill-buffer b))
    ;; The buffer is gone: Emacs's error.
    (should (equal (condition-case e (jump-to-register ?m) (user-error (cadr e)))
                   "That register’s buffer no longer exists"))))

(ert-deftest register-killed-file-buffer ()
  ;; A position in a file's buffer outlives it: jumping offers to visit the
  ;; file again (`y-or-n-p' stubbed here).
  (let ((register-alist nil)
        (file (make-temp-file "register-tests"))
        (old (symbol-function 'y-or-n-p))
        (asked nil))
    (unwind-protect
        (progn
          (with-temp-buffer (insert "line one\nline two\n") (write-region nil nil file))
          (let ((b (find-file-noselect file)))
            (with-current-buffer b (goto-char 5) (point-to-register ?f))
            (kill-buffer b))
          (should (equal (get-register ?f) (list 'file-query file 5)))
          (fset 'y-or-n-p (lambda (prompt) (setq asked prompt) t))
          (jump-to-register ?f)
          (should (equal asked (format "Visit file %s again? " file)))
          (should (equal (buffer-file-name) file))
          (should (= (point) 5))
          (kill-buffer (current-buffer)))
      (fset 'y-or-n-p old)
      (delete-file file))))

(ert-deftest register-errors ()
  (register-tests--with "x"
    (set-register ?t "text")
    (should (equal (condition-case e (jump-to-register ?t) (user-error (cadr e)))
                   "Register doesn’t contain a buffer position or configuration"))
    (should (equal (condition-case e (jump-to-register ?q) (user-error (cadr e)))
                   "Register doesn’t contain a buffer position or configuration"))
    (should (equal (condition-case e (insert-register ?q) (user-error (cadr e)))
                   "Register does not contain text"))
    (set-register ?r '("ab"))
    (should (equal (condition-case e (increment-register 1 ?r) (user-error (cadr e)))
                   "Register does not contain a number or text"))))

(ert-deftest register-numbers ()
  (register-tests--with "hello 42 world"
    (goto-char 7)
    ;; Without a prefix the number at point is read and skipped.
    (number-to-register nil ?n)
    (should (equal (list (point) (get-register ?n)) '(9 42)))
    (increment-register 5 ?n)
    (should (equal (get-register ?n) 47))
    (increment-register nil ?n)
    (should (equal (get-register ?n) 48))
    (insert-register ?n)
    (should (equal (list (point) (buffer-string)) '(9 "hello 4248 world"))))
  (register-tests--with "hello -42x"
    (goto-char 6)
    (number-to-register nil ?n)
    (should (equal (list (point) (get-register ?n)) '(10 -42))))
  (register-tests--with "hello x"
    (goto-char 6)
    (number-to-register nil ?n)
    (should (equal (list (point) (get-register ?n)) '(6 0)))
    (number-to-register 7 ?n)
    (should (equal (get-register ?n) 7))
    (number-to-register '(4) ?n)
    (should (equal (get-register ?n) 4))))

(ert-deftest register-increment-text-appends-region ()
  (register-tests--with "hello x"
    (set-register ?t "abc")
    (goto-char 1)
    (set-mark 3)
    (increment-register nil ?t)
    (should (equal (list (get-register ?t) (buffer-string)) '("abche" "hello x")))))

(ert-deftest register-rectangles ()
  (register-tests--with "one\ntwo\nthree"
    (copy-rectangle-to-register ?r 1 (point-max))
    (should (equal (get-register ?r) '("one  " "two  " "three")))
    (goto-char 2)
    (insert-register ?r)
    (should (equal (buffer-string) "oone  ne\nttwo  wo\ntthreehree"))
    (should (= (point) 2)))
  (register-tests--with "one\ntwo\nthree"
    (copy-rectangle-to-register ?r 2 10 t)
    (should (equal (get-register ?r) '("" "" "")))
    (copy-rectangle-to-register ?r 1 11 t)
    (should (equal (get-register ?r) '("on" "tw" "th")))
    (should (equal (buffer-string) "e\no\nree"))))

(ert-deftest register-view ()
  (let ((register-alist nil))
    (set-register ?c "first line\nsecond")
    (set-register ?n 42)
    (set-register ?r '("ab" "cd"))
    (view-register ?c)
    (should (equal (with-current-buffer "*Output*" (buffer-string))
                   "Register c contains the text:\nfirst line\nsecond\n"))
    (view-register ?n)
    (should (equal (with-current-buffer "*Output*" (buffer-string)) "Register n contains 42\n"))
    (view-register ?r)
    (should (equal (with-current-buffer "*Output*" (buffer-string))
                   "Register r contains the rectangle:\n    ab\n    cd\n"))
    (with-temp-buffer
      (rename-buffer "register-tests-view")
      (insert "one two")
      (goto-char 5)
      (point-to-register ?p)
      (view-register ?p)
      (should (equal (with-current-buffer "*Output*" (buffer-string))
                     "Register p contains a buffer position:\n    buffer register-tests-view, position 5\n")))
    (view-register ?p)
    (should (equal (with-current-buffer "*Output*" (buffer-string))
                   "Register p contains a marker in no buffer\n"))))

(ert-deftest register-keys ()
  (dolist (k '(("C-x r s" . copy-to-register) ("C-x r x" . copy-to-register)
               ("C-x r i" . insert-register) ("C-x r g" . insert-register)
               ("C-x r SPC" . point-to-register) ("C-x r j" . jump-to-register)
               ("C-x r r" . copy-rectangle-to-register) ("C-x r n" . number-to-register)
               ("C-x r +" . increment-register)))
    (should (eq (key-binding (kbd (car k))) (cdr k)))))

;;; register-tests.el ends here

(ert-deftest register-values-through-generic-functions ()
  ;; As Emacs's register.el: jump-to-register, insert-register and the
  ;; descriptions go through register-val-jump-to, -insert and -describe,
  ;; where kmacro.el keeps a keyboard macro (consult-register's methods
  ;; need its type).  They need Emacs's library (cl-generic).
  (skip-unless (fboundp 'cl-struct-define))
  (require 'kmacro)
  (register-tests--with "abc"
    (let ((last-kbd-macro (kbd "C-a x")))
      (kmacro-to-register ?k))
    (set-register ?t "  hello world")
    (set-register ?m (copy-marker 2))
    (should (kmacro-register-p (get-register ?k)))
    (should (equal (mapcar (lambda (v) (with-output-to-string (register-val-describe v nil)))
                           (list (get-register ?k) (get-register ?t) 42 (get-register ?m) '("ab" "cd")))
                   (list "a keyboard macro:\n   C-a x" "text starting with\n    hello world" "42"
                         (format "a buffer position:\n    buffer %s, position 2" (buffer-name))
                         "a rectangle starting with ab")))
    (insert-register ?k)
    (should (equal (buffer-string) "abcC-a x"))
    (should (equal (should-error (register-val-jump-to 42 nil))
                   '(user-error "Register doesn’t contain a buffer position or configuration")))))
