;;; process-menu.el --- M-x list-processes: the *Process List* buffer  -*- lexical-binding: t -*-

;; Emacs builds this on tabulated-list-mode, which gapmacs lacks: the
;; columns are laid out here, the first line is the header, and the process
;; of each line is kept in a vector by line.

(defvar-local process-menu--processes nil "The process listed on each line after the header.")
(defvar-local process-menu--query-only nil)

(defconst process-menu--columns
  '(("Process" . 15) ("PID" . 7) ("Status" . 7) ("Buffer" . 15) ("TTY" . 12) ("Command" . 0)))

(defun process-menu--cells (proc)
  (let ((buffer (process-buffer proc))
        (tty (and (fboundp 'process-tty-name) (process-tty-name proc))))
    (list (process-name proc)
          (let ((pid (process-id proc))) (if pid (number-to-string pid) "--"))
          (symbol-name (process-status proc))
          (cond ((null buffer) "--")
                ((buffer-live-p buffer) (buffer-name buffer))
                (t "(Killed)"))
          (or tty "--")
          (mapconcat #'identity (process-command proc) " "))))

(defun process-menu--row (cells)
  (let ((out "") (cols process-menu--columns))
    (while cells
      (let ((text (car cells)) (width (cdar cols)))
        (setq out (concat out
                          (if (and (> width 0) (cdr cells))
                              (let ((shown (if (> (string-width text) width)
                                               (substring text 0 width)
                                             text)))
                                (concat shown (make-string (1+ (- width (string-width shown))) ?\s)))
                            text))))
      (setq cells (cdr cells) cols (cdr cols)))
    (concat " " out)))

(defun process-menu--refresh ()
  (let* ((line (line-number-at-pos))
         (col (current-column))
         (procs (seq-filter (lambda (p) (or (not process-menu--query-only)
                                            (process-query-on-exit-flag p)))
                            (process-list)))
         (inhibit-read-only t))
    (erase-buffer)
    (insert (process-menu--row (mapcar #'car process-menu--columns)) "\n")
    (dolist (p procs)
      (insert (process-menu--row (process-menu--cells p)) "\n"))
    (setq process-menu--processes (vconcat procs))
    (goto-char (point-min))
    (forward-line (1- line))
    (move-to-column col)))

(define-derived-mode process-menu-mode special-mode "Process Menu"
  "Major mode for listing processes: d deletes the process on the line."
  (setq-local revert-buffer-function (lambda (&rest _) (process-menu--refresh))))

(let ((map process-menu-mode-map))
  (define-key map "d" 'process-menu-delete-process)
  (define-key map (kbd "C-k") 'process-menu-delete-process)
  (define-key map "g" 'revert-buffer)
  (define-key map "q" 'quit-window)
  (define-key map "n" 'next-line)
  (define-key map "p" 'previous-line))

(defun process-menu--process-at-point ()
  (let ((i (- (line-number-at-pos) 2)))
    (and (>= i 0) (< i (length process-menu--processes))
         (aref process-menu--processes i))))

(defun process-menu-delete-process ()
  "Kill the process on this line."
  (interactive)
  (let ((proc (or (process-menu--process-at-point) (user-error "No process on this line"))))
    (delete-process proc)
    (process-menu--refresh)))

(defun list-processes (&optional query-only buffer)
  "Show every process in *Process List*: name, pid, status, buffer, tty, command.
With QUERY-ONLY (a prefix argument), only those that ask before exiting."
  (interactive "P")
  (let ((buffer (get-buffer-create (or buffer "*Process List*"))))
    (with-current-buffer buffer
      (process-menu-mode)
      (setq process-menu--query-only query-only)
      (process-menu--refresh)
      (goto-char (point-min))
      (forward-line 1))
    (display-buffer buffer)
    buffer))

(provide 'process-menu)
