;;; keymap.el --- keymaps as Emacs lists, key parsing and key lookup  -*- lexical-binding: t -*-

;; Keymaps use Emacs's list representation: (keymap [PROMPT] . ALIST),
;; where a tail that starts with `keymap' is the parent.  `make-keymap'
;; returns a sparse keymap too (the lookups here read lists only); a range of
;; characters is bound by an element ((FROM . TO) . DEF), which is what
;; `define-key' stores for a key [(FROM . TO)] (Emacs puts it in the
;; char-table of a full keymap).

(defconst keymap--meta (ash 1 27))
(defconst keymap--ctrl (ash 1 26))
(defconst keymap--shift (ash 1 25))
(defconst keymap--hyper (ash 1 24))
(defconst keymap--super (ash 1 23))
(defconst keymap--alt (ash 1 22))
(defconst keymap--modifier-mask (ash 63 22))

(defvar meta-prefix-char 27)

;;;; Predicates and constructors

(unless (fboundp 'bound-and-true-p)
  (defmacro bound-and-true-p (var)
    `(and (boundp ',var) ,var)))

(defun keymap--resolve (object)
  "OBJECT as a keymap list, following symbol functions, or nil."
  (while (and object (symbolp object) (fboundp object))
    (setq object (symbol-function object)))
  (and (consp object) (eq (car object) 'keymap) object))

;;;###autoload
(defun keymapp (object)
  "Non-nil if OBJECT is a keymap or a symbol whose function is one."
  (and (keymap--resolve object) t))

;;;###autoload
(defun make-sparse-keymap (&optional prompt)
  (if prompt (list 'keymap prompt) (list 'keymap)))

;;;###autoload
(defun make-keymap (&optional prompt)
  "A full keymap: a char-table holds the bindings of all characters."
  (let ((map (list 'keymap (make-char-table 'keymap))))
    (if prompt (nconc map (list prompt)) map)))

(defun keymap-prompt (keymap)
  "The overall prompt string of KEYMAP (or of a map it inherits), or nil."
  (let ((tail (cdr (keymap--checked keymap))) (prompt nil))
    (while (and tail (not prompt))
      (let ((elt (if (consp tail) (car tail) tail)))
        (cond ((stringp elt) (setq prompt elt))
              ((and (consp elt) (eq (car elt) 'keymap)) (setq prompt (keymap-prompt elt)))))
      (setq tail (cdr-safe tail)))
    prompt))

(defun keymap--checked (keymap)
  (or (keymap--resolve keymap)
      (signal 'wrong-type-argument (list 'keymapp keymap))))

;;;###autoload
(defun keymap-parent (keymap)
  (let ((tail (cdr (keymap--checked keymap))))
    (while (and (consp tail) (not (eq (car tail) 'keymap)))
      (setq tail (cdr tail)))
    (and (consp tail) tail)))

;;;###autoload
(defun set-keymap-parent (keymap parent)
  (let ((prev (keymap--checked keymap)))
    (when parent
      (let ((p (keymap--checked parent)))
        (while p
          (when (eq p prev) (error "Cyclic keymap inheritance"))
          (setq p (keymap-parent p)))))
    (while (and (consp (cdr prev)) (not (eq (cadr prev) 'keymap)))
      (setq prev (cdr prev)))
    (setcdr prev (and parent (keymap--resolve parent)))
    parent))

;;;###autoload
(defun copy-keymap (keymap)
  "A copy of KEYMAP whose submaps (not named prefix commands) are copied too."
  (let* ((map (keymap--checked keymap))
         (out (list 'keymap))
         (last out)
         (tail (cdr map)))
    (while (and (consp tail) (not (eq (car tail) 'keymap)))
      (let ((elt (car tail)))
        (setcdr last (list (cond ((and (consp elt) (consp (cdr elt))
                                       (eq (cadr elt) 'keymap))
                                  (cons (car elt) (copy-keymap (cdr elt))))
                                 ((consp elt) (cons (car elt) (cdr elt)))
                                 ((or (vectorp elt) (char-table-p elt)) (copy-sequence elt))
                                 (t elt))))
        (setq last (cdr last)))
      (setq tail (cdr tail)))
    (setcdr last tail)
    out))

;; For maps of commands on plain keys (special modes, menus): typing no
;; longer inserts, and digits and `-' give a prefix argument unless NODIGITS.
;;;###autoload
(defun suppress-keymap (map &optional nodigits)
  (define-key map [remap self-insert-command] #'undefined)
  (unless nodigits
    (define-key map "-" #'negative-argument)
    (dotimes (i 10)
      (define-key map (string (+ ?0 i)) #'digit-argument))))

;;;###autoload
(defun define-prefix-command (command &optional mapvar name)
  (let ((map (make-sparse-keymap name)))
    (fset command map)
    (cond ((null mapvar) (set command map))
          ((not (eq mapvar t)) (set mapvar map)))
    command))

;;;; Events

(defun keymap--char-event-p (event)
  (and (integerp event) (>= event 0)))

(defun keymap--symbol-modifiers (symbol)
  "(BASE-NAME . MODIFIER-BITS) of a function key SYMBOL such as C-M-up."
  (let ((name (symbol-name symbol)) (bits 0) (done nil))
    (while (and (not done) (> (length name) 2) (eq (aref name 1) ?-))
      (let ((bit (cdr (assq (aref name 0)
                            (list (cons ?A keymap--alt) (cons ?C keymap--ctrl)
                                  (cons ?H keymap--hyper) (cons ?M keymap--meta)
                                  (cons ?S keymap--shift) (cons ?s keymap--super))))))
        (if bit
            (setq bits (logior bits bit) name (substring name 2))
          (setq done t))))
    (cons name bits)))

(defun keymap--modifier-names (bits)
  (concat (if (/= 0 (logand bits keymap--alt)) "A-")
          (if (/= 0 (logand bits keymap--ctrl)) "C-")
          (if (/= 0 (logand bits keymap--hyper)) "H-")
          (if (/= 0 (logand bits keymap--meta)) "M-")
          (if (/= 0 (logand bits keymap--shift)) "S-")
          (if (/= 0 (logand bits keymap--super)) "s-")))

;;;###autoload
(defun event-modifiers (event)
  (if (symbolp event)
      (let ((bits (cdr (keymap--symbol-modifiers event))) list)
        (dolist (m '((alt . 22) (super . 23) (hyper . 24)
                     (shift . 25) (control . 26) (meta . 27)))
          (when (/= 0 (logand bits (ash 1 (cdr m)))) (push (car m) list)))
        list)
    (let ((char (logand event (lognot keymap--modifier-mask))) list)
      (when (/= 0 (logand event keymap--meta)) (push 'meta list))
      (when (or (/= 0 (logand event keymap--ctrl)) (< char 32)) (push 'control list))
      (when (or (/= 0 (logand event keymap--shift)) (/= char (downcase char)))
        (push 'shift list))
      (when (/= 0 (logand event keymap--hyper)) (push 'hyper list))
      (when (/= 0 (logand event keymap--super)) (push 'super list))
      (when (/= 0 (logand event keymap--alt)) (push 'alt list))
      list)))

;;;###autoload
(defun event-basic-type (event)
  (when (consp event) (setq event (car event)))
  (if (symbolp event)
      (intern (car (keymap--symbol-modifiers event)))
    (let* ((base (logand event (lognot keymap--modifier-mask)))
           (uncontrolled (if (< base 32) (logior base 64) base)))
      (downcase uncontrolled))))

(defun keymap--ctrl-char (c)
  "Character C with the control modifier, as Emacs's make_ctrl_char: the
ASCII control character where there is one (shifted for a capital)."
  (cond ((> c 127) (logior c keymap--ctrl))
        ((and (>= c 64) (< c 96))
         (logior (logand c 31) (if (and (>= c ?A) (<= c ?Z)) keymap--shift 0)))
        ((and (>= c ?a) (<= c ?z)) (logand c 31))
        ((>= c 32) (logior c keymap--ctrl))
        (t c)))

(defun event-convert-list (event-desc)
  "The event of EVENT-DESC, a list of modifier names ending in a base
event: (control ?a) gives ?\\C-a, (shift left) gives S-left."
  (let ((bits 0) (prefixes "") (base nil))
    (dolist (elt event-desc)
      (if (cdr (memq elt event-desc))
          (pcase elt
            ((or 'control 'ctrl) (setq bits (logior bits keymap--ctrl)))
            ('meta (setq bits (logior bits keymap--meta)))
            ('shift (setq bits (logior bits keymap--shift)))
            ('super (setq bits (logior bits keymap--super)))
            ('hyper (setq bits (logior bits keymap--hyper)))
            ('alt (setq bits (logior bits keymap--alt)))
            ((or 'down 'drag 'double 'triple 'click)
             (unless (eq elt 'click) (setq prefixes (concat prefixes (symbol-name elt) "-"))))
            (_ (error "Invalid modifier in event-convert-list: %S" elt)))
        (setq base elt)))
    (cond
     ((symbolp base)
      (let ((parsed (keymap--symbol-modifiers base)))
        (intern (concat (keymap--modifier-names (logior bits (cdr parsed)))
                        prefixes (car parsed)))))
     ((integerp base)
      (when (and (/= 0 (logand bits keymap--shift)) (>= base ?a) (<= base ?z))
        (setq base (- base 32) bits (logand bits (lognot keymap--shift))))
      (if (/= 0 (logand bits keymap--ctrl))
          (logior (logand bits (lognot keymap--ctrl)) (keymap--ctrl-char base))
        (logior base bits)))
     (t (error "Invalid base event")))))

(defun keymap--string-events (string)
  "The events of a key STRING: bytes 128..255 of a unibyte string are meta chars."
  (let ((unibyte (not (multibyte-string-p string))))
    (mapcar (lambda (c)
              (if (and unibyte (>= c 128) (< c 256))
                  (logior (- c 128) keymap--meta)
                c))
            (string-to-list string))))

(defun keymap--event-list-p (event)
  "Whether EVENT is an event written as a list, (control ?a) or (shift
left): symbols and integers only (Emacs's lucid_event_type_list_p)."
  (and (consp event)
       (not (memq (car event) '(help-echo vertical-line mode-line header-line)))
       (proper-list-p event)
       (let ((ok t))
         (dolist (e event ok)
           (unless (or (integerp e) (symbolp e)) (setq ok nil))))))

(defun keymap--events (key)
  (cond ((stringp key) (keymap--string-events key))
        ((vectorp key)
         (mapcar (lambda (e) (if (keymap--event-list-p e) (event-convert-list e) e)) key))
        ((listp key) key)
        (t (signal 'wrong-type-argument (list 'arrayp key)))))

(defun keymap--meta-char-p (event)
  (and (integerp event) (/= 0 (logand event keymap--meta))))

(defun keymap--expand-meta (events)
  "EVENTS with each meta character written as ESC and the plain character."
  (let (out)
    (dolist (e events)
      (if (keymap--meta-char-p e)
          (progn (push meta-prefix-char out)
                 (push (logand e (lognot keymap--meta)) out))
        (push e out)))
    (nreverse out)))

;;;; Access

(defun keymap--binding-value (val)
  "The command of a binding VAL: menu items and (STRING . DEF) give DEF."
  (cond ((and (consp val) (stringp (car val))) (keymap--binding-value (cdr val)))
        ((and (consp val) (eq (car val) 'menu-item)) (nth 2 val))
        (t val)))

(defun keymap--element-binding (elt event t-ok)
  "The binding of EVENT in keymap element ELT, `keymap--none' if none."
  (cond ((and (consp elt) (eq (car elt) 'keymap))
         (let ((v (keymap--access elt event t-ok nil)))
           (if v v 'keymap--none)))
        ((consp elt)
         (let ((k (car elt)))
           (cond ((eql k event) (cdr elt))
                 ((and (consp k) (integerp event) (integerp (car k))
                       (<= (car k) event) (<= event (cdr k)))
                  (cdr elt))
                 ((and t-ok (eq k t)) (cons 'keymap--default (cdr elt)))
                 (t 'keymap--none))))
        ((and (vectorp elt) (natnump event) (< event (length elt)))
         (let ((v (aref elt event))) (if v v 'keymap--none)))
        ((and (char-table-p elt) (characterp event))
         ;; nil in a char-table is no entry; t records an explicit nil, as in Emacs.
         (let ((v (aref elt event))) (cond ((null v) 'keymap--none) ((eq v t) nil) (t v))))
        (t 'keymap--none)))

(defun keymap--access (map event t-ok noinherit)
  "The binding of EVENT in keymap MAP, merging prefix maps along parents."
  (let ((tail (cdr (keymap--resolve map))) (found 'keymap--none) (default nil)
        maps)
    (while (consp tail)
      (let ((elt (car tail)))
        (if (eq elt 'keymap)
            (setq tail (if noinherit nil (cdr tail)))
          (let ((val (keymap--element-binding elt event t-ok)))
            (cond ((eq val 'keymap--none))
                  ((eq (car-safe val) 'keymap--default)
                   (unless default (setq default (list (cdr val)))))
                  (t
                   (setq val (keymap--binding-value val))
                   (cond ((keymapp val) (push val maps))
                         ((eq found 'keymap--none) (setq found val)))
                   (unless (keymapp val) (setq tail nil)))))
          (setq tail (cdr-safe tail)))))
    (cond (maps (keymap--compose (nreverse maps)))
          ((and (not (eq found 'keymap--none)) found) found)
          (default (car default))
          ((eq found 'keymap--none) nil)
          (t found))))

(defun keymap--compose (maps)
  "One keymap for the prefix maps MAPS (most specific first), as Emacs does."
  (if (null (cdr maps))
      (car maps)
    (cons 'keymap (cons (car maps) (keymap--resolve (keymap--compose (cdr maps)))))))

(defun keymap--access-event (map event t-ok)
  "EVENT's binding in MAP; a meta character is looked up under ESC."
  (if (keymap--meta-char-p event)
      (let ((esc (keymap--resolve (keymap--access map meta-prefix-char t-ok nil))))
        (and esc (keymap--access esc (logand event (lognot keymap--meta)) t-ok nil)))
    (keymap--access map event t-ok nil)))

(defun keymap--lookup-1 (map events t-ok)
  (let ((n 0) (result map) (done nil))
    (while (and events (not done))
      (let ((m (keymap--resolve result)))
        (if (not m)
            (setq result n done t)
          (setq result (keymap--access-event m (car events) t-ok)
                n (1+ n) events (cdr events)))))
    result))

;;;###autoload
(defun lookup-key (keymap key &optional accept-default)
  "The binding of KEY in KEYMAP (or a list of keymaps).
A number N when the first N events of KEY are bound to a non-prefix."
  (if (and (consp keymap) (not (eq (car keymap) 'keymap)))
      (let ((maps keymap) (result nil))
        (while (and maps (or (null result) (numberp result)))
          (let ((r (lookup-key (car maps) key accept-default)))
            (when (or r (null result)) (setq result r)))
          (setq maps (cdr maps)))
        result)
    (keymap--checked keymap)
    (keymap--lookup-1 keymap (keymap--events key) accept-default)))

;;;; Definition

(defun keymap--store (map event def)
  "Bind EVENT to DEF in MAP's own bindings; new bindings go first."
  (let ((tail map) (insert-after map) (done nil))
    (while (and (not done) (consp (cdr tail)) (not (eq (cadr tail) 'keymap)))
      (let ((elt (cadr tail)))
        (cond ((and (consp elt) (equal (car elt) event))
               (setcdr elt def) (setq done t))
              ((and (vectorp elt) (natnump event) (< event (length elt)))
               (aset elt event def) (setq done t))
              ((and (char-table-p elt) (characterp event))
               (aset elt event (or def t)) (setq done t))
              ((or (vectorp elt) (char-table-p elt)) (setq insert-after (cdr tail)))))
      (setq tail (cdr tail)))
    (unless done
      (setcdr insert-after (cons (cons event def) (cdr insert-after))))
    def))

(defun keymap--prefix-error (events count)
  (error "Key sequence %s starts with non-prefix key %s"
         (key-description (vconcat events))
         (key-description (vconcat (butlast events (- (length events) count))))))

;;;###autoload
(defun define-key (keymap key def &optional _remove)
  "Bind KEY (a string or vector) to DEF in KEYMAP, creating prefix maps."
  (let* ((map (keymap--checked keymap))
         (events (keymap--events key))
         (expanded (keymap--expand-meta events))
         (expanded-all expanded)
         (done 0))
    (when (null events) (error "Empty key sequence"))
    (while (cdr expanded)
      (let* ((ev (car expanded))
             (sub (keymap--access map ev nil t)))
        (setq done (1+ done))
        (unless sub
          (setq sub (make-sparse-keymap))
          (keymap--store map ev sub))
        (setq map (keymap--resolve sub))
        (unless map
          (keymap--prefix-error expanded-all done))
        (setq expanded (cdr expanded))))
    (keymap--store map (car expanded) def)))

;;;; Descriptions

(defun keymap--char-description (c)
  (let* ((mods (logand c keymap--modifier-mask))
         (base (logand c (lognot keymap--modifier-mask))))
    (when (and (< base 32) (not (memq base '(27 9 13))))
      (setq mods (logior mods keymap--ctrl)))
    (concat (keymap--modifier-names mods)
            (cond ((= base 27) "ESC")
                  ((= base 9) "TAB")
                  ((= base 13) "RET")
                  ((< base 32) (string (if (and (> base 0) (<= base 26))
                                           (+ base 96)
                                         (+ base 64))))
                  ((= base 127) "DEL")
                  ((= base 32) "SPC")
                  (t (string base))))))

;;;###autoload
(defun single-key-description (key &optional no-angles)
  (cond ((integerp key) (keymap--char-description key))
        ((symbolp key)
         (if no-angles
             (symbol-name key)
           (let ((parsed (keymap--symbol-modifiers key)))
             (concat (keymap--modifier-names (cdr parsed))
                     "<" (car parsed) ">"))))
        ((stringp key) key)
        ((consp key) (single-key-description (car key) no-angles))
        (t (signal 'wrong-type-argument (list 'integer-or-symbol-p key)))))

;;;###autoload
(defun key-description (keys &optional prefix)
  "Keys as Emacs writes them: \"C-x C-f\"; ESC then a character is M-CHAR."
  (let ((events (append (and prefix (keymap--events prefix))
                        (keymap--events keys)))
        (parts nil) (pending-esc nil))
    (dolist (e events)
      (cond ((and pending-esc (integerp e) (not (eql e meta-prefix-char))
                  (not (keymap--meta-char-p e)))
             (push (single-key-description (logior e keymap--meta)) parts)
             (setq pending-esc nil))
            (pending-esc
             (push "ESC" parts)
             (unless (eql e meta-prefix-char)
               (push (single-key-description e) parts)
               (setq pending-esc nil)))
            ((eql e meta-prefix-char) (setq pending-esc t))
            (t (push (single-key-description e) parts))))
    (when pending-esc (push "ESC" parts))
    (mapconcat #'identity (nreverse parts) " ")))

;;;; kbd

(defconst keymap--named-keys
  '(("NUL" . 0) ("RET" . 13) ("LFD" . 10) ("TAB" . 9) ("ESC" . 27)
    ("SPC" . 32) ("DEL" . 127)))

(defun keymap--kbd-word (word)
  "The events of one WORD of a `kbd' string."
  (let ((bits 0) (rest word) (done nil))
    (while (and (not done) (> (length rest) 2) (eq (aref rest 1) ?-)
                (memq (aref rest 0) '(?A ?C ?H ?M ?S ?s)))
      (setq bits (logior bits (cdr (assq (aref rest 0)
                                         (list (cons ?A keymap--alt) (cons ?C keymap--ctrl)
                                               (cons ?H keymap--hyper) (cons ?M keymap--meta)
                                               (cons ?S keymap--shift) (cons ?s keymap--super)))))
            rest (substring rest 2)))
    (cond ((and (string-match "\\`<\\(.+\\)>\\'" rest) (not (equal rest "<>")))
           (let* ((name (match-string 1 rest))
                  (named (assoc name keymap--named-keys)))
             (if (and named (= bits 0) (not (member name '("TAB" "RET" "ESC" "DEL" "SPC" "NUL" "LFD"))))
                 (list (cdr named))
               (list (intern (concat (keymap--modifier-names bits) name))))))
          ((assoc rest keymap--named-keys)
           (list (keymap--apply-modifiers (cdr (assoc rest keymap--named-keys)) bits)))
          ((= bits 0) (string-to-list rest))
          ((= (length rest) 1)
           (list (keymap--apply-modifiers (aref rest 0) bits)))
          (t (error "Invalid key: %s" word)))))

(defun keymap--apply-modifiers (char bits)
  "CHAR with modifier BITS, folding control into ASCII control characters."
  (when (/= 0 (logand bits keymap--ctrl))
    (cond ((and (>= char ?a) (<= char ?z))
           (setq char (logand char 31) bits (logand bits (lognot keymap--ctrl))))
          ((and (>= char ?@) (<= char ?_))
           (setq char (logand char 31) bits (logand bits (lognot keymap--ctrl))))))
  (logior char bits))

;;;###autoload
(defun kbd (keys)
  "The key sequence that KEYS describes in Emacs's notation (\"C-x C-f\")."
  (let ((events (apply #'append (mapcar #'keymap--kbd-word (split-string keys)))))
    (if (let ((ok t))
          (dolist (e events ok)
            (unless (and (integerp e) (>= e 0) (< e 128)) (setq ok nil))))
        (concat events)
      (vconcat events))))

;;;; The global and local maps

;; The global map is full, as Emacs's (mule-conf.el binds every character
;; from 128 in its char-table): a key typed is found without walking an alist.
(defvar global-map (make-keymap))
(defvar esc-map (make-keymap)) ; full, as Emacs's (calc reads its char-table)
(defvar ctl-x-map (make-keymap))
(defvar ctl-x-4-map (make-sparse-keymap))
(defvar ctl-x-5-map (make-sparse-keymap))
(defvar tab-prefix-map (make-sparse-keymap))
(defvar goto-map (make-sparse-keymap))
;; C-c: the prefix where major modes put their commands (and users C-c LETTER).
(defvar mode-specific-map (make-sparse-keymap))
(fset 'ESC-prefix esc-map)
(fset 'Control-X-prefix ctl-x-map)
(fset 'ctl-x-4-prefix ctl-x-4-map)
(fset 'ctl-x-5-prefix ctl-x-5-map)
(fset 'mode-specific-command-prefix mode-specific-map)
(define-key global-map "\e" 'ESC-prefix)
(define-key global-map "\C-x" 'Control-X-prefix)
(define-key global-map "\C-c" 'mode-specific-command-prefix)
(define-key ctl-x-map "4" 'ctl-x-4-prefix)
(define-key ctl-x-map "5" 'ctl-x-5-prefix)
(define-key ctl-x-map "t" tab-prefix-map)
(define-key esc-map "g" goto-map)

;; keyboard.c's terminal-local translation maps, where libraries bind keys
;; (local-function-key-map inherits function-key-map, as in Emacs).  The
;; command loop reads local-function-key-map for a key with no binding of
;; its own: <tab> runs what TAB is bound to, <return> RET's.
(defvar key-translation-map (make-sparse-keymap))
(defvar function-key-map (make-sparse-keymap))
(defvar local-function-key-map (make-sparse-keymap))
(set-keymap-parent local-function-key-map function-key-map)
;; Emacs 28's (bindings.el and keyboard.c).
(dolist (k '((escape . 27) (return . 13) (clear . 12) (linefeed . 10) (tab . 9)
             (kp-tab . 9) (kp-space . 32) (kp-enter . 13) (kp-equal . ?=)
             (kp-separator . ?,) (kp-decimal . ?.) (kp-add . ?+) (kp-subtract . ?-)
             (kp-multiply . ?*) (kp-divide . ?/) (delete . 127) (backspace . 127)))
  (define-key function-key-map (vector (car k)) (vector (cdr k))))
(dotimes (i 10)
  (define-key function-key-map (vector (intern (format "kp-%d" i))) (vector (+ ?0 i))))
(define-key function-key-map [S-tab] [backtab])
(defvar input-decode-map (make-sparse-keymap))
;; Events handled the moment they arrive (a terminal's focus and
;; configuration events); gapmacs's keyboard reads none yet.
(defvar special-event-map (make-sparse-keymap))

(defvar keymap--global-map global-map)
(defvar overriding-terminal-local-map nil)
(defvar overriding-local-map nil)
(defvar minor-mode-map-alist nil)
(defvar minor-mode-overriding-map-alist nil)
(defvar emulation-mode-map-alists nil)

;;;###autoload
(defun current-global-map () keymap--global-map)
;;;###autoload
(defun use-global-map (keymap)
  (keymap--checked keymap)
  (setq keymap--global-map keymap)
  nil)

;; The local map lives in a buffer-local variable, so that
;; `kill-all-local-variables' resets it as Emacs does.
(defvar keymap--local-map nil)
(make-variable-buffer-local 'keymap--local-map)

;;;###autoload
(defun current-local-map ()
  keymap--local-map)

;;;###autoload
(defun use-local-map (keymap)
  (when keymap (keymap--checked keymap))
  (setq keymap--local-map keymap)
  nil)

(defun keymap--minor-mode-maps ()
  (let (maps seen)
    (dolist (alist (append (mapcar (lambda (a) (if (symbolp a) (symbol-value a) a))
                                   emulation-mode-map-alists)
                           (list minor-mode-overriding-map-alist minor-mode-map-alist)))
      (dolist (entry alist)
        (let ((var (car-safe entry)))
          (when (and var (not (memq var seen)) (boundp var) (symbol-value var))
            (push var seen)
            (let ((map (cdr entry)))
              (when (and (symbolp map) (boundp map) (not (keymapp map)))
                (setq map (symbol-value map)))
              (when (keymapp map) (push map maps)))))))
    (nreverse maps)))

;;;###autoload
(defun current-active-maps (&optional olp _position)
  "The keymaps active now, most specific first."
  (append (and overriding-terminal-local-map (list overriding-terminal-local-map))
          (if (and overriding-local-map (not (eq olp 'ignore)))
              (list overriding-local-map)
            (append (keymap--minor-mode-maps)
                    (and (current-local-map) (list (current-local-map)))))
          (list (current-global-map))))

;;;###autoload
(defun current-minor-mode-maps () (keymap--minor-mode-maps))

;;;###autoload
(defun command-remapping (command &optional _position keymaps)
  (when (and command (symbolp command))
    (let ((r (lookup-key (or keymaps (current-active-maps)) (vector 'remap command))))
      (and r (not (integerp r)) r))))

;;;###autoload
(defun key-binding (key &optional accept-default no-remap _position)
  "The command KEY runs in the active keymaps, remapped unless NO-REMAP."
  (let ((b (lookup-key (current-active-maps) key accept-default)))
    (when (integerp b) (setq b nil))
    (if (and b (not no-remap) (symbolp b))
        (or (command-remapping b) b)
      b)))

;;;###autoload
(defun global-key-binding (keys &optional accept-default)
  (let ((b (lookup-key (current-global-map) keys accept-default)))
    (and (not (integerp b)) b)))

;;;###autoload
(defun local-key-binding (keys &optional accept-default)
  (and (current-local-map)
       (let ((b (lookup-key (current-local-map) keys accept-default)))
         (and (not (integerp b)) b))))

;;;###autoload
(defun global-set-key (key command)
  (interactive "KSet key globally: \nCSet key %s globally to command: ")
  (define-key (current-global-map) key command))

;;;###autoload
(defun global-unset-key (key)
  (interactive "kUnset key globally: ")
  (global-set-key key nil))

;;;###autoload
(defun local-set-key (key command)
  (interactive "KSet key locally: \nCSet key %s locally to command: ")
  (unless (current-local-map) (use-local-map (make-sparse-keymap)))
  (define-key (current-local-map) key command))

;;;###autoload
(defun local-unset-key (key)
  (interactive "kUnset key locally: ")
  (when (current-local-map) (local-set-key key nil)))

;;;; Walking and composing keymaps

(defun keymap--map-elements (function map inherit)
  "Call FUNCTION with each event and binding of MAP, in its order; a
vector gives each index bound, a nested keymap its own bindings; with
INHERIT the parent's follow."
  (let ((tail (cdr (keymap--checked map))))
    (while (consp tail)
      (let ((elt (car tail)))
        (cond ((eq elt 'keymap) (unless inherit (setq tail nil)))
              ((and (consp elt) (eq (car elt) 'keymap))
               (keymap--map-elements function elt inherit))
              ((vectorp elt)
               (dotimes (i (length elt))
                 (when (aref elt i) (funcall function i (aref elt i)))))
              ((char-table-p elt)
               (map-char-table (lambda (k v) (when v (funcall function k (if (eq v t) nil v)))) elt))
              ((consp elt) (funcall function (car elt) (cdr elt)))))
      (setq tail (cdr-safe tail)))))

(defun map-keymap (function keymap &optional _sort-first)
  "Call FUNCTION with each EVENT and BINDING of KEYMAP and its parents.
EVENT may be a range (FROM . TO) of characters."
  (keymap--map-elements function keymap t)
  nil)

(defun map-keymap-internal (function keymap)
  "Call FUNCTION with each event and binding of KEYMAP, not its parents;
the parent is returned."
  (keymap--map-elements function keymap nil)
  (keymap-parent keymap))

(defun keymap-canonicalize (map)
  "A simpler keymap binding what MAP and its parents bind: each key once,
the first binding found winning, and two prefix maps of one key composed."
  (let ((bindings nil) (ranges nil) (prompt (keymap-prompt map)))
    (map-keymap (lambda (key item)
                  (if (consp key) (push (cons key item) ranges)
                    (let ((old (assq key bindings)))
                      (cond ((null old) (push (cons key item) bindings))
                            ((and (keymapp (cdr old)) (keymapp item))
                             (setcdr old (make-composed-keymap (list (cdr old) item))))))))
                map)
    (let ((new (if ranges (make-keymap prompt) (make-sparse-keymap prompt))))
      (dolist (range (nreverse ranges))
        (define-key new (vector (car range)) (cdr range)))
      (nconc new (nreverse bindings)))))

(defun make-composed-keymap (maps &optional parent)
  "A keymap looking up MAPS (a keymap or a list of them) in turn, then PARENT."
  `(keymap ,@(if (keymapp maps) (list maps) maps) ,@parent))

(defun substitute-key-definition (olddef newdef keymap &optional oldmap)
  "Bind NEWDEF in KEYMAP to every key bound to OLDDEF there (or in OLDMAP)."
  (let ((from (or oldmap keymap)))
    (dolist (key (keymap--collect from [] olddef (list (keymap--resolve from))))
      (define-key keymap key newdef))))

(defun define-key-after (keymap key definition &optional after)
  "Bind KEY to DEFINITION in KEYMAP after the binding of the event AFTER
\(at the end when AFTER is t or nil, as Emacs): menus show that order."
  (let* ((events (keymap--events key))
         (map (if (cdr events)
                  (let ((prefix (lookup-key keymap (vconcat (butlast events)))))
                    (or (keymapp prefix) (error "Not a prefix key: %S" key))
                    prefix)
                keymap))
         (event (car (last events)))
         (tail (keymap--checked map)))
    ;; Drop an old binding of EVENT, then insert after AFTER's or last of MAP's own.
    (while (and (consp (cdr tail)) (not (eq (cadr tail) 'keymap)))
      (if (and (consp (cadr tail)) (eql (car (cadr tail)) event))
          (setcdr tail (cddr tail))
        (setq tail (cdr tail))))
    (let ((at (keymap--checked map)))
      (while (and (consp (cdr at)) (not (eq (cadr at) 'keymap))
                  (not (and after (not (eq after t)) (consp (car at)) (eql (car (car at)) after))))
        (setq at (cdr at)))
      (setcdr at (cons (cons event definition) (cdr at))))
    definition))

;;;; where-is-internal

(defun keymap--collect (map prefix definition seen)
  "Keys (vectors) under PREFIX in MAP bound to DEFINITION, in map order."
  (let* ((tail (cdr (keymap--resolve map)))
         (found nil)
         (visit
          (lambda (event binding)
            ;; EVENT bound to BINDING: a match, or a prefix map to search.
            (let ((val (keymap--binding-value binding))
                  (key (vconcat prefix (list event))))
              (cond ((and val (eq val definition))
                     (setq found (append found (list key))))
                    ((and (keymapp val) (not (consp event)) ; not a run of characters
                          (not (memq (keymap--resolve val) seen)))
                     (setq found (append found
                                         (keymap--collect val key definition
                                                          (cons (keymap--resolve val) seen))))))))))
    (while (consp tail)
      (let ((elt (car tail)))
        (cond ((eq elt 'keymap))
              ((vectorp elt)
               (dotimes (i (length elt)) (funcall visit i (aref elt i))))
              ((char-table-p elt)
               (map-char-table (lambda (k v) (when v (funcall visit k (if (eq v t) nil v)))) elt))
              ((and (consp elt) (eq (car elt) 'keymap))
               (setq found (append found (keymap--collect elt prefix definition seen))))
              ((consp elt) (funcall visit (car elt) (cdr elt)))))
      (setq tail (cdr tail)))
    found))

(defun keymap--meta-form (key)
  "KEY with ESC followed by a character folded into a meta character."
  (let ((events (append key nil)) out)
    (while events
      (if (and (eql (car events) meta-prefix-char) (integerp (cadr events)))
          (progn (push (logior (cadr events) keymap--meta) out)
                 (setq events (cddr events)))
        (push (car events) out)
        (setq events (cdr events))))
    (vconcat (nreverse out))))

;;;###autoload
(defun where-is-internal (definition &optional keymap firstonly _noindirect no-remap)
  "Keys that run DEFINITION in KEYMAP (or the active maps), as vectors."
  (let* ((maps (cond ((null keymap) (current-active-maps))
                     ((keymapp keymap) (list keymap (current-global-map)))
                     (t keymap)))
         found)
    (unless no-remap
      (let ((remapped (command-remapping definition nil maps)))
        (when remapped (setq definition remapped))))
    (dolist (m maps)
      (dolist (k (keymap--collect m [] definition (list (keymap--resolve m))))
        (let ((k (keymap--meta-form k)))
          (when (and (not (member k found))
                     (eq (key-binding-in-maps (keymap--first-of-run k) maps) definition))
            (setq found (append found (list k)))))))
    (cond ((null firstonly) found)
          ((eq firstonly 'non-ascii) (car found))
          (t (or (seq-find-ascii found) (car found))))))

(defun keymap--first-of-run (key)
  "KEY, its last event (FROM . TO) (a run of characters) replaced by FROM."
  (let ((last (and (> (length key) 0) (aref key (1- (length key))))))
    (if (consp last) (vconcat (substring key 0 -1) (list (car last))) key)))

(defun key-binding-in-maps (key maps)
  (let ((b (lookup-key maps key)))
    (and (not (integerp b)) b)))

(defun seq-find-ascii (keys)
  "The first of KEYS made only of ASCII characters and meta characters."
  (let (result)
    (dolist (k keys)
      (when (and (not result)
                 (let ((ok t))
                   (dolist (e (append k nil) ok)
                     (unless (and (integerp e)
                                  (< (logand e (lognot keymap--meta)) 128))
                       (setq ok nil)))))
        (setq result k)))
    result))

;;;; Transient maps (Emacs 28: pushed on overriding-terminal-local-map,
;;;; removed by pre-command-hook)

(defun keymap--push-overriding (map)
  (let ((cur overriding-terminal-local-map))
    (unless (and (consp cur) (eq (car cur) 'keymap) (memq 'keymap--transient cur))
      (setq cur (list 'keymap 'keymap--transient))
      (when overriding-terminal-local-map
        (setcdr (last cur) (list overriding-terminal-local-map)))
      (setq overriding-terminal-local-map cur))
    (unless (memq map (cdr cur))
      (setcdr cur (cons map (cdr cur))))))

(defun keymap--pop-overriding (map)
  (let ((cur overriding-terminal-local-map))
    (when (and (consp cur) (memq 'keymap--transient cur))
      (setcdr cur (delq map (cdr cur)))
      (when (equal cur '(keymap keymap--transient))
        (setq overriding-terminal-local-map nil)))))

(defun keymap--transient-keep-p (map keep-pred)
  (cond ((null keep-pred) nil)
        ((eq keep-pred t)
         (if (fboundp 'this-command-keys-vector)
             (let ((b (lookup-key map (this-command-keys-vector))))
               (and b (not (integerp b)) (eq b this-command)))
           (and (boundp 'this-command) this-command
                (where-is-internal this-command (list map) t))))
        (t (funcall keep-pred))))

;;;###autoload
(defun set-transient-map (map &optional keep-pred on-exit)
  "Make MAP active for the next command (longer while KEEP-PRED says so)."
  (let ((clear (make-symbol "clear-transient-map")))
    (fset clear
          (lambda ()
            (unless (keymap--transient-keep-p map keep-pred)
              (remove-hook 'pre-command-hook clear)
              (keymap--pop-overriding map)
              (when on-exit (funcall on-exit)))))
    (add-hook 'pre-command-hook clear)
    (keymap--push-overriding map)
    clear))

(provide 'keymap)

;; Emacs has its global bindings preloaded: in batch, where nothing else
;; loads them, they come with the keymaps (the editor's loadup.el loads
;; bindings.el in its own order).
(when noninteractive
  (load "bindings" nil t))
