;;; load-tests.el --- load-path, require, autoload, eval-after-load, custom  -*- lexical-binding: t -*-

;; Needs the editor: files, regexps (runs in batch mode, not on the language alone).

(require 'subr-x)

(defvar load-tests--log nil)

(defun load-tests--make-dir (files)
  "A temporary directory holding FILES, an alist (NAME . CONTENTS)."
  (let ((dir (file-name-as-directory (make-temp-file "load-tests" t))))
    (dolist (f files)
      (with-temp-buffer
        (insert (cdr f))
        (write-region (point-min) (point-max) (concat dir (car f)) nil 'silent)))
    dir))

(ert-deftest load-tests-emacs-feature ()
  (should (featurep 'emacs))
  (should (= emacs-major-version 28))
  (should (string-prefix-p "28." emacs-version))
  (should (listp load-path)))

(ert-deftest load-tests-require-along-load-path ()
  (let* ((dir (load-tests--make-dir
               '(("load-tests-a.el" . ";;; -*- lexical-binding: t -*-\n(defvar load-tests-a-count 0)\n(setq load-tests-a-count (1+ load-tests-a-count))\n(defun load-tests-a-lexical-p () (let ((x 1)) (functionp (lambda () x))))\n(defun load-tests-a-closure () (let ((x 1)) (lambda () x)))\n(provide 'load-tests-a)\n")
                 ("load-tests-b.el" . "(defvar load-tests-b-loaded t)\n")
                 ("load-tests-c" . "(defvar load-tests-c-nosuffix t)\n"))))
         (load-path (cons dir load-path)))
    (should (eq (require 'load-tests-a) 'load-tests-a))
    (should (featurep 'load-tests-a))
    (should (= load-tests-a-count 1))
    (should (eq (require 'load-tests-a) 'load-tests-a))
    (should (= load-tests-a-count 1))
    ;; The lexical-binding cookie is honoured: a closure is made.
    (should (eq (car-safe (load-tests-a-closure)) 'closure))
    ;; A file that does not provide its feature.
    (should-error (require 'load-tests-b) :type 'error)
    ;; NOERROR and a missing file.
    (should-not (require 'load-tests-missing nil t))
    (should-error (require 'load-tests-missing) :type 'file-missing)
    ;; FILENAME argument; NOERROR does not excuse a missing feature.
    (should-error (require 'load-tests-a2 "load-tests-a" t) :type 'error)
    (should (eq (require 'load-tests-a3 "load-tests-nothing" t) nil))
    ;; load: NOSUFFIX, MISSING-OK.
    (should (load "load-tests-c" nil t))
    (should (load "load-tests-c" nil t t))
    (should-not (load "load-tests-b" t t t))
    (should-not (load "load-tests-nothing" t t))
    (should-error (load "load-tests-nothing" nil t) :type 'file-missing)
    (should (equal (locate-library "load-tests-b") (concat dir "load-tests-b.el")))
    (should-not (locate-library "load-tests-b" t))
    (should (equal (locate-file "load-tests-b" (list dir) '(".el")) (concat dir "load-tests-b.el")))
    (delete-directory dir t)))

(ert-deftest load-tests-featurep-subfeatures ()
  (provide 'load-tests-sub '(one two))
  (should (featurep 'load-tests-sub))
  (should (featurep 'load-tests-sub 'one))
  (should-not (featurep 'load-tests-sub 'three)))

(ert-deftest load-tests-autoload ()
  (let* ((dir (load-tests--make-dir
               '(("load-tests-auto.el" . ";;; -*- lexical-binding: t -*-\n(defun load-tests-auto-fn (x) (* x 2))\n(defmacro load-tests-auto-mac (x) (list 'quote x))\n(provide 'load-tests-auto)\n")
                 ("load-tests-bad.el" . "(provide 'load-tests-bad)\n"))))
         (load-path (cons dir load-path)))
    (autoload 'load-tests-auto-fn "load-tests-auto")
    (autoload 'load-tests-auto-mac "load-tests-auto" nil nil t)
    (should (autoloadp (symbol-function 'load-tests-auto-fn)))
    (should (functionp 'load-tests-auto-fn))
    (should (= (load-tests-auto-fn 21) 42))
    (should-not (autoloadp (symbol-function 'load-tests-auto-fn)))
    (should (featurep 'load-tests-auto))
    (should (eq (load-tests-auto-mac foo) 'foo))
    ;; An already defined function is left alone.
    (should-not (autoload 'load-tests-auto-fn "load-tests-bad"))
    (autoload 'load-tests-never-defined "load-tests-bad")
    (should-error (load-tests-never-defined) :type 'error)
    (autoload 'load-tests-auto-2 "load-tests-missing-file")
    (should-error (funcall 'load-tests-auto-2) :type 'file-missing)
    (delete-directory dir t)))

(ert-deftest load-tests-eval-after-load ()
  (setq load-tests--log nil)
  (with-eval-after-load 'load-tests-eal (push 'first load-tests--log))
  (eval-after-load 'load-tests-eal '(push 'second load-tests--log))
  (should-not load-tests--log)
  (provide 'load-tests-eal)
  (should (equal load-tests--log '(second first)))
  ;; Already provided: runs at once.
  (with-eval-after-load 'load-tests-eal (push 'third load-tests--log))
  (should (equal load-tests--log '(third second first))))

(ert-deftest load-tests-eval-after-load-file ()
  (let* ((dir (load-tests--make-dir '(("load-tests-eal2.el" . "(defvar load-tests-eal2 1)\n"))))
         (load-path (cons dir load-path))
         (log nil))
    (eval-after-load "load-tests-eal2" (lambda () (push 'loaded log)))
    (load "load-tests-eal2" nil t)
    (should (equal log '(loaded)))
    (delete-directory dir t)))

(ert-deftest load-tests-compile-forms ()
  (should (equal (eval-when-compile (+ 1 2)) 3))
  (should (equal (eval-and-compile (+ 1 2)) 3))
  (should-not (declare-function load-tests-foo "foo" (x))))

(defgroup load-tests-group nil "A test group." :prefix "load-tests-" :group 'lisp)
(defcustom load-tests-option 42 "An option." :type 'integer :group 'load-tests-group)
(defvar load-tests-set-log nil)
(defcustom load-tests-option-set 1 "With :set."
  :type 'integer
  :set (lambda (sym val) (push val load-tests-set-log) (set-default sym val)))
(defface load-tests-face '((t :weight bold)) "A face.")

(ert-deftest load-tests-custom ()
  (should (= load-tests-option 42))
  (should (special-variable-p 'load-tests-option))
  (should (custom-variable-p 'load-tests-option))
  (should-not (custom-variable-p 'load-tests-set-log))
  (should (equal (get 'load-tests-option 'custom-type) 'integer))
  (should (equal (get 'load-tests-option 'variable-documentation) "An option."))
  (should (equal (get 'load-tests-group 'group-documentation) "A test group."))
  (should (equal (get 'load-tests-face 'face-defface-spec) '((t :weight bold))))
  (should (equal (customize-set-variable 'load-tests-option 7) 7))
  (should (= load-tests-option 7))
  (should (equal load-tests-set-log '(1)))
  (customize-set-variable 'load-tests-option-set 5)
  (should (equal load-tests-set-log '(5 1)))
  (should (= load-tests-option-set 5))
  ;; defcustom keeps an existing value.
  (defvar load-tests-preset 'mine)
  (eval '(defcustom load-tests-preset 'default "x" :type 'symbol) t)
  (should (eq load-tests-preset 'mine)))

(defun load-tests-new-fn (x) (list 'new x))
(define-obsolete-function-alias 'load-tests-old-fn #'load-tests-new-fn "28.1")
(defvar load-tests-new-var 5)
(define-obsolete-variable-alias 'load-tests-old-var 'load-tests-new-var "28.1")

(ert-deftest load-tests-obsolete ()
  (should (equal (load-tests-old-fn 1) '(new 1)))
  (should (equal (get 'load-tests-old-fn 'byte-obsolete-info) '(load-tests-new-fn nil "28.1")))
  (should (= load-tests-old-var 5))
  (should (eq (car (get 'load-tests-old-var 'byte-obsolete-variable)) 'load-tests-new-var))
  (make-obsolete 'load-tests-new-fn 'car "29.1")
  (should (equal (get 'load-tests-new-fn 'byte-obsolete-info) '(car nil "29.1"))))

(ert-deftest load-tests-bundled-features ()
  (should (eq (require 'subr-x) 'subr-x))
  (should (eq (require 'cl-lib) 'cl-lib))
  (should (eq (require 'rx) 'rx))
  (should (eq (require 'gv) 'gv))
  (should (featurep 'cl-lib)))

(ert-deftest load-tests-misc ()
  (should (= (funcall (apply-partially #'+ 1 2) 3) 6))
  (should-not (ignore-error wrong-type-argument (car 1)))
  (should-error (ignore-error arith-error (car 1)) :type 'wrong-type-argument)
  (should (equal (string-blank-p " \t") 0))
  (should-not (string-blank-p " x"))
  (should (equal (assoc-string "B" '(("a" . 1) ("b" . 2)) t) '("b" . 2)))
  (should (equal (assoc-string 'a '(("a" . 1))) '("a" . 1)))
  (should (eq (compare-strings "abc" nil nil "abc" nil nil) t))
  (should (= (compare-strings "abd" nil nil "abc" nil nil) 3))
  (should (= (compare-strings "ab" nil nil "abc" nil nil) -3))
  (should (eq (compare-strings "ABC" nil nil "abc" nil nil t) t))
  (let ((l (list (cons 'a 1))))
    (setf (alist-get 'b l) 2)
    (should (equal l '((b . 2) (a . 1))))
    (setf (alist-get 'a l) 10)
    (should (equal l '((b . 2) (a . 10))))
    (setf (alist-get 'a l nil t) nil)
    (should (equal l '((b . 2))))
    (setf (alist-get "k" l nil nil #'equal) 3)
    (should (equal (alist-get "k" l nil nil #'equal) 3)))
  (let ((p (list :a 1)))
    (setf (plist-get p :b) 2)
    (should (equal p '(:b 2 :a 1)))
    (should (= (setf (plist-get p :a) 5) 5))
    (should (equal p '(:b 2 :a 5)))))

(ert-deftest load-tests-macroexp ()
  (should (equal (macroexp-progn '(a b)) '(progn a b)))
  (should (equal (macroexp-progn '(a)) 'a))
  (should (equal (macroexp-quote 'x) ''x))
  (should (equal (macroexp-quote 1) 1))
  (should (equal (macroexp-quote :k) :k))
  (should (macroexp-const-p ''x))
  (should-not (macroexp-const-p '(f x)))
  (should (equal (eval (macroexp-let2 nil v '(+ 1 2) `(list ,v ,v)) t) '(3 3))))

(ert-deftest load-tests-defvar-without-value-covers-the-file ()
  ;; As Emacs's readevalloop: a top-level (defvar X) in a lexical file
  ;; makes X dynamic in the file's later forms, not globally (values
  ;; from Emacs 28).
  (let ((file (make-temp-file "gapmacs-dv" nil ".el")))
    (unwind-protect
        (progn
          (with-temp-file file
            (insert ";;; -*- lexical-binding: t -*-\n"
                    "(defvar load-tests--dv)\n"
                    "(defun load-tests--dv-get () load-tests--dv)\n"
                    "(defun load-tests--dv-let () (let ((load-tests--dv 42)) (load-tests--dv-get)))\n"))
          (load file nil t)
          (should (equal (list (load-tests--dv-let) (special-variable-p 'load-tests--dv))
                         '(42 nil))))
      (delete-file file))))
