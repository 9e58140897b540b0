;;; project-file-stream.el --- project-find-file completing while the scan runs  -*- lexical-binding: t -*-

;; Emacs 28's `project-find-file' lists the whole project (`project-files')
;; before its minibuffer opens: on a large tree the user looks at a frozen
;; editor until the listing ends.  Here the minibuffer opens at once and
;; the listing (project-listing.el's command, the one `project-files'
;; runs) is an asynchronous process whose names are added as they come:
;; TAB, ? and RET complete over the names found so far, the prompt counts
;; them ("Find file in ~/src/ (41250 files, scanning): "), and once the
;; scan ends the names are all those `project-files' gives.  Leaving the
;; minibuffer, by RET or C-g, stops the scan.
;;
;; The reading is Emacs's: `project--completing-read-strict' over a
;; `project-file' table (so the substring style completes "a.c" to
;; "src/a.c"), relative to the project's root.  Emacs strips the longest
;; directory all names share, which is the root unless every file lies
;; in one subdirectory; a scan cannot know that before it ends.

;;; Code:

(require 'cl-lib)
(require 'project)
(require 'project-listing)

(cl-defstruct (project-file-stream--scan
               (:constructor project-file-stream--make-scan)
               (:copier nil))
  "A listing of a project's files still coming in."
  process
  (names nil :documentation "The names listed so far, in their order.")
  (last nil :documentation "The last cons of NAMES, where the next go.")
  (count 0)
  (partial "" :documentation "A name whose end has not come yet.")
  (status nil :documentation "The listing's exit status, once it ended.")
  (errors nil :documentation "The buffer of what the listing said on stderr.")
  (prompt nil :documentation "The prompt before the count.")
  (minibuffer nil :documentation "The buffer of the minibuffer reading.")
  (stopped nil :documentation "Non-nil once the reading ended: nothing more is shown."))

(defun project-file-stream--add (scan names)
  "Append the list NAMES to SCAN's names."
  (when names
    (if (project-file-stream--scan-last scan)
        (setcdr (project-file-stream--scan-last scan) names)
      (setf (project-file-stream--scan-names scan) names))
    (setf (project-file-stream--scan-last scan) (last names))
    (cl-incf (project-file-stream--scan-count scan) (length names))))

(defun project-file-stream--take (scan string)
  "Add to SCAN the names that STRING, the listing's next output, ends."
  (let* ((names (split-string (concat (project-file-stream--scan-partial scan) string) "\0"))
         (before-last (last names 2)))
    ;; The last piece is the start of a name not ended yet, or "".
    (if (null (cdr names))
        (setf (project-file-stream--scan-partial scan) (car names))
      (setf (project-file-stream--scan-partial scan) (cadr before-last))
      (setcdr before-last nil)
      (project-file-stream--add scan names))
    (project-file-stream--show-count scan)))

(defun project-file-stream--end (scan process)
  "The listing PROCESS of SCAN ended (not stopped: a stopped scan's
minibuffer may be reading something else now)."
  (unless (project-file-stream--scan-stopped scan)
    (project-file-stream--ended scan process)))

(defun project-file-stream--ended (scan process)
  (let ((partial (project-file-stream--scan-partial scan)))
    (unless (string-empty-p partial)
      (setf (project-file-stream--scan-partial scan) "")
      (project-file-stream--add scan (list partial))))
  (setf (project-file-stream--scan-status scan) (process-exit-status process))
  (project-file-stream--show-count scan)
  (let ((why (project-file-stream--failure scan)))
    (when why
      (message "%s" why))))

(defun project-file-stream--failure (scan)
  "Why SCAN's listing failed (its first line on stderr), or nil."
  (let ((status (project-file-stream--scan-status scan))
        (errors (project-file-stream--scan-errors scan)))
    (when (and status (/= status 0))
      (format "File listing failed: %s"
              (or (and (buffer-live-p errors)
                       (with-current-buffer errors
                         (goto-char (point-min))
                         (skip-chars-forward " \t\n")
                         (and (not (eobp))
                              (buffer-substring (point) (line-end-position)))))
                  (format "exit status %d" status))))))

(defun project-file-stream--prompt (scan)
  "SCAN's prompt, counting its names."
  (let ((count (project-file-stream--scan-count scan))
        (status (project-file-stream--scan-status scan)))
    (format "%s (%d file%s%s): " (project-file-stream--scan-prompt scan)
            count (if (= count 1) "" "s")
            (cond ((null status) ", scanning")
                  ((= status 0) "")
                  (t ", listing failed")))))

(defun project-file-stream--show-count (scan)
  "Show SCAN's count in its minibuffer's prompt, when that minibuffer is
the one reading (not a minibuffer opened from it)."
  (let ((minibuffer (project-file-stream--scan-minibuffer scan))
        (window (active-minibuffer-window)))
    (when (and minibuffer window (fboundp 'gapmacs-set-minibuffer-prompt)
               (eq (window-buffer window) minibuffer))
      (gapmacs-set-minibuffer-prompt (project-file-stream--prompt scan)))))

(defun project-file-stream-start (root listing)
  "Start the shell command LISTING, which prints NUL-terminated file names
relative to ROOT, and return the scan that gathers them."
  (let* ((scan (project-file-stream--make-scan))
         (default-directory root)
         (errors (generate-new-buffer " *project-files errors*"))
         (process (make-process
                   :name "project-files"
                   :command (list shell-file-name shell-command-switch listing)
                   :connection-type 'pipe
                   ;; As call-process decodes in a UTF-8 locale (not through
                   ;; `default-process-coding-system', whose first use loads
                   ;; every language environment).
                   :coding (cons (or coding-system-for-read 'utf-8-unix) 'binary)
                   :stderr errors
                   :noquery t
                   :filter (lambda (_process string) (project-file-stream--take scan string))
                   :sentinel (lambda (process _event)
                               (unless (process-live-p process)
                                 (project-file-stream--end scan process))))))
    (when-let ((errors-process (get-buffer-process errors)))
      (set-process-query-on-exit-flag errors-process nil))
    (setf (project-file-stream--scan-process scan) process
          (project-file-stream--scan-errors scan) errors)
    scan))

