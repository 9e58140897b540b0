;;; elpa-ht-tests.el --- Debian's ht.el (define-inline functions) loads and agrees with Emacs 28  -*- lexical-binding: t -*-


;; Each expected value is what GNU Emacs 28 gives (this file passes in both).
;; ht 2.3 as Debian ships it (elpa-ht; `make elpa' unpacks it), loaded
;; unchanged: its functions are written with define-inline (lisp/inline.el).
(load (expand-file-name "elpa-load-path" (file-name-directory (or load-file-name buffer-file-name))) nil t)
(require 'ht)

(ert-deftest elpa-ht-1 ()
  (should (equal (let ((h (ht-create))) (ht-set! h "a" 1) (ht-set! h "b" 2) (list (ht-get h "a") (ht-get h "z" 'none) (ht-size h) (sort (ht-keys h) #'string<)))
                 '(1 none 2 ("a" "b")))))

(ert-deftest elpa-ht-2 ()
  (should (equal (let ((h (ht ("x" (ht ("y" 42)))))) (ht-get* h "x" "y"))
                 '42)))

(ert-deftest elpa-ht-3 ()
  (should (equal (ht-items (ht<-alist '((a . 1))))
                 '((a 1)))))

(ert-deftest elpa-ht-4 ()
  (should (equal (ht->alist (ht<-plist '(:k 1)))
                 '((:k . 1)))))

(ert-deftest elpa-ht-5 ()
  (should (equal (let ((h (ht (1 2) (3 4)))) (list (ht-contains\? h 1) (ht-contains\? h 2) (ht-empty\? h) (ht-empty\? (ht-create))))
                 '(t nil nil t))))

(ert-deftest elpa-ht-6 ()
  (should (equal (let ((h (ht ("a" 1)))) (setf (ht-get h "b") 5) (sort (ht-values h) #'<))
                 '(1 5))))

(ert-deftest elpa-ht-7 ()
  (should (equal (let ((h (ht ("a" 1) ("b" 2)))) (ht-remove! h "a") (ht-keys h))
                 '("b"))))

(ert-deftest elpa-ht-8 ()
  (should (equal (ht-map (lambda (k v) (* v 10)) (ht ("a" 1)))
                 '(10))))

(ert-deftest elpa-ht-9 ()
  (should (equal (ht->alist (ht-select (lambda (k v) (> v 1)) (ht ("a" 1) ("b" 2))))
                 '(("b" . 2)))))

(ert-deftest elpa-ht-10 ()
  (should (equal (ht->alist (ht-merge (ht ("a" 1)) (ht ("a" 2) ("b" 3))))
                 '(("b" . 3) ("a" . 2)))))

(ert-deftest elpa-ht-11 ()
  (should (equal (ht-equal\? (ht ("a" 1)) (ht ("a" 1)))
                 't)))

(ert-deftest elpa-ht-12 ()
  (should (equal (ht-find (lambda (k v) (= v 2)) (ht ("a" 1) ("b" 2)))
                 '("b" 2))))

(ert-deftest elpa-ht-13 ()
  (should (equal (let ((n 0)) (ht-each (lambda (k v) (setq n (+ n v))) (ht ("a" 1) ("b" 2))) n)
                 '3)))

(ert-deftest elpa-ht-14 ()
  (should (equal (ht-get (ht-copy (ht ("a" 1))) "a")
                 '1)))

(ert-deftest elpa-ht-15 ()
  (should (equal (let ((h (ht ("a" 1)))) (ht-clear! h) (ht-size h))
                 '0)))

