;;; file-local.el --- file-local and directory-local variables  -*- lexical-binding: t -*-

;; How projects configure Emacs, as Emacs 28's files.el does it: a -*- line
;; ("-*- mode: c; fill-column: 72 -*-"), a "Local Variables:" block near
;; the end of the file, and .dir-locals.el in a directory above. With
;; Emacs's safety: a value is applied at once only when known safe (the
;; variable's `safe-local-variable' predicate, or `safe-local-variable-values');
;; risky variables, unsafe values and `eval' forms are applied only after
;; the user says so, and never in batch (where nobody can be asked) unless
;; `enable-local-variables' is :all, or `enable-local-eval' is t for eval.

(defvar enable-local-variables t) ; documented in modes.el, which binds it
(defvar enable-local-eval 'maybe
  "t: eval forms without asking; nil: never; else ask.")
(defvar local-enable-local-variables t)
(make-variable-buffer-local 'local-enable-local-variables)
(defvar enable-dir-local-variables t)
(defvar dir-locals-file ".dir-locals.el")
(defvar inhibit-local-variables-suffixes nil
  "File name suffixes to drop before `inhibit-local-variables-regexps' tests
a name (jka-compr adds those of compressed files).")
(defvar safe-local-variable-values nil
  "(VARIABLE . VALUE) pairs the user said are safe.")
(defvar ignored-local-variable-values nil)
(defvar ignored-local-variables
  '(ignored-local-variables safe-local-variable-values
    file-local-variables-alist dir-local-variables-alist))
(defvar safe-local-eval-forms
  '((add-hook 'write-file-hooks 'time-stamp)
    (add-hook 'write-file-functions 'time-stamp)
    (add-hook 'before-save-hook 'time-stamp nil t)
    (add-hook 'before-save-hook 'delete-trailing-whitespace nil t)))
