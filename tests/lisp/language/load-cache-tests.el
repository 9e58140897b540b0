;;; load-cache-tests.el --- eager macro-expansion at load, and the load cache  -*- lexical-binding: t -*-
;; The eager-expansion tests pass in GNU Emacs 28 too (its loads expand
;; eagerly); the cache's run gapmacs itself in child processes, each with
;; its own cache directory, and are skipped in Emacs, which has none.
;; Needs the editor: processes, files (runs in batch mode, not on the language alone).

(require 'ert)

(defun load-cache-tests--write (dir name text)
  (with-temp-file (expand-file-name name dir)
    (insert text)))

(defmacro load-cache-tests--with-dir (dir &rest body)
  (declare (indent 1))
  `(let ((,dir (make-temp-file "load-cache-tests" t)))
     (unwind-protect (progn ,@body)
       (delete-directory ,dir t))))

(ert-deftest load-cache-tests-eager-expansion-at-load ()
  "A macro inside a function is expanded when the file loads, as Emacs's
eager expansion does: an eval-when-compile in a body runs at load."
  (load-cache-tests--with-dir dir
    (load-cache-tests--write dir "lct-eager.el" "\
;;; -*- lexical-binding: t -*-
(defvar lct-eager-state nil)
(defun lct-eager-f () (eval-when-compile (setq lct-eager-state 'expanded-at-load) 1))
")
    (load (expand-file-name "lct-eager.el" dir) nil t)
    (should (eq (symbol-value 'lct-eager-state) 'expanded-at-load))
    (should (= (funcall 'lct-eager-f) 1))))

(ert-deftest load-cache-tests-progn-forms-expand-in-turn ()
  "A macro defined by one form of a top-level progn serves the next."
  (load-cache-tests--with-dir dir
    (load-cache-tests--write dir "lct-progn.el" "\
;;; -*- lexical-binding: t -*-
(progn
  (defmacro lct-progn-m (x) (list 'quote (list x x)))
  (defun lct-progn-f () (lct-progn-m 7)))
")
    (load (expand-file-name "lct-progn.el" dir) nil t)
    (should (equal (funcall 'lct-progn-f) '(7 7)))))

(ert-deftest load-cache-tests-expansion-failure-is-reported ()
  "An expansion that signals is reported and the form evaluated as read:
the load goes on and the error comes when the code runs, as Emacs 28."
  (load-cache-tests--with-dir dir
    (load-cache-tests--write dir "lct-fail.el" "\
;;; -*- lexical-binding: t -*-
(defmacro lct-fail-m (x) (if (numberp x) x (error \"lct-fail-m wants a number\")))
(defun lct-fail-f () (lct-fail-m oops))
(defvar lct-fail-after 'loaded)
")
    (load (expand-file-name "lct-fail.el" dir) nil t)
    (should (eq (symbol-value 'lct-fail-after) 'loaded))
    (should (fboundp 'lct-fail-f))
    (should (equal (should-error (funcall 'lct-fail-f))
                   '(error "lct-fail-m wants a number")))))

;;; The cache, in child processes.

(defconst load-cache-tests--helper "\
;;; -*- lexical-binding: t -*-
(defmacro lct-helper-twice (x) `(* 2 ,x))
(defsubst lct-helper-square (n) (* n n))
(provide 'lct-helper)
")

(defconst load-cache-tests--library "\
;;; lct-lib.el -*- lexical-binding: t -*-
(eval-when-compile (require 'lct-helper))
(defvar lct-lib-expansions 0)
(defmacro lct-lib-counted (x)
  (setq lct-lib-expansions (1+ lct-lib-expansions))
  `(list ,x ,x))
(defun lct-lib-f () (lct-lib-counted 1))
(defun lct-lib-twice (y) (lct-helper-twice y))
(defun lct-lib-square () (lct-helper-square 5))
(defmacro lct-lib-pair () (let ((g (make-symbol \"g\"))) `(let ((,g 3)) (list ,g ,g))))
(defun lct-lib-g () (lct-lib-pair))
(defvar lct-lib-constant '(a b))
(nconc lct-lib-constant (list 'c))
(defvar lct-lib-helper-at-load (featurep 'lct-helper))
(provide 'lct-lib)
")

(defconst load-cache-tests--report
  '(progn (require 'lct-lib)
          (list lct-lib-expansions lct-lib-helper-at-load (lct-lib-f) (lct-lib-twice 4)
                (lct-lib-square) (lct-lib-g) lct-lib-constant)))

(defun load-cache-tests--run (dir cache form)
  "FORM's value in a child gapmacs with DIR on load-path and CACHE its cache."
  (with-temp-buffer
    (let ((process-environment (cons (concat "GAPMACS_LOAD_CACHE=" cache) process-environment)))
      (call-process (expand-file-name invocation-name invocation-directory) nil (list t nil) nil
                    "--batch" "-Q" "-L" dir "--eval" (format "(prin1 %S)" form)))
    (car (read-from-string (buffer-string)))))

(defmacro load-cache-tests--with-library (dir cache &rest body)
  "BODY with lct-lib.el and lct-helper.el in DIR, CACHE a cache under it."
  (declare (indent 2))
  `(load-cache-tests--with-dir ,dir
     (let ((,cache (expand-file-name "cache" ,dir)))
       (load-cache-tests--write ,dir "lct-helper.el" load-cache-tests--helper)
       (load-cache-tests--write ,dir "lct-lib.el" load-cache-tests--library)
       ,@body)))

(defun load-cache-tests--entries (cache)
  (and (file-directory-p cache) (directory-files cache nil "\\.eld\\'")))

(ert-deftest load-cache-tests-second-load-reads-the-cache ()
  (skip-unless (boundp 'gapmacs-load-cache-directory))
  (load-cache-tests--with-library dir cache
    ;; From source: the macro runs once, the helper is loaded by the
    ;; eval-when-compile.
    (should (equal (load-cache-tests--run dir cache load-cache-tests--report)
                   '(1 t (1 1) 8 25 (3 3) (a b c))))
    (should (= (length (load-cache-tests--entries cache)) 2))
    ;; From the cache, as from Emacs's .elc: no macro runs, the
    ;; eval-when-compile does not load the helper, yet its defsubst is
    ;; reached (an autoload), the uninterned symbol of an expansion is
    ;; still one symbol, and the constant the load changed starts as read.
    (should (equal (load-cache-tests--run dir cache load-cache-tests--report)
                   '(0 nil (1 1) 8 25 (3 3) (a b c))))))

(ert-deftest load-cache-tests-changed-files-are-expanded-again ()
  (skip-unless (boundp 'gapmacs-load-cache-directory))
  (load-cache-tests--with-library dir cache
    (load-cache-tests--run dir cache load-cache-tests--report)
    ;; The file itself changed.
    (load-cache-tests--write dir "lct-lib.el"
                             (replace-regexp-in-string "(list ,x ,x)" "(list ,x ,x ,x)"
                                                       load-cache-tests--library t t))
    (should (equal (nth 2 (load-cache-tests--run dir cache load-cache-tests--report)) '(1 1 1)))
    (should (equal (car (load-cache-tests--run dir cache load-cache-tests--report)) 0))
    ;; A file whose macro it used changed.
    (load-cache-tests--write dir "lct-helper.el"
                             (replace-regexp-in-string "(\\* 2" "(* 3" load-cache-tests--helper t t))
    (should (equal (nth 3 (load-cache-tests--run dir cache load-cache-tests--report)) 12))))

(ert-deftest load-cache-tests-what-cannot-be-read-back-is-not-kept ()
  "A form holding a marker cannot be written: the file is not kept, and
loads from source each time with the same results."
  (skip-unless (boundp 'gapmacs-load-cache-directory))
  (load-cache-tests--with-dir dir
    (let ((cache (expand-file-name "cache" dir))
          (form '(progn (require 'lct-marker) (list lct-marker-expansions (markerp (lct-marker-f))))))
      (load-cache-tests--write dir "lct-marker.el" "\
;;; -*- lexical-binding: t -*-
(defvar lct-marker-expansions 0)
(defmacro lct-marker-m ()
  (setq lct-marker-expansions (1+ lct-marker-expansions))
  (list 'quote (copy-marker 1)))
(defun lct-marker-f () (lct-marker-m))
(provide 'lct-marker)
")
      (should (equal (load-cache-tests--run dir cache form) '(1 t)))
      (should (null (load-cache-tests--entries cache)))
      (should (equal (load-cache-tests--run dir cache form) '(1 t))))))

(ert-deftest load-cache-tests-damaged-entry-reads-the-source ()
  (skip-unless (boundp 'gapmacs-load-cache-directory))
  (load-cache-tests--with-library dir cache
    (load-cache-tests--run dir cache load-cache-tests--report)
    ;; Cut every entry short, as a full disk or a crash mid-write would
    ;; (gapmacs renames a finished entry into place, so only another
    ;; program could leave one like this).
    (dolist (entry (load-cache-tests--entries cache))
      (let ((file (expand-file-name entry cache)))
        (with-temp-buffer
          (insert-file-contents-literally file)
          (delete-region (/ (point-max) 2) (point-max))
          (write-region nil nil file nil 'silent))))
    (should (equal (load-cache-tests--run dir cache load-cache-tests--report)
                   '(1 t (1 1) 8 25 (3 3) (a b c))))
    (should (equal (load-cache-tests--run dir cache load-cache-tests--report)
                   '(0 nil (1 1) 8 25 (3 3) (a b c))))))

(defconst load-cache-tests--macros "\
;;; -*- lexical-binding: t -*-
(defvar lct-macros-table '((a . 1) (b . 2)))
(defun lct-macros--run (x) (list 'ran x))
(defmacro lct-macros-call (x) `(lct-macros--run ,x))
(defmacro lct-macros-lookup (k) `(cdr (assq ,k lct-macros-table)))
(provide 'lct-macros)
")

(ert-deftest load-cache-tests-macro-files-are-reached-not-loaded ()
  "A cached load does not load the files of the macros it used, as Emacs's
.elc does not: a function of theirs its expansions call is an autoload
until called; a variable of theirs it reads has its file loaded first."
  (skip-unless (boundp 'gapmacs-load-cache-directory))
  (load-cache-tests--with-dir dir
    (let ((cache (expand-file-name "cache" dir))
          (calls '(progn (require 'lct-calls)
                         (list (featurep 'lct-macros) (lct-calls-f) (featurep 'lct-macros))))
          (reads '(progn (require 'lct-reads) (list (featurep 'lct-macros) (lct-reads-f)))))
      (load-cache-tests--write dir "lct-macros.el" load-cache-tests--macros)
      (load-cache-tests--write dir "lct-calls.el" "\
;;; -*- lexical-binding: t -*-
(autoload 'lct-macros-call \"lct-macros\" nil nil 'macro)
(defun lct-calls-f () (lct-macros-call 5))
(provide 'lct-calls)
")
      (load-cache-tests--write dir "lct-reads.el" "\
;;; -*- lexical-binding: t -*-
(autoload 'lct-macros-lookup \"lct-macros\" nil nil 'macro)
(defun lct-reads-f () (lct-macros-lookup 'b))
(provide 'lct-reads)
")
      ;; From source the autoloaded macros load their file.
      (should (equal (load-cache-tests--run dir cache calls) '(t (ran 5) t)))
      (should (equal (load-cache-tests--run dir cache reads) '(t 2)))
      ;; From the cache.
      (should (equal (load-cache-tests--run dir cache calls) '(nil (ran 5) t)))
      (should (equal (load-cache-tests--run dir cache reads) '(t 2))))))

(ert-deftest load-cache-tests-no-byte-compile-as-a-setting ()
  "A file whose local variables say no-byte-compile is not kept; one that
only mentions it in a comment is."
  (skip-unless (boundp 'gapmacs-load-cache-directory))
  (load-cache-tests--with-dir dir
    (let ((cache (expand-file-name "cache" dir)))
      (load-cache-tests--write dir "lct-mention.el" "\
;;; -*- lexical-binding: t -*-
;; A file that says `no-byte-compile: t' would not be kept.
(defvar lct-mention 1)
(provide 'lct-mention)
")
      (load-cache-tests--write dir "lct-setting.el" "\
;;; -*- lexical-binding: t -*-
(defvar lct-setting 2)
(provide 'lct-setting)
;; Local Variables:
;; no-byte-compile: t
;; End:
")
      (load-cache-tests--write dir "lct-cookie.el" "\
;;; -*- lexical-binding: t; no-byte-compile: t -*-
(defvar lct-cookie 3)
(provide 'lct-cookie)
")
      (should (equal (load-cache-tests--run
                      dir cache '(progn (require 'lct-mention) (require 'lct-setting) (require 'lct-cookie)
                                        (list lct-mention lct-setting lct-cookie)))
                     '(1 2 3)))
      (should (= (length (load-cache-tests--entries cache)) 1)))))

(ert-deftest load-cache-tests-loaddefs-forms-are-kept-with-their-file ()
  "The forms gapmacs's files take from Emacs's loaddefs.el are read when
they expand: the entry holds them, and a changed loaddefs.el makes it stale."
  (skip-unless (boundp 'gapmacs-load-cache-directory))
  (load-cache-tests--with-dir dir
    (let* ((cache (expand-file-name "cache" dir))
           (emacs-lisp (expand-file-name "emacs-lisp/" dir))
           (form `(let ((gapmacs-emacs-lisp-directory ,emacs-lisp))
                    (require 'lct-loaddefs)
                    (list lct-loaddefs-a lct-loaddefs-b (and (get-buffer " *loaddefs*") t)))))
      (make-directory emacs-lisp)
      (load-cache-tests--write emacs-lisp "loaddefs.el" "\
(defvar lct-loaddefs-a 'first)
(autoload 'lct-loaddefs-nothing \"nothing\")
(defvar lct-loaddefs-b (+ 1 2))
")
      (load-cache-tests--write dir "lct-loaddefs.el" "\
;;; -*- lexical-binding: t -*-
(internal--eval-loaddefs-forms \"^(defvar lct-loaddefs-\")
(provide 'lct-loaddefs)
")
      (should (equal (load-cache-tests--run dir cache form) '(first 3 t)))
      ;; From the entry: loaddefs.el is not read.
      (should (equal (load-cache-tests--run dir cache form) '(first 3 nil)))
      (load-cache-tests--write emacs-lisp "loaddefs.el" "\
(defvar lct-loaddefs-a 'second-version)
(defvar lct-loaddefs-b (+ 1 2))
")
      (should (equal (load-cache-tests--run dir cache form) '(second-version 3 t))))))

;;; load-cache-tests.el ends here
