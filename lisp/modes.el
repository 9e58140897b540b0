;;; modes.el --- major and minor modes  -*- lexical-binding: t -*-

;; Also autoloaded in batch (define-minor-mode, define-derived-mode), where
;; loadup has not loaded the keymap and command-loop Lisp these use.
(require 'keymap)
(require 'callint)

(defvar major-mode 'fundamental-mode)
(defvar mode-name "Fundamental")
(make-variable-buffer-local 'major-mode)
(make-variable-buffer-local 'mode-name)
(defvar minor-mode-alist nil)
(defvar delay-mode-hooks nil)
(defvar delayed-mode-hooks nil)
(make-variable-buffer-local 'delayed-mode-hooks)
;; Both survive the kill-all-local-variables of the innermost parent mode.
(put 'delay-mode-hooks 'permanent-local t)
(put 'delayed-mode-hooks 'permanent-local t)
(defvar change-major-mode-after-body-hook nil)
(defvar after-change-major-mode-hook nil)
(defvar fundamental-mode-hook nil)

(unless (fboundp 'delay-mode-hooks)
(defmacro delay-mode-hooks (&rest body)
  "Run BODY with mode hooks saved for the outermost `run-mode-hooks'."
  `(progn (make-local-variable 'delay-mode-hooks)
          (let ((delay-mode-hooks t)) ,@body))))

(defun modes--reset-buffer ()
  "What every major mode does first: forget the previous mode's locals."
  (kill-all-local-variables)
  (use-local-map nil))

;;;###autoload
(defun fundamental-mode ()
  "Major mode not specialized for anything."
  (interactive)
  (modes--reset-buffer)
  (run-mode-hooks))

(defun modes--split-keywords (body)
  "(PLIST . REST) of the leading keyword arguments of BODY."
  (let (plist)
    (while (keywordp (car body))
      (setq plist (cons (cadr body) (cons (car body) plist))
            body (cddr body)))
    (cons (nreverse plist) body)))

(defun derived-mode--parent-chain-p (mode ancestor)
  (while (and mode (not (eq mode ancestor)))
    (setq mode (get mode 'derived-mode-parent)))
  mode)

;;;###autoload
(defun derived-mode-p (&rest modes)
  "Non-nil if the current major mode is one of MODES or derives from one."
  (let (found)
    (dolist (m modes found)
      (unless found
        (when (derived-mode--parent-chain-p major-mode m) (setq found m))))))

;;;###autoload
(defmacro define-derived-mode (child parent name &rest body)
  "Define major mode CHILD, running PARENT first, with keymap CHILD-map
and syntax table CHILD-syntax-table (`:syntax-table' names another, or
nil for none)."
  (let* ((doc (if (stringp (car body)) (car body)))
         (body (if doc (cdr body) body))
         (split (modes--split-keywords body))
         (keys (car split))
         (after-hook (plist-get keys :after-hook))
         (hook (intern (format "%s-hook" child)))
         (map (intern (format "%s-map" child)))
         (own-syntax (not (plist-member keys :syntax-table)))
         (syntax (if own-syntax (intern (format "%s-syntax-table" child))
                   (plist-get keys :syntax-table)))
         ;; CHILD-abbrev-table, whose parent is the parent mode's table, as
         ;; Emacs's define-derived-mode makes (`:abbrev-table' names another).
         (own-abbrev (not (plist-member keys :abbrev-table)))
         (abbrev (if own-abbrev (intern (format "%s-abbrev-table" child))
                   (plist-get keys :abbrev-table))))
    `(progn
       (defvar ,hook nil)
       (defvar ,map (make-sparse-keymap))
       ,@(when own-abbrev
           ;; Emacs's abbrev.el (its library), which defines a mode of its
           ;; own while it loads: without it, no table.
           `((defvar ,abbrev
               (progn (when (or (fboundp 'define-abbrev-table) (require 'abbrev nil t))
                        (define-abbrev-table ',abbrev nil))
                      (and (boundp ',abbrev) ,abbrev))
               ,(format "Abbrev table for `%s'." child))))
       ,@(when own-syntax
           `((defvar ,syntax (make-syntax-table))
             (unless ,syntax (setq ,syntax (make-syntax-table)))))
       (put ',child 'derived-mode-parent ',parent)
       (defun ,child ()
         ,(or doc (format "Major mode derived from `%s'." parent))
         (interactive)
         (delay-mode-hooks
           ,(if parent `(,parent) '(modes--reset-buffer))
           (setq major-mode ',child)
           (setq mode-name ,name)
           ,@(when parent
               `((unless (or (keymap-parent ,map) (eq (current-local-map) ,map))
                   (set-keymap-parent ,map (current-local-map)))))
           ,@(when (and parent own-syntax)
               `((let ((inherited (char-table-parent ,syntax)))
                   (unless (and inherited (not (eq inherited (standard-syntax-table))))
                     (set-char-table-parent ,syntax (syntax-table))))))
           (use-local-map ,map)
           ,@(when syntax `((set-syntax-table ,syntax)))
           ,@(when (and parent own-abbrev)
               `((unless (or (null ,abbrev) (abbrev-table-get ,abbrev :parents) (eq ,abbrev local-abbrev-table))
                   (abbrev-table-put ,abbrev :parents (list local-abbrev-table)))))
           ,@(when abbrev `((setq local-abbrev-table ,abbrev)))
           ,@(cdr split))
         (run-mode-hooks ',hook)
         ,@(when after-hook (list after-hook))))))

;;;; easy-mmode's keymap and syntax table helpers (Emacs's easy-mmode.el)

(defmacro easy-mmode-define-navigation (base re &optional name endfun narrowfun &rest body)
  "Define commands BASE-next and BASE-prev moving to the COUNTth match of RE
\(entries called NAME).  BASE-next leaves point where the entry starts; at
the last entry it goes to ENDFUN's position, or the buffer's end.  With
NARROWFUN, a narrowed buffer is widened to move and NARROWFUN called after.
BODY runs after each move."
  (let ((next (intern (format "%s-next" base)))
        (prev (intern (format "%s-prev" base)))
        (name (or name (symbol-name base)))
        (widened (make-symbol "widened")))
    `(progn
       (defun ,next (&optional count)
         ,(format "Go to the next COUNT'th %s." name)
         (interactive "p")
         (unless count (setq count 1))
         (if (< count 0)
             (,prev (- count))
           (let ((,widened ,(and narrowfun '(prog1 (buffer-narrowed-p) (widen)))))
             (when (looking-at ,re) (setq count (1+ count)))
             (if (not (re-search-forward ,re nil t count))
                 (if (looking-at ,re)
                     (goto-char (or ,(if endfun `(funcall #',endfun)) (point-max)))
                   (user-error "No next %s" ,name))
               (goto-char (match-beginning 0)))
             ,@(when narrowfun `((when ,widened (funcall #',narrowfun)))))
           ,@body))
       (put ',next 'definition-name ',base)
       (defun ,prev (&optional count)
         ,(format "Go to the previous COUNT'th %s." name)
         (interactive "p")
         (unless count (setq count 1))
         (if (< count 0)
             (,next (- count))
           (let ((,widened ,(and narrowfun '(prog1 (buffer-narrowed-p) (widen)))))
             (unless (re-search-backward ,re nil t count)
               (user-error "No previous %s" ,name))
             ,@(when narrowfun `((when ,widened (funcall #',narrowfun)))))
           ,@body))
       (put ',prev 'definition-name ',base))))

(defun easy-mmode-define-keymap (bindings &optional name map args)
  "MAP (a new one when nil) with BINDINGS, a list of (KEY . DEF) where KEY
may be a list of keys, and a command symbol KEY stands for its keys in
`global-map'.  ARGS: :inherit PARENT, :dense, :suppress, :name."
  (let* ((dense (plist-get args :dense))
         (name (or (plist-get args :name) name))
         (map (or map (if dense (make-keymap name) (make-sparse-keymap name)))))
    (when (plist-get args :suppress)
      (suppress-keymap map (eq (plist-get args :suppress) 'nodigits)))
    (dolist (b bindings)
      (let ((def (cdr b)))
        (dolist (key (if (consp (car b)) (car b) (list (car b))))
          (let ((old (and (not (symbolp key)) (lookup-key map key))))
            (cond ((symbolp key) (substitute-key-definition key def map global-map))
                  ((null def) (unless (keymapp old) (define-key map key def)))
                  ((or (null old) (numberp old) (eq old 'undefined))
                   (define-key map key def)))))))
    (when (plist-get args :inherit)
      (set-keymap-parent map (plist-get args :inherit)))
    map))

(defmacro easy-mmode-defmap (m bindings doc &rest args)
  "Define M as a keymap made by `easy-mmode-define-keymap' from BINDINGS."
  (declare (indent 1))
  `(defconst ,m (easy-mmode-define-keymap ,bindings nil (if (boundp ',m) ,m) (list ,@args)) ,doc))

(defun easy-mmode-define-syntax (entries args)
  "A syntax table with ENTRIES, each (CHAR-OR-CHARS . SYNTAX).
ARGS: :copy TABLE to start from, :inherit PARENT."
  (let ((table (make-syntax-table (plist-get args :copy))))
    (dolist (e entries)
      (if (sequencep (car e))
          (mapc (lambda (c) (modify-syntax-entry c (cdr e) table)) (car e))
        (modify-syntax-entry (car e) (cdr e) table)))
    (when (plist-get args :inherit)
      (set-char-table-parent table (plist-get args :inherit)))
    table))

(defmacro easy-mmode-defsyntax (st entries doc &rest args)
  "Define ST as a syntax table made by `easy-mmode-define-syntax'."
  (declare (indent 1))
  `(defconst ,st (easy-mmode-define-syntax ,entries (list ,@args)) ,doc))

;;;; Minor modes

(defun modes--pretty-name (mode)
  "Column-Number mode for column-number-mode, as Emacs names it."
  (let ((base (replace-regexp-in-string "-mode\\'" "" (symbol-name mode))))
    (concat (mapconcat #'capitalize (split-string base "-") "-") " mode")))

(defun add-minor-mode (toggle name &optional keymap &rest _)
  (when name
    (let ((entry (assq toggle minor-mode-alist)))
      (if entry (setcdr entry (list name))
        (push (list toggle name) minor-mode-alist))))
  (when keymap
    (let ((entry (assq toggle minor-mode-map-alist)))
      (if entry (setcdr entry keymap)
        (push (cons toggle keymap) minor-mode-map-alist)))))

(defun modes--keymap-value (km)
  "A keymap from a :keymap value: a keymap, or an alist of (KEY . COMMAND)."
  (cond ((keymapp km) km)
        ((listp km)
         (let ((map (make-sparse-keymap)))
           (dolist (b km map) (define-key map (car b) (cdr b)))))
        (t (error "Invalid keymap %S" km))))

(defun modes--minor-new-state (arg current)
  (cond ((eq arg 'toggle) (not current))
        ((and (numberp arg) (< arg 1)) nil)
        (t t)))

(defvar custom-local-buffer nil)

(defun custom-set-minor-mode (variable value)
  "The :set of a global minor mode: VALUE nil turns it off, else on (in
`custom-local-buffer' when non-nil)."
  (if custom-local-buffer
      (with-current-buffer custom-local-buffer
        (funcall variable (if value 1 0)))
    (funcall variable (if value 1 0))))

;;;###autoload
(defmacro define-minor-mode (mode doc &rest body)
  "Define minor mode MODE: a variable, a command, MODE-hook and maybe MODE-map."
  (let* ((split (modes--split-keywords body))
         (keys (car split))
         (global (plist-get keys :global))
         (lighter (plist-get keys :lighter))
         (keymap (plist-get keys :keymap))
         (init (plist-get keys :init-value))
         (after-hook (plist-get keys :after-hook))
         (hook (intern (format "%s-hook" mode)))
         (map (intern (format "%s-map" mode)))
         (pretty (modes--pretty-name mode)))
    `(progn
       ,@(unless global `((defvar ,mode ,init)))
       ,@(unless global `((make-variable-buffer-local ',mode)))
       (defvar ,hook nil)
       ,@(when keymap `((defvar ,map (modes--keymap-value ,keymap))))
       (defun ,mode (&optional arg)
         ,(or doc "")
         (interactive (list (if current-prefix-arg
                                (prefix-numeric-value current-prefix-arg)
                              'toggle)))
         ;; Read only to toggle: :initialize calls it while still void.
         (setq ,mode (if (eq arg 'toggle) (not ,mode) (modes--minor-new-state arg nil)))
         ,@(cdr split)
         (run-hooks ',hook (if ,mode ',(intern (format "%s-on-hook" mode))
                             ',(intern (format "%s-off-hook" mode))))
         (when (callint--called-as-command-p ',mode)
           (message "%s %sabled%s" ,pretty (if ,mode "en" "dis")
                    ,(if global "" " in current buffer")))
         ,@(when after-hook (list after-hook))
         ,mode)
       ,@(when global
           ;; As Emacs's: customizing a global mode turns it on or off, and
           ;; :initialize 'custom-initialize-delay (global-font-lock-mode)
           ;; turns it on or off as INIT says when its file loads, which
           ;; needs the function above.
           `((defcustom ,mode ,init ,(format "Non-nil if %s is enabled." pretty)
               :set #'custom-set-minor-mode
               :initialize ,(or (plist-get keys :initialize) ''custom-initialize-default)
               ,@(when (plist-member keys :group) (list :group (plist-get keys :group)))
               :type 'boolean)))
       (add-minor-mode ',mode ',lighter ,(when keymap map))
       ',mode)))

;; Turning GLOBAL on runs TURN-ON in every buffer, and in each buffer whose
;; major mode is set later; turning it off turns MODE off everywhere.
;;;###autoload
(defmacro define-globalized-minor-mode (global mode turn-on &rest body)
  "Define GLOBAL, a global minor mode turning the buffer-local MODE on everywhere."
  (let* ((doc (if (stringp (car body)) (pop body) ""))
         (split (modes--split-keywords body))
         (keys (car split))
         (enable (intern (format "%s-enable-in-buffer" global))))
    `(progn
       (defun ,enable ()
         (when ,global (funcall #',turn-on)))
       (define-minor-mode ,global ,doc :global t
         ,@(mapcan (lambda (key) (when (plist-member keys key) (list key (plist-get keys key))))
                   '(:init-value :initialize :group))
         (if ,global (add-hook 'after-change-major-mode-hook #',enable)
           (remove-hook 'after-change-major-mode-hook #',enable))
         (dolist (buf (buffer-list))
           (with-current-buffer buf
             (if ,global (funcall #',turn-on) (when ,mode (,mode -1)))))
         ,@(cdr split)))))
;;;###autoload
(defalias 'define-global-minor-mode #'define-globalized-minor-mode)

;;;; Basic major modes

;;;###autoload
(define-derived-mode text-mode nil "Text"
  "Major mode for editing text."
  (setq-local text-mode-variant t)
  (setq-local require-final-newline mode-require-final-newline))

;;;###autoload
(define-derived-mode prog-mode nil "Prog"
  "Major mode for editing programming language source code."
  (setq-local require-final-newline mode-require-final-newline)
  (setq-local parse-sexp-ignore-comments t)
  ;; Any programming language is written left to right.
  (setq bidi-paragraph-direction 'left-to-right))

(defvar prog-indentation-context nil
  "Non-nil while a mode indents code embedded in another language's:
\(FIRST-COLUMN . REST), FIRST-COLUMN the column of its top-level constructs.")

(defun prog-first-column ()
  "The column of top-level constructs: 0, or what `prog-indentation-context' says."
  (or (car prog-indentation-context) 0))

;;;###autoload
(define-derived-mode special-mode nil "Special"
  "Parent mode for buffers not meant to be edited: read-only, q quits."
  (setq buffer-read-only t))

(let ((map special-mode-map))
  (define-key map "q" 'quit-window)
  (define-key map "g" 'revert-buffer)
  (define-key map " " 'scroll-up-command)
  (define-key map "\d" 'scroll-down-command)
  (define-key map "<" 'beginning-of-buffer)
  (define-key map ">" 'end-of-buffer)
  (define-key map "n" 'next-line)
  (define-key map "p" 'previous-line)
  (dotimes (i 10) (define-key map (string (+ ?0 i)) 'digit-argument))
  (define-key map "-" 'negative-argument))

(defvar lisp-data-mode-syntax-table
  (let ((table (make-syntax-table)))
    ;; Every ASCII character but letters and digits is a symbol
    ;; constituent, then the ones Lisp gives a meaning.
    (dotimes (c 128)
      (unless (or (<= ?0 c ?9) (<= ?A c ?Z) (<= ?a c ?z))
        (modify-syntax-entry c "_   " table)))
    (dolist (entry '((?\s . "    ") (?\xa0 . "    ") (?\t . "    ") (?\f . "    ")
                     (?\n . ">   ") (?\; . "<   ") (?` . "'   ") (?' . "'   ")
                     (?, . "'   ") (?@ . "_ p") (?. . "_   ") (?# . "'   ")
                     (?\" . "\"    ") (?\\ . "\\   ") (?\( . "()  ") (?\) . ")(  ")
                     (?\[ . "(]") (?\] . ")[")))
      (modify-syntax-entry (car entry) (cdr entry) table))
    table)
  "Syntax table of Lisp data: `;' comments, quotes as prefixes.")

(defvar emacs-lisp-mode-syntax-table
  (make-syntax-table lisp-data-mode-syntax-table)
  "Syntax table used in `emacs-lisp-mode'.")

(defvar lisp-mode-syntax-table
  (let ((table (make-syntax-table lisp-data-mode-syntax-table)))
    (modify-syntax-entry ?\[ "_   " table)
    (modify-syntax-entry ?\] "_   " table)
    (modify-syntax-entry ?# "' 14" table)
    (modify-syntax-entry ?| "\" 23bn" table)
    table)
  "Syntax table of Common Lisp's mode: #| |# comments, brackets in symbols.")

(defun lisp-mode-variables (&optional lisp-syntax keywords-case-insensitive elisp)
  "Set the buffer-local variables every Lisp mode shares: comments start with
`;' (`;;' from comment-region), Lisp indentation, sexps skip comments, and
Emacs's font-lock keywords (ELISP non-nil: Emacs Lisp's, else Common
Lisp's; lisp-mode.el's, read when first used).
LISP-SYNTAX non-nil: `lisp-mode-syntax-table' too."
  (when lisp-syntax
    (set-syntax-table lisp-mode-syntax-table))
  (when (boundp 'lisp-imenu-generic-expression)
    (setq-local imenu-generic-expression lisp-imenu-generic-expression))
  (setq-local font-lock-defaults
              `(,(if elisp '(lisp-el-font-lock-keywords
                             lisp-el-font-lock-keywords-1
                             lisp-el-font-lock-keywords-2)
                   '(lisp-cl-font-lock-keywords
                     lisp-cl-font-lock-keywords-1
                     lisp-cl-font-lock-keywords-2))
                nil ,keywords-case-insensitive nil nil
                (font-lock-mark-block-function . mark-defun)
                (font-lock-extra-managed-props help-echo)
                (font-lock-syntactic-face-function . lisp-font-lock-syntactic-face-function)))
  (setq-local paragraph-ignore-fill-prefix t)
  (setq-local indent-line-function 'lisp-indent-line)
  (setq-local indent-region-function 'lisp-indent-region)
  (setq-local parse-sexp-ignore-comments t)
  (setq-local outline-regexp ";;;;* [^ \t\n]\\|(\\|\\(^;;;###\\(\\([-[:alnum:]]+?\\)-\\)?\\(autoload\\)\\)")
  (setq-local comment-start ";")
  (setq-local comment-start-skip ";+ *")
  (setq-local comment-add 1)
  (setq-local comment-column 40)
  (setq-local comment-use-syntax t)
  (setq-local multibyte-syntax-as-symbol t))

;;;###autoload
(define-derived-mode lisp-data-mode prog-mode "Lisp-Data"
  "Major mode for buffers holding data written in Lisp syntax."
  (lisp-mode-variables nil t nil))
;; As in Emacs: the Lisp modes' maps inherit this one, which inherits prog-mode's.
(defvar lisp-mode-shared-map
  (let ((map (make-sparse-keymap)))
    (set-keymap-parent map prog-mode-map)
    (define-key map "\e\C-q" 'indent-sexp)
    map)
  "Keymap for commands shared by all sorts of Lisp modes.")
(set-keymap-parent lisp-data-mode-map lisp-mode-shared-map)

(define-derived-mode lisp-mode lisp-data-mode "Lisp"
  "Major mode for Common Lisp and similar Lisps: `#|...|#' comments, and
symbols may hold brackets (`lisp-mode-syntax-table')."
  (lisp-mode-variables t t nil)
  (setq-local comment-start-skip "\\(\\(^\\|[^\\\\\n]\\)\\(\\\\\\\\\\)*\\)\\(;+\\|#|\\) *")
  (setq-local imenu-case-fold-search t))

;;;###autoload
(define-derived-mode emacs-lisp-mode lisp-data-mode
  ;; Emacs 28's name: the mode line says which scoping the buffer's code
  ;; gets (its lexical-binding), "/d" in the warning face.
  '("ELisp"
    (lexical-binding (:propertize "/l" help-echo "Using lexical-binding mode")
                     (:propertize "/d" help-echo "Using old dynamic scoping mode" face warning)))
  "Major mode for editing Emacs Lisp code."
  (lisp-mode-variables nil nil 'elisp)
  ;; ElDoc (on by default, as global-eldoc-mode is in Emacs 28) shows the
  ;; arguments of the call around point and a variable's first doc line.
  (when (fboundp 'elisp-eldoc-funcall)
    (add-hook 'eldoc-documentation-functions #'elisp-eldoc-var-docstring nil t)
    (add-hook 'eldoc-documentation-functions #'elisp-eldoc-funcall nil t))
  (when (fboundp 'elisp--xref-backend)
    (add-hook 'xref-backend-functions #'elisp--xref-backend nil t))
  ;; Emacs's: C-M-i, company and corfu complete symbols from the obarray.
  (when (fboundp 'elisp-completion-at-point)
    (add-hook 'completion-at-point-functions #'elisp-completion-at-point nil 'local)))

;; M-. and M-? in Emacs Lisp are elisp-mode.el's xref backend.  That file's
;; functions come one at a time (gapmacs's emacs-lisp-mode stands in for
;; it); its methods on xref's generic functions, and the location type
;; they make, are evaluated when xref.el loads.
(defun modes--elisp-xref-form-p (form)
  "Whether FORM is elisp-mode.el's xref method or location type."
  (pcase form
    (`(cl-defmethod ,_ ((,_ (eql 'elisp)) . ,_) . ,_) t)
    (`(cl-defmethod ,_ ((,_ xref-elisp-location) . ,_) . ,_) t)
    (`(cl-defstruct (xref-elisp-location . ,_) . ,_) t)))

(eval-after-load 'xref
  (lambda ()
    (when gapmacs-emacs-lisp-directory
      (internal--eval-emacs-forms
       (expand-file-name "progmodes/elisp-mode" gapmacs-emacs-lisp-directory)
       #'modes--elisp-xref-form-p))))
(define-key emacs-lisp-mode-map "\e\C-x" 'eval-defun)
(define-key emacs-lisp-mode-map "\e\t" 'completion-at-point)

;;;###autoload
(define-derived-mode lisp-interaction-mode emacs-lisp-mode "Lisp Interaction"
  "Emacs Lisp mode where C-j evaluates the sexp before point and inserts its value."
  ;; As Emacs 28's: *scratch*'s Lisp is lexical, other buffers' as their
  ;; cookie says (dynamic without one).
  (setq-local lexical-binding t))
(define-key lisp-interaction-mode-map "\n" 'eval-print-last-sexp)

;;;; Evaluation for Lisp buffers (sexp motion is in lisp.el)

(defun elisp--preceding-sexp ()
  (let ((end (point)))
    (save-excursion
      (backward-sexp 1)
      (car (read-from-string (buffer-substring (point) end))))))

(defun eval-last-sexp (eval-last-sexp-arg-internal)
  "Evaluate the sexp before point; show its value, or insert it with C-u."
  (interactive "P")
  (let ((value (eval (elisp--preceding-sexp) lexical-binding)))
    (if eval-last-sexp-arg-internal
        (progn (push value values)
               (insert (prin1-to-string value)))
      (simple--show-value value nil))
    value))

(defun eval-print-last-sexp (&optional _arg)
  "Evaluate the sexp before point and insert its value on the next line."
  (interactive "P")
  (insert "\n")
  (eval-last-sexp t)
  (insert "\n"))

(defun eval-defun (_edebug-it)
  "Evaluate the top-level form around point; a defvar is re-set as Emacs does."
  (interactive "P")
  (let* ((form (save-excursion
                 (end-of-line)
                 (beginning-of-defun)
                 (let ((start (point)))
                   (forward-sexp 1)
                   (car (read-from-string (buffer-substring start (point)))))))
         (form (if (and (memq (car-safe form) '(defvar defcustom)) (cddr form))
                   `(progn (makunbound ',(cadr form)) ,form)
                 form))
         (value (eval form lexical-binding)))
    (simple--show-value value nil)
    value))

;;;; Evaluating a buffer or a region (Emacs's lread.c)

(defvar eval-buffer-list nil
  "The buffers `eval-buffer' and `eval-region' are reading from, innermost first.")

(defun gapmacs--file-lexically-bound-p (buffer)
  "Non-nil when BUFFER's first line (after a #! line) says lexical-binding:
non-nil, as Emacs's lisp_file_lexically_bound_p reads it."
  (with-current-buffer buffer
    (save-excursion
      (save-restriction
        (widen)
        (goto-char (point-min))
        (when (looking-at "#!") (forward-line 1))
        (and (re-search-forward "-\\*-.*?lexical-binding:[ \t]*\\([^ \t\n;]+\\)"
                                (line-end-position) t)
             (not (equal (match-string 1) "nil")))))))

(defun gapmacs--eager-eval (form)
  "Evaluate FORM as a load does: macros expanded first, a progn's forms
one at a time (internal-macroexpand-for-load, as readevalloop)."
  (let ((form (internal-macroexpand-for-load form nil)))
    (if (eq (car-safe form) 'progn)
        (let ((value nil))
          (dolist (sub (cdr form) value)
            (setq value (gapmacs--eager-eval sub))))
      (eval (internal-macroexpand-for-load form t) lexical-binding))))

(defun gapmacs--read-eval-loop (buffer end printflag read-function)
  "Read and evaluate the forms of BUFFER from its point until END (a
marker, or nil for the end of its accessible text), as readevalloop: each
form is read in BUFFER, narrowed to END, and evaluated where the caller
was; with PRINTFLAG each value goes to `standard-output'."
  (let ((eval-buffer-list (cons buffer eval-buffer-list)))
    (while (with-current-buffer buffer
             (let ((limit (if end (marker-position end) (point-max))))
               (while (progn (skip-chars-forward " \t\n\r\f" limit)
                             (and (eq (char-after) ?\;) (< (point) limit)))
                 (forward-line 1))
               (< (point) limit)))
      (let* ((form (with-current-buffer buffer
                     (save-restriction
                       (when end (narrow-to-region (point-min) end))
                       (funcall (or read-function #'read) buffer))))
             (value (gapmacs--eager-eval form)))
        (when printflag
          (push value values)
          (if (eq standard-output t) (prin1 value) (print value)))))))

;;;###autoload
(defun eval-buffer (&optional buffer printflag filename unibyte do-allow-print)
  "Evaluate the accessible text of BUFFER (the current one by default) as
Lisp, as `load' would, with `lexical-binding' as its first line says.
PRINTFLAG nil discards what the forms print (unless DO-ALLOW-PRINT), and
anything else is the stream their values and output go to.  FILENAME is
the file name for `load-history'; UNIBYTE is ignored, as in Emacs 28."
  (interactive)
  (ignore filename unibyte)
  (let* ((buffer (if buffer (or (get-buffer buffer) (error "No such buffer")) (current-buffer)))
         (standard-output (cond (printflag printflag) (do-allow-print t) (t #'ignore)))
         (lexical-binding (gapmacs--file-lexically-bound-p buffer)))
    ;; As Emacs: the caller's buffer and point are kept (BUFFER's point
    ;; too when it is the caller's), and the forms run in the caller's.
    (save-excursion
      (with-current-buffer buffer (goto-char (point-min)))
      (gapmacs--read-eval-loop buffer nil printflag nil)))
  nil)

;;;###autoload
(defun eval-region (start end &optional printflag read-function)
  "Evaluate the text from START to END of the current buffer as Lisp.
PRINTFLAG nil discards what the forms print; anything else is the stream
their values and output go to.  READ-FUNCTION, when non-nil, reads each
form instead of `read'.  Point does not move."
  (interactive "r")
  (let ((buffer (current-buffer))
        (end (copy-marker (max start end)))
        (standard-output (or printflag #'ignore)))
    (unwind-protect
        (save-excursion
          (goto-char (min start (marker-position end)))
          (gapmacs--read-eval-loop buffer end printflag read-function))
      (set-marker end nil)))
  nil)

;;;; Choosing a major mode for a file

;; What Emacs's jka-compr-install puts first in `auto-mode-alist': a file
;; read through gzip (`auto-compression-mode') gets the mode of its name
;; without ".gz".
(defconst modes--compressed-entry '("\\.gz\\'" nil jka-compr))

;; Without Emacs's library, a few entries of gapmacs's own.  With it,
;; Emacs's own lists (files.el's, then what its loaddefs.el adds: CC Mode,
;; python, ruby...) are taken the first time a mode is chosen, after the
;; entries a user or a package added before: start-up reads nothing.
(defconst modes--own-alists
  `((auto-mode-alist
     ,modes--compressed-entry
     ("\\.el\\'" . emacs-lisp-mode)
     ("\\.\\(?:te?xt\\|md\\|org\\|rst\\)\\'" . text-mode)
     ("/\\(?:README\\|COMMIT_EDITMSG\\)\\'" . text-mode)
     ("\\.\\(?:c\\|h\\|cc\\|cpp\\|hpp\\|cxx\\|py\\|sh\\|js\\|ts\\|rs\\|go\\|java\\|rb\\|pl\\|lua\\|cmake\\)\\'" . prog-mode)
     ("/\\(?:Makefile\\|CMakeLists\\.txt\\)\\'" . prog-mode))
    (interpreter-mode-alist
     ("\\(?:ba\\|z\\|da\\)?sh" . prog-mode) ("python[0-9.]*" . prog-mode)
     ("perl" . prog-mode) ("emacs" . emacs-lisp-mode))
    (magic-fallback-mode-alist))
  "The entries of the mode alists when Emacs's library is not installed.")

(defvar auto-mode-alist (copy-sequence (alist-get 'auto-mode-alist modes--own-alists))
  "Alist of (REGEXP . MODE): a file whose name matches REGEXP gets MODE.
\(REGEXP MODE t) strips what REGEXP matched (\".gz\") and tries again;
MODE nil chooses nothing.")

(defvar interpreter-mode-alist (copy-sequence (alist-get 'interpreter-mode-alist modes--own-alists))
  "Alist of (REGEXP . MODE): a file whose #! line names an interpreter
matching REGEXP (whole) gets MODE.")

(defvar auto-mode-interpreter-regexp "#![ \t]?\\([^ \t\n]*/bin/env[ \t]\\)?\\([^ \t\n]+\\)"
  "The #! line: its second group is the interpreter.")

(defvar auto-mode-case-fold t)

(defvar magic-mode-alist nil
  "Alist of (REGEXP-OR-FUNCTION . MODE) tried on the buffer's start before
`auto-mode-alist': REGEXP matched with `looking-at', FUNCTION called.")
(defvar magic-fallback-mode-alist nil
  "As `magic-mode-alist', tried when nothing else chose a mode.")
(defvar magic-mode-regexp-match-limit 4000
  "How far from the buffer's start the magic regexps may look.")

(defvar modes--emacs-alists-taken nil)

(defun modes--emacs-files-value (variable)
  "VARIABLE's value as Emacs's files.el defines it (a defvar in column 0),
or nil."
  (with-current-buffer (internal--emacs-definition-buffer
                        (expand-file-name "files" gapmacs-emacs-lisp-directory))
    (save-excursion
      (goto-char (point-min))
      (when (search-forward (format "\n(defvar %s\n" variable) nil t)
        (goto-char (1+ (match-beginning 0)))
        (eval (nth 2 (read (current-buffer))) t)))))

(defun modes--eval-loaddefs-additions ()
  "Evaluate the forms of Emacs's loaddefs.el that add to the mode alists
\(CC Mode's, python's...): lines starting \"(add-to-list 'auto-mode-alist\"
or \"'interpreter-mode-alist\", or a `dolist' over interpreter names."
  (with-temp-buffer
    ;; Emacs has these preloaded: reading them is no file the user read.
    (let ((last-coding-system-used last-coding-system-used))
      (insert-file-contents (expand-file-name "loaddefs.el" gapmacs-emacs-lisp-directory)))
    ;; A literal search (memchr fast); the line is checked after.
    (while (search-forward "-mode-alist" nil t)
      (let ((end (point)))
        (beginning-of-line)
        (if (looking-at " ?(\\(?:add-to-list '\\(?:auto-mode\\|interpreter-mode\\)-alist\\|dolist (name (list [^\n]*interpreter-mode-alist\\)")
            (condition-case nil
                (eval (read (current-buffer)) t)
              (error (goto-char end)))
          (goto-char end))
        (forward-line 1)))))

(defun modes--merge (variable value emacs)
  "EMACS's entries for VARIABLE after those of VALUE that gapmacs's own
list does not hold."
  (let ((own (alist-get variable modes--own-alists)))
    (append (seq-remove (lambda (entry) (member entry own)) value) emacs)))

(defun modes--take-emacs-alists ()
  "Once: Emacs's mode alists replace gapmacs's own entries, at top level
and in a binding of the moment."
  (unless modes--emacs-alists-taken
    (setq modes--emacs-alists-taken t)
    (when (and (bound-and-true-p gapmacs-emacs-lisp-directory)
               (modes--emacs-files-value 'auto-mode-alist))
      (let* ((auto-mode-alist (modes--emacs-files-value 'auto-mode-alist))
             (interpreter-mode-alist (modes--emacs-files-value 'interpreter-mode-alist))
             (magic-fallback-mode-alist (modes--emacs-files-value 'magic-fallback-mode-alist))
             (emacs nil))
        ;; The entries Emacs's modes add from its loaddefs.el, in front.
        (modes--eval-loaddefs-additions)
        (setq emacs (list (cons 'auto-mode-alist (cons modes--compressed-entry auto-mode-alist))
                          (cons 'interpreter-mode-alist interpreter-mode-alist)
                          (cons 'magic-fallback-mode-alist magic-fallback-mode-alist)))
        (dolist (entry emacs)
          (let ((variable (car entry)))
            (unless (eq (symbol-value variable) (default-toplevel-value variable))
              (set variable (modes--merge variable (symbol-value variable) (cdr entry))))
            (set-default-toplevel-value
             variable (modes--merge variable (default-toplevel-value variable) (cdr entry)))))))))

(defun modes--mode-from-cookie ()
  "The mode a -*- mode: NAME -*- (or -*- NAME -*-) first line asks for;
the second line's after a #! line, as Emacs's `file-auto-mode-skip'."
  (save-excursion
    (goto-char (point-min))
    ;; A cookie sits near the start of the first line: a first line of
    ;; 200 MB is not searched to its end.
    (let ((eol (min (line-end-position (if (looking-at "#!\\|'\\\\\"") 2 1)) (+ (point) 3000))))
      (when (re-search-forward "-\\*-\\(.*?\\)-\\*-" eol t)
        (let ((inner (string-trim (match-string 1))))
          (cond ((string-match "\\(?:^\\|;\\)[ \t]*mode:[ \t]*\\([^ \t;]+\\)" inner)
                 (intern (concat (downcase (match-string 1 inner)) "-mode")))
                ((not (string-match ":" inner))
                 (intern (concat (downcase inner) "-mode")))))))))

(defun modes--mode-from-local-variables ()
  "The major mode a Local Variables: block names with `mode:'."
  (when (and enable-local-variables local-enable-local-variables)
    (let ((mode (cdr (assq 'mode (file-local--block)))))
      (and (symbolp mode) mode (intern (concat (downcase (symbol-name mode)) "-mode"))))))

(defun modes--mode-from-interpreter ()
  (save-excursion
    (goto-char (point-min))
    (when (looking-at auto-mode-interpreter-regexp)
      (let ((interpreter (file-name-nondirectory (match-string 2))))
        (assoc-default interpreter interpreter-mode-alist
                       (lambda (re s) (string-match-p (concat "\\`" re "\\'") s)))))))

(defun modes--mode-from-name (name)
  "The mode `auto-mode-alist' gives the file NAME: case-sensitive first,
then not (`auto-mode-case-fold'); an entry (REGEXP MODE t) strips what
REGEXP matched and looks again, as Emacs's set-auto-mode--apply-alist."
  (setq name (file-name-sans-versions name))
  (let (mode)
    (while name
      (setq mode (or (let ((case-fold-search nil))
                       (assoc-default name auto-mode-alist #'string-match))
                     (and auto-mode-case-fold
                          (let ((case-fold-search t))
                            (assoc-default name auto-mode-alist #'string-match)))))
      (if (and (consp mode) (cadr mode))
          (setq mode (car mode)
                name (substring name 0 (match-beginning 0)))
        (setq name nil)))
    (and (symbolp mode) mode)))

(defun modes--mode-from-magic (alist)
  (save-excursion
    (save-restriction
      (widen)
      (goto-char (point-min))
      (narrow-to-region (point-min) (min (point-max) (+ (point-min) magic-mode-regexp-match-limit)))
      (let ((case-fold-search nil))
        (assoc-default nil alist
                       (lambda (re _) (if (functionp re) (funcall re) (looking-at re))))))))

(defun set-auto-mode (&optional _keep-mode-if-same)
  "Choose the major mode as Emacs: a -*- cookie, a Local Variables:
block's mode, the #! line, `magic-mode-alist', the file name, then
`magic-fallback-mode-alist'."
  (modes--take-emacs-alists)
  (let ((mode (or (modes--mode-from-cookie)
                  (modes--mode-from-local-variables)
                  (modes--mode-from-interpreter)
                  (modes--mode-from-magic magic-mode-alist)
                  (and (buffer-file-name) (modes--mode-from-name (buffer-file-name)))
                  (modes--mode-from-magic magic-fallback-mode-alist))))
    (if (and mode (fboundp mode))
        (funcall mode)
      (fundamental-mode))
    mode))

(defvar enable-local-variables t
  "t: safe file-local values at once, ask for the rest; :safe: only the
safe ones; :all: all without asking; nil: none; anything else: always ask.
See file-local.el.")

(defun normal-mode (&optional find-file)
  "Choose the major mode (set-auto-mode), then apply the file-local and
directory-local variables, as Emacs; FIND-FILE nil (a user's M-x
normal-mode) applies them even if `enable-local-variables' is nil."
  (interactive)
  (let ((enable-local-variables (or (not find-file) enable-local-variables)))
    ;; A mode that fails leaves the file visited, as in Emacs.
    (with-demoted-errors "File mode specification error: %s"
      (set-auto-mode))
    (condition-case err
        (hack-local-variables t)
      (error (message "File local-variables error: %s" (error-message-string err))))))

(defun set-buffer-major-mode (buffer)
  "Give BUFFER the default `major-mode' (or, when that is nil, the current
buffer's unless it is special), as Emacs does for a new buffer."
  (let ((mode (or (default-value 'major-mode)
                  (and (not (eq (get major-mode 'mode-class) 'special)) major-mode))))
    (when (and mode (not (eq mode 'fundamental-mode)))
      (with-current-buffer buffer (funcall mode)))))

(provide 'modes)
