;;; categories.el --- category tables as Emacs's category.c keeps them  -*- lexical-binding: t -*-

;; A category is a character from SPC to `~' naming a class of characters
;; (`a' ASCII, `|' line breakable, `>' not at the start of a line...).  A
;; category table maps each character to its category set, a bool-vector of
;; 128 elements; its extra slot 0 holds the categories' docstrings (95,
;; from SPC), so a category exists once it has one.  Each buffer has a
;; category table, the standard one unless `set-category-table' gave it
;; another.
;;
;; Emacs's characters.el gives every script's characters their standard
;; categories; gapmacs does not load it yet: the standard table defines
;; its categories but gives only ASCII theirs (`a' and `l'), and what
;; libraries add (kinsoku.el's `>' and `<').  gapmacs's regexps do not
;; match \cX by these tables.

(put 'category-table 'char-table-extra-slots 2)

(defun category-table--make ()
  (let ((table (make-char-table 'category-table)))
    (set-char-table-extra-slot table 0 (make-vector 95 nil))
    table))

(defvar category-table--standard (category-table--make))


(defvar-local category-table--current nil
  "The buffer's category table, when `set-category-table' gave it one.")

(defun category-table-p (object)
  "Return t if OBJECT is a category table."
  (and (char-table-p object) (eq (char-table-subtype object) 'category-table)))

(defun category-table--check (table)
  (cond ((null table) (category-table))
        ((category-table-p table) table)
        (t (signal 'wrong-type-argument (list 'category-table-p table)))))

(defun category-table--check-category (category)
  (unless (and (characterp category) (<= ?\s category ?~))
    (signal 'wrong-type-argument (list 'categoryp category))))

(defun standard-category-table ()
  "The standard category table, which new buffers start with."
  category-table--standard)

(defun category-table ()
  "The current buffer's category table."
  (or category-table--current category-table--standard))

(defun set-category-table (table)
  "Make TABLE the current buffer's category table; return it."
  (setq category-table--current (category-table--check table)))

(defun make-category-table ()
  "A new category table, with no category defined."
  (category-table--make))

(defun copy-category-table (&optional table)
  "A copy of TABLE (the standard one when nil): its sets and docstrings."
  (let ((copy (copy-sequence (if table (category-table--check table) category-table--standard))))
    (set-char-table-extra-slot copy 0 (copy-sequence (char-table-extra-slot copy 0)))
    copy))

(defun define-category (category docstring &optional table)
  "Define CATEGORY, described by DOCSTRING, in TABLE (the current buffer's)."
  (category-table--check-category category)
  (let ((docstrings (char-table-extra-slot (category-table--check table) 0)))
    (when (aref docstrings (- category ?\s))
      (error "Category `%c' is already defined" category))
    (aset docstrings (- category ?\s) docstring)
    nil))

(defun category-docstring (category &optional table)
  "The docstring of CATEGORY in TABLE (the current buffer's), or nil."
  (category-table--check-category category)
  (aref (char-table-extra-slot (category-table--check table) 0) (- category ?\s)))

(defun get-unused-category (&optional table)
  "A category not defined in TABLE (the current buffer's), or nil."
  (let ((docstrings (char-table-extra-slot (category-table--check table) 0))
        (i 0) (found nil))
    (while (and (not found) (< i 95))
      (unless (aref docstrings i) (setq found (+ ?\s i)))
      (setq i (1+ i)))
    found))

(defun make-category-set (categories)
  "The category set of the categories in the string CATEGORIES."
  (let ((set (make-bool-vector 128 nil)))
    (mapc (lambda (c) (category-table--check-category c) (aset set c t)) categories)
    set))

(defun category-set-mnemonics (category-set)
  "The categories of CATEGORY-SET, as a string."
  (unless (and (bool-vector-p category-set) (= (length category-set) 128))
    (signal 'wrong-type-argument (list 'categorysetp category-set)))
  (let ((chars nil))
    (let ((c ?~))
      (while (>= c ?\s)
        (when (aref category-set c) (push c chars))
        (setq c (1- c))))
    (concat chars)))

(defun char-category-set (char)
  "The category set of CHAR in the current buffer's category table."
  (unless (characterp char) (signal 'wrong-type-argument (list 'characterp char)))
  (or (aref (category-table) char) (make-bool-vector 128 nil)))

(defun modify-category-entry (character category &optional table reset)
  "Add CATEGORY to the category set of CHARACTER (a character, or a range
\(FROM . TO)) in TABLE (the current buffer's); with RESET, remove it."
  (category-table--check-category category)
  (let* ((table (category-table--check table))
         (from (if (consp character) (car character) character))
         (to (if (consp character) (cdr character) character))
         (runs nil) (pieces nil) (pos from) (changed nil))
    (unless (aref (char-table-extra-slot table 0) (- category ?\s))
      (error "Undefined category: %c" category))
    ;; The runs of sets over FROM..TO, and the gaps without one: each
    ;; distinct set becomes one new set, shared by its runs as before.
    (map-char-table (lambda (key set)
                      (let ((s (if (consp key) (car key) key)) (e (if (consp key) (cdr key) key)))
                        (when (and (<= s to) (>= e from))
                          (push (list (max s from) (min e to) set) runs))))
                    table)
    (dolist (run (sort runs (lambda (a b) (< (car a) (car b)))))
      (when (< pos (car run)) (push (list pos (1- (car run)) nil) pieces))
      (push run pieces)
      (setq pos (1+ (nth 1 run))))
    (when (<= pos to) (push (list pos to nil) pieces))
    (dolist (piece pieces)
      (let* ((old (nth 2 piece))
             (new (or (cdr (assq old changed))
                      (let ((set (if old (copy-sequence old) (make-bool-vector 128 nil))))
                        (aset set category (not reset))
                        (push (cons old set) changed)
                        set))))
        (set-char-table-range table (cons (nth 0 piece) (nth 1 piece)) new)))
    nil))

;; The categories Emacs's characters.el defines, so that libraries can give
;; characters them (kinsoku.el: `>' and `<'); of its assignments, ASCII's.
(let ((docstrings (char-table-extra-slot category-table--standard 0)))
  (dolist (category '((?a . "ASCII") (?l . "Latin") (?t . "Thai") (?g . "Greek") (?b . "Arabic")
                      (?w . "Hebrew") (?y . "Cyrillic") (?k . "Katakana") (?r . "Roman")
                      (?c . "Chinese") (?j . "Japanese") (?h . "Korean") (?e . "Ethiopic")
                      (?v . "Viet") (?i . "Indian") (?o . "Lao") (?q . "Tibetan")
                      (?A . "2-byte alnum") (?C . "2-byte han") (?G . "2-byte Greek")
                      (?H . "2-byte Hiragana") (?K . "2-byte Katakana") (?N . "2-byte Korean")
                      (?Y . "2-byte Cyrillic") (?I . "Indian Glyphs") (?0 . "consonant")
                      (?1 . "base vowel") (?2 . "upper diacritic") (?3 . "lower diacritic")
                      (?4 . "combining tone") (?5 . "symbol") (?6 . "digit")
                      (?7 . "vowel diacritic") (?8 . "vowel-signs") (?9 . "semivowel lower")
                      (?| . "line breakable") (?> . "Not at bol") (?< . "Not at eol")
                      (?. . "Base") (?^ . "Combining") (?R . "Strong R2L") (?L . "Strong L2R")))
    (aset docstrings (- (car category) ?\s) (cdr category)))
  (set-char-table-range category-table--standard '(32 . 127) (make-category-set "al")))

(provide 'categories)
;;; categories.el ends here
