;;; files-cmd-tests.el --- lisp/files.el: visiting, saving, the buffer list  -*- lexical-binding: t -*-

;; Expected values are GNU Emacs 28's where the file also runs there.
(when (boundp 'gapmacs-version) (load "loadup" nil t))

(defmacro files-cmd-tests--in-dir (var &rest body)
  (declare (indent 1))
  `(let* ((,var (file-name-as-directory (make-temp-file "fct" t)))
          (default-directory ,var))
     (unwind-protect (progn ,@body)
       (dolist (b (buffer-list))
         (when (and (buffer-file-name b) (string-prefix-p ,var (buffer-file-name b)))
           (with-current-buffer b (set-buffer-modified-p nil))
           (kill-buffer b)))
       (delete-directory ,var t))))

(defmacro files-cmd-tests--answering (fn answers &rest body)
  "Run BODY with function FN returning ANSWERS in turn."
  (declare (indent 2))
  (let ((old (make-symbol "old")) (queue (make-symbol "queue")))
    `(let ((,old (symbol-function ',fn)) (,queue (copy-sequence ,answers)))
       (unwind-protect
           (progn (fset ',fn (lambda (&rest _) (pop ,queue))) ,@body)
         (fset ',fn ,old)))))

(defun files-cmd-tests--file-string (file)
  (with-temp-buffer (insert-file-contents file) (buffer-string)))

(ert-deftest files-cmd-find-new-file-created-on-save ()
  (files-cmd-tests--in-dir dir
    (let ((file (concat dir "new.txt")))
      (find-file file)
      (should (equal (buffer-name) "new.txt"))
      (should (equal (buffer-file-name) file))
      (should (equal (buffer-string) ""))
      (should-not (file-exists-p file))
      (insert "hello\n")
      (save-buffer)
      (should (equal (files-cmd-tests--file-string file) "hello\n"))
      (should-not (buffer-modified-p))
      (should-not (file-exists-p (concat file "~"))))))

(ert-deftest files-cmd-backup-on-first-save ()
  ;; Emacs makes no backups in temporary-file-directory.
  (skip-unless (boundp 'gapmacs-version))
  (files-cmd-tests--in-dir dir
    (let ((file (concat dir "b.txt")))
      (with-temp-buffer (insert "v1\n") (write-region nil nil file))
      (find-file file)
      (goto-char (point-max))
      (insert "v2\n")
      (save-buffer)
      (should (equal (files-cmd-tests--file-string (concat file "~")) "v1\n"))
      (insert "v3\n")
      (save-buffer)
      ;; Only the first save of the session makes the backup.
      (should (equal (files-cmd-tests--file-string (concat file "~")) "v1\n"))
      (should (equal (files-cmd-tests--file-string file) "v1\nv2\nv3\n")))))

(ert-deftest files-cmd-find-file-hook-and-mode ()
  (files-cmd-tests--in-dir dir
    (let* ((seen nil)
           (find-file-hook (list (lambda () (push (buffer-name) seen)))))
      (find-file (concat dir "x.el"))
      (should (equal seen '("x.el")))
      (should (eq major-mode 'emacs-lisp-mode)))))

(ert-deftest files-cmd-find-file-directory-is-an-error ()
  ;; Without a function to visit directories (dired's, by default).
  (skip-unless (boundp 'gapmacs-version))
  (files-cmd-tests--in-dir dir
    (let ((before (length (buffer-list)))
          (find-directory-functions nil))
      (should-error (find-file dir) :type 'user-error)
      (should (= before (length (buffer-list)))))))

(ert-deftest files-cmd-write-file ()
  (files-cmd-tests--in-dir dir
    (with-current-buffer (get-buffer-create "files-cmd-unsaved")
      (insert "text")
      (write-file (concat dir "written"))
      (should (equal (buffer-name) "written"))
      (should (equal (buffer-file-name) (concat dir "written")))
      (should-not (buffer-modified-p))
      (should (equal (files-cmd-tests--file-string (concat dir "written")) "text")))))

(ert-deftest files-cmd-revert-keeps-point ()
  (files-cmd-tests--in-dir dir
    (let ((file (concat dir "r.txt")))
      (with-temp-buffer (insert "line one\nline two\n") (write-region nil nil file))
      (find-file file)
      (goto-char 12)
      (save-excursion (goto-char (point-max)) (insert "junk"))
      (revert-buffer t t)
      (should (equal (buffer-string) "line one\nline two\n"))
      (should (= (point) 12))
      (should-not (buffer-modified-p)))))

(ert-deftest files-cmd-kill-buffer-asks-when-modified ()
  (skip-unless (boundp 'gapmacs-version))
  (files-cmd-tests--in-dir dir
    (find-file (concat dir "k.txt"))
    (insert "unsaved")
    (let ((buf (current-buffer)))
      (files-cmd-tests--answering yes-or-no-p '(nil)
        (funcall-interactively 'kill-buffer buf))
      (should (buffer-live-p buf))
      (files-cmd-tests--answering yes-or-no-p '(t)
        (funcall-interactively 'kill-buffer buf))
      (should-not (buffer-live-p buf)))))

(ert-deftest files-cmd-save-some-buffers ()
  (skip-unless (boundp 'gapmacs-version))
  (files-cmd-tests--in-dir dir
    (find-file (concat dir "s1.txt")) (insert "1")
    (find-file (concat dir "s2.txt")) (insert "2")
    (files-cmd-tests--answering read-string '("y" "n")
      (save-some-buffers))
    (should (= 1 (length (seq-filter #'file-exists-p
                                     (list (concat dir "s1.txt") (concat dir "s2.txt"))))))))

(ert-deftest files-cmd-save-some-buffers-answers ()
  ;; Issue 18: C-x s takes Emacs's !, . and q, not only y and n.
  (skip-unless (boundp 'gapmacs-version))
  (dolist (case '((("!") . 3) (("." "y") . 1) (("q" "y") . 0) (("n" "x" "y" "q") . 1)))
    (files-cmd-tests--in-dir dir
      (let ((files (mapcar (lambda (n) (concat dir n)) '("a.txt" "b.txt" "c.txt"))))
        (dolist (f files) (find-file f) (insert "x"))
        (files-cmd-tests--answering read-string (car case)
          (should (= (cdr case) (save-some-buffers))))
        (should (= (cdr case) (length (seq-filter #'file-exists-p files))))))))

(ert-deftest files-cmd-list-buffers ()
  (skip-unless (boundp 'gapmacs-version))
  (let ((victim (get-buffer-create "files-cmd-victim")))
    (with-current-buffer (list-buffers-noselect)
      (should (eq major-mode 'Buffer-menu-mode))
      (should buffer-read-only)
      (should (string-match-p "\\`CRM Buffer +Size Mode +File" (buffer-string)))
      (goto-char (point-min))
      (search-forward "files-cmd-victim")
      (should (eq (Buffer-menu-buffer) victim))
      (Buffer-menu-delete)
      (forward-line -1)
      (should (looking-at "D"))
      (Buffer-menu-execute)
      (should-not (buffer-live-p victim))
      (kill-buffer))))