(defvar file-local-variables-alist nil)
(make-variable-buffer-local 'file-local-variables-alist)
(defvar dir-local-variables-alist nil)
(make-variable-buffer-local 'dir-local-variables-alist)
(defvar before-hack-local-variables-hook nil)
(defvar hack-local-variables-hook nil)

;; What Emacs's own defcustoms declare safe.
(dolist (entry '((fill-column . integerp) (tab-width . integerp) (standard-indent . integerp)
                 (left-margin . integerp) (comment-column . integerp) (indent-tabs-mode . booleanp)
                 (truncate-lines . booleanp) (word-wrap . booleanp) (case-fold-search . booleanp)
                 (sentence-end-double-space . booleanp) (show-trailing-whitespace . booleanp)
                 (require-final-newline . symbolp) (lexical-binding . booleanp)
                 (no-byte-compile . booleanp) (buffer-file-coding-system . symbolp)
                 (c-basic-offset . integerp) (c-file-style . stringp) (python-indent-offset . integerp)
                 (js-indent-level . integerp) (sh-basic-offset . integerp) (lisp-indent-offset . integerp)
                 (outline-regexp . stringp) (page-delimiter . stringp)
                 (version-control . version-control-safe-local-p)
                 (delete-old-versions . symbolp) (kept-new-versions . integerp) (kept-old-versions . integerp)
                 (comment-start . stringp) (comment-end . stringp) (electric-indent-inhibit . booleanp)
                 ;; files.el's for the variables of Emacs's C.
                 (buffer-read-only . booleanp) (default-directory . stringp)
                 (inhibit-compacting-font-caches . booleanp) (no-update-autoloads . booleanp)
                 (bidi-display-reordering . booleanp)
                 (bidi-paragraph-direction . file-local--bidi-direction-p)))
  (put (car entry) 'safe-local-variable (cdr entry)))

(defun version-control-safe-local-p (x)
  "Return whether X is safe as local value for `version-control'."
  (or (booleanp x) (equal x 'never)))

(defun file-local--bidi-direction-p (v)
  (memq v '(nil right-to-left left-to-right)))

;; And what Emacs's preloaded loaddefs.el declares for the variables of
;; libraries not loaded yet (bytecomp's no-byte-compile, autoload's
;; no-update-autoloads, allout's, checkdoc's...): 8 ms, once.
(internal--eval-loaddefs-forms "^(put '[^ \n]+ '\\(?:safe\\|risky\\)-local-variable ")

;; What Emacs marks risky: a file must not set them unasked.
(dolist (var '(buffer-file-name buffer-auto-save-file-name buffer-file-truename buffer-undo-list
               debugger default-directory default-text-properties eval exec-path
               file-name-handler-alist load-path major-mode minor-mode-alist minor-mode-map-alist
               mode-line-format header-line-format process-environment shell-file-name
               enable-local-eval enable-local-variables safe-local-variable-values
               safe-local-eval-forms inhibit-read-only))
  (put var 'risky-local-variable t))

;;;###autoload
(defun risky-local-variable-p (sym &optional _ignored)
  "Whether SYM is risky to set as a file-local variable, as Emacs decides."
  (or (get sym 'risky-local-variable)
      (and (string-match-p "-\\(?:command\\|function\\|functions\\|hook\\|hooks\\|form\\|forms\\|map\\|map-alist\\|mode-alist\\|program\\|predicate\\)\\'"
                           (symbol-name sym))
           (not (get sym 'safe-local-variable)))))

;;;###autoload
(defun safe-local-variable-p (sym val)
  "Whether VAL is a safe file-local value of SYM."
  (or (member (cons sym val) safe-local-variable-values)
      (let ((safep (get sym 'safe-local-variable)))
        (and (functionp safep)
             (condition-case nil (funcall safep val) (error nil))))))

(defun hack-one-local-variable-eval-safep (exp)
  "Whether EXP, an eval: form, is safe without asking."
  (or (member exp safe-local-eval-forms)
      (and (consp exp) (symbolp (car exp))
           (let ((prop (get (car exp) 'safe-local-eval-function)))
             (cond ((eq prop t)
                    ;; Only constant arguments, as Emacs's macroexp-const-p.
                    (not (seq-find (lambda (arg) (and (consp arg) (not (eq (car arg) 'quote)))
                                            (and (symbolp arg) arg (not (eq arg t))
                                                 (not (keywordp arg))))
                                   (cdr exp))))
                   ((functionp prop) (funcall prop exp)))))))

;;;; Reading them from the text

(defun file-local--setting (spec what)
  "The (VAR . VALUE) that SPEC, \"VAR: VALUE\", gives, or nil with a message
naming WHAT when it is malformed. A mode's value is a name, not read."
  (when (string-match "\\`[ \t]*\\([^ \t:]+\\)[ \t]*:[ \t]*\\(.*?\\)[ \t]*\\'" spec)
    (let ((var (intern (match-string 1 spec)))
          (text (match-string 2 spec)))
      (condition-case nil
          (cons var (if (eq var 'mode) (intern (downcase text)) (car (read-from-string text))))
        (error (message "Malformed %s: %s" what spec) nil)))))

(defun file-local--prop-line ()
  "The (VAR . VALUE) settings of the -*- line, mode first; nil when none."
  (save-excursion
    (goto-char (point-min))
    (skip-chars-forward " \t\n")
    (let ((limit (line-end-position (if (looking-at "^\\(#!\\|'\\\\\"\\)") 2 1)))
          result)
      (when (search-forward "-*-" limit t)
        (let* ((beg (point))
               (end (and (search-forward "-*-" limit t) (- (point) 3)))
               (inner (and end (string-trim (buffer-substring-no-properties beg end)))))
          (cond ((null inner) nil)
                ((not (string-match-p ":" inner))
                 ;; -*- C++ -*-: a mode name alone.
                 (unless (string= inner "")
                   (push (cons 'mode (intern (downcase inner))) result)))
                (t
                 (dolist (part (split-string inner ";" t "[ \t]+"))
                   (let ((setting (file-local--setting part "-*- line")))
                     (when setting (push setting result))))))))
      (nreverse result))))

(defun file-local--block ()
  "The (VAR . VALUE) settings of the Local Variables: block, in order."
  (save-excursion
    (goto-char (point-max))
    (search-backward "\n\^L" (max (- (point-max) 3000) (point-min)) 'move)
    (let ((case-fold-search t) result)
      (when (search-forward "Local Variables:" nil t)
        (let* ((prefix (buffer-substring-no-properties (line-beginning-position) (match-beginning 0)))
               (suffix (string-trim (buffer-substring-no-properties (point) (line-end-position))))
               (prefix-re (concat "\\`[ \t]*" (regexp-quote (string-trim prefix)) "[ \t]*"))
               (suffix-re (if (string= suffix "") "" (concat "[ \t]*" (regexp-quote suffix) "[ \t]*\\'")))
               (done nil))
          (forward-line 1)
          (while (and (not done) (not (eobp)))
            (let ((line (buffer-substring-no-properties (line-beginning-position) (line-end-position))))
              (when (string-match prefix-re line)
                (setq line (substring line (match-end 0))))
              (when (and (not (string= suffix-re "")) (string-match suffix-re line))
                (setq line (substring line 0 (match-beginning 0))))
              (if (string-match "\\`[ \t]*End:" line)
                  (setq done t)
                (let ((setting (file-local--setting line "local variable line")))
                  (when setting (push setting result)))))
            (forward-line 1))))
      (nreverse result))))

;;;; Directory-local variables

(defun file-local--dir-locals-file ()
  (let ((file (or (buffer-file-name) default-directory)))
    (when (and file enable-dir-local-variables)
      (let ((dir (locate-dominating-file file dir-locals-file)))
        (and dir (expand-file-name dir-locals-file dir))))))

(defun file-local--dir-walk (entries rel result)
  "RESULT, newest first, with the settings of ENTRIES that apply to a file
REL (relative to their directory; nil for no file): mode keys that this
buffer's mode derives from, nil keys, and subdirectory keys REL is under."
  (dolist (entry entries)
    (let ((key (car-safe entry)))
      (cond ((stringp key)
             (let ((sub (file-name-as-directory key)))
               (when (and rel (string-prefix-p sub rel))
                 (setq result (file-local--dir-walk (cdr entry) (substring rel (length sub)) result)))))
            ((or (null key) (and (symbolp key) (derived-mode-p key)))
             (dolist (setting (cdr entry))
               (when (consp setting) (push setting result)))))))
  result)

(defun file-local--dir-settings (locals-file)
  "The (VAR . VALUE) settings that LOCALS-FILE gives this buffer."
  (let* ((alist (condition-case err
                    (with-temp-buffer
                      (insert-file-contents locals-file)
                      (read (current-buffer)))
                  (error (message "Error reading %s: %s" locals-file (error-message-string err))
                         nil)))
         (dir (file-name-directory locals-file))
         (relative (and (buffer-file-name) (file-relative-name (buffer-file-name) dir)))
         result)
    (when (listp alist)
      (setq result (file-local--dir-walk alist relative nil)))
    (nreverse result)))

;;;; Applying them

(defun hack-local-variables-confirm (all-vars unsafe-vars risky-vars dir-name)
  "Ask whether to apply ALL-VARS, of which UNSAFE-VARS and RISKY-VARS are not
known safe. nil in batch, where nobody can be asked (as Emacs)."
  (unless noninteractive
    (let* ((name (or dir-name (and buffer-file-name (file-name-nondirectory buffer-file-name))
                     (concat "buffer " (buffer-name))))
           (offer-save (and (eq enable-local-variables t) unsafe-vars))
           (shown (mapconcat (lambda (elt)
                               (format "%s%s: %S" (cond ((member elt unsafe-vars) "*")
                                                        ((member elt risky-vars) "**")
                                                        (t ""))
                                       (car elt) (cdr elt)))
                             all-vars ", "))
           (prompt (format "%s's local variables may not be safe (%s).  Apply them? (%s) "
                           name shown (if offer-save "y, n or !" "y or n")))
           char)
      (while (not (memq char (if offer-save '(?y ?n ?! ?\s) '(?y ?n ?\s))))
        (setq char (read-char prompt)))
      (when (and offer-save (eq char ?!))
        (dolist (elt unsafe-vars)
          (unless (eq (car elt) 'eval) (push elt safe-local-variable-values))))
      (memq char '(?y ?! ?\s)))))

(defun hack-local-variables-filter (variables dir-name)
  "Add to `file-local-variables-alist' what of VARIABLES may be applied."
  (let (all-vars risky-vars unsafe-vars)
    (dolist (elt variables)
      (let ((var (car elt)) (val (cdr elt)))
        (cond ((memq var ignored-local-variables) nil)
              ((member elt ignored-local-variable-values) nil)
              ((eq var 'eval)
               (when enable-local-eval
                 (let ((safe (or (hack-one-local-variable-eval-safep val)
                                 (safe-local-variable-p var val))))
                   (when (or safe (not (eq enable-local-variables :safe)))
                     (push elt all-vars)
                     (or (eq enable-local-eval t) safe (push elt unsafe-vars))))))
              ((and (assq var all-vars) (not (eq var 'mode))) nil)
              ((or (memq var '(mode unibyte coding)) (safe-local-variable-p var val))
               (push elt all-vars))
              ((not (eq enable-local-variables :safe))
               (push elt all-vars)
               (if (risky-local-variable-p var val)
                   (push elt risky-vars)
                 (push elt unsafe-vars))))))
    (setq all-vars (nreverse all-vars))
    (and all-vars
         (or (and (eq enable-local-variables t) (null unsafe-vars) (null risky-vars))
             (memq enable-local-variables '(:all :safe))
             (hack-local-variables-confirm all-vars unsafe-vars risky-vars dir-name))
         (dolist (elt all-vars)
           (unless (memq (car elt) '(eval mode))
             (unless dir-name
               (setq dir-local-variables-alist (assq-delete-all (car elt) dir-local-variables-alist)))
             (setq file-local-variables-alist (assq-delete-all (car elt) file-local-variables-alist)))
           (push elt file-local-variables-alist)))))

(defun hack-local-variables-apply ()
  "Set the variables of `file-local-variables-alist', oldest first."
  (run-hooks 'before-hack-local-variables-hook)
  (dolist (elt (reverse file-local-variables-alist))
    (let ((var (car elt)) (val (cdr elt)))
      (cond ((memq var '(mode coding unibyte)) nil)
            ((eq var 'eval) (save-excursion (eval val t)))
            (t (set (make-local-variable var) val)))))
  (run-hooks 'hack-local-variables-hook))

(defun file-local--major-mode-function (mode)
  (let ((fn (intern (concat (symbol-name mode) "-mode"))))
    (and (fboundp fn) fn)))

;;;###autoload
(defun hack-local-variables (&optional handle-mode inhibit-locals)
  "Parse and put into effect this buffer's local variables, as Emacs 28:
the -*- line, the Local Variables: block, and (for a file) .dir-locals.el.
HANDLE-MODE non-nil: a `mode' of the Local Variables: block is applied
first (set-auto-mode already applied the -*- line's)."
  (setq file-local-variables-alist nil)
  (let ((enable (and enable-local-variables local-enable-local-variables (not inhibit-locals)))
        (dir-file (file-local--dir-locals-file)))
    (when enable
      (let* ((prop-line (file-local--prop-line))
             (block (file-local--block))
             (block-modes (delq nil (mapcar (lambda (e) (and (eq (car e) 'mode) (cdr e))) block))))
        ;; A mode: in the block: the first is the major mode (unless the
        ;; -*- line named one), the others minor modes; each resets the
        ;; buffer's local variables, so they come before the rest.
        (when (and handle-mode block-modes)
          (unless (assq 'mode prop-line)
            ;; set-auto-mode chose it already, from the same block.
            (let ((fn (file-local--major-mode-function (car block-modes))))
              (when (and fn (not (eq fn major-mode))) (funcall fn))))
          (dolist (m (cdr block-modes))
            (let ((fn (file-local--major-mode-function m)))
              (when fn (funcall fn 1)))))
        (hack-local-variables-filter (append prop-line block) nil)))
    (when dir-file
      (let ((settings (file-local--dir-settings dir-file)))
        (when settings
          (let ((file-local-variables-alist nil))
            (hack-local-variables-filter settings (file-name-directory dir-file))
            (setq dir-local-variables-alist file-local-variables-alist))
          ;; File-local settings win over directory-local ones.
          (dolist (elt dir-local-variables-alist)
            (unless (assq (car elt) file-local-variables-alist)
              (setq file-local-variables-alist (append file-local-variables-alist (list elt))))))))
    (hack-local-variables-apply)))

;;;###autoload
(defun hack-dir-local-variables-non-file-buffer ()
  "Apply .dir-locals.el settings to a buffer visiting no file (dired...)."
  (hack-local-variables nil t))

(provide 'file-local)
;;; file-local.el ends here
