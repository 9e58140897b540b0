;;; codings.el --- Emacs's coding systems, the registry its coding.c keeps  -*- lexical-binding: t -*-

;; gapmacs converts text with core/coding.hpp (UTF-8 itself, the rest
;; through ICU) and names a coding as Emacs does.  Emacs's library also
;; asks about coding systems as data: their property lists (MIME charset,
;; charsets, category), aliases, end-of-line variants and priorities.
;; mule-conf.el and the language files define them with
;; `define-coding-system'; this file is the registry that reaches, as
;; coding.c's functions.  mule-setup.el loads Emacs's files on it.
;;
;; A name the registry does not know but the converters do (an ICU charset
;; such as "ibm-1047_P100-1995") is still a coding system, as before.

(require 'charsets)

(cl-defstruct (coding--attrs (:constructor coding--make-attrs) (:copier nil))
  name plist category charset-list)

(defvar coding-system-list nil
  "List of all coding systems and their aliases, the newest first.")

(defvar coding-system-alist nil
  "Alist of the names of all coding systems, for completion.")

(defconst coding--category-table
  [coding-category-iso-7 coding-category-iso-7-tight coding-category-iso-8-1
   coding-category-iso-8-2 coding-category-iso-7-else coding-category-iso-8-else
   coding-category-utf-8-auto coding-category-utf-8 coding-category-utf-8-sig
   coding-category-utf-16-auto coding-category-utf-16-be coding-category-utf-16-le
   coding-category-utf-16-be-nosig coding-category-utf-16-le-nosig
   coding-category-charset coding-category-sjis coding-category-big5
   coding-category-ccl coding-category-emacs-mule coding-category-raw-text
   coding-category-undecided]
  "The coding categories in coding.c's order; each is also a variable whose
value is the coding system of that category.")

(mapc (lambda (category) (eval `(defvar ,category nil) t)) coding--category-table)

(defvar coding-category-list (append coding--category-table nil)
  "The coding categories, highest priority first.")

(defvar coding--priorities (number-sequence 0 (1- (length coding--category-table)))
  "Category indexes by priority, the highest first.")

