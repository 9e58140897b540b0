;;; xref-stream.el --- xref matches shown as the search finds them  -*- lexical-binding: t -*-

;; Emacs 28's `project-find-regexp' lists the project's files, greps them
;; all, and only then shows *xref*: on a large tree the user waits for the
;; whole search, the editor frozen.  Here the listing program's output goes
;; to the search program as it comes (bug#64735's "pipe the received file
;; names concurrently to xargs grep"), both run as asynchronous processes,
;; and every whole line the search prints becomes xref items appended to
;; *xref* at once: the first match shows while the search runs and can be
;; visited, the keys never wait, and the mode line counts files and
;; matches.  When the search ends the buffer is what Emacs's would be: the
;; same items, groups, faces and order (Emacs sorts by file name; a listing
;; that came in another order is sorted then).
;;
;; Only the listing and the display are gapmacs's: the search program and
;; its template (`xref-search-program-alist'), the parsing
;; (`grep-regexp-alist') and the items (`xref--convert-hits') are Emacs's.

;;; Code:

(require 'xref)
(require 'grep)
(require 'project-listing)

(defvar xref-stream--processes nil
  "The listing and search processes filling this *xref* buffer.")
(defvar xref-stream--search nil
  "What this buffer's search is: (REGEXP ROOT LISTING), for `g'.")
(defvar xref-stream--display-root nil
  "The root group names are shown relative to (`xref-file-name-display').")
(defvar xref-stream--files 0 "File names listed so far.")
(defvar xref-stream--matches 0 "Matches shown so far.")
(defvar xref-stream--start nil "When the search started (`float-time').")
(defvar xref-stream--xrefs nil "Every item shown, the last first.")
(defvar xref-stream--sorted t
  "Non-nil while the items arrived in the order of their file names.")
(defvar xref-stream--errors nil
  "Lines of the search's output that were no match, the last first.")
(defvar xref-stream--list-status nil
  "The listing's exit status, once it ended.")
(defvar xref-stream--list-stderr nil
  "The buffer of what the listing said on its standard error.")
(defvar xref-stream--group nil "The group name of the last group shown.")
(defvar xref-stream--group-start nil "Where the last group's header starts.")
(defvar xref-stream--group-xrefs nil "The last group's items, the last first.")
(defvar xref-stream--group-format nil "The last group's line number format.")
(defvar xref-stream--group-max-line 0 "The last group's largest line number.")

(dolist (var '(xref-stream--processes xref-stream--search xref-stream--display-root
               xref-stream--files xref-stream--matches xref-stream--start
               xref-stream--xrefs xref-stream--sorted xref-stream--errors
               xref-stream--list-status xref-stream--list-stderr
               xref-stream--group xref-stream--group-start
               xref-stream--group-xrefs xref-stream--group-format
               xref-stream--group-max-line))
  (make-variable-buffer-local var))

;;;; Showing the items

(defun xref-stream--max-line (xrefs &optional max-line)
  "The largest line number of XREFS and MAX-LINE (0 when none has one)."
  (setq max-line (or max-line 0))
  (dolist (xref xrefs max-line)
    (let ((line (xref-location-line (xref-item-location xref))))
      (when (and line (> line max-line))
        (setq max-line line)))))

(defun xref-stream--line-format (max-line)
  "The line number format `xref--insert-xrefs' gives a group whose largest
line number is MAX-LINE: as wide as it (Emacs's (log N 10) is log10, exact)."
  (and (> max-line 0) (format "%%%dd: " (length (number-to-string max-line)))))

(defun xref-stream--insert-items (xrefs prev-line)
  "Insert the group's XREFS at the end of the buffer, as `xref--insert-xrefs'
does: one line a line number, several matches of a line together.  PREV-LINE
is the line of the item before them in the group, nil for a group's first
item.  Each group ends with a newline, which an item of the same line
goes before."
  (let ((props (list 'mouse-face 'highlight
                     'keymap xref--button-map
                     'help-echo "mouse-2: display in another window, RET or mouse-1: follow reference")))
    (dolist (xref xrefs)
      (let* ((line (xref-location-line (xref-item-location xref)))
             (same-line (and line (equal line prev-line))))
        (goto-char (if same-line (1- (point-max)) (point-max)))
        (xref--insert-propertized
         (cons 'xref-item (cons xref props))
         (cond (same-line "")
               ((not line) "  ")
               (t (propertize (format xref-stream--group-format line) 'face 'xref-line-number)))
         (xref-item-summary xref))
        (unless same-line (insert "\n"))
        (forward-line (if same-line 0 -1))
        (xref--apply-truncation)
        (setq prev-line line)))))

(defun xref-stream--insert-group (group xrefs)
  "Start GROUP at the end of the buffer with its XREFS."
  (goto-char (point-max))
  (setq xref-stream--group group
        xref-stream--group-start (copy-marker (point))
        xref-stream--group-xrefs (reverse xrefs)
        xref-stream--group-max-line (xref-stream--max-line xrefs)
        xref-stream--group-format (xref-stream--line-format xref-stream--group-max-line))
  (xref--insert-propertized '(face xref-file-header xref-group t) group "\n")
  (xref-stream--insert-items xrefs nil))

(defun xref-stream--extend-group (xrefs)
  "Append XREFS to the last group; when its line numbers grow wider,
the group is shown again in the new width, as Emacs's would be."
  (let ((max-line (xref-stream--max-line xrefs xref-stream--group-max-line)))
    (if (equal (xref-stream--line-format max-line) xref-stream--group-format)
        (let ((prev (car xref-stream--group-xrefs)))
          (setq xref-stream--group-xrefs (append (reverse xrefs) xref-stream--group-xrefs)
                xref-stream--group-max-line max-line)
          (xref-stream--insert-items xrefs (xref-location-line (xref-item-location prev))))
      (delete-region xref-stream--group-start (point-max))
      (xref-stream--insert-group xref-stream--group
                                 (append (reverse xref-stream--group-xrefs) xrefs)))))

(defun xref-stream--item-file (xref)
  (xref-file-location-file (xref-item-location xref)))

(defun xref-stream--show (xrefs)
  "Append XREFS, in the order found, to the current *xref* buffer."
  (let ((inhibit-read-only t)
        (buffer-undo-list t)
        (inhibit-modification-hooks t)
        (first (null xref-stream--xrefs)))
    (save-excursion
      (dolist (pair (xref--alistify xrefs (lambda (x) (xref-location-group (xref-item-location x)))))
        (let ((group (xref--group-name-for-display (car pair) xref-stream--display-root)))
          (if (equal group xref-stream--group)
              (xref-stream--extend-group (cdr pair))
            (xref-stream--insert-group group (cdr pair))))))
    (dolist (xref xrefs)
      (when (and xref-stream--sorted xref-stream--xrefs
                 (string< (xref-stream--item-file xref) (xref-stream--item-file (car xref-stream--xrefs))))
        (setq xref-stream--sorted nil))
      (push xref xref-stream--xrefs))
    (setq xref-stream--matches (+ xref-stream--matches (length xrefs)))
    (run-hooks 'xref-after-update-hook)
    (when first
      (xref-stream--first-shown))))

(defun xref-stream--first-shown ()
  "What `xref--auto-jump-first' does, once the first item is there."
  (let ((window (get-buffer-window (current-buffer))))
    (when (and xref-auto-jump-to-first-xref window)
      (with-selected-window window
        (xref--auto-jump-first (current-buffer) xref-auto-jump-to-first-xref)))))

(defun xref-stream--show-sorted ()
  "Show every item again in Emacs's order (by file name), point staying
on the item it was on."
  (let* ((item (get-text-property (point) 'xref-item))
         (xrefs (sort (reverse xref-stream--xrefs)
                      (lambda (a b) (string< (xref-stream--item-file a) (xref-stream--item-file b)))))
         (inhibit-read-only t)
         (buffer-undo-list t)
         (inhibit-modification-hooks t))
    (erase-buffer)
    (setq xref-stream--group nil xref-stream--xrefs nil xref-stream--sorted t
          xref-stream--matches 0)
    (xref-stream--show xrefs)
    (goto-char (or (and item (text-property-any (point-min) (point-max) 'xref-item item))
                   (point-min)))))

;;;; The processes

(defun xref-stream--count (n noun)
  (format "%d %s%s" n noun (if (= n 1) "" (if (string-suffix-p "h" noun) "es" "s"))))

(defun xref-stream--mode-line (state)
  "The mode line's account of the search, STATE being `run' or `exit'."
  (let ((seconds (- (float-time) xref-stream--start))
        (counts (concat (xref-stream--count xref-stream--files "file") ", "
                        (xref-stream--count xref-stream--matches "match"))))
    (setq mode-line-process
          (if (eq state 'run)
              (propertize (format ":run [%s, %d matches/s]" counts
                                  (round (/ xref-stream--matches (max seconds 0.001))))
                          'face 'compilation-mode-line-run)
            (propertize (format ":exit [%s, %.2f s]" counts seconds)
                        'face 'compilation-mode-line-exit)))
    (force-mode-line-update)))

(defun xref-stream--count-names (string)
  "How many NUL-terminated names STRING ends."
  (let ((count 0) (at 0))
    (while (setq at (string-search "\0" string at))
      (setq count (1+ count) at (1+ at)))
    count))

(defun xref-stream--list-filter (process string)
  "Pass what the listing PROCESS printed to the search, counting the names."
  (let ((searcher (process-get process 'xref-stream-searcher))
        (buffer (process-get process 'xref-stream-buffer)))
    (when (process-live-p searcher)
      (process-send-string searcher string))
    (when (buffer-live-p buffer)
      (with-current-buffer buffer
        (setq xref-stream--files (+ xref-stream--files (xref-stream--count-names string)))
        (xref-stream--mode-line 'run)))))

(defun xref-stream--list-sentinel (process _event)
  "The listing ended: the search's input ends too."
  (unless (process-live-p process)
    (let ((searcher (process-get process 'xref-stream-searcher))
          (buffer (process-get process 'xref-stream-buffer)))
      (when (process-live-p searcher)
        (process-send-eof searcher))
      (when (buffer-live-p buffer)
        (with-current-buffer buffer
          (setq xref-stream--list-status (process-exit-status process)))))))

(defun xref-stream--list-problem ()
  "Why the listing gave no file names, or nil.  Read once the search ended:
by then the listing's standard error has all come in."
  (cond ((and xref-stream--list-status (not (zerop xref-stream--list-status)))
         (format "File listing failed: %s"
                 (if (buffer-live-p xref-stream--list-stderr)
                     (with-current-buffer xref-stream--list-stderr (string-trim (buffer-string)))
                   "")))
        ((zerop xref-stream--files) "Empty file list")))

(defun xref-stream--take-hits (string root)
  "Add STRING to the search's output (the current buffer) and take the hits
of its whole lines, in order: (LINE FILE TEXT) as `xref-matches-in-files'
makes them, FILE absolute under ROOT.  The second value is the lines that
were no hit."
  (goto-char (point-max))
  (insert string)
  (let ((end (and (search-backward "\n" nil t) (1+ (point))))
        hits others)
    (when end
      (pcase-let ((`(,grep-re ,file-group ,line-group . ,_) (car grep-regexp-alist)))
        (save-restriction
          (narrow-to-region (point-min) end)
          (goto-char (point-min))
          (while (not (eobp))
            (cond ((looking-at grep-re)
                   (push (list (string-to-number (match-string line-group))
                               (expand-file-name (match-string file-group) root)
                               (buffer-substring-no-properties (match-end 0) (line-end-position)))
                         hits))
                  ((looking-at "Binary file .* matches"))
                  (t (push (buffer-substring-no-properties (point) (line-end-position)) others)))
            (forward-line 1)))
        (delete-region (point-min) end)))
    (cons (nreverse hits) others)))

(defun xref-stream--search-filter (process string)
  "Show the matches in what the search PROCESS printed."
  (let ((buffer (process-get process 'xref-stream-buffer)))
    (when (and (buffer-live-p buffer) (buffer-live-p (process-buffer process)))
      (let* ((root (with-current-buffer buffer default-directory))
             (taken (with-current-buffer (process-buffer process)
                      (save-excursion (xref-stream--take-hits string root)))))
        (with-current-buffer buffer
          (setq xref-stream--errors (append (cdr taken) xref-stream--errors))
          (when (car taken)
            (let ((xrefs (xref--convert-hits (car taken) (car xref-stream--search))))
              (when xrefs (xref-stream--show xrefs))))
          (xref-stream--mode-line 'run))))))

(defun xref-stream--search-sentinel (process _event)
  "The search ended: its last line, Emacs's order, and the outcome."
  (unless (process-live-p process)
    (let ((buffer (process-get process 'xref-stream-buffer))
          (output (process-buffer process)))
      (when (and (buffer-live-p output) (buffer-live-p buffer)
                 (> (buffer-size output) 0))
        (xref-stream--search-filter process "\n"))
      (when (buffer-live-p output)
        (kill-buffer output))
      (when (buffer-live-p buffer)
        (with-current-buffer buffer
          (setq xref-stream--processes nil)
          (xref-stream--finish (process-exit-status process)))))))

(defun xref-stream--finish (status)
  "The search ended with STATUS: show its outcome as Emacs would."
  (unless xref-stream--sorted
    (let ((window (get-buffer-window (current-buffer))))
      (if window
          (with-selected-window window (xref-stream--show-sorted))
        (xref-stream--show-sorted))))
  (xref-stream--mode-line 'exit)
  (when (zerop xref-stream--matches)
    (let ((inhibit-read-only t))
      (erase-buffer)
      (insert (propertize (cond ((xref-stream--list-problem))
                                (xref-stream--errors
                                 (format "Search failed with status %d: %s"
                                         status (car (last xref-stream--errors))))
                                (t (format "No matches for: %s" (car xref-stream--search))))
                          'face 'error))
      (message "%s" (buffer-string))))
  (xref-stream--kill-stderr))

(defun xref-stream--kill-stderr ()
  (when (buffer-live-p xref-stream--list-stderr)
    (kill-buffer xref-stream--list-stderr)))

(defun xref-stream-stop ()
  "Stop the search that fills the current *xref* buffer."
  (interactive)
  (dolist (process xref-stream--processes)
    ;; Its sentinel, which runs later, no longer reports to this buffer.
    (process-put process 'xref-stream-buffer nil)
    (when (process-live-p process)
      (delete-process process)))
  (setq xref-stream--processes nil)
  (xref-stream--kill-stderr))

(defun xref-stream--search-command (regexp)
  "The search program's command for REGEXP, as `xref-matches-in-files'
makes it, its output line-buffered (the first match shows at once)."
  (let ((grep-highlight-matches nil)
        (template (or (assoc xref-search-program xref-search-program-alist)
                      (user-error "Unknown search program `%s'" xref-search-program))))
    (grep-expand-template (cdr template) (xref--regexp-to-extended regexp) nil nil nil
                          (and (memq xref-search-program '(grep ripgrep)) '("--line-buffered")))))

(defun xref-stream--start (regexp root listing)
  "Fill the current buffer with the matches of REGEXP in the files that the
shell command LISTING lists under ROOT."
  (xref-stream-stop)
  (let ((inhibit-read-only t))
    (erase-buffer))
  (setq overlay-arrow-position nil)
  (setq default-directory root
        xref-stream--search (list regexp root listing)
        xref-stream--files 0 xref-stream--matches 0 xref-stream--start (float-time)
        xref-stream--xrefs nil xref-stream--sorted t xref-stream--errors nil
        xref-stream--list-status nil xref-stream--group nil)
  (let* ((buffer (current-buffer))
         ;; What call-process decodes with in a UTF-8 locale; not read from
         ;; `default-process-coding-system', whose first use loads every
         ;; language environment (0.2 s).
         (coding (or coding-system-for-read 'utf-8-unix))
         (searcher (make-process :name "xref-search"
                                 :buffer (generate-new-buffer " *xref-search*")
                                 :command (list shell-file-name shell-command-switch
                                                (xref-stream--search-command regexp))
                                 :connection-type 'pipe
                                 :coding (cons coding 'binary)
                                 :noquery t
                                 :filter #'xref-stream--search-filter
                                 :sentinel #'xref-stream--search-sentinel))
         (stderr (generate-new-buffer " *xref-list errors*"))
         (lister (make-process :name "xref-list"
                               :command (list shell-file-name shell-command-switch listing)
                               :connection-type 'pipe
                               :coding 'binary
                               :stderr stderr
                               :noquery t
                               :filter #'xref-stream--list-filter
                               :sentinel #'xref-stream--list-sentinel)))
    (process-put searcher 'xref-stream-buffer buffer)
    (process-put lister 'xref-stream-buffer buffer)
    (process-put lister 'xref-stream-searcher searcher)
    (setq xref-stream--list-stderr stderr)
    (when-let ((stderr-process (get-buffer-process stderr)))
      (set-process-query-on-exit-flag stderr-process nil))
    (setq xref-stream--processes (list lister searcher))
    (xref-stream--mode-line 'run)))

(defun xref-stream-search (regexp root listing)
  "Show in *xref* the matches of REGEXP in the files the shell command
LISTING lists (NUL-terminated, relative to ROOT), as they are found."
  (xref--push-markers)
  (let ((window (selected-window))
        ;; As `xref--analyze': relative to the project of ROOT, if any (a
        ;; plain directory's matches show whole file names).
        (display-root (and (eq xref-file-name-display 'project-relative)
                           (let* ((default-directory root)
                                  (project (project-current)))
                             (and project (expand-file-name (xref--project-root project)))))))
    (with-current-buffer (get-buffer-create xref-buffer-name)
      (xref-stream-stop)
      (xref--xref-buffer-mode)
      (setq buffer-undo-list nil
            xref--original-window window
            xref--original-window-intent nil
            xref-stream--display-root display-root)
      (add-hook 'post-command-hook #'xref--apply-truncation nil t)
      (add-hook 'kill-buffer-hook #'xref-stream-stop nil t)
      (xref-stream--start regexp root listing)
      (pop-to-buffer (current-buffer))
      (goto-char (point-min))
      (current-buffer))))

(defun xref-stream--revert (&rest _)
  "`g' in a streamed *xref*: search again, streaming."
  (when xref-stream--search
    (apply #'xref-stream--start xref-stream--search)
    t))

(defun xref-stream--project-find-regexp (find-regexp regexp)
  "`project-find-regexp' (FIND-REGEXP) of REGEXP, the matches shown as the
search finds them when the project's listing is one shell command."
  (let* ((project (and (not current-prefix-arg) (project-current t)))
         (listing (and project (project-listing-command project))))
    (if (not listing)
        (funcall find-regexp regexp)
      (require 'xref)
      (xref-stream-search regexp (expand-file-name (project-root project)) listing))))

(advice-add 'project-find-regexp :around #'xref-stream--project-find-regexp)
(advice-add 'xref-revert-buffer :before-until #'xref-stream--revert)

(provide 'xref-stream)

;;; xref-stream.el ends here
