;;; grep.el --- M-x grep and M-x rgrep into *grep*  -*- lexical-binding: t -*-

(require 'compile)

(defvar grep-command "grep --color=always -nH --null -e "
  "The default command of \\[grep].  Emacs runs grep on a pty with
--color=auto; gapmacs reads it through a pipe, so it asks for colours.")
(defvar grep-match-face 'match "Face of the matches in grep's output.")
(defvar grep-match-regexp "\033\\[\\(?:0?1;\\)?31m\\(.*?\\)\033\\[[0-9]*m"
  "How grep marks a match when asked for colours (GREP_COLORS below).")
(defvar-local grep-num-matches-found 0)
(defvar grep-history nil)
(defvar grep-regexp-history nil)
(defvar grep-files-history nil)
(defvar grep-find-ignored-directories
  '("SCCS" "RCS" "CVS" "MCVS" ".src" ".svn" ".git" ".hg" ".bzr" "_MTN" "_darcs" "{arch}"))
(defvar grep-find-ignored-files
  (cons ".#*" (delq nil (mapcar (lambda (s) (unless (string-match-p "/\\'" s) (concat "*" s)))
                                completion-ignored-extensions)))
  "File names Emacs's rgrep and project.el's plain directories leave out.")
(defvar grep-program "grep")
;; What Emacs's grep-compute-defaults finds with GNU grep and find, which
;; Emacs's semantic/symref (xref-find-references) expands.
(defvar grep-template "grep <X> <C> -nH --null -e <R> <F>")
(defvar grep-find-template "find -H <D> <X> -type f <F> -exec grep <C> -nH --null -e <R> \\{\\} +")
(defvar grep-use-null-device nil)
(defvar grep-use-null-filename-separator t)
(defvar grep-find-use-xargs 'exec-plus)
(defun grep-compute-defaults ()
  "Emacs's settings for the grep and find on the machine: gapmacs's
variables hold those of GNU grep and find from the start."
  nil)
(defvar find-program "find")
(defvar xargs-program "xargs")

(defun grep-exit-message (status code _msg)
  "How a grep run ended, as Emacs 28 says it; matches are counted by the
parser, since `xargs' folds grep's exit codes into 123, and highlighted
matches by `grep-filter'."
  (let ((matched (> compilation-num-infos-found 0)))
    (cond ((not (eq status 'exit)) (cons (format "%s\n" (if (eq status 'signal) "interrupt" status)) code))
          ((and matched (> grep-num-matches-found 0))
           (cons (format "finished with %d match%s found\n" grep-num-matches-found
                         (if (= grep-num-matches-found 1) "" "es"))
                 "matched"))
          (matched '("finished with matches found\n" . "matched"))
          ((or (eq code 1) (eq code 123) (and (eq code 0) (not matched)))
           '("finished with no matches found\n" . "no match"))
          (t (cons (format "exited abnormally with code %d\n" code) code)))))

(defun grep-filter ()
  "Turn grep's match escapes in the whole lines of the new output into
`grep-match-face' and delete the other escapes, as Emacs's grep does.
Whole lines only, so no escape is cut between two chunks of output."
  (save-excursion
    (forward-line 0)
    (let ((end (point)))
      (goto-char compilation-filter-start)
      (forward-line 0)
      (when (< (point) end)
        (let ((beg (point))
              (end (copy-marker end)))
          (while (re-search-forward grep-match-regexp end 1)
            (replace-match (propertize (match-string 1) 'face nil 'font-lock-face grep-match-face) t t)
            (setq grep-num-matches-found (1+ grep-num-matches-found)))
          (goto-char beg)
          (while (re-search-forward "\033\\[[0-9;]*[mK]" end 1)
            (replace-match "" t t))
          (set-marker end nil))))))

(define-derived-mode grep-mode compilation-mode "Grep"
  "Major mode for grep output: RET visits the match."
  (add-hook 'compilation-filter-hook #'grep-filter nil t)
  (setq compilation-exit-message-function #'grep-exit-message)
  (setq compilation--mode-line-counts
        ;; Highlighted matches when grep coloured them, else matching lines.
        (lambda () (format " [%d]" (if (> grep-num-matches-found 0) grep-num-matches-found
                                     compilation-num-infos-found)))))

(defalias 'kill-grep #'kill-compilation)
(define-key grep-mode-map (kbd "C-c C-k") 'kill-grep)

(defun grep (command-args)
  "Run grep with COMMAND-ARGS (a whole shell command) into *grep*."
  (interactive
   (list (read-shell-command "Run grep (like this): " grep-command 'grep-history)))
  ;; Colours for the matches only, as Emacs asks grep for them.
  (let ((process-environment (append '("GREP_COLOR=01;31" "GREP_COLORS=mt=01;31:fn=:ln=:bn=:se=:sl=:cx=:ne")
                                     process-environment)))
    (compilation-start command-args 'grep-mode)))

;;;; rgrep: find feeding xargs grep while it runs

(defun grep--word-at-point ()
  (save-excursion
    (skip-chars-backward "-_[:alnum:]")
    (let ((beg (point)))
      (skip-chars-forward "-_[:alnum:]")
      (and (> (point) beg) (buffer-substring-no-properties beg (point))))))

(defun grep-read-regexp ()
  (let* ((default (grep--word-at-point))
         (answer (read-string (if default (format "Search for (default %s): " default)
                                "Search for: ")
                              nil 'grep-regexp-history)))
    (if (and (equal answer "") default) default answer)))

(defun grep--default-files ()
  (let ((file (buffer-file-name)))
    (if (and file (file-name-extension file))
        (concat "*." (file-name-extension file))
      "*")))

(defun grep-read-files (regexp)
  (let* ((default (grep--default-files))
         (answer (read-string (format "Search for \"%s\" in files matching wildcard (default %s): "
                                      regexp default)
                              nil 'grep-files-history)))
    (if (equal answer "") default answer)))

(defun rgrep--find-arguments (files)
  "find's arguments after the start directory: skip version-control
directories, keep regular files matching any of the wildcards in FILES."
  (let ((prune nil) (names nil))
    (dolist (d grep-find-ignored-directories)
      (setq prune (append prune (if prune (list "-o" "-name" d) (list "-name" d)))))
    (dolist (w (split-string files "[ \t]+" t))
      (setq names (append names (if names (list "-o" "-name" w) (list "-name" w)))))
    (append (list "-type" "d" "(") prune (list ")" "-prune" "-o" "-type" "f")
            (and names (append (list "(") names (list ")")))
            (list "-print0"))))

(defun grep--folds-case-p (regexp)
  "Whether a search for REGEXP ignores case, as Emacs's rgrep and lgrep decide:
`case-fold-search' on, and no upper-case letter in REGEXP."
  (and case-fold-search
       (let ((case-fold-search nil)) (not (string-match-p "[[:upper:]]" regexp)))))

(defun rgrep--grep-argv (regexp)
  (append (list xargs-program "-0" "-r" grep-program "--color=never" "-nH" "--null")
          (and (grep--folds-case-p regexp) (list "-i"))
          (list "-e" regexp)))

(defun rgrep--command-string (regexp files)
  "The pipeline as a shell command: what the header shows, and what it does."
  (concat (mapconcat #'shell-quote-argument (cons find-program (cons "." (rgrep--find-arguments files))) " ")
          " | "
          (mapconcat #'shell-quote-argument (rgrep--grep-argv regexp) " ")))

(defvar-local rgrep--find-process nil)
(defvar-local rgrep--stderr nil "The buffer collecting both processes' error output.")

(defun rgrep--find-filter (proc _start end)
  "Hand every complete NUL-terminated name that arrived to grep, at once."
  (let ((grep (process-get proc 'rgrep-grep)))
    (if (not (process-live-p grep))
        (delete-process proc)
      (save-excursion
        (goto-char end)
        (when (search-backward "\0" nil t)
          (let ((upto (1+ (point))))
            (process-send-region grep (point-min) upto)
            (delete-region (point-min) upto)))))))

(defun rgrep--find-sentinel (proc _event)
  (when (memq (process-status proc) '(exit signal))
    (let ((grep (process-get proc 'rgrep-grep))
          (buffer (process-buffer proc)))
      (when (process-live-p grep)
        (when (and (buffer-live-p buffer) (> (buffer-size buffer) 0))
          (with-current-buffer buffer
            (process-send-region grep (point-min) (point-max))
            (process-send-string grep "\0")))
        (process-send-eof grep))
      (when (buffer-live-p buffer) (kill-buffer buffer)))))

(defun rgrep--grep-sentinel (proc event)
  (let ((buffer (process-buffer proc)))
    (unless (buffer-live-p buffer)
      ;; *grep* was killed: its side buffer goes too.
      (let ((stderr (process-get proc 'rgrep-stderr)))
        (when (buffer-live-p stderr) (kill-buffer stderr))))
    (when (and (memq (process-status proc) '(exit signal)) (buffer-live-p buffer))
      (with-current-buffer buffer
        (when (process-live-p rgrep--find-process)
          (delete-process rgrep--find-process))
        ;; Error messages (unreadable directories...) go after the matches.
        (compilation--parse (marker-position (process-mark proc)) t)
        (when (buffer-live-p rgrep--stderr)
          (let ((errors (with-current-buffer rgrep--stderr (buffer-string)))
                (inhibit-read-only t))
            (kill-buffer rgrep--stderr)
            (unless (equal errors "")
              (save-excursion
                (goto-char (point-max))
                (insert errors)
                (unless (bolp) (insert "\n"))))))
        (setq compilation--parse-pos (point-max))
        (compilation-handle-exit (process-status proc) (process-exit-status proc) event)))))

(defun rgrep--start (regexp files)
  "A `compilation--start-function' running find into xargs grep."
  (lambda (_name-of-mode buffer _command)
    (let* ((stderr (generate-new-buffer " *rgrep-errors*"))
           (grep (apply #'make-process
                        :name "grep" :buffer buffer
                        :command (rgrep--grep-argv regexp)
                        :coding 'utf-8-unix
                        :stderr stderr
                        :region-filter #'compilation--filter
                        :sentinel #'rgrep--grep-sentinel
                        (compilation--line-unit)))
           (find (make-process
                  :name "find" :buffer (generate-new-buffer " *rgrep-find*")
                  :command (append (list find-program ".") (rgrep--find-arguments files))
                  :coding 'utf-8-unix
                  :stderr stderr
                  :noquery t
                  :region-filter #'rgrep--find-filter
                  :sentinel #'rgrep--find-sentinel)))
      (process-put find 'rgrep-grep grep)
      (process-put grep 'rgrep-stderr stderr)
      (with-current-buffer buffer
        (setq rgrep--find-process find
              rgrep--stderr stderr))
      grep)))

(defun rgrep (regexp &optional files dir _confirm)
  "Search for REGEXP in the files matching FILES under DIR.
find lists the files; each batch of names goes straight to a concurrent
`xargs grep', so matches appear while find still runs."
  (interactive
   (let* ((regexp (grep-read-regexp))
          (files (grep-read-files regexp))
          (dir (read-directory-name "Base directory: " nil default-directory t)))
     (list regexp files dir)))
  (when (equal regexp "") (user-error "Empty regexp"))
  (let* ((files (or files "*"))
         (default-directory (file-name-as-directory (expand-file-name (or dir default-directory))))
         (compilation--start-function (rgrep--start regexp files))
         (buffer (compilation-start (rgrep--command-string regexp files) 'grep-mode)))
    (with-current-buffer buffer
      (setq compilation--match-regexp (cons regexp (grep--folds-case-p regexp)))
      (let ((dir default-directory))
        (setq compilation--rerun-function
              (lambda () (rgrep regexp files dir)))))
    buffer))

(defun lgrep (regexp &optional files dir _confirm)
  "Search for REGEXP in the files matching FILES in DIR (not below it)."
  (interactive
   (let* ((regexp (grep-read-regexp))
          (files (grep-read-files regexp))
          (dir (read-directory-name "In directory: " nil default-directory t)))
     (list regexp files dir)))
  (let* ((default-directory (file-name-as-directory (expand-file-name (or dir default-directory))))
         (fold (grep--folds-case-p regexp))
         (command (if fold (replace-regexp-in-string "\\`\\(\\S-+\\) " "\\1 -i " grep-command t) grep-command))
         (buffer (compilation-start (concat command (shell-quote-argument regexp) " " (or files "*"))
                                    'grep-mode)))
    (with-current-buffer buffer
      (setq compilation--match-regexp (cons regexp fold)))
    buffer))


;;;; What other libraries take from Emacs's grep.el: xref's search
;;;; (project-find-regexp, xref-find-references) reads grep's hits with
;;;; the first regexp of `grep-regexp-alist' and builds its command with
;;;; `grep-expand-template'.

(defvar grep-highlight-matches 'auto-detect
  "Whether grep colours its matches: `always' (--color=always), `auto'
\(--color=auto), nil, or `auto-detect' (as grep's own default).")

(defconst grep-regexp-alist
  '(("^\\(?:\\(?1:[^\0\n]+\\)\\(?3:\0\\)\\(?2:[0-9]+\\):\\|\\(?1:[^\n:]+?[^\n/:]\\):[\t ]*\\(?2:[1-9][0-9]*\\)[\t ]*:\\)"
     1 2)
    ("^Binary file \\(.+\\) matches" 1 nil nil 0 1))
  "Where a line of grep's output names its file (group 1) and line (group
2), as `compilation-error-regexp-alist' entries: after --null a NUL ends
the name; without it, the first colon followed by a line number.")

(defconst grep-expand-keywords
  '(("<C>" . (mapconcat #'identity opts " "))
    ("<D>" . (or dir "."))
    ("<F>" . files)
    ("<N>" . (null-device))
    ("<X>" . excl)
    ("<R>" . (shell-quote-argument (or regexp ""))))
  "The place-holders of a grep command template and the forms giving
their text, evaluated with `opts', `dir', `files', `excl' and `regexp' bound.")

(defun grep-expand-template (template &optional regexp files dir excl more-opts)
  "TEMPLATE with its place-holders (`grep-expand-keywords') filled in:
<C> the options (MORE-OPTS, -i when REGEXP has no upper case and
`case-fold-search' is on, the colour option `grep-highlight-matches'
asks), <D> DIR, <F> FILES, <N> the null device, <X> EXCL, <R> REGEXP."
  (let* ((opts (append (pcase grep-highlight-matches
                         ('always '("--color=always"))
                         ('auto '("--color=auto")))
                       (and case-fold-search (isearch-no-upper-case-p regexp t) '("-i"))
                       more-opts))
         (env `((opts . ,opts) (excl . ,excl) (dir . ,dir) (files . ,files) (regexp . ,regexp)))
         (case-fold-search nil)
         (command template))
    (dolist (kw grep-expand-keywords command)
      (when (string-match (car kw) command)
        (setq command (replace-match (or (save-match-data (eval (cdr kw) env)) "")
                                     t t command))))))

(provide 'grep)
