;;; file-local-tests.el --- file-local and directory-local variables  -*- lexical-binding: t -*-

;; Issue 18: the -*- line, the Local Variables: block and .dir-locals.el,
;; with Emacs 28's safety (in batch nothing unsafe is applied, since nobody
;; can be asked). Expected values are GNU Emacs 28's; the file runs there:
;;   emacs -Q --batch -l ert -l file-local-tests.el -f ert-run-tests-batch-and-exit
(when (boundp 'gapmacs-version) (load "loadup" nil t))
(when (fboundp 'modes--take-emacs-alists)
  (modes--take-emacs-alists)
  (when (require 'cc-mode nil t) (with-temp-buffer (c-mode))))

(defvar file-local-tests--evaluated nil)
(defvar file-local-tests-function nil)

(defmacro file-local-tests--visiting (files &rest body)
  "Make FILES ((NAME . TEXT)...) in a new directory, visit the first, run BODY there."
  (declare (indent 1))
  `(let* ((dir (file-name-as-directory (make-temp-file "file-local" t)))
          (paths (mapcar (lambda (f)
                           (let ((path (expand-file-name (car f) dir)))
                             (make-directory (file-name-directory path) t)
                             (write-region (cdr f) nil path nil 'silent)
                             path))
                         ,files))
          (buf nil))
     (unwind-protect
         (progn
           (setq file-local-tests--evaluated nil)
           (setq buf (find-file-noselect (car paths)))
           ;; find-file-noselect applied them (after-find-file's normal-mode).
           (with-current-buffer buf
             ,@body))
       (when buf (kill-buffer buf))
       (delete-directory dir t))))

(ert-deftest file-local-prop-line ()
  (file-local-tests--visiting '(("a.txt" . "-*- fill-column: 72; tab-width: 4 -*-\nText.\n"))
    (should (= fill-column 72))
    (should (= tab-width 4))
    (should (local-variable-p 'fill-column))
    (should (equal (alist-get 'fill-column file-local-variables-alist) 72))))

(ert-deftest file-local-block-with-prefix-and-suffix ()
  (file-local-tests--visiting '(("a.c" . "int x;\n/* Local Variables: */\n/* fill-column: 44 */\n/* tab-width: 3 */\n/* End: */\n"))
    (should (= fill-column 44))
    (should (= tab-width 3))))

(ert-deftest file-local-block-sets-the-mode ()
  (file-local-tests--visiting '(("notes" . "Notes.\n\nLocal Variables:\nmode: text\nfill-column: 50\nEnd:\n"))
    (should (eq major-mode 'text-mode))
    (should (= fill-column 50))))

(ert-deftest file-local-unsafe-eval-is-not-applied-in-batch ()
  ;; All or nothing, as Emacs: with an eval nobody confirmed, the safe
  ;; fill-column is not applied either.
  (file-local-tests--visiting '(("a.txt" . "Text.\n;; Local Variables:\n;; fill-column: 60\n;; eval: (setq file-local-tests--evaluated t)\n;; End:\n"))
    (should-not file-local-tests--evaluated)
    (should-not (local-variable-p 'fill-column))))

(ert-deftest file-local-risky-variable-is-not-applied-in-batch ()
  (file-local-tests--visiting '(("a.txt" . "Text.\n;; Local Variables:\n;; file-local-tests-function: kill-emacs\n;; End:\n"))
    (should-not (local-variable-p 'file-local-tests-function))
    (should-not file-local-tests-function)))

(ert-deftest file-local-safe-only-drops-the-rest ()
  (let ((enable-local-variables :safe))
    (file-local-tests--visiting '(("a.txt" . "Text.\n;; Local Variables:\n;; fill-column: 61\n;; eval: (setq file-local-tests--evaluated t)\n;; file-local-tests-function: ignore\n;; End:\n"))
      (should (= fill-column 61))
      (should-not file-local-tests--evaluated)
      (should-not (local-variable-p 'file-local-tests-function)))))

(ert-deftest file-local-eval-with-enable-local-eval ()
  (let ((enable-local-eval t))
    (file-local-tests--visiting '(("a.txt" . "Text.\n;; Local Variables:\n;; eval: (setq file-local-tests--evaluated 'yes)\n;; End:\n"))
      (should (eq file-local-tests--evaluated 'yes)))))

(ert-deftest file-local-values-the-user-marked-safe ()
  (let ((safe-local-variable-values '((file-local-tests-function . ignore))))
    (file-local-tests--visiting '(("a.txt" . "Text.\n;; Local Variables:\n;; file-local-tests-function: ignore\n;; End:\n"))
      (should (eq file-local-tests-function 'ignore)))))

(ert-deftest file-local-none-when-disabled ()
  (let ((enable-local-variables nil))
    (file-local-tests--visiting '(("a.txt" . "-*- fill-column: 72 -*-\n"))
      (should-not (local-variable-p 'fill-column)))))

(ert-deftest file-local-dir-locals ()
  (file-local-tests--visiting
      '(("sub/a.txt" . "Text.\n")
        (".dir-locals.el" . "((nil . ((fill-column . 33)))\n (text-mode . ((tab-width . 3)))\n (\"sub\" . ((nil . ((left-margin . 2))))))\n"))
    (should (= fill-column 33))
    (should (= left-margin 2))
    (should (local-variable-p 'fill-column))))

(ert-deftest file-local-file-wins-over-dir-locals ()
  (file-local-tests--visiting
      '(("a.txt" . "-*- fill-column: 70 -*-\n")
        (".dir-locals.el" . "((nil . ((fill-column . 33) (tab-width . 5))))\n"))
    (should (= fill-column 70))
    (should (= tab-width 5))))

;;; file-local-tests.el ends here
