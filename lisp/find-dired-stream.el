;;; find-dired-stream.el --- find-dired's filter, as Emacs's but at find's pace  -*- lexical-binding: t -*-

;; Emacs's own find-dired.el runs unchanged: its commands, its `find . ARGS
;; -ls' listing (find escapes every awkward byte of a name, and dired reads
;; the escapes back: the "b" of `find-ls-option'), its sentinel, and a dired
;; buffer, so every dired command works on what find lists.  Its filter
;; indents each line with a Lisp loop and pads the columns of each with two
;; `replace-match'es of `format'ted strings: 12.7 s for the 160,000 names of
;; /usr (Emacs 28 itself: 30.6 s; find -ls alone: 1.1 s).  This filter leaves
;; the same text and properties: the indentation is one `string-replace' on
;; each piece before it is inserted, and a line is padded only where its
;; columns are narrower than Emacs's format would leave them.  The mode line
;; counts the files listed so far, and their rate, while find runs.

(require 'find-dired)

(defvar-local find-dired-stream--count 0 "Lines listed so far.")
(defvar-local find-dired-stream--started nil)

(defconst find-dired-stream--ls-regexp
  (concat "^ +[^ \t\r\n]+\\( +[^ \t\r\n]+\\) +"
          "[^ \t\r\n]+ +[^ \t\r\n]+\\( +[^[:space:]]+\\)")
  "What Emacs's `find-dired-filter' matches to pad the link count (group 1)
and the size (group 2) of a line.")

(defun find-dired-stream--indent (string at-line-start)
  "STRING with two spaces at the start of each of its lines, as Emacs's
filter indents it after insertion: its first line only when it starts a
line (AT-LINE-START), and after its last newline too (Emacs's loop indents
the empty line at the end, which the next piece continues)."
  (concat (and at-line-start "  ") (string-replace "\n" "\n  " string)))

(defun find-dired-stream--pad (from)
  "Pad the columns of the lines from FROM to the end as Emacs's filter does:
the link count to 4 columns, the size to 9."
  (goto-char from)
  (goto-char (line-beginning-position))
  (while (re-search-forward find-dired-stream--ls-regexp nil t)
    (when (< (- (match-end 1) (match-beginning 1)) 4)
      (replace-match (format "%4s" (match-string 1)) nil nil nil 1))
    (when (< (- (match-end 2) (match-beginning 2)) 9)
      (replace-match (format "%9s" (match-string 2)) nil nil nil 2))
    (forward-line 1)))

(defun find-dired-stream--update-mode-line (proc)
  "PROC's status and the files listed; while it runs, their rate."
  (setq find-dired-stream--started (or find-dired-stream--started (float-time)))
  (let ((elapsed (- (float-time) find-dired-stream--started)))
    (setq mode-line-process
          (list (format ":%s [%d files%s]" (process-status proc) find-dired-stream--count
                        (if (and (process-live-p proc) (> elapsed 0.5))
                            (format ", %d/s" (round (/ find-dired-stream--count elapsed)))
                          "")))))
  (force-mode-line-update))

(defun find-dired-stream-filter (proc string)
  "Insert STRING, find's -ls output, into PROC's dired buffer as Emacs's
`find-dired-filter' does."
  (let ((buf (process-buffer proc))
        (inhibit-read-only t))
    (if (not (buffer-name buf))
        (delete-process proc)
      (with-current-buffer buf
        (save-excursion
          (save-restriction
            (widen)
            (let ((buffer-read-only nil)
                  (beg (point-max))
                  (l-opt (and (consp find-ls-option)
                              (string-match "l" (cdr find-ls-option)))))
              (goto-char beg)
              (insert (find-dired-stream--indent string (bolp)))
              ;; Convert ` ./FILE' to ` FILE', from a little before the
              ;; piece (its start may cut ` ./').
              (goto-char (- beg 3))
              (while (search-forward " ./" nil t)
                (delete-region (point) (- (point) 2)))
              (when l-opt (find-dired-stream--pad beg))
              (find-dired-stream--set-properties proc t))))
        (find-dired-stream--update-mode-line proc)))))

(defun find-dired-stream--set-properties (proc yield)
  "Give the whole lines after PROC's mark dired's properties, as Emacs's
filter does, and move the mark past them.  With YIELD, stop between
slices of lines when a key is waiting: a piece of 64 KB is 700 lines and
30 ms of `dired-insert-set-properties', which a key must not wait for;
the next piece, or the sentinel, goes on from the mark."
  (let ((end (save-excursion
               (goto-char (point-max))
               (and (search-backward "\n" (process-mark proc) t) (1+ (point))))))
    (while (and end (< (process-mark proc) end)
                (not (and yield (input-pending-p))))
      (let* ((start (marker-position (process-mark proc)))
             (slice-end (save-excursion
                          (goto-char start)
                          (forward-line 100)
                          (min (point) end))))
        (dired-insert-set-properties start slice-end)
        (move-marker (process-mark proc) slice-end)
        (setq find-dired-stream--count
              (+ find-dired-stream--count (count-lines start slice-end)))))))

(defun find-dired-stream--before-sentinel (proc _state)
  "Before Emacs's sentinel: the lines left without properties while keys
were waiting get them."
  (let ((buf (process-buffer proc)))
    (when (buffer-live-p buf)
      (with-current-buffer buf
        (let ((inhibit-read-only t))
          (save-excursion
            (save-restriction
              (widen)
              (find-dired-stream--set-properties proc nil))))))))

(defun find-dired-stream--after-sentinel (proc _state)
  "After Emacs's sentinel: the file count in the mode line."
  (let ((buf (process-buffer proc)))
    (when (buffer-live-p buf)
      (with-current-buffer buf
        (find-dired-stream--update-mode-line proc)))))

(advice-add 'find-dired-filter :override #'find-dired-stream-filter)
(advice-add 'find-dired-sentinel :before #'find-dired-stream--before-sentinel)
(advice-add 'find-dired-sentinel :after #'find-dired-stream--after-sentinel)

(provide 'find-dired-stream)
