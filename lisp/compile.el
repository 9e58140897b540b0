;;; compile.el --- M-x compile, compilation-mode and next-error  -*- lexical-binding: t -*-

;; Output streams in through a region filter: the text lands in the buffer
;; as it would with no filter, and the filter only reads each complete line
;; once, recording FILE:LINE[:COL] messages as overlays.  The real file name
;; is kept in the overlay, so what the buffer shows may be escaped or edited
;; (grep's NUL separator becomes ":") without losing it.

(require 'shell-command)

(defvar compile-command "make -k ")
(defvar compile-history nil)
(defvar compilation-read-command t)
(defvar compilation-ask-about-save t)
(defvar compilation-always-kill nil)
(defvar compilation-scroll-output nil)
(defvar compilation-finish-functions nil)
(defvar compilation-filter-hook nil
  "Run after output arrives, with `compilation-filter-start' bound to where
it starts and point at its end, before the new lines are parsed.")
(defvar compilation-filter-start nil)
(defvar compilation-start-hook nil)
(defvar compilation-buffer-name-function #'compilation--default-buffer-name
  "Function of the mode's name giving the compilation buffer's name.")
(defvar compilation-directory nil)
(defvar next-error-last-buffer nil
  "The buffer `next-error' last used; a compilation or grep buffer.")
(defvar next-error-hook nil)

(defvar-local compilation--match-regexp nil
  "What a search buffer (grep) looked for, as (REGEXP . FOLD-CASE):
visiting a hit puts point on its first match in the line.")
(defvar-local compilation-arguments nil
  "(COMMAND MODE NAME-FUNCTION HIGHLIGHT-REGEXP) of the run in this buffer.")
(defvar-local compilation-exit-message-function nil)
(defvar-local compilation-num-errors-found 0)
(defvar-local compilation-num-warnings-found 0)
(defvar-local compilation-num-infos-found 0)
(defvar-local compilation--parse-pos nil
  "Start of the first line not yet parsed.  A number, not a marker: process
output is inserted before markers, which would carry a marker past it.")
(defvar-local compilation--pending nil "Starts of the lines parsed since the last message, newest first.")
(defvar-local compilation--messages nil
  "Message overlays in buffer order, in vectors of `compilation--chunk'
(a vector of them, filled to `compilation--count'): a million grep hits
never copy a million-slot vector at once, which stalled the stream.")
(defconst compilation--chunk 4096)
(defvar-local compilation--count 0)
(defvar-local compilation--current nil "Index of the message `next-error' visited last.")
(defvar-local compilation--state ":run")
(defvar-local compilation--mode-line-counts nil
  "Function of no arguments giving the counts shown after the state.")

(defface compilation-error '((t :inherit error)) "Error messages.")
(defface compilation-warning '((t :inherit warning)) "Warnings.")
(defface compilation-info '((t :inherit success)) "File names of informational messages and matches.")
(defface compilation-line-number '((t :inherit font-lock-keyword-face)) "Line numbers.")

;;;; Parsing

(defconst compilation--null-record "\\([^\0\n]*\\)\0\\([0-9]+\\)[:-]"
  "grep --null output at the start of a line: FILE NUL LINE : TEXT.")

(defconst compilation--gnu-record
  "\\([^ \t\n:\0][^\t\n:\0]*\\):\\([0-9]+\\)\\(?:[:.]\\([0-9]+\\)\\)?\\(?::\\|$\\)"
  "FILE:LINE[:COL]: at the start of a line, as GNU tools and grep -n print.")

(defvar compilation-error-regexp-alist-alist
  `((gnu ,compilation--gnu-record 1 2 3))
  "Alist of (NAME REGEXP FILE LINE COLUMN TYPE ...): the message formats
`compilation-error-regexp-alist' can name, as Emacs's.  gnu is parsed by
gapmacs's own fast path; the others, which packages add, are tried on the
lines it does not recognize.")

(defvar compilation-error-regexp-alist '(gnu)
  "The message formats compilation buffers recognize: names of
`compilation-error-regexp-alist-alist' entries, or entries themselves.")

(defun compilation--type-at (pos)
  "The type of the message whose text starts at POS: 2 error, 1 warning, 0 info."
  (goto-char pos)
  (cond ((looking-at-p "[ \t]*\\(?:warning\\|Warning\\|WARNING\\)") 1)
        ((looking-at-p "[ \t]*\\(?:note\\|info\\|Info\\|NOTE\\|INFO\\)[: ]") 0)
        (t 2)))

(defvar-local compilation--last-file nil
  "The file name of the last message: the next one naming the same file
shares the string, so a million grep hits in a few files keep a few names.")

(defun compilation--file-name (beg end)
  (let ((name (buffer-substring-no-properties beg end)))
    (if (equal name compilation--last-file)
        compilation--last-file
      (setq compilation--last-file name))))

(defun compilation--add-message (beg name-end file line col type grep)
  "Record a message from BEG to NAME-END (the FILE:LINE part) and colour it."
  (let ((ov (make-overlay beg name-end)))
    (overlay-put ov 'compilation-message (list file line col type))
    (overlay-put ov 'face (cond (grep 'compilation-info)
                                ((= type 2) 'compilation-error)
                                ((= type 1) 'compilation-warning)
                                (t 'compilation-info)))
    (cond ((= type 2) (setq compilation-num-errors-found (1+ compilation-num-errors-found)))
          ((= type 1) (setq compilation-num-warnings-found (1+ compilation-num-warnings-found)))
          (t (setq compilation-num-infos-found (1+ compilation-num-infos-found))))
    (let ((chunk (/ compilation--count compilation--chunk))
          (v compilation--messages))
      (when (>= chunk (length v))
        (setq v (vconcat v (make-vector (max 8 (length v)) nil)))
        (setq compilation--messages v))
      (unless (aref v chunk)
        (aset v chunk (make-vector compilation--chunk nil)))
      (aset (aref v chunk) (% compilation--count compilation--chunk) ov)
      (setq compilation--count (1+ compilation--count)))))

(defun compilation--message (i &optional buffer)
  "The overlay of message I (from 0) of BUFFER (default the current one)."
  (let ((v (if buffer (buffer-local-value 'compilation--messages buffer) compilation--messages)))
    (aref (aref v (/ i compilation--chunk)) (% i compilation--chunk))))

(defun compilation--file-for-null-record (bol nul)
  "The start of the file name that ends at NUL, for names holding newlines:
the longest run of the lines seen since the last message that names an
existing file, else the current line."
  (let ((best bol))
    (dolist (start compilation--pending)
      (when (file-exists-p (expand-file-name (buffer-substring-no-properties start nul)))
        (setq best start)))
    best))

(defun compilation--parse-line (bol grep)
  "Parse the line that starts at BOL (point is left anywhere on it).
Matched in the buffer: no copy of the line is made."
  (goto-char bol)
  (cond
   ((looking-at compilation--null-record)
    (let* ((nul (match-end 1))
           (start (if compilation--pending (compilation--file-for-null-record bol nul) bol))
           (line (string-to-number (buffer-substring-no-properties (match-beginning 2) (match-end 2))))
           (name-end (match-end 2))
           (text (match-end 0)))
      ;; Show grep's separator as the colon people read: replaced in
      ;; place, so the thousands of message overlays' markers are not
      ;; walked once per line as an insertion would walk them.
      (subst-char-in-region nul (1+ nul) ?\0 ?: t)
      (compilation--add-message start name-end (compilation--file-name start nul) line nil
                                (if grep 0 (compilation--type-at text)) grep)
      (setq compilation--pending nil)))
   ((looking-at compilation--gnu-record)
    (let ((file (compilation--file-name (match-beginning 1) (match-end 1)))
          (line (string-to-number (buffer-substring-no-properties (match-beginning 2) (match-end 2))))
          (col (and (match-beginning 3)
                    (string-to-number (buffer-substring-no-properties (match-beginning 3) (match-end 3)))))
          (name-end (match-end 2)))
      (compilation--add-message bol name-end file line col
                                (if grep 0 (compilation--type-at (match-end 0))) grep))
    (setq compilation--pending nil))
   ((and (not grep) (compilation--parse-by-alist bol))
    (setq compilation--pending nil))
   (t
    (push bol compilation--pending)
    (when (nthcdr 32 compilation--pending) (setcdr (nthcdr 31 compilation--pending) nil)))))

(defun compilation--subexp (spec)
  "The number of the group SPEC names: N, (N . END-N) or (N . FORMATS)."
  (if (consp spec) (car spec) spec))

(defun compilation--match-number (spec)
  (let ((n (if (functionp spec) nil (compilation--subexp spec))))
    (cond ((functionp spec) (let ((v (save-match-data (funcall spec)))) (if (consp v) (car v) v)))
          ((and n (match-beginning n)) (string-to-number (match-string-no-properties n))))))

(defun compilation--parse-by-alist (bol)
  "Record the message on the line at BOL when an entry of
`compilation-error-regexp-alist' other than gnu matches it."
  (let ((eol (line-end-position)) (found nil) (tail compilation-error-regexp-alist))
    (while (and tail (not found))
      (let* ((name (car tail))
             (entry (if (symbolp name) (cdr (assq name compilation-error-regexp-alist-alist)) name)))
        (goto-char bol)
        (when (and entry (not (eq name 'gnu)) (re-search-forward (car entry) eol t))
          (let* ((file-spec (nth 1 entry))
                 (file (cond ((functionp file-spec) (let ((v (save-match-data (funcall file-spec))))
                                                      (if (consp v) (car v) v)))
                             ((match-beginning (compilation--subexp file-spec))
                              (match-string-no-properties (compilation--subexp file-spec)))
                             (t compilation--last-file)))
                 (line (compilation--match-number (nth 2 entry)))
                 (col (compilation--match-number (nth 3 entry)))
                 (type-spec (nth 4 entry))
                 (type (cond ((null type-spec) 2)
                             ((integerp type-spec) type-spec)
                             ((and (car type-spec) (match-beginning (car type-spec))) 1)
                             ((and (cdr type-spec) (match-beginning (cdr type-spec))) 0)
                             (t 2))))
            (when file
              (setq compilation--last-file file found t)
              (compilation--add-message (match-beginning 0) (match-end 0) file line col type nil)))))
      (setq tail (cdr tail)))
    found))

(defun compilation--parse (limit &optional final)
  "Parse the complete lines before LIMIT, and with FINAL the partial last one."
  (save-excursion
    (save-match-data
      (let ((pos compilation--parse-pos)
            (grep (derived-mode-p 'grep-mode))
            (inhibit-read-only t))
        (goto-char pos)
        (while (search-forward "\n" limit t)
          (let ((next (point)))
            (compilation--parse-line pos grep)
            (goto-char next)
            (setq pos next)))
        (when (and final (< pos limit))
          ;; The last line has no newline: nothing after it is matched.
          (save-restriction
            (narrow-to-region (point-min) limit)
            (compilation--parse-line pos grep))
          (setq pos limit))
        (setq compilation--parse-pos pos)))))

(defvar-local compilation--started nil "When the run started (`float-time').")
(defvar-local compilation--highlight nil "The overlay on the message `next-error' visited last.")

(defun compilation--mode-line-text ()
  (concat compilation--state
          (if compilation--mode-line-counts (funcall compilation--mode-line-counts)
            (format " [%d %d %d]" compilation-num-errors-found
                    compilation-num-warnings-found compilation-num-infos-found))
          (shell-command--progress (get-buffer-process (current-buffer)) compilation--started)))

(defun compilation--update-mode-line ()
  (setq-local mode-line-process (compilation--mode-line-text))
  (when (fboundp 'force-mode-line-update) (force-mode-line-update)))

(defun compilation--filter (proc start end)
  (when (buffer-live-p (process-buffer proc))
    (with-current-buffer (process-buffer proc)
      (when compilation-filter-hook
        (let ((compilation-filter-start start)
              (inhibit-read-only t))
          (save-excursion
            (goto-char end)
            (run-hooks 'compilation-filter-hook)))
        ;; The hook may have edited the output (grep deletes its escapes).
        (setq end (marker-position (process-mark proc))))
      (compilation--parse end)
      (compilation--update-mode-line))))

;;;; Running

(unless (fboundp 'file-relative-name)
  (defun file-relative-name (filename &optional directory)
    "FILENAME relative to DIRECTORY (default `default-directory')."
    (let* ((file (expand-file-name filename))
           (dir (file-name-as-directory (expand-file-name (or directory default-directory))))
           (up ""))
      (while (not (string-prefix-p dir file))
        (setq dir (file-name-directory (directory-file-name dir))
              up (concat up "../")))
      (let ((rest (substring file (length dir))))
        (if (and (equal up "") (equal rest "")) "." (concat up rest))))))

(defun compilation--now ()
  (substring (current-time-string) 0 19))

(defun compilation--name-of-mode (mode)
  (replace-regexp-in-string "-mode\\'" "" (symbol-name mode)))

(defun compilation-buffer-name (name-of-mode _mode-command name-function)
  (funcall (or name-function compilation-buffer-name-function #'compilation--default-buffer-name)
           name-of-mode))

(defun compilation--default-buffer-name (name-of-mode)
  "*NAME-OF-MODE* in lower case, or the current buffer's name when it is
in that mode already (a recompilation from it)."
  (if (or (eq major-mode (intern-soft name-of-mode))
          (eq major-mode (intern-soft (concat name-of-mode "-mode"))))
      (buffer-name)
    (concat "*" (downcase name-of-mode) "*")))

(defun compilation--reset ()
  (let ((inhibit-read-only t))
    (erase-buffer))
  (delete-all-overlays)
  (setq compilation-num-errors-found 0
        compilation-num-warnings-found 0
        compilation-num-infos-found 0
        compilation--pending nil
        compilation--last-file nil
        compilation--messages (make-vector 8 nil)
        compilation--count 0
        compilation--current nil
        compilation--highlight nil
        compilation--started (float-time)
        compilation--state ":run"))

(defun compilation--kill-running (buffer name-of-mode)
  (let ((proc (get-buffer-process buffer)))
    (when proc
      (if (or compilation-always-kill
              (yes-or-no-p (format "A %s process is running; kill it? " name-of-mode)))
          (delete-process proc)
        (error "Cannot have two processes in `%s' at once" (buffer-name buffer))))))

(defvar compilation--start-function nil
  "When non-nil, how `compilation-start' starts the run: a function of
NAME-OF-MODE, BUFFER and COMMAND returning the process whose output goes
into BUFFER (rgrep starts a pipeline of its own).")
(defvar-local compilation--rerun-function nil
  "When non-nil, what `recompile' calls instead of running the command again.")
(defvar-local compilation--output-start nil "Where the run's output begins.")

(defun compilation--line-unit ()
  "Make-process arguments asking for whole lines in the region filter, where
lisp-lite has them; the parser copes with partial lines either way."
  (and (fboundp 'process-region-filter-unit) (list :region-filter-unit 'line)))

(defun compilation--start-shell (name-of-mode buffer command)
  (apply #'make-process
         :name name-of-mode :buffer buffer
         :command (list shell-file-name shell-command-switch command)
         :region-filter #'compilation--filter
         :sentinel #'compilation-sentinel
         (compilation--line-unit)))

(defun compilation-start (command &optional mode name-function highlight-regexp)
  "Run COMMAND in a shell into a buffer in MODE (default `compilation-mode')."
  (let* ((mode (if (and mode (not (eq mode t))) mode 'compilation-mode))
         (name-of-mode (compilation--name-of-mode mode))
         (dir default-directory)
         (outbuf (get-buffer-create (compilation-buffer-name name-of-mode mode name-function)))
         proc)
    (compilation--kill-running outbuf name-of-mode)
    (with-current-buffer outbuf
      ;; As Emacs: output and the parser's edits (grep's escapes) are not undoable.
      (buffer-disable-undo)
      (funcall mode)
      (setq default-directory dir)
      (compilation--reset)
      (setq compilation-arguments (list command mode name-function highlight-regexp))
      (let ((inhibit-read-only t))
        (insert "-*- mode: " name-of-mode "; default-directory: "
                (prin1-to-string (abbreviate-file-name default-directory)) " -*-\n"
                (format "%s started at %s\n\n" mode-name (compilation--now))
                command "\n"))
      (setq compilation--parse-pos (point-max))
      (compilation--update-mode-line)
      (setq compilation--output-start (point-max))
      (setq proc (funcall (or compilation--start-function #'compilation--start-shell)
                          name-of-mode outbuf command))
      (set-marker (process-mark proc) (point-max))
      (goto-char (if compilation-scroll-output (point-max) (point-min)))
      (run-hook-with-args 'compilation-start-hook proc))
    (let ((win (display-buffer outbuf)))
      (when (and win (fboundp 'set-window-point) (windowp win))
        (set-window-point win (with-current-buffer outbuf (point)))))
    (setq next-error-last-buffer outbuf)
    outbuf))

(defun compilation--exit-message (status code msg)
  (if compilation-exit-message-function
      (funcall compilation-exit-message-function status code msg)
    (cons msg code)))

(defun compilation-handle-exit (process-status exit-status msg)
  "Write how the run ended, as Emacs: \"NAME MSG at TIME\", and the mode line state."
  (let* ((inhibit-read-only t)
         (status (compilation--exit-message process-status exit-status msg))
         (text (car status)))
    (save-excursion
      (goto-char (point-max))
      (insert "\n" mode-name " ")
      (let ((from (point)))
        (insert (if (string-suffix-p "\n" text) (substring text 0 -1) text))
        (overlay-put (make-overlay from (point)) 'face
                     (if (or (equal (cdr status) 0) (equal (cdr status) "matched"))
                         'compilation-info
                       'compilation-error)))
      (insert " at " (compilation--now) "\n"))
    (setq compilation--state (format ":%s [%s]" process-status (cdr status)))
    (compilation--update-mode-line)
    (run-hook-with-args 'compilation-finish-functions (current-buffer) text)))

(defun compilation-sentinel (proc event)
  (let ((buffer (process-buffer proc)))
    (when (and (memq (process-status proc) '(exit signal)) (buffer-live-p buffer))
      (with-current-buffer buffer
        (compilation--parse (marker-position (process-mark proc)) t)
        (compilation-handle-exit (process-status proc) (process-exit-status proc) event)))))

(defun compilation-read-command (command)
  (read-shell-command "Compile command: " command 'compile-history))

(defun compile (command &optional comint)
  "Compile the program with COMMAND (default `compile-command') into *compilation*."
  (interactive
   (let ((arg current-prefix-arg))
     (list (let ((command (eval compile-command)))
             (if (or compilation-read-command arg)
                 (compilation-read-command command)
               command))
           (consp arg))))
  (unless (equal command (eval compile-command))
    (setq compile-command command))
  (when compilation-ask-about-save (save-some-buffers nil))
  (setq compilation-directory default-directory)
  (compilation-start command comint))

(defun recompile (&optional edit-command)
  "Run the last compilation again, in its directory."
  (interactive "P")
  (let* ((buffer (if (derived-mode-p 'compilation-mode) (current-buffer)
                   (and (buffer-live-p next-error-last-buffer) next-error-last-buffer)))
         (rerun (and buffer (buffer-local-value 'compilation--rerun-function buffer)))
         (args (and buffer (buffer-local-value 'compilation-arguments buffer)))
         (command (or (car args) (eval compile-command))))
    (when edit-command
      (setq command (compilation-read-command command)))
    (if (and rerun (not edit-command))
        (with-current-buffer buffer (funcall rerun))
    (let ((default-directory (if buffer (buffer-local-value 'default-directory buffer)
                               (or compilation-directory default-directory))))
      (apply #'compilation-start command (cdr args))))))

(defun kill-compilation ()
  "Interrupt the process running in this compilation buffer."
  (interactive)
  (let* ((buffer (compilation--find-buffer))
         (proc (get-buffer-process buffer)))
    (if proc
        (interrupt-process proc)
      (error "The %s process is not running" (downcase (buffer-local-value 'mode-name buffer))))))

;;;; Moving between messages

(defun compilation--find-buffer (&optional avoid-current)
  "The buffer whose messages `next-error' walks."
  (cond ((and (not avoid-current) (derived-mode-p 'compilation-mode)) (current-buffer))
        ((and (buffer-live-p next-error-last-buffer)
              (with-current-buffer next-error-last-buffer (derived-mode-p 'compilation-mode)))
         next-error-last-buffer)
        (t (or (seq-find-buffer (lambda (b) (with-current-buffer b (derived-mode-p 'compilation-mode))))
               (user-error "No buffers contain error message locations")))))

(defun compilation--index-at (pos)
  "Index of the last message starting at or before POS's line end, or -1."
  (let ((lo 0) (hi compilation--count) (limit (save-excursion (goto-char pos) (line-end-position))))
    (while (< lo hi)
      (let ((mid (/ (+ lo hi) 2)))
        (if (<= (overlay-start (compilation--message mid)) limit)
            (setq lo (1+ mid))
          (setq hi mid))))
    (1- lo)))

(defun compilation--message-on-line ()
  "The index of the message whose text covers point's line, or nil."
  (let ((i (compilation--index-at (point))))
    (when (>= i 0)
      (let ((ov (compilation--message i)))
        (and (<= (save-excursion (goto-char (overlay-start ov)) (line-beginning-position))
                 (point))
             (<= (line-beginning-position)
                 (save-excursion (goto-char (overlay-end ov)) (line-end-position)))
             i)))))

(defun compilation--target-index (n from-point)
  (let* ((base (cond (from-point
                      (let ((on (compilation--message-on-line)))
                        (or on (- (compilation--index-at (point)) (if (> n 0) 0 -1)))))
                     (compilation--current compilation--current)
                     (t -1)))
         (target (+ base n)))
    (when (and (null compilation--current) (not from-point) (< n 0))
      (setq target -1))
    (cond ((>= target compilation--count) (user-error "Moved past last error"))
          ((< target 0) (user-error "Moved back before first error"))
          (t target))))

(defun compilation-next-error (n)
  "Move point to the Nth next message in this buffer, without visiting it."
  (interactive "p")
  (unless (derived-mode-p 'compilation-mode) (error "Not in a compilation buffer"))
  (let ((i (compilation--target-index n t)))
    (goto-char (overlay-start (compilation--message i)))))

(defun compilation-previous-error (n)
  (interactive "p")
  (compilation-next-error (- n)))

(defun compilation--show-locus (buffer index select)
  "Visit message INDEX of compilation BUFFER; SELECT the file's window as
`next-error' does when called from the compilation window."
  (let* ((ov (compilation--message index buffer))
         (msg (overlay-get ov 'compilation-message))
         (dir (buffer-local-value 'default-directory buffer))
         (file (expand-file-name (nth 0 msg) dir))
         (from-compilation (eq (current-buffer) buffer)))
    (with-current-buffer buffer
      (setq compilation--current index)
      (goto-char (overlay-start ov))
      ;; Which message is current shows in the buffer (Emacs: the => arrow).
      (let ((from (line-beginning-position))
            (to (save-excursion (goto-char (overlay-end ov)) (line-end-position))))
        (if compilation--highlight
            (move-overlay compilation--highlight from to)
          (setq compilation--highlight (make-overlay from to))
          (overlay-put compilation--highlight 'face 'highlight)
          (overlay-put compilation--highlight 'priority -10)))
      (when (fboundp 'get-buffer-window)
        (let ((w (get-buffer-window buffer)))
          (when w (compilation--set-window w)))))
    (setq next-error-last-buffer buffer)
    (unless (file-exists-p file)
      (user-error "No such file: %s" file))
    (let ((target (files--visit file)))
      (with-current-buffer target
        (widen)
        (goto-char (point-min))
        (forward-line (1- (nth 1 msg)))
        (cond ((nth 2 msg) (move-to-column (max 0 (1- (nth 2 msg)))))
              ;; A grep hit: at its first match in the line, where Emacs
              ;; puts it (from grep's highlighting).
              ((buffer-local-value 'compilation--match-regexp buffer)
               (let* ((search (buffer-local-value 'compilation--match-regexp buffer))
                      (case-fold-search (cdr search)))
                 (when (ignore-errors (re-search-forward (car search) (line-end-position) t))
                   (goto-char (match-beginning 0)))))))
      (let ((pos (with-current-buffer target (point))))
        (cond ((not (fboundp 'split-window-below)) (set-buffer target))
              (from-compilation
               (if select (pop-to-buffer target)
                 (let ((w (display-buffer target)))
                   (when (windowp w) (set-window-point w pos)))))
              (t
               (switch-to-buffer target)
               (unless (get-buffer-window buffer) (display-buffer buffer))
               (let ((w (get-buffer-window buffer)))
                 (when w (with-current-buffer buffer (compilation--set-window w))))))
        (when (eq (current-buffer) target) (goto-char pos))))
    (run-hooks 'next-error-hook)))

(defvar compilation-context-lines nil
  "Lines of the compilation window kept above the current message; t or
nil (on a terminal, which has no fringe for Emacs's arrow) put the message
at the window's top, as Emacs's compilation-set-window does.")

(defun compilation--set-window (w)
  "Show point's message in W, the compilation buffer's window, as Emacs
does on a terminal: its line at the top (`compilation-context-lines')."
  (set-window-start w (save-excursion
                        (forward-line (if (integerp compilation-context-lines)
                                          (- compilation-context-lines)
                                        0))
                        (point)))
  (set-window-point w (point)))

(defvar next-error-verbose t
  "Non-nil means `next-error' says which buffer's locus it visited.")

(defvar next-error-function nil
  "In a buffer that is not a compilation, how `next-error' visits its Nth next locus.
Called with N and RESET, as Emacs calls it (*Occur* sets it).")
(make-variable-buffer-local 'next-error-function)

(defun compilation--other-next-error-buffer ()
  "The buffer `next-error' should hand to its own `next-error-function', or nil."
  (let ((buffer (cond ((local-variable-p 'next-error-function) (current-buffer))
                      ((buffer-live-p next-error-last-buffer) next-error-last-buffer))))
    (and buffer
         (buffer-local-value 'next-error-function buffer)
         (not (with-current-buffer buffer (derived-mode-p 'compilation-mode)))
         buffer)))

(defun next-error (&optional arg reset)
  "Visit the next FILE:LINE message of the last compilation or grep.
A numeric ARG moves that many; C-u starts again at the first."
  (interactive "P")
  (let ((other (compilation--other-next-error-buffer)))
    (if other
        (with-current-buffer other
          (funcall next-error-function (if (consp arg) 0 (prefix-numeric-value arg))
                   (or reset (consp arg))))
      (compilation--next-error arg reset))
    (when (and next-error-verbose (buffer-live-p next-error-last-buffer))
      (message "%s locus from %s"
               (cond ((or reset (consp arg)) "First")
                     ((eq (prefix-numeric-value arg) 0) "Current")
                     ((< (prefix-numeric-value arg) 0) "Previous")
                     (t "Next"))
               next-error-last-buffer))))

(defun compilation--next-error (arg reset)
  (let* ((buffer (compilation--find-buffer))
         (from-point (eq buffer (current-buffer)))
         (n (if (consp arg) 1 (prefix-numeric-value arg)))
         index)
    (with-current-buffer buffer
      (when (or reset (consp arg)) (setq compilation--current nil))
      (setq index (if (or reset (consp arg))
                      (if (> compilation--count 0) 0 (user-error "Moved past last error"))
                    (compilation--target-index n (and from-point (not (eq last-command 'next-error))
                                                      (not (eq last-command 'previous-error)))))))
    (compilation--show-locus buffer index t)))

(defun previous-error (&optional n)
  "Visit the previous message of the last compilation or grep."
  (interactive "p")
  (next-error (- (or n 1))))

(defun first-error (&optional n)
  (interactive "p")
  (next-error n t))

(defun next-error-no-select (&optional n)
  "Show the next message's locus in another window, staying here."
  (interactive "p")
  (let* ((buffer (compilation--find-buffer))
         (index (with-current-buffer buffer
                  (compilation--target-index (or n 1) (eq buffer (current-buffer))))))
    (compilation--show-locus buffer index nil)))

(defun previous-error-no-select (&optional n)
  (interactive "p")
  (next-error-no-select (- (or n 1))))

(defun compilation-next-file (n)
  "Move point to the first message of the Nth next file."
  (interactive "p")
  (let* ((i (or (compilation--message-on-line) (compilation--index-at (point))))
         (file (and (>= i 0) (car (overlay-get (compilation--message i) 'compilation-message))))
         (step (if (> n 0) 1 -1)))
    (dotimes (_ (abs n))
      (setq i (+ i step))
      (while (and (>= i 0) (< i compilation--count)
                  (equal (car (overlay-get (compilation--message i) 'compilation-message)) file))
        (setq i (+ i step)))
      (when (or (< i 0) (>= i compilation--count)) (user-error "No more files"))
      (setq file (car (overlay-get (compilation--message i) 'compilation-message))))
    (when (< step 0)
      ;; To the first message of that file.
      (while (and (> i 0)
                  (equal (car (overlay-get (compilation--message (1- i)) 'compilation-message)) file))
        (setq i (1- i))))
    (goto-char (overlay-start (compilation--message i)))))

(defun compilation-previous-file (n)
  (interactive "p")
  (compilation-next-file (- n)))

(defun compile-goto-error ()
  "Visit the locus of the message on this line."
  (interactive)
  (let ((i (compilation--message-on-line)))
    (unless i (user-error "No error here"))
    (compilation--show-locus (current-buffer) i t)))

;;;; The mode

(define-derived-mode compilation-mode special-mode "Compilation"
  "Major mode for compilation output: RET visits the message's locus."
  (setq compilation--messages (make-vector 8 nil))
  (setq compilation--count 0)
  (setq-local revert-buffer-function (lambda (&rest _) (recompile))))

;; Emacs's way to define a mode of compilation-mode's family (grep-mode,
;; occur-like modes of packages): NAME-mode's own variables, named as
;; compilation's with its first word replaced, become its local values.
(defconst compilation--mode-variables
  '(compilation-buffer-name-function compilation-directory-matcher compilation-error
    compilation-error-regexp-alist compilation-error-regexp-alist-alist
    compilation-error-screen-columns compilation-finish-functions compilation-first-column
    compilation-mode-font-lock-keywords compilation-page-delimiter
    compilation-parse-errors-filename-function compilation-process-setup-function
    compilation-scroll-output compilation-search-path compilation-skip-threshold
    compilation-window-height))

(defmacro define-compilation-mode (mode name doc &rest body)
  "Define MODE like `define-derived-mode' with parent `compilation-mode'."
  (declare (indent 2))
  (let ((prefix (replace-regexp-in-string "-mode\\'" "" (symbol-name mode))))
    `(define-derived-mode ,mode compilation-mode ,name
       ,doc
       ,@(delq nil
               (mapcar (lambda (var)
                         (let ((own (intern-soft (replace-regexp-in-string
                                                  "\\`compilation" prefix (symbol-name var)))))
                           (and own (boundp own) `(set (make-local-variable ',var) ,own))))
                       compilation--mode-variables))
       ,@body)))

(let ((map compilation-mode-map))
  (define-key map (kbd "RET") 'compile-goto-error)
  (define-key map (kbd "C-c C-c") 'compile-goto-error)
  (define-key map (kbd "C-c C-k") 'kill-compilation)
  (define-key map (kbd "M-{") 'compilation-previous-file)
  (define-key map (kbd "M-}") 'compilation-next-file)
  (define-key map "g" 'recompile)
  (define-key map "n" 'next-error-no-select)
  (define-key map "p" 'previous-error-no-select)
  (define-key map (kbd "M-n") 'compilation-next-error)
  (define-key map (kbd "M-p") 'compilation-previous-error)
  (define-key map (kbd "TAB") 'compilation-next-error))

(define-key goto-map "n" 'next-error)
(define-key goto-map "p" 'previous-error)
(define-key goto-map (kbd "M-n") 'next-error)
(define-key goto-map (kbd "M-p") 'previous-error)
(define-key ctl-x-map "`" 'next-error)

(provide 'compile)
