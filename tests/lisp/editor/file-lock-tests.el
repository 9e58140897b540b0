;;; file-lock-tests.el --- lock files while a visited file has changes  -*- lexical-binding: t -*-

;; As Emacs's filelock.c: a buffer visiting a file locks it (a symbolic
;; link .#NAME beside it, "USER@HOST.PID:BOOT") from its first change until
;; it is saved, reverted, marked unmodified or killed; a lock held by
;; another live process is the user's to resolve (ask-user-about-lock),
;; one left by a process that is gone is taken.  Every expected value is
;; GNU Emacs 28's in `emacs --batch -Q' (this file passes in both).

(require 'ert)
(load "userlock" nil t) ; file-locked, ask-user-about-lock (it provides no feature)

(defmacro file-lock-tests--with-file (var &rest body)
  "Run BODY with VAR a fresh file's name, in a buffer visiting it."
  (declare (indent 1))
  `(let* ((dir (make-temp-file "file-lock" t))
          (,var (expand-file-name "notes.txt" dir)))
     (unwind-protect
         (progn
           (with-temp-file ,var (insert "text\n"))
           (let ((buffer (find-file-noselect ,var)))
             (unwind-protect (with-current-buffer buffer ,@body)
               (when (buffer-live-p buffer)
                 (with-current-buffer buffer
                   (set-buffer-modified-p nil)
                   (kill-buffer))))))
       (delete-directory dir t))))

(defun file-lock-tests--lock (file)
  (expand-file-name (concat ".#" (file-name-nondirectory file)) (file-name-directory file)))

(ert-deftest file-lock-first-change-locks-save-unlocks ()
  ;; create-lockfiles is t by default, read by the first change before any
  ;; Lisp has named it.
  (file-lock-tests--with-file file
    (should-not (file-locked-p file))
    (goto-char (point-max))
    (insert "more\n")
    (should (eq (file-locked-p file) t))
    (let ((target (file-symlink-p (file-lock-tests--lock file))))
      (should (stringp target))
      (should (string-prefix-p (concat (user-login-name) "@" (system-name) "." (number-to-string (emacs-pid)))
                               target)))
    (save-buffer)
    (should-not (file-locked-p file))
    (should-not (file-exists-p (file-lock-tests--lock file)))))

(ert-deftest file-lock-modified-flag-and-kill ()
  (file-lock-tests--with-file file
    (set-buffer-modified-p t)
    (should (eq (file-locked-p file) t))
    (set-buffer-modified-p nil)
    (should-not (file-locked-p file))
    (insert "x")
    (should (eq (file-locked-p file) t))
    (let ((kill-buffer-query-functions nil))
      (kill-buffer))
    (should-not (file-locked-p file))))

(ert-deftest file-lock-undo-to-saved-unlocks ()
  ;; primitive-undo's (t . TIME) entry: back at the saved text the buffer
  ;; is unmodified and its lock goes, as after a save.
  (file-lock-tests--with-file file
    (goto-char (point-max))
    (insert "more")
    (undo-boundary)
    (should (eq (file-locked-p file) t))
    (let ((last-command nil)) (undo))
    (should (equal (buffer-string) "text\n"))
    (should-not (buffer-modified-p))
    (should-not (file-locked-p file))
    ;; Redo: modified and locked again.
    (undo-boundary)
    (let ((last-command nil)) (undo))
    (should (equal (buffer-string) "text\nmore"))
    (should (buffer-modified-p))
    (should (eq (file-locked-p file) t))))

(ert-deftest file-lock-none-without-create-lockfiles ()
  (file-lock-tests--with-file file
    (setq-local create-lockfiles nil)
    (insert "x")
    (should-not (file-locked-p file))
    (should-not (file-symlink-p (file-lock-tests--lock file)))))

(ert-deftest file-lock-held-by-another-process ()
  ;; A live process of this host holds it (pid 1): the user decides.
  (file-lock-tests--with-file file
    (make-symbolic-link (format "someone@%s.1" (system-name)) (file-lock-tests--lock file))
    (should (equal (file-locked-p file) "someone"))
    (let ((asked nil))
      (cl-letf (((symbol-function 'ask-user-about-lock)
                 (lambda (f opponent) (push (list f opponent) asked) t)))
        (insert "x"))
      (should (equal asked (list (list file (format "someone@%s (pid 1)" (system-name)))))))
    ;; Taken: ours now, and gone once saved.
    (should (eq (file-locked-p file) t))
    (save-buffer)
    (should-not (file-exists-p (file-lock-tests--lock file)))))

(ert-deftest file-lock-refused-keeps-the-other-lock ()
  (file-lock-tests--with-file file
    (make-symbolic-link (format "someone@%s.1" (system-name)) (file-lock-tests--lock file))
    (cl-letf (((symbol-function 'ask-user-about-lock)
               (lambda (f opponent) (signal 'file-locked (list f opponent)))))
      (should-error (insert "x") :type 'file-locked))
    (should (equal (buffer-string) "text\n"))
    (should (equal (file-locked-p file) "someone"))
    (delete-file (file-lock-tests--lock file))))

(ert-deftest file-lock-stale-lock-is-taken ()
  ;; A process of this host that is gone: its lock is removed, no question.
  (file-lock-tests--with-file file
    (make-symbolic-link (format "%s@%s.%d" (user-login-name) (system-name) 4194000)
                        (file-lock-tests--lock file))
    (cl-letf (((symbol-function 'ask-user-about-lock)
               (lambda (&rest _) (error "asked about a stale lock"))))
      (insert "x"))
    (should (eq (file-locked-p file) t))))

(ert-deftest file-lock-set-visited-file-name ()
  ;; files.el's set-visited-file-name unlocks the old name, locks the new.
  (file-lock-tests--with-file file
    (insert "x")
    (let ((new (expand-file-name "renamed.txt" (file-name-directory file))))
      (set-visited-file-name new)
      (should-not (file-locked-p file))
      (should (eq (file-locked-p new) t))
      (set-buffer-modified-p nil)
      (should-not (file-locked-p new)))))

;;; file-lock-tests.el ends here
