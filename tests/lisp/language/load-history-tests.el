;;; load-history-tests.el --- load-history, symbol-file and find-function  -*- lexical-binding: t -*-

;; What a load records (lread.c's build_load_history), and what reads it:
;; symbol-file, find-function and M-. in Emacs Lisp.  Expected values are
;; GNU Emacs 28's; the file also runs there.
;; Needs the editor: regexps (runs in batch mode, not on the language alone).

(require 'xref)

(defconst load-history-tests--sample
  ";;; lh-sample.el  -*- lexical-binding: t -*-
(require 'cl-lib)
(defvar lh-sample-var 1)
(defvar lh-sample-declared)
(defun lh-sample-fun () 1)
(defconst lh-sample-const 2)
(defmacro lh-sample-macro () 1)
(defalias 'lh-sample-alias 'car)
(autoload 'lh-sample-auto \"lh-nowhere\")
(defcustom lh-sample-option 3 \"An option.\" :type 'integer :group 'lisp)
(require 'cl-lib)
(provide 'lh-sample)
")

(defmacro load-history-tests--with-sample (file &rest body)
  "Run BODY with FILE the name of the sample library, loaded."
  (declare (indent 1))
  `(let* ((dir (file-name-as-directory (make-temp-file "load-history" t)))
          (,file (concat dir "lh-sample.el")))
     (unwind-protect
         (progn
           (write-region load-history-tests--sample nil ,file nil 'silent)
           (load ,file nil t)
           ,@body)
       (setq features (delq 'lh-sample features))
       (dolist (f '(lh-sample-fun lh-sample-macro lh-sample-alias lh-sample-auto))
         (fmakunbound f))
       (dolist (v '(lh-sample-var lh-sample-const lh-sample-option))
         (makunbound v))
       (setq load-history (seq-remove (lambda (e) (equal (car e) ,file)) load-history))
       (dolist (buffer (buffer-list))
         (when (equal (buffer-file-name buffer) ,file)
           (kill-buffer buffer)))
       (delete-directory dir t))))

(ert-deftest load-history-records-what-a-file-defines ()
  (load-history-tests--with-sample file
    (should (equal (assoc file load-history)
                   (list file '(require . cl-lib) 'lh-sample-var '(defun . lh-sample-fun)
                         'lh-sample-const '(defun . lh-sample-macro) '(defun . lh-sample-alias)
                         '(autoload . lh-sample-auto) 'lh-sample-option '(provide . lh-sample))))
    (should (equal (car (car load-history)) file))))

(ert-deftest load-history-a-file-loaded-again-has-one-entry ()
  (load-history-tests--with-sample file
    (load file nil t)
    (should (= 1 (seq-count (lambda (e) (equal (car e) file)) load-history)))
    (should (equal (car (car load-history)) file))))

(ert-deftest load-history-remembers-an-autoload-replaced ()
  "(t . F): the definition replaced an autoload (data.c's defalias)."
  (let* ((dir (file-name-as-directory (make-temp-file "load-history" t)))
         (file (concat dir "lh-auto.el")))
    (unwind-protect
        (progn
          (write-region "(defun lh-auto-fun () 1)\n" nil file nil 'silent)
          (autoload 'lh-auto-fun file)
          (should (equal (lh-auto-fun) 1))
          (should (equal (cdr (assoc file load-history)) '((t . lh-auto-fun) (defun . lh-auto-fun)))))
      (setq load-history (seq-remove (lambda (e) (equal (car e) file)) load-history))
      (fmakunbound 'lh-auto-fun)
      (delete-directory dir t))))

(ert-deftest load-history-symbol-file ()
  (skip-unless (fboundp 'symbol-file))
  (load-history-tests--with-sample file
    (should (equal (symbol-file 'lh-sample-fun) file))
    (should (equal (symbol-file 'lh-sample-var 'defvar) file))
    (should (equal (symbol-file 'lh-sample-macro 'defun) file))
    (should (equal (symbol-file 'lh-sample-option 'defvar) file))
    (should-not (symbol-file 'lh-sample-declared 'defvar))))

(ert-deftest load-history-find-function-visits-the-definition ()
  (skip-unless (fboundp 'find-function-noselect))
  (load-history-tests--with-sample file
    (let ((found (find-function-noselect 'lh-sample-fun)))
      (should (equal (buffer-file-name (car found)) file))
      (with-current-buffer (car found)
        (goto-char (cdr found))
        (should (looking-at "(defun lh-sample-fun ()"))))))

(ert-deftest load-history-find-function-in-emacs-s-compressed-library ()
  "A definition in Emacs's own library, whose sources are .el.gz: the
file is visited decompressed, in Emacs Lisp mode."
  (skip-unless (and (fboundp 'find-function-noselect)
                    (locate-library "xref.el.gz" t)))
  (let ((found (find-function-noselect 'xref-find-definitions)))
    (with-current-buffer (car found)
      (should (string-suffix-p "/xref.el.gz" buffer-file-name))
      (should (derived-mode-p 'emacs-lisp-mode))
      (goto-char (cdr found))
      (should (looking-at "(defun xref-find-definitions (identifier)")))))

(ert-deftest load-history-elisp-xref-backend ()
  "M-. in Emacs Lisp: elisp-mode.el's xref backend finds a function where
its file defines it."
  (skip-unless (fboundp 'elisp--xref-backend))
  (load-history-tests--with-sample file
    (with-temp-buffer
      (emacs-lisp-mode)
      (insert "(lh-sample-fun)")
      (should (eq (xref-find-backend) 'elisp))
      (let* ((xrefs (xref-backend-definitions 'elisp "lh-sample-fun"))
             (marker (xref-location-marker (xref-item-location (car xrefs)))))
        (should (= (length xrefs) 1))
        (with-current-buffer (marker-buffer marker)
          (should (equal buffer-file-name file))
          (goto-char marker)
          (should (looking-at "(defun lh-sample-fun")))))))

;;; load-history-tests.el ends here
