;;; shell-command.el --- running shell commands: M-!, M-&, M-| and the functions behind them  -*- lexical-binding: t -*-

;; Emacs keeps these in simple.el and subr.el; they are together here because
;; they share the output-buffer and exit-status conventions.

(require 'keymap) ; loaded on its own in batch, where the functions autoload

(defvar shell-file-name (or (getenv "SHELL") "/bin/sh"))
(defvar shell-command-switch "-c")
(defvar shell-command-default-error-buffer nil)
(defvar shell-command-history nil)
(defvar async-shell-command-buffer 'new-buffer
  "What to do when the output buffer of `async-shell-command' is busy.
Only `new-buffer' (use a fresh *Async Shell Command*<N>) and `confirm-kill-process'
are honoured.")
(defvar shell-command-dont-erase-buffer nil)

;;;; The environment

;; `process-environment' is the children's environment (lisp-lite keeps it
;; as Emacs does), so `(let ((process-environment ...)) ...)' works here.

(defun shell-command--call (infile destination display program &rest args)
  (let ((argv (cons program args)))
    (apply #'call-process (car argv) infile destination display (cdr argv))))

;;;; Functions

(unless (and (fboundp 'shell-quote-argument) (not (autoloadp (symbol-function 'shell-quote-argument))))
;;;###autoload
(defun shell-quote-argument (argument &optional _posix)
  "Quote ARGUMENT for a POSIX shell: a backslash before every character
that is not a letter, digit or one of -_./, a newline as '\\n'."
  (if (equal argument "")
      "''"
    (let ((out nil))
      (dolist (c (string-to-list argument))
        (cond ((eq c ?\n) (push "'\n'" out))
              ((or (and (>= c ?a) (<= c ?z)) (and (>= c ?A) (<= c ?Z))
                   (and (>= c ?0) (<= c ?9)) (memq c '(?- ?_ ?. ?/)))
               (push (char-to-string c) out))
              (t (push (string ?\\ c) out))))
      (apply #'concat (nreverse out))))))

;;;###autoload
(defun call-process-shell-command (command &optional infile buffer display &rest args)
  "Run COMMAND (with ARGS appended, separated by spaces) in a shell, as `call-process'."
  (shell-command--call infile buffer display shell-file-name shell-command-switch
                       (mapconcat #'identity (cons command args) " ")))

;;;###autoload
(defun process-file-shell-command (command &optional infile buffer display &rest args)
  (apply #'call-process-shell-command command infile buffer display args))

;;;###autoload
(defun start-process-shell-command (name buffer command)
  "Start COMMAND in a shell as process NAME with output to BUFFER."
  (apply #'start-process name buffer
         (list shell-file-name shell-command-switch command)))

;;;###autoload
(defun start-file-process-shell-command (name buffer command)
  (start-process-shell-command name buffer command))

;;;###autoload
(defun shell-command-to-string (command)
  "The output of COMMAND (stdout and stderr) run in a shell."
  (with-temp-buffer
    (shell-command--call nil t nil shell-file-name shell-command-switch command)
    (buffer-string)))

;;;###autoload
(defun process-lines-handling-status (program status-handler &rest args)
  "Run PROGRAM with ARGS; return its output as a list of lines.
STATUS-HANDLER, when non-nil, is called with the exit status first."
  (with-temp-buffer
    (let ((status (apply #'shell-command--call nil t nil program args)))
      (when status-handler (funcall status-handler status))
      (let ((lines nil))
        (goto-char (point-min))
        (while (not (eobp))
          (push (buffer-substring-no-properties (line-beginning-position) (line-end-position))
                lines)
          (forward-line 1))
        (nreverse lines)))))

;;;###autoload
(defun process-lines (program &rest args)
  "PROGRAM's output lines; signal an error when it exits with a non-zero status."
  (apply #'process-lines-handling-status program
         (lambda (status)
           (unless (eq status 0) (error "%s exited with status %s" program status)))
         args))

;;;###autoload
(defun process-lines-ignore-status (program &rest args)
  (apply #'process-lines-handling-status program nil args))

;;;; Progress in the mode line

(defun shell-command--human-size (bytes)
  "\"12.3M\" for BYTES, as the mode line shows sizes."
  (let ((units '("B" "K" "M" "G" "T")) (n (float bytes)))
    (while (and (>= n 1024) (cdr units))
      (setq n (/ n 1024) units (cdr units)))
    (if (equal (car units) "B") (format "%d%s" bytes (car units))
      (format "%.1f%s" n (car units)))))

(defun shell-command--progress (proc started)
  "For a mode line: while PROC runs, the bytes it sent and the rate
(\" 12.3M 45.0M/s\"); once it ended, the time since STARTED (\" 1.23s\")."
  (cond ((and proc (process-live-p proc) (fboundp 'gapmacs-process-progress))
         (let* ((progress (gapmacs-process-progress proc))
                (bytes (car progress)) (secs (cadr progress)))
           (if (> bytes 0)
               (concat " " (shell-command--human-size bytes)
                       (if (> secs 0.2)
                           (concat " " (shell-command--human-size (round (/ bytes secs))) "/s")
                         ""))
             "")))
        ((and started (boundp 'gapmacs-version))
         (format " %.2fs" (- (float-time) started)))
        (t "")))

;;;; Reading commands

(unless (and (fboundp 'read-shell-command) (not (autoloadp (symbol-function 'read-shell-command))))
;;;###autoload
(defun read-shell-command (prompt &optional initial-contents hist &rest _)
  (read-from-minibuffer prompt initial-contents nil nil (or hist 'shell-command-history))))

;;;; M-!, M-&, M-|

(defun shell-command--report (buffer exit-status)
  "Show BUFFER's output as Emacs does: in the echo area when it is one line,
else in a window; with no output, say how the command ended."
  (with-current-buffer buffer
    (setq-local mode-line-process
          (cond ((null exit-status) " - Error")
                ((stringp exit-status) (format " - Signal [%s]" exit-status))
                ((not (equal exit-status 0)) (format " - Exit [%d]" exit-status)))))
  (let ((text (with-current-buffer buffer (buffer-string))))
    (cond ((not (equal text ""))
           (let ((trimmed (if (string-suffix-p "\n" text) (substring text 0 -1) text)))
             (if (string-search "\n" trimmed)
                 (display-buffer buffer)
               (message "%s" trimmed))))
          ((null exit-status) (message "(Shell command failed with error)"))
          ((equal exit-status 0) (message "(Shell command succeeded with no output)"))
          ((stringp exit-status) (message "(Shell command killed by signal %s)" exit-status))
          (t (message "(Shell command failed with code %d and no output)" exit-status)))))

(defcustom shell-command-buffer-name "*Shell Command Output*"
  "The buffer `shell-command' shows output of more than one line in."
  :type 'string :group 'shell)

(defcustom shell-command-buffer-name-async "*Async Shell Command*"
  "The buffer `async-shell-command' streams output into."
  :type 'string :group 'shell)

(defun shell-command--output-buffer (output-buffer)
  (get-buffer-create (or output-buffer shell-command-buffer-name)))

;;;###autoload
(defun shell-command (command &optional output-buffer error-buffer)
  "Run COMMAND in a shell.
One line of output goes to the echo area, more to *Shell Command Output*.
With a prefix argument (OUTPUT-BUFFER non-nil, not a buffer) insert the
output at point, mark after it.  A COMMAND ending in & runs asynchronously."
  ;; The prefix is read first: the minibuffer's own commands reset it.
  (interactive
   (let ((arg current-prefix-arg))
     (list (read-shell-command "Shell command: " nil nil)
           arg
           shell-command-default-error-buffer)))
  (cond
   ((string-match "[ \t]*&[ \t]*\\'" command)
    (async-shell-command (substring command 0 (match-beginning 0)) output-buffer error-buffer))
   ((and output-buffer (not (or (bufferp output-buffer) (stringp output-buffer))))
    (barf-if-buffer-read-only)
    (let ((start (point)))
      (prog1 (shell-command--call nil t nil shell-file-name
                                  shell-command-switch command)
        (push-mark (point) t)
        (goto-char start))))
   (t
    (shell-command-on-region (point) (point) command output-buffer nil error-buffer))))

;;;###autoload
(defun shell-command-on-region (start end command &optional output-buffer replace
                                      error-buffer _display-error-buffer _noncontiguous)
  "Run COMMAND with the region as input.  With REPLACE (C-u), the output
replaces the region; otherwise it is shown as `shell-command' shows it."
  (interactive
   (let ((arg current-prefix-arg))
     (list (region-beginning) (region-end)
           (read-shell-command "Shell command on region: ")
           arg arg
           shell-command-default-error-buffer t)))
  (if (or replace (and output-buffer (not (or (bufferp output-buffer) (stringp output-buffer)))))
      (let ((swap (and replace (< start end))))
        (barf-if-buffer-read-only)
        (goto-char start)
        (when replace (push-mark (point) t))
        (let ((status (shell-command--call-region start end replace error-buffer command)))
          (when swap (exchange-point-and-mark))
          status))
    (let* ((input-buffer (current-buffer))
           (buffer (shell-command--output-buffer output-buffer))
           (status nil))
      (if (eq buffer input-buffer)
          ;; The input is the output buffer: send the text, then replace it all.
          (let ((text (buffer-substring start end)))
            (erase-buffer)
            (setq status (shell-command--call-string text t error-buffer command)))
        (let ((text (buffer-substring start end)))
          (with-current-buffer buffer
            (let ((inhibit-read-only t))
              (unless shell-command-dont-erase-buffer (erase-buffer))
              (setq status (shell-command--call-string text t error-buffer command))))))
      (shell-command--report buffer status)
      status)))

(defun shell-command--call-region (start end delete _error-buffer command)
  (let ((argv (list shell-file-name shell-command-switch command)))
    (apply #'call-process-region start end (car argv) delete t nil (cdr argv))))

(defun shell-command--call-string (text destination _error-buffer command)
  (let ((argv (list shell-file-name shell-command-switch command)))
    (apply #'call-process-region text nil (car argv) nil destination nil
           (cdr argv))))

;;;###autoload
(defun shell-command-sentinel (process signal)
  (when (memq (process-status process) '(exit signal))
    (message "%s: %s."
             (car (last (process-command process)))
             (substring signal 0 -1))))

(defun async-shell-command--buffer (output-buffer)
  (let ((buffer (get-buffer-create (or output-buffer shell-command-buffer-name-async))))
    (if (not (get-buffer-process buffer))
        buffer
      (if (and (eq async-shell-command-buffer 'confirm-kill-process)
               (yes-or-no-p "A command is running in the default buffer.  Kill it? "))
          (progn (delete-process (get-buffer-process buffer)) buffer)
        (get-buffer-create (generate-new-buffer-name (buffer-name buffer)))))))

;;;###autoload
(defun async-shell-command (command &optional output-buffer _error-buffer)
  "Run COMMAND in a shell, its output streaming into *Async Shell Command*."
  (interactive
   (let ((arg current-prefix-arg))
     (list (read-shell-command "Async shell command: " nil nil)
           arg
           shell-command-default-error-buffer)))
  (let* ((directory default-directory)
         (buffer (async-shell-command--buffer
                  (and (or (bufferp output-buffer) (stringp output-buffer)) output-buffer)))
         proc)
    (with-current-buffer buffer
      (setq buffer-read-only nil)
      (erase-buffer)
      (setq default-directory directory)
      (setq proc (start-process-shell-command "Shell" buffer command))
      ;; As Emacs's comint-output-filter: the window shows the output from
      ;; its start, not from after it.
      (set-process-region-filter
       proc (lambda (p start end) (window--keep-starts-above-output (process-buffer p) start end)))
      (set-process-sentinel proc #'shell-command-sentinel))
    (display-buffer buffer)
    proc))

(define-key esc-map "!" 'shell-command)
(define-key esc-map "&" 'async-shell-command)
(define-key esc-map "|" 'shell-command-on-region)

(provide 'shell-command)
