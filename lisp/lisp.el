;;; lisp.el --- moving over balanced expressions  -*- lexical-binding: t -*-

;; The motion commands Emacs preloads from lisp.el, autoloaded here, on
;; the native scanners (scan-lists, scan-sexps, syntax-ppss) and the
;; current buffer's syntax table.

(defvar forward-sexp-function nil
  "If non-nil, `forward-sexp' calls it with one argument instead of scanning.")

(defun lisp--scan (scan interactive message)
  "Call SCAN; when INTERACTIVE, a scan-error becomes a `user-error' MESSAGE."
  (if (not interactive)
      (funcall scan)
    (condition-case nil
        (funcall scan)
      (scan-error (user-error message)))))

;;;###autoload
(defun forward-sexp (&optional arg interactive)
  "Move forward over ARG balanced expressions (backward when negative)."
  (interactive "^p\nd")
  (or arg (setq arg 1))
  (lisp--scan
   (lambda ()
     (if forward-sexp-function
         (funcall forward-sexp-function arg)
       (goto-char (or (scan-sexps (point) arg) (buffer-end arg)))
       (when (< arg 0) (backward-prefix-chars))))
   interactive (if (> arg 0) "No next sexp" "No previous sexp")))

;;;###autoload
(defun backward-sexp (&optional arg interactive)
  "Move backward over ARG balanced expressions (forward when negative)."
  (interactive "^p\nd")
  (forward-sexp (- (or arg 1)) interactive))

;;;###autoload
(defun forward-list (&optional arg interactive)
  "Move forward over ARG balanced groups of parentheses."
  (interactive "^p\nd")
  (or arg (setq arg 1))
  (lisp--scan (lambda () (goto-char (or (scan-lists (point) arg 0) (buffer-end arg))))
              interactive (if (> arg 0) "No next group" "No previous group")))

;;;###autoload
(defun backward-list (&optional arg interactive)
  "Move backward over ARG balanced groups of parentheses."
  (interactive "^p\nd")
  (forward-list (- (or arg 1)) interactive))

;;;###autoload
(defun down-list (&optional arg interactive)
  "Move forward down ARG levels of parentheses (backward when negative)."
  (interactive "^p\nd")
  (or arg (setq arg 1))
  (let ((inc (if (> arg 0) 1 -1)))
    (lisp--scan (lambda ()
                  (while (/= arg 0)
                    (goto-char (or (scan-lists (point) inc -1) (buffer-end arg)))
                    (setq arg (- arg inc))))
                interactive "At bottom level")))

;;;###autoload
(defun up-list (&optional arg escape-strings no-syntax-crossing)
  "Move forward out of ARG levels of parentheses (backward when negative).
With ESCAPE-STRINGS, a string around point counts as a level."
  (interactive "^p\nd\nd")
  (or arg (setq arg 1))
  (let ((inc (if (> arg 0) 1 -1)))
    (while (/= arg 0)
      (let ((ppss (and (or escape-strings no-syntax-crossing) (syntax-ppss))))
        (if (and escape-strings (nth 3 ppss))
            (goto-char (if (> inc 0)
                           (save-excursion (goto-char (nth 8 ppss)) (forward-sexp 1) (point))
                         (nth 8 ppss)))
          (goto-char (or (scan-lists (point) inc 1) (buffer-end arg)))))
      (setq arg (- arg inc)))))

;;;###autoload
(defun backward-up-list (&optional arg escape-strings no-syntax-crossing)
  "Move backward out of ARG levels of parentheses."
  (interactive "^p\nd\nd")
  (up-list (- (or arg 1)) escape-strings no-syntax-crossing))

;;;###autoload
(defun beginning-of-defun (&optional arg)
  "Move back to the start of the ARGth defun: a line starting with an open
paren (forward with a negative ARG)."
  (interactive "^p")
  (or arg (setq arg 1))
  (if (< arg 0)
      (progn (when (looking-at "^\\s(") (forward-char 1))
             (and (re-search-forward "^\\s(" nil 'move (- arg))
                  (progn (beginning-of-line) t)))
    (re-search-backward "^\\s(" nil 'move arg)))

;;;###autoload
(defun end-of-defun (&optional arg)
  "Move to the end of the ARGth defun: after it, at the start of the next line."
  (interactive "^p")
  (dotimes (_ (or arg 1))
    (let ((start (point)))
      (end-of-line)
      (beginning-of-defun)
      (forward-sexp 1)
      ;; Already past this defun: the next one.
      (when (<= (point) start)
        (goto-char start)
        (beginning-of-defun -1)
        (forward-sexp 1))
      (skip-chars-forward " \t")
      (when (or (eolp) (eq (char-syntax (char-after)) ?<)) (forward-line 1)))))

;;;###autoload
(defun mark-defun (&optional _arg)
  "Put point at the start of the defun around point and the mark at its end."
  (interactive "p")
  (let ((end (progn (end-of-defun) (point))))
    (beginning-of-defun)
    ;; The blank lines before the defun go with it, as in Emacs.
    (when (> (point) (point-min))
      (skip-chars-backward " \t\n")
      (forward-line 1))
    (push-mark end nil t)))

;;;###autoload
(defun narrow-to-defun (&optional _include-comments)
  "Narrow to the defun around point."
  (interactive)
  (save-excursion
    (widen)
    (let ((end (progn (end-of-defun) (point))))
      (beginning-of-defun)
      (narrow-to-region (point) end))))

;;;###autoload
(defun transpose-sexps (arg)
  "Swap the sexps before and after point, leaving point after them."
  (interactive "*p")
  (ignore arg)
  (let* ((end2 (progn (forward-sexp 1) (point)))
         (beg2 (progn (forward-sexp -1) (point)))
         (beg1 (progn (forward-sexp -1) (point)))
         (end1 (progn (forward-sexp 1) (point)))
         (s1 (buffer-substring beg1 end1))
         (s2 (buffer-substring beg2 end2)))
    (goto-char beg2) (delete-region beg2 end2) (insert s1)
    (goto-char beg1) (delete-region beg1 end1) (insert s2)
    (goto-char end2)))

;;;###autoload
(defun syntax-ppss-toplevel-pos (ppss)
  "The start of the outermost list or comment/string PPSS is in, or nil."
  (or (car (nth 9 ppss)) (nth 8 ppss)))

;;;###autoload
(defun syntax-ppss-context (ppss)
  "`string', `comment' or nil: where PPSS is."
  (cond ((nth 3 ppss) 'string)
        ((nth 4 ppss) 'comment)))

;;;###autoload
(defun check-parens ()
  "Signal a `user-error' at the first unbalanced bracket or quote of the
buffer (point left there, the mark where it was); else nil."
  (interactive)
  (condition-case data
      (progn (scan-sexps (point-min) (point-max)) nil)
    (scan-error
     (push-mark)
     (goto-char (nth 2 data))
     (user-error "Unmatched bracket or quote"))))

(provide 'lisp)

;;; lisp.el ends here
