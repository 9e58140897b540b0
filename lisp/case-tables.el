;;; case-tables.el --- case tables as Emacs's casetab.c keeps them  -*- lexical-binding: t -*-

;; gapmacs cases text with ICU's full Unicode mappings (upcase, downcase,
;; capitalize, case-fold-search), whatever the case table.  Emacs's library
;; still reads, copies and binds case tables (mule.el's ascii-case-table,
;; case-table.el, with-case-table), so they exist as Emacs makes them: a
;; char-table of subtype `case-table' mapping characters to lower case,
;; with the upcase table in extra slot 0.  Changing one does not change
;; how gapmacs cases text (docs/lisp-lite.md).

(put 'case-table 'char-table-extra-slots 3)

(defun case-tables--make-standard ()
  (let ((down (make-char-table 'case-table))
        (up (make-char-table 'case-table)))
    (dotimes (i 26)
      (aset down (+ ?A i) (+ ?a i))
      (aset up (+ ?a i) (+ ?A i)))
    (set-char-table-extra-slot down 0 up)
    down))

(defvar case-tables--standard (case-tables--make-standard))

(defvar-local case-tables--current nil
  "The buffer's case table, when `set-case-table' gave it one.")

(defun case-table-p (object)
  "Return t if OBJECT is a case table."
  (and (char-table-p object) (eq (char-table-subtype object) 'case-table)))

(defun case-tables--check (table)
  (unless (case-table-p table) (signal 'wrong-type-argument (list 'case-table-p table)))
  table)

(defun standard-case-table ()
  "Return the standard case table: the one new buffers start with."
  case-tables--standard)

(defun current-case-table ()
  "Return the case table of the current buffer."
  (or case-tables--current case-tables--standard))

(defun set-case-table (table)
  "Select TABLE as the case table of the current buffer."
  (setq case-tables--current (case-tables--check table)))

(defun set-standard-case-table (table)
  "Select TABLE as the standard case table."
  (setq case-tables--standard (case-tables--check table)))

(provide 'case-tables)

;;; case-tables.el ends here
