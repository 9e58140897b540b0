;;; lisp.el --- moving over balanced expressions  -*- lexical-binding: t -*-

;; forward-sexp and backward-sexp, preloaded in Emacs and autoloaded here
;; (batch code such as async.el's sentinel uses them).  lisp-lite has no
;; syntax tables or scan-sexps yet: these scanners know Lisp's delimiters,
;; strings, ?x characters, comments and prefix quotes.

(defun lisp--skip-forward-blanks ()
  (let ((moved t))
    (while moved
      (setq moved (> (skip-chars-forward " \t\n\f") 0))
      (when (eq (char-after) ?\;)
        (end-of-line) (setq moved t)))))

(defun lisp--forward-atom ()
  (while (and (not (eobp)) (or (eq (char-after) ?\\)
                               (string-match-p "[^][ \t\n\f()\";'`,]" (string (char-after)))))
    (forward-char (if (and (eq (char-after) ?\\) (< (1+ (point)) (point-max))) 2 1))))

(defun lisp--forward-sexp-1 ()
  (lisp--skip-forward-blanks)
  (let ((c (char-after)))
    (cond ((null c) nil)
          ((memq c '(?\( ?\[))
           (forward-char 1)
           (lisp--skip-forward-blanks)
           (while (not (memq (char-after) '(?\) ?\])))
             (when (eobp) (signal 'scan-error (list "Unbalanced parentheses" (point) (point))))
             (lisp--forward-sexp-1)
             (lisp--skip-forward-blanks))
           (forward-char 1))
          ((memq c '(?\) ?\]))
           (signal 'scan-error (list "Containing expression ends prematurely" (point) (1+ (point)))))
          ((eq c ?\")
           (forward-char 1)
           (while (not (eq (char-after) ?\"))
             (when (eobp) (signal 'scan-error (list "Unbalanced parentheses" (point) (point))))
             (forward-char (if (eq (char-after) ?\\) 2 1)))
           (forward-char 1))
          ((memq c '(?' ?` ?, ?@ ?#))
           (forward-char 1) (lisp--forward-sexp-1))
          ((eq c ??)
           (forward-char 1)
           (forward-char (if (eq (char-after) ?\\) 2 1))
           (lisp--forward-atom))
          (t (lisp--forward-atom)))))

(defun lisp--backward-atom ()
  (while (and (not (bobp))
              (or (string-match-p "[^][ \t\n\f()\";'`,]" (string (char-before)))
                  (and (> (- (point) 2) (point-min)) (eq (char-before (1- (point))) ?\\))))
    (backward-char 1)))

(defun lisp--escaped-before-p ()
  "Non-nil if the character before point is written \\X (as in ?\\()."
  (and (> (- (point) 1) (point-min)) (eq (char-before (1- (point))) ?\\)))

(defun lisp--backward-sexp-1 ()
  (skip-chars-backward " \t\n\f")
  (let ((c (char-before)))
    (cond ((null c) nil)
          ((lisp--escaped-before-p) (lisp--backward-atom))
          ((memq c '(?\) ?\]))
           (backward-char 1)
           (skip-chars-backward " \t\n\f")
           (while (or (not (memq (char-before) '(?\( ?\[))) (lisp--escaped-before-p))
             (when (bobp) (signal 'scan-error (list "Unbalanced parentheses" (point) (point))))
             (lisp--backward-sexp-1)
             (skip-chars-backward " \t\n\f"))
           (backward-char 1))
          ((memq c '(?\( ?\[))
           (signal 'scan-error (list "Containing expression ends prematurely" (1- (point)) (point))))
          ((eq c ?\")
           (backward-char 1)
           (while (not (and (eq (char-before) ?\")
                            (not (eq (char-before (1- (point))) ?\\))))
             (when (bobp) (signal 'scan-error (list "Unbalanced parentheses" (point) (point))))
             (backward-char 1))
           (backward-char 1))
          (t (lisp--backward-atom))))
  (skip-chars-backward "'`,@#"))

(defun forward-sexp (&optional arg _interactive)
  "Move forward over ARG balanced expressions (backward when negative)."
  (interactive "^p\nd")
  (setq arg (or arg 1))
  (dotimes (_ (abs arg))
    (if (> arg 0) (lisp--forward-sexp-1) (lisp--backward-sexp-1))))

(defun backward-sexp (&optional arg _interactive)
  "Move backward over ARG balanced expressions (forward when negative)."
  (interactive "^p\nd")
  (forward-sexp (- (or arg 1))))

(provide 'lisp)

;;; lisp.el ends here
