;;; subr-extra.el --- small functions of Emacs's subr.el and files.el that init files use  -*- lexical-binding: t -*-

;; Each is autoloaded (its ;;;###autoload cookie, lang/bundled_autoloads.inc),
;; so it is there in batch and in the editor without loading this file at
;; start-up.

;;;; Buffers

;;;###autoload
(defmacro with-silent-modifications (&rest body)
  "Run BODY as if it changed no text: the modified flag, undo and the
change hooks are left alone (for changes of text properties only)."
  (declare (debug t) (indent 0))
  (let ((modified (make-symbol "modified")))
    `(let* ((,modified (buffer-modified-p))
            (buffer-undo-list t)
            (inhibit-read-only t)
            (inhibit-modification-hooks t))
       (unwind-protect
           (progn ,@body)
         (unless ,modified
           (restore-buffer-modified-p nil))))))

;;;###autoload
(defmacro save-mark-and-excursion (&rest body)
  "Like `save-excursion', but the mark and its activation are restored too."
  (declare (indent 0) (debug t))
  (let ((saved (make-symbol "saved-marker")) (active (make-symbol "active")))
    `(let ((,saved (copy-marker (mark-marker)))
           (,active (bound-and-true-p mark-active)))
       (unwind-protect
           (save-excursion ,@body)
         (set-marker (mark-marker) ,saved)
         (set-marker ,saved nil)
         (setq mark-active ,active)))))

;;;###autoload
(defmacro with-output-to-temp-buffer (bufname &rest body)
  "Run BODY with `standard-output' going to the buffer BUFNAME, emptied
first and left in Help mode; show it in a window when the editor runs.
Returns the value of the last form of BODY."
  (declare (debug t) (indent 1))
  (let ((buf (make-symbol "buf")) (value (make-symbol "value")))
    `(let* ((,buf (get-buffer-create ,bufname))
            (standard-output ,buf)
            ,value)
       (with-current-buffer ,buf
         (let ((inhibit-read-only t))
           (erase-buffer)))
       (setq ,value (progn ,@body))
       (with-current-buffer ,buf
         (set-buffer-modified-p nil)
         (goto-char (point-min))
         (when (fboundp 'help-mode) (help-mode)))
       (when (fboundp 'display-buffer) (display-buffer ,buf))
       ,value)))

;;;; Lists and strings

;;;###autoload
(defun ensure-list (object)
  "OBJECT if it is a list, else a list of it."
  (if (listp object) object (list object)))

;;;###autoload
(defun length= (sequence length)
  "Non-nil if SEQUENCE has LENGTH elements (a list is walked only so far)."
  (if (listp sequence)
      (and (>= length 0)
           (null (nthcdr length sequence))
           (or (= length 0) (consp (nthcdr (1- length) sequence))))
    (= (length sequence) length)))

;;;###autoload
(defun length< (sequence length)
  "Non-nil if SEQUENCE is shorter than LENGTH."
  (if (listp sequence)
      (and (> length 0) (null (nthcdr (1- length) sequence)))
    (< (length sequence) length)))

;;;###autoload
(defun length> (sequence length)
  "Non-nil if SEQUENCE is longer than LENGTH."
  (if (listp sequence)
      (or (< length 0) (consp (nthcdr length sequence)))
    (> (length sequence) length)))

(defvar truncate-string-ellipsis nil
  "The string `truncate-string-to-width' ends a cut string with; nil: \"…\".")

;;;###autoload
(defun truncate-string-ellipsis ()
  "The ellipsis `truncate-string-to-width' uses."
  (or truncate-string-ellipsis "…"))

;;;###autoload
(defun truncate-string-to-width (str end-column &optional start-column padding ellipsis
                                     _ellipsis-text-property)
  "The part of STR from START-COLUMN to END-COLUMN, in columns as the
terminal shows them.  A wide character cut by either edge is left out, or
replaced by PADDING characters; with PADDING a short result is padded to
END-COLUMN.  ELLIPSIS (t for `truncate-string-ellipsis', or a string) ends
a string that had to be cut."
  (let* ((start-column (or start-column 0))
         (ellipsis (cond ((null ellipsis) "") ((stringp ellipsis) ellipsis) (t (truncate-string-ellipsis))))
         (len (length str))
         (column 0) (i 0) (head ""))
    ;; Skip to START-COLUMN.
    (while (and (< i len) (< column start-column))
      (setq column (+ column (char-width (aref str i))) i (1+ i)))
    (when (and padding (> column start-column))
      (setq head (make-string (- column start-column) padding)))
    (let ((from i)
          (room (- end-column start-column)))
      (if (<= (string-width (substring str from)) (- room (string-width head)))
          (let ((s (concat head (substring str from))))
            (if (and padding (< (string-width s) room))
                (concat s (make-string (- room (string-width s)) padding))
              s))
        (let ((limit (- room (string-width head) (string-width ellipsis)))
              (width 0))
          (when (< limit 0)             ; no room for the ellipsis itself
            (setq ellipsis "" limit (- room (string-width head))))
          (while (and (< i len) (<= (+ width (char-width (aref str i))) limit))
            (setq width (+ width (char-width (aref str i))) i (1+ i)))
          (concat head (substring str from i)
                  (if (and padding (< width limit)) (make-string (- limit width) padding) "")
                  ellipsis))))))

;;;; Terminals

;; gapmacs has one terminal; its parameters are kept as Emacs keeps a
;; terminal's, for the libraries that record state on it.
(defvar subr-extra--terminal-parameters nil)

(defun terminal-parameters (&optional _terminal)
  "Return the parameters of TERMINAL as an alist."
  (copy-alist subr-extra--terminal-parameters))

(defun terminal-parameter (_terminal parameter)
  "Return TERMINAL's value for PARAMETER."
  (cdr (assq parameter subr-extra--terminal-parameters)))

(defun set-terminal-parameter (_terminal parameter value)
  "Set TERMINAL's value for PARAMETER to VALUE; return the old value."
  (let ((cell (assq parameter subr-extra--terminal-parameters)))
    (if cell
        (prog1 (cdr cell) (setcdr cell value))
      (push (cons parameter value) subr-extra--terminal-parameters)
      nil)))

;; (INTERRUPT FLOW META QUIT) of `current-input-mode'; the terminal's own
;; settings are the editor's (ui/terminal), this keeps what was asked.
(defvar subr-extra--input-mode (list t nil t 7))

(defun current-input-mode ()
  "Return (INTERRUPT FLOW META QUIT), as `set-input-mode' set them."
  (copy-sequence subr-extra--input-mode))

(defun set-input-mode (interrupt flow meta &optional quit)
  "Set the input mode of the terminal: see `current-input-mode'."
  (setq subr-extra--input-mode (list interrupt flow meta (or quit (nth 3 subr-extra--input-mode))))
  nil)

(defun set-input-interrupt-mode (interrupt)
  "Set whether input interrupts (SIGIO); see `current-input-mode'."
  (setcar subr-extra--input-mode interrupt)
  nil)

(defun set-input-meta-mode (meta &optional _terminal)
  "Set how the terminal's 8th bit is read; see `current-input-mode'."
  (setcar (nthcdr 2 subr-extra--input-mode) meta)
  nil)

;;;; Characters

(defun redraw-frame (&optional _frame)
  "Clear and redraw FRAME.  In batch there is no frame to draw; the editor
defines its own."
  nil)

(defun force-mode-line-update (&optional all)
  "Make the mode lines show what changed: the current buffer's, or with ALL
every buffer's (redisplay draws them afresh after any command)."
  (if all
      (dolist (buffer (buffer-list))
        (with-current-buffer buffer (set-buffer-modified-p (buffer-modified-p))))
    (set-buffer-modified-p (buffer-modified-p))))

(defun max-char (&optional unicode)
  "Return the largest character code: Unicode's when UNICODE is non-nil."
  (if unicode #x10FFFF #x3FFFFF))

;;;; Versions

(defconst version-separator "." "What separates the numbers of a version.")

(defconst version-regexp-alist
  '(("^[-._+ ]?snapshot$" . -4) ("^[-._+]$" . -4)
    ("^[-._+ ]?\\(cvs\\|git\\|bzr\\|svn\\|hg\\|darcs\\)$" . -4)
    ("^[-._+ ]?unknown$" . -4) ("^[-._+ ]?alpha$" . -3)
    ("^[-._+ ]?beta$" . -2) ("^[-._+ ]?\\(pre\\|rc\\)$" . -1))
  "Version words and the numbers they count as (below 0: before a release).")

;;;###autoload
(defun version-to-list (ver)
  "VER (\"1.2.3-pre4\") as a list of integers ((1 2 3 -1 4)): words such as
alpha, beta, pre and rc count below zero, a single letter as its place in
the alphabet."
  (unless (stringp ver) (error "Version must be a string"))
  (unless (string-match-p "\\`[0-9]" ver)
    (error "Invalid version syntax: `%s' (must start with a number)" ver))
  (let ((i 0) (lst nil) (n (length ver)) (case-fold-search t))
    (while (< i n)
      (cond
       ((string-match "\\`[0-9]+" (substring ver i))
        (push (string-to-number (match-string 0 (substring ver i))) lst)
        (setq i (+ i (match-end 0))))
       ((and (string-match-p "\\`\\." (substring ver i)) (< (1+ i) n)
             (string-match-p "\\`[0-9]" (substring ver (1+ i))))
        (setq i (1+ i)))
       (t
        (string-match "\\`[^0-9]+" (substring ver i))
        (let* ((word (match-string 0 (substring ver i)))
               (known (assoc-default word version-regexp-alist #'string-match-p)))
          (cond (known (push known lst))
                ((string-match-p "\\`[-._+ ]?[a-zA-Z]\\'" word)
                 (push (- (aref (downcase (substring word -1)) 0) (1- ?a)) lst))
                (t (error "Invalid version syntax: `%s'" ver)))
          (setq i (+ i (length word)))))))
    (nreverse lst)))

;;;###autoload
(defun version-list-< (l1 l2)
  "Non-nil if version list L1 is before L2 (missing parts count as 0)."
  (while (and l1 l2 (= (car l1) (car l2)))
    (setq l1 (cdr l1) l2 (cdr l2)))
  (cond ((and l1 l2) (< (car l1) (car l2)))
        (l1 (< (version-list-not-zero l1) 0))
        (l2 (< 0 (version-list-not-zero l2)))
        (t nil)))

;;;###autoload
(defun version-list-= (l1 l2)
  "Non-nil if version lists L1 and L2 are the same version."
  (and (not (version-list-< l1 l2)) (not (version-list-< l2 l1))))

;;;###autoload
(defun version-list-<= (l1 l2)
  "Non-nil if version list L1 is L2 or before it."
  (not (version-list-< l2 l1)))

(defun version-list-not-zero (lst)
  "The first element of LST that is not zero, or 0."
  (while (and lst (zerop (car lst))) (setq lst (cdr lst)))
  (if lst (car lst) 0))

;;;###autoload
(defun version< (v1 v2)
  "Non-nil if version string V1 is before V2 (\"1.9\" before \"1.10\")."
  (version-list-< (version-to-list v1) (version-to-list v2)))
;;;###autoload
(defun version<= (v1 v2)
  "Non-nil if version string V1 is V2 or before it."
  (version-list-<= (version-to-list v1) (version-to-list v2)))
;;;###autoload
(defun version= (v1 v2)
  "Non-nil if version strings V1 and V2 are the same version (\"1\" and \"1.0\")."
  (version-list-= (version-to-list v1) (version-to-list v2)))

;;;; Sizes and durations

;;;###autoload
(defun file-size-human-readable (file-size &optional flavor space unit)
  "FILE-SIZE in bytes as a short string: \"120.6k\".  FLAVOR `si' counts in
powers of 1000, `iec' writes KiB, MiB...; SPACE goes between the number and
the unit; UNIT (default \"B\" for `iec') follows the prefix."
  (let ((power (if (memq flavor '(nil iec)) 1024.0 1000.0))
        (prefixes '("" "k" "M" "G" "T" "P" "E" "Z" "Y")))
    (while (and (>= file-size power) (cdr prefixes))
      (setq file-size (/ file-size power) prefixes (cdr prefixes)))
    (let* ((prefix (car prefixes))
           (prefixed-unit (if (eq flavor 'iec)
                              (concat (if (string= prefix "k") "K" prefix)
                                      (if (string= prefix "") "" "i")
                                      (or unit "B"))
                            (concat prefix unit)))
           (fraction (mod file-size 1.0)))
      ;; One decimal only when it says something: 1.5k, but 10k not 10.0k.
      (format (if (and (>= fraction 0.05) (< fraction 0.95)) "%.1f%s%s" "%.0f%s%s")
              file-size
              (if (string= prefixed-unit "") "" (or space ""))
              prefixed-unit))))

(defconst format-seconds--units
  '((?y "year" 31536000) (?d "day" 86400) (?h "hour" 3600) (?m "minute" 60) (?s "second" 1))
  "The units of `format-seconds': letter, name, seconds.")

;;;###autoload
(defun format-seconds (string seconds)
  "SECONDS formatted by STRING: %y %d %h %m %s give the years, days, hours,
minutes and seconds (upper case: with the unit's name, \"2 hours\"); the
largest unit present takes what larger ones would have; %.2h pads to two
digits; %z drops the zero units before it; %% is %."
  (let* ((specs nil) (start 0))
    ;; Which units STRING uses, so larger absent ones fold into smaller.
    (while (string-match "%\\.?[0-9]*\\(.\\)" string start)
      (push (downcase (string-to-char (match-string 1 string))) specs)
      (setq start (match-end 0)))
    (let ((left (floor seconds)) (values nil))
      (dolist (u format-seconds--units)
        (when (memq (car u) specs)
          (push (cons (car u) (/ left (nth 2 u))) values)
          (setq left (% left (nth 2 u)))))
      (let ((out "") (pos 0) (first-nonzero nil))
        (while (string-match "%\\(\\.[0-9]+\\)?\\(.\\)" string pos)
          (let* ((spec (string-to-char (match-string 2 string)))
                 (width (match-string 1 string))
                 (u (assq (downcase spec) format-seconds--units)))
            (setq out (concat out (substring string pos (match-beginning 0))))
            (cond ((eq spec ?%) (setq out (concat out "%")))
                  ((eq spec ?z)
                   (setq out (if first-nonzero (substring out first-nonzero) "")))
                  (u
                   (let ((n (cdr (assq (downcase spec) values))))
                     ;; %z cuts up to the first unit that is not zero.
                     (when (and (not first-nonzero) (/= n 0))
                       (setq first-nonzero (length out)))
                     (setq out (concat out
                                       (if width
                                           (format (concat "%0" (substring width 1) "d") n)
                                         (number-to-string n))
                                       (if (eq spec (upcase spec))
                                           (concat " " (nth 1 u) (if (= n 1) "" "s"))
                                         "")))))
                  (t (error "Invalid format specifier `%%%c'" spec)))
            (setq pos (match-end 0))))
        (concat out (substring string pos))))))

;;;; The user's files

;;;###autoload
(defun locate-user-emacs-file (new-name &optional _old-name)
  "NEW-NAME in `user-emacs-directory', which is made if it is missing."
  (let ((dir (expand-file-name user-emacs-directory)))
    (unless (file-directory-p dir)
      (ignore-errors (make-directory dir t)))
    (expand-file-name new-name dir)))


(defun base64--replace-region (start end text)
  (save-excursion
    (goto-char (min start end))
    (delete-region start end)
    (insert text))
  (length text))

;;;###autoload
(defun base64-encode-region (start end &optional no-line-break)
  "Base64-encode the region between START and END in place.
Return the length of the encoded text.  Lines are broken every 76
characters unless NO-LINE-BREAK.  The region must hold bytes only:
nothing changes when it cannot be encoded."
  (interactive "r")
  (base64--replace-region
   start end (base64-encode-string (buffer-substring-no-properties start end) no-line-break)))

;;;###autoload
(defun base64url-encode-region (start end &optional no-pad)
  "Base64url-encode the region between START and END in place.
Return the length of the encoded text; omit padding when NO-PAD."
  (interactive "r")
  (base64--replace-region
   start end (base64url-encode-string (buffer-substring-no-properties start end) no-pad)))

;;;###autoload
(defun base64-decode-region (start end &optional base64url)
  "Base64-decode the region between START and END in place.
Return the length of the decoded text.  With BASE64URL, the region uses
the URL alphabet.  Nothing changes when the region cannot be decoded."
  (interactive "r")
  (base64--replace-region
   start end (base64-decode-string (buffer-substring-no-properties start end) base64url)))

;;;; Binding and mail

(defmacro dlet (binders &rest body)
  "Like `let', but every variable of BINDERS is bound dynamically."
  (declare (indent 1) (debug let))
  ;; The outer let scopes the (defvar X)s to this form.
  `(let (_)
     ,@(mapcar (lambda (binder) `(defvar ,(if (consp binder) (car binder) binder)))
               binders)
     (let ,binders ,@body)))

(defmacro letrec (binders &rest body)
  "Bind the variables of BINDERS, then set each to its value in order:
each value form sees all the variables, so lexical closures can refer to
each other (and to themselves)."
  (declare (indent 1) (debug let))
  `(let ,(mapcar #'car binders)
     ,@(mapcan (lambda (binder) (and (cdr binder) (list `(setq ,@binder)))) binders)
     ,@body))

(defmacro let-when-compile (bindings &rest body)
  "Like `let*', but BINDINGS hold (dynamically) only while BODY is
macro-expanded: `eval-when-compile' forms in BODY see them, the code
that runs does not."
  (declare (indent 1) (debug let))
  (if (null bindings)
      (macroexpand-all (macroexp-progn body) macroexpand-all-environment)
    (require 'cl-lib)
    (let ((binding (car bindings)))
      (cl-progv (list (car binding)) (list (eval (cadr binding) t))
        (macroexpand-all `(let-when-compile ,(cdr bindings) ,@body)
                         macroexpand-all-environment)))))

(gv-define-simple-setter default-value set-default)

(defun define-mail-user-agent (symbol composefunc sendfunc &optional abortfunc hookvar)
  "Define SYMBOL as a mail user agent for `mail-user-agent': COMPOSEFUNC
starts a message, SENDFUNC sends it, ABORTFUNC (`kill-buffer' by default)
drops it, HOOKVAR (`mail-send-hook' by default) runs before sending."
  (put symbol 'composefunc composefunc)
  (put symbol 'sendfunc sendfunc)
  (put symbol 'abortfunc (or abortfunc #'kill-buffer))
  (put symbol 'hookvar (or hookvar 'mail-send-hook)))

;;;; Files Emacs's files.el names

(defun file-name-case-insensitive-p (_filename)
  "Whether file names are case-insensitive where FILENAME lives: nil, as on
GNU/Linux file systems (an ext4 directory with the casefold flag is not
detected)."
  nil)

(defvar-local find-file-literally nil
  "Non-nil when this buffer was visited as its bytes, with no conversion.")

(defvar null-device "/dev/null"
  "The system's null device.")

(defvar exec-directory invocation-directory
  "Directory of the programs Emacs runs itself: gapmacs's own directory.")

(defconst file-name-version-regexp
  "\\(?:~\\|\\.~[-[:alnum:]:#@^._]+\\(?:~[[:digit:]]+\\)?~\\)"
  "Regular expression matching the backup/version part of a file name.")

(defvar completion-ignored-extensions
  '(".o" "~" ".bin" ".lbin" ".so" ".a" ".ln" ".blg" ".bbl" ".elc" ".lof" ".glo" ".idx"
    ".lot" ".svn/" ".hg/" ".git/" ".bzr/" "CVS/" "_darcs/" "_MTN/" ".fmt" ".tfm"
    ".class" ".fas" ".lib" ".mem" ".x86f" ".sparcf" ".dfsl" ".pfsl" ".d64fsl" ".p64fsl"
    ".lx64fsl" ".lx32fsl" ".dx64fsl" ".dx32fsl" ".fx64fsl" ".fx32fsl" ".sx64fsl"
    ".sx32fsl" ".wx64fsl" ".wx32fsl" ".fasl" ".ufsl" ".fsl" ".dxl" ".lo" ".la" ".gmo"
    ".mo" ".toc" ".aux" ".cp" ".fn" ".ky" ".pg" ".tp" ".vr" ".cps" ".fns" ".kys" ".pgs"
    ".tps" ".vrs" ".pyc" ".pyo")
  "File names ending in one of these are ignored in completion (Emacs 28's list).")

;; Emacs's files.el: what file name handlers (Tramp and friends) answer;
;; the primitives ask them in C++ (lang/file_name_handlers.cpp).
(defun file-remote-p (file &optional identification connected)
  "Non-nil when FILE is on another machine: what its file name handler
says (Tramp's prefix such as \"/ssh:host:\"); nil for a local file."
  (let ((handler (find-file-name-handler file 'file-remote-p)))
    (and handler (funcall handler 'file-remote-p file identification connected))))

(defun parse-colon-path (search-path)
  "The directories of SEARCH-PATH, a colon-separated string as $PATH, each
ending in a slash; an empty element means the current directory (nil)."
  (when search-path
    (mapcar (lambda (dir)
              (and (not (equal dir ""))
                   (file-name-as-directory (substitute-in-file-name dir))))
            (split-string search-path path-separator))))

(defvar kept-new-versions 2 "Newest versions of a file to keep when deleting numbered backups.")
(defvar kept-old-versions 2 "Oldest versions of a file to keep when deleting numbered backups.")
(defvar version-control nil "Whether backups are numbered: nil (when numbered ones exist), t, or never.")
(defvar delete-old-versions nil "Whether excess numbered backups are deleted silently (t), kept (other) or asked about (nil).")
(defvar auto-save-default t "Whether visiting a file turns on auto-save.")
(defvar auto-save-file-name-transforms
  `(("\\`/[^/]*:\\([^/]*/\\)*\\([^/]*\\)\\'" ,(concat temporary-file-directory "\\2") t))
  "Transforms (REGEXP REPLACEMENT UNIQUIFY) of file names into auto-save names, as Emacs 28's.")

(defun make-auto-save-file-name ()
  "The auto-save file name of the current buffer: #NAME# beside the file
it visits, or #BUFFER#XXXXXX# in `default-directory' for a buffer that
visits none (BUFFER's unusual characters as %XX), as Emacs's."
  (if buffer-file-name
      (concat (file-name-directory buffer-file-name) "#"
              (file-name-nondirectory buffer-file-name) "#")
    (expand-file-name
     (concat "#"
             (replace-regexp-in-string
              "[^A-Za-z0-9_.~#+-]"
              (lambda (c) (format "%%%02X" (string-to-char c)))
              (buffer-name) t t)
             (make-temp-name "#") "#")
     default-directory)))

(defun auto-save-file-name-p (filename)
  "Non-nil when FILENAME is an auto-save file name (#...#)."
  (string-match-p "\\`#.*#\\'" filename))

;; Variables Emacs defines in C whose values gen-c-variables.el cannot
;; write (lists, functions).
(defvar overlay-arrow-variable-list '(overlay-arrow-position)
  "Variables whose markers show an overlay arrow (gud and gdb add theirs).")
(defvar load-read-function #'read "The function `load' reads each form with.")
(defvar command-switch-alist nil
  "Command-line options (\"-x\" . HANDLER) that startup handles by calling HANDLER.")
(defvar char-code-property-alist nil
  "Alist of (PROPERTY . TABLE) for `define-char-code-property': gapmacs
computes Emacs's own properties from ICU (unicode_properties.cpp), so only
the user's char-tables are here.")

;; Emacs's mouse.el and composite.el: what libraries read or call on a
;; terminal, where no mouse menu or character composition is drawn.
(defvar mouse-buffer-menu-mode-groups
  '(("Info\\|Help\\|Apropos\\|Man" . "Help") ("\\bVM\\b\\|\\bMH\\b\\|Message\\|Mail\\|Group\\|Score\\|Summary\\|Article" . "Mail/News")
    ("\\<C\\>" . "C") ("ObjC" . "C") ("Text" . "Text") ("Outline" . "Text")
    ("\\(HT\\|SG\\|X\\|XHT\\)ML" . "SGML") ("log\\|diff\\|vc\\|cvs\\|Git\\|Annotate" . "Version Control")
    ("Threads\\|Memory\\|Disassembly\\|Breakpoints\\|Frames\\|Locals\\|Registers\\|Inferior I/O\\|Debugger" . "GDB")
    ("Lisp" . "Lisp"))
  "How the mouse buffer menu groups buffers: (MODE-NAME-REGEXP . GROUP), as Emacs 28's.")

(defun compose-string (string &optional start end components modification-func)
  "Mark the characters of STRING from START to END as one composed glyph
\(a `composition' text property, as Emacs's); return STRING."
  (let ((start (or start 0)) (end (or end (length string))))
    (put-text-property start end 'composition
                       (cons (cons (- end start) components) modification-func) string)
    string))

(defun compose-region (start end &optional components modification-func)
  "Mark the text from START to END as one composed glyph (a `composition' property)."
  (with-silent-modifications
    (put-text-property start end 'composition
                       (cons (cons (- (max start end) (min start end)) components) modification-func))))

(defun decompose-region (start end)
  "Remove the compositions of the text from START to END."
  (with-silent-modifications (remove-text-properties start end '(composition nil))))

(defun decompose-string (string)
  "STRING without compositions."
  (remove-text-properties 0 (length string) '(composition nil) string)
  string)

(defvar frame-and-buffer-state nil
  "What `frame-or-buffer-changed-p' saw last.")

(defun frame-or-buffer-changed-p (&optional variable)
  "Non-nil when the frames or the buffers (their names and modified flags,
buffers whose name starts with a space aside) changed since the last call
that used VARIABLE (default `frame-and-buffer-state') to keep its state."
  (let ((var (or variable 'frame-and-buffer-state))
        (now (vconcat (frame-list)
                      (mapcan (lambda (b)
                                (unless (string-prefix-p " " (buffer-name b))
                                  (list b (buffer-name b) (buffer-modified-p b))))
                              (buffer-list)))))
    (prog1 (not (equal (symbol-value var) now))
      (set var now))))

;;;; Customization

(defvar custom-load-recursion nil "Non-nil while `custom-load-symbol' runs.")

(defun custom-load-symbol (symbol)
  "Load the files SYMBOL's `custom-loads' property names (the groups and
options defined there), each at most once; an error in one is ignored,
as in Emacs."
  (unless custom-load-recursion
    (let ((custom-load-recursion t))
      (dolist (load (get symbol 'custom-loads))
        (cond ((symbolp load) (ignore-errors (require load)))
              ((assoc load load-history))
              ((let ((regexp (concat "\\(\\`\\|/\\)" (regexp-quote load) "\\(\\'\\|\\.\\)")))
                 (seq-some (lambda (entry) (and (stringp (car entry)) (string-match-p regexp (car entry))))
                           load-history)))
              (t (ignore-errors (load load nil t))))))))

(defun custom-add-choice (variable choice)
  "Add CHOICE at the end of VARIABLE's `choice' custom type, unless one is
there already.  As in Emacs 28, two choices are the same when what follows
their :tag string is (for (const :tag \"X\" VALUE), the same VALUE)."
  (boundp variable) ; a preloaded option's file is loaded on this first use
  (let ((choices (get variable 'custom-type)))
    (unless (eq (car choices) 'choice)
      (error "Not a choice type: %s" choices))
    (unless (seq-find (lambda (elem) (equal (caddr (memq :tag elem)) (caddr (memq :tag choice))))
                      (cdr choices))
      (put variable 'custom-type (append choices (list choice))))))

;;;; The backtrace (backtrace.cpp records a frame per function call)

(defun backtrace-frame (nframes &optional base)
  "The frame NFRAMES out from BASE's innermost call (default: this
function's): (EVALD FUNCTION ARGS...), or nil when there is none."
  (backtrace-frame--internal
   (lambda (evald function args _flags) (cons evald (cons function args)))
   nframes (or base 'backtrace-frame)))

(defun backtrace-frames (&optional base)
  "The frames from BASE's innermost call outward, each (EVALD FUNCTION ARGS FLAGS)."
  (let ((frames nil))
    (mapbacktrace (lambda (&rest frame) (push frame frames)) (or base 'backtrace-frames))
    (nreverse frames)))

;;;; Documentation

(defun documentation-property (symbol prop &optional _raw)
  "SYMBOL's documentation under PROP (`variable-documentation', `group-documentation'...):
a string as it is, anything else evaluated, as Emacs."
  (let ((doc (get symbol prop)))
    (if (or (null doc) (stringp doc)) doc
      (eval doc t))))

;;;###autoload
(defun documentation (function &optional _raw)
  "FUNCTION's docstring: the string that starts a Lisp function's body
\(a lone string counts too, as in Emacs), an autoload's, or the
`function-documentation' property's.  A builtin's is its usage line
alone, \"(fn ARGS)\" as Emacs's ends, naming the arguments as Emacs does;
nil when they have no names."
  (or (and (symbolp function) (get function 'function-documentation))
      (let ((def (indirect-function function)))
        (when (eq (car-safe def) 'macro) (setq def (cdr def)))
        (let ((body (cond ((eq (car-safe def) 'closure) (nthcdr 3 def))
                          ((eq (car-safe def) 'lambda) (nthcdr 2 def)))))
          (cond ((stringp (car body)) (car body))
                ((eq (car-safe def) 'autoload) (nth 2 def))
                ((and (byte-code-function-p def) (> (length def) 4)
                      (stringp (aref def 4)))
                 (aref def 4))
                ((subrp def)
                 (let ((usage (internal--subr-usage def)))
                   (and usage (concat "\n\n" usage)))))))))

;;;; File names

;;;###autoload
(defun abbreviate-file-name (filename)
  "FILENAME with the home directory written as ~."
  (let ((home (directory-file-name (expand-file-name "~"))))
    (cond ((or (equal home "") (equal home "/")) filename)
          ((equal filename home) "~")
          ((string-prefix-p (concat home "/") filename)
           (concat "~" (substring filename (length home))))
          (t filename))))

;;;###autoload
(defun wildcard-to-regexp (wildcard)
  "A regexp that matches, whole, the file names the shell WILDCARD matches:
* and ? match any characters but NUL, [...] and [!...] are character
classes, everything else is literal."
  (let ((n (length wildcard)) (i 0) (parts nil))
    (while (< i n)
      (let ((c (aref wildcard i)))
        (cond
         ((eq c ?*) (push "[^\0]*" parts))
         ((eq c ??) (push "[^\0]" parts))
         ((and (eq c ?\[) (< (1+ i) n) (not (eq (aref wildcard (1+ i)) ?\])))
          (let* ((start (1+ i))
                 (close (string-match "]" wildcard (1+ start)))
                 (stop (or close n))
                 (body (substring wildcard start stop)))
            (push (cond ((string-prefix-p "!" body) (concat "[^" (substring body 1)))
                        ;; A leading ^ is literal in a wildcard: put NUL first.
                        ((string-prefix-p "^" body) (concat "[\0" body))
                        (t (concat "[" body)))
                  parts)
            (when close (push "]" parts))
            (setq i (if close stop (1- n)))))
         ((memq c '(?\[ ?. ?+ ?^ ?$ ?\\)) (push (concat "\\" (string c)) parts))
         (t (push (string c) parts))))
      (setq i (1+ i)))
    (concat "\\`" (apply #'concat (nreverse parts)) "\\'")))

;;;###autoload
(defun file-expand-wildcards (pattern &optional full)
  "The names of the files that match the wildcard PATTERN.
Its directory part may hold wildcards too.  Names are relative when
PATTERN is, absolute with FULL; \".\" and \"..\" are left out."
  (let* ((dir (file-name-directory pattern))
         (dirs (if (and dir (string-match-p "[[*?]" dir))
                   (mapcar #'file-name-as-directory
                           (file-expand-wildcards (directory-file-name dir) full))
                 (list dir)))
         (regexp (wildcard-to-regexp (file-name-nondirectory pattern)))
         (found nil))
    (dolist (d dirs)
      (when (or (null d) (file-directory-p d))
        (let ((names nil))
          (dolist (f (directory-files (or d default-directory) full regexp))
            (unless (member (file-name-nondirectory f) '("." ".."))
              (push (if (and d (not full)) (concat d f) f) names)))
          (setq found (nconc (nreverse names) found)))))
    found))

;;;###autoload
(defun locate-dominating-file (file name)
  "The nearest directory holding FILE (FILE itself, then upwards) in
which NAME exists, or for which NAME, a function, returns non-nil."
  (let ((dir (abbreviate-file-name (expand-file-name file)))
        (root nil))
    (while (and dir (not root))
      (if (if (stringp name)
              (and (file-directory-p dir) (file-exists-p (expand-file-name name dir)))
            (funcall name dir))
          (setq root dir)
        (let ((parent (file-name-directory (directory-file-name dir))))
          (setq dir (unless (or (null parent) (equal parent dir)) parent)))))
    (and root (file-name-as-directory root))))

;;;; Version-aware string order

(defun string-version--order (c)
  "Rank of byte C in a version's non-digit part: letters by code, ~ first,
other bytes after all letters, the end 0 (as GNU's filevercmp ranks them)."
  (cond ((null c) 0)
        ((<= ?0 c ?9) 0)
        ((or (<= ?a c ?z) (<= ?A c ?Z)) c)
        ((eq c ?~) -1)
        (t (+ c 256))))

(defun string-version--compare (a alen b blen)
  "Compare the first ALEN bytes of A with the first BLEN bytes of B, runs
of digits as numbers: negative, zero or positive."
  (let ((i 0) (j 0) (result 0))
    (while (and (= result 0) (or (< i alen) (< j blen)))
      (let ((first-diff 0))
        (while (and (= result 0)
                    (or (and (< i alen) (not (<= ?0 (aref a i) ?9)))
                        (and (< j blen) (not (<= ?0 (aref b j) ?9)))))
          (let ((ac (string-version--order (and (< i alen) (aref a i))))
                (bc (string-version--order (and (< j blen) (aref b j)))))
            (if (/= ac bc)
                (setq result (- ac bc))
              (setq i (1+ i) j (1+ j)))))
        (when (= result 0)
          (while (and (< i alen) (eq (aref a i) ?0)) (setq i (1+ i)))
          (while (and (< j blen) (eq (aref b j) ?0)) (setq j (1+ j)))
          (while (and (< i alen) (<= ?0 (aref a i) ?9) (< j blen) (<= ?0 (aref b j) ?9))
            (when (= first-diff 0) (setq first-diff (- (aref a i) (aref b j))))
            (setq i (1+ i) j (1+ j)))
          (setq result (cond ((and (< i alen) (<= ?0 (aref a i) ?9)) 1)
                             ((and (< j blen) (<= ?0 (aref b j) ?9)) -1)
                             (t first-diff))))))
    result))

(defun string-version--suffix-start (s)
  "Where the file suffixes of S start (a run of .LETTER[ALNUM~]* at its end)."
  (if (string-match "\\(?:\\.[A-Za-z~][A-Za-z0-9~]*\\)*\\'" s) (match-beginning 0) (length s)))

;;;###autoload
(defun string-version-lessp (string1 string2)
  "Non-nil if STRING1 sorts before STRING2 as versions or file names do:
runs of digits compare as numbers (foo2.png before foo12.png), \".\" and
\"..\" and then hidden files come first, and file suffixes count last."
  (let* ((a (encode-coding-string (if (symbolp string1) (symbol-name string1) string1) 'utf-8))
         (b (encode-coding-string (if (symbolp string2) (symbol-name string2) string2) 'utf-8))
         (plain (cond ((string< a b) -1) ((string= a b) 0) (t 1))))
    (< (cond
        ((= plain 0) 0)
        ((string= a "") -1)
        ((string= b "") 1)
        ((string= a ".") -1)
        ((string= b ".") 1)
        ((string= a "..") -1)
        ((string= b "..") 1)
        ((and (eq (aref a 0) ?.) (not (eq (aref b 0) ?.))) -1)
        ((and (eq (aref b 0) ?.) (not (eq (aref a 0) ?.))) 1)
        (t
         (when (eq (aref a 0) ?.) (setq a (substring a 1) b (substring b 1)))
         (let ((alen (string-version--suffix-start a))
               (blen (string-version--suffix-start b)))
           ;; The same names but for their suffixes: the suffixes decide.
           (when (and (or (< alen (length a)) (< blen (length b)))
                      (= alen blen) (string= (substring a 0 alen) (substring b 0 blen)))
             (setq alen (length a) blen (length b)))
           (let ((result (string-version--compare a alen b blen)))
             (if (= result 0) plain result)))))
       0)))

;;;###autoload
(defun always (&rest _arguments)
  "Ignore ARGUMENTS and return t."
  t)

;;;###autoload
(defun directory-name-p (name)
  "Non-nil if NAME ends with a directory separator."
  (string-suffix-p "/" name))

;;;###autoload
(defun file-name-with-extension (filename extension)
  "FILENAME with its extension replaced by EXTENSION (with or without a dot)."
  (let ((ext (string-remove-prefix "." extension)))
    (cond ((or (string= filename "") (string= ext ""))
           (error "Malformed extension: %s" extension))
          ((directory-name-p filename)
           (error "Filename is a directory: %s" filename))
          (t (concat (file-name-sans-extension filename) "." ext)))))

;;;; Syntax tables

;;;###autoload
(defun make-syntax-table (&optional oldtable)
  "A new syntax table inheriting from OLDTABLE (the standard table by default)."
  (let ((table (make-char-table 'syntax-table nil)))
    (set-char-table-parent table (or oldtable (standard-syntax-table)))
    table))

;;;###autoload
(defmacro with-syntax-table (table &rest body)
  "Run BODY with TABLE as the current buffer's syntax table, then restore it."
  (declare (indent 1) (debug t))
  (let ((old-table (make-symbol "table"))
        (old-buffer (make-symbol "buffer")))
    `(let ((,old-table (syntax-table))
           (,old-buffer (current-buffer)))
       (unwind-protect
           (progn (set-syntax-table ,table) ,@body)
         (save-current-buffer
           (set-buffer ,old-buffer)
           (set-syntax-table ,old-table))))))

;;;###autoload
(defun syntax-after (pos)
  "The raw syntax descriptor of the character after POS, or nil outside the text."
  (unless (or (< pos (point-min)) (>= pos (point-max)))
    (let ((st (and parse-sexp-lookup-properties
                   (get-char-property pos 'syntax-table))))
      (if (consp st) st
        (aref (or st (syntax-table)) (char-after pos))))))

;;;###autoload
(defun syntax-class (syntax)
  "The class number of the raw syntax descriptor SYNTAX."
  (and syntax (logand (car syntax) 65535)))

;;;###autoload
(defun buffer-end (arg)
  "`point-max' when ARG is positive, else `point-min'."
  (if (> arg 0) (point-max) (point-min)))

;; Docstrings that libraries build at load time (define-minor-mode's,
;; easy-mmode's) go through these, as in Emacs's subr.el.

(defun internal--fill-string-single-line (str)
  "STR broken at spaces into lines of at most `fill-column' characters
\(a word longer than that stays whole)."
  (if (< (length str) fill-column)
      str
    (let* ((head (substring str 0 (min fill-column (length str))))
           (rest (substring str (length head))))
      (cond ((string-match " \\'" head)
             (setq head (concat (substring head 0 -1) "\n")))
            ((string-prefix-p " " rest)
             (setq head (concat head "\n") rest (substring rest 1)))
            ((string-match " \\([^ ]+\\)\\'" head)
             (setq rest (concat (match-string 1 head) rest)
                   head (concat (substring head 0 (match-beginning 0)) "\n"))))
      (concat head (internal--fill-string-single-line rest)))))

(defun internal--format-docstring-line (string &rest objects)
  "STRING formatted with OBJECTS and filled; STRING must be one line."
  (when (string-match-p "\n" string)
    (error "Unable to fill string containing newline: %S" string))
  (internal--fill-string-single-line (apply #'format string objects)))

;; What Emacs's macroexp.el gives macros written for it.

(defun macroexp-parse-body (body)
  "(DECLARATIONS . FORMS) of a function BODY: the docstring, `declare',
`interactive' and `:documentation' forms that lead it (not the last form)."
  (let ((decls nil))
    (while (and (cdr body)
                (or (stringp (car body))
                    (memq (car-safe (car body)) '(:documentation declare interactive cl-declare))))
      (push (pop body) decls))
    (cons (nreverse decls) body)))

(defun macroexp-compiling-p ()
  "Nil: gapmacs interprets, it never byte-compiles."
  nil)

(defun macroexp-file-name ()
  "The file whose code is being expanded."
  load-file-name)

(defun macroexp-warn-and-return (msg form &optional compile-only)
  "FORM, after showing MSG as a warning unless COMPILE-ONLY (an
interpreter warns at expansion)."
  (when (and msg (not compile-only))
    (message "%sWarning: %s"
             (if (stringp load-file-name) (concat (file-relative-name load-file-name) ": ") "")
             msg))
  form)

(defun byte-compile-warning-enabled-p (warning &optional symbol)
  "Non-nil if WARNING (about SYMBOL) is enabled by `byte-compile-warnings'
and not suppressed by `with-suppressed-warnings'."
  (and (not (let ((suppressed nil))
              (dolist (elem byte-compile--suppressed-warnings suppressed)
                (when (and (eq (car elem) warning) (memq symbol (cdr elem)))
                  (setq suppressed t)))))
       (or (eq byte-compile-warnings t)
           (if (eq (car byte-compile-warnings) 'not)
               (not (memq warning byte-compile-warnings))
             (memq warning byte-compile-warnings)))))

(defun macroexp--obsolete-warning (fun obsolescence-data type &optional _key)
  "The warning that FUN, an obsolete TYPE by OBSOLESCENCE-DATA, is used."
  (let ((instead (car obsolescence-data))
        (asof (nth 2 obsolescence-data)))
    (format-message
     "`%s' is an obsolete %s%s%s" fun type
     (if asof (concat " (as of " asof ")") "")
     (cond ((stringp instead) (concat "; " (substitute-command-keys instead)))
           (instead (format-message "; use `%s' instead." instead))
           (t ".")))))

(defun macroexp-let* (bindings exp)
  "EXP wrapped in (let* BINDINGS ...) when there are BINDINGS."
  (cond ((null bindings) exp)
        ((eq (car-safe exp) 'let*) `(let* (,@bindings ,@(cadr exp)) ,@(cddr exp)))
        (t `(let* ,bindings ,exp))))

(defun defined-colors (&optional _frame)
  "The colour names the terminal shows: Emacs's tty names, 8 in batch."
  (let ((cells (if (fboundp 'display-color-cells) (display-color-cells) 8))
        (names (list "black" "red" "green" "yellow" "blue" "magenta" "cyan" "white")))
    (when (>= cells 16)
      (setq names (append names (mapcar (lambda (n) (concat "bright" n)) names))))
    (when (>= cells 256)
      (setq names (append names (mapcar (lambda (i) (format "color-%d" i)) (number-sequence 16 255)))))
    names))

;; What Emacs's macroexp.el keeps for macros that bind only what they use.
(defun macroexp--fgrep (bindings sexp)
  "Those of BINDINGS (a list of (SYMBOL ...)) whose symbol occurs in SEXP."
  (let ((found nil) (seen (make-hash-table :test 'eq)) (todo (list sexp)))
    (while (and todo bindings)
      (let ((x (pop todo)))
        (cond ((or (consp x) (vectorp x))
               (unless (gethash x seen)
                 (puthash x t seen)
                 (if (vectorp x)
                     (setq todo (append x todo))
                   (push (cdr x) todo)
                   (push (car x) todo))))
              ((and x (symbolp x))
               (let ((b (assq x bindings)))
                 (when b
                   (push b found)
                   (setq bindings (remq b bindings))))))))
    found))

;; Widgets are (TYPE . PLIST) lists; a property not in a widget's own
;; plist comes from its type's, up the `widget-type' chain (C in Emacs).
(defun widget-put (widget property value)
  "In WIDGET, set PROPERTY to VALUE; return VALUE."
  (setcdr widget (plist-put (cdr widget) property value))
  value)

(defun widget-get (widget property)
  "In WIDGET, the value of PROPERTY, inherited from its type if need be."
  (let ((value nil) (found nil))
    (while (and widget (not found))
      (let ((cell (plist-member (cdr widget) property)))
        (if cell
            (setq value (cadr cell) found t)
          (setq widget (get (car widget) 'widget-type)))))
    value))

(defun widget-apply (widget property &rest args)
  "Call WIDGET's PROPERTY function with WIDGET and ARGS."
  (apply (widget-get widget property) widget args))

;; gv.el's way for a macro to read and write a place: at expansion, GETTER
;; is bound to a form reading PLACE (its arguments evaluated once) and
;; SETTER to a function from a value form to the form storing it.
(defmacro gv-letplace (vars place &rest body)
  (declare (indent 2))
  (let ((getter (car vars)) (setter (cadr vars)))
    `(internal--setf-rmw ,place
                         (lambda (,getter)
                           (let ((,setter (lambda (value) (internal--setf-expand ,getter value))))
                             ,@body)))))

(defun convert-standard-filename (filename)
  "FILENAME as this system spells it: unchanged on GNU/Linux."
  filename)

(defun file-accessible-directory-p (filename)
  "Non-nil if FILENAME is a directory whose files can be opened."
  (and (file-directory-p filename) (file-executable-p filename)))

;; subr.el's c[ad]r of three and four letters (caddr is a builtin).
(defun caaar (x) "The caaar of X." (car (car (car x))))
(defun caadr (x) "The caadr of X." (car (car (cdr x))))
(defun cadar (x) "The cadar of X." (car (cdr (car x))))
(defun cdaar (x) "The cdaar of X." (cdr (car (car x))))
(defun cdadr (x) "The cdadr of X." (cdr (car (cdr x))))
(defun cddar (x) "The cddar of X." (cdr (cdr (car x))))
(defun cdddr (x) "The cdddr of X." (cdr (cdr (cdr x))))
(defun caaaar (x) "The caaaar of X." (car (car (car (car x)))))
(defun caaadr (x) "The caaadr of X." (car (car (car (cdr x)))))
(defun caadar (x) "The caadar of X." (car (car (cdr (car x)))))
(defun caaddr (x) "The caaddr of X." (car (car (cdr (cdr x)))))
(defun cadaar (x) "The cadaar of X." (car (cdr (car (car x)))))
(defun cadadr (x) "The cadadr of X." (car (cdr (car (cdr x)))))
(defun caddar (x) "The caddar of X." (car (cdr (cdr (car x)))))
(defun cadddr (x) "The cadddr of X." (car (cdr (cdr (cdr x)))))
(defun cdaaar (x) "The cdaaar of X." (cdr (car (car (car x)))))
(defun cdaadr (x) "The cdaadr of X." (cdr (car (car (cdr x)))))
(defun cdadar (x) "The cdadar of X." (cdr (car (cdr (car x)))))
(defun cdaddr (x) "The cdaddr of X." (cdr (car (cdr (cdr x)))))
(defun cddaar (x) "The cddaar of X." (cdr (cdr (car (car x)))))
(defun cddadr (x) "The cddadr of X." (cdr (cdr (car (cdr x)))))
(defun cdddar (x) "The cdddar of X." (cdr (cdr (cdr (car x)))))
(defun cddddr (x) "The cddddr of X." (cdr (cdr (cdr (cdr x)))))

;; eval.c's: errors that do not enter the debugger (debug-on-error).
(defvar debug-ignored-errors
  '(beginning-of-line beginning-of-buffer end-of-line end-of-buffer end-of-file
    buffer-read-only file-supersession mark-inactive user-error)
  "Errors (condition symbols or message regexps) that never call the debugger.")

(defun apropos-internal (regexp &optional predicate)
  "The symbols whose names match REGEXP (and satisfy PREDICATE), sorted."
  (let ((found nil))
    (mapatoms (lambda (symbol)
                (and (string-match-p regexp (symbol-name symbol))
                     (or (null predicate) (funcall predicate symbol))
                     (push symbol found))))
    (sort found #'string-lessp)))

;; emacs-module.c's: gapmacs loads no dynamic modules, as an Emacs built
;; without them, whose value this is.
(defvar module-file-suffix nil "The suffix of dynamic modules: nil, none can load.")

(defalias 'point-at-bol #'line-beginning-position)
(defalias 'point-at-eol #'line-end-position)

(defun add-to-invisibility-spec (element)
  "Add ELEMENT to `buffer-invisibility-spec': text whose `invisible'
property is ELEMENT (or (ELEMENT . t), shown as an ellipsis) is hidden."
  (if (eq buffer-invisibility-spec t)
      (setq buffer-invisibility-spec (list t)))
  (setq buffer-invisibility-spec (cons element buffer-invisibility-spec)))

(defun remove-from-invisibility-spec (element)
  "Remove ELEMENT from `buffer-invisibility-spec'."
  (setq buffer-invisibility-spec
        (if (consp buffer-invisibility-spec)
            (delete element buffer-invisibility-spec)
          (list t))))

;; byte-run.el's: the byte compiler inlines the calls in BODY; evaluated, it is progn.
(defalias 'inline 'progn "Like `progn'; the byte compiler inlines the function calls in it.")

(defun function-equal (f1 f2)
  "Non-nil if F1 and F2 come from the same source: two closures of one
lambda expression, or two byte-code functions of one code string."
  (cond ((eq f1 f2) t)
        ((and (byte-code-function-p f1) (byte-code-function-p f2)) (eq (aref f1 1) (aref f2 1)))
        ((and (eq (car-safe f1) 'closure) (eq (car-safe f2) 'closure)
              (consp (cdr f1)) (consp (cdr f2)))
         ;; Each closure has a spine of its own here (lang/eval.cpp keeps
         ;; no `lambda' expansion): the same arglist and body forms, eq.
         (let ((a (cddr f1)) (b (cddr f2)))
           (while (and (consp a) (consp b) (eq (car a) (car b)))
             (setq a (cdr a) b (cdr b)))
           (and (null a) (null b))))))

(defmacro save-window-excursion (&rest body)
  "Run BODY, then restore the selected frame's window configuration (also
when BODY exits nonlocally).  The value is BODY's last form's."
  (declare (indent 0) (debug t))
  (let ((config (make-symbol "wconfig")))
    `(let ((,config (current-window-configuration)))
       (unwind-protect (progn ,@body)
         (set-window-configuration ,config)))))

(defalias 'time-to-seconds #'float-time) ; time-date.el's old name

;; Batch's: no command runs, so no key read one (the editor defines its own).
(unless (fboundp 'this-command-keys)
  (defun this-command-keys () "The keys of this command: none in batch." ""))
(unless (fboundp 'this-command-keys-vector)
  (defun this-command-keys-vector () "The keys of this command: none in batch." []))
(unless (fboundp 'this-single-command-keys)
  (defun this-single-command-keys () "The keys of this command: none in batch." []))

;; gapmacs compiles nothing: no function is native code.
(defun subr-native-elisp-p (_object) "Nil: gapmacs has no native code." nil)
(defun native-comp-available-p () "Nil: gapmacs has no native compiler." nil)

;; Non-nil once start-up is over, which it is whenever Lisp reads these
;; (Emacs records the moments themselves; libraries test them for non-nil).
(defvar before-init-time (current-time) "When start-up began (set at first use here).")
(defvar after-init-time before-init-time "When start-up ended (set at first use here).")
(defvar no-blinking-cursor nil "Non-nil when the command line said --no-blinking-cursor (startup.el's).")

(defun copy-alist (alist)
  "A copy of ALIST whose element conses are copied too, so setcdr of one
leaves ALIST alone."
  (mapcar (lambda (e) (if (consp e) (cons (car e) (cdr e)) e)) alist))

(defun transpose-regions (startr1 endr1 startr2 endr2 &optional _leave-markers)
  "Swap the text of two regions that do not overlap, with its properties.
Difference: markers inside them stay where they were (Emacs moves them
with the text unless LEAVE-MARKERS)."
  (let ((r1 (sort (list startr1 endr1) #'<)) (r2 (sort (list startr2 endr2) #'<)))
    (when (> (car r1) (car r2)) (setq r1 (prog1 r2 (setq r2 r1))))
    (when (> (cadr r1) (car r2)) (error "Transposed regions overlap"))
    (let ((text1 (buffer-substring (car r1) (cadr r1)))
          (text2 (buffer-substring (car r2) (cadr r2))))
      (save-excursion
        (goto-char (car r2))
        (delete-region (car r2) (cadr r2))
        (insert text1)
        (goto-char (car r1))
        (delete-region (car r1) (cadr r1))
        (insert text2)))
    nil))

(defalias 'byte-compile #'internal--byte-compile-interpreted)
(defun internal--byte-compile-interpreted (form)
  "FORM as Emacs's `byte-compile' gives it, but interpreted: gapmacs has no
byte-code.  A symbol's definition is returned as it is; a lambda becomes a
closure and (macro . LAMBDA) a macro of one; any other form is evaluated."
  (cond ((symbolp form) (and (fboundp form) (symbol-function form)))
        ((eq (car-safe form) 'lambda) (eval form lexical-binding))
        ((eq (car-safe form) 'macro) (cons 'macro (internal--byte-compile-interpreted (cdr form))))
        ((functionp form) form)
        (t (eval form lexical-binding))))

(defun car-less-than-car (a b)
  "Non-nil if the car of A is less than the car of B (a `sort' predicate)."
  (< (car a) (car b)))

;; Emacs's subr.el: `define-symbol-prop' records the definition in the
;; file's `current-load-list', for unload-feature and find-definition-noselect.
(defun define-symbol-prop (symbol prop val)
  "Define the property PROP of SYMBOL to be VAL: to `put' what `defalias' is to `fset'."
  (let ((sps (assq 'define-symbol-props current-load-list)))
    (unless sps
      (setq sps (list 'define-symbol-props))
      (push sps current-load-list))
    (let ((ps (assq prop sps)))
      (unless ps
        (setq ps (list prop))
        (setcdr sps (cons ps (cdr sps))))
      (unless (member symbol (cdr ps))
        (setcdr ps (cons symbol (cdr ps))))))
  (put symbol prop val))

(defvar advertised-signature-table (make-hash-table :test 'eq :weakness 'key))

(defun set-advertised-calling-convention (function signature _when)
  "Set the advertised SIGNATURE of FUNCTION (what help shows)."
  (puthash (indirect-function function) signature advertised-signature-table))

;;; What Emacs's custom.el does with the keywords of defgroup, defcustom and
;;; defface (the prelude's own forms handle theirs; Emacs's cus-face.el,
;;; once loaded, calls these).

(defun custom-handle-all-keywords (symbol args type)
  "Apply the keyword ARGS of a definition of SYMBOL of TYPE (custom-group,
custom-variable, custom-face); without :group, the current file's group."
  (unless (memq :group args)
    (custom-add-to-group (custom-current-group) symbol type))
  (while args
    (let ((keyword (pop args)))
      (unless (symbolp keyword) (error "Junk in args %S" args))
      (unless args (error "Keyword %s is missing an argument" keyword))
      (custom-handle-keyword symbol keyword (pop args) type))))

(defun custom-handle-keyword (symbol keyword value type)
  "Apply KEYWORD with VALUE to SYMBOL, a definition of TYPE."
  (cond ((eq keyword :group) (custom-add-to-group value symbol type))
        ((eq keyword :version) (custom-add-version symbol value))
        ((eq keyword :package-version) (custom-add-package-version symbol value))
        ((eq keyword :link) (custom-add-link symbol value))
        ((eq keyword :load) (custom-add-load symbol value))
        ((eq keyword :tag) (put symbol 'custom-tag value))
        ((eq keyword :set-after) (custom-add-dependencies symbol value))
        (t (error "Unknown keyword %s" keyword))))

(defun custom-current-group ()
  (cdr (assoc load-file-name custom-current-group-alist)))

(defun custom-add-version (symbol version) (put symbol 'custom-version version))
(defun custom-add-package-version (symbol version) (put symbol 'custom-package-version version))
(defun custom-add-link (symbol widget)
  (let ((links (get symbol 'custom-links)))
    (unless (member widget links) (put symbol 'custom-links (cons widget links)))))
(defun custom-add-load (symbol load)
  (let ((loads (get symbol 'custom-loads)))
    (unless (member load loads) (put symbol 'custom-loads (cons load loads)))))
(defun custom-add-dependencies (symbol value)
  (let ((deps (get symbol 'custom-dependencies)))
    (dolist (v (if (listp value) value (list value)))
      (unless (memq v deps) (push v deps)))
    (put symbol 'custom-dependencies deps)))

(defmacro define-obsolete-face-alias (obsolete-face current-face when)
  "Make OBSOLETE-FACE a face alias for CURRENT-FACE, obsolete since WHEN."
  `(progn
     (put ,obsolete-face 'face-alias ,current-face)
     (put ,obsolete-face 'obsolete-face (or ,when t))))

(defmacro def-edebug-spec (symbol spec)
  "Set the Edebug SPEC of sexps whose head is SYMBOL (both unevaluated)."
  (declare (indent 1))
  `(put (quote ,symbol) 'edebug-form-spec (quote ,spec)))

(defun def-edebug-elem-spec (name spec)
  "Define the Edebug spec element NAME as shorthand for SPEC (a list)."
  (declare (indent 1))
  (when (string-match "\\`[&:]" (symbol-name name))
    (error "Edebug spec name cannot start with '&' or ':'"))
  (unless (consp spec)
    (error "Edebug spec has to be a list: %S" spec))
  (put name 'edebug-elem-spec spec))

(defun directory-files-and-attributes (directory &optional full match nosort id-format count)
  "The files of DIRECTORY as in `directory-files', each with its `file-attributes'."
  (mapcar (lambda (file)
            (cons file (file-attributes (if full file (expand-file-name file directory)) id-format)))
          (directory-files directory full match nosort count)))

(defun prune-directory-list (dirs &optional keep reject)
  "DIRS without the directories that do not exist (unless in KEEP) or are in REJECT."
  (apply #'nconc
         (mapcar (lambda (dir)
                   (and (not (member dir reject))
                        (or (member dir keep) (file-directory-p dir))
                        (list dir)))
                 dirs)))

(defun libxml-available-p ()
  "Nil: gapmacs is built without libxml2."
  nil)

;; startup.el's: the user whose init file was read (none with -Q or in batch).
(defvar init-file-user nil)
(defvar site-run-file "site-start"
  "The site-wide start-up file Emacs loads (not with -Q; gapmacs loads none).")

(defalias 'rplaca #'setcar)
(defalias 'rplacd #'setcdr)
(defalias 'int-to-string #'number-to-string)

(defconst regexp-unmatchable "\\`a\\`"
  "A regexp that matches no string at all.")

(defun gnutls-available-p ()
  "Nil: gapmacs is built without GnuTLS (network streams are plain)."
  nil)

;; minibuf.c's default with the face Emacs's preloaded faces.el adds (it
;; adds it again when it loads here: face-core.el takes the copy away).
(defvar minibuffer-prompt-properties '(read-only t face minibuffer-prompt)
  "Text properties the minibuffer gives its prompt.")

;;; Progress reporters, as Emacs's subr.el has them.  A reporter is
;;; (NEXT-VALUE . [NEXT-TIME MIN MAX MESSAGE MIN-CHANGE MIN-TIME SUFFIX]):
;;; `progress-reporter-update' is a comparison until NEXT-VALUE is reached.

(defvar progress-reporter--pulse-characters ["-" "\\" "|" "/"]
  "Characters a non-numerical progress reporter cycles through.")

(defun make-progress-reporter (message &optional min-value max-value current-value min-change min-time)
  "A reporter showing MESSAGE with the progress from MIN-VALUE to MAX-VALUE
\(a pulse when either is nil), every MIN-CHANGE percent (1) and no more
often than every MIN-TIME seconds (0.2); the first report is shown now."
  (when (string-match "[[:alnum:]]\\'" message)
    (setq message (concat message "...")))
  (let* ((min-time (or min-time 0.2))
         (reporter (cons (or min-value 0)
                         (vector (and (>= min-time 0.02) (float-time))
                                 min-value max-value message
                                 (if min-change (max (min min-change 50) 1) 1)
                                 min-time nil))))
    (progress-reporter-update reporter (or current-value min-value))
    reporter))

(defun progress-reporter-update (reporter &optional value suffix)
  "Report VALUE (a number, or for a pulsing REPORTER nil or a string) and SUFFIX,
when it changed enough since the last report."
  (when (or (not (numberp value)) (>= value (car reporter)))
    (progress-reporter-do-update reporter value suffix)))

(defun progress-reporter-force-update (reporter &optional value new-message suffix)
  "Report VALUE now, with NEW-MESSAGE as REPORTER's message when non-nil."
  (let ((state (cdr reporter)))
    (when new-message (aset state 3 new-message))
    (when (aref state 0) (aset state 0 (float-time)))
    (progress-reporter-do-update reporter value suffix)))

(defun progress-reporter--time-to-show (state)
  "Whether STATE's next report is due; if so, when the one after is."
  (let ((due (aref state 0)))
    (or (null due)
        (when (time-less-p due nil)
          (aset state 0 (+ due (aref state 5)))))))

(defun progress-reporter--suffix (state suffix)
  (if suffix (aset state 6 suffix) (or (aref state 6) "")))

(defun progress-reporter-do-update (reporter value &optional suffix)
  (let* ((state (cdr reporter))
         (min-value (aref state 1))
         (max-value (aref state 2))
         (text (aref state 3))
         (show (progress-reporter--time-to-show state)))
    (cond ((and min-value max-value)
           (let* ((one-percent (/ (- max-value min-value) 100.0))
                  (percentage (if (= max-value min-value) 0
                                (truncate (/ (- value min-value) one-percent)))))
             ;; When this report is not shown, the next value is one percent
             ;; on, so reports come close to every MIN-TIME.
             (setcar reporter (min (+ min-value (* (+ percentage (if show (aref state 4) 1)) one-percent))
                                   max-value))
             (when (integerp value)
               (setcar reporter (ceiling (car reporter))))
             (when show
               (setq suffix (progress-reporter--suffix state suffix))
               (if (> percentage 0)
                   (message "%s%d%% %s" text percentage suffix)
                 (message "%s %s" text suffix)))))
          (show
           (setq suffix (progress-reporter--suffix state (or suffix value)))
           (let ((index (mod (1+ (car reporter)) 4))
                 (message-log-max nil))
             (setcar reporter index)
             (message "%s %s %s" text (aref progress-reporter--pulse-characters index) suffix))))))

(defun progress-reporter-done (reporter)
  "Say REPORTER's message followed by \"done\"."
  (message "%sdone" (aref (cdr reporter) 3)))

(defmacro dotimes-with-progress-reporter (spec reporter-or-message &rest body)
  "`dotimes' over SPEC (VAR COUNT [RESULT]) reporting its progress with
REPORTER-OR-MESSAGE (a reporter, or the message of a new one)."
  (declare (indent 2))
  (let ((reporter (make-symbol "reporter")) (end (make-symbol "end")))
    `(let ((,reporter ,reporter-or-message) (,end ,(nth 1 spec)))
       (when (stringp ,reporter)
         (setq ,reporter (make-progress-reporter ,reporter 0 ,end)))
       (dotimes (,(car spec) ,end)
         ,@body
         (progress-reporter-update ,reporter (1+ ,(car spec))))
       (progress-reporter-done ,reporter)
       (or ,@(cdr (cdr spec)) nil))))

(defmacro dolist-with-progress-reporter (spec reporter-or-message &rest body)
  "`dolist' over SPEC (VAR LIST [RESULT]) with a pulsing reporter made from
REPORTER-OR-MESSAGE (a reporter, or the message of a new one)."
  (declare (indent 2))
  (let ((reporter (make-symbol "reporter")) (count (make-symbol "count")) (list (make-symbol "list")))
    `(let* ((,reporter ,reporter-or-message)
            (,list ,(nth 1 spec))
            (,count 0))
       (when (stringp ,reporter)
         (setq ,reporter (make-progress-reporter ,reporter 0 (length ,list))))
       (dolist (,(car spec) ,list)
         ,@body
         (progress-reporter-update ,reporter (setq ,count (1+ ,count))))
       (progress-reporter-done ,reporter)
       (or ,@(cdr (cdr spec)) nil))))

;;;; What Emacs has in C and gapmacs nowhere else

(defun translate-region-internal (start end table)
  "From START to END, translate characters according to TABLE: a string
\(its Nth character maps the character N) or a char-table whose entries
are a character, a string or vector of them, or a list of (FROM . TO)
whose FROM, a vector, must match the text from the character on (a
translation table of `make-translation-table-from-alist').  Returns the
number of characters put in, as editfns.c counts them."
  (let ((count 0) (end (copy-marker end)))
    (save-excursion
      (goto-char start)
      (while (< (point) end)
        (let* ((c (following-char))
               (entry (if (stringp table) (and (< c (length table)) (aref table c)) (aref table c)))
               (from-length 1)
               (to entry))
          (when (consp entry)
            (setq to nil)
            (let ((tail entry))
              (while (and tail (not to))
                (let ((from (caar tail)))
                  (when (and (<= (+ (point) (length from)) end)
                             (equal (append from nil)
                                    (append (buffer-substring-no-properties (point) (+ (point) (length from))) nil)))
                    (setq to (cdar tail) from-length (length from))))
                (setq tail (cdr tail)))))
          (cond ((or (null to) (eq to c)) (forward-char 1))
                (t (let ((text (if (characterp to) (string to) (concat to))))
                     (delete-region (point) (+ (point) from-length))
                     (insert-and-inherit text)
                     (setq count (+ count (length text)))))))))
    (set-marker end nil)
    count))

(unless (fboundp 'minibuffer-depth)
  ;; Batch has no minibuffer and reads no keys: the editor defines its own.
  (defun minibuffer-depth () 0)
  (defun recursion-depth () 0)
  (defun active-minibuffer-window () nil)
  (defun minibuffer-selected-window () nil)
  (defun minibuffer-prompt () nil)
  (defun current-message () nil)
  ;; As Emacs's in batch: the events put back are pending input.
  (defun input-pending-p (&optional _check-timers) (consp unread-command-events))
  (defun discard-input () (setq unread-command-events nil))
  (defun ding (&optional _arg) nil)
  (defun redisplay (&optional _force) t)
  (defun recenter (&optional _arg _redisplay) nil)
  (defun line-number-display-width (&optional pixelwise) (if pixelwise 0.0 0)))

;; Nor does the editor keep them: it redraws what changed.
(unless (fboundp 'recent-keys)
  (defun recent-keys (&optional _include-cmds) []))
(unless (fboundp 'force-window-update)
  (defun force-window-update (&optional _object) t))

(defun internal--header-line-text (format)
  "FORMAT, a `header-line-format', as the editor's header line shows it:
what `format-mode-line' makes of it, each stretch whose `display' is
\=(space :align-to COLUMN) or (space :width N) replaced by the spaces it
stands for (tabulated-list aligns its column titles so)."
  (let ((text (format-mode-line format nil nil (current-buffer))) (pieces nil) (column 0) (i 0))
    (while (< i (length text))
      (let ((next (or (next-single-property-change i 'display text) (length text)))
            (display (get-text-property i 'display text)))
        (let ((piece (if (eq (car-safe display) 'space)
                         (let ((to (plist-get (cdr display) :align-to))
                               (width (plist-get (cdr display) :width)))
                           (make-string (cond ((numberp to) (max 0 (- (round to) column)))
                                              ((numberp width) (max 0 (round width)))
                                              (t 1))
                                        ?\s))
                       (substring-no-properties text i next))))
          (push piece pieces)
          (setq column (+ column (string-width piece)) i next))))
    (apply #'concat (nreverse pieces))))

(defun internal--window (window)
  "WINDOW, nil meaning the selected one; a wrong-type-argument otherwise."
  (let ((w (or window (selected-window))))
    (unless (windowp w) (signal 'wrong-type-argument (list 'windowp w)))
    w))

(unless (fboundp 'window-parameter)
  (defvar internal--window-parameters (make-hash-table :test 'eq :weakness 'key)
    "Each window's parameters, an alist, newest first.")
  (defun window-parameters (&optional window)
    (copy-alist (gethash (internal--window window) internal--window-parameters)))
  (defun window-parameter (window parameter)
    (cdr (assq parameter (gethash (internal--window window) internal--window-parameters))))
  (defun set-window-parameter (window parameter value)
    (let* ((w (internal--window window))
           (cell (assq parameter (gethash w internal--window-parameters))))
      (if cell
          (setcdr cell value)
        (puthash w (cons (cons parameter value) (gethash w internal--window-parameters))
                 internal--window-parameters))
      value)))

(unless (fboundp 'window-prev-buffers)
  ;; Emacs records the buffers a window showed (record-window-buffer, for
  ;; switch-to-prev-buffer); gapmacs keeps what Lisp sets (dired saves and
  ;; restores them around a revert).
  (defvar internal--window-buffer-history (make-hash-table :test 'eq :weakness 'key)
    "Each window's (PREV-BUFFERS . NEXT-BUFFERS).")
  (defun internal--window-buffer-history (window)
    (let ((w (internal--window window)))
      (or (gethash w internal--window-buffer-history)
          (puthash w (cons nil nil) internal--window-buffer-history))))
  (defun window-prev-buffers (&optional window) (car (internal--window-buffer-history window)))
  (defun window-next-buffers (&optional window) (cdr (internal--window-buffer-history window)))
  (defun set-window-prev-buffers (window prev-buffers)
    (setcar (internal--window-buffer-history window) prev-buffers))
  (defun set-window-next-buffers (window next-buffers)
    (setcdr (internal--window-buffer-history window) next-buffers)))

(unless (fboundp 'get-buffer-window-list)
  ;; Batch's (the editor's is C++): the windows showing a buffer.
  (defun get-buffer-window-list (&optional buffer-or-name minibuf all-frames)
    (let ((buffer (if buffer-or-name (get-buffer buffer-or-name) (current-buffer))))
      (seq-filter (lambda (w) (eq (window-buffer w) buffer))
                  (window-list nil minibuf all-frames)))))

(unless (fboundp 'window-valid-p)
  ;; gapmacs shows Lisp no internal windows: a valid window is a live one.
  (defun window-valid-p (object) (and (windowp object) (window-live-p object)))
  (defun window-list-1 (&optional window minibuf _all-frames)
    (window-list nil minibuf (or window (selected-window)))))

(unless (fboundp 'window-pixel-left)
  ;; A terminal's pixel is a character cell; it draws no scroll bar,
  ;; divider, header line, tab line or margin.
  (defun window-pixel-left (&optional window) (window-left-column window))
  (defun window-pixel-top (&optional window) (window-top-line window))
  (defun window-pixel-width (&optional window) (window-total-width window))
  (defun window-pixel-height (&optional window) (window-total-height window))
  (defun window-mode-line-height (&optional window) (if (window-minibuffer-p window) 0 1))
  (defun window-header-line-height (&optional window) (ignore (internal--window window)) 0)
  (defun window-tab-line-height (&optional window) (ignore (internal--window window)) 0)
  (defun window-scroll-bar-width (&optional window) (ignore (internal--window window)) 0)
  (defun window-scroll-bar-height (&optional window) (ignore (internal--window window)) 0)
  (defun window-right-divider-width (&optional window) (ignore (internal--window window)) 0)
  (defun window-bottom-divider-width (&optional window) (ignore (internal--window window)) 0)
  (defun window-margins (&optional window) (ignore (internal--window window)) (list nil))
  (defun window-current-scroll-bars (&optional window) (ignore (internal--window window)) (cons nil nil))
  (defun window-scroll-bars (&optional window) (ignore (internal--window window)) (list nil 0 t nil 0 t nil)))

(unless (fboundp 'internal-show-cursor)
  (defvar internal--hidden-cursors (make-hash-table :test 'eq :weakness 'key)
    "The windows whose cursor blink-cursor-mode hid.")
  (defun internal-show-cursor (window show)
    (puthash (internal--window window) (not show) internal--hidden-cursors)
    nil)
  (defun internal-show-cursor-p (&optional window)
    (not (gethash (internal--window window) internal--hidden-cursors))))

;; gapmacs has no indirect buffers: no buffer has a base buffer.
(defun buffer-base-buffer (&optional buffer)
  (when buffer (get-buffer buffer))
  nil)

(defun get-file-buffer (filename)
  "The buffer visiting exactly FILENAME (expanded), or nil."
  (let ((file (expand-file-name filename)))
    (seq-find-buffer (lambda (b) (equal (buffer-file-name b) file)))))

(defun invisible-p (pos-or-prop)
  "Non-nil when the `invisible' property at POS-OR-PROP (a position, or
that property's value) hides text under `buffer-invisibility-spec': t, or
2 when an ellipsis stands for it."
  (let ((prop (if (or (integerp pos-or-prop) (markerp pos-or-prop))
                  (get-char-property pos-or-prop 'invisible)
                pos-or-prop))
        (spec buffer-invisibility-spec)
        (found nil))
    (if (eq spec t)
        (and prop t)
      (while (and spec (not found))
        (let* ((elt (car spec))
               (atom (if (consp elt) (car elt) elt)))
          (when (or (eq prop atom) (and (consp prop) (memq atom prop)))
            (setq found (if (and (consp elt) (cdr elt)) 2 t))))
        (setq spec (cdr spec)))
      found)))

(defun get-byte (&optional position string)
  "The byte of the ASCII or raw 8-bit character at POSITION (of STRING)."
  (let ((c (if string (aref string (or position 0)) (char-after (or position (point))))))
    (cond ((or (< c 128)
               (if string (not (multibyte-string-p string)) (not enable-multibyte-characters)))
           c)
          ((>= c #x3FFF80) (- c #x3FFF00))
          (t (error "Not an ASCII nor an 8-bit character: %d" c)))))

(defun compare-buffer-substrings (buffer1 start1 end1 buffer2 start2 end2)
  "Negative, zero or positive as BUFFER1's text from START1 to END1 sorts
before, equal to or after BUFFER2's: one more than the length of the
common beginning, and `case-fold-search' folds case."
  (let* ((fold case-fold-search)
         (text (lambda (buffer start end)
                 (with-current-buffer (or buffer (current-buffer))
                   (buffer-substring-no-properties (or start (point-min)) (or end (point-max))))))
         (a (funcall text buffer1 start1 end1))
         (b (funcall text buffer2 start2 end2))
         ;; Folded as the case table's canonical (lower) case, as Emacs
         ;; does, not upcased as compare-strings folds.
         (result (if fold
                     (compare-strings (downcase a) nil nil (downcase b) nil nil)
                   (compare-strings a nil nil b nil nil))))
    (if (eq result t) 0 result)))

(put 'glyphless-char-display 'char-table-extra-slots 1)
(defvar glyphless-char-display
  (let ((table (make-char-table 'glyphless-char-display nil)))
    ;; What Emacs 28 has once characters.el ran
    ;; update-glyphless-char-display.
    (set-char-table-extra-slot table 0 'hex-code)
    table)
  "How characters that have no glyph show (Emacs's xdisp.c char-table).")

(defun internal--byte-compile-file-check (filename &optional load)
  "gapmacs's `byte-compile-file': t when FILENAME reads to its end (its
error is shown otherwise), writing no .elc, which gapmacs never loads.
LOAD non-nil loads FILENAME after."
  (let ((ok (condition-case err
                (with-temp-buffer
                  (insert-file-contents filename)
                  (let ((enable-local-eval nil))
                    (hack-local-variables))
                  ;; A file that says `no-byte-compile: t' (a package's
                  ;; autoloads) is skipped, as Emacs's byte-compile-file does.
                  (if (and (boundp 'no-byte-compile) no-byte-compile)
                      'no-byte-compile
                    (with-syntax-table emacs-lisp-mode-syntax-table
                      (goto-char (point-min))
                      (while (progn (forward-comment (buffer-size)) (not (eobp)))
                        (read (current-buffer))))
                    t))
              (error (message "%s: %s" filename (error-message-string err)) nil))))
    (when (and (eq ok t) load) (load filename nil t))
    ok))

(defun daemonp ()
  "Nil: gapmacs never runs as a daemon."
  nil)

(defun get-load-suffixes ()
  "The suffixes `load' tries: each of `load-suffixes' with each of
`load-file-rep-suffixes'."
  (let (suffixes)
    (dolist (suffix load-suffixes)
      (dolist (rep load-file-rep-suffixes)
        (push (concat suffix rep) suffixes)))
    (nreverse suffixes)))

(defun ngettext (msgid msgid-plural n)
  (if (= n 1) msgid msgid-plural))

(defun lax-plist-get (plist prop)
  "The value of PROP in PLIST, compared with `equal'.  As Emacs 28's (and
unlike `plist-get'), a PLIST that is not a proper plist before PROP is
found signals `plistp' (or `circular-list')."
  (let ((tail plist) (slow plist) (step nil) (found nil))
    (while (and (not found) (consp tail) (consp (cdr tail)))
      (if (equal prop (car tail))
          (setq found tail)
        (setq tail (cddr tail))
        ;; SLOW goes half as fast: on a cycle TAIL comes round to it.
        (when (eq tail slow) (signal 'circular-list (list plist)))
        (when (setq step (not step)) (setq slow (cddr slow)))))
    (cond (found (cadr found))
          ((null tail) nil)
          (t (signal 'wrong-type-argument (list 'plistp plist))))))

(defun lax-plist-put (plist prop val) (plist-put plist prop val #'equal))

(defun clear-string (string)
  "Overwrite STRING with zeros (a password no longer needed)."
  (fillarray string 0)
  nil)

(defun access-file (filename string)
  "Signal a file error with STRING unless FILENAME exists."
  (unless (file-exists-p filename)
    (signal 'file-missing (list string "No such file or directory" filename)))
  nil)

(defun text-quoting-style ()
  "The quoting style `substitute-command-keys' uses: the variable's, else curve."
  (or (and (boundp 'text-quoting-style) (symbol-value 'text-quoting-style)) 'curve))

;; subr.el's motion over symbols and whitespace (thing-at-point's `symbol'
;; and `whitespace' things; Emacs's thingatpt.el has the rest).
;;;###autoload
(defun forward-symbol (arg)
  "Move over ARG symbols (backward when ARG < 0)."
  (interactive "^p")
  (if (natnump arg)
      (re-search-forward "\\(\\sw\\|\\s_\\)+" nil 'move arg)
    (while (< arg 0)
      (when (re-search-backward "\\(\\sw\\|\\s_\\)+" nil 'move)
        (skip-syntax-backward "w_"))
      (setq arg (1+ arg)))))

;;;###autoload
(defun forward-whitespace (arg)
  "Move over ARG runs of whitespace (backward when ARG < 0)."
  (interactive "^p")
  (if (natnump arg)
      (re-search-forward "[ \t]+\\|\n" nil 'move arg)
    (while (< arg 0)
      (when (re-search-backward "[ \t]+\\|\n" nil 'move)
        (or (eq (char-after (match-beginning 0)) ?\n)
            (skip-chars-backward " \t")))
      (setq arg (1+ arg)))))

(provide 'subr-extra)
