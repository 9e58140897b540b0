;;; isearch.el --- incremental search (C-s, C-r, C-M-s, C-M-r)  -*- lexical-binding: t -*-

;; The search runs its own loop over `read-event'.  While it runs,
;; `isearch-mode' is non-nil and the redisplay can highlight the current
;; match (between point and `isearch-other-end') and, through
;; `gapmacs-isearch-matches', every match in view.

(defvar isearch-mode nil "Non-nil while an incremental search runs.")
(defvar isearch-string "" "The string (or regexp) being searched for.")
(defvar isearch-regexp nil)
(defvar isearch-forward t)
(defvar isearch-success t)
(defvar isearch-wrapped nil)
(defvar isearch-other-end nil "The other end of the current match (point is one end).")
(defvar isearch-opoint nil)
(defvar isearch-barrier nil
  "Where the search began or last repeated: an alternative (\\|) typed in
a regexp is looked for from there, as Emacs's isearch-fallback does.")
(defvar isearch-error nil)
(defvar isearch--states nil "Stack of earlier states, for DEL.")
(defvar search-ring nil)
(defvar regexp-search-ring nil)
(defvar search-ring-max 16)
(defvar search-upper-case 'not-yanks)
(defvar isearch-mode-hook nil)
(defvar isearch-mode-end-hook nil)
(defvar isearch--buffer nil "The buffer being searched.")

(defun isearch-no-upper-case-p (string regexp-flag)
  "Non-nil if STRING has no upper-case letter.  With REGEXP-FLAG, a
backslash's next character does not count (\\W is no capital), and a
[:upper:] or [:lower:] class says case matters."
  (let ((case-fold-search nil) (quoted nil) (found nil))
    (dotimes (i (length string))
      (let ((char (aref string i)))
        (cond ((and regexp-flag (eq char ?\\) (not quoted)) (setq quoted t))
              (t (unless (or quoted (eq char (downcase char))) (setq found t))
                 (setq quoted nil)))))
    (not (or found
             (and regexp-flag (string-match-p "\\[:\\(?:upp\\|low\\)er:]" string))))))

(defun isearch--case-fold (string)
  "Fold case unless STRING has an upper-case letter, as Emacs does by default."
  (and case-fold-search
       (not (and search-upper-case
                 (let ((case-fold-search nil)) (string-match-p "[[:upper:]]" string))))))

(defun isearch--search (string forward bound)
  "Search for STRING from point; move to the far end of the match.  Non-nil if found."
  (let ((case-fold-search (isearch--case-fold string)))
    (if isearch-regexp
        (if forward (re-search-forward string bound t) (re-search-backward string bound t))
      (if forward (search-forward string bound t) (search-backward string bound t)))))

(defun isearch--find (from forward)
  "Look for `isearch-string' starting at FROM; on success set point and other end.
An invalid regexp (still being typed) is not a failure: it leaves all as it was."
  (let ((found nil))
    (setq isearch-error nil)
    (save-excursion
      (goto-char from)
      (condition-case err
          (when (isearch--search isearch-string forward nil)
            (setq found (cons (point) (if forward (match-beginning 0) (match-end 0)))))
        (invalid-regexp (setq isearch-error (or (cadr err) "incomplete input")))
        (error (setq isearch-error "incomplete input"))))
    (when found
      (goto-char (car found))
      (setq isearch-other-end (cdr found)))
    (unless isearch-error (setq isearch-success (and found t)))
    (and found t)))

(defun isearch--prompt ()
  (concat (if isearch-success "" "Failing ")
          (if isearch-wrapped "Wrapped " "")
          (if isearch-regexp "Regexp " "")
          "I-search"
          (if isearch-forward "" " backward")
          ": " isearch-string
          (if isearch-error (format " [%s]" isearch-error) "")))

(defun isearch-message (&rest _)
  (let ((message-log-max nil))
    (message "%s" (isearch--prompt))))

(defun isearch--push-state ()
  (push (list isearch-string (point) isearch-other-end isearch-success
              isearch-forward isearch-wrapped isearch-barrier)
        isearch--states))

(defun isearch--pop-state ()
  (let ((s (pop isearch--states)))
    (when s
      (setq isearch-string (nth 0 s) isearch-other-end (nth 2 s)
            isearch-success (nth 3 s) isearch-forward (nth 4 s) isearch-wrapped (nth 5 s)
            isearch-barrier (nth 6 s))
      (goto-char (nth 1 s)))))

(defun isearch--extend (text)
  "Add TEXT to the search string and search again from the match's start."
  (isearch--push-state)
  (let ((alternative (and isearch-regexp (equal text "|")
                           (string-match-p "\\(?:\\`\\|[^\\]\\)\\(?:\\\\\\\\\\)*\\\\\\'"
                                           isearch-string))))
    (setq isearch-string (concat isearch-string text))
    (when (or isearch-success isearch-error alternative)
      (let ((from (cond (alternative isearch-barrier)
                        (isearch-forward (or isearch-other-end (point)))
                        (isearch-other-end
                         (min (point-max) (+ isearch-other-end (length text))))
                        (t (point)))))
        (isearch--find from isearch-forward)))))

(defun isearch--repeat (forward)
  "C-s or C-r: the next match, the last search if empty, wrapping after a failure."
  (isearch--push-state)
  (cond ((not (eq forward isearch-forward))
         (setq isearch-forward forward)
         (when (and isearch-other-end (not (equal isearch-string "")))
           (let ((p (point))) (goto-char isearch-other-end) (setq isearch-other-end p))))
        ((equal isearch-string "")
         (setq isearch-string (or (car (if isearch-regexp regexp-search-ring search-ring)) ""))
         (unless (equal isearch-string "")
           (isearch--find (point) forward)))
        ((not isearch-success)
         (setq isearch-wrapped t)
         (isearch--find (if forward (point-min) (point-max)) forward))
        (t
         (let ((from (point)))
           (setq isearch-barrier from)
           (when (and isearch-other-end (= from isearch-other-end))
             ;; An empty match: step over it so the search moves on.
             (setq from (if forward (min (point-max) (1+ from)) (max (point-min) (1- from)))))
           (isearch--find from forward))))
  (when (and (not isearch-success) (car isearch--states))
    ;; Stay at the last match, as Emacs does when a repeat fails.
    (goto-char (nth 1 (car isearch--states)))
    (setq isearch-other-end (nth 2 (car isearch--states)))))

(defun isearch--abort ()
  "C-g: after a failure drop the failing part, else go back where it started and quit."
  (if (and (not isearch-success) isearch--states)
      (progn
        (while (and isearch--states (not isearch-success)) (isearch--pop-state))
        nil)
    (goto-char isearch-opoint)
    (setq isearch-mode nil)
    (signal 'quit nil)))

(defun isearch--yank-word ()
  (let ((start (point)))
    (when isearch-other-end (goto-char (max (point) isearch-other-end)))
    (let ((text (buffer-substring (point) (save-excursion (forward-word 1) (point)))))
      (goto-char start)
      (isearch--extend (if isearch-regexp (regexp-quote text) text)))))

;; The commands of a search, bound in `isearch-mode-map' as in Emacs, where
;; users and packages add their own keys.
(defvar isearch--exit nil "Set by a command of `isearch-mode-map' that ends the search.")

(defun isearch-repeat-forward (&optional _arg)
  "Search for the next match (or, at the start, the last search string)."
  (interactive) (isearch--repeat t))
(defun isearch-repeat-backward (&optional _arg)
  "Search for the previous match."
  (interactive) (isearch--repeat nil))
(defun isearch-delete-char ()
  "Undo the last change of the search: a character, a repeat or a yank."
  (interactive) (isearch--pop-state))
(defun isearch-abort ()
  "After a failure, drop the failing part; else quit where the search started."
  (interactive) (isearch--abort))
(defun isearch-exit ()
  "End the search, leaving point at the match."
  (interactive) (setq isearch--exit t))
(defun isearch-yank-word-or-char ()
  "Add the word after the match to the search string."
  (interactive) (isearch--yank-word))
(defun isearch-yank-kill ()
  "Add the latest kill to the search string."
  (interactive) (when kill-ring (isearch--extend (current-kill 0 t))))
(defun isearch-quote-char (&optional _count)
  "Add the next character typed to the search string, whatever it is."
  (interactive) (isearch--extend (string (read-event))))
(defun isearch-printing-char (&optional char _count)
  "Add CHAR (the key typed) to the search string."
  (interactive)
  (let ((c (or char last-command-event)))
    (isearch--extend (if (eq c ?\C-j) "\n" (string c)))))

(defvar isearch-mode-map
  (let ((map (make-keymap)))
    (set-char-table-range (cadr map) (cons ?\s (max-char)) 'isearch-printing-char)
    (dolist (binding '(("\C-s" . isearch-repeat-forward) ("\C-r" . isearch-repeat-backward)
                       ("\d" . isearch-delete-char) ([backspace] . isearch-delete-char)
                       ("\C-g" . isearch-abort) ("\r" . isearch-exit) ([return] . isearch-exit)
                       ("\C-w" . isearch-yank-word-or-char) ("\C-y" . isearch-yank-kill)
                       ("\C-q" . isearch-quote-char) ("\C-j" . isearch-printing-char)
                       ("\t" . isearch-printing-char)))
      (define-key map (car binding) (cdr binding)))
    map)
  "Keymap of an incremental search: a key bound here runs while the search
goes on (`isearch-exit' ends it); any other key ends the search and then
runs as usual.")

(defun isearch--handle (event)
  "Act on EVENT; non-nil means the search is over."
  (let ((command (and (or (integerp event) (symbolp event))
                      (lookup-key isearch-mode-map (vector event)))))
    (if (and command (commandp command))
        (let ((last-command-event event) (isearch--exit nil))
          (call-interactively command)
          isearch--exit)
      (push event unread-command-events)
      t)))

(defun isearch--remember (string)
  (unless (equal string "")
    (let ((ring (if isearch-regexp 'regexp-search-ring 'search-ring)))
      (set ring (cons string (delete string (symbol-value ring))))
      (when (> (length (symbol-value ring)) search-ring-max)
        (set ring (butlast (symbol-value ring)))))))

(defun isearch--run (forward regexp)
  (let ((isearch-mode t)
        (isearch-string "") (isearch-regexp regexp) (isearch-forward forward)
        (isearch-success t) (isearch-wrapped nil) (isearch-other-end nil)
        (isearch-error nil) (isearch--states nil)
        (isearch-opoint (point)) (isearch-barrier (point))
        (isearch--buffer (current-buffer))
        (done nil))
    (run-hooks 'isearch-mode-hook)
    (while (not done)
      (isearch-message)
      (setq done (isearch--handle (read-event))))
    (isearch--remember isearch-string)
    (unless (= (point) isearch-opoint)
      (push-mark isearch-opoint t)
      (message "Mark saved where search started"))
    (run-hooks 'isearch-mode-end-hook)
    isearch-string))

(defun isearch--done (string)
  "Leave the last search string visible for the next C-s C-s."
  (setq isearch-string string))

(defun isearch-forward (&optional regexp-p _no-recursive-edit)
  "Search forward incrementally; C-s again finds the next match, RET ends."
  (interactive "P\np")
  (isearch--done (isearch--run t (and regexp-p t))))

(defun isearch-backward (&optional regexp-p _no-recursive-edit)
  (interactive "P\np")
  (isearch--done (isearch--run nil (and regexp-p t))))

(defun isearch-forward-regexp (&optional not-regexp _no-recursive-edit)
  (interactive "P\np")
  (isearch--done (isearch--run t (not not-regexp))))

(defun isearch-backward-regexp (&optional not-regexp _no-recursive-edit)
  (interactive "P\np")
  (isearch--done (isearch--run nil (not not-regexp))))

(defun gapmacs-isearch-matches (start end)
  "The matches of the current search between START and END, as (BEG . END) pairs.
For the redisplay's highlighting; nil when no search runs."
  (when (and isearch-mode (not (equal isearch-string "")) (not isearch-error))
    (let ((case-fold-search (isearch--case-fold isearch-string)) (out nil) (n 0))
      (save-excursion
        (save-match-data
          (goto-char start)
          (condition-case nil
              (while (and (< n 1000)
                          (if isearch-regexp
                              (re-search-forward isearch-string end t)
                            (search-forward isearch-string end t)))
                (push (cons (match-beginning 0) (match-end 0)) out)
                (setq n (1+ n))
                (when (= (match-beginning 0) (match-end 0))
                  (if (eobp) (setq n 1000) (forward-char 1))))
            (error nil))))
      (nreverse out))))

(defvar replace--current-match nil
  "While query-replace asks, (BEG . END) of the match it asks about.")

(defun isearch--visible-range (buffer)
  (let ((w (and (fboundp 'get-buffer-window) (get-buffer-window buffer))))
    (if (and w (fboundp 'window-end))
        (cons (window-start w) (window-end w t))
      (with-current-buffer buffer
        (cons (max (point-min) (- (point) 4000)) (min (point-max) (+ (point) 4000)))))))

(defun gapmacs--highlights (buffer)
  "What the redisplay highlights in BUFFER: (BEG END FACE) lists.
The current isearch or query-replace match has face `isearch'; the other
matches in view `lazy-highlight'."
  (let ((current (cond ((and isearch-mode (eq buffer isearch--buffer) isearch-success
                             isearch-other-end (not (equal isearch-string "")))
                        (with-current-buffer buffer
                          (cons (min (point) isearch-other-end) (max (point) isearch-other-end))))
                       ((and replace--current-match (eq buffer (current-buffer)))
                        replace--current-match)))
        (out nil))
    (when (and isearch-mode (eq buffer isearch--buffer))
      (let ((range (isearch--visible-range buffer)))
        (dolist (m (with-current-buffer buffer
                     (gapmacs-isearch-matches (car range) (cdr range))))
          (unless (equal m current)
            (push (list (car m) (cdr m) 'lazy-highlight) out)))))
    (when current
      (push (list (car current) (cdr current) 'isearch) out))
    out))

(provide 'isearch)
