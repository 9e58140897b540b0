;;; buffer-local-tests.el --- buffer-local variables -*- lexical-binding: t -*-

;; Expected values are what GNU Emacs 28 gives (emacs --batch -Q).

(require 'ert)

(defvar blt-plain 1)
(defvar-local blt-auto 10)
(defvar blt-perm 0)
(put 'blt-perm 'permanent-local t)

(ert-deftest buffer-local-make-local-variable ()
  (with-temp-buffer
    (should-not (local-variable-p 'blt-plain))
    (should (eq (make-local-variable 'blt-plain) 'blt-plain))
    (should (local-variable-p 'blt-plain))
    (should (= blt-plain 1))            ; keeps the value it had
    (setq blt-plain 2)
    (should (= blt-plain 2))
    (should (= (default-value 'blt-plain) 1))
    (let ((b (current-buffer)))
      (with-temp-buffer
        (should (= blt-plain 1))
        (should (= (buffer-local-value 'blt-plain b) 2))
        (should-not (local-variable-p 'blt-plain))
        (should (local-variable-p 'blt-plain b)))))
  (should (= blt-plain 1)))

(ert-deftest buffer-local-setq-local-and-kill ()
  (with-temp-buffer
    (setq-local blt-plain 5 blt-new 6)
    (should (= blt-plain 5))
    (should (= (symbol-value 'blt-new) 6))
    (should (eq (kill-local-variable 'blt-plain) 'blt-plain))
    (should (= blt-plain 1))
    (should-not (local-variable-p 'blt-plain))
    (should (eq (kill-local-variable 'blt-plain) 'blt-plain))))

(ert-deftest buffer-local-setq-local-expansion ()
  (should (equal (macroexpand '(setq-local a 1 b 2))
                 '(progn (set (make-local-variable 'a) 1)
                         (set (make-local-variable 'b) 2))))
  (should (equal (macroexpand '(setq-local a 1))
                 '(set (make-local-variable 'a) 1)))
  (should (equal (macroexpand '(defvar-local a 1 "doc"))
                 '(progn (defvar a 1 "doc") (make-variable-buffer-local 'a)))))

(ert-deftest buffer-local-automatically-local ()
  (should (local-variable-if-set-p 'blt-auto))
  (should-not (local-variable-p 'blt-auto))
  (with-temp-buffer
    (setq blt-auto 11)
    (should (local-variable-p 'blt-auto))
    (should (= (default-value 'blt-auto) 10)))
  (should (= blt-auto 10))
  (with-temp-buffer
    (set-default 'blt-auto 12)
    (should (= blt-auto 12))
    (should-not (local-variable-p 'blt-auto))
    (setq-default blt-auto 10))
  (should (= blt-auto 10)))

(ert-deftest buffer-local-let-of-local-binding ()
  ;; A let of a variable local in the current buffer binds that buffer's
  ;; binding; other buffers see the default meanwhile.
  (with-temp-buffer
    (setq-local blt-plain 2)
    (let ((b (current-buffer)) inner other)
      (let ((blt-plain 3))
        (with-temp-buffer (setq inner blt-plain))
        (set-buffer (get-buffer-create " blt-other"))
        (setq other blt-plain))
      (should (equal (list inner other) '(1 1)))
      ;; Unwound in the buffer it was bound in, though another is current.
      (should (= (buffer-local-value 'blt-plain b) 2))
      (should (= blt-plain 1))
      (kill-buffer (current-buffer)))))

(ert-deftest buffer-local-let-of-default ()
  (with-temp-buffer
    (let ((blt-auto 5))
      ;; Setting a let-bound automatically-local variable sets the binding.
      (setq blt-auto 6)
      (should (equal (list blt-auto (local-variable-p 'blt-auto) (default-value 'blt-auto))
                     '(6 nil 6))))
    (should (equal (list blt-auto (local-variable-p 'blt-auto)) '(10 nil))))
  (with-temp-buffer
    (let ((blt-auto 5))
      ;; ... but in another buffer it makes a local binding.
      (with-temp-buffer
        (setq blt-auto 7)
        (should (equal (list blt-auto (local-variable-p 'blt-auto)) '(7 t))))
      (should (= blt-auto 5))))
  (should (= blt-auto 10)))

(ert-deftest buffer-local-let-then-kill-buffer ()
  (let ((b (generate-new-buffer "blt")))
    (with-current-buffer b
      (setq-local blt-plain 2)
      (let ((blt-plain 3))
        (kill-buffer b)))
    (should (= blt-plain 1))
    (should-not (buffer-live-p b))))

(ert-deftest buffer-local-default-toplevel-value ()
  (should (= (let ((blt-plain 3)) (default-toplevel-value 'blt-plain)) 1))
  (with-temp-buffer
    (setq-local blt-plain 9)
    (should (equal (let ((blt-plain 3))
                     (list (default-toplevel-value 'blt-plain) (default-value 'blt-plain)))
                   '(1 1))))
  (should (equal (condition-case e (default-value 'blt-never-bound) (error e))
                 '(void-variable blt-never-bound)))
  (should-not (default-boundp 'blt-never-bound))
  (should (default-boundp 'blt-plain)))

(defvar blt-stv 1)

(ert-deftest buffer-local-toplevel-setters ()
  (setq blt-stv 1)
  (should (equal (list (let ((blt-stv 3)) (set-default-toplevel-value 'blt-stv 7) blt-stv) blt-stv)
                 '(3 7)))
  (setq blt-stv 1)
  ;; defvar under a let of a void variable sets the top-level value.
  (should (equal (list (let ((blt-dv-new 1)) (defvar blt-dv-new 2) blt-dv-new)
                       (symbol-value 'blt-dv-new))
                 '(1 2)))
  (with-temp-buffer
    (setq-local blt-stv 5)
    (should (equal (list (let ((blt-stv 9)) (setq-default blt-stv 11) (list blt-stv (default-value 'blt-stv)))
                         blt-stv (default-value 'blt-stv))
                   '((9 11) 5 11))))
  (setq-default blt-stv 1)
  ;; make-local-variable inside a let of the default: the let restores the default.
  (should (equal (let ((res nil))
                   (with-temp-buffer
                     (let ((blt-stv 2))
                       (setq-local blt-stv 3)
                       (push (list blt-stv (default-value 'blt-stv)) res))
                     (push (list blt-stv (local-variable-p 'blt-stv) (default-value 'blt-stv)) res))
                   res)
                 '((3 t 1) (3 2)))))

(ert-deftest buffer-local-void-local ()
  (with-temp-buffer
    (make-local-variable 'blt-void)
    (should (local-variable-p 'blt-void))
    (should-not (boundp 'blt-void))
    (should (memq 'blt-void (buffer-local-variables)))
    (should-not (assq 'blt-void (buffer-local-variables)))))

(ert-deftest buffer-local-buffer-local-variables ()
  (with-temp-buffer
    (setq-local blt-plain 4)
    (let ((vars (buffer-local-variables)))
      (should (equal (assq 'blt-plain vars) '(blt-plain . 4)))
      (should (assq 'buffer-read-only vars))
      (should (assq 'major-mode vars))
      (should (assq 'default-directory vars)))))

(ert-deftest buffer-local-kill-all-local-variables ()
  (with-temp-buffer
    (setq-local blt-perm 1)
    (setq-local blt-plain 2)
    (setq-local major-mode 'text-mode)
    (let ((ran nil))
      (setq-local change-major-mode-hook (list (lambda () (setq ran (current-buffer)))))
      (kill-all-local-variables)
      (should (eq ran (current-buffer))))
    (should (local-variable-p 'blt-perm))
    (should-not (local-variable-p 'blt-plain))
    (should (eq major-mode 'fundamental-mode))
    (should (equal mode-name "Fundamental"))))

(ert-deftest buffer-local-builtin-per-buffer ()
  (should (equal (mapcar (lambda (v) (list v (local-variable-if-set-p v)))
                         '(buffer-read-only buffer-file-name default-directory major-mode
                           mode-name mark-active tab-width truncate-lines fill-column
                           indent-tabs-mode case-fold-search))
                 '((buffer-read-only t) (buffer-file-name t) (default-directory t)
                   (major-mode t) (mode-name t) (mark-active t) (tab-width t)
                   (truncate-lines t) (fill-column t) (indent-tabs-mode t)
                   (case-fold-search t))))
  (with-temp-buffer
    (dolist (v '(buffer-read-only buffer-file-name default-directory major-mode mode-name
                 mark-active))
      (should (local-variable-p v)))
    (dolist (v '(tab-width truncate-lines fill-column indent-tabs-mode case-fold-search))
      (should-not (local-variable-p v)))
    (should (equal (list (default-value 'major-mode) tab-width truncate-lines fill-column
                         case-fold-search indent-tabs-mode buffer-read-only buffer-file-name)
                   '(fundamental-mode 8 nil 70 t t nil nil)))
    (setq tab-width 4)
    (should (local-variable-p 'tab-width))
    (should (= (default-value 'tab-width) 8))
    ;; Always-local: kill-local-variable leaves it.
    (kill-local-variable 'buffer-read-only)
    (should (local-variable-p 'buffer-read-only))))

(ert-deftest buffer-local-default-directory-inherited ()
  (let ((default-directory "/tmp/"))
    (with-temp-buffer
      (should (equal default-directory "/tmp/")))))

(ert-deftest buffer-local-buffer-read-only ()
  (with-temp-buffer
    (insert "abc")
    (setq buffer-read-only t)
    (should (equal (condition-case e (insert "x") (error (car e))) 'buffer-read-only))
    (should (equal (condition-case e (delete-region 1 2) (error (car e))) 'buffer-read-only))
    (should (equal (condition-case e (erase-buffer) (error (car e))) 'buffer-read-only))
    (should (equal (condition-case e (barf-if-buffer-read-only) (error (car e))) 'buffer-read-only))
    (should (equal (buffer-string) "abc"))
    (let ((inhibit-read-only t))
      (insert "x")
      (delete-region 1 2)
      (barf-if-buffer-read-only))
    (should (equal (buffer-string) "bcx"))
    (should buffer-read-only)
    (let ((buffer-read-only nil))
      (insert "y"))
    (should buffer-read-only)
    (should (equal (buffer-string) "bcxy"))
    (let ((b (current-buffer)))
      (with-temp-buffer
        (should-not buffer-read-only)
        (should (buffer-local-value 'buffer-read-only b))))))

(ert-deftest buffer-local-read-only-empty-changes ()
  ;; Changes that change nothing do not check read-only, as in Emacs.
  (with-temp-buffer
    (insert "abc")
    (setq buffer-read-only t)
    (should (equal (list (condition-case e (delete-region 2 2) (error e))
                         (condition-case e (insert "") (error e))
                         (condition-case e (delete-char 0) (error e))
                         (condition-case e (upcase-region 1 1) (error e))
                         (condition-case e (upcase-region 1 3) (error (car e))))
                   '(nil nil nil nil buffer-read-only)))))

(ert-deftest buffer-local-killed-buffer-queries ()
  (let ((b (generate-new-buffer "blt-q")))
    (kill-buffer b)
    (should-not (local-variable-p 'blt-plain b))
    (should (local-variable-if-set-p 'blt-auto b))))

(ert-deftest buffer-local-buffer-file-name ()
  (with-temp-buffer
    (should-not buffer-file-name)
    (setq buffer-file-name "/tmp/blt-file.txt")
    (should (equal (buffer-file-name) "/tmp/blt-file.txt"))
    (should (equal buffer-file-name "/tmp/blt-file.txt"))
    (setq buffer-file-name nil)
    (should-not (buffer-file-name))))

(ert-deftest buffer-local-make-local-errors ()
  (should (equal (condition-case e (make-local-variable 'nil) (error e))
                 '(setting-constant nil)))
  (should (equal (condition-case e (buffer-local-value 'blt-unbound-xyz (current-buffer))
                   (error e))
                 '(void-variable blt-unbound-xyz))))

(ert-deftest buffer-local-killed-buffer-locals-gone ()
  (let ((b (generate-new-buffer "blt-k")))
    (with-current-buffer b (setq-local blt-plain 42))
    (kill-buffer b)
    (should (= blt-plain 1))
    (should (equal (buffer-local-value 'blt-plain b) 1))))

(ert-deftest buffer-local-survives-gc ()
  (with-temp-buffer
    (setq-local blt-plain (make-string 3 ?z))
    (let ((b (current-buffer)))
      (with-temp-buffer
        (garbage-collect)
        (should (equal (buffer-local-value 'blt-plain b) "zzz"))))
    (should (equal blt-plain "zzz"))))

;;; buffer-local-tests.el ends here

(ert-deftest buffer-local-variable-binding-locus ()
  ;; Emacs 28's values (mhtml-mode asks it).
  (defvar buffer-local-tests--vbl-a 1)
  (defvar-local buffer-local-tests--vbl-b 2)
  (should (equal (list (variable-binding-locus 'buffer-local-tests--vbl-a)
                       (variable-binding-locus 'buffer-local-tests--vbl-b)
                       (with-temp-buffer (setq buffer-local-tests--vbl-b 3)
                                         (eq (variable-binding-locus 'buffer-local-tests--vbl-b) (current-buffer)))
                       (with-temp-buffer (setq-local buffer-local-tests--vbl-a 3)
                                         (eq (variable-binding-locus 'buffer-local-tests--vbl-a) (current-buffer)))
                       (with-temp-buffer (eq (variable-binding-locus 'major-mode) (current-buffer)))
                       (with-temp-buffer (variable-binding-locus 'fill-column))
                       (with-temp-buffer (setq fill-column 10)
                                         (eq (variable-binding-locus 'fill-column) (current-buffer)))
                       (condition-case e (variable-binding-locus 1) (error e)))
                 '(nil nil t t t nil t (wrong-type-argument symbolp 1)))))

(ert-deftest buffer-local-constants-cannot-be-made-local ()
  ;; Both ways of making a variable local refuse a constant alike, as Emacs.
  (dolist (constant '(nil t :keyword))
    (should (equal (should-error (make-local-variable constant) :type 'setting-constant)
                   (list 'setting-constant constant)))
    (should (equal (should-error (make-variable-buffer-local constant) :type 'setting-constant)
                   (list 'setting-constant constant)))))

(ert-deftest buffer-local-lexical-binding-in-lisp-interaction-mode ()
  ;; As Emacs 28: lisp-interaction-mode's Lisp (*scratch*'s) is lexical.
  ;; That a buffer without the cookie shows ELisp/d (the default nil) is
  ;; tests/e2e/eldoc.sh's: ert binds the default here.
  (should (eq (with-temp-buffer (lisp-interaction-mode) lexical-binding) t)))
