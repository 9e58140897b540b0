;;; charsets.el --- Emacs's charsets, the registry its charset.c keeps  -*- lexical-binding: t -*-

;; gapmacs decodes and encodes through ICU (core/coding.hpp) and never needs
;; a charset to read a file.  Emacs's library does: mule-conf.el defines
;; its 200 charsets with `define-charset' and the language files, MIME and
;; the fonts code query them (`charset-plist', `decode-char', `char-charset',
;; `charset-priority-list').  This file is the registry those calls reach,
;; as charset.c's functions; mule-setup.el loads Emacs's files on it.
;;
;; A charset maps code points to characters by one of four methods, as in
;; Emacs: an offset, a map file from `charset-map-path' (read when first
;; needed), a subset of a parent or a superset of others.  A unified charset
;; (`unify-charset') decodes through its unify map, to Unicode.

(require 'cl-lib)

(cl-defstruct (charset--info (:constructor charset--make-info) (:copier nil))
  name id dimension code-space min-code max-code iso-final iso-revision
  emacs-mule-id ascii-compatible-p supplementary-p invalid-code code-offset
  map subset superset unify-map plist
  ;; Read from MAP or UNIFY-MAP when first needed: code -> char and back.
  decoder encoder unified)

(defvar charset-list nil
  "List of all charsets and their aliases, the newest first.")

(defvar charset-map-path
  (list (expand-file-name "charsets" data-directory))
  "Directories holding charset map files.")

(defvar emacs-mule-charset-table (make-vector 256 nil)
  "The charset of each emacs-mule leading code.")

(defvar iso-2022-charset-list nil
  "The charsets an ISO 2022 coding can designate.")

(defvar emacs-mule-charset-list nil
  "The charsets emacs-mule can encode.")

(defvar charset--table (make-hash-table :test 'eq)
  "Charset name or alias -> its `charset--info'.")

(defvar charset--by-id (make-vector 0 nil))

(defvar charset--ordered nil
  "The charsets by priority, preferred ones first.")

(defvar charset--non-preferred nil
  "The tail of `charset--ordered' after those `set-charset-priority' named.")

(defvar charset--iso-table (make-hash-table :test 'equal)
  "(DIMENSION CHARS FINAL) -> charset name.")

(defconst charset--max-unicode #x10FFFF)
(defconst charset--max-5-byte #x3FFF7F)

(defun charset--get (charset)
  "CHARSET's info; signals as Emacs when it is none."
  (or (and (symbolp charset) (gethash charset charset--table))
      (signal 'wrong-type-argument (list 'charsetp charset))))

(defun charsetp (object)
  "Return non-nil if and only if OBJECT is a charset."
  (and (symbolp object) (gethash object charset--table) t))

;;;; Code points

(defun charset--widths (info)
  (let ((space (charset--info-code-space info)))
    (mapcar (lambda (i) (1+ (- (aref space (1+ (* 2 i))) (aref space (* 2 i)))))
            (number-sequence 0 (1- (charset--info-dimension info))))))

(defun charset--linear (info code)
  "CODE's index in INFO's code space counted from its origin, or nil when a
byte of CODE is outside the space."
  ;; In C++: every decode-char and encode-char of a map charset comes here
  ;; (eucjp-ms.el makes 2,069 at load).
  (charset--code-index (charset--info-code-space info) (charset--info-dimension info) code))

(defun charset--code-of-linear (info index)
  (let ((space (charset--info-code-space info)) (code 0))
    (dotimes (i (charset--info-dimension info))
      (let* ((low (aref space (* 2 i)))
             (width (1+ (- (aref space (1+ (* 2 i))) low))))
        (setq code (logior code (ash (+ low (% index width)) (* 8 i)))
              index (/ index width))))
    code))

(defun charset--in-range-p (info code)
  (and (<= (charset--info-min-code info) code (charset--info-max-code info))
       (charset--linear info code)))

(defun charset--index (info code)
  "CODE's index from INFO's min code, or nil when CODE is not INFO's."
  (let ((linear (charset--in-range-p info code)))
    (and linear (- linear (charset--linear info (charset--info-min-code info))))))

;;;; Map files

(defun charset--map-file (name)
  (or (locate-file name charset-map-path '(".map" ".TXT" ""))
      (error "Charset map %s not found in `charset-map-path'" name)))

(defun charset--tables (info map)
  "Code -> char and char -> code hash tables of MAP: a map file's name
(lines \"0xFROM[-0xTO] 0xCHAR\") or a vector [CODE CHAR ...] whose CODE may
be (FROM . TO).  Built in C++ (charset--map-tables), as charset.c does."
  (charset--map-tables (if (vectorp map) map (charset--map-file map))
                       (charset--info-code-space info) (charset--info-dimension info)
                       (charset--info-min-code info) (charset--info-max-code info)))

(defun charset--ensure-tables (info)
  (unless (charset--info-decoder info)
    (let ((map (or (charset--info-unified info) (charset--info-map info))))
      (if (not map)
          (setf (charset--info-decoder info) 'none)
        (let ((tables (charset--tables info map)))
          (setf (charset--info-decoder info) (car tables)
                (charset--info-encoder info) (cdr tables)))))))

;;;; Decoding and encoding

(defun charset--decode (info code)
  (cond
   ((not (charset--in-range-p info code)) nil)
   ((or (charset--info-unified info) (charset--info-map info))
    (charset--ensure-tables info)
    (or (gethash code (charset--info-decoder info))
        (and (charset--info-unified info) (charset--decode-by-method info code t))))
   (t (charset--decode-by-method info code nil))))

(defun charset--decode-by-method (info code unified)
  (cond
   ((charset--info-subset info)
    (pcase-let ((`(,parent ,min ,max ,offset) (charset--info-subset info)))
      (let ((parent-code (- code offset)))
        (and (<= min parent-code max) (charset--decode (charset--get parent) parent-code)))))
   ((charset--info-superset info)
    (cl-some (lambda (member)
               (let ((code (- code (cdr member))))
                 (and (>= code 0) (charset--decode (charset--get (car member)) code))))
             (charset--info-superset info)))
   ((and (charset--info-map info) (not unified)) nil)
   (t (let ((index (charset--index info code)))
        (and index (+ index (charset--info-code-offset info)))))))

(defun charset--encode (info char)
  (cond
   ((or (charset--info-unified info) (charset--info-map info))
    (charset--ensure-tables info)
    (or (gethash char (charset--info-encoder info))
        (and (charset--info-unified info) (charset--encode-by-method info char t))))
   (t (charset--encode-by-method info char nil))))

(defun charset--encode-by-method (info char unified)
  (cond
   ((charset--info-subset info)
    (pcase-let ((`(,parent ,min ,max ,offset) (charset--info-subset info)))
      (let ((code (charset--encode (charset--get parent) char)))
        (and code (<= min code max) (+ code offset)))))
   ((charset--info-superset info)
    (cl-some (lambda (member)
               (let ((code (charset--encode (charset--get (car member)) char)))
                 (and code (+ code (cdr member)))))
             (charset--info-superset info)))
   ((and (charset--info-map info) (not unified)) nil)
   (t (let* ((index (- char (charset--info-code-offset info)))
             (linear (+ index (charset--linear info (charset--info-min-code info))))
             (code (and (>= index 0) (< linear (apply #'* (charset--widths info)))
                        (charset--code-of-linear info linear))))
        (and code (charset--in-range-p info code) code)))))

(defun decode-char (charset code-point)
  "Decode the pair of CHARSET and CODE-POINT into a character.
Return nil if CODE-POINT is not valid in CHARSET."
  (charset--decode (charset--get charset) code-point))

(defun encode-char (ch charset)
  "Encode the character CH into a code-point of CHARSET.
Return the encoded code-point, or nil if CHARSET doesn't support CH."
  (charset--encode (charset--get charset) ch))

(defun make-char (charset &optional code1 code2 code3 code4)
  "Return a character of CHARSET whose position codes are CODE1...CODE4;
omitted ones are the lowest of their byte.  An ISO 2022 charset takes
its bytes with the high bit set or not (thai-util's (make-char
'thai-tis620 230)), as charset.c's Fmake_char."
  (let* ((info (charset--get charset))
         (dimension (charset--info-dimension info))
         (space (charset--info-code-space info))
         (bytes (list code1 code2 code3 code4))
         (code 0))
    (dotimes (i dimension)
      (let ((byte (or (nth i bytes) (aref space (* 2 (- dimension i 1))))))
        (unless (natnump byte) (signal 'wrong-type-argument (list 'wholenump byte)))
        (when (>= byte #x100) (signal 'args-out-of-range (list #xFF byte)))
        (setq code (logior (ash code 8) byte))))
    (when (charset--info-iso-final info)
      (setq code (logand code #x7F7F7F7F)))
    (or (charset--decode info code)
        (error "Invalid code(s)"))))

(defun char-charset (ch &optional restriction)
  "Return the charset of highest priority that contains CH.
RESTRICTION, a list of charsets or a coding system, limits the search."
  (unless (characterp ch) (signal 'wrong-type-argument (list 'characterp ch)))
  (let ((candidates (cond ((null restriction) charset--ordered)
                          ((consp restriction) restriction)
                          (t (let ((list (coding-system-get restriction :charset-list)))
                               (if (listp list) list charset--ordered))))))
    (or (catch 'found
          (while candidates
            (when (and (null restriction) (eq candidates charset--non-preferred)
                       (<= ch charset--max-unicode))
              (throw 'found 'unicode))
            (when (charset--encode (charset--get (car candidates)) ch)
              (throw 'found (car candidates)))
            (setq candidates (cdr candidates))))
        (and (null restriction)
             (if (<= ch charset--max-5-byte) 'emacs 'eight-bit)))))

(defun split-char (ch)
  "Return the list of CH's charset and the bytes of its code point, the
most significant first."
  (let* ((charset (char-charset ch))
         (info (charset--get charset))
         (code (charset--encode info ch))
         bytes)
    (dotimes (i (charset--info-dimension info))
      (push (logand (ash code (* -8 i)) #xFF) bytes))
    (cons charset bytes)))

(defun charset-after (&optional pos)
  "Return the charset of the character after POS, nil at the end."
  (let ((char (char-after pos)))
    (and char (char-charset char))))

(defun charset--of-chars (string)
  (let ((found (make-hash-table :test 'eq)))
    (mapc (lambda (c) (puthash (char-charset c) t found)) string)
    (sort (hash-table-keys found)
          (lambda (a b) (< (charset--info-id (charset--get a)) (charset--info-id (charset--get b)))))))

(defun find-charset-string (str &optional _table)
  "Return the list of charsets of the characters in STR."
  (charset--of-chars str))

(defun find-charset-region (beg end &optional _table)
  "Return the list of charsets of the characters between BEG and END."
  (charset--of-chars (buffer-substring-no-properties beg end)))

(defun map-charset-chars (function charset &optional arg from-code to-code)
  "Call FUNCTION with (FROM . TO), each range of characters of CHARSET whose
codes run consecutively, and ARG."
  (let* ((info (charset--get charset))
         (from (or from-code (charset--info-min-code info)))
         (to (or to-code (charset--info-max-code info)))
         (code from) start previous)
    (while (<= code to)
      (let ((char (and (charset--in-range-p info code) (charset--decode info code))))
        (cond ((and char previous (= char (1+ previous))) (setq previous char))
              (t (when start (funcall function (cons start previous) arg))
                 (setq start char previous char))))
      (setq code (1+ code)))
    (when start (funcall function (cons start previous) arg))))

;;;; The character tables the language files fill

(put 'char-script-table 'char-table-extra-slots 1)
(defvar char-script-table (make-char-table 'char-script-table)
  "Char-table of the script of each character; its extra slot lists them.")
(defvar composition-function-table (make-char-table nil)
  "Char-table of the functions that compose a character with its neighbours.
gapmacs's display draws characters as the terminal composes them.")

(defun clear-composition-cache ()
  "Forget the compositions made so far; gapmacs keeps none."
  nil)

;;;; Definition

(defun define-charset-internal (name dimension code-space min-code max-code iso-final
                                iso-revision emacs-mule-id ascii-compatible-p
                                supplementary-p invalid-code code-offset map subset
                                superset unify-map plist)
  "Define NAME as a charset (internal use: see `define-charset')."
  (let* ((old (gethash name charset--table))
         (info (charset--make-info
                :name name :id (if old (charset--info-id old) (length charset--by-id))
                :dimension dimension :code-space code-space
                :iso-final iso-final :iso-revision iso-revision :emacs-mule-id emacs-mule-id
                :ascii-compatible-p ascii-compatible-p :supplementary-p supplementary-p
                :invalid-code invalid-code :code-offset (or code-offset 0) :map map
                :subset (and subset (append subset nil))
                :superset (mapcar (lambda (m) (if (consp m) m (cons m 0))) superset)
                :unify-map unify-map :plist plist)))
    (setf (charset--info-min-code info) (or min-code (charset--bound code-space dimension 0))
          (charset--info-max-code info) (or max-code (charset--bound code-space dimension 1)))
    (puthash name info charset--table)
    (if old
        (aset charset--by-id (charset--info-id old) info)
      (setq charset--by-id (vconcat charset--by-id (list info)))
      (push name charset-list)
      (charset--insert-ordered name supplementary-p))
    (when iso-final
      (puthash (list dimension (charset--chars info) iso-final) name charset--iso-table)
      (add-to-list 'iso-2022-charset-list name t))
    (when emacs-mule-id
      (add-to-list 'emacs-mule-charset-list name t))
    nil))

(defun charset--bound (code-space dimension which)
  (let ((code 0))
    (dotimes (i dimension)
      (setq code (logior code (ash (aref code-space (+ which (* 2 i))) (* 8 i)))))
    code))

(defun charset--chars (info)
  (car (charset--widths info)))

(defun charset--insert-ordered (name supplementary-p)
  "Put the new charset NAME last among the non-supplementary ones, or last."
  (let ((tail charset--ordered) (previous nil))
    (while (and tail (not supplementary-p)
                (not (charset--info-supplementary-p (charset--get (car tail)))))
      (setq previous tail tail (cdr tail)))
    (cond ((or supplementary-p (null tail))
           (setq charset--ordered (nconc charset--ordered (list name))))
          ((null previous) (push name charset--ordered))
          (t (setcdr previous (cons name tail))))))

(defun define-charset-alias (alias charset)
  "Define ALIAS as an alias for charset CHARSET."
  (puthash alias (charset--get charset) charset--table)
  (push alias charset-list)
  nil)

(defun charset-plist (charset)
  "Return the property list of CHARSET."
  (charset--info-plist (charset--get charset)))

(defun set-charset-plist (charset plist)
  "Set CHARSET's property list to PLIST."
  (setf (charset--info-plist (charset--get charset)) plist))

(defun charset-id-internal (&optional charset)
  "Return the internal id of CHARSET (the ascii charset's when nil)."
  (charset--info-id (charset--get (or charset 'ascii))))

(defun charset-priority-list (&optional highestp)
  "Return the list of charsets ordered by priority; with HIGHESTP the first only."
  (if highestp (car charset--ordered) (copy-sequence charset--ordered)))

(defun set-charset-priority (&rest charsets)
  "Give CHARSETS the highest priority, in their order."
  (let ((rest (copy-sequence charset--ordered)) head)
    (dolist (charset charsets)
      (let ((name (charset--info-name (charset--get charset))))
        (when (memq name rest)
          (setq rest (delq name rest))
          (push name head))))
    (setq charset--non-preferred rest
          charset--ordered (nconc (nreverse head) rest))
    nil))

(defun sort-charsets (charsets)
  "Sort CHARSETS by priority, destructively."
  (sort charsets (lambda (a b) (< (cl-position a charset--ordered) (cl-position b charset--ordered)))))

(defun unify-charset (charset &optional unify-map deunify)
  "Unify CHARSET with Unicode through UNIFY-MAP (CHARSET's :unify-map when
nil); with DEUNIFY, undo it."
  (let ((info (charset--get charset)))
    (setf (charset--info-unified info)
          (and (not deunify) (or unify-map (charset--info-unify-map info)
                                 (error "No unify map for charset %s" charset)))
          (charset--info-decoder info) nil
          (charset--info-encoder info) nil)
    nil))

(defun clear-charset-maps ()
  "Forget the maps read from charset map files; they are read again when needed."
  (maphash (lambda (_ info) (setf (charset--info-decoder info) nil (charset--info-encoder info) nil))
           charset--table))

(defun iso-charset (dimension chars final-char)
  "Return the ISO 2022 charset of DIMENSION, CHARS and FINAL-CHAR, or nil."
  (gethash (list dimension chars final-char) charset--iso-table))

(defun get-unused-iso-final-char (dimension chars)
  "Return a final char (?0 to ?? for private use) no charset of DIMENSION and
CHARS uses yet, or nil when none is left."
  (cl-loop for final from ?0 to ??
           unless (iso-charset dimension chars final) return final))

(defun declare-equiv-charset (dimension chars final-char charset)
  "Declare that CHARSET is the one of DIMENSION, CHARS and FINAL-CHAR."
  (puthash (list dimension chars final-char) charset charset--iso-table)
  nil)

;; The charsets charset.c defines before any Lisp runs.
(dolist (spec '((ascii 1 [0 127 0 0 0 0 0 0] 66 0 t nil 0 "ASCII (ISO646 IRV)" "ASCII" "ASCII (ISO646 IRV)")
                (iso-8859-1 1 [0 255 0 0 0 0 0 0] nil nil t nil 0
                            "Latin-1 (ISO/IEC 8859-1)" "Latin-1" "Latin-1")
                (unicode 3 [0 255 0 255 0 16 0 0] nil nil t nil 0
                         "Unicode (ISO10646)" "Unicode" "Unicode (ISO10646)")
                (emacs 3 [0 255 0 255 0 63 0 0] nil nil t t 0
                       "Full Emacs charset (excluding eight bit chars)" "Emacs" "Emacs")
                (eight-bit 1 [128 255 0 0 0 0 0 0] nil nil nil t #x3FFF80
                           "Raw bytes 0-255" "Raw bytes 0-255" "Raw bytes 0-255")))
  (pcase-let ((`(,name ,dimension ,space ,final ,mule-id ,ascii ,supplementary ,offset ,doc ,short ,long)
               spec))
    (define-charset-internal
     name dimension space nil nil final nil mule-id ascii supplementary nil offset nil nil nil nil
     (list :name name :dimension dimension :code-space space :iso-final-char final
           :emacs-mule-id mule-id :ascii-compatible-p ascii :code-offset offset
           :docstring doc :short-name short :long-name long))))

(provide 'charsets)

;;; charsets.el ends here
