;;; paragraphs.el --- sentences: M-a, M-e, M-k, C-x DEL  -*- lexical-binding: t -*-

;; A sentence ends at . ? or ! (closing quotes and brackets after it
;; included) followed by the end of a line, or by two spaces while
;; `sentence-end-double-space' is t, as Emacs's default `sentence-end'.
;; A paragraph boundary also ends a sentence.

(defvar sentence-end-double-space t
  "Non-nil: a period ends a sentence only when two spaces or a newline follow.")
(defvar sentence-end nil
  "Regexp for the end of a sentence; nil means compute it from the other settings.")

(defun sentence-end ()
  "The regexp that ends a sentence, built from `sentence-end-double-space'."
  (or sentence-end
      (concat "[.?!…‽][]\"'”’)}»›]*"
              (if sentence-end-double-space "\\($\\|[ \t]$\\|\t\\|  \\)" "\\($\\|[\t ]\\)")
              "[ \t\n]*")))

(defun paragraphs--text-start ()
  "Where the text of the paragraph around (or before) point starts."
  (save-excursion
    (backward-paragraph 1)
    (skip-chars-forward " \t\n")
    (point)))

(defun paragraphs--text-end ()
  "Where the text of the paragraph around (or after) point ends."
  (save-excursion
    (forward-paragraph 1)
    (skip-chars-backward " \t\n")
    (point)))

(defun forward-sentence (&optional arg)
  "Move to the end of the sentence; with ARG, that many; negative moves back."
  (interactive "^p")
  (setq arg (or arg 1))
  (let ((regexp (sentence-end)))
    (while (< arg 0)
      (let ((from (point))
            (limit (save-excursion (skip-chars-backward " \t\n") (paragraphs--text-start))))
        ;; A sentence end finishing at point is the one just left: look
        ;; for the one before it.
        (if (and (re-search-backward regexp limit t)
                 (or (< (match-end 0) from)
                     (re-search-backward regexp limit t)))
            (goto-char (match-end 0))
          (goto-char limit)))
      (setq arg (1+ arg)))
    (while (> arg 0)
      (let ((limit (save-excursion (skip-chars-forward " \t\n") (paragraphs--text-end))))
        (if (re-search-forward regexp limit t)
            (skip-chars-backward " \t\n")
          (goto-char limit)))
      (setq arg (1- arg)))
    (point)))

(defun backward-sentence (&optional arg)
  "Move to the start of the sentence; with ARG, that many."
  (interactive "^p")
  (forward-sentence (- (or arg 1))))

(defun kill-sentence (&optional arg)
  "Kill from point to the end of the sentence (ARG sentences)."
  (interactive "p")
  (kill-region (point) (progn (forward-sentence arg) (point))))

(defun backward-kill-sentence (&optional arg)
  "Kill back from point to the start of the sentence (ARG sentences)."
  (interactive "p")
  (kill-region (point) (progn (backward-sentence arg) (point))))

(define-key global-map "\ea" 'backward-sentence)
(define-key global-map "\ee" 'forward-sentence)
(define-key global-map "\ek" 'kill-sentence)
(define-key ctl-x-map "\d" 'backward-kill-sentence)

(provide 'paragraphs)
;;; paragraphs.el ends here
