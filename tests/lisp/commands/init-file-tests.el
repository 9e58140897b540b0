;;; init-file-tests.el --- the first lines of users' init files  -*- lexical-binding: t -*-
;; No gc-stress run: the test starts an editor of its own.

;; data/init-first-lines.el holds what users' init files start with
;; (show-paren-mode, recentf-mode, savehist-mode, load-theme,
;; custom-set-variables, package-initialize, cua-mode, repeat-mode...);
;; a fresh `--batch -Q' with HOME in a temporary directory loads it and
;; prints what those lines set.  The expected text is what GNU Emacs 28
;; printed for the same file; this test also runs under Emacs.

(defconst init-file-tests--here (file-name-directory (or load-file-name buffer-file-name)))

(defconst init-file-tests--emacs-28
  (concat "(t t t t t t t t t t nil nil nil t t t t t t t t t t (wombat) nil 72 \"blue\" "
          "t forward recentf-open-files windmove-left windmove-right nil y-or-n-p nil "
          "(delete-trailing-whitespace))")
  "What Emacs 28 prints after the init file's lines.")

(defun init-file-tests--run (init)
  "The exit status and the standard output of a fresh editor loading INIT."
  (let* ((home (make-temp-file "init-home" t))
         (process-environment (cons (concat "HOME=" home) process-environment)))
    (unwind-protect
        (with-temp-buffer
          (let ((status (call-process (expand-file-name invocation-name invocation-directory)
                                      nil (list t nil) nil "--batch" "-Q" "-l" init)))
            (cons status (buffer-string))))
      (delete-directory home t))))

(ert-deftest init-file-tests-first-lines ()
  (should (equal (init-file-tests--run (expand-file-name "../data/init-first-lines.el" init-file-tests--here))
                 (cons 0 init-file-tests--emacs-28))))

;;; init-file-tests.el ends here
