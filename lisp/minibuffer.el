;;; minibuffer.el --- completion and the minibuffer's readers  -*- lexical-binding: t -*-

(defvar completion-ignore-case nil)
(defvar completion-regexp-list nil)
(defvar minibuffer-completion-table nil)
(defvar minibuffer-completion-predicate nil)
(defvar minibuffer-completion-confirm nil)
(defvar minibuffer-setup-hook nil
  "Run in a minibuffer's buffer when the editor's minibuffer starts reading.")
(defvar minibuffer-exit-hook nil
  "Run in the minibuffer's buffer however its reading ends.")
(defvar minibuffer-history nil)
(defvar minibuffer-history-variable 'minibuffer-history)
(defvar minibuffer-history-position 0)
(defvar minibuffer-default nil)
(defvar minibuffer-text-before-history nil)
(defvar minibuffer--history-shown nil "The history text M-p/M-n put in the minibuffer last.")
(defvar file-name-history nil)
(defvar buffer-name-history nil)
(defvar read-number-history nil)
(defvar history-length 100)
(defvar completing-read-function 'completing-read-default)
(defvar read-file-name-function 'read-file-name-default)
(defvar insert-default-directory t)
(defvar minibuffer-completion-buffer "*Completions*")
(defvar minibuffer-default-prompt-format " (default %s)"
  "How `format-prompt' shows a default value: %s stands for the value.")

;;;; Completion tables

(defun minibuffer--matches (string collection predicate)
  "The names in COLLECTION that start with STRING, pass
`completion-regexp-list' and then PREDICATE, in Emacs's order of tests:
the prefix first, so a table of 100,000 names costs one pass in C++ and
no garbage for the names that do not match."
  (internal--completion-matches string collection predicate))

(defun try-completion (string collection &optional predicate)
  "The longest common completion of STRING in COLLECTION; t when STRING is the
only match and exact; nil when nothing matches."
  (if (functionp collection)
      (funcall collection string predicate nil)
    (let ((matches (minibuffer--matches string collection predicate)))
      (and matches (internal--completion-common-prefix string matches)))))

(defun all-completions (string collection &optional predicate _hide-spaces)
  (if (functionp collection)
      (funcall collection string predicate t)
    (minibuffer--matches string collection predicate)))

(defun test-completion (string collection &optional predicate)
  (if (functionp collection)
      (funcall collection string predicate 'lambda)
    (let ((found nil))
      (dolist (m (minibuffer--matches string collection predicate) found)
        (when (if completion-ignore-case
                  (string= (downcase m) (downcase string))
                (string= m string))
          (setq found t))))))

;; Completion tables as Emacs 28's minibuffer.el has them: a table is a
;; list, an alist, an obarray, a hash table, or a function of
;; (STRING PRED ACTION), ACTION nil (try), t (all), `lambda' (test),
;; (boundaries . SUFFIX) or `metadata'.

(defun complete-with-action (action collection string predicate)
  "Perform completion ACTION on COLLECTION, which may be a function."
  (cond ((functionp collection) (funcall collection string predicate action))
        ((or (eq (car-safe action) 'boundaries) (eq action 'metadata)) nil)
        ((eq action t) (all-completions string collection predicate))
        ((null action) (try-completion string collection predicate))
        (t (test-completion string collection predicate))))

(defun completion-table-dynamic (fun &optional _switch-buffer)
  "A completion table whose candidates FUN computes from the input."
  (lambda (string pred action)
    (unless (or (eq (car-safe action) 'boundaries) (eq action 'metadata))
      (complete-with-action action (funcall fun string) string pred))))

(defmacro lazy-completion-table (var fun)
  "A table that is the value of VAR, set by calling FUN the first time it is used."
  (let ((string (make-symbol "string")))
    `(completion-table-dynamic
      (lambda (,string)
        (ignore ,string)
        (when (functionp ,var) (setq ,var (funcall #',fun)))
        ,var)
      'do-switch-buffer)))

(defun completion-table-with-cache (function &optional ignore-case)
  "Like `completion-table-dynamic', but FUNCTION is called again only
when the input no longer extends the one it was last called with."
  (let ((last-arg nil) (last-result nil))
    (completion-table-dynamic
     (lambda (arg)
       (if (and last-arg (string-prefix-p last-arg arg ignore-case))
           last-result
         (setq last-arg arg last-result (funcall function arg)))))))

(defun completion-table-case-fold (table &optional dont-fold)
  "TABLE completed ignoring case, unless DONT-FOLD."
  (lambda (string pred action)
    (let ((completion-ignore-case (not dont-fold)))
      (complete-with-action action table string pred))))

(defun completion-table-in-turn (&rest tables)
  "The first of TABLES that completes the input."
  (lambda (string pred action)
    (seq-some (lambda (table) (complete-with-action action table string pred)) tables)))

(defun completion-table-merge (&rest tables)
  "The completions of all TABLES together."
  (lambda (string pred action)
    (cond ((null action)
           (let ((tries (mapcar (lambda (table) (try-completion string table pred)) tables)))
             (if (member string tries)
                 string
               (try-completion string (mapcar (lambda (v) (if (eq v t) string v)) (delq nil tries))
                               pred))))
          ((eq action t)
           (apply #'append (mapcar (lambda (table) (all-completions string table pred)) tables)))
          (t (seq-some (lambda (table) (complete-with-action action table string pred)) tables)))))

(defun completion-table-with-predicate (table pred1 strict string pred2 action)
  "Complete STRING in TABLE restricted by PRED1 (and PRED2); unless STRICT,
PRED1 only orders: what it rejects still completes."
  (if (and (not strict) (eq action 'lambda))
      (test-completion string table pred2)
    (or (complete-with-action action table string
                              (if (and pred1 pred2)
                                  (lambda (x) (and (funcall pred1 x) (funcall pred2 x)))
                                (or pred1 pred2)))
        (and (not strict) pred1
             (complete-with-action action table string pred2)))))

(defun completion-boundaries (string collection pred suffix)
  "(START . END): the part of STRING and SUFFIX the table completes."
  (let ((b (and (functionp collection) (funcall collection string pred (cons 'boundaries suffix)))))
    (unless (eq (car-safe b) 'boundaries) (setq b nil))
    (cons (or (cadr b) 0) (or (cddr b) (length suffix)))))

(defun completion-metadata (string table pred)
  "(metadata . ALIST): what TABLE says of completing STRING."
  (let ((m (and (functionp table) (funcall table string pred 'metadata))))
    (cons 'metadata (and (eq (car-safe m) 'metadata) (cdr m)))))

(defun completion-metadata-get (metadata prop)
  (cdr (assq prop metadata)))

(defvar completion-styles '(basic partial-completion emacs22))
(defvar completion-styles-alist
  '((emacs21 completion-emacs21-try-completion completion-emacs21-all-completions "")
    (emacs22 completion-emacs22-try-completion completion-emacs22-all-completions "")
    (basic completion-basic-try-completion completion-basic-all-completions "")
    (partial-completion completion-pcm-try-completion completion-pcm-all-completions "")
    (substring completion-substring-try-completion completion-substring-all-completions "")
    (flex completion-flex-try-completion completion-flex-all-completions "")
    (initials completion-initials-try-completion completion-initials-all-completions ""))
  "The completion styles, as Emacs 28 names them: the minibuffer uses them
through Emacs's own `completion-try-completion' when its library is found,
and completes by prefix without it.")
;; Emacs's minibuffer.el does this at top level, which its definitions read
;; one at a time never run: flex sorts the candidates by their score
;; (fido-mode's first is the best match).
(put 'flex 'completion--adjust-metadata 'completion--flex-adjust-metadata)
(defvar completion-pcm-word-delimiters "-_./:| "
  "The characters that end a word for partial completion, as Emacs 28's.")
(defvar completion-pcm--delim-wild-regex "[-_./:| *]"
  "What matches a word end or `*' in partial completion (Emacs 28's value).")
(defvar completion-category-defaults
  '((buffer (styles . (basic substring)))
    (unicode-name (styles . (basic substring)))
    (project-file (styles . (substring)))
    (xref-location (styles . (substring)))
    (info-menu (styles . (basic substring)))
    (symbol-help (styles . (basic shorthand substring))))
  "The completion styles of some categories, as Emacs 28 sets them.")
(defvar completion-category-overrides nil)
(defvar completion-extra-properties nil)
(defvar completion-at-point-functions nil)
(defvar completion-cycle-threshold nil)
(defvar completions-format 'horizontal)
(defvar completion-setup-hook '(completion-setup-function)
  "Run in the minibuffer's buffer, with `standard-output' the *Completions*
buffer, once it is written.  Emacs's simple.el gives it the function that
gives *Completions* its mode and the line of help at its top (skipped
without Emacs's library).")
(defvar minibuffer-allow-text-properties nil)
(defvar read-file-name-completion-ignore-case nil)
(defvar read-buffer-completion-ignore-case nil)

;;;; Keymaps

(defvar minibuffer-local-map
  (let ((map (make-sparse-keymap)))
    (define-key map "\n" 'exit-minibuffer)
    (define-key map "\r" 'exit-minibuffer) ; after: where-is finds RET first, as in Emacs
    (define-key map "\C-g" 'abort-minibuffers)
    (define-key map "\ep" 'previous-history-element)
    (define-key map "\en" 'next-history-element)
    (define-key map [up] 'previous-history-element)
    (define-key map [down] 'next-history-element)
    map))

(defvar minibuffer-local-ns-map
  (let ((map (make-sparse-keymap)))
    (set-keymap-parent map minibuffer-local-map)
    (define-key map " " 'exit-minibuffer)
    (define-key map "\t" 'exit-minibuffer)
    map))

(defvar minibuffer-local-completion-map
  (let ((map (make-sparse-keymap)))
    (set-keymap-parent map minibuffer-local-map)
    (define-key map "\t" 'minibuffer-complete)
    (define-key map " " 'minibuffer-complete-word)
    (define-key map "?" 'minibuffer-completion-help)
    (define-key map "\M-v" 'switch-to-completions)
    (define-key map [prior] 'switch-to-completions)
    map))

(defvar minibuffer-confirm-exit-commands
  '(completion-at-point minibuffer-complete minibuffer-complete-word)
  "Commands after which a confirm-after-completion minibuffer asks to confirm.")

(defvar minibuffer-local-must-match-map
  (let ((map (make-sparse-keymap)))
    (set-keymap-parent map minibuffer-local-completion-map)
    (define-key map "\r" 'minibuffer-complete-and-exit)
    (define-key map "\n" 'minibuffer-complete-and-exit)
    map))

(defvar minibuffer-local-filename-completion-map
  (let ((map (make-sparse-keymap)))
    (set-keymap-parent map minibuffer-local-completion-map)
    (define-key map " " nil)
    map))

(defvar read-expression-map
  (let ((map (make-sparse-keymap)))
    ;; As Emacs's: TAB and M-TAB complete the symbol before point (the
    ;; minibuffer's completion-at-point-functions has Emacs Lisp's).
    (define-key map "\M-\t" 'completion-at-point)
    (define-key map "\t" 'completion-at-point)
    (set-keymap-parent map minibuffer-local-map)
    map))

;;;; Minibuffer contents (stand-ins while the UI lacks the primitives)

(unless (fboundp 'minibuffer-prompt-end)
  (defun minibuffer-prompt-end () (point-min)))
(unless (fboundp 'minibuffer-contents)
  (defun minibuffer-contents ()
    (buffer-substring (minibuffer-prompt-end) (point-max))))
(unless (fboundp 'minibuffer-contents-no-properties)
  (defun minibuffer-contents-no-properties () (minibuffer-contents)))
(unless (fboundp 'delete-minibuffer-contents)
  (defun delete-minibuffer-contents ()
    (delete-region (minibuffer-prompt-end) (point-max))))

(defun minibuffer--set-contents (text)
  (delete-minibuffer-contents)
  (goto-char (point-max))
  (insert text))

(defun minibuffer-message (format &rest args)
  "Show a message such as \"[No match]\" while the minibuffer is active."
  (let ((text (apply #'format format args)))
    (message "%s" (if (string-prefix-p "[" text) text (concat "[" text "]")))))

(unless (fboundp 'exit-minibuffer)
  (defun exit-minibuffer ()
    (interactive)
    (throw 'exit nil)))

;;;; Completion commands

(defun minibuffer--input-point ()
  "Where point is in the minibuffer's input, counted from its start."
  (max 0 (- (point) (minibuffer-prompt-end))))

(defun minibuffer--styled-p ()
  "Non-nil when Emacs's completion styles are here (from its library)."
  (fboundp 'completion-try-completion))

(defun minibuffer--metadata (contents point)
  (completion-metadata (substring contents 0 point)
                       minibuffer-completion-table minibuffer-completion-predicate))

(defun minibuffer--try (contents point)
  "Completing CONTENTS with point at POINT, as `completion-styles' and the
table's category say: nil (no match), t (exact and unique), or
\(STRING . POINT), the completed input and where point goes in it."
  (if (minibuffer--styled-p)
      (completion-try-completion contents minibuffer-completion-table
                                 minibuffer-completion-predicate point
                                 (minibuffer--metadata contents point))
    (let ((comp (try-completion contents minibuffer-completion-table
                                minibuffer-completion-predicate)))
      (if (stringp comp) (cons comp (length comp)) comp))))

(defun minibuffer--all (contents point)
  "The completions of CONTENTS with point at POINT, as `minibuffer--try'
finds them."
  (if (minibuffer--styled-p)
      (let ((all (completion-all-completions contents minibuffer-completion-table
                                             minibuffer-completion-predicate point
                                             (minibuffer--metadata contents point))))
        ;; The last cdr is the base size, not a completion.
        (when (consp all) (setcdr (last all) nil))
        all)
    (all-completions contents minibuffer-completion-table minibuffer-completion-predicate)))

(defun minibuffer-completion-help (&optional start end)
  "Show the completions of the minibuffer's contents in *Completions*,
sorted and annotated as the table's metadata (or
`completion-extra-properties') says, as Emacs's.  START and END bound
the text completed instead (completion-in-region's, in any buffer)."
  (interactive)
  (let* ((start (or start (minibuffer-prompt-end)))
         (end (or end (point-max)))
         (contents (buffer-substring start end))
         (point (max 0 (min (- (point) start) (length contents))))
         (all (copy-sequence (minibuffer--all contents point))))
    (if (null all)
        (minibuffer-message "No match")
      (let* ((md (minibuffer--metadata contents point))
             (sort-fun (completion-metadata-get md 'display-sort-function))
             (annotate (or (completion-metadata-get md 'annotation-function)
                           (plist-get completion-extra-properties :annotation-function)))
             (affixate (or (completion-metadata-get md 'affixation-function)
                           (plist-get completion-extra-properties :affixation-function)))
             ;; A choice replaces the input from its completion boundary
             ;; on (a file name's directory stays).
             (base (+ start
                      (car (completion-boundaries (substring contents 0 point)
                                                  minibuffer-completion-table
                                                  minibuffer-completion-predicate
                                                  (substring contents point))))))
        (setq all (if sort-fun (funcall sort-fun all) (sort all #'string-lessp)))
        (cond (affixate (setq all (funcall affixate all)))
              (annotate
               (setq all (mapcar (lambda (s) (let ((a (funcall annotate s))) (if a (list s a) s)))
                                 all))))
        (with-current-buffer (display-completion-list all)
          (setq-local completion-base-position (list base end))
          (setq-local completion-list-insert-choice-function
                      (lambda (start end choice)
                        (completion--replace start end choice))))))))

(defun minibuffer--fit-completions (window)
  "Make WINDOW as tall as its completions, at most half the frame."
  (let* ((lines (with-current-buffer (window-buffer window)
                  (count-lines (point-min) (point-max))))
         (want (max window-min-height (min (+ lines 1) (/ (frame-height) 2)))))
    (ignore-errors
      (with-selected-window window
        (enlarge-window (- want (window-total-height window)))))))

(defun display-completion-list (completions &optional _common group-fun)
  "Write COMPLETIONS (strings, or lists of a string and its annotation) to
the *Completions* buffer as Emacs does, in columns as wide as its window
allows, and show it; return the buffer."
  (let ((buf (get-buffer-create minibuffer-completion-buffer))
        (mainbuf (current-buffer)))
    ;; Shown first: the columns are laid out for its window's width.
    (let ((window (and (fboundp 'display-buffer)
                       (display-buffer buf '((display-buffer--maybe-same-window
                                              display-buffer-reuse-window
                                              display-buffer-at-bottom))))))
      (with-current-buffer buf
        (setq buffer-read-only nil)
        (let ((standard-output buf))
          (erase-buffer)
          (cond ((null completions)
                 (insert "There are no possible completions of what you have typed."))
                ((fboundp 'completion--insert-strings) ; Emacs's library
                 (insert "Possible completions are:\n")
                 (completion--insert-strings completions group-fun))
                (t
                 (insert "Possible completions are:\n")
                 (dolist (c completions) (insert (if (consp c) (car c) c) "\n"))))))
      (let ((standard-output buf))
        (with-current-buffer mainbuf
          (run-hook-wrapped 'completion-setup-hook
                            (lambda (f) (when (or (not (symbolp f)) (fboundp f)) (funcall f)) nil))))
      (with-current-buffer buf
        (goto-char (point-min))
        (setq buffer-read-only t))
      (when (window-live-p window)
        (minibuffer--fit-completions window)))
    buf))

(defun minibuffer--exact-p (string)
  (test-completion string minibuffer-completion-table minibuffer-completion-predicate))

(defun minibuffer--set-completion (comp)
  "Put COMP, a (STRING . POINT) completion, in the minibuffer."
  (unless (string= (car comp) (minibuffer-contents))
    (minibuffer--set-contents (car comp)))
  (goto-char (+ (minibuffer-prompt-end) (cdr comp))))

(defun minibuffer-complete ()
  "Complete the minibuffer's contents as far as they are unique."
  (interactive)
  (let* ((contents (minibuffer-contents))
         (comp (minibuffer--try contents (minibuffer--input-point))))
    (cond ((null comp) (minibuffer-message "No match") nil)
          ((eq comp t)
           (goto-char (point-max))
           (minibuffer-message "Sole completion") t)
          ;; Completed: Emacs says nothing, even when the result is the
          ;; only completion (the next TAB says so).
          ((not (string= (car comp) contents))
           (minibuffer--set-completion comp)
           t)
          ((minibuffer--exact-p contents)
           (goto-char (point-max))
           (minibuffer-message "Complete, but not unique")
           (minibuffer-completion-help) t)
          (t (minibuffer--set-completion comp)
             (minibuffer-completion-help) t))))

(defun minibuffer-complete-word ()
  "Complete at most one more word (up to a space or hyphen)."
  (interactive)
  (let* ((contents (minibuffer-contents))
         (comp (minibuffer--try-word contents)))
    (cond ((null comp) (minibuffer-message "No match") nil)
          ((eq comp t) (minibuffer-message "Sole completion") t)
          ((> (length comp) (length contents))
           (let ((end (string-match "[- ]" comp (length contents))))
             (minibuffer--set-contents (if end (substring comp 0 (1+ end)) comp)))
           t)
          (t (minibuffer-completion-help) nil))))

(defun minibuffer--try-word (contents)
  "`try-completion' of CONTENTS, or, when that adds nothing, of CONTENTS
followed by a space or a hyphen, as Emacs does: so SPC after \"LATIN SMALL
LETTER E\" goes on to \"LATIN SMALL LETTER E \" although the input is
already a name."
  (let ((comp (try-completion contents minibuffer-completion-table
                              minibuffer-completion-predicate)))
    (if (and comp (or (eq comp t) (= (length comp) (length contents))))
        (let ((base (if (stringp comp) comp contents))
              (grown nil))
          (dolist (sep '(" " "-"))
            (unless grown
              (let ((c (try-completion (concat base sep) minibuffer-completion-table
                                       minibuffer-completion-predicate)))
                (when c (setq grown (if (eq c t) (concat base sep) c))))))
          (or grown comp))
      comp)))

(defun minibuffer-complete-and-exit ()
  "Exit if the contents are a valid completion, completing them if they can be."
  (interactive)
  (let ((contents (minibuffer-contents)))
    (cond ((or (string= contents "") (minibuffer--exact-p contents))
           (exit-minibuffer))
          ((memq minibuffer-completion-confirm '(confirm confirm-after-completion))
           ;; confirm-after-completion asks only right after a completion
           ;; (a TAB that did not finish the name), as Emacs: C-x C-f of a
           ;; new file, even in a new directory, just opens it.
           (if (or (eq last-command this-command)
                   (and (eq minibuffer-completion-confirm 'confirm-after-completion)
                        (not (memq last-command minibuffer-confirm-exit-commands))))
               (exit-minibuffer)
             (minibuffer-message "Confirm")))
          (t (let ((comp (minibuffer--try contents (minibuffer--input-point))))
               (cond ((eq comp t) (exit-minibuffer))
                     ((and comp (minibuffer--exact-p (car comp)))
                      (minibuffer--set-contents (car comp))
                      (exit-minibuffer))
                     (comp
                      (minibuffer--set-completion comp)
                      (minibuffer-message "Incomplete"))
                     (t (minibuffer-message "No match"))))))))

;;;; History

(defun minibuffer--history ()
  (let ((var minibuffer-history-variable))
    (and (symbolp var) var (boundp var) (symbol-value var))))

(defvar minibuffer-default-add-function 'minibuffer-default-add-completions
  "Called once, by the first M-n past the defaults, for more of them (the
default, Emacs's simple.el's, adds every completion of the empty input).")
(defvar-local minibuffer-default-add-done nil
  "Non-nil once `minibuffer-default-add-function' ran in this minibuffer.")

(defun goto-history-element (nabs)
  "Put history element NABS (0 the text typed, negative the defaults) in the minibuffer."
  (when (and (not minibuffer-default-add-done)
             (functionp minibuffer-default-add-function)
             (< nabs (- (if (listp minibuffer-default) (length minibuffer-default) 1))))
    (setq minibuffer-default-add-done t
          minibuffer-default (funcall minibuffer-default-add-function)))
  (let* ((history (minibuffer--history))
         (defaults (if (listp minibuffer-default) minibuffer-default
                     (list minibuffer-default))))
    (when (> nabs (length history))
      (user-error (if (null history) "History is empty"
                    "Beginning of history; no preceding item")))
    (when (< nabs (- (length defaults)))
      (user-error (if defaults "End of defaults; no next item"
                    "End of history; no default available")))
    ;; A new minibuffer (nothing rebinds the position) or edited text:
    ;; start from the text typed, as a fresh M-p would.
    (when (and (/= minibuffer-history-position 0)
               (not (equal (minibuffer-contents) minibuffer--history-shown)))
      (setq minibuffer-history-position 0))
    (when (= minibuffer-history-position 0)
      (setq minibuffer-text-before-history (minibuffer-contents)))
    (setq minibuffer-history-position nabs)
    (let ((elt (cond ((> nabs 0) (nth (1- nabs) history))
                     ((< nabs 0) (nth (1- (- nabs)) defaults))
                     (t (or minibuffer-text-before-history "")))))
      (setq minibuffer--history-shown (if (stringp elt) elt (prin1-to-string elt)))
      (minibuffer--set-contents minibuffer--history-shown))))

(defun previous-history-element (n)
  (interactive "p")
  (goto-history-element (+ minibuffer-history-position n)))

(defun next-history-element (n)
  (interactive "p")
  (goto-history-element (- minibuffer-history-position n)))

(defun add-to-history (history-var newelt &optional maxelt _keep-all)
  (unless (boundp history-var) (set history-var nil))
  (let ((history (symbol-value history-var)))
    (unless (equal newelt (car history))
      (setq history (cons newelt history)))
    (let ((max (or maxelt (get history-var 'history-length) history-length)))
      (when (and (integerp max) (> (length history) max))
        (setq history (butlast history (- (length history) max)))))
    (set history-var history)))

;;;; Readers

(defun format-prompt (prompt default &rest args)
  "PROMPT with \" (default DEFAULT): \" as Emacs 28 writes it."
  (concat (apply #'format prompt args)
          (and default (not (equal default ""))
               (format " (default %s)" (if (consp default) (car default) default)))
          ": "))

(defun minibuffer--with-default (prompt default)
  "PROMPT, ending in \": \", with the default shown before the colon."
  (if (and default (string-match ": *\\'" prompt))
      (format-prompt (substring prompt 0 (match-beginning 0)) default)
    prompt))

(defun completing-read-default (prompt collection &optional predicate require-match
                                       initial-input hist def _inherit)
  (let* ((minibuffer-completion-table collection)
         (minibuffer-completion-predicate predicate)
         (minibuffer-completion-confirm (unless (eq require-match t) require-match))
         (keymap (if require-match minibuffer-local-must-match-map
                   minibuffer-local-completion-map))
         (result (read-from-minibuffer prompt initial-input keymap nil hist def)))
    (when (and (equal result "") def)
      (setq result (if (consp def) (car def) def)))
    (when (symbolp result) (setq result (symbol-name result)))
    result))

(defun completing-read (prompt collection &optional predicate require-match
                               initial-input hist def inherit-input-method)
  "Read a string in the minibuffer with TAB completion over COLLECTION."
  (funcall completing-read-function prompt collection predicate require-match
           initial-input hist def inherit-input-method))

(unless (fboundp 'read-char)
  (defun read-char (&optional prompt _inherit _seconds)
    (let ((e (read-event prompt)))
      (unless (and (integerp e) (characterp (logand e (lognot (ash 63 22)))))
        (error "Non-character input-event"))
      e)))

(defun read-number (prompt &optional default hist)
  "Read a number; RET with no input gives DEFAULT; insists on a number."
  (let ((p (minibuffer--with-default prompt default)) (n nil))
    (while (not n)
      (let ((str (read-from-minibuffer p nil nil nil (or hist 'read-number-history)
                                       (and default (number-to-string
                                                     (if (consp default) (car default) default))))))
        (setq n (cond ((and (equal str "") default) (if (consp default) (car default) default))
                      ((string-match "\\`[ \t]*[-+]?[0-9.]+\\(?:e[-+]?[0-9]+\\)?[ \t]*\\'" str)
                       (string-to-number str))))
        (unless n
          (message "Please enter a number.")
          (minibuffer--pause 1))))
    n))

(defun read-buffer (prompt &optional def require-match predicate)
  "Read a buffer name with completion; DEF (a buffer or name) if the input is empty."
  (when (bufferp def) (setq def (buffer-name def)))
  (let ((names (delq nil (mapcar (lambda (b)
                                   (let ((n (buffer-name b)))
                                     (and n (not (string-prefix-p " " n)) n)))
                                 (buffer-list)))))
    (completing-read (minibuffer--with-default prompt def)
                     (if predicate
                         (seq-filter (lambda (n) (funcall predicate (cons n (get-buffer n)))) names)
                       names)
                     nil require-match nil 'buffer-name-history def)))

;;;; File names

(defun substitute-in-file-name (filename)
  "FILENAME with $VAR expanded and anything before a // or /~ dropped."
  (let ((name (replace-regexp-in-string
               "\\$\\(?:{\\([^}]+\\)}\\|\\([A-Za-z_][A-Za-z0-9_]*\\)\\)"
               (lambda (m)
                 (let ((var (or (match-string 1 m) (match-string 2 m))))
                   (or (getenv var) m)))
               filename t t)))
    (when (string-match ".*/\\(/\\|~\\)" name)
      (setq name (substring name (1- (match-end 0)))))
    name))

(defun file-name-all-completions (file directory)
  "Names in DIRECTORY starting with FILE, directories with a trailing slash."
  (let ((dir (file-name-as-directory (expand-file-name directory))) out)
    (when (file-directory-p dir)
      (dolist (name (directory-files dir))
        (when (and (not (member name '("." "..")))
                   (string-prefix-p file name completion-ignore-case))
          (push (if (file-directory-p (concat dir name)) (concat name "/") name) out))))
    (nreverse out)))

(defun file-name-completion (file directory &optional predicate)
  (let ((names (file-name-all-completions file directory)))
    (when predicate
      (setq names (seq-filter (lambda (n) (funcall predicate (expand-file-name n directory)))
                              names)))
    (try-completion file names)))

(defun read-file-name-internal (string pred action)
  "Completion table of file names: STRING's directory part is kept as typed."
  (let* ((name (substitute-in-file-name string))
         (dir (or (file-name-directory name) ""))
         (base (file-name-nondirectory name))
         (real-dir (expand-file-name (if (equal dir "") default-directory dir))))
    (cond ((eq action t) (file-name-all-completions base real-dir))
          ((eq action 'lambda)
           (and (file-exists-p (expand-file-name name)) t))
          ;; As Emacs's file table: the completions are names in the
          ;; directory typed, which stays.
          ((eq (car-safe action) 'boundaries)
           `(boundaries ,(length (or (file-name-directory string) ""))
                        . ,(string-search "/" (cdr action))))
          (t (let ((comp (file-name-completion base real-dir pred)))
               (cond ((stringp comp) (concat dir comp))
                     (t comp)))))))

(defun minibuffer--abbreviate (dir)
  (let ((home (file-name-as-directory (expand-file-name "~"))))
    (if (string-prefix-p home dir)
        (concat "~/" (substring dir (length home)))
      dir)))

(defun read-file-name-default (prompt &optional dir default-filename mustmatch initial predicate)
  (let* ((dir (file-name-as-directory (expand-file-name (or dir default-directory))))
         (insdef (if initial (concat (minibuffer--abbreviate dir) initial)
                   (and insert-default-directory (minibuffer--abbreviate dir))))
         (default (or default-filename (and (buffer-file-name) (not initial) (buffer-file-name))))
         (val (if (not (eq completing-read-function #'completing-read-default))
                  ;; A completion UI (ivy, vertico...) reads file names
                  ;; through completing-read, as Emacs's read-file-name-default
                  ;; calls it, in the directory being read.
                  (minibuffer-with-setup-hook (lambda () (setq default-directory dir))
                    (let ((minibuffer-completing-file-name t))
                      (completing-read prompt #'read-file-name-internal predicate mustmatch insdef
                                       'file-name-history
                                       (and default (minibuffer--abbreviate default)))))
                (let ((minibuffer-completion-table #'read-file-name-internal)
                      (minibuffer-completion-predicate predicate)
                      (minibuffer-completion-confirm (unless (eq mustmatch t) mustmatch)))
                  (read-from-minibuffer prompt insdef
                                        (if mustmatch minibuffer-local-must-match-map
                                          minibuffer-local-filename-completion-map)
                                        nil 'file-name-history
                                        (and default (minibuffer--abbreviate default)))))))
    (cond ((or (equal val "") (and insdef (equal val insdef)))
           (or default-filename (if (equal val "") dir (expand-file-name val dir))))
          (t (let ((name (substitute-in-file-name val)))
               (if (file-name-absolute-p name) name
                 (expand-file-name name dir)))))))

(defun next-read-file-uses-dialog-p ()
  "Whether the next `read-file-name' would use a dialog: never on a terminal."
  nil)

(defun read-file-name (prompt &optional dir default-filename mustmatch initial predicate)
  "Read a file name with completion over the typed directory; `~' expands."
  (funcall read-file-name-function prompt dir default-filename mustmatch initial predicate))

(defun read-directory-name (prompt &optional dir default-dirname mustmatch initial)
  (read-file-name prompt dir (or default-dirname (and dir (expand-file-name dir)))
                  mustmatch initial #'file-directory-p))

;;;; Questions

(defun minibuffer--pause (seconds)
  "Leave a complaint visible for SECONDS, except in batch where no one reads it."
  (unless (and (boundp 'noninteractive) noninteractive)
    (sit-for seconds)))

(defun minibuffer--question (prompt suffix)
  (concat prompt
          (if (or (equal prompt "") (eq ?\s (aref prompt (1- (length prompt))))) "" " ")
          suffix))

(defun y-or-n-p (prompt)
  "Ask PROMPT; y, Y or SPC answer yes, n, N or DEL no, C-g quits."
  (let ((full (minibuffer--question prompt "(y or n) ")) (answer 'none))
    (while (eq answer 'none)
      (if (and (boundp 'noninteractive) noninteractive (null unread-command-events))
          (let ((str (read-string full)))
            (setq answer (cond ((member str '("y" "Y")) t)
                               ((member str '("n" "N")) nil)
                               (t 'none))))
        (let ((e (read-event full)))
          (setq answer (cond ((memq e '(?y ?Y ?\s)) t)
                             ((memq e '(?n ?N ?\d)) nil)
                             ((memq e '(?\C-g ?\C-\[ ?q)) (signal 'quit nil))
                             (t 'none)))))
      (when (eq answer 'none)
        (setq full (concat "Please answer y or n.  "
                           (minibuffer--question prompt "(y or n) ")))))
    (message "%s%s" full (if answer "y" "n"))
    answer))

(defun yes-or-no-p (prompt)
  "Ask PROMPT and insist on the answer \"yes\" or \"no\"."
  (let ((full (minibuffer--question prompt "(yes or no) ")) (answer 'none))
    (while (eq answer 'none)
      (let ((str (read-from-minibuffer full nil nil nil 'yes-or-no-p-history)))
        (setq answer (cond ((equal str "yes") t)
                           ((equal str "no") nil)
                           (t (message "Please answer yes or no.")
                              (minibuffer--pause 2)
                              'none)))))
    answer))

(defvar yes-or-no-p-history nil)

(provide 'minibuffer)
