;;; comint.el --- talking to an interactive process in a buffer  -*- lexical-binding: t -*-

;; Emacs's comint on a region filter: output arrives at the process mark
;; (before whatever you are typing after it) and the filter sees it there,
;; where Emacs's comint gets a string.  The hooks Emacs's library and init
;; files use run as Emacs runs them: comint-preoutput-filter-functions (on a
;; string made only when one is there), comint-output-filter-functions
;; (Emacs's standard functions on the region), comint-input-filter-functions.
;; Output is shown as a terminal would: carriage returns and backspaces
;; move, ANSI SGR sequences become `font-lock-face' text properties (as
;; Emacs's shell mode makes them; an overlay a stretch made a coloured
;; stream a collection of millions of overlays), and other escapes stay in
;; the text, which redisplay shows escaped (^[).  The output is the
;; `output' field and the prompt after it is highlighted.  RET sends the
;; input, M-p/M-n walk the history, TAB completes file names, C-c C-c/C-z/
;; C-\ signal the job, C-d at the end sends EOF.

(require 'shell-command)

(defvar comint-input-ring-size 500)
(defvar comint-input-ignoredups t)
(defvar comint-process-echoes nil)
(defvar comint-mode-hook nil)
(defvar comint-output-filter-functions
  '(ansi-color-process-output comint-postoutput-scroll-to-bottom comint-watch-for-password-prompt)
  "Functions called with each output string after it is inserted, as Emacs's.
gapmacs's filter receives the region, so the standard functions here run on
it (their symbols' `comint--region-function'): `ansi-color-process-output'
is the filter's own SGR pass, and the string is made only for the others.")
(defvar comint-use-prompt-regexp nil
  "Non-nil: prompts are found by regexp; nil (the default): output is the
`output' field, so line motion stops at the end of a prompt.")
(defvar comint-inhibit-carriage-motion nil
  "Non-nil: carriage returns and backspaces in output stay as they came.")
(defvar-local comint-last-prompt nil
  "(START . END) markers of the last prompt highlighted, or nil.")
(defface comint-highlight-prompt '((t :inherit minibuffer-prompt))
  "Face for the prompt: the last output that does not end in a newline.")
(defconst comint--output-field-properties
  '(rear-nonsticky t front-sticky (field inhibit-line-move-field-capture)
    field output inhibit-line-move-field-capture t)
  "What output gets, as Emacs's comint gives it.")
(defvar comint-preoutput-filter-functions nil
  "Functions called in turn with each output string before it is shown;
each returns the string to show (or to pass on).")
(defvar comint-input-filter-functions nil
  "Functions called with each input (a newline at its end) before it is sent.")
(defvar comint-move-point-for-output nil)
(defvar comint-scroll-show-maximum-output t)
(defvar comint-password-function nil)
(defvar comint-input-sender #'comint-simple-send)
(defvar comint--prompt-recursion-depth 0)
(defvar comint-password-prompt-regexp nil
  "Regexp matching prompts for passwords in the inferior process; nil until
the first output asks (then Emacs 28's, made from `password-word-equivalents',
which Emacs's mule-conf.el defines and the editor has only once its
bundled Lisp is loaded).")

(defun comint--password-prompt-regexp ()
  (or comint-password-prompt-regexp
      (setq-default
       comint-password-prompt-regexp
       (concat
        "\\(^ *\\|"
        (regexp-opt
         '("Enter" "enter" "Enter same" "enter same" "Enter the" "enter the"
           "Current"
           "Enter Auth" "enter auth" "Old" "old" "New" "new" "'s" "login"
           "Kerberos" "CVS" "UNIX" " SMB" "LDAP" "PEM" "SUDO"
           "[sudo]" "doas" "Repeat" "Bad" "Retype" "Verify")
         t)
        " +.*\\)"
        "\\(?:" (regexp-opt (if (boundp 'password-word-equivalents)
                                 password-word-equivalents
                               '("password" "passcode" "passphrase" "pass phrase" "PIN")))
        "\\|Response\\)"
        "\\(?:\\(?:, try\\)? *again\\| (empty for no passphrase)\\| (again)\\)?"
        "\\(?: [[:alpha:]]+ .+\\)?[[:blank:]]*[:：៖][[:space:]]*\\'"
        "\\|^Enter encryption key: (repeat) *\\'"))))
(defvar comint-terminfo-terminal "dumb")
(defvar comint-prompt-read-only nil
  "Whether prompts are read-only; gapmacs's comint leaves them editable,
Emacs's default.")

(defvar-local comint-input-ring nil "Inputs sent, newest first.")
(defvar-local comint-input-ring-file-name nil
  "The history file `comint-read-input-ring' reads, or nil.")
(defvar comint-input-ring-separator "\n" "Separates the entries of a history file.")
(defvar comint-input-history-ignore "^#" "History file entries matching this are skipped.")
(defvar-local comint-input-ring-index nil)
(defvar-local comint-ptyp nil "Non-nil when the process runs on a terminal.")
(defvar-local comint--sgr-face nil "The face SGR sequences set so far (a plist), or nil.")
(defvar-local comint--sgr-start nil "Where output not yet scanned for escapes begins.")
(defvar-local comint-last-output-start nil "Where the last output began (a marker).")
(defvar-local comint-last-input-start nil)
(defvar-local comint-last-input-end nil)

;;;; ANSI SGR to faces

(defconst comint--sgr-colors ["black" "red" "green" "yellow" "blue" "magenta" "cyan" "white"])

(defun comint--sgr-apply (face codes)
  "FACE (a plist) after the SGR parameters CODES (numbers)."
  (let ((face (copy-sequence face)))
    (when (null codes) (setq codes '(0)))
    (while codes
      (let ((c (car codes)))
        (cond ((= c 0) (setq face nil))
              ((= c 1) (setq face (plist-put face :weight 'bold)))
              ((= c 22) (setq face (plist-put face :weight 'normal)))
              ((= c 3) (setq face (plist-put face :slant 'italic)))
              ((= c 4) (setq face (plist-put face :underline t)))
              ((= c 24) (setq face (plist-put face :underline nil)))
              ((= c 7) (setq face (plist-put face :inverse-video t)))
              ((= c 27) (setq face (plist-put face :inverse-video nil)))
              ((<= 30 c 37) (setq face (plist-put face :foreground (aref comint--sgr-colors (- c 30)))))
              ((<= 90 c 97) (setq face (plist-put face :foreground (aref comint--sgr-colors (- c 90)))))
              ((= c 39) (setq face (plist-put face :foreground nil)))
              ((<= 40 c 47) (setq face (plist-put face :background (aref comint--sgr-colors (- c 40)))))
              ((<= 100 c 107) (setq face (plist-put face :background (aref comint--sgr-colors (- c 100)))))
              ((= c 49) (setq face (plist-put face :background nil)))
              ;; 38;5;N, 38;2;R;G;B and the 48 forms: skip their arguments.
              ((memq c '(38 48))
               (setq codes (if (eql (cadr codes) 5) (cddr codes) (nthcdr 4 codes))))))
      (setq codes (cdr codes)))
    (let ((clean nil))
      (while face
        (when (cadr face) (setq clean (append clean (list (car face) (cadr face)))))
        (setq face (cddr face)))
      clean)))

;; A coloured stream repeats a few faces millions of times: each face is
;; made once and shared, so its stretches share one property list and the
;; collector has nothing per stretch to mark, and each change from one face
;; to another is worked out once.
(defvar comint--sgr-shared (make-hash-table :test 'equal)
  "Each face `comint--sgr-apply' made -> (FACE . PROPERTIES), FACE shared.")
(defvar comint--sgr-transitions (make-hash-table :test 'eq)
  "A shared face (or nil) -> a table of SGR parameter strings -> what
`comint--sgr-next' returns for them.")

(defun comint--sgr-next (face params)
  "The shared (NEW-FACE . PROPERTIES) after FACE and the SGR PARAMS string,
nil when no face is left.  PROPERTIES are the text properties a stretch in
NEW-FACE gets, as Emacs's `shell-apply-ansi-color' gives them."
  (let* ((table (or (gethash face comint--sgr-transitions)
                    (puthash face (make-hash-table :test 'equal) comint--sgr-transitions)))
         (next (gethash params table 'unknown)))
    (if (not (eq next 'unknown))
        next
      (let* ((codes (and (not (equal params ""))
                         (mapcar #'string-to-number (split-string params ";"))))
             (made (comint--sgr-apply face codes)))
        (puthash params (and made (comint--sgr-shared made)) table)))))

(defun comint--sgr-shared (face)
  "The shared (FACE . PROPERTIES) of FACE, a face `comint--sgr-apply' made."
  (or (gethash face comint--sgr-shared)
      (puthash face (cons face (list 'ansi-color-face face 'font-lock-face face))
               comint--sgr-shared)))

(defun comint--colorize (start end)
  "Turn the SGR sequences between START and END into faces; return the
new END.  A sequence cut off at END is left for the next output.  The
stretches are text properties, so output inserted after them (before
markers, at the process mark) takes none of them."
  ;; The loop binds nothing per sequence: an interpreted `let' conses its
  ;; bindings, and a stream has millions of sequences.
  (save-excursion
    (let ((end (copy-marker end))
          (span-start start)
          (properties (and comint--sgr-face (cdr (comint--sgr-shared comint--sgr-face))))
          (transitions (gethash comint--sgr-face comint--sgr-transitions))
          mbeg params-start params next)
      (goto-char start)
      (while (search-forward "\e[" end t)
        (setq mbeg (- (point) 2)
              params-start (point))
        (skip-chars-forward "0-9;" end)
        (when (eq (char-after) ?m)
          (setq params (buffer-substring-no-properties params-start (point))
                next (if transitions (gethash params transitions 'unknown) 'unknown))
          (when (eq next 'unknown)
            (setq next (comint--sgr-next comint--sgr-face params)))
          (when (and properties (< span-start mbeg))
            (add-text-properties span-start mbeg properties))
          (delete-region mbeg (1+ (point)))
          (setq comint--sgr-face (car next)
                properties (cdr next)
                transitions (gethash comint--sgr-face comint--sgr-transitions)
                span-start (point))))
      (when (and properties (< span-start end))
        (add-text-properties span-start end properties))
      (prog1 (marker-position end) (set-marker end nil)))))

(defun comint--colorizing-p ()
  "Whether output's SGR sequences become faces: Emacs's hook asks for it."
  (and (run-hook-wrapped 'comint-output-filter-functions
                         (lambda (fn) (eq fn 'ansi-color-process-output)))
       (or (not (boundp 'ansi-color-for-comint-mode)) ansi-color-for-comint-mode)))

(defun comint-output-filter (proc start end)
  "Region filter of PROC's output, now between START and END, in the steps
of Emacs's comint-output-filter: the preoutput functions, carriage motion,
the output field, SGR faces, `comint-output-filter-functions', the prompt."
  (with-current-buffer (process-buffer proc)
    (window--keep-starts-above-output (current-buffer) start end)
    (when comint-preoutput-filter-functions
      (setq end (comint--run-preoutput-functions start end)))
    ;; Output goes in before markers (the stream's insertion, which keeps
    ;; windows following); Emacs's comint inserts it after the end of the
    ;; last input, so that marker stays before it.
    (when (and (markerp comint-last-input-end) (< start end)
               (= comint-last-input-end end))
      (set-marker comint-last-input-end start))
    (if (markerp comint-last-output-start)
        (set-marker comint-last-output-start start)
      (setq comint-last-output-start (copy-marker start)))
    (let ((inhibit-read-only t)
          ;; Functions of the string get the output as it came, escapes
          ;; and all, as Emacs gives it to them.
          (string (and (comint--output-functions-want-string)
                       (buffer-substring-no-properties start end)))
          (scan (if (and comint--sgr-start (< comint--sgr-start start)
                         (eq (char-after comint--sgr-start) ?\e))
                    comint--sgr-start
                  start)))
      (unless comint-inhibit-carriage-motion
        (setq end (comint-carriage-motion start end)))
      (unless comint-use-prompt-regexp
        (add-text-properties start end comint--output-field-properties))
      (let ((new-end (if (comint--colorizing-p) (comint--colorize scan end) end)))
        ;; An escape cut off at the end waits for the rest of it.
        (setq comint--sgr-start
              (save-excursion
                (goto-char new-end)
                (if (re-search-backward "\e\\(?:\\[[0-9;]*\\)?\\=" (max scan (- new-end 32)) t)
                    (point)
                  new-end)))
        (comint--run-output-functions start new-end string)
        (comint--highlight-prompt start)))))

(defun comint-carriage-motion (start end)
  "Interpret carriage control between START and END, as a terminal would:
CR LF is LF, a lone CR deletes back to the line's start, BS deletes the
character before it.  Returns the new END."
  (save-excursion
    (let ((end (copy-marker end))
          (inhibit-field-text-motion t))
      (goto-char start)
      (while (search-forward "\r" end t)
        (if (eolp)
            (delete-char -1)
          (delete-region (point) (line-beginning-position))))
      (goto-char start)
      (while (search-forward "\b" end t)
        (delete-region (max (point-min) (- (point) 2)) (point)))
      (prog1 (marker-position end) (set-marker end nil)))))

(defun comint--face-without (face remove)
  "FACE (a face or a list of them) without REMOVE; nil when nothing is left."
  (cond ((eq face remove) nil)
        ((and (consp face) (not (keywordp (car face))))
         (let ((left (delq remove (copy-sequence face))))
           (if (cdr left) left (car left))))
        (t face)))

(defun comint--face-with (face add)
  "FACE (a face or a list of them) with ADD after it, as
`font-lock-append-text-property' makes it."
  (cond ((null face) add)
        ((and (consp face) (not (keywordp (car face))))
         (if (memq add face) face (append face (list add))))
        ((eq face add) face)
        (t (list face add))))

(defun comint--map-face (start end fn)
  "Give each stretch of START..END the `font-lock-face' FN makes of its own."
  (let ((pos start))
    (while (< pos end)
      (let ((next (next-single-property-change pos 'font-lock-face nil end)))
        (let* ((old (get-text-property pos 'font-lock-face))
               (new (funcall fn old)))
          (unless (eq old new)
            (put-text-property pos next 'font-lock-face new)))
        (setq pos next)))))

(defun comint--highlight-prompt (output-start)
  "Highlight the prompt, the output after the last newline, as Emacs's
comint does; the last one highlighted, which ended where the output
starting at OUTPUT-START went in, loses it."
  (let* ((pmark (comint--pmark))
         (prompt-start (comint--prompt-start))
         (inhibit-read-only t))
    (when comint-last-prompt
      ;; Its end marker went on with the output (inserted before markers).
      (comint--map-face (car comint-last-prompt) (min (cdr comint-last-prompt) output-start)
                        (lambda (face) (comint--face-without face 'comint-highlight-prompt)))
      (set-marker (car comint-last-prompt) nil)
      (set-marker (cdr comint-last-prompt) nil))
    (setq comint-last-prompt (cons (copy-marker prompt-start) (copy-marker pmark)))
    (when (< prompt-start pmark)
      (comint--map-face prompt-start pmark
                        (lambda (face) (comint--face-with face 'comint-highlight-prompt))))))

(defun comint--run-preoutput-functions (start end)
  "Replace the output between START and END by what
`comint-preoutput-filter-functions' make of it; return its new end.
The output is in the buffer already (a region filter): a string is made,
and the text replaced, only when some function is there."
  (let* ((came (buffer-substring-no-properties start end))
         (string came))
    (run-hook-wrapped 'comint-preoutput-filter-functions
                      (lambda (fn) (not (setq string (funcall fn string)))))
    (setq string (or string ""))
    (if (equal string came)
        end
      (let ((inhibit-read-only t))
        (save-excursion
          (delete-region start end)
          (goto-char start)
          ;; Before markers, as the output went in: the process mark and
          ;; the windows that follow it stay after it.
          (insert-before-markers string)
          (point))))))

(defun comint--output-functions-want-string ()
  "Whether a function in `comint-output-filter-functions' needs the string."
  (run-hook-wrapped 'comint-output-filter-functions
                    (lambda (fn) (not (and (symbolp fn) (get fn 'comint--region-function))))))

(defun comint--run-output-functions (start end string)
  "Run `comint-output-filter-functions' on the output now between START and
END, which came as STRING."
  (run-hook-wrapped
   'comint-output-filter-functions
   (lambda (fn)
     (let ((region (and (symbolp fn) (get fn 'comint--region-function))))
       (if region
           (funcall region start end)
         (funcall fn string)))
     nil)))

;; The filter has done ansi-color's work on the region already.
(put 'ansi-color-process-output 'comint--region-function #'ignore)

(defun comint-postoutput-scroll-to-bottom (_string)
  "Go to the end of buffer in some or all windows showing it, as Emacs's:
by `comint-move-point-for-output' and `comint-scroll-show-maximum-output'."
  (let ((process (get-buffer-process (current-buffer))))
    (when process
      (dolist (w (get-buffer-window-list (current-buffer) nil t))
        (comint-adjust-window-point w process)
        (and comint-scroll-show-maximum-output
             (eq (window-point w) (point-max))
             (with-selected-window w
               (recenter (- -1 scroll-margin))))))))
(put 'comint-postoutput-scroll-to-bottom 'comint--region-function
     (lambda (_start _end) (comint-postoutput-scroll-to-bottom nil)))

(defun comint-adjust-window-point (window process)
  "Move point in WINDOW to PROCESS's mark when Comint's settings say so."
  (and (< (window-point window) (process-mark process))
       (or (memq comint-move-point-for-output '(t all))
           (eq comint-move-point-for-output
               (if (eq (selected-window) window) 'this 'others))
           ;; If point was at the end, keep it at end.
           (and (marker-position comint-last-output-start)
                (>= (window-point window) comint-last-output-start)))
       (set-window-point window (process-mark process))))

(defun comint-watch-for-password-prompt (string)
  "Read a password without echoing it and send it, when STRING ends in a
prompt for one (`comint-password-prompt-regexp'); carriage returns ignored."
  (when (let ((case-fold-search t))
          (string-match (comint--password-prompt-regexp) (string-replace "\r" "" string)))
    (let ((comint--prompt-recursion-depth (1+ comint--prompt-recursion-depth)))
      (if (> comint--prompt-recursion-depth 10)
          (message "Password prompt recursion too deep")
        (comint-send-invisible
         (string-trim string "[ \n\r\t\v\f\b\a]+" "\n+"))))))
;; The prompt regexp is anchored at the end and no part of it but the
;; trailing whitespace crosses a line, so only the output's last line (and
;; that whitespace) can match: a stream is not searched a chunk at a time.
(put 'comint-watch-for-password-prompt 'comint--region-function
     (lambda (start end)
       (let ((tail (save-excursion
                     (goto-char end)
                     (skip-chars-backward " \t\n\r\v\f" start)
                     (max start (line-beginning-position)))))
         (comint-watch-for-password-prompt (buffer-substring-no-properties tail end)))))

(defun comint-send-invisible (&optional prompt)
  "Read a string without echoing and send it to the current buffer's process."
  (interactive "P")
  (let ((proc (get-buffer-process (current-buffer)))
        (prefix (if (eq (window-buffer) (current-buffer))
                    ""
                  (format "(In buffer %s) " (current-buffer)))))
    (unless proc
      (error "Buffer %s has no process" (current-buffer)))
    (let* ((prefix-prompt (concat prefix (or prompt "Non-echoed text: ")))
           (str (or (and comint-password-function
                         (funcall comint-password-function prefix-prompt))
                    (read-passwd prefix-prompt))))
      (if (stringp str)
          (funcall comint-input-sender proc str)
        (message "Warning: text will be echoed")))))

(defun comint-simple-send (proc string)
  "Send STRING and a newline to PROC."
  (process-send-string proc (concat string "\n")))

;;;; Input

(defun comint--pmark ()
  (process-mark (or (get-buffer-process (current-buffer))
                    (user-error "Current buffer has no process"))))

(defun comint-send-input (&optional _no-newline _artificial)
  "Send the text after the process mark, and a newline, to the process."
  (interactive)
  (let* ((proc (or (get-buffer-process (current-buffer))
                   (user-error "Current buffer has no process")))
         (pmark (process-mark proc))
         (input (buffer-substring-no-properties pmark (point-max))))
    (goto-char (point-max))
    (insert "\n")
    (setq comint-last-input-start (copy-marker pmark)
          comint-last-input-end (point-marker))
    (comint-add-to-input-history input)
    (setq comint-input-ring-index nil)
    (run-hook-with-args 'comint-input-filter-functions (concat input "\n"))
    ;; The echo (a terminal echoes what it reads) replaces our copy of it.
    (set-marker pmark (point))
    (funcall comint-input-sender proc input)))

(defun comint-add-to-input-history (input)
  (unless (or (string-match-p "\\`[ \t]*\\'" input)
              (and comint-input-ignoredups (equal input (car comint-input-ring))))
    (push input comint-input-ring)
    (when (nthcdr comint-input-ring-size comint-input-ring)
      (setcdr (nthcdr (1- comint-input-ring-size) comint-input-ring) nil))))

(defun comint-read-input-ring (&optional silent)
  "Read the input history from `comint-input-ring-file-name', as Emacs's:
its last `comint-input-ring-size' entries, newest first, the ones matching
`comint-input-history-ignore' left out.  Without SILENT, say when the
file cannot be read."
  (cond ((member comint-input-ring-file-name '(nil "")) nil)
        ((not (file-readable-p comint-input-ring-file-name))
         (unless silent
           (message "Cannot read history file %s" comint-input-ring-file-name)))
        (t
         (let ((file comint-input-ring-file-name)
               (separator comint-input-ring-separator)
               (ignore comint-input-history-ignore)
               (ignoredups comint-input-ignoredups)
               (entries nil) (newest nil) (count 0))
           (with-temp-buffer
             (insert-file-contents file)
             (goto-char (point-max))
             (while (and (< count comint-input-ring-size)
                         (re-search-backward separator nil t))
               (let ((end (match-beginning 0)))
                 (goto-char (if (re-search-backward separator nil t) (match-end 0) (point-min)))
                 (let ((entry (buffer-substring-no-properties (point) end)))
                   ;; Emacs compares with the newest entry only.
                   (unless (or (string-match-p ignore entry)
                               (and ignoredups newest (string-equal newest entry)))
                     (push entry entries)
                     (setq newest (or newest entry)
                           count (1+ count)))))))
           (setq comint-input-ring (nreverse entries)
                 comint-input-ring-index nil)))))

(defun comint--replace-input (text)
  (let ((pmark (comint--pmark)))
    (delete-region pmark (point-max))
    (goto-char (point-max))
    (insert text)))

(defun comint-previous-input (arg)
  "Replace the input with the ARGth previous one from the history."
  (interactive "p")
  (unless comint-input-ring (user-error "Empty input ring"))
  (let* ((len (length comint-input-ring))
         (i (if comint-input-ring-index (+ comint-input-ring-index arg)
              (if (> arg 0) (1- arg) arg))))
    (when (or (< i 0) (>= i len))
      (setq i (if (< i 0) 0 (1- len)))
      (message "%s of history" (if (< arg 0) "Beginning" "End")))
    (setq comint-input-ring-index i)
    (comint--replace-input (nth i comint-input-ring))))

(defun comint-next-input (arg)
  (interactive "p")
  (if (and comint-input-ring-index (= comint-input-ring-index 0) (> arg 0))
      (progn (setq comint-input-ring-index nil) (comint--replace-input ""))
    (comint-previous-input (- arg))))

(defun comint-kill-input ()
  "Delete the input typed after the process mark."
  (interactive)
  (let ((pmark (comint--pmark)))
    (when (> (point-max) pmark) (kill-region pmark (point-max)))))

(defun comint-bol ()
  "Go to the start of the input on this line (after the prompt)."
  (interactive)
  (let ((pmark (comint--pmark)))
    (if (and (>= (point) pmark) (= (line-number-at-pos pmark) (line-number-at-pos)))
        (goto-char pmark)
      (beginning-of-line))))

(defun comint-delchar-or-maybe-eof (arg)
  "At the end of the buffer send EOF, else delete ARG characters."
  (interactive "p")
  (let ((proc (get-buffer-process (current-buffer))))
    (if (and (eobp) proc (= (point) (marker-position (process-mark proc))))
        (process-send-eof proc)
      (delete-char arg))))

(defun comint-send-eof ()
  (interactive)
  (process-send-eof (get-buffer-process (current-buffer))))

(defun comint--signal (char signal)
  "Signal the job in the foreground: through the terminal as CHAR when
there is one (its line discipline picks the job), else SIGNAL to the
process's group (every child has a session and a group of its own)."
  (let ((proc (or (get-buffer-process (current-buffer)) (user-error "Current buffer has no process"))))
    (comint-kill-input)
    (if comint-ptyp
        (process-send-string proc (string char))
      (signal-process proc signal))))

(defun comint-interrupt-subjob ()
  "Interrupt the current job (C-c C-c)."
  (interactive)
  (let ((proc (or (get-buffer-process (current-buffer)) (user-error "Current buffer has no process"))))
    (comint-kill-input)
    (interrupt-process proc comint-ptyp)))

(defun comint-stop-subjob ()
  "Stop (suspend) the current job (C-c C-z)."
  (interactive)
  (comint--signal ?\C-z 'SIGTSTP))

(defun comint-quit-subjob ()
  "Send a quit signal to the current job (C-c C-\\)."
  (interactive)
  (comint--signal ?\C-\\ 'SIGQUIT))

;;;; Output commands

(defun comint--prompt-start ()
  "Where the line of the process mark (the prompt) begins."
  (save-excursion
    (goto-char (comint--pmark))
    (forward-line 0)
    (point)))

(defun comint-delete-output (&optional kill)
  "Delete all output from the process since the last input, not the prompt;
with KILL (the prefix), save it in the kill ring."
  (interactive "P")
  (let ((inhibit-read-only t)
        (from (or (and (markerp comint-last-input-end) (marker-position comint-last-input-end))
                  (point-min)))
        (to (comint--prompt-start)))
    (when (< from to)
      (when kill
        (copy-region-as-kill from to))
      (save-excursion
        (delete-region from to)
        (goto-char from)
        ;; Before the prompt and the process mark, as Emacs puts it back.
        (insert-before-markers "*** output flushed ***\n")))))

(defun comint-clear-buffer ()
  "Delete everything before the line of the prompt."
  (interactive)
  (let ((inhibit-read-only t))
    (delete-region (point-min) (comint--prompt-start))))

(defun comint-show-maximum-output ()
  "Put the end of the buffer at the bottom of the window."
  (interactive)
  (goto-char (point-max))
  (recenter (- -1 scroll-margin)))

(defun comint-show-output ()
  "Put the start of the last output at the top of the window; the mark
stays where point was."
  (interactive)
  (push-mark)
  (let ((pos (or (and (markerp comint-last-input-end) (marker-position comint-last-input-end))
                 (point-max))))
    (goto-char pos)
    (set-window-start (selected-window) (line-beginning-position))))

(defun comint-next-prompt (n)
  "Move to the end of the Nth next prompt: the start of the input after it.
The prompts are the ends of the `output' field."
  (interactive "p")
  (let ((pos (point)) (input-pos nil) prev)
    (while (/= n 0)
      (setq prev pos
            pos (if (> n 0)
                    (next-single-char-property-change pos 'field)
                  (previous-single-char-property-change pos 'field)))
      (cond ((= pos prev)
             ;; The end of the buffer is input (no field), after the last prompt.
             (when (> n 0) (setq input-pos (point-max)))
             (setq n 0))
            ((null (get-char-property pos 'field))
             (setq n (if (< n 0) (1+ n) (1- n))
                   input-pos pos))))
    (when input-pos
      (goto-char input-pos))))

(defun comint-previous-prompt (n)
  "Move to the end of the Nth previous prompt."
  (interactive "p")
  (comint-next-prompt (- n)))

;;;; Completion

(defun comint--input-line-start ()
  "Where the input on point's line begins: the line's start, or the process
mark when it is on the line."
  (max (line-beginning-position)
       (or (ignore-errors (marker-position (comint--pmark))) (point-min))))

(defun comint--file-name-start ()
  "Where the file name before point begins: after the last space, quote or
shell operator on the line, not before the process mark."
  (save-excursion
    (skip-chars-backward "^ \t\n\"'`;&|<>()" (comint--input-line-start))
    (point)))

(defun comint-filename-completion ()
  "Completion data for the file name before point, relative to
`default-directory' (for `completion-at-point-functions')."
  (let ((start (comint--file-name-start)))
    (list start (point) #'completion-file-name-table
          :exit-function
          (lambda (name status)
            ;; A finished file name is followed by a space, a directory
            ;; by nothing (its slash is part of it), as Emacs's comint.
            (when (and (eq status 'finished)
                       (not (string-suffix-p "/" name))
                       (not (looking-at-p " ")))
              (insert " "))))))

(define-derived-mode comint-mode nil "Comint"
  "Major mode for interacting with a process: RET sends the input line."
  (setq comint-input-ring nil comint-input-ring-index nil comint--sgr-face nil
        comint--sgr-start nil)
  (setq-local completion-at-point-functions '(comint-filename-completion)))

(let ((map comint-mode-map))
  (define-key map (kbd "RET") 'comint-send-input)
  (define-key map (kbd "M-p") 'comint-previous-input)
  (define-key map (kbd "M-n") 'comint-next-input)
  (define-key map (kbd "C-<up>") 'comint-previous-input)
  (define-key map (kbd "C-<down>") 'comint-next-input)
  (define-key map (kbd "C-d") 'comint-delchar-or-maybe-eof)
  (define-key map (kbd "C-c C-c") 'comint-interrupt-subjob)
  (define-key map (kbd "C-c C-z") 'comint-stop-subjob)
  (define-key map (kbd "C-c C-\\") 'comint-quit-subjob)
  (define-key map (kbd "C-c C-d") 'comint-send-eof)
  (define-key map (kbd "C-c C-u") 'comint-kill-input)
  (define-key map (kbd "C-c C-a") 'comint-bol)
  (define-key map (kbd "TAB") 'completion-at-point)
  (define-key map (kbd "C-c C-o") 'comint-delete-output)
  (define-key map (kbd "C-c M-o") 'comint-clear-buffer)
  (define-key map (kbd "C-c C-e") 'comint-show-maximum-output)
  (define-key map (kbd "C-c C-r") 'comint-show-output)
  (define-key map (kbd "C-c C-n") 'comint-next-prompt)
  (define-key map (kbd "C-c C-p") 'comint-previous-prompt))

(defun comint--environment ()
  "The environment for the child: a dumb terminal that knows it runs here."
  (append (list (concat "TERM=" comint-terminfo-terminal)
                (format "INSIDE_EMACS=%s,comint" emacs-version)
                "PAGER=cat")
          process-environment))

(defun make-comint-in-buffer (name buffer program &optional startfile &rest switches)
  "Run PROGRAM with SWITCHES in BUFFER (in `comint-mode' unless already) as
process NAME, on a terminal when lisp-lite has ptys; return BUFFER."
  (ignore startfile)
  (let ((buffer (get-buffer-create (or buffer (concat "*" name "*")))))
    (unless (and (get-buffer-process buffer) (process-live-p (get-buffer-process buffer)))
      (with-current-buffer buffer
        (unless (derived-mode-p 'comint-mode) (comint-mode))
        (goto-char (point-max))
        (let* ((process-environment (comint--environment))
               (proc (make-process
                      :name name :buffer buffer
                      :command (cons program switches)
                      :region-filter #'comint-output-filter
                      :connection-type 'pty)))
          (setq comint-ptyp (and (process-tty-name proc) t))
          (set-marker (process-mark proc) (point-max)))))
    buffer))

(defun make-comint (name program &optional startfile &rest switches)
  (apply #'make-comint-in-buffer name (concat "*" name "*") program startfile switches))

(provide 'comint)
