;;; files.el --- visiting, saving and listing buffers  -*- lexical-binding: t -*-

(defvar find-file-hook nil)
(defvar before-save-hook nil)
(defvar after-save-hook nil)
(defvar make-backup-files t)
(defvar backup-inhibited nil
  "If non-nil, backups will be inhibited.
This variable is intended for use by making it local to a buffer,
but it is not an option.")
(put 'backup-inhibited 'permanent-local t)
(defvar buffer-backed-up nil)
(make-variable-buffer-local 'buffer-backed-up)
(put 'buffer-backed-up 'permanent-local t)
(defvar revert-buffer-function nil)
(make-variable-buffer-local 'revert-buffer-function)
(defvar kill-emacs-query-functions nil)
(defvar confirm-kill-processes t)

;;;; Buffers and windows (stand-ins while the UI lacks them)

(unless (fboundp 'other-buffer)
  (defun other-buffer (&optional buffer _visible-ok _frame)
    "The first live buffer other than BUFFER whose name does not start with a space."
    (or (seq-find-buffer (lambda (b) (and (not (eq b (or buffer (current-buffer))))
                                          (not (string-prefix-p " " (buffer-name b))))))
        (get-buffer-create "*scratch*"))))

(defun seq-find-buffer (pred)
  (let (found)
    (dolist (b (buffer-list) found)
      (when (and (not found) (buffer-live-p b) (funcall pred b)) (setq found b)))))

(unless (fboundp 'switch-to-buffer)
  ;; Batch's: the buffer is shown in batch's window, as Emacs shows it there.
  (defun switch-to-buffer (buffer-or-name &rest _)
    (let ((buffer (get-buffer-create buffer-or-name)))
      (unless (window-minibuffer-p) (set-window-buffer nil buffer))
      (set-buffer buffer))))

(unless (commandp 'switch-to-buffer)
  (let ((prim (symbol-function 'switch-to-buffer)))
    (put 'switch-to-buffer 'simple--primitive prim)
    (defalias 'switch-to-buffer
      (lambda (buffer-or-name &rest rest)
        (interactive (list (read-buffer-to-switch "Switch to buffer: ")))
        (apply prim buffer-or-name rest)))))

(defun read-buffer-to-switch (prompt)
  (read-buffer prompt (other-buffer (current-buffer))))

(unless (fboundp 'display-buffer)
  (defun display-buffer (buffer &rest _)
    "Show BUFFER in another window, splitting the selected one if need be."
    (setq buffer (get-buffer-create buffer))
    ;; Batch's one window (batch_window.cpp) cannot be split: a buffer
    ;; shows only where it already is.
    (if (fboundp 'split-window-below)
        (or (get-buffer-window buffer) (files--show-in-other-window buffer))
      (get-buffer-window buffer))))

(defun files--show-in-other-window (buffer)
  (let ((window (if (and (fboundp 'window-list) (cdr (window-list)))
                    (cadr (window-list))
                  (split-window-below))))
    (set-window-buffer window buffer)
    window))

(unless (fboundp 'pop-to-buffer)
  (defun pop-to-buffer (buffer &rest _)
    (let ((w (and (fboundp 'split-window-below) (display-buffer buffer))))
      (if (and w (fboundp 'select-window)) (select-window w)
        (switch-to-buffer buffer)))
    (get-buffer buffer)))

(unless (fboundp 'quit-window)
  (defun quit-window (&optional kill _window)
    "Leave this buffer: show another one here, and kill this one with KILL."
    (interactive "P")
    (let ((buf (current-buffer)))
      (switch-to-buffer (other-buffer buf))
      (if kill (kill-buffer buf) (bury-buffer-soft buf)))))

(defun bury-buffer-soft (_buffer) nil)

(unless (fboundp 'switch-to-buffer-other-window)
(defun switch-to-buffer-other-window (buffer-or-name &optional _norecord)
  (interactive (list (read-buffer-to-switch "Switch to buffer in other window: ")))
  (pop-to-buffer (get-buffer-create buffer-or-name))))

;;;; Visiting files

(defun files--check-visitable (filename)
  (cond ((file-directory-p filename)
         (user-error "%s is a directory" (directory-file-name filename)))
        ((and (file-exists-p filename) (not (file-readable-p filename)))
         (user-error "File is not readable: %s" filename))))

(defun files--visit (filename)
  "The buffer visiting FILENAME, set up (mode, hooks) if it is new."
  (setq filename (expand-file-name filename))
  (files--check-visitable filename)
  (let* ((existing (get-file-buffer filename))
         (buf (or existing
                  (condition-case err (find-file-noselect filename)
                    (file-error (user-error "%s" (error-message-string err)))))))
    (unless existing
      (with-current-buffer buf
        (normal-mode t)
        (unless (file-exists-p filename)
          (message (if (file-directory-p (file-name-directory filename))
                       "(New file)"
                     "Use M-x make-directory RET RET to create the directory and its parents")))
        (run-hooks 'find-file-hook)))
    buf))

(defun files--read-file (prompt)
  (list (read-file-name prompt nil nil (confirm-nonexistent-file-or-buffer))))

(defun find-file (filename &optional _wildcards)
  "Visit FILENAME; a new file opens an empty buffer and is created on save."
  (interactive (files--read-file "Find file: "))
  (switch-to-buffer (files--visit filename)))

(defun find-file-other-window (filename &optional _wildcards)
  (interactive (files--read-file "Find file in other window: "))
  (pop-to-buffer (files--visit filename)))

(defun find-file-read-only (filename &optional _wildcards)
  (interactive (files--read-file "Find file read-only: "))
  (find-file filename)
  (setq buffer-read-only t))

(defun find-alternate-file (filename &optional _wildcards)
  (interactive (files--read-file "Find alternate file: "))
  (let ((old (current-buffer)))
    (when (and (buffer-modified-p) (buffer-file-name)
               (not (yes-or-no-p (format "Buffer %s is modified; kill anyway? " (buffer-name)))))
      (user-error "Aborted"))
    (find-file filename)
    (unless (eq old (current-buffer)) (kill-buffer old))))

(defun insert-file (filename)
  (interactive "*fInsert file: ")
  (files--check-visitable filename)
  (let ((r (insert-file-contents filename)))
    (push-mark (+ (point) (cadr r)) nil)))

;;;; Saving

(defun make-backup-file-name (file) (concat file "~"))

(defun backup-buffer ()
  "Copy the visited file to FILE~ the first time the buffer is saved."
  (let ((file (buffer-file-name)))
    (when (and make-backup-files (not backup-inhibited) (not buffer-backed-up) file
               (file-regular-p file))
      (condition-case err
          (progn (backup-buffer-copy file (make-backup-file-name file))
                 (setq buffer-backed-up t))
        (file-error (message "Cannot write backup file: %s" (error-message-string err)))))))

(defun files--changed-on-disk-p ()
  (and (fboundp 'verify-visited-file-modtime)
       (not (verify-visited-file-modtime (current-buffer)))))

(defvar files--primitive-save-buffer (symbol-function 'save-buffer))

(defcustom require-final-newline nil
  "Whether a saved file ends in a newline: t or `visit-save' adds one when
missing, `ask' asks, nil leaves the text as it is.  (Adding one on visit,
`visit', is not done.)"
  :type '(choice (const t) (const visit) (const visit-save) (const ask) (const nil))
  :safe #'symbolp
  :group 'editing-basics)

(defcustom mode-require-final-newline t
  "What programming modes set `require-final-newline' to."
  :type '(choice (const t) (const visit) (const visit-save) (const ask) (const nil))
  :group 'editing-basics)

(defun files--add-final-newline ()
  "Add the newline `require-final-newline' asks for at the end of a save."
  (when (and require-final-newline
             (> (point-max) (point-min))
             (/= (char-before (point-max)) ?\n)
             (not (and (eq require-final-newline 'visit) t))
             (or (memq require-final-newline '(t visit-save))
                 (and (eq require-final-newline 'ask)
                      (y-or-n-p (format "Buffer %s does not end in newline.  Add one? " (buffer-name))))))
    (save-excursion
      (save-restriction
        (widen)
        (goto-char (point-max))
        (insert "\n")))))

(defun file-chase-links (filename &optional limit)
  "FILENAME after following its symbolic links, at most LIMIT (100) of them."
  (let ((count 0) target)
    (while (and (setq target (file-symlink-p filename))
                (< count (or limit 100)))
      (setq count (1+ count))
      (setq filename (expand-file-name target (file-name-directory (directory-file-name filename)))))
    filename))

(defun save-buffer (&optional _arg)
  "Save the buffer in its file, making FILE~ first on the first save."
  (interactive "p")
  (cond ((not (buffer-modified-p))
         (message "(No changes need to be saved)"))
        ((null (buffer-file-name))
         (call-interactively #'write-file))
        (t
         (when (and (files--changed-on-disk-p)
                    (not (yes-or-no-p
                          (format "%s has changed since visited or saved.  Save anyway? "
                                  (file-name-nondirectory (buffer-file-name))))))
           (user-error "Save not confirmed"))
         ;; As Emacs's basic-save-buffer: a new file's missing directory is
         ;; made when the user says so.
         (let ((dir (file-name-directory (expand-file-name (buffer-file-name)))))
           (unless (file-exists-p dir)
             (if (y-or-n-p (format "Directory `%s' does not exist; create? " dir))
                 (make-directory dir t)
               (error "Canceled"))))
         (files--add-final-newline)
         (run-hooks 'before-save-hook)
         (backup-buffer)
         (files--save-with-a-safe-coding)
         (run-hooks 'after-save-hook)))
  nil)

(defun files--save-with-a-safe-coding ()
  "Save; when the buffer's coding cannot encode its text, offer one that
can, as Emacs's select-safe-coding-system (in batch the error stands)."
  (condition-case err
      (funcall files--primitive-save-buffer)
    (coding-system-error
     (when noninteractive (signal (car err) (cdr err)))
     (let* ((default 'utf-8)
            (reason (if (stringp (cadr err)) (cadr err) (error-message-string err)))
            (warning (get-buffer-create "*Warning*"))
            (window nil)
            answer)
       ;; As Emacs: why, in a window, and a short question.
       (with-current-buffer warning
         (let ((inhibit-read-only t))
           (erase-buffer)
           (insert reason ".\nSelect a coding system that can encode it, or C-g to edit the buffer first.\n")))
       (unwind-protect
           (progn
             (when (fboundp 'display-buffer) (setq window (display-buffer warning)))
             (setq answer (completing-read
                           (format "Select coding system (default %s): " default)
                           '("utf-8" "utf-8-with-signature" "utf-16le-with-signature" "utf-16be-with-signature"
                             "raw-text")
                           #'coding-system-p nil nil nil (symbol-name default))))
         (when (and (windowp window) (window-live-p window) (cdr (window-list)))
           (delete-window window))
         (kill-buffer warning))
       (setq answer (if (equal answer "") (symbol-name default) answer))
       (let ((coding (intern answer)))
         (unless (coding-system-p coding) (user-error "Invalid coding system: %s" answer))
         (let ((eol (coding-system-eol-type buffer-file-coding-system)))
           ;; The new coding keeps the buffer's line ends.
           (setq buffer-file-coding-system
                 (if (integerp eol)
                     (intern (concat answer (aref ["-unix" "-dos" "-mac"] eol)))
                   coding))))
       (funcall files--primitive-save-buffer)))))

(defun write-file (filename &optional confirm)
  "Write the buffer to FILENAME and visit it there."
  (interactive (list (read-file-name "Write file: " nil nil nil nil) t))
  (when (file-directory-p filename)
    (setq filename (expand-file-name (file-name-nondirectory (or (buffer-file-name) (buffer-name)))
                                     filename)))
  (setq filename (expand-file-name filename))
  (when (and confirm (file-exists-p filename)
             (not (equal filename (buffer-file-name)))
             (not (y-or-n-p (format "File `%s' exists; overwrite? " filename))))
    (user-error "Canceled"))
  (run-hooks 'before-save-hook)
  (write-region nil nil filename nil t)
  (set-buffer-modified-p nil)
  (unless (get-buffer (file-name-nondirectory filename))
    (rename-buffer (file-name-nondirectory filename) t))
  (setq buffer-backed-up nil)
  (message "Wrote %s" filename)
  (run-hooks 'after-save-hook)
  (set-auto-mode)
  nil)

(defun files--modified-file-buffers ()
  (let (out)
    (dolist (b (buffer-list) (nreverse out))
      (when (and (buffer-live-p b) (buffer-file-name b) (buffer-modified-p b))
        (push b out)))))

(defun diff-buffer-with-file (&optional buffer)
  "Show what BUFFER changes in its file, as diff -u in *Diff*."
  (interactive)
  (let* ((buffer (or buffer (current-buffer)))
         (file (or (buffer-file-name buffer) (user-error "Buffer %s has no file" (buffer-name buffer))))
         (out (get-buffer-create "*Diff*")))
    (with-current-buffer out
      (setq buffer-read-only nil)
      (erase-buffer))
    (with-current-buffer buffer
      (save-restriction
        (widen)
        (call-process-region (point-min) (point-max) "diff" nil out nil
                             "-u" "--label" file "--label" (buffer-name buffer) "--" file "-")))
    (with-current-buffer out (goto-char (point-min)) (setq buffer-read-only t))
    (display-buffer out)
    out))

(defun files--save-query (buffer)
  "Ask whether to save BUFFER, as Emacs's save-some-buffers asks: y or SPC
save, n or DEL skip, ! save it and all the rest, . save it and stop, q or
RET skip it and the rest, d show the changes first."
  (let ((prompt (format "Save file %s? (y, n, !, ., q, d or C-h) " (buffer-file-name buffer)))
        answer)
    (while (null answer)
      (let ((c (if noninteractive
                   (let ((s (read-string prompt))) (if (equal s "") ?\r (aref s 0)))
                 (read-event prompt))))
        (setq answer (cond ((memq c '(?y ?Y ?\s)) 'save)
                           ((memq c '(?n ?N ?\d)) 'skip)
                           ((eq c ?!) 'all)
                           ((eq c ?.) 'last)
                           ((memq c '(?q ?\r return escape ?\e)) 'quit)
                           ((eq c ?\C-g) (signal 'quit nil))
                           ((eq c ?d) (diff-buffer-with-file buffer) nil)
                           ((memq c '(?? ?\C-h))
                            (message "y: save, n: skip, !: save all, .: save and stop, q: stop, d: diff")
                            (sit-for 2)
                            nil)))))
    answer))

(defun save-some-buffers (&optional arg _pred)
  "Offer to save each modified file buffer; with ARG save them all without asking."
  (interactive "P")
  (let ((saved 0) (all arg) (bufs (files--modified-file-buffers)))
    (catch 'done
      (dolist (b bufs)
        (let ((answer (if all 'save (files--save-query b))))
          (when (eq answer 'all) (setq all t))
          (when (memq answer '(save all last))
            (with-current-buffer b (save-buffer))
            (setq saved (1+ saved)))
          (when (memq answer '(last quit)) (throw 'done nil)))))
    (when (and (null bufs) (callint--called-as-command-p 'save-some-buffers))
      (message "(No files need saving)"))
    saved))

;;;; Killing buffers

(defvar files--primitive-kill-buffer (symbol-function 'kill-buffer))

(defun files--process-query-p (buffer)
  (let ((found nil))
    (dolist (p (process-list) found)
      (when (and (eq (process-buffer p) buffer) (process-live-p p)
                 (process-query-on-exit-flag p))
        (setq found p)))))

(defun kill-buffer (&optional buffer-or-name)
  "Kill BUFFER-OR-NAME; interactively, asks first when it has unsaved changes."
  (interactive (list (read-buffer "Kill buffer: " (current-buffer) t)))
  (let ((buf (if buffer-or-name (get-buffer buffer-or-name) (current-buffer))))
    (cond ((null buf) (error "No such buffer %s" buffer-or-name))
          ((not (buffer-live-p buf)) nil)
          ((and (callint--called-as-command-p 'kill-buffer) (buffer-file-name buf) (buffer-modified-p buf)
                (not (yes-or-no-p (format "Buffer %s modified; kill anyway? "
                                          (buffer-name buf)))))
           nil)
          ((and (callint--called-as-command-p 'kill-buffer) (files--process-query-p buf)
                (not (yes-or-no-p (format "Buffer %S has a running process; kill it? "
                                          (buffer-name buf)))))
           nil)
          (t (funcall files--primitive-kill-buffer buf)))))

;;;; The parts of file-attributes (Emacs's files.el accessors)

(defsubst file-attribute-type (attributes) (nth 0 attributes))
(defsubst file-attribute-link-number (attributes) (nth 1 attributes))
(defsubst file-attribute-user-id (attributes) (nth 2 attributes))
(defsubst file-attribute-group-id (attributes) (nth 3 attributes))
(defsubst file-attribute-access-time (attributes) (nth 4 attributes))
(defsubst file-attribute-modification-time (attributes) (nth 5 attributes))
(defsubst file-attribute-status-change-time (attributes) (nth 6 attributes))
(defsubst file-attribute-size (attributes) (nth 7 attributes))
(defsubst file-attribute-modes (attributes) (nth 8 attributes))
(defsubst file-attribute-inode-number (attributes) (nth 10 attributes))
(defsubst file-attribute-device-number (attributes) (nth 11 attributes))

;;;; Files changed on disk (Emacs's userlock.el)

(define-error 'file-supersession nil 'file-error)

(defun files--file-holds-buffer-text-p (filename)
  "Whether FILENAME holds what the unmodified current buffer shows."
  (and (not (buffer-modified-p))
       (file-regular-p filename)
       (let ((text (save-restriction (widen) (buffer-string))))
         (with-temp-buffer
           (insert-file-contents filename)
           (string= (buffer-string) text)))))

(defun userlock--ask-user-about-supersession-threat (filename)
  "Called before the first change of a buffer whose FILENAME changed on disk."
  (if (files--file-holds-buffer-text-p filename)
      ;; Touched, not changed: nothing to ask, as Emacs 28.
      (set-visited-file-modtime)
    (ask-user-about-supersession-threat filename)))

(defun ask-user-about-supersession-threat (filename)
  "Ask a user who is about to modify an obsolete buffer what to do.
y: go on; n: the change is not made (signals `file-supersession');
r: revert the buffer from the file."
  (discard-input)
  (let ((prompt (format "%s changed on disk; really edit the buffer? (y, n, r or C-h) "
                        (file-name-nondirectory filename)))
        answer)
    (when noninteractive
      (message "%s" prompt)
      (error "Cannot resolve conflict in batch mode"))
    (while (null answer)
      (setq answer (read-char prompt))
      (cond ((memq answer '(?? ?\C-h))
             (message "y: edit the buffer anyway; n: do not; r: revert it from the file")
             (sit-for 2)
             (setq answer nil))
            ((eq answer ?r)
             (revert-buffer nil (not (buffer-modified-p)))
             (signal 'file-supersession (list "File reverted" filename)))
            ((eq answer ?n)
             (signal 'file-supersession (list "File changed on disk" filename)))
            ((eq answer ?\C-g) (signal 'quit nil))
            ((eq answer ?y))
            (t (setq answer nil))))
    (message "File on disk now will become a backup file if you save these changes.")
    (setq buffer-backed-up nil)))

;;;; Reverting

(defun revert-buffer (&optional ignore-auto noconfirm _preserve-modes)
  "Replace the buffer's text with its file's, keeping point."
  (interactive (list (not current-prefix-arg)))
  (if revert-buffer-function
      (funcall revert-buffer-function ignore-auto noconfirm)
    (let ((file (buffer-file-name)))
      (unless file (error "Buffer does not seem to be associated with any file"))
      (unless (file-exists-p file) (error "File %s no longer exists!" file))
      (when (or noconfirm
                (yes-or-no-p (format "Revert buffer from file %s? " file)))
        (let ((pt (point)) (inhibit-read-only t))
          (insert-file-contents file t nil nil t)
          (set-buffer-modified-p nil)
          (goto-char (min pt (point-max))))
        t))))

;;;; Leaving

(unless (fboundp 'save-buffers-kill-emacs)
  (defun save-buffers-kill-emacs (&optional arg)
    "Offer to save each modified file, confirm about live processes, then exit."
    (interactive "P")
    (save-some-buffers arg)
    (when (and (or (null (files--modified-file-buffers))
                   (yes-or-no-p "Modified buffers exist; exit anyway? "))
               (or (not confirm-kill-processes)
                   (not (seq-filter (lambda (p) (and (process-live-p p)
                                                     (process-query-on-exit-flag p)))
                                    (process-list)))
                   (yes-or-no-p "Active processes exist; kill them and exit anyway? "))
               (let ((ok t))
                 (dolist (f kill-emacs-query-functions ok)
                   (when ok (setq ok (funcall f))))))
      (kill-emacs))))

(defun save-buffers-kill-terminal (&optional arg)
  (interactive "P")
  (save-buffers-kill-emacs arg))

;;;; The buffer list (C-x C-b)

(defvar Buffer-menu--buffers nil
  "The buffer shown on each line of *Buffer List*, first line first.")
(make-variable-buffer-local 'Buffer-menu--buffers)

(define-derived-mode Buffer-menu-mode special-mode "Buffer Menu"
  "Major mode for the *Buffer List*: RET selects, d marks, x kills, q quits."
  (setq revert-buffer-function #'Buffer-menu--revert)
  ;; One buffer per screen line, however narrow the window (as Emacs).
  (setq truncate-lines t))

(let ((map Buffer-menu-mode-map))
  (define-key map "\r" 'Buffer-menu-this-window)
  (define-key map "f" 'Buffer-menu-this-window)
  (define-key map "d" 'Buffer-menu-delete)
  (define-key map "k" 'Buffer-menu-delete)
  (define-key map "\C-d" 'Buffer-menu-delete)
  (define-key map "s" 'Buffer-menu-save)
  (define-key map "u" 'Buffer-menu-unmark)
  (define-key map "x" 'Buffer-menu-execute)
  (define-key map "n" 'next-line)
  (define-key map "p" 'previous-line))

(defun Buffer-menu--line (buf current)
  (format "%s%s%s %-20s %7d %-16s %s"
          (if (eq buf current) "." " ")
          (if (with-current-buffer buf buffer-read-only) "%" " ")
          (if (and (buffer-modified-p buf) (buffer-file-name buf)) "*" " ")
          (buffer-name buf)
          (buffer-size buf)
          (with-current-buffer buf (format "%s" mode-name))
          (or (buffer-file-name buf) "")))

(defun Buffer-menu--fill (current)
  (let ((inhibit-read-only t)
        (bufs (seq-filter (lambda (b) (and (buffer-live-p b)
                                           (not (string-prefix-p " " (buffer-name b)))))
                          (buffer-list))))
    (erase-buffer)
    (insert (format "CRM %-20s %7s %-16s %s\n" "Buffer" "Size" "Mode" "File"))
    (dolist (b bufs) (insert (Buffer-menu--line b current) "\n"))
    (setq Buffer-menu--buffers bufs)
    (set-buffer-modified-p nil)
    (goto-char (point-min))
    (forward-line 1)))

(defun Buffer-menu--revert (&rest _)
  (let ((line (line-number-at-pos)))
    (Buffer-menu--fill nil)
    (goto-char (point-min))
    (forward-line (1- line))))

(defun list-buffers-noselect (&optional _files-only)
  (let ((current (current-buffer))
        (buf (get-buffer-create "*Buffer List*")))
    (with-current-buffer buf
      (Buffer-menu-mode)
      (Buffer-menu--fill current))
    buf))

(defun list-buffers (&optional arg)
  "Show a list of buffers to act on: RET visits, d marks, x kills, q quits."
  (interactive "P")
  (let ((buf (list-buffers-noselect arg)))
    ;; Shown in another window but not selected, as Emacs does (C-x o goes there).
    (if (fboundp 'split-window-below) (display-buffer buf) (switch-to-buffer buf))
    buf))

(defun Buffer-menu-buffer (&optional error-if-none)
  (let ((n (- (line-number-at-pos) 2)))
    (or (and (>= n 0) (nth n Buffer-menu--buffers))
        (and error-if-none (user-error "No buffer on this line")))))

(defun Buffer-menu--set-flag (flag)
  (Buffer-menu-buffer t)
  (let ((inhibit-read-only t))
    (beginning-of-line)
    (delete-char 1)
    (insert flag)
    (set-buffer-modified-p nil)
    (forward-line 1)))

(defun Buffer-menu-delete (&optional _arg)
  (interactive "p")
  (Buffer-menu--set-flag "D"))

(defun Buffer-menu-save (&optional _arg)
  (interactive "p")
  (Buffer-menu-buffer t)
  (let ((inhibit-read-only t))
    (beginning-of-line)
    (forward-char 2)
    (delete-char 1)
    (insert "S")
    (set-buffer-modified-p nil)
    (forward-line 1)))

(defun Buffer-menu-unmark (&optional _arg)
  (interactive "p")
  (Buffer-menu--set-flag " "))

(defun Buffer-menu-this-window ()
  (interactive)
  (switch-to-buffer (Buffer-menu-buffer t)))

(defun Buffer-menu-execute ()
  "Save the buffers marked S and kill the ones marked D."
  (interactive)
  (let ((menu (current-buffer)) (line 2) kills)
    (save-excursion
      (goto-char (point-min))
      (forward-line 1)
      (while (not (eobp))
        (let ((buf (nth (- line 2) Buffer-menu--buffers)))
          (when (and buf (buffer-live-p buf))
            (when (eq (char-after (+ (point) 2)) ?S)
              (with-current-buffer buf (save-buffer)))
            (when (eq (char-after) ?D) (push buf kills))))
        (setq line (1+ line))
        (forward-line 1)))
    (dolist (b kills)
      (unless (eq b menu) (kill-buffer b)))
    (Buffer-menu--revert)))

(provide 'files)
