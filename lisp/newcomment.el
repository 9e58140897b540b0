;;; newcomment.el --- M-; and the comment commands  -*- lexical-binding: t -*-

;; A mode's comment syntax for the comment commands comes from
;; `comment-start' (set it in a mode hook, as init files do) or, for the
;; bundled Lisp modes, from `comment--mode-syntax'.  A comment is found by
;; `comment-start-skip' on the line, outside double-quoted strings.

(require 'keymap) ; loaded on its own in batch, through lisp-mode.el

(defvar comment-start nil "String that starts a comment, or nil when the mode has none.")
(make-variable-buffer-local 'comment-start)
(defvar comment-end "" "String that ends a comment (\"\" for comments that end with the line).")
(make-variable-buffer-local 'comment-end)
(defvar comment-start-skip nil "Regexp matching a comment's start and the padding after it.")
(make-variable-buffer-local 'comment-start-skip)
(defvar comment-padding " " "What separates the comment start from the comment's text.")
(defvar comment-column 32 "Column where M-; puts a comment after code.")
(make-variable-buffer-local 'comment-column)
(defvar comment-add 0 "How many extra comment starts a region comment gets (Lisp: 1, for \";;\").")
(make-variable-buffer-local 'comment-add)

(defconst comment--mode-syntax
  '((emacs-lisp-mode ";" ";+ *" 1 40)
    (lisp-interaction-mode ";" ";+ *" 1 40))
  "MODE COMMENT-START COMMENT-START-SKIP COMMENT-ADD COMMENT-COLUMN for the bundled modes.")

(defun comment-normalize-vars (&optional noerror)
  "Make sure the comment variables are set, from the mode's defaults if need be."
  (unless comment-start
    (let ((entry (assq major-mode comment--mode-syntax)))
      (when entry
        (setq comment-start (nth 1 entry)
              comment-start-skip (nth 2 entry)
              comment-add (nth 3 entry)
              comment-column (nth 4 entry)))))
  (cond (comment-start
         (unless comment-start-skip
           (setq comment-start-skip
                 (concat (regexp-quote (string-trim-right comment-start)) "+ *")))
         t)
        (noerror nil)
        (t (user-error "No comment syntax is defined for %s" mode-name))))

(defun comment--start-string (&optional extra)
  (concat (apply #'concat (make-list (1+ (or extra 0)) (string-trim-right comment-start)))
          comment-padding))

(defun comment-search-forward (limit &optional noerror)
  "Move to the start of the next comment before LIMIT, skipping strings; return it."
  (let ((found nil) (in-string nil))
    (while (and (not found) (< (point) limit))
      (cond ((and (not in-string) (looking-at comment-start-skip))
             (setq found (point)))
            ((eq (char-after) ?\\) (forward-char 1))
            ((eq (char-after) ?\") (setq in-string (not in-string))))
      (unless found (forward-char 1)))
    (or found (and (not noerror) (error "No comment")))))

(defun comment--line-comment-start ()
  "Where this line's comment starts, or nil."
  (save-excursion
    (beginning-of-line)
    (comment-search-forward (line-end-position) t)))

(defun comment--line-commented-p ()
  (save-excursion (back-to-indentation) (looking-at comment-start-skip)))

(defun comment--blank-line-p ()
  (save-excursion (beginning-of-line) (looking-at "[ \t]*$")))

(defun comment--each-line (start end fn)
  "Call FN at the start of each nonblank line that begins in START..END."
  (save-excursion
    (let ((end (copy-marker end)))
      (goto-char start)
      (beginning-of-line)
      ;; The last line without a newline is met once: forward-line then
      ;; stops at its end, the buffer's end.
      (while (and (< (point) end) (not (eobp)))
        (unless (comment--blank-line-p) (funcall fn))
        (forward-line 1))
      (set-marker end nil))))

(defun comment-region (start end &optional arg)
  "Comment out each nonblank line of the region at the region's least indentation.
A negative ARG uncomments instead; a positive one adds that many more starts."
  (interactive "r\nP")
  (comment-normalize-vars)
  (if (and arg (< (prefix-numeric-value arg) 0))
      (uncomment-region start end)
    (let ((column most-positive-fixnum)
          (prefix (comment--start-string
                   (+ comment-add (if arg (1- (prefix-numeric-value arg)) 0)))))
      (comment--each-line start end
                          (lambda () (setq column (min column (current-indentation)))))
      (comment--each-line start end
                          (lambda ()
                            (move-to-column column)
                            (insert prefix)
                            (unless (equal comment-end "")
                              (end-of-line) (insert comment-end)))))))

(defun uncomment-region (start end &optional _arg)
  "Remove the comment starts (and their padding) from the lines of the region."
  (interactive "r\nP")
  (comment-normalize-vars)
  (let ((starts (concat "\\(?:" (regexp-quote (string-trim-right comment-start)) "\\)+"))
        (padding (concat "[ \t]\\{0," (number-to-string (length comment-padding)) "\\}")))
    (comment--each-line start end
                        (lambda ()
                          (back-to-indentation)
                          (when (looking-at (concat starts padding))
                            (delete-region (point) (match-end 0))
                            (unless (equal comment-end "")
                              (end-of-line)
                              (when (looking-back (regexp-quote comment-end) (line-beginning-position))
                                (delete-region (match-beginning 0) (point)))))))))

(defun comment-or-uncomment-region (start end &optional arg)
  "Uncomment the region if every nonblank line in it is a comment, else comment it."
  (interactive "r\nP")
  (comment-normalize-vars)
  (let ((all t))
    (comment--each-line start end (lambda () (unless (comment--line-commented-p) (setq all nil))))
    (if all (uncomment-region start end arg) (comment-region start end arg))))

(defun comment--existing-column ()
  "The column the comment at point belongs in, or nil for the line's own
indentation: in Lisp modes, as Emacs, `;;;' stays at column 0, `;;' alone
on its line is indented like code, and a `;' comment or one after code
goes to `comment-column'."
  (let* ((char (string (aref comment-start 0)))
         (run (save-excursion (- (progn (skip-chars-forward char) (point)) (point))))
         (alone (save-excursion (skip-chars-backward " \t") (bolp))))
    (cond ((not (derived-mode-p 'lisp-data-mode)) nil)
          ((>= run 3) 0)
          ((and alone (= run 2)) nil)
          (t comment-column))))

(defun comment-indent ()
  "Go to this line's comment, moved to the column it belongs in, or start
one at `comment-column' after the code."
  (interactive)
  (comment-normalize-vars)
  (let ((existing (comment--line-comment-start)))
    (if existing
        (progn (goto-char existing)
               (let ((column (comment--existing-column)))
                 (when (and column (/= column (current-column)))
                   (let ((code-end (save-excursion (skip-chars-backward " \t") (point))))
                     (delete-region code-end (point))
                     (indent-to column (if (bolp) 0 1)))))
               (looking-at comment-start-skip)
               (goto-char (match-end 0)))
      (end-of-line)
      (delete-horizontal-space)
      (unless (bolp) (indent-to comment-column 1))
      (insert comment-start)
      (unless (equal comment-end "")
        (save-excursion (insert comment-end))))))

(defun comment--previous-indentation ()
  "The indentation of the nearest nonblank line above, for a comment on a blank line."
  (save-excursion
    (beginning-of-line)
    (if (re-search-backward "^[ \t]*[^ \t\n]" nil t) (current-indentation) 0)))

(defun comment-dwim (arg)
  "M-;: with an active region comment or uncomment it; on a blank line start a
comment indented like the code above; else add or go to this line's comment."
  (interactive "*P")
  (comment-normalize-vars)
  (cond ((use-region-p)
         (comment-or-uncomment-region (region-beginning) (region-end) arg))
        ((comment--blank-line-p)
         (let ((column (comment--previous-indentation)))
           (beginning-of-line)
           (delete-region (point) (line-end-position))
           (indent-to column)
           (insert (comment--start-string comment-add))))
        (t (comment-indent))))

(defun comment-line (n)
  "C-x C-;: comment or uncomment N lines (the region's lines when active), then move on."
  (interactive "p")
  (comment-normalize-vars)
  (if (use-region-p)
      (let ((start (save-excursion (goto-char (region-beginning)) (line-beginning-position)))
            (end (save-excursion (goto-char (region-end))
                                 (if (bolp) (point) (line-end-position)))))
        (comment-or-uncomment-region start end))
    (let ((start (line-beginning-position))
          (end (save-excursion (forward-line (1- n)) (line-end-position))))
      (comment-or-uncomment-region start end)
      (forward-line n))))

(defalias 'indent-for-comment #'comment-indent)

(define-key global-map "\e;" 'comment-dwim)
(define-key ctl-x-map [?\C-\;] 'comment-line)

(provide 'newcomment)
;;; newcomment.el ends here
