;;; rect.el --- rectangles: C-x r k, C-x r y, C-x r t, C-x r o ...  -*- lexical-binding: t -*-

;; A rectangle is the block of columns between the columns of the region's
;; two ends, on every line the region touches.  Columns are screen columns
;; as `current-column' counts them (tabs, wide characters), so a tab that
;; straddles an edge is split as Emacs splits it: spaces go in before the
;; tab while `indent-tabs-mode' is on, the tab becomes spaces otherwise.
;; Lines shorter than the rectangle are padded with whitespace where the
;; operation needs text there (opening, yanking, replacing).
;; lisp-lite's `move-to-column' does not split tabs for FORCE, so
;; `rect--move-to-column' does it here.  One difference: when a tab spans
;; the rectangle's left edge, C-x r c may leave other whitespace left of
;; the edge than Emacs, which also deletes some of it there.
;; The C-x r prefix map `ctl-x-r-map' is made here and shared with
;; register.el.

(defvar killed-rectangle nil
  "The last rectangle killed or copied (a list of strings, one a line).")

(defvar ctl-x-r-map (make-sparse-keymap)
  "Keymap for the C-x r prefix: rectangles and registers.")
(define-key ctl-x-map "r" ctl-x-r-map)

(defun rect--move-to-column (column &optional force)
  "Move to COLUMN as `move-to-column' with FORCE does in Emacs.
FORCE non-nil splits a tab that spans COLUMN; t also pads a short line."
  (let ((col (move-to-column column)))
    (cond
     ((not force) col)
     ((and (> col column) (eq (char-before) ?\t))
      (backward-char)
      (let ((before (current-column)))
        (if indent-tabs-mode
            (insert (make-string (- column before) ?\s))
          (delete-char 1)
          (insert (make-string (- col before) ?\s))
          (backward-char (- col column))))
      (current-column))
     ((and (< col column) (eq force t))
      (indent-to column)
      (current-column))
     (t col))))

(defun apply-on-rectangle (function start end &rest args)
  "Call FUNCTION with the left and right columns of the rectangle START END.
It runs once for each line from START's to END's, with point at the line's
start, and gets ARGS after the two columns.  Point stays where FUNCTION
leaves it on the last line.  Return nil."
  (let (startcol endcol startline endm)
    (goto-char end)
    (setq endcol (current-column) endm (copy-marker (line-beginning-position)))
    (goto-char start)
    (setq startcol (current-column) startline (line-beginning-position))
    ;; The region's ends give the columns, whichever is left.
    (when (> startcol endcol) (setq startcol (prog1 endcol (setq endcol startcol))))
    (goto-char startline)
    (while (progn
             (apply function startcol endcol args)
             (and (< (line-beginning-position) endm)
                  (= (forward-line 1) 0)
                  (not (and (eobp) (bolp) (> (point) endm))))))
    (set-marker endm nil)
    nil))

