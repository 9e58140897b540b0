;;; xterm.el --- what the terminal sends besides keys  -*- lexical-binding: t -*-

;; A bracketed paste arrives as one event, (xterm-paste TEXT), so a large
;; paste is one insertion and one undo step, never a stream of
;; self-insertions (which would also run any electric key bindings).

(defun xterm-paste (event)
  "Insert the text of the bracketed paste EVENT at point; also put it in the kill ring."
  (interactive (list last-command-event))
  (let ((text (nth 1 event)))
    (when (and (fboundp 'use-region-p) (use-region-p)
               (bound-and-true-p delete-selection-mode))
      (delete-region (region-beginning) (region-end)))
    (push-mark (point) t)
    (insert text)
    (when (fboundp 'kill-new) (kill-new text))))

(global-set-key [xterm-paste] #'xterm-paste)

(provide 'xterm)
