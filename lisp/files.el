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
    (interactive (list (read-buffer-to-switch "Switch to buffer: ")))
    (let ((buffer (get-buffer-create buffer-or-name)))
      (unless (window-minibuffer-p) (set-window-buffer nil buffer))
      (set-buffer buffer))))

;; The editor's switch-to-buffer (C++) made a command.
(unless (commandp 'switch-to-buffer)
  (let ((prim (symbol-function 'switch-to-buffer)))
    (put 'switch-to-buffer 'simple--primitive prim)
    (defalias 'switch-to-buffer
      (lambda (buffer-or-name &rest rest)
        (interactive (list (read-buffer-to-switch "Switch to buffer: ")))
        (apply prim buffer-or-name rest)))))

(defun read-buffer-to-switch (prompt)
  (read-buffer prompt (other-buffer (current-buffer))))

;;;; Visiting files

(defcustom find-file-wildcards t
  "Non-nil means file-visiting commands should handle wildcards."
  :type 'boolean :group 'files)
(defcustom find-file-run-dired t
  "Non-nil means visiting a directory runs `find-directory-functions'."
  :type 'boolean :group 'files)
(defcustom find-directory-functions
  ;; (The editor loads this file before Emacs's autoloads are in place.)
  (and (bound-and-true-p gapmacs-emacs-lisp-directory) '(dired-noselect))
  "Functions to try, in order, to visit a directory; each takes the
directory's name and returns a buffer or nil.  Emacs's dired, from its
library; without it a directory is an error."
  :type 'hook :group 'files)
(defcustom find-file-suppress-same-file-warnings nil
  "Non-nil means say nothing when a file is visited under a second name."
  :type 'boolean :group 'files)
(defcustom find-file-existing-other-name t
  "Non-nil means visiting a file under another name returns its buffer."
  :type 'boolean :group 'files)
(defcustom find-file-visit-truename nil
  "Non-nil means visit a file under its true name (links resolved)."
  :type 'boolean :group 'files)
(defcustom large-file-warning-threshold 10000000
  "Size in bytes above which visiting a file asks first; nil never asks."
  :type '(choice integer (const nil)) :group 'files)
(defcustom query-about-changed-file t
  "Non-nil means ask before re-reading a visited file changed on disk."
  :type 'boolean :group 'files)
(defcustom revert-without-query nil
  "Regexps of file names re-read without asking when changed on disk."
  :type '(repeat regexp) :group 'files)
(defcustom byte-count-to-string-function #'file-size-human-readable-iec
  "Function that turns a number of bytes into a human-readable string."
  :type 'function :group 'files)
(defcustom view-read-only nil
  "Non-nil means a read-only file is visited in View mode."
  :type 'boolean :group 'view)
(defvar find-file-not-found-functions nil
  "Functions run, until one returns non-nil, when a visited file is missing.")
(defvar buffer-file-number nil
  "The visited file's (INODE DEVICE), to find it under another name.")
(make-variable-buffer-local 'buffer-file-number)
(put 'buffer-file-number 'permanent-local t)
(defvar buffer-file-read-only nil
  "Whether the visited file was read-only when last visited.")
(make-variable-buffer-local 'buffer-file-read-only)
(defvar buffer-file-numbers-unique t
  "Non-nil means a file's inode and device name it (as on GNU/Linux).")

(defun file-size-human-readable-iec (size)
  (file-size-human-readable size 'iec " "))

(defun file-name-quoted-p (name &optional _top)
  "Whether NAME is quoted with a leading \"/:\"."
  (string-prefix-p "/:" name))

(defun file-name-sans-versions (name &optional keep-backup-version)
  "NAME without its backup suffix (~ or .~N~) unless KEEP-BACKUP-VERSION."
  (substring name 0
             (unless keep-backup-version
               (string-match "\\.~\\(?:[[:digit:]]+\\|[-[:alnum:]:#@^._]+\\(?:~[[:digit:]]+\\)?\\)~\\'\\|~\\'"
                             name))))

(defun backup-file-name-p (file)
  "Whether FILE names a backup file (ends in ~)."
  (string-match-p "~\\'" file))

(defun create-file-buffer (filename)
  "A new buffer named for visiting FILENAME: its last component, with
<2>, <3>... when taken, and a \"|\" before a leading space.  With
uniquify (as Emacs, on by default), the buffers of files of the same
name are named after their directories instead: a.txt<x>, a.txt<y>."
  (if (files--load-uniquify)
      (create-file-buffer filename) ; through uniquify's advice, now there
    (let* ((last (file-name-nondirectory filename))
           (last (if (string= last "") filename last)))
      (generate-new-buffer (if (string-prefix-p " " last) (concat "|" last) last)))))

(defvar files--uniquify-tried nil)

(defun files--load-uniquify ()
  "Load Emacs's uniquify (Emacs preloads it) the first time a file buffer
is made, when Emacs's library has it: non-nil when it was loaded now."
  (unless files--uniquify-tried
    (setq files--uniquify-tried t)
    (and (not (featurep 'uniquify))
         (with-demoted-errors "Error loading uniquify: %S"
           (require 'uniquify nil t)))))

(defun find-buffer-visiting (filename &optional predicate)
  "The buffer visiting FILENAME, under this name, its true name or its
inode; with PREDICATE, only a buffer it accepts."
  (let ((predicate (or predicate #'identity))
        (truename (abbreviate-file-name (file-truename filename))))
    (or (let ((buf (get-file-buffer filename)))
          (and buf (funcall predicate buf) buf))
        (files--find-buffer
         (lambda () (string= buffer-file-truename truename)) predicate)
        (let* ((attributes (file-attributes truename))
               (number (nthcdr 10 attributes)))
          (and buffer-file-numbers-unique (car-safe number)
               (files--find-buffer
                (lambda () (and (equal buffer-file-number number)
                                (equal (file-attributes buffer-file-truename) attributes)))
                predicate))))))

(defun files--find-buffer (test predicate)
  "The first buffer visiting a file where TEST, called in it, and
PREDICATE, called with it, both hold."
  (seq-find-buffer (lambda (b) (with-current-buffer b
                                 (and buffer-file-name (funcall test)
                                      (funcall predicate b))))))

(defun abort-if-file-too-large (size op-type filename &optional offer-raw)
  "Ask before an OP-TYPE of FILENAME bigger than `large-file-warning-threshold':
nil to go on, `raw' to visit literally (offered with OFFER-RAW), and a
`user-error' to stop."
  (let ((choice (and large-file-warning-threshold size
                     (> size large-file-warning-threshold)
                     (file-readable-p filename)
                     (files--ask-about-large-file size op-type filename offer-raw))))
    (when (eq choice 'abort)
      (user-error "Aborted"))
    choice))

(defun files--ask-about-large-file (size op-type filename offer-raw)
  (let ((prompt (format "File %s is large (%s), really %s?"
                        (file-name-nondirectory filename)
                        (funcall byte-count-to-string-function size) op-type)))
    (if (not offer-raw)
        (unless (y-or-n-p prompt) 'abort)
      (let (answer)
        (while (not answer)
          (setq answer (pcase (read-char (concat prompt " (yes, no, literally, ?): "))
                         ((or ?y ?\s) 'yes) (?l 'raw) ((or ?n ?\C-? ?q) 'abort)
                         (?\C-g (signal 'quit nil))
                         (?? (message "y: %s the file; n: do not; l: %s it literally (no decoding, Fundamental mode)"
                                      op-type op-type)
                             (sit-for 3)
                             nil))))
        (unless (eq answer 'yes) answer)))))

(defun find-file-noselect (filename &optional nowarn rawfile wildcards)
  "Read file FILENAME into a buffer and return the buffer.
A buffer already visiting FILENAME is returned, after checking that the
file has not changed on disk.  NOWARN non-nil: no warnings.  RAWFILE
non-nil: read the file literally (no decoding, mode or local variables).
WILDCARDS non-nil and wildcards in FILENAME: visit every file they
match and return the list of buffers."
  (setq filename (abbreviate-file-name (expand-file-name filename)))
  (cond
   ((file-directory-p filename)
    (or (and find-file-run-dired
             (run-hook-with-args-until-success
              'find-directory-functions
              (if find-file-visit-truename
                  (abbreviate-file-name (file-truename filename))
                filename)))
        (error "%s is a directory" filename)))
   ((and wildcards find-file-wildcards (not (file-name-quoted-p filename))
         (string-match "[[*?]" filename))
    (let ((files (condition-case nil (file-expand-wildcards filename t)
                   (error (list filename))))
          (find-file-wildcards nil))
      (if files
          (mapcar #'find-file-noselect files)
        (find-file-noselect filename))))
   (t (files--find-file-noselect filename nowarn rawfile))))

(defun files--find-file-noselect (filename nowarn rawfile)
  (let* ((buf (get-file-buffer filename))
         (truename (abbreviate-file-name (file-truename filename)))
         (attributes (file-attributes truename))
         (number (nthcdr 10 attributes))
         (other (and (not buf) (find-buffer-visiting filename))))
    (when other
      (or nowarn find-file-suppress-same-file-warnings
          (string-equal filename (buffer-file-name other))
          (message "%s and %s are the same file" filename (buffer-file-name other)))
      (when (or find-file-existing-other-name find-file-visit-truename)
        (setq buf other)))
    (when (and (not (or buf nowarn))
               (eq (abort-if-file-too-large (file-attribute-size attributes) "open"
                                            filename (not rawfile))
                   'raw))
      (setq rawfile t))
    (if buf
        (files--revisit buf filename nowarn rawfile truename number)
      (files--visit-new filename nowarn rawfile truename number))))

(defun files--visit-new (filename nowarn rawfile truename number)
  "Visit FILENAME in a new buffer.  A visit that fails or is quit (C-g
while a FIFO's writer takes its time) leaves no half-made buffer."
  (let ((buf (create-file-buffer filename)) (done nil))
    (unwind-protect
        (prog1 (find-file-noselect-1 buf filename nowarn rawfile truename number)
          (setq done t))
      (when (and (not done) (buffer-live-p buf)
                 (not (buffer-modified-p buf)))
        (let ((kill-buffer-query-functions nil))
          (kill-buffer buf))))))

(defun files--revisit (buf filename nowarn rawfile truename number)
  "Return BUF, visiting FILENAME already: re-read it if it changed on disk
and the user agrees, follow its read-only state, and visit it anew if
RAWFILE asks for the other way (literal or normal) than BUF's."
  (let ((nonexistent nil))
    (unless (or nowarn (verify-visited-file-modtime buf))
      (cond ((not (file-exists-p filename))
             (setq nonexistent t)
             (message "File %s no longer exists!" filename))
            ((and (not (buffer-modified-p buf))
                  (seq-some (lambda (re) (string-match-p re filename)) revert-without-query))
             (with-current-buffer buf
               (message "Reverting file %s..." filename)
               (revert-buffer t t)
               (message "Reverting file %s...done" filename)))
            ((not query-about-changed-file)
             (message "File %s changed on disk.  M-x revert-buffer to load new contents%s"
                      (file-name-nondirectory filename)
                      (if (buffer-modified-p buf) " and discard your edits" "")))
            ((yes-or-no-p (files--changed-on-disk-question buf filename))
             (with-current-buffer buf (revert-buffer t t)))))
    (with-current-buffer buf
      (let ((read-only (not (file-writable-p buffer-file-name))))
        (unless (or nonexistent (eq read-only buffer-file-read-only)
                    (eq read-only buffer-read-only))
          (when (or nowarn
                    (let ((status (if read-only "read-only" "writable")))
                      (y-or-n-p (format "File %s is %s on disk.  Make buffer %s, too? "
                                        buffer-file-name status status))))
            (setq buffer-read-only read-only)))
        (setq buffer-file-read-only read-only))
      (if (or (eq (null rawfile) (null find-file-literally)) nonexistent
              (memq major-mode '(hexl-mode image-mode)))
          buf
        (files--change-literalness buf filename nowarn rawfile truename number)))))

(defun files--changed-on-disk-question (buf filename)
  (let ((file (file-name-nondirectory filename)) (modified (buffer-modified-p buf)))
    (if (string= file (buffer-name buf))
        (format (if modified "File %s changed on disk.  Discard your edits? "
                  "File %s changed on disk.  Reread from disk? ")
                file)
      (format (if modified "File %s changed on disk.  Discard your edits in %s? "
                "File %s changed on disk.  Reread from disk into %s? ")
              file (buffer-name buf)))))

(defun files--change-literalness (buf filename nowarn rawfile truename number)
  "Visit FILENAME again in BUF, literally if RAWFILE, normally if not, as
the user agrees (saving or discarding the edits first); else an error."
  (let ((how (if rawfile "literally" "normally")))
    (cond ((and (buffer-modified-p)
                (y-or-n-p (format "Do you want to save the file, and visit it %s instead? " how)))
           (save-buffer)
           (find-file-noselect-1 buf filename nowarn rawfile truename number))
          ((y-or-n-p (if (buffer-modified-p)
                         (format "Do you want to discard your changes, and visit the file %s now? " how)
                       (format "Do you want to revisit the file %s now? " how)))
           (find-file-noselect-1 buf filename nowarn rawfile truename number))
          (t (error (if rawfile "File already visited non-literally"
                      "File already visited literally"))))))

(defun find-file-noselect-1 (buf filename nowarn rawfile truename number)
  "Read FILENAME into BUF, which visits it from now on, and set BUF up as
`after-find-file' does (unless RAWFILE: then Fundamental mode, unibyte)."
  (let ((error nil))
    (with-current-buffer buf
      (kill-local-variable 'find-file-literally)
      (kill-local-variable 'buffer-file-coding-system)
      (kill-local-variable 'cursor-type)
      (let ((inhibit-read-only t))
        (erase-buffer))
      (unless rawfile
        (set-buffer-multibyte t))
      (condition-case nil
          (let ((inhibit-read-only t))
            (if rawfile
                (let ((enable-local-variables nil))
                  (insert-file-contents-literally filename t))
              (insert-file-contents filename t)))
        (file-error
         (when (and (file-exists-p filename) (not (file-readable-p filename)))
           (kill-buffer buf)
           (signal 'file-error (list "File is not readable" filename)))
         (or (and (not rawfile)
                  (run-hook-with-args-until-success 'find-file-not-found-functions))
             (setq error t))))
      (setq buffer-file-truename
            (if (equal filename buffer-file-name)
                truename
              (abbreviate-file-name (file-truename buffer-file-name))))
      (setq buffer-file-number number)
      (when find-file-visit-truename
        (setq buffer-file-name (expand-file-name buffer-file-truename)))
      (setq default-directory (file-name-directory buffer-file-name))
      (if rawfile
          (let ((enable-local-variables nil))
            (set-buffer-multibyte nil)
            (setq buffer-file-coding-system 'no-conversion)
            (set-buffer-major-mode buf)
            (setq-local find-file-literally t))
        (after-find-file error (not nowarn)))
      (current-buffer))))

(defun after-find-file (&optional error warn _noauto _from-revert nomodes)
  "Set up a buffer just read from its file: read-only as the file is,
the major mode and local variables (`normal-mode'), then `find-file-hook'.
ERROR non-nil: the file could not be read (a new file); WARN non-nil:
say so in the echo area; NOMODES non-nil: keep the modes and run no hook.
\(gapmacs auto-saves only on a fatal signal, so NOAUTO changes nothing.)"
  (setq buffer-read-only (not (file-writable-p buffer-file-name)))
  (unless noninteractive
    (let ((msg (files--visit-message error)))
      (when (and warn (car msg))
        (message "%s" (car msg))
        (unless (cdr msg) (sit-for 1 t)))))
  ;; A backup file or a file marked read-only is read-only even for root.
  (unless buffer-read-only
    (when (or (backup-file-name-p buffer-file-name)
              (let ((modes (file-modes buffer-file-name)))
                (and modes (zerop (logand modes #o222)))))
      (setq buffer-read-only t)))
  (unless nomodes
    (when (and view-read-only (bound-and-true-p view-mode))
      (view-mode -1))
    (normal-mode t)
    (and (memq require-final-newline '(visit visit-save))
         (> (point-max) (point-min))
         (/= (char-after (1- (point-max))) ?\n)
         (not (and (eq selective-display t) (= (char-after (1- (point-max))) ?\r)))
         (not buffer-read-only)
         (save-excursion
           (goto-char (point-max))
           (ignore-errors (insert "\n"))))
    (when (and buffer-read-only view-read-only
               (not (eq (get major-mode 'mode-class) 'special)))
      (view-mode-enter))
    (run-hooks 'find-file-hook)))

(defun files--visit-message (error)
  "What visiting says in the echo area, as (TEXT . NOT-SERIOUS); it may
make the buffer read-only (a file that exists and cannot be read) or
writable (a new file in a directory being made)."
  (cond
   ((and error (file-exists-p buffer-file-name))
    (setq buffer-read-only t)
    (list "File exists, but cannot be read"))
   ((and error (file-symlink-p buffer-file-name))
    (list "Symbolic link that points to nonexistent file"))
   ((not buffer-read-only)
    (if (and (not auto-save-visited-file-name)
             (file-newer-than-file-p (or buffer-auto-save-file-name (make-auto-save-file-name))
                                     buffer-file-name))
        (list (format "%s has auto save data; consider M-x recover-this-file"
                      (file-name-nondirectory buffer-file-name)))
      (cons (and error "(New file)") t)))
   ((not error) (cons "Note: file is write protected" t))
   ((file-accessible-directory-p default-directory)
    (list "File not found and directory write-protected"))
   (t
    (setq buffer-read-only nil)
    (list (unless (file-directory-p default-directory)
            "Use M-x make-directory RET RET to create the directory and its parents")))))

(defun files--check-visitable (filename)
  (cond ((and (file-directory-p filename)
              (not (and find-file-run-dired find-directory-functions)))
         (user-error "%s is a directory" (directory-file-name filename)))
        ((and (file-exists-p filename) (not (file-readable-p filename)))
         (user-error "File is not readable: %s" filename))))

(defun files--visit (filename)
  "The buffer visiting FILENAME, for a command: what cannot be visited is
the user's error."
  (setq filename (expand-file-name filename))
  (files--check-visitable filename)
  (condition-case err (find-file-noselect filename)
    (file-error (user-error "%s" (error-message-string err)))))

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
missing, `ask' asks, nil leaves the text as it is; `visit' and
`visit-save' add one when the file is visited too."
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
         ;; As Emacs's basic-save-buffer, once vc-hooks is loaded: the
         ;; mode line's Git-master becomes Git:master.
         (when (featurep 'vc-hooks) (vc-before-save))
         (files--save-with-a-safe-coding)
         (when (featurep 'vc-hooks) (vc-after-save))
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

;;;###autoload
(defsubst file-attribute-type (attributes) (nth 0 attributes))
;;;###autoload
(defsubst file-attribute-link-number (attributes) (nth 1 attributes))
;;;###autoload
(defsubst file-attribute-user-id (attributes) (nth 2 attributes))
;;;###autoload
(defsubst file-attribute-group-id (attributes) (nth 3 attributes))
;;;###autoload
(defsubst file-attribute-access-time (attributes) (nth 4 attributes))
;;;###autoload
(defsubst file-attribute-modification-time (attributes) (nth 5 attributes))
;;;###autoload
(defsubst file-attribute-status-change-time (attributes) (nth 6 attributes))
;;;###autoload
(defsubst file-attribute-size (attributes) (nth 7 attributes))
;;;###autoload
(defsubst file-attribute-modes (attributes) (nth 8 attributes))
;;;###autoload
(defsubst file-attribute-inode-number (attributes) (nth 10 attributes))
;;;###autoload
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

;;;###autoload
(defun userlock--ask-user-about-supersession-threat (filename)
  "Called before the first change of a buffer whose FILENAME changed on disk."
  (if (files--file-holds-buffer-text-p filename)
      ;; Touched, not changed: nothing to ask, as Emacs 28.
      (set-visited-file-modtime)
    (ask-user-about-supersession-threat filename)))

;;;###autoload
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
