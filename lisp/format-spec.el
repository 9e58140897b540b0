;;; format-spec.el --- format strings with %-specifications  -*- lexical-binding: t -*-

;; Written for gapmacs from the documented behaviour of Emacs 28's
;; `format-spec' (Emacs Lisp manual, "Custom Format Strings"); not derived
;; from Emacs's format-spec.el.

(defun format-spec--pad (text flags width precision)
  (when precision (setq text (substring text 0 (min precision (length text)))))
  (when (memq ?^ flags) (setq text (upcase text)))
  (when (memq ?_ flags) (setq text (downcase text)))
  (when (and width (> (length text) width))
    (cond ((memq ?< flags) (setq text (substring text (- (length text) width))))
          ((memq ?> flags) (setq text (substring text 0 width)))))
  (if (and width (< (length text) width))
      (let ((pad (make-string (- width (length text)) (if (memq ?0 flags) ?0 ?\s))))
        (if (memq ?- flags) (concat text (make-string (length pad) ?\s)) (concat pad text)))
    text))

;;;###autoload
(defun format-spec (format specification &optional ignore-missing split)
  "FORMAT with each %<flags><width><.precision>CHAR replaced by CHAR's value.
SPECIFICATION is an alist (CHAR . VALUE); flags are 0 - ^ _ < >.  An unknown
CHAR signals an error unless IGNORE-MISSING: `delete' drops it, any other
non-nil value leaves it.  With SPLIT, return the list of pieces."
  (let ((start 0) (pieces nil))
    (while (string-match "%\\([-0^_<>]*\\)\\([0-9]*\\)\\(?:\\.\\([0-9]+\\)\\)?\\(.\\)?" format start)
      (let* ((mb (match-beginning 0)) (me (match-end 0))
             (flags (append (match-string 1 format) nil))
             (width (and (> (length (match-string 2 format)) 0) (string-to-number (match-string 2 format))))
             (precision (and (match-string 3 format) (string-to-number (match-string 3 format))))
             (char (and (match-string 4 format) (aref (match-string 4 format) 0)))
             (cell (and char (assq char specification))))
        (when (> mb start) (push (substring format start mb) pieces))
        (cond ((eq char ?%) (push "%" pieces))
              (cell (push (format-spec--pad (let ((v (cdr cell))) (if (stringp v) v (format "%s" v)))
                                            flags width precision)
                          pieces))
              ((eq ignore-missing 'delete))
              (ignore-missing (push (match-string 0 format) pieces))
              (t (error "Invalid format character: `%%%c'" (or char ?\s))))
        (setq start me)))
    (when (< start (length format)) (push (substring format start) pieces))
    (setq pieces (nreverse pieces))
    (if split pieces (apply #'concat pieces))))

(provide 'format-spec)

;;; format-spec.el ends here
