;;; gen-preloaded-index.el --- write preloaded_index.inc  -*- lexical-binding: t -*-

;; Emacs has its preloaded files dumped: their functions and variables exist
;; in batch as in the editor.  gapmacs loads nothing at start-up, so it keeps
;; an index of what those files define at top level and loads the file on
;; first use (preloaded_index.hpp).  Run from the top of the tree, with
;; GNU Emacs's library (emacs-el) installed:
;;
;;   GAPMACS_PRELOADED_INDEX=off build/ui/gapmacs --batch -Q \
;;       -l lisp-lite/lang/gen-preloaded-index.el > lisp-lite/lang/preloaded_index.inc
;;
;; (with the index off, what is defined is what gapmacs defines by itself).
;;
;; A name defined by a builtin is left out; one defined in several files
;; goes to the first file listed.

(defconst gen-preloaded--defined-at-start
  (let ((functions (make-hash-table :test 'eq)) (variables (make-hash-table :test 'eq)))
    (mapatoms (lambda (s)
                (when (and (fboundp s) (not (autoloadp (symbol-function s))))
                  (puthash s t functions))
                (when (boundp s) (puthash s t variables))))
    (cons functions variables))
  "What gapmacs defines at start-up, before this file loads anything
\(cl-lib, to expand the cl-defstructs of Emacs's files).")

(defconst gen-preloaded--features-at-start (copy-sequence features))

(require 'cl-lib)

(defconst gen-preloaded-bundled
  '("keymap" "callint" "modes" "simple" "minibuffer" "files" "isearch" "replace"
    "bindings" "iso-transl" "shell-command" "compile" "grep" "process-menu"
    "help" "fill" "dabbrev" "rect" "register" "window" "paragraphs" "indent"
    "newcomment" "repeat" "sexp" "lisp-mode" "occur" "comint" "shell" "subr-extra" "emacs-definitions" "c-variables" "case-tables" "face-core" "file-local" "loaddefs-variables"
    "categories" "unicode-tables")
  "gapmacs's own lisp/ files the editor loads at start-up (loadup.el), in its order,
subr-extra.el (what Emacs's subr.el has that gapmacs writes in Lisp),
emacs-definitions.el (what takes Emacs's definitions one at a time) and
c-variables.el (the variables Emacs defines in C, gen-c-variables.el) and
case-tables.el (casetab.c's case tables) and face-core.el (xfaces.c's faces),
and unicode-tables.el (chartab.c's Unicode tables, made on first use),
and lisp-mode.el, which Emacs preloads (packages read its regexps at load).")

(defconst gen-preloaded-emacs
  '("custom" "widget" "button" "easymenu" "abbrev" "case-table" "font-core"
    "image" "disp-table" "uniquify" "tabulated-list" "format" "map-ynp" "obarray"
    "env" "float-sup" "version" "mule-util" "cl-preloaded" "cl-generic" "frame" "faces" "term/tty-colors"
    "cus-face" "emacs-lisp/syntax" "font-lock" "jit-lock" "paren" "electric" "rfn-eshadow"
    "textmodes/page" "fringe" "emacs-lisp/eldoc" "tab-bar" "tool-bar" "select" "cus-start" "mwheel")
  "Files of GNU Emacs's library that Emacs preloads and gapmacs does not
bundle: used only when that library is installed.  After them come the
autoloads of Emacs's loaddefs.el, which Emacs preloads too.")

(defconst gen-preloaded-emacs-definitions
  '("subr" "bindings" "window" "files" "simple" "help" "indent" "minibuffer" "isearch"
    "register" "emacs-lisp/lisp" "textmodes/paragraphs" "emacs-lisp/lisp-mode" "textmodes/fill"
    "newcomment" "replace" "progmodes/prog-mode" "textmodes/text-mode"
    "buff-menu" "vc/vc-hooks" "mouse" "menu-bar" "tooltip" "progmodes/elisp-mode" "composite"
    "emacs-lisp/byte-run" "emacs-lisp/macroexp" "repeat" "startup")
  "Files of GNU Emacs's library that Emacs preloads (and repeat.el, which
its loaddefs.el autoloads) that gapmacs's own files stand in for (its
simple.el, window.el, modes.el, repeat.el...): what they define
and gapmacs does not is read from them one definition at a time, on first
use, never the whole file (which would replace gapmacs's own).  Emacs's
timer.el, nadvice.el, startup.el and mule.el are left out: their other
definitions work on Emacs's internals, which gapmacs keeps differently.")

(defun gen-preloaded--definitions-key (file)
  "FILE of `gen-preloaded-emacs-definitions' as listed among the others,
apart from gapmacs's file of the same name."
  (concat "emacs/" file))

(defun gen-preloaded--definitions-file (key)
  "The file of `gen-preloaded-emacs-definitions' that KEY lists, or nil."
  (and (string-prefix-p "emacs/" key) (substring key 6)))

(defconst gen-preloaded-mule
  '("charsets" "codings" "mule-setup")
  "gapmacs's registry of charsets and coding systems: what they define, and
what the files of mule-setup.el's `mule-setup-files' define, loads mule-setup.el, which
loads all of them in Emacs's order.")

(defun gen-preloaded--load-name (file)
  "The file to load for what FILE defines."
  (if (or (member file gen-preloaded-mule) (member file gen-preloaded-mule-setup-files))
      "mule-setup"
    file))

(defun gen-preloaded--forms (file)
  (with-temp-buffer
    (if (string-suffix-p ".gz" file)
        (call-process "zcat" nil t nil file)
      (insert-file-contents file))
    (goto-char (point-min))
    (let (forms)
      (condition-case nil
          (while t (push (read (current-buffer)) forms))
        (end-of-file nil))
      (nreverse forms))))

(defun gen-preloaded--constant-p (value)
  "Whether VALUE, a variable's initial value form, needs nothing to evaluate."
  (or (memq (car-safe value) '(quote function))
      (and (atom value) (or (not (symbolp value)) (memq value '(nil t)) (keywordp value)))))

(defun gen-preloaded--definitions (form)
  "The (KIND . NAME) definitions FORM makes at top level."
  (pcase form
    (`(,(or 'defun 'defsubst 'define-inline 'cl-defun 'cl-defsubst) ,(and name (pred symbolp)) . ,rest)
     (list (cons (if (assq 'interactive rest) 'command 'function) name)))
    (`(,(or 'defmacro 'cl-defmacro) ,(and name (pred symbolp)) . ,_) (list (cons 'macro name)))
    (`(,(or 'defalias 'define-obsolete-function-alias) (quote ,name) . ,_) (list (cons 'function name)))
    (`(,(or 'defvaralias 'define-obsolete-variable-alias) (quote ,name) . ,_) (list (cons 'variable name)))
    (`(,(or 'defvar 'defcustom 'defconst) ,name ,(pred gen-preloaded--constant-p) . ,_)
     (list (cons 'constant-variable name)))
    (`(defvar-local ,name ,_ . ,_) (list (cons 'variable name) (cons 'local-variable name)))
    (`(defvar ,name ,_ . ,_) (list (cons 'variable name)))
    ;; It makes a void variable bound (nil), as vc-hooks.el's vc-mode.
    (`(make-variable-buffer-local (quote ,name)) (list (cons 'variable name) (cons 'local-variable name)))
    (`(,(or 'defcustom 'defconst) ,name . ,_) (list (cons 'variable name)))
    (`(defface ,(and name (pred symbolp)) . ,_) (list (cons 'face name)))
    (`(,(and macro (or 'define-minor-mode 'define-globalized-minor-mode)) ,name . ,body)
     `((command . ,name) (variable . ,name)
       (variable . ,(intern (format "%s-hook" name)))
       ,@(and (eq macro 'define-minor-mode) (not (cadr (memq :global body)))
              `((local-variable . ,name)))))
    (`(define-derived-mode ,name ,_ ,_ . ,body)
     (let ((var (lambda (suffix) (cons 'variable (intern (format "%s-%s" name suffix))))))
       `((command . ,name) ,(funcall var "hook") ,(funcall var "map")
         ,@(unless (memq :syntax-table body) (list (funcall var "syntax-table"))))))
    ;; A struct: its accessors, constructors, predicate and copier, as
    ;; gapmacs's cl-defstruct defines them.
    (`(cl-defstruct . ,_)
     (let ((expansion (ignore-errors (macroexpand-1 form))))
       (and expansion (not (eq expansion form)) (gen-preloaded--definitions expansion))))
    (`(,(or 'progn 'eval-and-compile 'eval-when-compile) . ,body)
     (apply #'append (mapcar #'gen-preloaded--definitions body)))
    ;; Definitions that need what a form binds (lisp-mode.el's font-lock
    ;; keywords in a `let-when-compile').
    (`(,(or 'let 'let* 'let-when-compile 'with-no-warnings 'when) ,_ . ,body)
     (apply #'append (mapcar #'gen-preloaded--definitions body)))
    ;; A fallback for what a build of Emacs may lack (fringe.el's
    ;; define-fringe-bitmap on a terminal): the file defines it here.
    (`(unless (fboundp (quote ,_)) . ,body)
     (apply #'append (mapcar #'gen-preloaded--definitions body)))
    ;; A version test (eldoc.el's defcustom macro): the branch Emacs 28 takes.
    (`(if ,(and test `(,(or '< '> '<= '>= '=) emacs-major-version ,(pred numberp))) ,then . ,else)
     (if (eval test t)
         (gen-preloaded--definitions then)
       (apply #'append (mapcar #'gen-preloaded--definitions else))))
    ;; A call of a macro the file defined before: what it expands to.
    (`(,(and head (pred symbolp) (guard (assq head gen-preloaded--file-macros))) . ,_)
     ;; A macro that needs what this process lacks defines nothing here.
     (let ((expansion (ignore-errors (macroexpand-1 form gen-preloaded--file-macros))))
       (and expansion (not (eq expansion form)) (gen-preloaded--definitions expansion))))))

(defvar gen-preloaded--file-macros nil
  "The macros the file being scanned defined so far, as a macro
environment ((NAME . EXPANDER)...): defining them would make them count
as gapmacs's own.")

(defun gen-preloaded--file-definitions (forms)
  "The definitions of a file's top-level FORMS."
  (let ((gen-preloaded--file-macros nil))
    (apply #'append
           (mapcar (lambda (form)
                     (pcase form
                       (`(defmacro ,(and name (pred symbolp)) ,args . ,body)
                        (while (or (stringp (car-safe body)) (eq (car-safe (car-safe body)) 'declare))
                          (setq body (cdr body)))
                        (push (cons name (ignore-errors (eval `(lambda ,args ,@body) t)))
                              gen-preloaded--file-macros)))
                     (gen-preloaded--definitions form))
                   forms))))

(defconst gen-preloaded-editor-builtins
  (let ((names nil))
    (dolist (file (directory-files (expand-file-name "../../ui" (file-name-directory load-file-name))
                                   t "\\.cpp\\'"))
      (with-temp-buffer
        (insert-file-contents file)
        (while (re-search-forward "^    {\"\\([^\"]+\\)\", [0-9]+, " nil t)
          (push (intern (match-string 1)) names))))
    names)
  "The functions the editor defines in C++ (ui/'s subr tables), which
batch lacks: never taken from Emacs's files one definition at a time,
so that batch goes on lacking them (gapmacs's Lisp tests `fboundp' on
some of them to know it runs in the editor).")

(defun gen-preloaded--builtin-p (kind name)
  "Whether gapmacs defines NAME already without loading a file."
  (cond
   ((memq kind '(variable loaddefs-variable)) (gethash name (cdr gen-preloaded--defined-at-start)))
   ((eq kind 'face) nil)
   (t (gethash name (car gen-preloaded--defined-at-start)))))

(defun gen-preloaded--loaddefs ()
  "((FILE . DEFINITIONS)...) of Emacs's loaddefs.el: in each file's section,
its `autoload' forms, the variables of its `custom-autoload' forms, its
`defalias'es and its `defvar's (an ;;;###autoload copies them there)."
  (let ((by-file nil))
    (with-temp-buffer
      (insert-file-contents (expand-file-name "loaddefs.el" gapmacs-emacs-lisp-directory))
      (goto-char (point-min))
      (while (re-search-forward "^;;;### (autoloads nil \"\\([^\"]+\\)\"" nil t)
        (let ((file (match-string 1))
              (end (save-excursion
                     (if (re-search-forward "^;;;### (autoloads " nil t) (match-beginning 0) (point-max))))
              (defs nil)
              (aliases nil))
          ;; The header's (0 0 0 0)) may go on to the next line.
          (re-search-forward "))$" end)
          (save-restriction
            (narrow-to-region (point) end)
            (condition-case nil
                (while t
                  (pcase (read (current-buffer))
                    (`(autoload (quote ,name) ,_ ,_ ,interactive ,type)
                     ;; TYPE t is a macro too.
                     (push (cons (cond ((memq type '(macro t)) 'macro) (interactive 'command) (t 'function)) name)
                           defs))
                    (`(custom-autoload (quote ,name) . ,_) (push (cons 'variable name) defs))
                    ;; An alias of one of the file's functions (javascript-mode):
                    ;; a command when what it names is.
                    (`(defalias (quote ,name) (,(or 'quote 'function) ,target) . ,_)
                     (push (cons name target) aliases))
                    (`(defvar ,name ,_ . ,_) (push (cons 'loaddefs-variable name) defs))))
              (end-of-file nil)))
          ;; An alias is what its target is, wherever in the section that is;
          ;; none where gapmacs bundles the file (its ert.el has no
          ;; ert-run-tests-interactively for `ert').
          (dolist (alias (and (string-prefix-p (file-truename gapmacs-emacs-lisp-directory)
                                               (file-truename (or (locate-library file) "")))
                              aliases))
            (push (cons (pcase (car (rassq (cdr alias) defs))
                          ('command 'loaddefs-command)
                          ('macro 'loaddefs-macro)
                          (_ 'loaddefs-function))
                        (car alias))
                  defs))
          (goto-char end)
          (push (cons file (nreverse defs)) by-file))))
    (nreverse by-file)))

(defconst gen-preloaded-mule-setup-files
  (let ((form (seq-find (lambda (f) (and (consp f) (eq (nth 1 f) 'mule-setup-files)))
                        (gen-preloaded--forms (locate-library "mule-setup")))))
    (eval (nth 2 form) t))
  "mule-setup.el's `mule-setup-files', read without loading it.")

(defvar gen-preloaded--mule-text nil
  "The text of the files of `gen-preloaded-mule-setup-files', once read.")

(defun gen-preloaded--mule-untouched-p (name)
  "Whether the mule files name NAME only where they define it: nothing
they run changes the value (as set-language-info-alist fills
language-info-alist), so reading its definition alone gives what loading
them all would."
  (unless gen-preloaded--mule-text
    (setq gen-preloaded--mule-text
          (with-temp-buffer
            (dolist (file gen-preloaded-mule-setup-files)
              (call-process "zcat" nil t nil (locate-file file (list gapmacs-emacs-lisp-directory) '(".el.gz"))))
            (buffer-string))))
  (let ((pattern (concat "\\_<" (regexp-quote (symbol-name name)) "\\_>"))
        (count 0) (start 0))
    (while (string-match pattern gen-preloaded--mule-text start)
      (setq count (1+ count) start (match-end 0)))
    (= count 1)))

(let* ((loaddefs (gen-preloaded--loaddefs))
       (scanned-emacs (append gen-preloaded-emacs gen-preloaded-mule-setup-files))
       ;; A file whose feature gapmacs's prelude provides (gv) is never
       ;; loaded: the prelude's own definitions stand in for it.
       ;; The mule files' constant variables are read alone (mule-conf's
       ;; password-word-equivalents, which Tramp reads at load): loading
       ;; Emacs's charsets and coding systems costs 0.2 s.
       (definition-files (mapcar #'gen-preloaded--definitions-key
                                 (append gen-preloaded-emacs-definitions gen-preloaded-mule-setup-files)))
       (emacs-files (append scanned-emacs definition-files
                            (seq-remove (lambda (f) (or (member f scanned-emacs)
                                                        (member f gen-preloaded-emacs-definitions)
                                                        (memq (intern (file-name-nondirectory f)) gen-preloaded--features-at-start)))
                                        (mapcar #'car loaddefs))))
       (bundled (append gen-preloaded-bundled gen-preloaded-mule))
       (files (append bundled emacs-files))
       (seen (make-hash-table :test 'equal))
       (locals (make-hash-table :test 'eq))
       functions variables faces)
  (dolist (file files)
    (let ((definitions
           (if (member file (append bundled scanned-emacs definition-files))
               (gen-preloaded--file-definitions
                (gen-preloaded--forms (or (if (gen-preloaded--definitions-file file)
                                              ;; Not gapmacs's file of that name.
                                              (locate-file (gen-preloaded--definitions-file file)
                                                           (list gapmacs-emacs-lisp-directory) '(".el" ".el.gz"))
                                            (locate-library file))
                                          (error "No library %s" file))))
             (cdr (assoc file loaddefs)))))
      (dolist (def definitions)
        (if (eq (car def) 'local-variable)
            (puthash (cdr def) t locals)
          (let* ((alone (and (eq (car def) 'constant-variable)
                             (member file gen-preloaded-mule-setup-files)
                             (gen-preloaded--mule-untouched-p (cdr def))))
                 (kind (pcase (car def)
                         ('constant-variable 'variable)
                         ('loaddefs-command 'command)
                         ('loaddefs-function 'function)
                         ('loaddefs-macro 'macro)
                         (kind kind)))
                 (name (cdr def))
                 (file (cond (alone (gen-preloaded--definitions-key file))
                             ;; Only loaddefs.el has them (javascript-mode).
                             ((memq (car def) '(loaddefs-command loaddefs-function loaddefs-macro)) "loaddefs-variables")
                             (t file)))
                 (key (cons (cond ((memq kind '(variable loaddefs-variable)) 'variable) ((eq kind 'face) 'face)
                                  (t 'function))
                            name)))
            (unless (or (gethash key seen) (gen-preloaded--builtin-p kind name)
                        (and (gen-preloaded--definitions-file file)
                             (memq name gen-preloaded-editor-builtins)))
              (puthash key t seen)
              (cond ((eq kind 'variable) (push (cons (symbol-name name) file) variables))
                    ;; Emacs has them from its preloaded loaddefs.el.
                    ((eq kind 'loaddefs-variable) (push (cons (symbol-name name) "loaddefs-variables") variables))
                    ((eq kind 'face) (push (cons (symbol-name name) file) faces))
                    (t (push (list (symbol-name name) file kind) functions)))))))))
  ;; A listed file loaded while this ran would count as builtin.
  (dolist (file bundled)
    (when (assoc (locate-library file) load-history)
      (error "%s was loaded while the index was made: run with GAPMACS_PRELOADED_INDEX=off" file)))
  (let ((by-name (lambda (a b) (string< (car a) (car b))))
        (index (lambda (file) (- (length files) (length (member file files))))))
    (princ "// Generated by lisp-lite/lang/gen-preloaded-index.el: do not edit.\n")
    (princ "// The files, then what they define at top level: name, file, kind.\n\n")
    (princ "constexpr PreloadedFile preloaded_files[] = {\n")
    (dolist (file files)
      (princ (format "    {%S, PreloadedSource::%s}, // %s\n"
                     (or (gen-preloaded--definitions-file file) (gen-preloaded--load-name file))
                     (cond ((member file bundled) "gapmacs")
                           ((gen-preloaded--definitions-file file) "emacs_definition")
                           (t "emacs"))
                     file)))
    (princ "};\n\nconstexpr PreloadedFunction preloaded_functions[] = {\n")
    (dolist (f (sort functions by-name))
      (princ (format "    {%S, %d, PreloadedKind::%s},\n" (car f) (funcall index (nth 1 f)) (nth 2 f))))
    (princ "};\n\nconstexpr PreloadedVariable preloaded_variables[] = {\n")
    ;; An automatically buffer-local one is marked so: set before its file
    ;; is read, it is set in the current buffer only, as in Emacs.
    (dolist (v (sort variables by-name))
      (princ (format "    {%S, %d%s},\n" (car v) (funcall index (cdr v))
                     (if (gethash (intern (car v)) locals) ", true" ""))))
    (princ "};\n\nconstexpr PreloadedFace preloaded_faces[] = {\n")
    (dolist (f (sort faces by-name))
      (princ (format "    {%S, %d},\n" (car f) (funcall index (cdr f)))))
    (princ "};\n")))

;;; gen-preloaded-index.el ends here
