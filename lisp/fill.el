;;; fill.el --- filling text: M-q, fill-region, auto-fill-mode  -*- lexical-binding: t -*-

;; Filling joins a paragraph's lines and breaks them again greedily so that
;; none passes `fill-column' (a word longer than that gets a line of its
;; own).  Whitespace between words becomes one space, or two after a
;; sentence end that had two spaces or a line end after it while
;; `sentence-end-double-space' is t; then a line is never broken at the
;; single space after a period ("Mr. Smith").  Trailing whitespace goes.
;; With `adaptive-fill-mode' the continuation lines get the prefix of the
;; paragraph's second line (indentation, or ";; ", "> ", "# " ...); a
;; one-line paragraph's prefix is used as is when it is whitespace only
;; and as that many spaces otherwise.  This is what Emacs 28 does for
;; plain text in fundamental and text mode.
;; Paragraphs are separated by lines matching `paragraph-separate' (blank
;; lines).  Where the mode has comments (M-;), M-q on a comment fills
;; just its comment lines, and in Lisp modes leaves code alone.  Not done:
;; comments after code, justification (C-u M-q fills without justifying),
;; breaking between CJK characters, `fill-paragraph-function' hooks, and
;; Emacs's odd results for a region that ends inside a line.
;; Auto Fill mode works from `post-self-insert-hook' for SPC; RET runs
;; `newline', which is not a self-insertion here, so `newline' (simple.el)
;; calls `auto-fill-function' itself before it breaks the line, as Emacs's
;; self-insertion of a newline does.  Unlike Emacs, RET after trailing
;; tabs past `fill-column' does not break there.

(defvar fill-prefix nil
  "String for filling to insert at the start of each line, or nil.")
