;;; dabbrev.el --- dynamic abbreviations: M-/  -*- lexical-binding: t -*-

;; M-/ completes the word before point from the words in the buffers: the
;; nearest earlier word that begins with it, then earlier ones, then the
;; words after point, then the words of the other buffers (those of the
;; same major mode first).  Typing M-/ again replaces the last expansion
;; with the next distinct candidate; when none is left the abbreviation
;; comes back and it says "No further dynamic expansion for ‘ab’ found".
;; Words are runs of word and symbol constituents, so "foo-b" can become
;; "foo-bar".
;; Case, as Emacs with its defaults (`case-fold-search' t): candidates are
;; found ignoring case and counted once whatever their case.  A candidate
;; that begins with the abbreviation exactly keeps its own case when it or
;; the abbreviation has mixed case (one capital letter counts as mixed);
;; otherwise it is made lower case and then given the case of the text it
;; replaces (the abbreviation, or the previous expansion on a repeated M-/)
;; as `replace-match' does: all upper case for "ABC" and for "A", initials
;; upper case for "Abc", unchanged for "aBc".
;; Differences from Emacs: no SPC M-/ (copying the words that followed the
;; last expansion), no C-M-/ menu, a numeric prefix is ignored, other
;; buffers are not ordered by the windows showing them, and an expansion
;; in the middle of a word does not find its own text as Emacs can.

(defvar dabbrev-case-fold-search 'case-fold-search
  "Non-nil to ignore case when searching; `case-fold-search' means follow it.")
(defvar dabbrev-case-replace 'case-replace
  "Non-nil to give the expansion the abbreviation's case; `case-replace' follows that.")
(defvar dabbrev-ignored-buffer-names '("*Messages*" "*Buffer List*")
  "Buffers whose words M-/ never offers.")
(defvar dabbrev-check-other-buffers t
  "Non-nil to look in the other buffers once the current one has no more.")

(defvar dabbrev--abbrev nil "The abbreviation being expanded.")
(defvar dabbrev--start nil "Marker at the abbreviation's start.")
(defvar dabbrev--expansion nil "The text inserted for the abbreviation, or nil.")
(defvar dabbrev--seen nil "Candidates offered so far (downcased when folding case).")
(defvar dabbrev--backward nil "Marker where the backward search goes on, or nil when done.")
(defvar dabbrev--forward nil "Marker where the forward search goes on, or nil when done.")
(defvar dabbrev--buffers nil "Other buffers still to look in, or t before they are listed.")
(defvar dabbrev--pending nil "Candidates found in another buffer, not yet offered: (TEXT . BUFFER).")

(defun dabbrev--fold-p ()
  (if (eq dabbrev-case-fold-search 'case-fold-search) case-fold-search
    dabbrev-case-fold-search))

(defun dabbrev--replace-case-p ()
  (and (dabbrev--fold-p)
       (if (eq dabbrev-case-replace 'case-replace)
           (if (boundp 'case-replace) case-replace t)
         dabbrev-case-replace)))

(defun dabbrev--regexp (abbrev)
  (concat (regexp-quote abbrev) "\\(?:\\sw\\|\\s_\\)+"))

(defun dabbrev--word-start-p (pos)
  "Whether POS starts a word: no word or symbol character just before it."
  (or (= pos (point-min))
      (not (memq (char-syntax (char-before pos)) '(?w ?_)))))

(defun dabbrev--abbrev-start ()
  "Where the abbreviation before point starts.
It is the word or symbol before point; if point follows other characters,
the last word and what follows it, as in Emacs."
  (save-excursion
    (if (/= (skip-syntax-backward "w_") 0)
        (point)
      (if (re-search-backward "\\(?:\\sw\\|\\s_\\)" nil t)
          (progn (forward-char 1) (skip-syntax-backward "w_") (point))
        (user-error "No possible abbreviation preceding point")))))

(defun dabbrev--new-p (text)
  (let ((key (if (dabbrev--fold-p) (downcase text) text)))
    (unless (or (member key dabbrev--seen)
                (string= key (if (dabbrev--fold-p) (downcase dabbrev--abbrev) dabbrev--abbrev)))
      (push key dabbrev--seen)
      t)))

(defun dabbrev--search-backward ()
  "The next new candidate before the abbreviation, or nil."
  (when dabbrev--backward
    (let ((case-fold-search (dabbrev--fold-p)) (re (dabbrev--regexp dabbrev--abbrev))
          (found nil))
      (save-excursion
        (goto-char dabbrev--backward)
        (while (and (not found) (re-search-backward re nil t))
          (let ((start (match-beginning 0)) (text (match-string-no-properties 0)))
            (when (and (dabbrev--word-start-p start) (dabbrev--new-p text))
              (setq found text))
            (goto-char start)))
        (if found
            (set-marker dabbrev--backward (point))
          (set-marker dabbrev--backward nil)
          (setq dabbrev--backward nil)))
      found)))

(defun dabbrev--search-forward ()
  "The next new candidate after the abbreviation, or nil."
  (when dabbrev--forward
    (let ((case-fold-search (dabbrev--fold-p)) (re (dabbrev--regexp dabbrev--abbrev))
          (found nil))
      (save-excursion
        (goto-char dabbrev--forward)
        (while (and (not found) (re-search-forward re nil t))
          (let ((start (match-beginning 0)) (text (match-string-no-properties 0)))
            (if (not (dabbrev--word-start-p start))
                (goto-char (1+ start))
              (when (dabbrev--new-p text) (setq found text)))))
        (if found
            (set-marker dabbrev--forward (point))
          (set-marker dabbrev--forward nil)
          (setq dabbrev--forward nil)))
      found)))

(defun dabbrev--other-buffers ()
  "The buffers to look in after the current one: same major mode first."
  (let ((mode major-mode) (same nil) (others nil))
    (dolist (b (buffer-list))
      (unless (or (eq b (current-buffer))
                  (member (buffer-name b) dabbrev-ignored-buffer-names))
        (if (eq (buffer-local-value 'major-mode b) mode)
            (push b same)
          (push b others))))
    (append (nreverse same) (nreverse others))))

(defun dabbrev--search-other-buffers ()
  "The next new candidate from the other buffers as (TEXT . BUFFER), or nil."
  (when (eq dabbrev--buffers t)
    (setq dabbrev--buffers (and dabbrev-check-other-buffers (dabbrev--other-buffers))))
  (let ((found nil))
    (while (and (not found) (or dabbrev--pending dabbrev--buffers))
      (if dabbrev--pending
          (let ((c (pop dabbrev--pending)))
            (when (dabbrev--new-p (car c)) (setq found c)))
        (let ((b (pop dabbrev--buffers)) (abbrev dabbrev--abbrev) (fold (dabbrev--fold-p))
              (texts nil))
          (when (buffer-live-p b)
            (with-current-buffer b
              (save-excursion
                (save-restriction
                  (widen)
                  (goto-char (point-min))
                  (let ((case-fold-search fold) (re (dabbrev--regexp abbrev)))
                    (while (re-search-forward re nil t)
                      (let ((start (match-beginning 0)))
                        (if (dabbrev--word-start-p start)
                            (push (match-string-no-properties 0) texts)
                          (goto-char (1+ start))))))))))
          (setq dabbrev--pending (mapcar (lambda (text) (cons text b)) (nreverse texts))))))
    found))

(defun dabbrev--letters (s)
  (replace-regexp-in-string "[^[:alpha:]]" "" s))

(defun dabbrev--uniform-p (s)
  (or (string= s (downcase s)) (string= s (upcase s))))

(defun dabbrev--case-pattern (text)
  "How `replace-match' would adapt a replacement to TEXT's case.
`upcase' when TEXT has no lower-case letter and a word of two letters or
more, or when all its words start upper-case and are one letter long;
`capitalize' when all its words start upper-case; nil otherwise."
  (let ((lower nil) (upper nil) (multi nil) (non-upper-initial nil) (prev-word nil)
        (case-fold-search nil))
    (dolist (c (string-to-list text))
      (let ((word (eq (char-syntax c) ?w)))
        (cond ((and (/= c (upcase c)) (= c (downcase c)))
               (setq lower t)
               (if prev-word (setq multi t) (setq non-upper-initial t)))
              ((and (/= c (downcase c)) (= c (upcase c)))
               (setq upper t)
               (when prev-word (setq multi t)))
              ((and word (not prev-word)) (setq non-upper-initial t)))
        (setq prev-word word)))
    (cond ((and (not lower) multi) 'upcase)
          ((and (not non-upper-initial) multi) 'capitalize)
          ((and (not non-upper-initial) upper) 'upcase))))

(defun dabbrev--case (abbrev expansion replaced)
  "EXPANSION with the case pattern applied, as Emacs's defaults do.
ABBREV decides whether EXPANSION keeps its own case; otherwise the text it
replaces, REPLACED (ABBREV or the previous expansion), gives the pattern."
  (let ((letters (dabbrev--letters abbrev)))
    (cond
     ((not (dabbrev--replace-case-p)) expansion)
     ((string= letters "") expansion)
     ;; The candidate starts with the abbreviation exactly and one of them
     ;; has mixed case (a single capital counts as mixed): keep it.
     ((and (not (and (dabbrev--uniform-p (substring expansion 1))
                     (or (string= abbrev (downcase abbrev))
                         (and (string= abbrev (upcase abbrev)) (> (length letters) 1)))))
           (string-prefix-p abbrev expansion))
      expansion)
     (t
      (let ((e (downcase expansion)))
        (pcase (dabbrev--case-pattern replaced)
          ('upcase (upcase e))
          ('capitalize (capitalize e))
          (_ e)))))))

(defun dabbrev--reset ()
  (when (markerp dabbrev--backward) (set-marker dabbrev--backward nil))
  (when (markerp dabbrev--forward) (set-marker dabbrev--forward nil))
  (setq dabbrev--expansion nil dabbrev--seen nil dabbrev--backward nil
        dabbrev--forward nil dabbrev--buffers t dabbrev--pending nil))

(defun dabbrev--continuing-p ()
  "Whether this M-/ follows one whose expansion is still before point."
  (and (eq last-command 'dabbrev-expand)
       dabbrev--expansion
       (markerp dabbrev--start)
       (eq (marker-buffer dabbrev--start) (current-buffer))
       (= (point) (+ dabbrev--start (length dabbrev--expansion)))
       (string= (buffer-substring-no-properties dabbrev--start (point)) dabbrev--expansion)))

(defun dabbrev-expand (&optional _arg)
  "Expand the word before point from the words before it, after it, then in other buffers.
Repeated, replace the expansion with the next different one."
  (interactive "*P")
  (unless (dabbrev--continuing-p)
    (dabbrev--reset)
    (let ((start (dabbrev--abbrev-start)))
      (setq dabbrev--abbrev (buffer-substring-no-properties start (point)))
      (setq dabbrev--start (copy-marker start))
      (setq dabbrev--backward (copy-marker start))
      (setq dabbrev--forward (copy-marker (point) t))
      (setq dabbrev--expansion dabbrev--abbrev)))
  (let* ((abbrev dabbrev--abbrev)
         (here (dabbrev--search-backward))
         (there (unless here (dabbrev--search-forward)))
         (other (unless (or here there) (dabbrev--search-other-buffers)))
         (found (or here there (car other))))
    (if (not found)
        (let ((further (not (string= dabbrev--expansion abbrev))))
          ;; Put the abbrev back only if an expansion replaced it: a first
          ;; M-/ that finds nothing changes nothing (the buffer stays
          ;; unmodified), as in Emacs.
          (when further
            (delete-region dabbrev--start (+ dabbrev--start (length dabbrev--expansion)))
            (goto-char dabbrev--start)
            (insert abbrev))
          (dabbrev--reset)
          (if further
              (user-error "No further dynamic expansion for ‘%s’ found" abbrev)
            (user-error "No dynamic expansion for ‘%s’ found" abbrev)))
      (let ((text (dabbrev--case abbrev found dabbrev--expansion)))
        (goto-char dabbrev--start)
        (delete-region dabbrev--start (+ dabbrev--start (length dabbrev--expansion)))
        (insert text)
        (setq dabbrev--expansion text)
        (when other
          (message "Expansion found in ‘%s’" (buffer-name (cdr other))))))
    (setq this-command 'dabbrev-expand)
    nil))

(define-key global-map "\e/" 'dabbrev-expand)

(provide 'dabbrev)
;;; dabbrev.el ends here
