;;; comint.el --- talking to an interactive process in a buffer  -*- lexical-binding: t -*-

;; The basics of Emacs's comint: output arrives at the process mark (before
;; whatever you are typing after it), RET sends the text after the mark,
;; M-p/M-n walk the input history, C-c C-c/C-z/C-\ signal the job, C-d at
;; the end sends EOF.  ANSI SGR sequences in the output become faces
;; (overlays); every other escape stays in the text, which redisplay shows
;; escaped (^[), so nothing reaches the terminal.

(require 'shell-command)

(defvar comint-input-ring-size 500)
(defvar comint-input-ignoredups t)
(defvar comint-process-echoes nil)
(defvar comint-mode-hook nil)
(defvar comint-output-filter-functions nil
  "Functions called with the inserted output string, after the faces are applied.")
(defvar comint-terminfo-terminal "dumb")
(defvar comint-prompt-read-only nil
  "Whether prompts are read-only; gapmacs's comint leaves them editable,
Emacs's default.")

(defvar-local comint-input-ring nil "Inputs sent, newest first.")
(defvar-local comint-input-ring-index nil)
(defvar-local comint-ptyp nil "Non-nil when the process runs on a terminal.")
(defvar-local comint--sgr-face nil "The face SGR sequences set so far (a plist), or nil.")
(defvar-local comint--sgr-start nil "Where output not yet scanned for escapes begins.")
(defvar-local comint--sgr-tail nil
  "The overlay that ends where the last output ended.  Output goes in
before markers, so the next output would stretch it over itself.")
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

(defun comint--colorize (start end)
  "Turn the SGR sequences between START and END into overlays; return the
new END.  A sequence cut off at END is left for the next output."
  (save-excursion
    ;; The open face of the last output ends where the new output starts:
    ;; a face open at its end colours the new text with overlays of its own.
    (when (and comint--sgr-tail (overlay-buffer comint--sgr-tail)
               (> (overlay-end comint--sgr-tail) start))
      (move-overlay comint--sgr-tail (overlay-start comint--sgr-tail) (max start (overlay-start comint--sgr-tail))))
    (setq comint--sgr-tail nil)
    (let ((end (copy-marker end))
          (span-start start)
          (last nil))
      (goto-char start)
      (while (re-search-forward "\e\\[\\([0-9;]*\\)m" end t)
        ;; The match data is read before the deletion makes it stale.
        (let* ((mbeg (match-beginning 0))
               (params (match-string 1))
               (codes (and (not (equal params ""))
                           (mapcar #'string-to-number (split-string params ";")))))
          (when (and comint--sgr-face (< span-start mbeg))
            (setq last (make-overlay span-start mbeg))
            (overlay-put last 'face comint--sgr-face))
          (delete-region mbeg (point))
          (setq comint--sgr-face (comint--sgr-apply comint--sgr-face codes)
                span-start (point))))
      (when (and comint--sgr-face (< span-start end))
        (setq last (make-overlay span-start end))
        (overlay-put last 'face comint--sgr-face))
      ;; An overlay that ends where the output ends (its escape deleted)
      ;; would take in the next output.
      (when (and last (= (overlay-end last) end))
        (setq comint--sgr-tail last))
      (prog1 (marker-position end) (set-marker end nil)))))

(defun comint-output-filter (proc start end)
  "Region filter: faces for SGR, then `comint-output-filter-functions'."
  (with-current-buffer (process-buffer proc)
    (window--keep-starts-above-output (current-buffer) start end)
    (let ((inhibit-read-only t)
          (scan (if (and comint--sgr-start (< comint--sgr-start start)
                         (eq (char-after comint--sgr-start) ?\e))
                    comint--sgr-start
                  start)))
      (let ((new-end (comint--colorize scan end)))
        ;; An escape cut off at the end waits for the rest of it.
        (setq comint--sgr-start
              (save-excursion
                (goto-char new-end)
                (if (re-search-backward "\e\\(?:\\[[0-9;]*\\)?\\=" (max scan (- new-end 32)) t)
                    (point)
                  new-end)))
        (when comint-output-filter-functions
          (run-hook-with-args 'comint-output-filter-functions
                              (buffer-substring-no-properties start new-end)))))))

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
    ;; The echo (a terminal echoes what it reads) replaces our copy of it.
    (set-marker pmark (point))
    (process-send-string proc (concat input "\n"))))

(defun comint-add-to-input-history (input)
  (unless (or (string-match-p "\\`[ \t]*\\'" input)
              (and comint-input-ignoredups (equal input (car comint-input-ring))))
    (push input comint-input-ring)
    (when (nthcdr comint-input-ring-size comint-input-ring)
      (setcdr (nthcdr (1- comint-input-ring-size) comint-input-ring) nil))))

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

(define-derived-mode comint-mode nil "Comint"
  "Major mode for interacting with a process: RET sends the input line."
  (setq comint-input-ring nil comint-input-ring-index nil comint--sgr-face nil
        comint--sgr-start nil))

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
  (define-key map (kbd "C-c C-a") 'comint-bol))

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