(defun project-file-stream-stop (scan)
  "Stop SCAN's listing, if it still runs."
  (setf (project-file-stream--scan-stopped scan) t
        (project-file-stream--scan-minibuffer scan) nil)
  (let ((process (project-file-stream--scan-process scan)))
    (when (process-live-p process)
      (delete-process process)))
  (let ((errors (project-file-stream--scan-errors scan)))
    (when (buffer-live-p errors)
      (kill-buffer errors))))

(defun project-file-stream-wait (scan)
  "Wait until SCAN's listing ends; its names."
  (let ((process (project-file-stream--scan-process scan)))
    (while (process-live-p process)
      (accept-process-output process 0.05))
    ;; The sentinel runs after the last output.
    (while (not (project-file-stream--scan-status scan))
      (accept-process-output nil 0.01)))
  (project-file-stream--scan-names scan))

(defun project-file-stream-table (scan)
  "A completion table of SCAN's names so far, of category `project-file'."
  (lambda (string pred action)
    (if (eq action 'metadata)
        '(metadata (category . project-file))
      (complete-with-action action (project-file-stream--scan-names scan) string pred))))

(defun project-file-stream-read (scan prompt &optional mb-default)
  "Read one of SCAN's names with PROMPT (no colon), completing over those
found so far; MB-DEFAULT is offered by M-n, as Emacs's reader offers it."
  (setf (project-file-stream--scan-prompt scan) prompt)
  (minibuffer-with-setup-hook
      (lambda ()
        (setf (project-file-stream--scan-minibuffer scan) (current-buffer)))
    (project--completing-read-strict
     ;; The reader adds ": ".
     (substring (project-file-stream--prompt scan) 0 -2)
     (project-file-stream-table scan) nil nil mb-default)))

(defun project-file-stream--find-file-in (find-file-in suggested-filename dirs project)
  "`project-find-file-in' (FIND-FILE-IN) with the minibuffer open while
the project is listed, when that listing is one shell command."
  (let* ((root (project-root project))
         (listing (and (equal dirs (list root))
                       (eq project-read-file-name-function #'project--read-file-cpd-relative)
                       (project-listing-command project))))
    (if (not listing)
        (funcall find-file-in suggested-filename dirs project)
      (let* ((scan (project-file-stream-start (expand-file-name root) listing))
             (completion-ignore-case read-file-name-completion-ignore-case)
             (file (unwind-protect
                       (project-file-stream-read scan (format "Find file in %s" root)
                                                 suggested-filename)
                     (project-file-stream-stop scan))))
        (if (string= file "")
            (user-error "You didn't specify the file")
          (find-file (concat root file)))))))

(advice-add 'project-find-file-in :around #'project-file-stream--find-file-in)

(provide 'project-file-stream)

;;; project-file-stream.el ends here
