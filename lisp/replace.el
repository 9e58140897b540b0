;;; replace.el --- query-replace, replace-string, replace-regexp  -*- lexical-binding: t -*-

(defvar case-replace t "Non-nil: replacements follow the case of the text they replace.")
(defvar query-replace-history nil)
(defvar query-replace-help
  "Type SPC or `y' to replace one match, Delete or `n' to skip to next,
RET or `q' to exit, Period to replace one match and exit,
Comma to replace but not move point immediately,
^ to move point back to previous match,
! to replace all remaining matches in this buffer with no more questions.")

(defun replace--read-args (prompt regexp-flag)
  "Read FROM and TO for a replace command; the region, when active, bounds it."
  (let* ((from (read-from-minibuffer (concat prompt ": ") nil nil nil
                                     'query-replace-history))
         (to (read-from-minibuffer (format "%s %s with: " prompt from) nil nil nil
                                   'query-replace-history)))
    (when (equal from "") (user-error "Nothing to replace"))
    (ignore regexp-flag)
    (list from to nil
          (and (use-region-p) (region-beginning))
          (and (use-region-p) (region-end)))))

(defun replace--search (from regexp-flag limit)
  (if regexp-flag (re-search-forward from limit t) (search-forward from limit t)))

(defun replace--fold (from)
  (and case-fold-search
       (let ((case-fold-search nil)) (not (string-match-p "[[:upper:]]" from)))))

(defun replace--prompt (from to)
  (format "Query replacing %s with %s: (? for help) " from to))

(defun replace--ask (from to)
  "Read an answer to the replacement question; help (?) asks again."
  (let ((answer nil))
    (while (not answer)
      (let ((e (read-event (replace--prompt from to))))
        (if (memq e '(?? f1))
            (message "%s" query-replace-help)
          (setq answer e))))
    answer))

(defun replace--do (to fixedcase literal)
  (replace-match to fixedcase literal))

(defun perform-replace (from-string replacements query-flag regexp-flag _delimited-flag
                                    &optional _repeat-count _map start end _backward _noncontiguous)
  "Replace FROM-STRING with REPLACEMENTS (a string) from START (point) to END,
asking at each match when QUERY-FLAG.  Returns the number of replacements."
  (let* ((to replacements)
         (case-fold-search (replace--fold from-string))
         (fixedcase (not (and case-replace case-fold-search)))
         (literal (not regexp-flag))
         (limit (copy-marker (or end (point-max))))
         (count 0) (all (not query-flag)) (done nil) (previous nil))
    (when start (goto-char start))
    (push-mark nil t)
    (while (and (not done) (replace--search from-string regexp-flag limit))
      (let* ((mb (match-beginning 0)) (me (match-end 0))
             (answer (if all ?y
                       (let ((replace--current-match (cons mb me)))
                         (save-match-data (replace--ask from-string to))))))
        (cond ((memq answer '(?y ?Y ?\s))
               (replace--do to fixedcase literal) (setq count (1+ count)))
              ((memq answer '(?n ?N ?\d)) nil)
              ((eq answer ?!)
               (replace--do to fixedcase literal) (setq count (1+ count) all t))
              ((eq answer ?.)
               (replace--do to fixedcase literal) (setq count (1+ count) done t))
              ((eq answer ?,)
               (replace--do to fixedcase literal) (setq count (1+ count))
               (let ((next (replace--ask from-string to)))
                 (cond ((memq next '(?q ?\r ?\C-m)) (setq done t))
                       ((eq next ?!) (setq all t)))))
              ((eq answer ?^)
               (when previous (goto-char previous))
               (setq me (point)))
              ((memq answer '(?q ?\r ?\e)) (goto-char mb) (setq done t))
              ((eq answer ?\C-g) (goto-char mb) (signal 'quit nil))
              (t (goto-char mb) (push answer unread-command-events) (setq done t)))
        (setq previous mb)
        ;; An empty match would be found again: step over it.
        (when (and (not done) (= mb me) (= (point) me) (not (eobp)))
          (forward-char 1))))
    (set-marker limit nil)
    (message "Replaced %d occurrence%s" count (if (= count 1) "" "s"))
    count))

;;;###autoload
(defun query-replace (from-string to-string &optional delimited start end _backward _region)
  "Replace FROM-STRING with TO-STRING, asking at each match:
SPC/y replace, DEL/n skip, ! all, q/RET quit, . replace and quit."
  (interactive (replace--read-args "Query replace" nil))
  (perform-replace from-string to-string t nil delimited nil nil start end))

;;;###autoload
(defun query-replace-regexp (regexp to-string &optional delimited start end _backward _region)
  (interactive (replace--read-args "Query replace regexp" t))
  (perform-replace regexp to-string t t delimited nil nil start end))

;;;###autoload
(defun replace-string (from-string to-string &optional delimited start end _backward _region)
  "Replace every FROM-STRING after point (or in the region) with TO-STRING."
  (interactive (replace--read-args "Replace string" nil))
  (perform-replace from-string to-string nil nil delimited nil nil start end))

;;;###autoload
(defun replace-regexp (regexp to-string &optional delimited start end _backward _region)
  (interactive (replace--read-args "Replace regexp" t))
  (perform-replace regexp to-string nil t delimited nil nil start end))

;; Counts from point (or RSTART) to the end (or REND). Empty matches count
;; too, each followed by a one-character step so the scan ends, as in Emacs.
;;;###autoload
(defun how-many (regexp &optional rstart rend interactive)
  "Count the matches of REGEXP after point (or between RSTART and REND)."
  (interactive (list (read-from-minibuffer "How many matches for regexp: ") nil nil t))
  (let ((count 0)
        (start (if rstart (min rstart (or rend rstart)) (point)))
        (end (if rend (max rend (or rstart rend)) (point-max))))
    (save-excursion
      (goto-char start)
      (while (and (< (point) end) (re-search-forward regexp end t))
        (when (and (= (match-beginning 0) (match-end 0)) (< (point) end))
          (forward-char 1))
        (setq count (1+ count))))
    (when interactive
      (message "%d occurrence%s" count (if (= count 1) "" "s")))
    count))
;;;###autoload
(defalias 'count-matches #'how-many)

;; The region the line commands work on: START..END when given, else the
;; active region when called interactively, else point to the end of the
;; accessible text.  END comes back as a marker (deletions move it).
(defun replace--line-command-region (rstart rend interactive)
  (cond (rstart (cons (min rstart rend) (copy-marker (max rstart rend))))
        ((and interactive (use-region-p))
         (cons (region-beginning) (copy-marker (region-end))))
        (t (cons (point) (copy-marker (point-max))))))

(defun replace--case-fold (regexp)
  (if (and case-fold-search search-upper-case)
      (let ((case-fold-search nil)) (not (string-match-p "[[:upper:]]" regexp)))
    case-fold-search))

;;;###autoload
(defun flush-lines (regexp &optional rstart rend interactive)
  "Delete the lines after point (or in RSTART..REND) that match REGEXP.
A match that spans lines deletes them all.  Return the number of matches
that deleted lines."
  (interactive (list (read-from-minibuffer "Flush lines containing match for regexp: ") nil nil t))
  (let* ((region (replace--line-command-region rstart rend interactive))
         (end (cdr region))
         (case-fold-search (replace--case-fold regexp))
         (count 0))
    (save-excursion
      (goto-char (car region))
      (while (and (< (point) end) (re-search-forward regexp end t))
        (delete-region (save-excursion (goto-char (match-beginning 0)) (forward-line 0) (point))
                       (progn (forward-line 1) (point)))
        (setq count (1+ count))))
    (set-marker end nil)
    (when interactive
      (message "Deleted %d matching line%s" count (if (= count 1) "" "s")))
    count))
(defalias 'delete-matching-lines #'flush-lines)

;;;###autoload
(defun keep-lines (regexp &optional rstart rend interactive)
  "Delete the lines after point (or in RSTART..REND) that do not match REGEXP.
A match that spans lines keeps them all.  A line point is in the middle
of is not touched."
  (interactive (list (read-from-minibuffer "Keep lines containing match for regexp: ") nil nil t))
  (let* ((region (replace--line-command-region rstart rend interactive))
         (end (cdr region))
         (case-fold-search (replace--case-fold regexp)))
    (save-excursion
      (goto-char (car region))
      (unless (bolp) (forward-line 1))
      (let ((start (point)))
        (while (< (point) end)
          ;; START is the first character no match so far keeps.
          (if (not (re-search-forward regexp end 'move))
              (delete-region start end)
            (let ((kept (save-excursion (goto-char (match-beginning 0)) (forward-line 0) (point))))
              (when (< start kept) (delete-region start kept))))
          (setq start (save-excursion (forward-line 1) (point)))
          ;; An empty match must not be found again at the same place.
          (when (and (< (point) end) (= (match-beginning 0) (match-end 0)))
            (forward-char 1)))))
    (set-marker end nil)
    nil))
(defalias 'delete-non-matching-lines #'keep-lines)

(provide 'replace)
