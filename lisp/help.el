;;; help.el --- C-h: describe keys, functions, variables, modes, bindings  -*- lexical-binding: t -*-

;; What an Emacs user reaches for first when a key does something
;; unexpected.  Output goes to *Help* in another window, the selected
;; window stays where it was, and C-M-v scrolls the help, as in Emacs.
;; Built-in functions carry no docstrings in lisp-lite, so their help shows
;; their arity only.

(defvar help-map (make-sparse-keymap)
  "Keymap for characters following the help key.")
(fset 'help-command help-map)

(define-key global-map "\C-h" 'help-command)
(define-key global-map [f1] 'help-command)
(let ((map help-map))
  (define-key map "a" 'apropos-command)
  (define-key map "b" 'describe-bindings)
  (define-key map "c" 'describe-key-briefly)
  (define-key map "e" 'view-echo-area-messages)
  (define-key map "f" 'describe-function)
  (define-key map "k" 'describe-key)
  (define-key map "m" 'describe-mode)
  (define-key map "o" 'describe-symbol)
  (define-key map "v" 'describe-variable)
  (define-key map "w" 'where-is)
  (define-key map "x" 'describe-command)
  (define-key map "?" 'help-for-help)
  (define-key map "\C-h" 'help-for-help)
  (define-key map [f1] 'help-for-help))
(define-key global-map "\e\C-v" 'scroll-other-window)

;;;; The *Help* buffer

(define-derived-mode help-mode special-mode "Help"
  "Major mode for *Help*: q quits, SPC and DEL scroll.")

(defun help-buffer () "*Help*")

(defun help--show (buffer-or-name insert)
  "Fill BUFFER-OR-NAME through INSERT, with `standard-output' bound to it, and show it."
  (let ((buffer (get-buffer-create buffer-or-name)))
    (with-current-buffer buffer
      (let ((inhibit-read-only t))
        (erase-buffer)
        (help-mode)
        (let ((standard-output buffer))
          (funcall insert))
        (goto-char (point-min))
        (set-buffer-modified-p nil)))
    (display-buffer buffer)
    (message "Type C-x 1 to delete the help window, C-M-v to scroll help.")
    buffer))

(defmacro with-help-window (buffer-or-name &rest body)
  "Evaluate BODY with `standard-output' going to BUFFER-OR-NAME, then show it."
  (declare (indent 1))
  `(help--show ,buffer-or-name (lambda () ,@body)))

(defun help-print-return-message (&rest _) nil)

(defun scroll-other-window (&optional arg)
  "Scroll the next window's text up ARG lines, or a screen."
  (interactive "P")
  (help--in-other-window (lambda () (scroll-up arg))))

(defun scroll-other-window-down (&optional arg)
  "Scroll the next window's text down ARG lines, or a screen."
  (interactive "P")
  (help--in-other-window (lambda () (scroll-down arg))))

(defun help--in-other-window (thunk)
  (let ((here (selected-window))
        (there (or (and (get-buffer-window (help-buffer))
                        (not (eq (get-buffer-window (help-buffer)) (selected-window)))
                        (get-buffer-window (help-buffer)))
                   (cadr (window-list)))))
    (unless there (user-error "There is no other window"))
    (unwind-protect
        (progn (select-window there) (funcall thunk))
      (select-window here))))

;;;; Reading names

(defun help--symbol-at-point ()
  (save-excursion
    (skip-chars-backward "^ \t\n()[]\"'`,;")
    (let ((start (point)))
      (skip-chars-forward "^ \t\n()[]\"'`,;")
      (when (> (point) start)
        (intern-soft (buffer-substring-no-properties start (point)))))))

(defun help--read-symbol (what predicate)
  "Read a symbol satisfying PREDICATE, defaulting to the one at point."
  (let* ((near (help--symbol-at-point))
         (default (and near (funcall predicate near) (symbol-name near)))
         (name (completing-read (if default
                                    (format "%s (default %s): " what default)
                                  (format "%s: " what))
                                obarray predicate t nil nil default)))
    (if (equal name "") (user-error "You didn't specify a %s" (downcase what))
      (intern name))))

;;;; Functions

(defun help--arglist (function)
  "FUNCTION's argument list for display, or nil when it cannot be known."
  (let ((def (indirect-function function)))
    (when (eq (car-safe def) 'macro) (setq def (cdr def)))
    (cond ((eq (car-safe def) 'closure) (nth 2 def))
          ((eq (car-safe def) 'lambda) (nth 1 def))
          ((eq (car-safe def) 'autoload) nil)
          ((functionp def) (help--arity-arglist (func-arity def)))
          ((special-form-p def) '(&rest ARGS)))))

(defun help--arglist-name-p (arg)
  "Whether ARG, read from a usage line, can be an argument's name."
  (and (symbolp arg)
       (let ((name (symbol-name arg)))
         (if (eq (aref name 0) ?&)
             (memq arg '(&rest &optional))
           (not (string-search "." name))))))

(defun help-function-arglist (def &optional preserve-names)
  "DEF's argument list: a lambda's or closure's own, a byte-code
function's; for a builtin, its names from the docstring's usage line with
PRESERVE-NAMES, else arg1, arg2... as its arity says; for an autoload not
loaded yet, a string saying so; t when it cannot be known."
  (when (and (symbolp def) (fboundp def)) (setq def (indirect-function def)))
  (when (eq (car-safe def) 'macro) (setq def (cdr def)))
  (cond ((eq (car-safe def) 'closure) (nth 2 def))
        ((eq (car-safe def) 'lambda) (nth 1 def))
        ((and (byte-code-function-p def) (listp (aref def 0))) (aref def 0))
        ((eq (car-safe def) 'autoload)
         "[Arg list not available until function definition is loaded.]")
        ((or (subrp def) (byte-code-function-p def))
         (or (and preserve-names
                  (let* ((usage (car (help-split-fundoc (ignore-errors (documentation def)) nil)))
                         (args (and usage (cdr (car (read-from-string (downcase usage)))))))
                    ;; As Emacs: names only ("BODY..." or [SYM VAL] are not).
                    (and (not (memq nil (mapcar #'help--arglist-name-p args)))
                         args)))
             (let* ((arity (func-arity def)) (min (car arity)) (max (cdr arity)) args)
               (dotimes (i min) (push (intern (format "arg%d" (1+ i))) args))
               (when (and (integerp max) (> max min))
                 (push '&optional args)
                 (dotimes (i (- max min)) (push (intern (format "arg%d" (+ 1 i min))) args)))
               (unless (integerp max) (push '&rest args) (push 'rest args))
               (nreverse args))))
        (t t)))

(defun help--arity-arglist (arity)
  "An argument list naming ARG1.. for ARITY (MIN . MAX), as Emacs shows subrs without docs."
  (let ((min (car arity)) (max (cdr arity)) args)
    (dotimes (i (if (integerp max) max min))
      (when (= i min) (push '&optional args))
      (push (intern (format "ARG%d" (1+ i))) args))
    (unless (integerp max) (setq args (append (list 'ARGS '&rest) args)))
    (nreverse args)))

(defun help--signature (function)
  (or (car (help-split-fundoc (documentation function) function))
      (help--arglist-signature function)))

(defun help--arglist-signature (function)
  (let ((args (help--arglist function)))
    (format "%S" (cons function
                       (mapcar (lambda (a)
                                 (if (memq a '(&optional &rest)) a
                                   (intern (upcase (string-remove-prefix
                                                    "_" (symbol-name a))))))
                               args)))))

(defun help--function-kind (function)
  (let* ((def (symbol-function function))
         (real (indirect-function function))
         (interactive (and (commandp function) "an interactive ")))
    (cond ((and def (symbolp def)) (format "an alias for `%s'" def))
          ((eq (car-safe real) 'macro) "a Lisp macro")
          ((eq (car-safe real) 'autoload)
           (format "an autoloaded %sfunction in `%s'" (if interactive "interactive " "")
                   (nth 1 real)))
          ((special-form-p real) "a special form in `C source code'")
          ((memq (car-safe real) '(closure lambda))
           (concat (or interactive "a ") "Lisp function"))
          (t (concat (or interactive "a ") "built-in function in `C source code'")))))

(defun help--keys-sentence (command)
  (let ((keys (and (commandp command) (where-is-internal command))))
    (when keys
      (format "It is bound to %s.\n\n" (mapconcat #'key-description keys ", ")))))

(defun help--function-body (function)
  "Everything `describe-function' says after its first line."
  (concat (or (help--keys-sentence function) "")
          (help--signature function) "\n\n"
          (or (cdr (help-split-fundoc (documentation function) function t))
              "Not documented.")
          "\n"))

(defun describe-function (function)
  "Show FUNCTION's kind, keys, argument list and documentation."
  (interactive (list (help--read-symbol "Describe function" #'fboundp)))
  (unless (and (symbolp function) (fboundp function))
    (user-error "Not a function: %S" function))
  (let ((keymaps-from (current-buffer)))
    (with-help-window (help-buffer)
      (princ (format "%s is %s.\n\n" function (help--function-kind function)))
      (princ (with-current-buffer keymaps-from (help--function-body function))))))

(defun describe-command (command)
  "Show COMMAND's keys, argument list and documentation."
  (interactive (list (help--read-symbol "Describe command" #'commandp)))
  (describe-function command))

;;;; Variables

(defun help--variable-p (symbol)
  (or (get symbol 'variable-documentation) (and (boundp symbol) (not (keywordp symbol)))))

(defun describe-variable (variable &optional buffer)
  "Show VARIABLE's value (local and global) and documentation."
  (interactive (list (help--read-symbol "Describe variable" #'help--variable-p)))
  (setq buffer (or buffer (current-buffer)))
  (let ((text (with-current-buffer buffer (help--variable-text variable buffer))))
    (with-help-window (help-buffer) (princ text))))

(defun help--variable-text (variable buffer)
  (let ((local (local-variable-p variable)))
    (concat
     (format "%s is a variable.\n\n" variable)
     (cond ((not (boundp variable)) "It is void as a variable.\n")
           (local (format "Its value is %S\nLocal in buffer %s; global value is %S\n"
                          (symbol-value variable) (buffer-name buffer)
                          (default-value variable)))
           (t (format "Its value is %S\n" (symbol-value variable))))
     (if (and (not local) (local-variable-if-set-p variable))
         "\n  Automatically becomes buffer-local when set.\n" "")
     "\nDocumentation:\n"
     (or (get variable 'variable-documentation) "Not documented as a variable.")
     "\n")))

(defun describe-symbol (symbol)
  "Describe SYMBOL as a function and as a variable, whichever it is."
  (interactive (list (help--read-symbol "Describe symbol"
                                        (lambda (s) (or (fboundp s) (help--variable-p s))))))
  (let ((from (current-buffer)))
    (with-help-window (help-buffer)
      (when (fboundp symbol)
        (princ (format "%s is %s.\n\n" symbol (help--function-kind symbol)))
        (princ (with-current-buffer from (help--function-body symbol))))
      (when (and (fboundp symbol) (help--variable-p symbol)) (princ "\n\n"))
      (when (help--variable-p symbol)
        (princ (with-current-buffer from (help--variable-text symbol from)))))))

;;;; Keys

(defun help--map-name (key)
  "The name of the active map whose binding for KEY wins."
  (catch 'found
    (dolist (entry minor-mode-map-alist)
      (when (and (boundp (car entry)) (symbol-value (car entry))
                 (let ((b (lookup-key (cdr entry) key))) (and b (not (integerp b)))))
        (throw 'found (format "%s-map" (car entry)))))
    (let ((local (current-local-map)))
      (when (and local (let ((b (lookup-key local key))) (and b (not (integerp b)))))
        (throw 'found (let ((name (intern-soft (format "%s-map" major-mode))))
                        (if (and name (boundp name) (eq (symbol-value name) local))
                            (symbol-name name)
                          "the local map")))))
    "global-map"))

(defun describe-key-briefly (key)
  "Say in the echo area which command KEY runs."
  (interactive (list (read-key-sequence "Describe key briefly: ")))
  (let ((binding (key-binding key)))
    (message "%s" (if (and binding (not (integerp binding)))
                 (format "%s runs the command %S" (key-description key) binding)
               (format "%s is undefined" (key-description key))))))

(defun describe-key (key)
  "Show which command KEY runs, its other keys and its documentation."
  (interactive (list (read-key-sequence "Describe the following key: ")))
  (let ((binding (key-binding key))
        (desc (key-description key))
        (from (current-buffer)))
    (cond ((or (null binding) (integerp binding))
           (message "%s is undefined" desc))
          ((not (symbolp binding))
           (with-help-window (help-buffer)
             (princ (format "%s runs %S (found in %s).\n" desc binding (help--map-name key)))))
          (t
           (with-help-window (help-buffer)
             (princ (format "%s runs the command %s (found in %s), which is %s.\n\n"
                            desc binding (with-current-buffer from (help--map-name key))
                            (help--function-kind binding)))
             (princ (with-current-buffer from (help--function-body binding))))))))

(defun where-is (definition)
  "Say in the echo area which keys run DEFINITION."
  (interactive (list (help--read-symbol "Where is command" #'commandp)))
  (let ((keys (where-is-internal definition)))
    (message "%s" (if keys
                 (format "%s is on %s" definition (mapconcat #'key-description keys ", "))
               (format "%s is not on any key" definition)))))

;;;; Bindings

(defun help--event< (a b)
  "Order events as Emacs lists them: characters by code, then function keys by name."
  (when (consp a) (setq a (car a)))
  (when (consp b) (setq b (car b)))
  (cond ((and (integerp a) (integerp b)) (< a b))
        ((integerp a) t)
        ((integerp b) nil)
        (t (string< (format "%s" a) (format "%s" b)))))

(defun help--map-events (map)
  "MAP's own (EVENT . BINDING) pairs, without its parents, first binding of an event winning."
  (let ((tail (cdr (keymap--resolve map))) pairs)
    (while (and (consp tail) (not (eq (car tail) 'keymap)))
      (let ((elt (car tail)))
        (cond ((vectorp elt)
               (dotimes (i (length elt))
                 (when (aref elt i) (push (cons i (aref elt i)) pairs))))
              ((char-table-p elt)
               ;; A full keymap: a long run of characters bound alike
               ;; stays one (FROM . TO) event, listed as FROM .. TO.
               (map-char-table
                (lambda (k v)
                  (when v
                    (if (and (consp k) (<= (- (cdr k) (car k)) 256))
                        (dotimes (i (1+ (- (cdr k) (car k))))
                          (push (cons (+ (car k) i) v) pairs))
                      (push (cons k v) pairs))))
                elt))
              ((and (consp elt) (not (consp (car elt))) (not (assoc (car elt) pairs)))
               (push (cons (car elt) (cdr elt)) pairs))))
      (setq tail (cdr tail)))
    (let ((parent (keymap-parent map)))
      (when parent
        (dolist (p (help--map-events parent))
          (unless (assoc (car p) pairs) (push p pairs)))))
    (sort pairs (lambda (x y) (help--event< (car x) (car y))))))

(defun help--map-bindings (map prefix seen)
  "Every (KEY-VECTOR . COMMAND) reachable from MAP under PREFIX."
  (let (out)
    (dolist (pair (help--map-events map))
      (let ((key (vconcat prefix (list (car pair))))
            (val (keymap--binding-value (cdr pair))))
        (cond ((null val))
              ((and (keymapp val) (not (memq (keymap--resolve val) seen)))
               (setq out (append (reverse (help--map-bindings
                                          val key (cons (keymap--resolve val) seen)))
                                 out)))
              ((keymapp val))
              (t (push (cons key val) out)))))
    (nreverse out)))

(defun help--insert-bindings (title map)
  "Insert MAP's bindings under TITLE, runs of characters bound alike as A .. B."
  (let ((rows (help--map-bindings (keymap--resolve map) [] (list (keymap--resolve map)))))
    (when rows
      (insert title "\n" (format "%-24s%s\n%-24s%s\n" "key" "binding" "---" "-------"))
      (while rows
        (let* ((first (car rows)) (last first))
          (setq rows (cdr rows))
          (while (and rows (help--consecutive-p (car last) (car (car rows)))
                      (eq (cdr (car rows)) (cdr first)))
            (setq last (car rows) rows (cdr rows)))
          (insert (format "%-24s%s\n"
                          (if (eq last first) (help--key-or-range (car first))
                            (concat (key-description (car first)) " .. "
                                    (key-description (car last))))
                          (cdr first)))))
      (insert "\n"))))

(defun help--key-or-range (key)
  "KEY's description; a last event (FROM . TO) is the run FROM .. TO."
  (let ((last (aref key (1- (length key)))))
    (if (consp last)
        (let ((prefix (substring key 0 -1)))
          (concat (key-description (vconcat prefix (list (car last)))) " .. "
                  (key-description (vconcat prefix (list (cdr last))))))
      (key-description key))))

(defun help--consecutive-p (a b)
  "Whether key vectors A and B differ only by B's last character being A's plus one."
  (and (= (length a) (length b))
       (integerp (aref a (1- (length a)))) (integerp (aref b (1- (length b))))
       (= (1+ (aref a (1- (length a)))) (aref b (1- (length b))))
       (equal (substring a 0 -1) (substring b 0 -1))))

(defun describe-bindings (&optional _prefix buffer)
  "List the key bindings active in the current buffer: minor modes, major mode, global."
  (interactive)
  (with-current-buffer (or buffer (current-buffer))
    (let ((minor (seq-filter (lambda (e) (and (boundp (car e)) (symbol-value (car e))))
                             minor-mode-map-alist))
          (local (current-local-map))
          (mode major-mode))
      (with-help-window (help-buffer)
        (with-current-buffer standard-output
          (dolist (e minor)
            (help--insert-bindings (format "`%s' Minor Mode Bindings:" (car e)) (cdr e)))
          (when local
            (help--insert-bindings (format "Major Mode Bindings (%s):" mode) local))
          (help--insert-bindings "Global Bindings:" (current-global-map)))))))

;;;; Modes and messages

(defun help--enabled-minor-modes ()
  (let (modes)
    (dolist (e (append minor-mode-alist minor-mode-map-alist))
      (let ((m (car e)))
        (when (and (symbolp m) (boundp m) (symbol-value m) (fboundp m) (not (memq m modes)))
          (push m modes))))
    (sort modes (lambda (a b) (string< (symbol-name a) (symbol-name b))))))

(defun describe-mode (&optional buffer)
  "Show the major mode's documentation and the enabled minor modes."
  (interactive)
  (with-current-buffer (or buffer (current-buffer))
    (let ((major major-mode)
          (name (format-mode-line mode-name nil nil (current-buffer)))
          (minors (help--enabled-minor-modes)))
      (with-help-window (help-buffer)
        (when minors
          (princ (format "Enabled minor modes: %s\n\n"
                         (mapconcat #'symbol-name minors " "))))
        (princ (format "%s mode (`%s'):\n%s\n" name major
                       (or (and (fboundp major) (documentation major)) "Not documented.")))
        (dolist (m minors)
          (princ (format "\n`%s':\n%s\n" m (or (documentation m) "Not documented."))))))))

(defun view-echo-area-messages ()
  "Show *Messages* in another window, at its end."
  (interactive)
  (let ((window (display-buffer (get-buffer-create "*Messages*"))))
    (when window
      (let ((here (selected-window)))
        (select-window window)
        (goto-char (point-max))
        (select-window here)))))

;;;; Apropos and the help summary

(defun apropos-command (pattern)
  "List the commands whose names match the regexp PATTERN, with their keys."
  (interactive (list (read-string "Search for command (regexp): ")))
  (let (found (from (current-buffer)))
    (mapatoms (lambda (s) (when (and (commandp s) (string-match-p pattern (symbol-name s)))
                            (push s found))))
    (unless found (user-error "No command matches `%s'" pattern))
    (setq found (sort found (lambda (a b) (string< (symbol-name a) (symbol-name b)))))
    (with-help-window "*Apropos*"
      (dolist (s found)
        (let ((keys (with-current-buffer from (where-is-internal s)))
              (doc (cdr (help-split-fundoc (documentation s) s t))))
          (princ (format "%-36s %s\n  %s\n" s
                         (if keys (mapconcat #'key-description keys ", ") "M-x ... RET")
                         (if doc (car (split-string doc "\n")) "(not documented)"))))))))

(defun help-for-help ()
  "Show the help keys."
  (interactive)
  (with-help-window (help-buffer)
    (princ "You have typed C-h, the help character.  Type a help option:

a PATTERN  Show commands whose name matches the PATTERN (a regexp).
b          Display all key bindings active in the current buffer.
c KEYS     Display the name of the command that KEYS runs.
e          Go to the *Messages* buffer.
f FUNCTION Display documentation for the given function.
k KEYS     Display the full documentation for the key sequence.
m          Display documentation of current minor modes and current major mode.
o SYMBOL   Display the given function or variable's documentation and value.
v VARIABLE Display the given variable's documentation and value.
w COMMAND  Display which keystrokes invoke the given command (where-is).
x COMMAND  Display documentation for the given command.
C-h, ?     This help.
")))


;; The usage line of a function's documentation: Emacs keeps it at the end
;; of the docstring as "\n\n(fn ARGS)", and its libraries (cl-generic,
;; eieio, elisp-mode...) read and write it at load time.

(defconst help--usage-regexp "\n\n(fn\\(\\( .*\\)?)\\)\\'"
  "Where a docstring keeps its usage line; group 1 is what follows `fn'.")

(defun help--docstring-quote (string)
  "STRING with the characters `substitute-command-keys' would change escaped by \\=\\=."
  (replace-regexp-in-string "['\\`‘’]" "\\\\=\\&" string))

(defun help--make-usage (function arglist)
  "(NAME ARG...) for FUNCTION and ARGLIST: names upper-cased, a leading _ dropped."
  (cons (if (symbolp function) function 'anonymous)
        (mapcar (lambda (arg)
                  (cond ((and (symbolp arg) (string-prefix-p "&" (symbol-name arg))) arg)
                        ((symbolp arg)
                         (let ((name (symbol-name arg)))
                           (intern (upcase (if (string-match-p "\\`_." name) (substring name 1) name)))))
                        ((and (consp arg) (symbolp (car arg)))
                         (cons (intern (upcase (symbol-name (car arg)))) (cdr arg)))
                        (t arg)))
                arglist)))

(defun help--make-usage-docstring (function arglist)
  (let ((print-escape-newlines t))
    (help--docstring-quote (format "%S" (help--make-usage function arglist)))))

(defun help-split-fundoc (docstring def &optional section)
  "Split DOCSTRING into (USAGE . DOC); USAGE names DEF.
SECTION nil: nil when there is no usage line; t: the pair anyway;
`usage' or `doc': that part alone."
  (let* ((found (and docstring (string-match help--usage-regexp docstring)))
         (doc (if (not found)
                  docstring
                (and (memq section '(nil t doc))
                     (> (match-beginning 0) 0)
                     (substring docstring 0 (match-beginning 0)))))
         (usage (and found (memq section '(nil t usage))
                     (concat "(" (if (and def (symbolp def))
                                     (help--docstring-quote (format "%S" def))
                                   "anonymous")
                             (match-string 1 docstring)))))
    (cond ((null section) (and usage (cons usage doc)))
          ((eq section t) (cons usage doc))
          ((eq section 'usage) usage)
          ((eq section 'doc) doc))))

(defun help-add-fundoc-usage (docstring arglist)
  "DOCSTRING with a usage line made from ARGLIST, unless it has one.
ARGLIST t adds none; a string \"(F ARG...)\" gives the arguments."
  (unless (stringp docstring) (setq docstring ""))
  (if (or (eq arglist t) (string-match-p help--usage-regexp docstring))
      docstring
    (concat docstring
            (cond ((not (string-match "\n?\n\\'" docstring)) "\n\n")
                  ((= (- (match-end 0) (match-beginning 0)) 1) "\n")
                  (t ""))
            (if (stringp arglist)
                (if (string-match "\\`[^ ]+\\(.*\\))\\'" arglist)
                    (concat "(fn" (match-string 1 arglist) ")")
                  (error "Unrecognized usage format"))
              (help--make-usage-docstring 'fn arglist)))))

;; Docstrings and messages name keys by command (\\[CMD]), show whole
;; keymaps (\\{MAP}), pick the keymap for what follows (\\<MAP>), quote
;; (\\=), and quote `like this' (curved, as `text-quoting-style' says).
(defun help--quote-char (char)
  (let ((style (or text-quoting-style 'curve)))
    (cond ((eq style 'grave) (string char))
          ((eq style 'straight) "'")
          ((eq char ?`) "‘")
          (t "’"))))

(defun help--key-string (command map no-face)
  "How to type COMMAND: its first key in MAP (and the global map), else M-x."
  (let* ((key (where-is-internal command (and map (list map (current-global-map))) t))
         (text (if key (key-description key) (concat "M-x " (symbol-name command)))))
    (if no-face text (propertize text 'face 'help-key-binding 'font-lock-face 'help-key-binding))))

(defun help--map-table (map)
  "The bindings of MAP as `describe-bindings' lists them."
  (with-temp-buffer
    (help--insert-bindings "" map)
    (goto-char (point-min))
    (delete-char 1)
    (buffer-string)))

(defun substitute-command-keys (string &optional no-face _include-menus)
  "STRING with \\[COMMAND], \\{MAP}, \\<MAP>, \\= and quotes replaced."
  (when string
    (let ((map nil) (i 0) (n (length string)) (out nil))
      (while (< i n)
        (let ((c (aref string i)))
          (cond
           ((and (eq c ?\\) (< (+ i 2) n) (eq (aref string (1+ i)) ?=))
            (push (string (aref string (+ i 2))) out)
            (setq i (+ i 3)))
           ((and (eq c ?\\) (eq (string-match "\\\\\\(?:\\[\\([^]]*\\)]\\|<\\([^>]*\\)>\\|{\\([^}]*\\)}\\)"
                                              string i)
                                 i))
            (let ((command (match-string 1 string))
                  (use (match-string 2 string))
                  (table (match-string 3 string)))
              (setq i (match-end 0))
              (cond (command (push (help--key-string (intern command) map no-face) out))
                    (use (let ((sym (intern use)))
                           (setq map (and (boundp sym) (keymapp (symbol-value sym)) (symbol-value sym)))
                           (unless map
                             (push (format-message "\nUses keymap `%s', which is not currently defined.\n" use)
                                   out))))
                    (t (let ((sym (intern table)))
                         (push (if (and (boundp sym) (keymapp (symbol-value sym)))
                                   (help--map-table (symbol-value sym))
                                 (format-message "\nUses keymap `%s', which is not currently defined.\n" table))
                               out))))))
           ((memq c '(?` ?'))
            (push (help--quote-char c) out)
            (setq i (1+ i)))
           (t (push (string c) out)
              (setq i (1+ i))))))
      (apply #'concat (nreverse out)))))

(provide 'help)
;;; help.el ends here
