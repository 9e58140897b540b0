;;; find-dired.el --- M-x find-dired and find-name-dired into *Find*  -*- lexical-binding: t -*-

;; find ends each name with a NUL (-printf '  %P\0'), so any name
;; (newlines, tabs, quotes, leading dashes, wildcards, bytes that are not
;; UTF-8) arrives intact.  The region
;; filter turns each complete NUL-terminated name into one display line as
;; it arrives; a name that must be shown escaped keeps its real name in a
;; table by line, so RET visits the real file whatever the line shows.  There is no dired here:
;; the listing is names only, relative to the directory.

(require 'shell-command)

(defvar find-args nil "The last arguments given to `find-dired'.")
(defvar find-args-history nil)
(defvar find-name-arg "-name")
(defvar find-dired-find-program "find")

(defvar-local find-dired--dir nil "The directory find runs in.")
(defvar-local find-dired--args nil)
(defvar-local find-dired--escaped nil "Real names of the lines shown escaped, by index.")
(defvar-local find-dired--count 0)
(defvar-local find-dired--first-line nil "Line number of the first name.")
(defvar-local find-dired--raw-start nil "Where the output not yet listed begins.")
(defvar-local find-dired--stderr nil)
(defvar-local find-dired--state ":run")

(defun find-dired--display-name (name)
  "NAME as its line shows it: as the file is named (a TAB is a TAB, shown
as redisplay shows it), as in Emacs, unless a newline would split the line
(or a name looks escaped); then $'...' with C escapes, as shells quote."
  (if (not (string-match-p "\n\\|\\`\\$'" name))
      name
    (concat "$'"
            (mapconcat (lambda (c)
                         (cond ((eq c ?\n) "\\n") ((eq c ?\t) "\\t") ((eq c ?\r) "\\r")
                               ((eq c ?\\) "\\\\") ((eq c ?') "\\'")
                               ((or (< c 32) (= c 127)) (format "\\%03o" c))
                               (t (char-to-string c))))
                       name "")
            "'")))

;; find prints each name as "  NAME\0" (-printf, %P: relative to the
;; directory, without "./"), so a listing line is find's output with the NUL
;; turned into a newline: one native `subst-char-in-region' per chunk, no
;; Lisp string or call per name.  Only names that must be shown escaped are
;; rewritten, and their real names kept in `find-dired--escaped' by index.

(defun find-dired--list-one (beg nul)
  "List the name from BEG (its indentation) to NUL (its terminator).
Leave point after the listed line."
  (let ((real (buffer-substring-no-properties (+ beg 2) nul)))
    (if (not (or (string-search "\n" real) (string-prefix-p "$'" real)))
        (progn (goto-char nul) (delete-char 1) (insert "\n"))
      (delete-region beg (1+ nul))
      (goto-char beg)
      (insert "  " (find-dired--display-name real) "\n")
      (puthash find-dired--count real find-dired--escaped)))
  (setq find-dired--count (1+ find-dired--count)))

(defun find-dired--plain-p (end)
  "Whether every name from point to END is listed as is (no newline, no
name that looks escaped)."
  (save-excursion
    (let ((start (point)))
      (and (progn (skip-chars-forward "^\n" end) (= (point) end))
           (progn (goto-char start) (not (search-forward "  $'" end t)))))))

(defun find-dired--take (proc upto)
  "List the complete names between the raw start and UPTO (just after a NUL)."
  (let ((inhibit-read-only t)
        (end (copy-marker upto)))
    (save-excursion
      (goto-char find-dired--raw-start)
      ;; `find .' lists the directory itself first, with an empty %P.
      (when (and (= find-dired--count 0) (looking-at "  \0"))
        (save-excursion (forward-char 2) (insert ".")))
      (if (find-dired--plain-p end)
          (let ((start (point)))
            (subst-char-in-region start end ?\0 ?\n t)
            (setq find-dired--count (+ find-dired--count (count-lines start end)))
            (goto-char end))
        (while (< (point) end)
          (let ((beg (point)))
            (search-forward "\0" end)
            (find-dired--list-one beg (1- (point))))))
      (setq find-dired--raw-start (point)))
    (set-marker end nil)
    (when proc (set-marker (process-mark proc) (point-max)))))

(defun find-dired-names ()
  "The real names listed so far, in order, relative to the directory."
  (save-excursion
    (goto-char (point-min))
    (forward-line (1- find-dired--first-line))
    (let ((out nil))
      (dotimes (i find-dired--count)
        (push (or (gethash i find-dired--escaped)
                  (buffer-substring-no-properties (+ (point) 2) (line-end-position)))
              out)
        (forward-line 1))
      (nreverse out))))

(defun find-dired--name (index)
  "The real name listed at INDEX, relative to the directory."
  (or (gethash index find-dired--escaped)
      (save-excursion
        (goto-char (point-min))
        (forward-line (+ index (1- find-dired--first-line)))
        (buffer-substring-no-properties (+ (point) 2) (line-end-position)))))

(defvar-local find-dired--started nil)

(defun find-dired--update-mode-line ()
  (setq-local mode-line-process
              (concat (format "%s [%d files]" find-dired--state find-dired--count)
                      (shell-command--progress (get-buffer-process (current-buffer))
                                               find-dired--started)))
  (when (fboundp 'force-mode-line-update) (force-mode-line-update)))

(defun find-dired-filter (proc _start end)
  (with-current-buffer (process-buffer proc)
    (let ((last-nul (save-excursion
                      (goto-char end)
                      (and (search-backward "\0" find-dired--raw-start t) (1+ (point))))))
      (when last-nul
        ;; Point moved to the end by the user follows the listing; point
        ;; left where the listing starts (carried along by the raw output,
        ;; which is inserted before it) stays on the first name, as in Emacs.
        (let ((at-end (= (point) (point-max)))
              (first (= find-dired--count 0))
              (listing-start find-dired--raw-start))
          (find-dired--take proc last-nul)
          (cond ((and at-end first) (goto-char listing-start))
                (at-end (goto-char (point-max)))))
        (find-dired--update-mode-line)))))

(defun find-dired-sentinel (proc event)
  (let ((buffer (process-buffer proc)))
    (unless (buffer-live-p buffer)
      (let ((stderr (process-get proc 'find-dired-stderr)))
        (when (buffer-live-p stderr) (kill-buffer stderr))))
    (when (and (memq (process-status proc) '(exit signal)) (buffer-live-p buffer))
      (with-current-buffer buffer
        (let ((inhibit-read-only t))
          ;; A name cut short by a kill is listed as far as it came.
          (when (< find-dired--raw-start (point-max))
            (save-excursion (goto-char (point-max)) (insert "\0"))
            (find-dired--take nil (point-max)))
          (save-excursion
            (goto-char (point-max))
            (when (buffer-live-p find-dired--stderr)
              (insert (with-current-buffer find-dired--stderr (buffer-string)))
              (kill-buffer find-dired--stderr))
            (insert "\n  find " (substring event 0 -1)
                    " at " (substring (current-time-string) 0 19) "\n")))
        (setq find-dired--state (format ":%s" (process-status proc)))
        (find-dired--update-mode-line)))))

(defun find-dired--command (args)
  "The command for ARGS: a shell command line when ARGS is a string (find's
arguments in shell syntax, as the user typed them), else an argv for find."
  (if (stringp args)
      (list shell-file-name shell-command-switch
            (concat find-dired-find-program " . "
                    (if (string-match-p "\\`[ \t]*\\'" args) "" (concat "\\( " args " \\) "))
                    "-printf '  %P\\0'"))
    (append (list find-dired-find-program ".") args (list "-printf" "  %P\\0"))))