(defun rect--line-text (startcol endcol)
  "This line's text from STARTCOL to ENDCOL, tabs as spaces, short lines padded.
A tab or wide character across the left edge counts as spaces there; one
across the right edge is taken whole (as Emacs does)."
  (let (from to before after)
    (move-to-column startcol)
    (setq from (point) before (- (current-column) startcol))
    (move-to-column endcol)
    (setq to (point) after (- endcol (current-column)))
    (when (< before 0)
      ;; The line ends left of the rectangle: all of it is padding.
      (setq after (+ after before) before 0))
    (setq after (max after 0))
    (goto-char from)
    (let ((parts nil) (col (current-column)))
      (while (< (point) to)
        (let ((c (char-after)))
          (forward-char 1)
          (push (if (eq c ?\t) (make-string (- (current-column) col) ?\s) (string c)) parts)
          (setq col (current-column))))
      (concat (make-string before ?\s) (apply #'concat (nreverse parts))
              (make-string after ?\s)))))

(defun extract-rectangle (start end)
  "Return the rectangle START END as a list of strings, one a line."
  (let ((lines nil))
    (save-excursion
      (apply-on-rectangle (lambda (startcol endcol)
                            (push (rect--line-text startcol endcol) lines))
                          start end))
    (nreverse lines)))

(defun rect--indentation (from to)
  "The whitespace `indent-to' would insert from column FROM to column TO."
  (let ((tabs "") (col from))
    (when (and indent-tabs-mode (> tab-width 0))
      (while (<= (* (1+ (/ col tab-width)) tab-width) to)
        (setq tabs (concat tabs "\t") col (* (1+ (/ col tab-width)) tab-width))))
    (concat tabs (make-string (max 0 (- to col)) ?\s))))

(defun rect--delete-line (startcol endcol fill &optional exact)
  "Delete this line's columns STARTCOL to ENDCOL and return their text.
Tabs across the edges are split first; FILL pads a line that ends inside.
The text keeps its tabs; a line ending inside the rectangle is padded
with whitespace as `indent-to' makes it, one ending before it with spaces."
  (let* ((col (rect--move-to-column startcol (if fill t 'coerce)))
         (from (point)))
    (rect--move-to-column endcol (if fill t 'coerce))
    (prog1 (concat (buffer-substring from (point))
                   (if (< col startcol)
                       (make-string (- endcol startcol) ?\s)
                     (rect--indentation (current-column) endcol)))
      ;; `delete-rectangle' leaves a line whose wide character spans the
      ;; left edge; `delete-extract-rectangle' deletes from after it (Emacs).
      (unless (and exact (/= col startcol))
        (delete-region from (point))))))

(defun delete-rectangle (start end &optional fill)
  "Delete the text of the rectangle START END, shifting the rest of each line left.
FILL (the prefix argument) pads lines that end inside the rectangle."
  (interactive "*r\nP")
  (save-excursion
    (apply-on-rectangle #'rect--delete-line start end fill t)))

(defun delete-extract-rectangle (start end &optional fill)
  "Delete the rectangle START END and return its text as a list of strings."
  (let ((lines nil))
    (save-excursion
      (apply-on-rectangle (lambda (startcol endcol)
                            (push (rect--delete-line startcol endcol fill) lines))
                          start end))
    (nreverse lines)))

(defun kill-rectangle (start end &optional fill)
  "Delete the rectangle START END and save it in `killed-rectangle'.
In a read-only buffer only copy it, as Emacs does, and say so."
  (interactive "r\nP")
  (if (and buffer-read-only (not inhibit-read-only))
      (progn (setq killed-rectangle (extract-rectangle start end))
             (setq deactivate-mark t)
             (barf-if-buffer-read-only))
    (setq killed-rectangle (delete-extract-rectangle start end fill))
    (setq deactivate-mark t)))

(defun copy-rectangle-as-kill (start end)
  "Save the rectangle START END in `killed-rectangle' without deleting it."
  (interactive "r")
  (setq killed-rectangle (extract-rectangle start end))
  (setq deactivate-mark t)
  nil)

(defun insert-rectangle (rectangle)
  "Insert RECTANGLE's lines at point's column on this and the following lines.
Missing lines are added at the end of the buffer and short ones padded.
Point ends after the last line's text; the mark is set where it started."
  (barf-if-buffer-read-only)
  (let ((col (current-column)) (first t))
    (push-mark)
    (dolist (line rectangle)
      (unless first
        ;; Past the last line, start a new one.
        (when (or (/= (forward-line 1) 0) (not (bolp)))
          (insert "\n"))
        (rect--move-to-column col t))
      (setq first nil)
      (insert line))))

(defun yank-rectangle ()
  "Insert the last killed rectangle with its upper left corner at point."
  (interactive "*")
  (insert-rectangle killed-rectangle))

(defun rect--open-line (startcol endcol fill)
  (when (= (rect--move-to-column startcol (if fill t 'coerce)) startcol)
    (unless (and (not fill) (eolp))
      (indent-to endcol))))

(defun open-rectangle (start end &optional fill)
  "Insert blank space in the rectangle START END, shifting text right.
FILL (the prefix argument) also pads lines too short to reach it.
Point goes to the rectangle's upper left corner."
  (interactive "*r\nP")
  (apply-on-rectangle #'rect--open-line start end fill)
  (goto-char start))

(defun rect--clear-line (startcol endcol fill)
  "Blank this line's columns STARTCOL to ENDCOL; point stays at the left edge.
Without FILL a line ending inside loses its text there and gets no spaces."
  (let ((eolcol (save-excursion (end-of-line) (current-column))))
    (when (= (rect--move-to-column startcol (if fill t 'coerce)) startcol)
      (let ((from (point)))
        (if (and (not fill) (<= eolcol endcol))
            (delete-region from (line-end-position))
          ;; A wide character across the right edge is blanked whole.
          (let ((end (max endcol (rect--move-to-column endcol (if fill t 'coerce)))))
            (delete-region from (point))
            (indent-to end))
          (goto-char from))))))

(defun clear-rectangle (start end &optional fill)
  "Blank out the rectangle START END: its text becomes whitespace.
FILL (the prefix argument) also pads lines too short to reach it."
  (interactive "*r\nP")
  (save-excursion
    (apply-on-rectangle #'rect--clear-line start end fill)))

(defun rect--string-line (startcol endcol string)
  (if (= (rect--move-to-column startcol t) startcol)
      (delete-region (point) (progn (rect--move-to-column endcol 'coerce) (point))))
  (insert string))

(defvar string-rectangle--history nil "Strings given to `string-rectangle'.")

(defun string-rectangle (start end string)
  "Replace each line's part of the rectangle START END with STRING.
Point ends after the last line's STRING."
  (interactive
   (progn (barf-if-buffer-read-only)
          (list (region-beginning) (region-end)
                (read-string (format-prompt "String rectangle" (car-safe string-rectangle--history))
                             nil nil (car-safe string-rectangle--history)))))
  (unless (equal string "") (push string string-rectangle--history))
  (let ((last nil))
    (apply-on-rectangle (lambda (startcol endcol)
                          (rect--string-line startcol endcol string)
                          (setq last (point)))
                        start end)
    (goto-char last)))

(defun rectangle-number-lines (start end start-at &optional format)
  "Insert numbers from START-AT at the left edge of the rectangle START END.
FORMAT defaults to a right-aligned number wide enough for the last one and
a space.  Interactively, C-u asks for START-AT and FORMAT."
  (interactive
   (if current-prefix-arg
       (let ((n (read-number "Number to count from: " 1)))
         (list (region-beginning) (region-end) n
               (read-string "Format string: " nil nil "%d ")))
     (list (region-beginning) (region-end) 1 nil)))
  (unless format
    (let ((lines (count-lines (save-excursion (goto-char (min start end)) (line-beginning-position))
                              (save-excursion (goto-char (max start end)) (line-end-position)))))
      (setq format (format "%%%dd " (length (number-to-string (+ start-at (max lines 1) -1)))))))
  (let ((n start-at))
    (save-excursion
      (apply-on-rectangle (lambda (startcol _endcol)
                            (rect--move-to-column startcol t)
                            (insert (format format n))
                            (setq n (1+ n)))
                          start end))))

(define-key ctl-x-r-map "k" 'kill-rectangle)
(define-key ctl-x-r-map "d" 'delete-rectangle)
(define-key ctl-x-r-map "y" 'yank-rectangle)
(define-key ctl-x-r-map "\M-w" 'copy-rectangle-as-kill)
(define-key ctl-x-r-map "o" 'open-rectangle)
(define-key ctl-x-r-map "c" 'clear-rectangle)
(define-key ctl-x-r-map "t" 'string-rectangle)
(define-key ctl-x-r-map "N" 'rectangle-number-lines)

(provide 'rect)
;;; rect.el ends here
