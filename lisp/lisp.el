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

(defun backward-sexp (&optional arg interactive)
  "Move backward over ARG balanced expressions (forward when negative)."
  (interactive "^p\nd")
  (forward-sexp (- (or arg 1)) interactive))

(defun forward-list (&optional arg interactive)
  "Move forward over ARG balanced groups of parentheses."
  (interactive "^p\nd")
  (or arg (setq arg 1))
  (lisp--scan (lambda () (goto-char (or (scan-lists (point) arg 0) (buffer-end arg))))
              interactive (if (> arg 0) "No next group" "No previous group")))

(defun backward-list (&optional arg interactive)
  "Move backward over ARG balanced groups of parentheses."
  (interactive "^p\nd")
  (forward-list (- (or arg 1)) interactive))

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

(defun backward-up-list (&optional arg escape-strings no-syntax-crossing)
  "Move backward out of ARG levels of parentheses."
  (interactive "^p\nd\nd")
  (up-list (- (or arg 1)) escape-strings no-syntax-crossing))

(defun syntax-ppss-toplevel-pos (ppss)
  "The start of the outermost list or comment/string PPSS is in, or nil."
  (or (car (nth 9 ppss)) (nth 8 ppss)))

(defun syntax-ppss-context (ppss)
  "`string', `comment' or nil: where PPSS is."
  (cond ((nth 3 ppss) 'string)
        ((nth 4 ppss) 'comment)))

(provide 'lisp)

;;; lisp.el ends here
