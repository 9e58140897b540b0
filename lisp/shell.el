;;; shell.el --- M-x shell: an interactive shell in *shell*  -*- lexical-binding: t -*-

(require 'comint)

(defvar explicit-shell-file-name nil)
(defvar shell-mode-hook nil)
(defvar explicit-bash-args '("--noediting" "-i")
  "Bash's arguments: readline off, as Emacs, since the buffer does the editing.")

;;;; Directory tracking: the buffer's default-directory follows the cd,
;;;; pushd and popd commands typed to the shell (Emacs's input-based
;;;; shell-directory-tracker; output is never parsed).

(defvar-local shell-dirtrackp t "Non-nil while directory tracking is on.")
(defvar shell-command-regexp "[^;&|\n]+" "Matches one command of a pipeline.")
(defvar shell-command-separator-regexp "[;&|\n \t]*" "Matches what separates commands.")
(defvar shell-cd-regexp "cd" "Commands that work as cd.")
(defvar shell-pushd-regexp "pushd" "Commands that work as pushd.")
(defvar shell-popd-regexp "popd" "Commands that work as popd.")
(defvar shell-pushd-tohome nil "Non-nil: pushd with no argument goes home, as cd.")
(defvar shell-pushd-dunique nil "Non-nil: pushd adds a directory to the stack once.")
(defvar-local shell-dirstack nil "The directory stack, top first, without the current directory.")
(defvar-local shell-last-dir nil "The directory before the last cd (for cd -).")

(defun shell--words (command)
  "The words of COMMAND with the shell's quoting removed: '...' is
literal, \"...\" and the rest take backslash escapes."
  (let ((i 0) (n (length command)) (words nil) (word nil) (quote-char nil))
    (while (< i n)
      (let ((c (aref command i)))
        (cond ((and quote-char (eq c quote-char))
               (setq quote-char nil))
              ((and (eq c ?\\) (not (eq quote-char ?')) (< (1+ i) n))
               (setq i (1+ i))
               (push (aref command i) word))
              (quote-char (push c word))
              ((memq c '(?' ?\"))
               (setq quote-char c)
               (unless word (setq word (list))))
              ((memq c '(?\s ?\t))
               (when word (push (apply #'string (nreverse word)) words))
               (setq word nil))
              (t (push c word))))
      (setq i (1+ i)))
    (when word (push (apply #'string (nreverse word)) words))
    (nreverse words)))

(defun shell-cd (dir)
  "Do normal `cd' to DIR, and set `list-buffers-directory'."
  (cd dir)
  (when shell-dirtrackp
    (setq list-buffers-directory default-directory)))

(defun shell-process-cd (arg)
  (let ((new-dir (cond ((zerop (length arg)) "~")
                       ((string-equal arg "-") (or shell-last-dir (error "No previous directory")))
                       (t arg))))
    (setq shell-last-dir default-directory)
    (shell-cd new-dir)))

(defun shell-process-pushd (arg)
  (cond ((and (zerop (length arg)) shell-pushd-tohome)
         (shell-process-pushd "~"))
        ((zerop (length arg))
         (if (null shell-dirstack)
             (message "Directory stack empty.")
           (let ((old default-directory))
             (shell-cd (car shell-dirstack))
             (setq shell-dirstack (cons old (cdr shell-dirstack))))))
        (t
         (let ((old default-directory))
           (shell-cd arg)
           (unless (and shell-pushd-dunique (member old shell-dirstack))
             (push old shell-dirstack))))))

(defun shell-process-popd (arg)
  (let ((num (if (string-match "\\`\\+\\([1-9][0-9]*\\)\\'" (or arg ""))
                 (string-to-number (match-string 1 arg))
               (and (zerop (length arg)) 0))))
    (cond ((and (eql num 0) shell-dirstack)
           (shell-cd (pop shell-dirstack)))
          ((and num (> num 0) (<= num (length shell-dirstack)))
           ;; popd +N drops the Nth entry and stays.
           (let ((before (nthcdr (1- num) (setq shell-dirstack (cons nil shell-dirstack)))))
             (setcdr before (cddr before))
             (setq shell-dirstack (cdr shell-dirstack))))
          (t (error "Couldn't popd")))))

(defun shell-directory-tracker (str)
  "Follow the cd, pushd and popd commands in STR, an input sent to the shell.
A command the tracker cannot follow (a directory that does not exist,
a variable it cannot expand) is ignored, as Emacs ignores it."
  (when shell-dirtrackp
    (ignore-errors
      (let ((start (progn (string-match (concat "\\`" shell-command-separator-regexp) str)
                          (match-end 0)))
            (case-fold-search nil))
        (while (string-match shell-command-regexp str start)
          (let* ((end (match-end 0))
                 (words (shell--words (substring str start end)))
                 (cmd (car words))
                 (arg (substitute-in-file-name (or (cadr words) ""))))
            (cond ((null cmd))
                  ((string-match-p (concat "\\`\\(?:" shell-popd-regexp "\\)\\'") cmd)
                   (shell-process-popd arg))
                  ((string-match-p (concat "\\`\\(?:" shell-pushd-regexp "\\)\\'") cmd)
                   (shell-process-pushd arg))
                  ((string-match-p (concat "\\`\\(?:" shell-cd-regexp "\\)\\'") cmd)
                   (shell-process-cd arg)))
            (string-match shell-command-separator-regexp str end)
            (setq start (match-end 0))))))))

(define-minor-mode shell-dirtrack-mode
  "Toggle directory tracking in this shell buffer (Shell Dirtrack mode)."
  :lighter nil
  (setq shell-dirtrackp shell-dirtrack-mode)
  (setq list-buffers-directory (and shell-dirtrack-mode default-directory))
  (if shell-dirtrack-mode
      (add-hook 'comint-input-filter-functions #'shell-directory-tracker nil t)
    (remove-hook 'comint-input-filter-functions #'shell-directory-tracker t)))

;;;; Completion: the first word of an input is a command.

(defun shell--commands (prefix)
  "The executables on `exec-path' whose names start with PREFIX."
  (let ((found nil))
    (dolist (dir exec-path)
      (when (and (stringp dir) (file-accessible-directory-p dir))
        (dolist (name (file-name-all-completions prefix dir))
          (unless (or (string-suffix-p "/" name) (member name found))
            (when (file-executable-p (expand-file-name name dir))
              (push name found))))))
    found))

(defun shell-command-completion ()
  "Completion data for a command name: the first word of the input, when
it names no directory (for `completion-at-point-functions')."
  (let ((start (comint--file-name-start))
        (input-start (save-excursion
                       (goto-char (comint--input-line-start))
                       (skip-chars-forward " \t")
                       (point))))
    (when (and (= start input-start)
               (not (string-search "/" (buffer-substring-no-properties start (point)))))
      (list start (point)
            (completion-table-dynamic #'shell--commands)
            :exit-function
            (lambda (_name status)
              (when (and (eq status 'finished) (not (looking-at-p " ")))
                (insert " ")))))))

(define-derived-mode shell-mode comint-mode "Shell"
  "Major mode for an interactive shell: comint with the shell's defaults:
directory tracking on, and the last line of output kept at the window's
bottom (scroll-conservatively 101), as Emacs's shell mode."
  (setq-local scroll-conservatively 101)
  (setq-local completion-at-point-functions '(shell-command-completion comint-filename-completion))
  (setq shell-dirstack nil shell-last-dir nil)
  (shell-dirtrack-mode 1)
  (unless comint-input-ring
    (shell--find-history)
    (comint-read-input-ring t)))

(defun shell--find-history ()
  "Where the shell keeps its history, as Emacs's shell mode finds it:
$HISTFILE, else the file of the shell's name; $HISTSIZE is the ring's size."
  (let ((shell (file-name-nondirectory (shell--program)))
        (size (getenv "HISTSIZE"))
        (file (getenv "HISTFILE")))
    (when (and size (> (string-to-number size) 0))
      (setq-local comint-input-ring-size (string-to-number size)))
    (setq comint-input-ring-file-name
          (or (and file (not (string-equal file "")) file)
              (pcase shell
                ("bash" "~/.bash_history")
                ("ksh" "~/.sh_history")
                ("zsh" "~/.zsh_history")
                (_ "~/.history"))))
    (when (equal (file-truename comint-input-ring-file-name) (file-truename null-device))
      (setq comint-input-ring-file-name nil))))

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