(defun find-dired--command-string (args)
  "What the listing's header shows: the command as a shell would run it."
  (let ((command (find-dired--command args)))
    (if (stringp args) (nth 2 command)
      (mapconcat #'shell-quote-argument command " "))))

(define-derived-mode find-dired-mode special-mode "Find"
  "Major mode for the *Find* listing: RET visits the file on the line."
  (setq find-dired--escaped (make-hash-table))
  (setq-local revert-buffer-function (lambda (&rest _) (find-dired-rerun))))

(let ((map find-dired-mode-map))
  (define-key map (kbd "RET") 'find-dired-find-file)
  (define-key map "f" 'find-dired-find-file)
  (define-key map "o" 'find-dired-find-file-other-window)
  (define-key map "g" 'find-dired-rerun)
  (define-key map (kbd "C-c C-k") 'kill-find)
  (define-key map "n" 'next-line)
  (define-key map "p" 'previous-line)
  (define-key map "q" 'quit-window))

(defun find-dired (dir args)
  "Run find in DIR with ARGS (shell syntax, as for find) into *Find*."
  (interactive (list (read-directory-name "Run find in directory: " nil nil t)
                     (read-string "Run find (with args): " find-args 'find-args-history)))
  (setq find-args args)
  (find-dired--start dir args 'find-dired))

(defun find-dired--start (dir args command)
  "List what find finds in DIR for ARGS (a shell string or an argv list);
COMMAND is the command the user ran, for the question about a running find."
  (let ((dir (file-name-as-directory (expand-file-name dir)))
        (buffer (get-buffer-create "*Find*")))
    (unless (file-directory-p dir)
      (error "find-dired needs a directory: %s" dir))
    (let ((old (get-buffer-process buffer)))
      (when old
        (if (or (not (callint--called-as-command-p command))
                (yes-or-no-p "A `find' process is running; kill it? "))
            (delete-process old)
          (error "Cannot have two processes in `%s' at once" (buffer-name buffer)))))
    (with-current-buffer buffer
      (find-dired-mode)
      (let ((inhibit-read-only t)) (erase-buffer))
      (setq default-directory dir
            find-dired--dir dir
            find-dired--args args
            find-dired--count 0
            find-dired--started (float-time)
            find-dired--state ":run")
      (let ((inhibit-read-only t))
        (insert "  " dir ":\n  " (find-dired--command-string args) "\n"))
      (setq find-dired--first-line (line-number-at-pos (point-max))
            find-dired--raw-start (point-max)
            find-dired--stderr (generate-new-buffer " *find-errors*"))
      (let ((proc (make-process
                   :name "find" :buffer buffer
                   :command (find-dired--command args)
                   :coding 'utf-8-unix
                   :stderr find-dired--stderr
                   :region-filter #'find-dired-filter
                   :sentinel #'find-dired-sentinel)))
        (process-put proc 'find-dired-stderr find-dired--stderr)
        (set-marker (process-mark proc) (point-max)))
      (find-dired--update-mode-line)
      (goto-char (point-min))
      (forward-line 2))
    (if (fboundp 'pop-to-buffer-same-window)
        (pop-to-buffer-same-window buffer)
      (switch-to-buffer buffer))
    buffer))

(defun find-name-dired (dir pattern)
  "List the files under DIR whose names match the wildcard PATTERN.
find runs without a shell; a PATTERN of * alone adds no test, as every
name matches it."
  (interactive (list (read-directory-name "Find-name (directory): " nil nil t)
                     (read-string "Find-name (filename wildcard): ")))
  (setq find-args (concat find-name-arg " " (shell-quote-argument pattern)))
  (find-dired--start dir (unless (equal pattern "*") (list find-name-arg pattern))
                     'find-name-dired))

(defun find-dired-rerun ()
  "Run the same find again."
  (interactive)
  (find-dired--start find-dired--dir find-dired--args 'find-dired-rerun))

(defun kill-find ()
  "Kill the find running in this buffer."
  (interactive)
  (let ((proc (get-buffer-process (current-buffer))))
    (if (and proc (process-live-p proc))
        (kill-process proc)
      (error "No find process is running"))))

(defun find-dired-file-name ()
  "The real name of the file on point's line, absolute; nil if none."
  (let ((i (- (line-number-at-pos) find-dired--first-line)))
    (and (>= i 0) (< i find-dired--count)
         (< (line-beginning-position) find-dired--raw-start)
         (expand-file-name (find-dired--name i) find-dired--dir))))

(defun find-dired-find-file ()
  "Visit the file on this line."
  (interactive)
  (let ((file (or (find-dired-file-name) (user-error "No file on this line"))))
    (find-file file)))

(defun find-dired-find-file-other-window ()
  (interactive)
  (let ((file (or (find-dired-file-name) (user-error "No file on this line"))))
    (find-file-other-window file)))

(provide 'find-dired)