(defvar coding--category-codings (make-vector (length coding--category-table) nil)
  "The coding system set up for each category: the first defined in it, or
the one `set-coding-system-priority' gave it.")

(defvar coding--specs (make-hash-table :test 'eq)
  "Coding system name or alias -> [ATTRS ALIASES EOL-TYPE], as coding.c's
hash table: aliases share their coding's vector, an end-of-line variant has
its own with EOL-TYPE `unix', `dos' or `mac'; a base coding's EOL-TYPE is
the vector of its three variants.")

(defconst coding--iso-2022-flag-bits
  '((7-bit . #x8) (locking-shift . #x10) (single-shift . #x20))
  "The bits of `coding-system-iso-2022-flags' (mule.el) the category reads.")

(defconst coding--eols '(unix dos mac))

;;;; Lookup

(defun coding--spec (coding-system)
  (and (symbolp coding-system) (gethash coding-system coding--specs)))

(defun coding--spec-or-load (coding-system)
  "CODING-SYSTEM's spec (nil is no-conversion, as in coding.c); a symbol
with a `coding-system-define-form' (an autoloaded coding) runs its form first."
  (or (coding--spec (or coding-system 'no-conversion))
      (let ((form (and (symbolp coding-system) (get coding-system 'coding-system-define-form))))
        (when form
          (put coding-system 'coding-system-define-form nil)
          (eval form t)
          (coding--spec coding-system)))))

(defun coding--check (coding-system)
  "CODING-SYSTEM's spec, or signal `coding-system-error'."
  (or (coding--spec-or-load coding-system)
      (signal 'coding-system-error (list coding-system))))

;; `coding-system-p', `coding-system-base', `coding-system-eol-type' and
;; `check-coding-system' are builtins (editor/builtins_coding.cpp): for a
;; name the converters know they answer by them until this registry is
;; loaded, and ask these otherwise.

(defun coding-system--registered-p (coding-system)
  "Whether the registry knows CODING-SYSTEM (or can define it)."
  (and (symbolp coding-system)
       (or (coding--spec coding-system)
           (get coding-system 'coding-system-define-form))
       t))

(defun coding-system--registry-base (coding-system)
  "The base of CODING-SYSTEM, the coding it is a variant or an alias of;
nil when the registry does not know it."
  (let ((spec (coding--spec-or-load coding-system)))
    (and spec (coding--attrs-name (aref spec 0)))))

(defun coding-system--registry-eol-type (coding-system)
  "CODING-SYSTEM's end-of-line type: 0, 1 or 2 for Unix, DOS and Mac, or
the vector of its three variants when it detects it; nil when the registry
does not know it."
  (let ((spec (coding--spec-or-load coding-system)))
    (and spec (let ((eol (aref spec 2)))
                (if (vectorp eol) eol (cl-position eol coding--eols))))))

(defun coding-system-aliases (coding-system)
  "Return the list of CODING-SYSTEM's name and aliases."
  (copy-sequence (aref (coding--check coding-system) 1)))

(defun coding-system-plist (coding-system)
  "Return the property list of CODING-SYSTEM."
  (coding--attrs-plist (aref (coding--check coding-system) 0)))

(defun coding-system-put (coding-system prop val)
  "Change the value of CODING-SYSTEM's property PROP to VAL."
  (let ((attrs (aref (coding--check coding-system) 0)))
    (when (and (eq prop :mnemonic) (stringp val))
      (setq val (aref val 0)))
    (setf (coding--attrs-plist attrs) (plist-put (coding--attrs-plist attrs) prop val))
    val))

;;;; Definition

(defun coding--charset-list (list)
  (pcase list
    ('iso-2022 iso-2022-charset-list)
    ('emacs-mule emacs-mule-charset-list)
    (_ list)))

(defun coding--category (type list plist spec-args ascii)
  "The category index of a coding of TYPE and whether it is ASCII-compatible,
as (INDEX . ASCII)."
  (let ((index (lambda (name) (cl-position (intern (format "coding-category-%s" name))
                                           coding--category-table))))
    (pcase type
      ('charset
       (cons (funcall index 'charset)
             (or ascii (cl-some (lambda (c) (charset--info-ascii-compatible-p (charset--get c)))
                                list))))
      ('ccl (cons (funcall index 'ccl) ascii))
      ('utf-16
       (pcase-let ((`(,bom ,endian) spec-args))
         (cons (funcall index (cond ((consp bom) 'utf-16-auto)
                                    ((null bom) (if (eq endian 'little) 'utf-16-le-nosig 'utf-16-be-nosig))
                                    (t (if (eq endian 'little) 'utf-16-le 'utf-16-be))))
               nil)))
      ('iso-2022
       (pcase-let* ((`(,initial ,_usage ,_request ,flags) spec-args)
                    (bit (lambda (flag) (/= 0 (logand flags (cdr (assq flag coding--iso-2022-flag-bits))))))
                    (full (eq (plist-get plist :charset-list) 'iso-2022))
                    (g1 (aref initial 1))
                    (category
                     (if (funcall bit '7-bit)
                         (cond ((or (funcall bit 'locking-shift) (funcall bit 'single-shift)) 'iso-7-else)
                               (full 'iso-7)
                               (t 'iso-7-tight))
                       (cond ((or (funcall bit 'locking-shift) full (null g1)) 'iso-8-else)
                             ((= 1 (charset--info-dimension (charset--get g1))) 'iso-8-1)
                             (t 'iso-8-2)))))
         (cons (funcall index category)
               (and (memq category '(iso-8-1 iso-8-2))
                    (let ((g0 (aref initial 0)))
                      (or ascii (and g0 (charset--info-ascii-compatible-p (charset--get g0)))))))))
      ('emacs-mule (cons (funcall index 'emacs-mule) t))
      ((or 'shift-jis 'big5)
       (cons (funcall index (if (eq type 'big5) 'big5 'sjis))
             (or ascii (charset--info-ascii-compatible-p (charset--get (car list))))))
      ('raw-text (cons (funcall index 'raw-text) t))
      ('utf-8
       (let ((bom (car spec-args)))
         (cons (funcall index (cond ((consp bom) 'utf-8-auto) ((null bom) 'utf-8) (t 'utf-8-sig)))
               (or ascii (null bom)))))
      ('undecided (cons (funcall index 'undecided) ascii))
      (_ (error "Invalid coding system type: %s" type)))))

(defun coding--register (name spec)
  (puthash name spec coding--specs)
  (unless (memq name coding-system-list)
    (push name coding-system-list))
  (unless (assoc (symbol-name name) coding-system-alist)
    (push (list (symbol-name name)) coding-system-alist)))

(defun coding--variants (name)
  (vconcat (mapcar (lambda (eol) (intern (format "%s-%s" name eol))) coding--eols)))

(defun define-coding-system-internal (name _mnemonic coding-type charset-list ascii-compatible-p
                                      _decode-table _encode-table _post-read _pre-write
                                      _default-char _for-unibyte plist eol-type &rest spec-args)
  "Define NAME as a coding system (internal use: see `define-coding-system')."
  (let* ((list (coding--charset-list charset-list))
         (category (coding--category coding-type list plist spec-args ascii-compatible-p))
         (attrs (coding--make-attrs
                 :name name :category (car category) :charset-list list
                 :plist `(:ascii-compatible-p ,(and (cdr category) t)
                          :category ,(aref coding--category-table (car category))
                          ,@plist))))
    (unless (memq eol-type '(nil unix dos mac))
      (error "Invalid eol-type"))
    (unless eol-type
      (setq eol-type (coding--variants name))
      (cl-loop for variant across eol-type
               for eol in coding--eols
               do (coding--register variant (vector attrs (list variant) eol))))
    (coding--register name (vector attrs (list name) eol-type))
    (let ((current (aref coding--category-codings (car category))))
      (when (or (null current) (eq current name))
        (aset coding--category-codings (car category) name)))
    nil))

(defun define-coding-system-alias (alias coding-system)
  "Define ALIAS as an alias for CODING-SYSTEM."
  (unless (symbolp alias) (signal 'wrong-type-argument (list 'symbolp alias)))
  (let* ((spec (coding--check coding-system))
         (eol (aref spec 2)))
    (nconc (aref spec 1) (list alias))
    (when (vectorp eol)
      (cl-loop for variant across (coding--variants alias)
               for target across eol
               do (define-coding-system-alias variant target)))
    (coding--register alias spec)
    nil))

;; The two coding systems coding.c defines before any Lisp runs.
(define-coding-system-internal
 'no-conversion ?= 'raw-text nil t nil nil nil nil 0 t
 '(:name no-conversion :mnemonic ?= :coding-type raw-text :ascii-compatible-p t
   :default-char 0 :for-unibyte t
   :docstring "Do no conversion.

When you visit a file with this coding, the file is read into a
unibyte buffer as is, thus each byte of a file is treated as a
character."
   :eol-type unix)
 'unix)
(define-coding-system-internal
 'undecided ?- 'undecided '(ascii) t nil nil nil nil nil nil
 '(:name undecided :mnemonic ?- :coding-type undecided :ascii-compatible-p t
   :charset-list (ascii) :for-unibyte nil
   :docstring "No conversion on encoding, automatic conversion on decoding."
   :eol-type nil)
 nil nil nil nil)

(defvar latin-extra-code-table (make-vector 256 nil)
  "The codes 128..159 an ISO 8859 coding may hold as graphic characters.")

(defvar default-process-coding-system '(utf-8-unix . utf-8-unix)
  "Cons of the codings for decoding and encoding a subprocess's text by
default (gapmacs's processes use utf-8-unix unless told otherwise).")

;; Translation tables (mule.el's make-translation-table) and their registry.
(put 'translation-table 'char-table-extra-slots 2)
(defvar translation-table-vector (make-vector 16 nil)
  "Vector of the translation tables defined, as (SYMBOL . TABLE).")

;;;; CCL programs

;; CCL is the bytecode some of Emacs's coding systems (and fonts) are
;; written in.  ccl.el compiles it; the programs are kept by name so the
;; files that define them load and can be queried, and running one is
;; refused with a clear error: gapmacs converts through ICU instead.

(defvar ccl--programs (make-vector 0 nil))
(defvar code-conversion-map-vector (make-vector 16 nil))
(defvar font-ccl-encoder-alist nil
  "Alist of fontname patterns and the CCL programs that encode for them.")

(defun register-ccl-program (name ccl-prog)
  "Register CCL-PROG as the CCL program NAME; return its id."
  (let ((id (or (get name 'ccl-program-idx) (length ccl--programs))))
    (when (= id (length ccl--programs))
      (setq ccl--programs (vconcat ccl--programs (list nil))))
    (aset ccl--programs id (cons name ccl-prog))
    (put name 'ccl-program-idx id)
    id))

(defun register-code-conversion-map (symbol map)
  "Register MAP as the code conversion map SYMBOL; return its id."
  (let ((id (or (cl-position-if (lambda (e) (or (null e) (eq (car-safe e) symbol)))
                                code-conversion-map-vector)
                (prog1 (length code-conversion-map-vector)
                  (setq code-conversion-map-vector
                        (vconcat code-conversion-map-vector (make-vector 16 nil)))))))
    (aset code-conversion-map-vector id (cons symbol map))
    (put symbol 'code-conversion-map map)
    (put symbol 'code-conversion-map-id id)
    id))

(defun ccl-program-p (object)
  "Return t if OBJECT is a CCL program name or a compiled CCL program."
  (or (and (symbolp object) (integerp (get object 'ccl-program-idx)))
      (and (vectorp object) (> (length object) 0) (integerp (aref object 0)))))

(defun ccl--refuse (&rest _)
  (error "CCL programs do not run in gapmacs; its coding systems convert through ICU"))

(defalias 'ccl-execute #'ccl--refuse)
(defalias 'ccl-execute-on-string #'ccl--refuse)

;;;; Priorities

(defun coding-system-priority-list (&optional highestp)
  "Return the coding systems of the categories by priority; with HIGHESTP
only the first."
  (let ((bases (delq nil (mapcar (lambda (category)
                                   (let ((coding (aref coding--category-codings category)))
                                     (and coding (coding-system--registry-base coding))))
                                 coding--priorities))))
    (if highestp (car bases) bases)))

(defun set-coding-system-priority (&rest coding-systems)
  "Give the categories of CODING-SYSTEMS the highest priority, in their
order, and make each the coding system of its category."
  (let (first)
    (dolist (coding coding-systems)
      (let ((category (coding--attrs-category (aref (coding--check coding) 0))))
        (unless (memq category first)
          (push category first)
          (aset coding--category-codings category coding)
          (set (aref coding--category-table category) coding))))
    (setq first (nreverse first)
          coding--priorities (append first (cl-remove-if (lambda (c) (memq c first))
                                                         coding--priorities))
          coding-category-list (mapcar (lambda (c) (aref coding--category-table c))
                                       coding--priorities))
    nil))

;;;; What can encode a text

(defun coding--encodable-p (attrs char)
  (cl-some (lambda (charset) (encode-char char charset)) (coding--attrs-charset-list attrs)))

(defun find-coding-systems-region-internal (start end &optional exclude)
  "Return the base coding systems that can encode the text from START to
END (a string when START is one), or t when it is ASCII only."
  (let* ((text (if (stringp start) start (buffer-substring-no-properties start end)))
         (chars (delete-dups (cl-remove-if (lambda (c) (< c #x80)) (append text nil)))))
    (if (null chars)
        t
      (let ((safe (list 'raw-text 'no-conversion)))
        (dolist (name (reverse coding-system-list))
          (let ((attrs (aref (coding--spec name) 0)))
            (when (and (eq name (coding--attrs-name attrs))
                       (not (memq name exclude))
                       (cl-every (lambda (c) (coding--encodable-p attrs c)) chars))
              (push name safe))))
        safe))))

;;;; Terminal and keyboard

(defvar coding--terminal nil)
(defvar coding--safe-terminal nil)
(defvar coding--keyboard nil)

(defun set-terminal-coding-system-internal (coding-system &optional _terminal)
  (setq coding--terminal (check-coding-system coding-system)) nil)
(defun set-safe-terminal-coding-system-internal (coding-system)
  (setq coding--safe-terminal (check-coding-system coding-system)) nil)
(defun set-keyboard-coding-system-internal (coding-system &optional _terminal)
  (setq coding--keyboard (check-coding-system coding-system)) nil)
(defun terminal-coding-system (&optional _terminal)
  "Return the coding system of terminal output."
  (or coding--terminal 'utf-8-unix))
(defun keyboard-coding-system (&optional _terminal)
  "Return the coding system of keyboard input."
  (or coding--keyboard 'utf-8-unix))

;;;; Reading one in the minibuffer

(defvar coding-system-history nil)

(defun read-coding-system (prompt &optional default-coding-system)
  "Read a coding system with PROMPT, completing over the known ones; the
empty answer is DEFAULT-CODING-SYSTEM (nil when none)."
  (let ((answer (completing-read prompt coding-system-alist nil t nil
                                 'coding-system-history
                                 (and default-coding-system
                                      (format "%s" default-coding-system)))))
    (and (not (equal answer "")) (intern answer))))

(defun read-non-nil-coding-system (prompt)
  "Read a coding system with PROMPT until one is given."
  (let ((answer ""))
    (while (equal answer "")
      (setq answer (completing-read prompt coding-system-alist nil t nil
                                    'coding-system-history)))
    (intern answer)))

;;;; The converters

(defun coding-system--converter-name (coding-system)
  "A name gapmacs's converters know for CODING-SYSTEM, by its registered
base, aliases and MIME charset, keeping its end-of-line variant; nil when
there is none."
  (let ((spec (coding--spec-or-load coding-system)))
    (when spec
      (let* ((attrs (aref spec 0))
             (eol (aref spec 2))
             (suffix (if (symbolp eol) (format "-%s" eol) ""))
             (type (plist-get (coding--attrs-plist attrs) :coding-type))
             (candidates
              (append
               (pcase type
                 ('undecided '(undecided))
                 ('raw-text '(raw-text))
                 ('utf-8 (and (equal (coding--attrs-charset-list attrs) '(emacs)) '(utf-8))))
               (aref (coding--spec (coding--attrs-name attrs)) 1)
               (let ((mime (plist-get (coding--attrs-plist attrs) :mime-charset)))
                 (and mime (list mime))))))
        (cl-some (lambda (base)
                   (let ((name (intern (format "%s%s" base suffix))))
                     (and (coding-system--converter-p name) name)))
                 candidates)))))

(provide 'codings)

;;; codings.el ends here
