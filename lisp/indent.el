;;; indent.el --- indentation: C-x TAB, M-i and the functions under them  -*- lexical-binding: t -*-

;; Columns are counted as `current-column' counts them (tabs to
;; `tab-width' stops); new indentation uses tabs while `indent-tabs-mode'
;; is t, as in Emacs.

(require 'keymap) ; loaded on its own in batch, where the commands autoload

(defcustom standard-indent 4
  "Default number of columns for margin-changing functions to indent."
  :type 'integer :safe #'integerp :group 'indent)

(defun current-indentation ()
  "The column of the first character on this line that is not a space or tab."
  (save-excursion
    (beginning-of-line)
    (skip-chars-forward " \t")
    (current-column)))

(defun indent-to (column &optional minimum)
  "Insert tabs and spaces up to COLUMN (at least MINIMUM spaces); return COLUMN."
  (let* ((from (current-column))
         (column (max column (+ from (or minimum 0)))))
    (when (> column from)
      (if (and indent-tabs-mode (> tab-width 0))
          (let ((tabs (- (/ column tab-width) (/ from tab-width))))
            (if (> tabs 0)
                (insert (make-string tabs ?\t) (make-string (% column tab-width) ?\s))
              (insert (make-string (- column from) ?\s))))
        (insert (make-string (- column from) ?\s))))
    column))

;;;###autoload
(defun indent-line-to (column)
  "Give this line COLUMN columns of indentation, leaving point after it as Emacs does."
  (beginning-of-line)
  (delete-region (point) (progn (skip-chars-forward " \t") (point)))
  (indent-to column))

(defun indent--blank-line-p ()
  (save-excursion (beginning-of-line) (looking-at "[ \t]*$")))

(defvar indent-rigidly-map
  (let ((map (make-sparse-keymap)))
    (define-key map [left] 'indent-rigidly-left)
    (define-key map [right] 'indent-rigidly-right)
    (define-key map [S-left] 'indent-rigidly-left-to-tab-stop)
    (define-key map [S-right] 'indent-rigidly-right-to-tab-stop)
    map)
  "Keys that go on moving the region after C-x TAB without an argument.")

;;;###autoload
(defun indent-rigidly (start end arg &optional interactive)
  "Indent each nonblank line starting in START..END by ARG columns; blank lines lose their spaces.
Called as a command without an argument, arrows then move the region."
  (interactive "r\nP\np")
  (if (and (not arg) interactive)
      (progn
        (message "Indent region with <left>, <right>, <S-left>, or <S-right>.")
        (set-transient-map indent-rigidly-map t))
    (save-excursion
      (let ((end (copy-marker end)) (arg (prefix-numeric-value arg)))
        (goto-char start)
        (unless (bolp) (forward-line 1))
        (while (< (point) end)
          (if (indent--blank-line-p)
              (delete-region (point) (line-end-position))
            (indent-line-to (max 0 (+ (current-indentation) arg))))
          (forward-line 1))
        (set-marker end nil)))
    (setq deactivate-mark nil)))

(defun indent--region-columns (fn)
  "Apply FN to the region's smallest indentation to get the shift, then shift."
  (let* ((start (region-beginning)) (end (region-end))
         (least (save-excursion
                  (goto-char start)
                  (let (m)
                    (while (< (point) end)
                      (unless (indent--blank-line-p)
                        (setq m (min (or m most-positive-fixnum) (current-indentation))))
                      (forward-line 1))
                    (or m 0)))))
    (indent-rigidly start end (- (funcall fn least) least))))

(defun indent-rigidly-left (_start _end)
  (interactive "r")
  (indent--region-columns (lambda (c) (max 0 (1- c)))))

(defun indent-rigidly-right (_start _end)
  (interactive "r")
  (indent--region-columns #'1+))

(defun indent-rigidly-left-to-tab-stop (_start _end)
  (interactive "r")
  (indent--region-columns (lambda (c) (max 0 (* tab-width (/ (1- c) tab-width))))))

(defun indent-rigidly-right-to-tab-stop (_start _end)
  (interactive "r")
  (indent--region-columns (lambda (c) (* tab-width (1+ (/ c tab-width))))))

;;;###autoload
(defun tab-to-tab-stop ()
  "Insert whitespace up to the next multiple of `tab-width'."
  (interactive)
  (delete-horizontal-space t)
  (indent-to (* tab-width (1+ (/ (current-column) tab-width)))))

;;;; TAB and the mode's indentation

(defvar indent-line-function 'indent-relative
  "Function that indents the current line; each major mode sets its own.")
(defvar indent-region-function #'indent-region-line-by-line
  "Function of START and END that indents a region.")
(defvar tab-always-indent t
  "t: TAB always indents the line; nil: it indents only in the indentation.")

;;;###autoload
(defun indent-relative (&optional first-only unindented-ok)
  "Indent from point to under the next indentation point of the previous
non-blank line (its first, with FIRST-ONLY); with none, to the next tab
stop unless UNINDENTED-OK."
  (interactive "P")
  (let ((start-column (current-column))
        indent)
    (save-excursion
      (beginning-of-line)
      (when (re-search-backward "^[^\n]" nil t)
        (let ((end (line-beginning-position 2)))
          (move-to-column start-column)
          ;; Inside a tab of that line: from the tab.
          (when (> (current-column) start-column) (backward-char 1))
          (or (looking-at "[ \t]") first-only (skip-chars-forward "^ \t" end))
          (skip-chars-forward " \t" end)
          (unless (= (point) end) (setq indent (current-column))))))
    (cond (indent
           (let ((opoint (point-marker)))
             (indent-to indent 0)
             (when (> opoint (point)) (goto-char opoint))
             (set-marker opoint nil)))
          (unindented-ok nil)
          (t (tab-to-tab-stop)))))

;;;###autoload
(defun indent-according-to-mode (&optional inhibit-widen)
  "Indent the current line as the major mode says (`indent-line-function')."
  (interactive)
  (save-restriction
    (unless inhibit-widen (widen))
    ;; The line's syntax-table properties, before a mode narrows to a
    ;; region of another language (mhtml's scripts) to indent it.
    (when (bound-and-true-p syntax-propertize-function)
      (syntax-propertize (line-end-position)))
    (if (memq indent-line-function '(indent-relative indent-relative-maybe))
        ;; Those move point to a tab stop; for indenting, Emacs takes the
        ;; previous line's indentation instead.
        (let ((column (save-excursion
                        (beginning-of-line)
                        (if (bobp) 0
                          (beginning-of-line 0)
                          (if (looking-at "[ \t]*$") 0 (current-indentation))))))
          (if (<= (current-column) (current-indentation))
              (indent-line-to column)
            (save-excursion (indent-line-to column))))
      (funcall indent-line-function))))

;;;###autoload
(defun indent-for-tab-command (&optional arg)
  "Indent the line (or the active region) as the mode says; where the mode
cannot indent, or `tab-always-indent' is nil and point is past the
indentation, insert a tab."
  (interactive "P")
  (cond ((use-region-p)
         (indent-region (region-beginning) (region-end)))
        ((or (eq indent-line-function 'indent-to-left-margin)
             (and (not tab-always-indent)
                  (or (> (current-column) (current-indentation))
                      (eq this-command last-command))))
         (insert-tab arg))
        (t (funcall indent-line-function))))

;;;###autoload
(defun insert-tab (&optional arg)
  "Insert ARG tabs, or the spaces to as many tab stops without `indent-tabs-mode'."
  (let ((count (prefix-numeric-value arg)))
    (if indent-tabs-mode
        (insert-char ?\t count)
      (indent-to (* tab-width (+ count (/ (current-column) tab-width)))))))

;;;###autoload
(defun indent-region-line-by-line (start end)
  "Indent each non-empty line from START to END with `indent-according-to-mode'."
  (save-excursion
    (let ((end (copy-marker end)))
      (goto-char start)
      (beginning-of-line)
      (while (< (point) end)
        (unless (and (bolp) (eolp)) (indent-according-to-mode t))
        (forward-line 1))
      (set-marker end nil))))

;;;###autoload
(defun indent-region (start end &optional column)
  "Indent each non-empty line from START to END: to COLUMN when given
(a prefix argument), else as the mode says."
  (interactive "r\nP")
  (save-excursion
    (let ((end (copy-marker end)))
      (cond (column
             (setq column (prefix-numeric-value column))
             (goto-char start)
             (unless (bolp) (forward-line 1))
             (while (< (point) end)
               (delete-region (point) (progn (skip-chars-forward " \t") (point)))
               (unless (eolp) (indent-to column 0))
               (forward-line 1)))
            (indent-region-function
             (funcall indent-region-function start end))
            (t (indent-region-line-by-line start end)))
      (set-marker end nil)))
  (when (called-interactively-p 'interactive)
    (message "Indenting region...done"))
  nil)

(define-key global-map "\e\C-\\" 'indent-region)
(define-key ctl-x-map "\t" 'indent-rigidly)
(define-key global-map "\ei" 'tab-to-tab-stop)

(provide 'indent)
;;; indent.el ends here
