;;; lisp-indent-tests.el --- indent-region, lisp-indent-line, indent-sexp, TAB  -*- lexical-binding: t -*-

;; Each expected value is what GNU Emacs 28 gives (this file passes in both).
(when (boundp 'gapmacs-version) (load "loadup" nil t))

(ert-deftest lisp-indent-1 ()
  (should (equal (with-temp-buffer (emacs-lisp-mode) (setq-local indent-tabs-mode nil) (insert "(foo a\nb\nc)") (indent-region (point-min) (point-max)) (buffer-string))
                 '"(foo a
     b
     c)")))

(ert-deftest lisp-indent-2 ()
  (should (equal (with-temp-buffer (emacs-lisp-mode) (setq-local indent-tabs-mode nil) (insert "(foo\na\nb)") (indent-region (point-min) (point-max)) (buffer-string))
                 '"(foo
 a
 b)")))

(ert-deftest lisp-indent-3 ()
  (should (equal (with-temp-buffer (emacs-lisp-mode) (setq-local indent-tabs-mode nil) (insert "(foo (bar a\nb)\nc\n(baz\nd))") (indent-region (point-min) (point-max)) (buffer-string))
                 '"(foo (bar a
          b)
     c
     (baz
      d))")))

(ert-deftest lisp-indent-4 ()
  (should (equal (with-temp-buffer (emacs-lisp-mode) (setq-local indent-tabs-mode nil) (insert "((lambda (x) x)\n1\n2)") (indent-region (point-min) (point-max)) (buffer-string))
                 '"((lambda (x) x)
 1
 2)")))

(ert-deftest lisp-indent-5 ()
  (should (equal (with-temp-buffer (emacs-lisp-mode) (setq-local indent-tabs-mode nil) (insert "(foo\na\n)") (indent-region (point-min) (point-max)) (buffer-string))
                 '"(foo
 a
 )")))

(ert-deftest lisp-indent-6 ()
  (should (equal (with-temp-buffer (emacs-lisp-mode) (setq-local indent-tabs-mode nil) (insert "(defun f (x)\n\"Doc.\"\n(let ((y 1))\n(+ x y)))") (indent-region (point-min) (point-max)) (buffer-string))
                 '"(defun f (x)
  \"Doc.\"
  (let ((y 1))
    (+ x y)))")))

(ert-deftest lisp-indent-7 ()
  (should (equal (with-temp-buffer (emacs-lisp-mode) (setq-local indent-tabs-mode nil) (insert "(defun g\n(a b)\n(list a\nb))") (indent-region (point-min) (point-max)) (buffer-string))
                 '"(defun g
    (a b)
  (list a
        b))")))

(ert-deftest lisp-indent-8 ()
  (should (equal (with-temp-buffer (emacs-lisp-mode) (setq-local indent-tabs-mode nil) (insert "(defmacro m (x &rest body)\n(declare (indent 1))\n`(let ((it ,x))\n,@body))") (indent-region (point-min) (point-max)) (buffer-string))
                 '"(defmacro m (x &rest body)
  (declare (indent 1))
  `(let ((it ,x))
     ,@body))")))

(ert-deftest lisp-indent-9 ()
  (should (equal (with-temp-buffer (emacs-lisp-mode) (setq-local indent-tabs-mode nil) (insert "(mapcar (lambda (x)\n(* x 2))\nlst)") (indent-region (point-min) (point-max)) (buffer-string))
                 '"(mapcar (lambda (x)
          (* x 2))
        lst)")))

(ert-deftest lisp-indent-10 ()
  (should (equal (with-temp-buffer (emacs-lisp-mode) (setq-local indent-tabs-mode nil) (insert "(mapcar #'(lambda (x)\n(* x 2))\nlst)") (indent-region (point-min) (point-max)) (buffer-string))
                 '"(mapcar #'(lambda (x)
            (* x 2))
        lst)")))

(ert-deftest lisp-indent-11 ()
  (should (equal (with-temp-buffer (emacs-lisp-mode) (setq-local indent-tabs-mode nil) (insert "(defvar my-var\n1\n\"Doc.\")\n(defcustom my-opt nil\n\"Doc.\"\n:type 'boolean)\n(define-thing x\ny)") (indent-region (point-min) (point-max)) (buffer-string))
                 '"(defvar my-var
  1
  \"Doc.\")
(defcustom my-opt nil
  \"Doc.\"
  :type 'boolean)
(define-thing x
  y)")))

(ert-deftest lisp-indent-12 ()
  (should (equal (with-temp-buffer (emacs-lisp-mode) (setq-local indent-tabs-mode nil) (insert "(let ((a 1)\n(b 2))\n(foo a)\n(bar b))") (indent-region (point-min) (point-max)) (buffer-string))
                 '"(let ((a 1)
      (b 2))
  (foo a)
  (bar b))")))

(ert-deftest lisp-indent-13 ()
  (should (equal (with-temp-buffer (emacs-lisp-mode) (setq-local indent-tabs-mode nil) (insert "(let*\n((a 1)\n(b\n(+ a 1)))\n(list a b))") (indent-region (point-min) (point-max)) (buffer-string))
                 '"(let*
    ((a 1)
     (b
      (+ a 1)))
  (list a b))")))

(ert-deftest lisp-indent-14 ()
  (should (equal (with-temp-buffer (emacs-lisp-mode) (setq-local indent-tabs-mode nil) (insert "(let ((a 1)) (foo a)\n(bar a))") (indent-region (point-min) (point-max)) (buffer-string))
                 '"(let ((a 1)) (foo a)
     (bar a))")))

(ert-deftest lisp-indent-15 ()
  (should (equal (with-temp-buffer (emacs-lisp-mode) (setq-local indent-tabs-mode nil) (insert "(when x\n(a)\n(b))\n(unless\nx\n(a))\n(while (< i 3)\n(setq i (1+ i)))") (indent-region (point-min) (point-max)) (buffer-string))
                 '"(when x
  (a)
  (b))
(unless
    x
  (a))
(while (< i 3)
  (setq i (1+ i)))")))

(ert-deftest lisp-indent-16 ()
  (should (equal (with-temp-buffer (emacs-lisp-mode) (setq-local indent-tabs-mode nil) (insert "(dolist (x xs)\n(print x))\n(dotimes (i 3)\n(print i)\n(print (* i i)))") (indent-region (point-min) (point-max)) (buffer-string))
                 '"(dolist (x xs)
  (print x))
(dotimes (i 3)
  (print i)
  (print (* i i)))")))

(ert-deftest lisp-indent-17 ()
  (should (equal (with-temp-buffer (emacs-lisp-mode) (setq-local indent-tabs-mode nil) (insert "(condition-case err\n(foo)\n(error\n(message \"%s\" err))\n(quit nil))") (indent-region (point-min) (point-max)) (buffer-string))
                 '"(condition-case err
    (foo)
  (error
   (message \"%s\" err))
  (quit nil))")))

(ert-deftest lisp-indent-18 ()
  (should (equal (with-temp-buffer (emacs-lisp-mode) (setq-local indent-tabs-mode nil) (insert "(condition-case\nerr\n(foo)\n(error nil))") (indent-region (point-min) (point-max)) (buffer-string))
                 '"(condition-case
    err
    (foo)
  (error nil))")))

(ert-deftest lisp-indent-19 ()
  (should (equal (with-temp-buffer (emacs-lisp-mode) (setq-local indent-tabs-mode nil) (insert "(unwind-protect\n(foo)\n(bar)\n(baz))\n(unwind-protect (foo)\n(bar))") (indent-region (point-min) (point-max)) (buffer-string))
                 '"(unwind-protect
    (foo)
  (bar)
  (baz))
(unwind-protect (foo)
  (bar))")))

(ert-deftest lisp-indent-20 ()
  (should (equal (with-temp-buffer (emacs-lisp-mode) (setq-local indent-tabs-mode nil) (insert "(save-excursion\n(a)\n(b))\n(progn (a)\n(b))\n(progn\n(a))") (indent-region (point-min) (point-max)) (buffer-string))
                 '"(save-excursion
  (a)
  (b))
(progn (a)
       (b))
(progn
  (a))")))

(ert-deftest lisp-indent-21 ()
  (should (equal (with-temp-buffer (emacs-lisp-mode) (setq-local indent-tabs-mode nil) (insert "(prog1 (a)\n(b))\n(catch 'done\n(throw 'done 1))\n(save-restriction\n(widen))") (indent-region (point-min) (point-max)) (buffer-string))
                 '"(prog1 (a)
  (b))
(catch 'done
  (throw 'done 1))
(save-restriction
  (widen))")))

(ert-deftest lisp-indent-22 ()
  (should (equal (with-temp-buffer (emacs-lisp-mode) (setq-local indent-tabs-mode nil) (insert "(if (> x 0)\n(foo)\n(bar)\n(baz))") (indent-region (point-min) (point-max)) (buffer-string))
                 '"(if (> x 0)
    (foo)
  (bar)
  (baz))")))

(ert-deftest lisp-indent-23 ()
  (should (equal (with-temp-buffer (emacs-lisp-mode) (setq-local indent-tabs-mode nil) (insert "(if\n(> x 0)\n(foo)\n(bar))\n(if x (foo)\n(bar))") (indent-region (point-min) (point-max)) (buffer-string))
                 '"(if
    (> x 0)
    (foo)
  (bar))
(if x (foo)
  (bar))")))

(ert-deftest lisp-indent-24 ()
  (should (equal (with-temp-buffer (emacs-lisp-mode) (setq-local indent-tabs-mode nil) (insert "(cond ((a)\n(b))\n((c) (d)\n(e))\n(t\n(f)))") (indent-region (point-min) (point-max)) (buffer-string))
                 '"(cond ((a)
       (b))
      ((c) (d)
       (e))
      (t
       (f)))")))

(ert-deftest lisp-indent-25 ()
  (should (equal (with-temp-buffer (emacs-lisp-mode) (setq-local indent-tabs-mode nil) (insert "(cond\n((a) 1)\n(t 2))") (indent-region (point-min) (point-max)) (buffer-string))
                 '"(cond
 ((a) 1)
 (t 2))")))

(ert-deftest lisp-indent-26 ()
  (should (equal (with-temp-buffer (emacs-lisp-mode) (setq-local indent-tabs-mode nil) (insert "(with-temp-buffer\n(insert \"x\")\n(buffer-string))\n(with-current-buffer buf\n(erase-buffer))\n(with-current-buffer\nbuf\n(erase-buffer))") (indent-region (point-min) (point-max)) (buffer-string))
                 '"(with-temp-buffer
  (insert \"x\")
  (buffer-string))
(with-current-buffer buf
  (erase-buffer))
(with-current-buffer
    buf
  (erase-buffer))")))

(ert-deftest lisp-indent-27 ()
  (should (equal (progn (defmacro my-with-foo (x &rest body) (declare (indent 1)) `(let ((foo ,x)) ,@body)) (with-temp-buffer (emacs-lisp-mode) (setq-local indent-tabs-mode nil) (insert "(my-with-foo 1\n(a)\n(b))\n(my-with-foo\n1\n(a))") (indent-region (point-min) (point-max)) (list (function-get 'my-with-foo 'lisp-indent-function) (buffer-string))))
                 '(1 "(my-with-foo 1
  (a)
  (b))
(my-with-foo
    1
  (a))"))))

(ert-deftest lisp-indent-28 ()
  (should (equal (progn (defmacro my-def-foo (name &rest body) (declare (indent defun)) `(defun ,name () ,@body)) (with-temp-buffer (emacs-lisp-mode) (setq-local indent-tabs-mode nil) (insert "(my-def-foo bar\n(a)\n(b))") (indent-region (point-min) (point-max)) (list (function-get 'my-def-foo 'lisp-indent-function) (buffer-string))))
                 '(defun "(my-def-foo bar
  (a)
  (b))"))))

(ert-deftest lisp-indent-29 ()
  (should (equal (with-temp-buffer (emacs-lisp-mode) (setq-local indent-tabs-mode nil) (insert "(my-no-such-form-xyz 1\n(a)\n(b))") (indent-region (point-min) (point-max)) (buffer-string))
                 '"(my-no-such-form-xyz 1
                     (a)
                     (b))")))

(ert-deftest lisp-indent-30 ()
  (should (equal (with-temp-buffer (emacs-lisp-mode) (setq-local indent-tabs-mode nil) (insert "(setq x '(a\nb\nc))\n(setq y '(when\nb\nc))") (indent-region (point-min) (point-max)) (buffer-string))
                 '"(setq x '(a
          b
          c))
(setq y '(when
             b
           c))")))

(ert-deftest lisp-indent-31 ()
  (should (equal (with-temp-buffer (emacs-lisp-mode) (setq-local indent-tabs-mode nil) (insert "'(\na\nb)\n'((a . 1)\n(b . 2))") (indent-region (point-min) (point-max)) (buffer-string))
                 '"'(
  a
  b)
'((a . 1)
  (b . 2))")))

(ert-deftest lisp-indent-32 ()
  (should (equal (with-temp-buffer (emacs-lisp-mode) (setq-local indent-tabs-mode nil) (insert "`(foo ,a\n,@b)\n`(let ((x ,y))\n,@body)") (indent-region (point-min) (point-max)) (buffer-string))
                 '"`(foo ,a
      ,@b)
`(let ((x ,y))
   ,@body)")))

(ert-deftest lisp-indent-33 ()
  (should (equal (with-temp-buffer (emacs-lisp-mode) (setq-local indent-tabs-mode nil) (insert "(setq v [a\nb\nc])\n(setq w [\na b\nc])") (indent-region (point-min) (point-max)) (buffer-string))
                 '"(setq v [a
         b
         c])
(setq w [
         a b
         c])")))

(ert-deftest lisp-indent-34 ()
  (should (equal (with-temp-buffer (emacs-lisp-mode) (setq-local indent-tabs-mode nil) (insert "(foo \"line1\nline2\n      line3\"\nbar)") (indent-region (point-min) (point-max)) (buffer-string))
                 '"(foo \"line1
line2
      line3\"
     bar)")))

(ert-deftest lisp-indent-35 ()
  (should (equal (with-temp-buffer (emacs-lisp-mode) (setq-local indent-tabs-mode nil) (insert "(defun f ()\n\"First line.\n   Second line.\"\n(g \"a\"\n\"b\"))") (indent-region (point-min) (point-max)) (buffer-string))
                 '"(defun f ()
  \"First line.
   Second line.\"
  (g \"a\"
     \"b\"))")))

(ert-deftest lisp-indent-36 ()
  (should (equal (with-temp-buffer (emacs-lisp-mode) (setq-local indent-tabs-mode nil) (insert "(foo \"a\nb\")") (goto-char 9) (lisp-indent-line) (list (point) (buffer-string)))
                 '(9 "(foo \"a
b\")"))))

(ert-deftest lisp-indent-37 ()
  (should (equal (with-temp-buffer (emacs-lisp-mode) (setq-local indent-tabs-mode nil) (insert "(defun f ()\n;; two\n(a)\n    ;;; three\n(b))\n;;; top") (indent-region (point-min) (point-max)) (buffer-string))
                 '"(defun f ()
  ;; two
  (a)
    ;;; three
  (b))
;;; top")))

(ert-deftest lisp-indent-38 ()
  (should (equal (with-temp-buffer (emacs-lisp-mode) (setq-local indent-tabs-mode nil) (insert "(defun f ()\n; one\n(a))") (indent-region (point-min) (point-max)) (buffer-string))
                 '"(defun f ()
                                        ; one
  (a))")))

(ert-deftest lisp-indent-39 ()
  (should (equal (with-temp-buffer (emacs-lisp-mode) (setq-local indent-tabs-mode nil) (insert "(defun f ()\n; one\n(a))") (goto-char 13) (lisp-indent-line) (list (point) (buffer-string)))
                 '(54 "(defun f ()
                                        ; one
(a))"))))

(ert-deftest lisp-indent-40 ()
  (should (equal (with-temp-buffer (emacs-lisp-mode) (setq-local indent-tabs-mode nil) (insert "(defun f ()\n    ;; two\n(a))") (goto-char 13) (lisp-indent-line) (list (point) (buffer-string)))
                 '(15 "(defun f ()
  ;; two
(a))"))))

(ert-deftest lisp-indent-41 ()
  (should (equal (with-temp-buffer (emacs-lisp-mode) (setq-local indent-tabs-mode nil) (insert "(defun f ()\n    ;;; three\n(a))") (goto-char 13) (lisp-indent-line) (list (point) (buffer-string)))
                 '(13 "(defun f ()
    ;;; three
(a))"))))

(ert-deftest lisp-indent-42 ()
  (should (equal (with-temp-buffer (emacs-lisp-mode) (setq-local indent-tabs-mode nil) (insert "(foo a ; c1\nb) ; c2\n(bar ;; c3\nc)") (indent-region (point-min) (point-max)) (buffer-string))
                 '"(foo a ; c1
     b) ; c2
(bar ;; c3
 c)")))

(ert-deftest lisp-indent-43 ()
  (should (equal (with-temp-buffer (emacs-lisp-mode) (setq-local indent-tabs-mode nil) (insert "(:a 1\n:b 2)\n'(:a 1\n:b 2)\n(list :a 1\n:b 2)") (indent-region (point-min) (point-max)) (buffer-string))
                 '"(:a 1
    :b 2)
'(:a 1
     :b 2)
(list :a 1
      :b 2)")))

(ert-deftest lisp-indent-44 ()
  (should (equal (with-temp-buffer (emacs-lisp-mode) (setq-local indent-tabs-mode nil) (insert "(foo :a\n1\n:b\n2)\n(:a\n1)") (indent-region (point-min) (point-max)) (buffer-string))
                 '"(foo :a
     1
     :b
     2)
(:a
 1)")))

(ert-deftest lisp-indent-45 ()
  (should (equal (with-temp-buffer (emacs-lisp-mode) (setq-local indent-tabs-mode nil) (insert "(defun f (x)\n(let ((y (car x)))\n(when y\n(dolist (z y)\n(if (consp z)\n(progn\n(a z)\n(b z))\n(c (d z\ne)))))))") (indent-region (point-min) (point-max)) (buffer-string))
                 '"(defun f (x)
  (let ((y (car x)))
    (when y
      (dolist (z y)
        (if (consp z)
            (progn
              (a z)
              (b z))
          (c (d z
                e)))))))")))

(ert-deftest lisp-indent-46 ()
  (should (equal (with-temp-buffer (emacs-lisp-mode) (setq-local indent-tabs-mode nil) (insert "(defun f (x)\n  (let ((y 1))\n    (if x\n        (foo y)\n      (bar x\n           y))))") (let ((before (buffer-string))) (indent-region (point-min) (point-max)) (list (equal before (buffer-string)) (buffer-string))))
                 '(t "(defun f (x)
  (let ((y 1))
    (if x
        (foo y)
      (bar x
           y))))"))))

(ert-deftest lisp-indent-47 ()
  (should (equal (with-temp-buffer (emacs-lisp-mode) (setq-local indent-tabs-mode nil) (insert "  (foo)\n   (bar\n\ta\n\n   \n b)") (indent-region (point-min) (point-max)) (split-string (buffer-string) "\n"))
                 '("(foo)" "(bar" " a" "" " " " b)"))))

(ert-deftest lisp-indent-48 ()
  (should (equal (with-temp-buffer (emacs-lisp-mode) (setq-local indent-tabs-mode nil) (insert "(foo a\nb)") (goto-char 8) (lisp-indent-line) (list (point) (buffer-string)))
                 '(13 "(foo a
     b)"))))

(ert-deftest lisp-indent-49 ()
  (should (equal (with-temp-buffer (emacs-lisp-mode) (setq-local indent-tabs-mode nil) (insert "(foo a\nbar)") (goto-char 9) (lisp-indent-line) (list (point) (buffer-string)))
                 '(14 "(foo a
     bar)"))))

(ert-deftest lisp-indent-50 ()
  (should (equal (with-temp-buffer (emacs-lisp-mode) (setq-local indent-tabs-mode nil) (insert "(foo a\n          bar)") (goto-char 11) (lisp-indent-line) (list (point) (buffer-string)))
                 '(13 "(foo a
     bar)"))))

(ert-deftest lisp-indent-51 ()
  (should (equal (with-temp-buffer (emacs-lisp-mode) (setq-local indent-tabs-mode nil) (insert "(foo a\n          bar)") (goto-char 20) (indent-according-to-mode) (list (point) (buffer-string)))
                 '(15 "(foo a
     bar)"))))

(ert-deftest lisp-indent-52 ()
  (should (equal (with-temp-buffer (emacs-lisp-mode) (setq-local indent-tabs-mode nil) (insert "(when x\n(a)\n(b))") (goto-char 10) (indent-according-to-mode) (list (point) (buffer-string)))
                 '(12 "(when x
  (a)
(b))"))))

(ert-deftest lisp-indent-53 ()
  (should (equal (with-temp-buffer (emacs-lisp-mode) (setq-local indent-tabs-mode nil) (insert "(defun f ()\n(let ((a 1))\n(foo a\nb)))\n(bar\n     c)") (goto-char (point-min)) (indent-sexp) (list (point) (buffer-string)))
                 '(1 "(defun f ()
  (let ((a 1))
    (foo a
         b)))
(bar
     c)"))))

(ert-deftest lisp-indent-54 ()
  (should (equal (with-temp-buffer (emacs-lisp-mode) (setq-local indent-tabs-mode nil) (insert "(when x\n(foo a\nb)\n(bar\nc))") (goto-char 9) (indent-sexp) (list (point) (buffer-string)))
                 '(9 "(when x
(foo a
     b)
(bar
c))"))))

(ert-deftest lisp-indent-55 ()
  (should (equal (with-temp-buffer (emacs-lisp-mode) (setq-local indent-tabs-mode nil) (insert "(when x\n        (a))") (goto-char 12) (indent-for-tab-command) (list (point) (buffer-string)))
                 '(11 "(when x
  (a))"))))

(ert-deftest lisp-indent-56 ()
  (should (equal (with-temp-buffer (emacs-lisp-mode) (setq-local indent-tabs-mode nil) (insert "(when x\n(abc))") (goto-char 11) (indent-for-tab-command) (list (point) (buffer-string)))
                 '(13 "(when x
  (abc))"))))

(ert-deftest lisp-indent-57 ()
  (should (equal (with-temp-buffer (emacs-lisp-mode) (setq-local indent-tabs-mode nil) (insert "(when x\n(abc))") (goto-char (point-max)) (indent-for-tab-command) (list (point) (buffer-string)))
                 '(17 "(when x
  (abc))"))))

(ert-deftest lisp-indent-58 ()
  (should (equal (with-temp-buffer (emacs-lisp-mode) (setq-local indent-tabs-mode nil) (insert "(when x\n  (abc))") (goto-char 10) (indent-for-tab-command) (list (point) (buffer-string)))
                 '(11 "(when x
  (abc))"))))

(ert-deftest lisp-indent-59 ()
  (should (equal (with-temp-buffer (emacs-lisp-mode) (setq-local indent-tabs-mode nil) (insert "(when x\n  (abc))") (goto-char 13) (indent-for-tab-command) (list (point) (buffer-string)))
                 '(13 "(when x
  (abc))"))))
