;;; sexp.el --- killing and marking balanced expressions: C-M-k, C-M-SPC  -*- lexical-binding: t -*-

;; Built on `forward-sexp' (lisp/modes.el), so they work wherever it does.

(defun kill-sexp (&optional arg)
  "Kill the ARG balanced expressions after point (before it when negative)."
  (interactive "p")
  (let ((start (point)))
    (forward-sexp (or arg 1))
    (kill-region start (point))))

(defun backward-kill-sexp (&optional arg)
  "Kill the ARG balanced expressions before point."
  (interactive "p")
  (kill-sexp (- (or arg 1))))

(defun mark-sexp (&optional arg allow-extend)
  "Set the mark ARG expressions from point; repeated, extend the region by one more."
  (interactive "P\np")
  (if (and allow-extend (eq last-command this-command) (region-active-p))
      (set-mark (save-excursion (goto-char (mark)) (forward-sexp (prefix-numeric-value arg)) (point)))
    (push-mark (save-excursion (forward-sexp (prefix-numeric-value arg)) (point)) nil t)))

(define-key global-map "\e\C-k" 'kill-sexp)
(define-key global-map [?\C-\M-\d] 'backward-kill-sexp)
(define-key global-map [C-M-backspace] 'backward-kill-sexp)
(define-key global-map "\e\C-@" 'mark-sexp)
(define-key global-map [?\C-\M-\s] 'mark-sexp)

(provide 'sexp)
;;; sexp.el ends here
