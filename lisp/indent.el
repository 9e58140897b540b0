;;; indent.el --- indentation: C-x TAB, M-i and the functions under them  -*- lexical-binding: t -*-

;; Columns are counted as `current-column' counts them (tabs to
;; `tab-width' stops); new indentation uses tabs while `indent-tabs-mode'
;; is t, as in Emacs.

(unless (fboundp 'current-indentation)
  (defun current-indentation ()
    "The column of the first character on this line that is not a space or tab."
    (save-excursion
      (beginning-of-line)
      (skip-chars-forward " \t")
      (current-column))))

(unless (fboundp 'indent-to)
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
      column)))

(defun indent-line-to (column)
  "Give this line COLUMN columns of indentation, leaving point after it as Emacs does."
  (back-to-indentation)
  (delete-region (line-beginning-position) (point))
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

(defun tab-to-tab-stop ()
  "Insert whitespace up to the next multiple of `tab-width'."
  (interactive)
  (delete-horizontal-space t)
  (indent-to (* tab-width (1+ (/ (current-column) tab-width)))))

(define-key ctl-x-map "\t" 'indent-rigidly)
(define-key global-map "\ei" 'tab-to-tab-stop)

(provide 'indent)
;;; indent.el ends here
