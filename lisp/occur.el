;;; occur.el --- M-s o: the lines of a buffer that match a regexp  -*- lexical-binding: t -*-

;; *Occur* lists each matching line once, prefixed with its line number,
;; the matches in the `match' face.  Each listed line carries a marker into
;; the searched buffer (the `occur-target' property), so the list stays
;; right while that buffer is edited.  Case folds as isearch does: an
;; uppercase letter in the regexp makes the search case-sensitive.

(defvar occur-history nil)
(defvar-local occur--source nil "(BUFFER REGEXP NLINES) this *Occur* buffer lists.")

(define-derived-mode occur-mode special-mode "Occur"
  "Major mode for *Occur*: RET or o visits the line, C-o shows it, n and p move, g reruns."
  (setq-local revert-buffer-function #'occur--revert)
  (setq-local next-error-function #'occur-next-error))

(let ((map occur-mode-map))
  (define-key map "\r" 'occur-mode-goto-occurrence)
  (define-key map "o" 'occur-mode-goto-occurrence-other-window)
  (define-key map "\C-o" 'occur-mode-display-occurrence)
  (define-key map "n" 'occur-next)
  (define-key map "p" 'occur-prev)
  (define-key map "\M-n" 'occur-next)
  (define-key map "\M-p" 'occur-prev))

(defun occur--case-fold (regexp)
  "Whether to fold case for REGEXP: `case-fold-search', unless REGEXP has an uppercase letter."
  (and case-fold-search
       (let ((case-fold-search nil))
         (not (string-match-p "\\(?:^\\|[^\\]\\)[[:upper:]]" regexp)))))

(defun occur--collect (regexp)
  "The matching lines of the current buffer: (LINE-NUMBER START TEXT . MATCH-RANGES)."
  (let ((case-fold-search (occur--case-fold regexp))
        (lines nil) (line 1) (counted (point-min)) (matches 0))
    (save-excursion
      (goto-char (point-min))
      (while (and (not (eobp)) (re-search-forward regexp nil t))
        (let* ((bol (save-excursion (goto-char (match-beginning 0)) (line-beginning-position)))
               (eol (save-excursion (goto-char (match-beginning 0)) (line-end-position)))
               (ranges nil))
          (setq line (+ line (count-lines counted bol)) counted bol)
          ;; Every match on this line, for highlighting.
          (goto-char bol)
          (while (and (< (point) eol) (re-search-forward regexp eol t))
            (push (cons (- (match-beginning 0) bol) (- (match-end 0) bol)) ranges)
            (setq matches (1+ matches))
            (when (= (match-beginning 0) (match-end 0)) (forward-char 1)))
          (when (null ranges) (setq matches (1+ matches)))
          (push (list line bol (buffer-substring-no-properties bol eol) (nreverse ranges)) lines)
          (goto-char eol)
          (unless (eobp) (forward-char 1)))))
    (cons matches (nreverse lines))))

(defun occur--insert-line (source entry)
  (let ((start (point))
        (prefix (format "%7d:" (nth 0 entry))))
    (insert prefix (nth 2 entry))
    (dolist (r (nth 3 entry))
      (add-text-properties (+ start (length prefix) (car r)) (+ start (length prefix) (cdr r))
                           '(face match)))
    ;; Visiting the line goes to its first match, as in Emacs.
    (put-text-property start (point) 'occur-target
                       (with-current-buffer source
                         (copy-marker (+ (nth 1 entry) (or (car (car (nth 3 entry))) 0)))))
    (insert "\n")))

(defun occur (regexp &optional nlines)
  "List the lines of this buffer that match REGEXP in *Occur*."
  (interactive (list (read-regexp "List lines matching regexp" (car occur-history) 'occur-history)
                     current-prefix-arg))
  (occur--run (current-buffer) regexp nlines))

(unless (fboundp 'read-regexp)
  (defun read-regexp (prompt &optional default history)
    (let ((answer (read-from-minibuffer
                   (if default (format "%s (default %s): " prompt default) (format "%s: " prompt))
                   nil nil nil (or history 'regexp-history))))
      (if (and (equal answer "") default) default answer))))

(defun occur--run (source regexp nlines)
  (let* ((found (with-current-buffer source (occur--collect regexp)))
         (matches (car found)) (lines (cdr found)))
    (if (null lines)
        (progn (message "Searched 1 buffer; no matches for \"%s\"" regexp) nil)
      (let ((buffer (get-buffer-create "*Occur*")))
        (with-current-buffer buffer
          (let ((inhibit-read-only t))
            (occur-mode)
            (erase-buffer)
            (setq occur--source (list source regexp nlines))
            (insert (propertize
                     (format "%d match%s%s for \"%s\" in buffer: %s\n"
                             matches (if (= matches 1) "" "es")
                             (if (/= matches (length lines))
                                 (format " in %d line%s" (length lines) (if (= (length lines) 1) "" "s"))
                               "")
                             regexp (buffer-name source))
                     'face 'underline))
            (dolist (entry lines) (occur--insert-line source entry))
            (set-buffer-modified-p nil)
            (goto-char (point-min))))
        (setq next-error-last-buffer buffer)
        (display-buffer buffer)
        (message "Searched 1 buffer; %d match%s for \"%s\"" matches (if (= matches 1) "" "es") regexp)
        buffer))))

(defun occur--revert (&rest _)
  (let ((source occur--source) (line (line-number-at-pos)))
    (unless (buffer-live-p (car source)) (user-error "Buffer was killed"))
    (apply #'occur--run source)
    (goto-char (point-min))
    (forward-line (1- line))))

(defun occur--target ()
  (let ((m (get-text-property (line-beginning-position) 'occur-target)))
    (unless (and (markerp m) (buffer-live-p (marker-buffer m)))
      (user-error (if m "Buffer for this occurrence was killed" "No occurrence on this line")))
    m))

(defun occur--show (select)
  "Show the occurrence on this line in another window; SELECT it when asked."
  (let* ((m (occur--target))
         (here (and (fboundp 'split-window-below) (selected-window)))
         (window (and here (display-buffer (marker-buffer m)))))
    (if (not (and window (windowp window)))
        (progn (switch-to-buffer (marker-buffer m)) (goto-char m))
      (select-window window)
      (goto-char m)
      (unless select (select-window here)))))

(defun occur-mode-goto-occurrence ()
  "Go to the occurrence on this line, in another window."
  (interactive)
  (occur--show t))

(defun occur-mode-goto-occurrence-other-window ()
  (interactive)
  (occur--show t))

(defun occur-mode-display-occurrence ()
  "Show the occurrence on this line in another window, staying here."
  (interactive)
  (occur--show nil))

(defun occur-next (&optional n)
  "Move to the Nth next listed line."
  (interactive "p")
  (setq n (or n 1))
  (let ((moved (forward-line n)))
    (when (or (/= moved 0) (eobp) (= (line-number-at-pos) 1))
      (forward-line (- n))
      (user-error (if (> n 0) "No more matches" "No earlier matches")))))

(defun occur-prev (&optional n)
  "Move to the Nth previous listed line."
  (interactive "p")
  (occur-next (- (or n 1))))

(defun occur-next-error (n &optional reset)
  "`next-error' in *Occur*: visit the Nth next listed line."
  (with-current-buffer (if (derived-mode-p 'occur-mode) (current-buffer) next-error-last-buffer)
    (if reset
        (progn (goto-char (point-min)) (forward-line 1))
      (let ((window (get-buffer-window (current-buffer))))
        (when window (goto-char (window-point window))))
      (occur-next n))
    (let ((window (get-buffer-window (current-buffer))))
      (when window (set-window-point window (point))))
    (let ((m (occur--target)))
      (switch-to-buffer (marker-buffer m))
      (goto-char m))))

(defvar search-map (make-sparse-keymap) "Keymap for the search commands under M-s.")
(define-key esc-map "s" search-map)
(define-key search-map "o" 'occur)

(provide 'occur)
;;; occur.el ends here
