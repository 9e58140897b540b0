;;; find-file-tests.el --- find-file-noselect as Emacs's: modes, hooks, names  -*- lexical-binding: t -*-

;; Expected values are GNU Emacs 28's (`emacs --batch -Q -l' on this file
;; gives the same results, but for the tests marked gapmacs-only).
(when (boundp 'gapmacs-version) (load "loadup" nil t))

(defmacro find-file-tests--in-dir (var files &rest body)
  "Run BODY with VAR a new directory holding FILES, (NAME . TEXT) pairs,
and kill the buffers visiting its files afterwards."
  (declare (indent 2))
  `(let* ((,var (file-name-as-directory (make-temp-file "fft" t)))
          (auto-mode-alist '(("\\.el\\'" . emacs-lisp-mode) ("\\.txt\\'" . text-mode))))
     (unwind-protect
         (progn
           (dolist (f ,files)
             (let ((path (expand-file-name (car f) ,var)))
               (make-directory (file-name-directory path) t)
               (write-region (cdr f) nil path nil 'silent)))
           ,@body)
       (dolist (b (buffer-list))
         (when (and (buffer-file-name b) (string-prefix-p ,var (buffer-file-name b)))
           (with-current-buffer b (set-buffer-modified-p nil))
           (kill-buffer b)))
       (delete-directory ,var t))))

(ert-deftest find-file-noselect-sets-up-the-buffer ()
  (find-file-tests--in-dir dir '(("b.el" . "(a)\n"))
    (let* ((seen nil)
           (find-file-hook (list (lambda () (push (list (buffer-name) major-mode default-directory) seen))))
           (file (concat dir "b.el")))
      (with-current-buffer (find-file-noselect file)
        (should (eq major-mode 'emacs-lisp-mode))
        (should (equal buffer-file-name file))
        ;; Kept through the major mode's kill-all-local-variables.
        (should (equal buffer-file-truename (abbreviate-file-name (file-truename file))))
        (should (equal buffer-file-number (nthcdr 10 (file-attributes file))))
        (should (equal default-directory dir))
        (should-not buffer-read-only)
        (should (equal seen (list (list "b.el" 'emacs-lisp-mode dir)))))
      ;; Visited again: the same buffer, and no hook.
      (should (eq (find-file-noselect file) (get-file-buffer file)))
      (should (= (length seen) 1)))))

(ert-deftest find-file-noselect-new-file ()
  (find-file-tests--in-dir dir nil
    (let* ((hook nil) (not-found nil)
           (find-file-hook (list (lambda () (push (buffer-name) hook))))
           (find-file-not-found-functions (list (lambda () (push (buffer-name) not-found) nil))))
      (with-current-buffer (find-file-noselect (concat dir "new.el"))
        (should (eq major-mode 'emacs-lisp-mode))
        (should (equal buffer-file-name (concat dir "new.el")))
        (should (= (buffer-size) 0))
        (should-not (buffer-modified-p))
        (should (equal not-found '("new.el")))
        (should (equal hook '("new.el")))))))

(ert-deftest find-file-noselect-in-a-missing-directory ()
  ;; Read-only in batch: after-find-file's messages (and its making such a
  ;; buffer writable) are for an interactive session.
  (find-file-tests--in-dir dir nil
    (with-current-buffer (find-file-noselect (concat dir "nodir/x.txt"))
      (should (eq buffer-read-only (and noninteractive t)))
      (should (equal default-directory (concat dir "nodir/"))))))

(ert-deftest find-file-noselect-same-file-under-another-name ()
  (find-file-tests--in-dir dir '(("b.el" . "(a)\n"))
    (make-symbolic-link (concat dir "b.el") (concat dir "link.el"))
    (let ((b (find-file-noselect (concat dir "b.el"))))
      (should (eq (find-file-noselect (concat dir "link.el")) b))
      (should (eq (find-buffer-visiting (concat dir "link.el")) b))
      (let ((find-file-existing-other-name nil))
        (should-not (eq (find-file-noselect (concat dir "link.el")) b))))))

(ert-deftest find-file-noselect-wildcards ()
  (find-file-tests--in-dir dir '(("x/a.txt" . "hi\n") ("y/a.txt" . "ho\n"))
    (let ((buffers (find-file-noselect (concat dir "*/a.txt") nil nil t)))
      (should (= (length buffers) 2))
      (should (equal (sort (mapcar (lambda (b) (with-current-buffer b (buffer-string))) buffers)
                           #'string<)
                     '("hi\n" "ho\n")))
      ;; Without WILDCARDS the name is a file's, which does not exist.
      (with-current-buffer (find-file-noselect (concat dir "*/a.txt"))
        (should (= (buffer-size) 0))))))

(ert-deftest find-file-noselect-uniquifies-names ()
  ;; Emacs preloads uniquify: post-forward-angle-brackets.
  (skip-unless (locate-library "uniquify"))
  (find-file-tests--in-dir dir '(("x/a.txt" . "hi\n") ("y/a.txt" . "ho\n"))
    (let ((x (find-file-noselect (concat dir "x/a.txt")))
          (y (find-file-noselect (concat dir "y/a.txt"))))
      (should (equal (buffer-name x) "a.txt<x>"))
      (should (equal (buffer-name y) "a.txt<y>"))
      (kill-buffer y)
      (should (equal (buffer-name x) "a.txt")))))

(ert-deftest find-file-noselect-rawfile ()
  (find-file-tests--in-dir dir '(("raw.txt" . "caf\u00e9\n"))
    (let* ((hook nil) (find-file-hook (list (lambda () (setq hook t)))))
      (with-current-buffer (find-file-noselect (concat dir "raw.txt") nil t)
        (should find-file-literally)
        (should-not enable-multibyte-characters)
        (should (eq major-mode 'fundamental-mode))
        (should (= (buffer-size) 6))
        (should (eq buffer-file-coding-system 'no-conversion))
        (should-not hook)))))

(ert-deftest find-file-noselect-directory ()
  ;; With no function to visit it (dired-noselect by default).
  (find-file-tests--in-dir dir nil
    (let ((before (length (buffer-list)))
          (find-directory-functions nil))
      (should (equal (should-error (find-file-noselect dir))
                     (list 'error (format "%s is a directory" (abbreviate-file-name dir)))))
      (should (= before (length (buffer-list)))))))

(ert-deftest find-file-noselect-changed-on-disk ()
  (find-file-tests--in-dir dir '(("b.el" . "(a)\n"))
    (let ((b (find-file-noselect (concat dir "b.el"))))
      (sleep-for 0.01)
      (write-region "(b)\n" nil (concat dir "b.el") nil 'silent)
      ;; NOWARN: as it was.
      (find-file-noselect (concat dir "b.el") t)
      (should (equal (with-current-buffer b (buffer-string)) "(a)\n"))
      (let ((revert-without-query '(".")))
        (should (eq (find-file-noselect (concat dir "b.el")) b)))
      (should (equal (with-current-buffer b (buffer-string)) "(b)\n")))))

(ert-deftest find-file-noselect-large-file ()
  (find-file-tests--in-dir dir '(("big.txt" . "big enough\n"))
    (let ((large-file-warning-threshold 5))
      (let ((unread-command-events (list ?l)))
        (with-current-buffer (find-file-noselect (concat dir "big.txt"))
          (should find-file-literally)
          (should (eq major-mode 'fundamental-mode))
          (kill-buffer)))
      (let ((unread-command-events (list ?n)))
        (should-error (find-file-noselect (concat dir "big.txt")) :type 'user-error))
      (should-not (get-file-buffer (concat dir "big.txt")))
      ;; NOWARN: no question.
      (with-current-buffer (find-file-noselect (concat dir "big.txt") t)
        (should (eq major-mode 'text-mode))))))

(ert-deftest find-file-noselect-mode-error-keeps-the-file ()
  ;; A mode that fails is reported; the file is visited all the same.
  (find-file-tests--in-dir dir '(("a.broken" . "text\n"))
    (let ((auto-mode-alist '(("\\.broken\\'" . find-file-tests--broken-mode)))
          (debug-on-error nil)) ; else the error goes to the debugger, as in Emacs
      (defalias 'find-file-tests--broken-mode (lambda () (error "Broken mode")))
      (with-current-buffer (find-file-noselect (concat dir "a.broken"))
        (should (equal (buffer-string) "text\n"))))))

(ert-deftest find-file-noselect-require-final-newline ()
  (find-file-tests--in-dir dir '(("a.data" . "no newline") ("a.txt" . "no newline"))
    (let ((require-final-newline 'visit))
      (with-current-buffer (find-file-noselect (concat dir "a.data"))
        (should (equal (buffer-string) "no newline\n"))
        (should (buffer-modified-p)))
      ;; Text and programming modes set it to `mode-require-final-newline':
      ;; added on save, not on visit.
      (with-current-buffer (find-file-noselect (concat dir "a.txt"))
        (should (eq require-final-newline t))
        (should (equal (buffer-string) "no newline"))
        (set-buffer-modified-p t)
        (save-buffer)
        (should (equal (with-temp-buffer (insert-file-contents (concat dir "a.txt"))
                                         (buffer-string))
                       "no newline\n"))))))


(ert-deftest find-file-tests-read-file-name-through-completing-read-function ()
  ;; A completion UI (ivy, vertico) reads file names: read-file-name calls
  ;; completing-read with read-file-name-internal, as Emacs 28's does.
  (let* ((seen nil)
         (completing-read-function
          (lambda (prompt coll _pred _req init _hist _def &rest _)
            (setq seen (list prompt (eq coll #'read-file-name-internal) init))
            "/tmp/x")))
    (should (equal (read-file-name "F: " "/tmp/") "/tmp/x"))
    (should (equal seen '("F: " t "/tmp/")))))

;;; find-file-tests.el ends here
