;;; shell.el --- M-x shell: an interactive shell in *shell*  -*- lexical-binding: t -*-

(require 'comint)

(defvar explicit-shell-file-name nil)
(defvar shell-mode-hook nil)
(defvar explicit-bash-args '("--noediting" "-i")
  "Bash's arguments: readline off, as Emacs, since the buffer does the editing.")

(define-derived-mode shell-mode comint-mode "Shell"
  "Major mode for an interactive shell: comint with the shell's defaults.")

(defun shell--program ()
  (or explicit-shell-file-name (getenv "ESHELL") shell-file-name))

(defun shell (&optional buffer file-name)
  "Run an interactive shell in BUFFER (default *shell*), or go to it."
  (interactive
   (list (and current-prefix-arg
              (read-buffer "Shell buffer: " (generate-new-buffer-name "*shell*")))))
  (let* ((buffer (get-buffer-create (or buffer "*shell*")))
         (program (or file-name (shell--program))))
    (shell--show buffer)
    (unless (and (get-buffer-process buffer) (process-live-p (get-buffer-process buffer)))
      (with-current-buffer buffer
        (shell-mode))
      ;; As Emacs: explicit-NAME-args if defined, else -i.
      (let ((args (intern-soft (format "explicit-%s-args" (file-name-nondirectory program)))))
        (apply #'make-comint-in-buffer "shell" buffer program nil
               (if (and args (boundp args)) (symbol-value args) '("-i")))))
    buffer))

(defun shell--show (buffer)
  (if (fboundp 'pop-to-buffer-same-window)
      (pop-to-buffer-same-window buffer)
    (switch-to-buffer buffer)))

(provide 'shell)
