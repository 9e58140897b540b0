;;; emacs-definitions.el --- what gapmacs takes from Emacs's preloaded files, one definition at a time  -*- lexical-binding: t -*-

;; Emacs dumps its preloaded files and its loaddefs.el; gapmacs reads
;; nothing at start-up.  The preloaded index (lang/preloaded_index.inc)
;; sends a name that gapmacs's own files lack to
;; `internal--load-emacs-definition', which evaluates the one top-level
;; form of Emacs's file that defines it; gapmacs's own files take forms of
;; Emacs's loaddefs.el with `internal--eval-loaddefs-forms'.  A file of its
;; own, so that taking one definition loads only this.

(defvar internal--emacs-definition-buffers nil
  "(FILE . BUFFER) of the Emacs files definitions were read from: a file
is read once a session.")

(defun internal--emacs-definition-buffer (file)
  "A buffer holding the text of Emacs's FILE (a path with no suffix)."
  (let ((known (assoc file internal--emacs-definition-buffers)))
    (if (buffer-live-p (cdr known))
        (cdr known)
      (let ((path (seq-find #'file-exists-p (list (concat file ".el") (concat file ".el.gz"))))
            (buffer (get-buffer-create (format " *emacs-definitions %s*" file))))
        (with-current-buffer buffer
          (when path
            (insert (internal--library-text path))
            (setq buffer-file-truename path))
          (setq buffer-undo-list t))
        (push (cons file buffer) internal--emacs-definition-buffers)
        buffer))))

(defconst internal--emacs-definer-regexp
  (concat "\\`\\(?:\\(?:cl-\\)?def\\(?:un\\|subst\\|macro\\|alias\\|var\\|var-local\\|varalias"
          "\\|custom\\|const\\|face\\|group\\|generic\\|method\\|ine-[a-z-]+\\)"
          "\\|make-variable-buffer-local\\)\\'")
  "The names of the forms that define something (not `default-value').
make-variable-buffer-local makes a void variable bound: vc-hooks.el's
`vc-mode' has no defvar.")

(defun internal--emacs-definition-p (form)
  "Whether FORM is a form that defines something (not `default-value')."
  (and (consp form) (symbolp (car form))
       (string-match-p internal--emacs-definer-regexp (symbol-name (car form)))))

(defun internal--emacs-defined-name (form)
  "The symbol definition FORM defines."
  (let ((name (car-safe (cdr-safe form))))
    (if (eq (car-safe name) 'quote) (car-safe (cdr name)) name)))

(defun internal--emacs-defines-kind-p (head kind)
  "Whether a form whose car is HEAD can define a KIND (function,
variable or face) of its name: repeat.el has a variable and a function
`repeat-check-key'."
  (let ((variable '(defvar defvar-local defcustom defconst defvaralias
                     define-obsolete-variable-alias)))
    (pcase kind
      ('variable (not (memq head '(defun defsubst defmacro defalias define-inline cl-defun
                                    cl-defmacro cl-defsubst cl-defgeneric cl-defmethod
                                    define-obsolete-function-alias defface defgroup))))
      ('face (eq head 'defface))
      ('function (not (memq head (append '(defface defgroup) variable))))
      (_ t))))

(defun internal--emacs-definition-form (name &optional kind)
  "The top-level form in the current buffer that defines NAME (as a
KIND: function, variable or face), or nil.  A definition of a derived
or minor mode also defines its map, hook and syntax table."
  (let ((found nil)
        (names (list (symbol-name name))))
    (when (string-match "\\`\\(.+-mode\\)-\\(?:map\\|hook\\|syntax-table\\|abbrev-table\\)\\'"
                        (symbol-name name))
      (setq names (append names (list (match-string 1 (symbol-name name))))))
    (while (and (not found) names)
      (goto-char (point-min))
      (let* ((target (pop names))
             (regexp (concat "(\\(?:\\(?:cl-\\)?def[a-z-]*\\|make-variable-buffer-local\\)[ \t\n]+'?"
                             (regexp-quote target) "[ \t\n)]")))
        (while (and (not found) (re-search-forward regexp nil t))
          (let ((start (match-beginning 0)))
            (goto-char start)
            ;; A match in a string or a comment may not read.
            (let* ((form (condition-case nil (read (current-buffer))
                           (error (goto-char (1+ start)) nil)))
                   (defined (internal--emacs-defined-name form)))
              ;; Not a `(defvar NAME)' that only declares it.
              (when (and (internal--emacs-definition-p form)
                         (internal--emacs-defines-kind-p (car form) kind)
                         (symbolp defined) (string= (symbol-name defined) target)
                         (not (and (memq (car form) '(defvar defvar-local)) (null (cddr form)))))
                ;; Emacs's sources start each top-level form in column 0:
                ;; a definition inside one (a `let', `let-when-compile')
                ;; needs what that form binds.
                (setq found
                      (save-excursion
                        (goto-char start)
                        (if (or (bolp) (not (re-search-backward "^(" nil t)))
                            form
                          (condition-case nil (read (current-buffer)) (error form)))))))))))
    (or found
        (and (memq kind '(nil function))
             (internal--emacs-struct-form name)))))

(defun internal--emacs-struct-form (name)
  "The `cl-defstruct' in the current buffer whose accessors, constructor,
predicate or copier include NAME (simple.el's decoded-time-year), or nil:
the struct is named by a prefix of NAME (the longest first) or by what
follows make- or copy-, and its expansion defines NAME."
  (let* ((string (symbol-name name))
         (parts (split-string string "-"))
         (structs nil)
         (found nil))
    (while (cdr parts)
      (setq parts (butlast parts))
      (push (mapconcat #'identity parts "-") structs))
    (setq structs (nreverse structs))
    (when (string-match "\\`\\(?:make\\|copy\\)-\\(.+\\)\\'" string)
      (push (match-string 1 string) structs))
    (dolist (struct structs found)
      (goto-char (point-min))
      (while (and (not found)
                  (re-search-forward (concat "^(cl-defstruct[ \t\n]+(?" (regexp-quote struct) "[ \t\n)]")
                                     nil t))
        (goto-char (match-beginning 0))
        (let ((form (condition-case nil (read (current-buffer)) (error nil))))
          (when (memq name (ignore-errors (internal--emacs-form-definitions (macroexpand-1 form))))
            (setq found form)))))))

(defun internal--emacs-form-definitions (form)
  "The symbols FORM defines anywhere inside it."
  (let ((names nil)
        (name (and (internal--emacs-definition-p form) (internal--emacs-defined-name form))))
    (when (and name (symbolp name)) (push name names))
    (when (proper-list-p form)
      (dolist (sub form)
        (when (consp sub)
          (setq names (nconc (internal--emacs-form-definitions sub) names)))))
    names))

(defmacro internal--eval-loaddefs-forms (regexp &optional predicate)
  "Evaluate each top-level form of GNU Emacs's loaddefs.el that REGEXP
matches the start of (its defvars, its safe-local-variable puts...) and
PREDICATE, a function of the form, accepts when given; one that fails is
left out, as what it needs may not be loaded yet.  Nothing without
Emacs's library.
The forms are read when this expands, so a file's load cache entry holds
them and loads without reading loaddefs.el (the entry depends on it); a
run with another library, or none, reads its own."
  (let ((file (internal--loaddefs-file)))
    `(internal--eval-forms-of-loaddefs
      ,file ',(internal--loaddefs-forms regexp) ,regexp ,predicate)))

(defun internal--eval-forms-of-loaddefs (file forms regexp predicate)
  "Evaluate FORMS, read from FILE with REGEXP, or those of this run's
loaddefs.el when that is not FILE, as `internal--eval-loaddefs-forms'."
  (dolist (form (if (equal file (internal--loaddefs-file)) forms (internal--loaddefs-forms regexp)))
    (when (or (null predicate) (funcall predicate form))
      (condition-case nil
          (eval form t)
        (error nil)))))

(defun internal--loaddefs-file ()
  "GNU Emacs's loaddefs.el, or nil without Emacs's library."
  (let ((file (and gapmacs-emacs-lisp-directory
                   (expand-file-name "loaddefs.el" gapmacs-emacs-lisp-directory))))
    (and file (file-readable-p file) file)))

(defun internal--loaddefs-forms (regexp)
  "The top-level forms of GNU Emacs's loaddefs.el that REGEXP matches the
start of, in order; nil without Emacs's library.  The load being expanded
depends on loaddefs.el."
  (let ((buffer (internal--loaddefs-buffer))
        forms)
    (when buffer
      (internal--expansion-reads-file (internal--loaddefs-file))
      (with-current-buffer buffer
        (save-excursion
          (goto-char (point-min))
          (while (re-search-forward regexp nil t)
            (goto-char (match-beginning 0))
            (condition-case nil
                (push (read (current-buffer)) forms)
              (error (forward-line 1)))))))
    (nreverse forms)))

(defvar internal--loaddefs-buffer nil)

(defun internal--loaddefs-buffer ()
  "A buffer holding GNU Emacs's loaddefs.el, read once a session (several
libraries take forms from it), or nil without Emacs's library."
  (or (and (buffer-live-p internal--loaddefs-buffer) internal--loaddefs-buffer)
      (let ((loaddefs (internal--loaddefs-file)))
        (when loaddefs
          (with-current-buffer (setq internal--loaddefs-buffer (get-buffer-create " *loaddefs*"))
            (setq buffer-undo-list t)
            ;; Emacs has it preloaded: reading it is no file the user read.
            (let ((last-coding-system-used last-coding-system-used))
              (insert-file-contents loaddefs))
            (current-buffer))))))

(defun internal--eval-as-loaded (path lexical forms)
  "Evaluate FORMS as `load' of PATH would (LEXICAL its lexical-binding),
adding what they define to PATH's entry of `load-history', made at its
end (where Emacs's preloaded files are) when PATH has none."
  (let ((load-file-name path)
        (load-in-progress t)
        (current-load-list nil))
    (dolist (form forms)
      (eval form lexical))
    (let ((entry (assoc path load-history))
          (definitions (reverse current-load-list)))
      (if entry
          (nconc entry definitions)
        (setq load-history (nconc load-history (list (cons path definitions))))))))

(defun internal--eval-emacs-forms (file predicate)
  "Evaluate, in order, the top-level forms of Emacs's FILE (a path with
no suffix) that PREDICATE accepts (methods, which no name loads), what
they define recorded in `load-history' under FILE."
  (let (forms path lexical)
    (with-current-buffer (internal--emacs-definition-buffer file)
      (save-excursion
        (goto-char (point-min))
        (setq path buffer-file-truename
              lexical (looking-at ".*lexical-binding: *t"))
        (condition-case nil
            (while t
              (let ((form (read (current-buffer))))
                (when (funcall predicate form)
                  (push form forms))))
          (error nil))))
    (when path
      (internal--eval-as-loaded path lexical (nreverse forms)))))

(defun internal--load-emacs-definition (file name &optional kind)
  "Evaluate the top-level form of Emacs's FILE (a path with no suffix)
that defines NAME as a KIND (function, variable or face; any when nil):
what gapmacs's own file of that name lacks.  Whatever
else that form defines and gapmacs has already stays gapmacs's.  Non-nil
when there was one."
  (let (form path lexical)
    (save-match-data
      (with-current-buffer (internal--emacs-definition-buffer file)
        (save-excursion
          (setq form (internal--emacs-definition-form name kind)
                path buffer-file-truename
                lexical (progn (goto-char (point-min))
                               (looking-at ".*lexical-binding: *t"))))))
    (when form
      (internal--load-derived-mode-variables file form path lexical)
      (let ((kept (mapcar (lambda (s)
                            (list s
                                  ;; An autoload to this same file is
                                  ;; one more of Emacs's definitions.
                                  (let ((f (symbol-function s)))
                                    (and f (not (and (autoloadp f) (equal (nth 1 f) file)))
                                         (list f)))
                                  (and (default-boundp s) (list (default-value s)))))
                          (delete name (delete-dups (internal--emacs-form-definitions form))))))
        (internal--eval-as-loaded path lexical (list form))
        (internal--run-delayed-inits path)
        (dolist (k kept)
          (when (nth 1 k) (fset (car k) (car (nth 1 k))))
          (when (nth 2 k) (set-default (car k) (car (nth 2 k))))))
      t)))

(defun internal--load-derived-mode-variables (file form path lexical)
  "Before FORM, a `define-derived-mode' of Emacs's FILE, is evaluated: the
forms of FILE that define its keymap, syntax table and abbrev table first.
The mode's expansion makes an empty one of each that is unbound (Emacs has
them all, preloaded or loaded with their file): simple.el's
`completion-list-mode-map', defined above the mode, was lost when the mode
was read alone."
  (when (eq (car-safe form) 'define-derived-mode)
    (dolist (suffix '("map" "syntax-table" "abbrev-table"))
      (let ((var (intern (format "%s-%s" (nth 1 form) suffix))))
        (unless (default-boundp var)
          (let ((own (save-match-data
                       (with-current-buffer (internal--emacs-definition-buffer file)
                         (save-excursion (internal--emacs-definition-form var 'variable))))))
            (when (and own (not (equal own form)))
              (internal--eval-as-loaded path lexical (list own)))))))))

(provide 'emacs-definitions)
;;; emacs-definitions.el ends here