(make-variable-buffer-local 'fill-prefix)

(defvar adaptive-fill-mode t
  "Non-nil: take the fill prefix from the paragraph when `fill-prefix' is nil.")
(defvar adaptive-fill-regexp "[-–!|#%;>*·•‣⁃◦ \t]*"
  "Regexp matching the part of a line's start that is its fill prefix.")
(defvar adaptive-fill-first-line-regexp "\\`[ \t]*\\'"
  "A one-line paragraph's prefix is used only when it matches this regexp.")
(defvar adaptive-fill-function nil
  "Function returning a line's fill prefix at point, or nil for the regexp.")

(defvar fill-nobreak-predicate nil
  "Functions called at a possible line break; one returning non-nil forbids it.")

(unless (boundp 'sentence-end-double-space)
  (defvar sentence-end-double-space t
    "Non-nil: a period ends a sentence only when two spaces or a newline follow."))

;;;; The fill prefix

(defun fill--line-prefix ()
  "The fill prefix of the line at point (point at its start), or nil."
  (or (and adaptive-fill-function (funcall adaptive-fill-function))
      (and adaptive-fill-regexp (looking-at adaptive-fill-regexp)
           (match-string-no-properties 0))))

(defun fill--common-prefix (a b)
  "The longest common start of strings A and B, or nil if there is none."
  (let ((i 0) (n (min (length a) (length b))))
    (while (and (< i n) (eq (aref a i) (aref b i))) (setq i (1+ i)))
    (cond ((equal a b) a)
          ((> i 0) (substring a 0 i)))))

(defun fill-context-prefix (from to &optional _first-line-regexp)
  "The fill prefix for the paragraph from FROM to TO, from its first two lines.
Nil when the two lines' prefixes do not agree."
  (save-excursion
    (goto-char from)
    (when (eolp) (skip-chars-forward "\n"))
    (beginning-of-line)
    (let ((first (fill--line-prefix))
          (two-lines (progn (forward-line 1) (< (point) to))))
      (if (not two-lines)
          (when first
            (if (or (string-match-p adaptive-fill-first-line-regexp first)
                    (and comment-start-skip (string-match-p comment-start-skip first)))
                first
              (make-string (string-width first) ?\s)))
        (let ((second (fill--line-prefix)))
          (when (and first second)
            (let ((bare (replace-regexp-in-string "[ \t]+\\'" "" second)))
              (if (string-prefix-p bare first)
                  second
                (fill--common-prefix first second)))))))))

;;;; Filling a paragraph

(defun fill--sentence-end-p (run-start run-end)
  "Whether a sentence ends at the whitespace run from RUN-START to RUN-END.
That is . ? or ! (closing quotes or brackets may follow), then a line end
or two spaces; a tab counts as one space, as when Emacs fills."
  (save-excursion
    (goto-char run-start)
    (skip-chars-backward "]\"')}”’»›")
    (and (memq (char-before) '(?. ?? ?! ?… ?‽))
         (or (>= (- run-end run-start) 2)
             (progn (goto-char run-start)
                    (search-forward "\n" run-end t))))))

(defun fill--squeeze (from to)
  "Make each whitespace run from FROM to TO one space, or two after a sentence end."
  (let ((to (copy-marker to)))
    (save-excursion
      (goto-char from)
      (while (re-search-forward "[ \t\n]+" to t)
        (let* ((start (match-beginning 0)) (end (match-end 0))
               (n (if (and sentence-end-double-space (fill--sentence-end-p start end)) 2 1)))
          (goto-char start)
          (if (and (>= (- end start) n) (looking-at (make-string n ?\s)))
              (delete-region (+ start n) end)
            ;; Insert first, so a marker at the run's end stays after it.
            (insert (make-string n ?\s))
            (delete-region (point) (+ end n)))
          (goto-char (+ start n)))))
    (set-marker to nil)))

(defun fill--nobreak-p (run-start)
  "Whether a line may not be broken at the whitespace run at RUN-START."
  (save-excursion
    (goto-char run-start)
    (or (and sentence-end-double-space
             (eq (char-before) ?.)
             (looking-at " \\([^ \t\n]\\|$\\)"))
        (let ((preds (if (functionp fill-nobreak-predicate)
                         (list fill-nobreak-predicate) fill-nobreak-predicate)))
          (let ((no nil))
            (dolist (p preds) (unless no (setq no (save-excursion (funcall p)))))
            no)))))

(defun fill--break-point (linebeg limit)
  "Where to break the line starting its text at LINEBEG, or nil not to break.
LIMIT ends the text that may be broken.  The point is the start of the last
allowed whitespace run left of `fill-column', or the first one after it."
  (save-excursion
    (goto-char linebeg)
    (let ((best nil) (after nil) (done nil))
      (while (and (not done) (re-search-forward "[ \t]+" limit t))
        (let ((start (match-beginning 0)) (end (match-end 0)))
          (when (> start linebeg)
            (goto-char start)
            (cond
             ((> (current-column) fill-column)
              (unless (or best (fill--nobreak-p start)) (setq after start))
              (when (or best after) (setq done t)))
             ((not (fill--nobreak-p start)) (setq best start))))
          (goto-char end)))
      (or best after))))

(defun fill--break-lines (from to prefix)
  "Break the single line from FROM (its text start) to TO at `fill-column'.
Each new line starts with PREFIX.  Return the end of the text."
  (let ((to (copy-marker to)) (linebeg from))
    (goto-char linebeg)
    (while (and (progn (goto-char to) (> (current-column) fill-column))
                (let ((brk (fill--break-point linebeg to)))
                  (when brk
                    (goto-char brk)
                    (let ((end (progn (skip-chars-forward " \t") (point))))
                      (goto-char brk)
                      (insert "\n")
                      (delete-region (point) (+ end 1)))
                    (when (and prefix (> (length prefix) 0))
                      (insert-before-markers prefix))
                    (setq linebeg (point))
                    t))))
    (prog1 (marker-position to) (set-marker to nil))))

(defun fill-region-as-paragraph (from to &optional _justify nosqueeze _squeeze-after)
  "Fill the text from FROM to TO as one paragraph; return the fill prefix used.
Its lines are joined and broken again at `fill-column'; NOSQUEEZE leaves
the spaces between words alone."
  (interactive "*r\nP")
  (let ((here (point-marker)) prefix)
    (when (> from to) (setq from (prog1 to (setq to from))))
    (goto-char from)
    ;; Start at the first line with text.
    (skip-chars-forward " \t\n")
    (beginning-of-line)
    (setq from (max from (point)))
    (goto-char to)
    (skip-chars-backward " \t\n")
    (setq to (max from (point)))
    ;; Only whitespace: nothing to fill.
    (when (save-excursion (goto-char from) (skip-chars-forward " \t\n" to) (< (point) to))
      (setq prefix (or fill-prefix
                       (and adaptive-fill-mode (fill-context-prefix from to))))
      (let ((end (copy-marker to)))
        ;; Trailing whitespace after the text goes, up to the line end.
        (goto-char end)
        (skip-chars-forward " \t")
        (when (eolp) (delete-region end (point)))
        ;; Take the prefix off the continuation lines.
        (goto-char from)
        (while (and (= (forward-line 1) 0) (< (point) end))
          (let ((p (or prefix "")))
            (cond ((and (> (length p) 0)
                        (string-prefix-p p (buffer-substring (point) (min end (+ (point) (length p))))))
                   (delete-region (point) (+ (point) (length p))))
                  ((let ((bare (replace-regexp-in-string "[ \t]+\\'" "" p)))
                     (and (> (length bare) 0) (looking-at (regexp-quote bare))))
                   (delete-region (point) (match-end 0))))))
        ;; The first line's fill prefix and indentation stay as they are.
        (goto-char from)
        (let ((prefix-end (if (and prefix (looking-at (regexp-quote prefix)))
                              (match-end 0) from)))
          (goto-char prefix-end)
          (skip-chars-forward " \t" end)
          (let ((text-start (min (point) end)))
            (if nosqueeze
                (progn (goto-char text-start)
                       (while (search-forward "\n" end t) (replace-match " ")))
              (fill--squeeze text-start end))
            (fill--break-lines text-start end prefix)))
        (set-marker end nil)))
    (goto-char here)
    (set-marker here nil)
    prefix))

(defun fill--separator-line-p ()
  (save-excursion (beginning-of-line) (looking-at paragraph-separate)))

(defun fill--paragraph-at-or-after ()
  "The (START . END) of the paragraph at point or the next one, or nil."
  (save-excursion
    (beginning-of-line)
    (while (and (not (eobp)) (fill--separator-line-p)) (forward-line 1))
    (unless (and (eobp) (fill--separator-line-p))
      (let ((start (progn
                     (while (and (not (bobp))
                                 (not (save-excursion (forward-line -1) (fill--separator-line-p))))
                       (forward-line -1))
                     (point)))
            (end (progn
                   (while (and (not (eobp)) (not (fill--separator-line-p))) (forward-line 1))
                   (point))))
        (cons start end)))))

(defun fill--comment-syntax-p ()
  "Whether the buffer's mode has a comment syntax (set up as M-; does)."
  (and (fboundp 'comment-normalize-vars)
       (comment-normalize-vars t)
       comment-start-skip))

(defun fill--comment-line-p ()
  "Whether this line is a comment with text, and nothing else."
  (save-excursion
    (back-to-indentation)
    (and (looking-at comment-start-skip)
         (progn (goto-char (match-end 0)) (skip-chars-forward " \t") (not (eolp))))))

(defun fill--comment-block ()
  "The (START . END) of the comment lines around this one."
  (save-excursion
    (beginning-of-line)
    (while (and (not (bobp))
                (save-excursion (forward-line -1) (fill--comment-line-p)))
      (forward-line -1))
    (let ((start (point)))
      (while (and (not (eobp)) (fill--comment-line-p)) (forward-line 1))
      (cons start (point)))))

(defun fill-paragraph (&optional justify region)
  "Fill the paragraph at point, or the one after it if point is between two.
With REGION non-nil (always so interactively) and the region active, fill
the paragraphs in the region instead.  Return the fill prefix used.
In a mode with comments, a comment is filled apart from the code around
it, and in Lisp modes code is left alone, as Emacs does."
  (interactive (progn (barf-if-buffer-read-only)
                      (list (if current-prefix-arg 'full) t)))
  (if (and region (use-region-p))
      (fill-region (region-beginning) (region-end) justify)
    (let ((bounds (fill--paragraph-at-or-after)))
      (cond
       ((null bounds) "")
       ((not (fill--comment-syntax-p))
        (fill-region-as-paragraph (car bounds) (cdr bounds) justify))
       ((fill--comment-line-p)
        (let ((block (fill--comment-block)))
          (fill-region-as-paragraph (car block) (cdr block) justify)))
       ((derived-mode-p 'emacs-lisp-mode 'lisp-mode 'lisp-data-mode)
        (if (fill--separator-line-p) t ""))
       (t (fill-region-as-paragraph (car bounds) (cdr bounds) justify))))))

(defun fill-region (from to &optional justify nosqueeze _to-eop)
  "Fill each paragraph from FROM to TO; the first and last only inside the region.
Return the fill prefix of the last paragraph filled."
  (interactive (progn (barf-if-buffer-read-only)
                      (list (region-beginning) (region-end) (if current-prefix-arg 'full))))
  (when (> from to) (setq from (prog1 to (setq to from))))
  (let ((max (copy-marker to t)) (prefix nil) (here (point-marker)))
    (goto-char from)
    (beginning-of-line)
    (while (< (point) max)
      (let ((initial (point)) (start nil) (end nil))
        (while (and (not (eobp)) (fill--separator-line-p)) (forward-line 1))
        (setq start (point))
        (while (and (not (eobp)) (not (fill--separator-line-p))) (forward-line 1))
        (setq end (copy-marker (min max (point))))
        (goto-char (max start from))
        (when (and (>= (point) initial) (< (point) end))
          (setq prefix (fill-region-as-paragraph (point) end justify nosqueeze)))
        (goto-char end)
        (set-marker end nil)
        (when (= (point) initial) (forward-line 1))))
    (goto-char here)
    (set-marker here nil)
    (set-marker max nil)
    prefix))

;;;; Auto Fill mode

(defun do-auto-fill ()
  "Break the line before point at `fill-column' (Auto Fill mode's filler).
Only text before point moves, and whitespace just before point is no
place to break.
Return non-nil if it broke the line."
  (when (> (current-column) fill-column)
    (let* ((opoint (point-marker))
           (para (save-excursion
                   (while (and (not (bobp))
                               (not (save-excursion (forward-line -1) (fill--separator-line-p))))
                     (forward-line -1))
                   (point)))
           (prefix (or fill-prefix
                       ;; In a comment, the new line continues the comment.
                       (and (fill--comment-syntax-p) (fill--comment-line-p)
                            (save-excursion
                              (back-to-indentation)
                              (looking-at comment-start-skip)
                              (buffer-substring (line-beginning-position) (match-end 0))))
                       (and adaptive-fill-mode
                            (fill-context-prefix para (line-end-position)))
                       ""))
           (linebeg (save-excursion
                      (beginning-of-line)
                      ;; Unlike M-q, never break right after the line's own
                      ;; prefix (as Emacs's auto-fill).
                      (let ((end (point)))
                        (when (and (> (length prefix) 0) (looking-at (regexp-quote prefix)))
                          (setq end (match-end 0)))
                        (when (and adaptive-fill-regexp (looking-at adaptive-fill-regexp))
                          (setq end (max end (match-end 0))))
                        (goto-char (min end opoint)))
                      (skip-chars-forward " \t" opoint)
                      (point)))
           (broke nil) (done nil))
      (save-excursion
        (while (and (not done) (progn (goto-char opoint) (> (current-column) fill-column)))
          (let ((brk (fill--break-point linebeg opoint)))
            (if (or (null brk)
                    (save-excursion (goto-char brk) (skip-chars-forward " \t")
                                    (>= (point) opoint)))
                (setq done t)
              (goto-char brk)
              (let ((end (progn (skip-chars-forward " \t") (point))))
                (goto-char brk)
                (insert "\n")
                (delete-region (point) (+ end 1)))
              (when (> (length prefix) 0) (insert-before-markers prefix))
              (setq linebeg (point) broke t)))))
      (set-marker opoint nil)
      broke)))

(defvar auto-fill-function nil "Function to call after SPC or RET past `fill-column'.")
(make-variable-buffer-local 'auto-fill-function)

(defvar auto-fill-mode nil "Non-nil while Auto Fill mode is on (read `auto-fill-function').")
(make-variable-buffer-local 'auto-fill-mode)

(defun auto-fill-mode (&optional arg)
  "Toggle Auto Fill mode: break lines at `fill-column' as you type SPC or RET.
With ARG, turn it on if ARG is positive, off otherwise."
  (interactive (list (or current-prefix-arg 'toggle)))
  (let ((on (cond ((eq arg 'toggle) (not auto-fill-function))
                  ((null arg) t)
                  (t (> (prefix-numeric-value arg) 0)))))
    (setq auto-fill-function (and on #'do-auto-fill))
    (setq auto-fill-mode (and on t))
    (when (called-interactively-p 'interactive)
      (message "Auto-Fill mode %s in current buffer" (if on "enabled" "disabled")))
    (when (fboundp 'force-mode-line-update) (force-mode-line-update))
    on))

(defun turn-on-auto-fill () "Turn on Auto Fill mode." (auto-fill-mode 1))
(defun turn-off-auto-fill () "Turn off Auto Fill mode." (auto-fill-mode -1))

(when (fboundp 'add-minor-mode) (add-minor-mode 'auto-fill-mode " Fill"))


(define-key global-map "\eq" 'fill-paragraph)
;; C-x f (set-fill-column) is in simple.el and bindings.el.

(provide 'fill)
;;; fill.el ends here
