;;; json.el --- Emacs's json.el interface, on the native JSON parser  -*- lexical-binding: t -*-

;; The variables and functions Emacs Lisp code uses from json.el
;; (json-read, json-read-from-string, json-read-file, json-encode and
;; friends), with json.el's conventions: alists with symbol keys, vectors,
;; `:json-false' and nil.  Reading goes through `json-parse-buffer'
;; (jansson), so two differences from Emacs's Lisp reader remain: a
;; duplicate key keeps only its last value, and malformed input signals the
;; native errors (`json-parse-error', `json-end-of-file'), which are
;; `json-error's as json.el's are.  Writing is done here, as json.el does.

(defvar json-object-type 'alist
  "Type to convert JSON objects to: `alist', `plist' or `hash-table'.")
(defvar json-array-type 'vector
  "Type to convert JSON arrays to: `vector' or `list'.")
(defvar json-key-type nil
  "Type to convert JSON keys to: `string', `symbol' or `keyword'.
nil means a string for hash tables, a keyword for plists and a symbol for
alists.")
(defvar json-false :json-false "Value to use for JSON false.")
(defvar json-null nil "Value to use for JSON null.")
(defvar json-encoding-separator ","
  "Separator between members of a JSON object or array.")
(defvar json-encoding-default-indentation "  "
  "Indentation of each level when pretty-printing.")
(defvar json-encoding-pretty-print nil
  "Non-nil means `json-encode' pretty-prints.")
(defvar json-encoding-lisp-style-closings nil
  "Non-nil means pretty-printed closing brackets stay on the last line.")
(defvar json-encoding-object-sort-predicate nil
  "When non-nil, a predicate by which object keys are sorted.")

(define-error 'json-key-format "Bad JSON object key" 'json-error)
(define-error 'json-readtable-error "JSON readtable error" 'json-error)

;;;; Reading

(defun json--convert-key (key)
  "KEY (a string, a symbol or a keyword from the parser) as `json-key-type'."
  (let ((name (if (stringp key) key
                (let ((s (symbol-name key))) (if (eq ?: (aref s 0)) (substring s 1) s)))))
    (pcase (or json-key-type
               (pcase json-object-type ('hash-table 'string) ('plist 'keyword) (_ 'symbol)))
      ('string name)
      ('keyword (intern (concat ":" name)))
      (_ (intern name)))))

(defun json--convert-keys (value)
  "Re-key the objects in VALUE when `json-key-type' asks another type."
  (cond
   ((null json-key-type) value)
   ((hash-table-p value)
    (let ((h (make-hash-table :test 'equal :size (hash-table-count value))))
      (maphash (lambda (k v) (puthash (json--convert-key k) (json--convert-keys v) h)) value)
      h))
   ((vectorp value) (vconcat (mapcar #'json--convert-keys value)))
   ((and (eq json-object-type 'alist) (consp value) (consp (car value)) (symbolp (caar value)))
    (mapcar (lambda (pair) (cons (json--convert-key (car pair)) (json--convert-keys (cdr pair)))) value))
   ((and (eq json-object-type 'plist) (consp value) (keywordp (car value)))
    (let ((out nil))
      (while value
        (push (json--convert-key (pop value)) out)
        (push (json--convert-keys (pop value)) out))
      (nreverse out)))
   ((consp value) (mapcar #'json--convert-keys value))
   (t value)))

(defun json-read ()
  "Parse the JSON value after point and return it; point moves past it.
Objects, arrays, false and null become what `json-object-type',
`json-array-type', `json-false' and `json-null' say."
  (skip-chars-forward " \t\n\r")
  (when (eobp)
    (signal 'json-end-of-file nil))
  (json--convert-keys
   (json-parse-buffer :object-type (if (memq json-object-type '(alist plist hash-table))
                                       json-object-type
                                     'alist)
                      :array-type (if (eq json-array-type 'list) 'list 'array)
                      :null-object json-null
                      :false-object json-false)))

(defun json-read-from-string (string)
  "Read the first JSON value in STRING and return it (what follows is ignored)."
  (with-temp-buffer
    (insert string)
    (goto-char (point-min))
    (json-read)))

(defun json-read-file (file)
  "Read the first JSON value in FILE and return it."
  (with-temp-buffer
    (insert-file-contents file)
    (goto-char (point-min))
    (json-read)))

;;;; Writing

(defvar json--indent-level 0)

(defun json-alist-p (list)
  "Non-nil if LIST is an alist whose keys are atoms."
  (while (and (consp (car-safe list)) (atom (caar list)))
    (setq list (cdr list)))
  (null list))

(defun json-plist-p (list)
  "Non-nil if LIST is a plist whose keys are keywords."
  (while (and (keywordp (car-safe list)) (consp (cdr list)))
    (setq list (cddr list)))
  (null list))

(defun json-encode-string (string)
  "STRING as a JSON string: quotes, backslashes and control characters escaped."
  (concat "\""
          (replace-regexp-in-string
           "[\"\\\\[:cntrl:]]"
           (lambda (c)
             (pcase (aref c 0)
               (?\" "\\\"") (?\\ "\\\\") (?\n "\\n") (?\t "\\t") (?\r "\\r")
               (?\f "\\f") (?\b "\\b")
               (ch (format "\\u%04x" ch))))
           string t t)
          "\""))

(defun json-encode-key (object)
  "OBJECT (a string, a symbol or a keyword) as a JSON object key."
  (json-encode-string
   (cond ((stringp object) object)
         ((keywordp object) (substring (symbol-name object) 1))
         ((symbolp object) (symbol-name object))
         (t (signal 'json-key-format (list object))))))

(defun json--newline-indent ()
  (if json-encoding-pretty-print
      (concat "\n" (apply #'concat (make-list json--indent-level json-encoding-default-indentation)))
    ""))

(defun json--join (open close items)
  "ITEMS (encoded strings) between OPEN and CLOSE, one per line when pretty."
  (if (null items)
      (concat open close)
    (let ((inner (let ((json--indent-level (1+ json--indent-level)))
                   (mapconcat (lambda (item) (concat (json--newline-indent) item))
                              items json-encoding-separator))))
      (concat open inner
              (if json-encoding-lisp-style-closings "" (json--newline-indent))
              close))))

(defun json--encode-pairs (pairs)
  "PAIRS, a list of (KEY . VALUE), as a JSON object."
  (when json-encoding-object-sort-predicate
    (setq pairs (sort (copy-sequence pairs)
                      (lambda (a b) (funcall json-encoding-object-sort-predicate (car a) (car b))))))
  (json--join "{" "}"
              (mapcar (lambda (pair)
                        (concat (json-encode-key (car pair))
                                (if json-encoding-pretty-print ": " ":")
                                (let ((json--indent-level (1+ json--indent-level)))
                                  (json-encode (cdr pair)))))
                      pairs)))

(defun json-encode-alist (alist) "ALIST as a JSON object." (json--encode-pairs alist))

(defun json-encode-plist (plist)
  "PLIST as a JSON object."
  (let ((pairs nil))
    (while plist
      (push (cons (car plist) (cadr plist)) pairs)
      (setq plist (cddr plist)))
    (json--encode-pairs (nreverse pairs))))

(defun json-encode-hash-table (table)
  "TABLE as a JSON object."
  (let ((pairs nil))
    (maphash (lambda (k v) (push (cons k v) pairs)) table)
    (json--encode-pairs (nreverse pairs))))

(defun json-encode-array (array)
  "ARRAY (a vector or a list) as a JSON array."
  (json--join "[" "]" (mapcar #'json-encode (append array nil))))

(defun json-encode-list (list)
  "LIST as a JSON object when it is an alist or a plist, else as an array."
  (cond ((json-alist-p list) (json-encode-alist list))
        ((json-plist-p list) (json-encode-plist list))
        (t (json-encode-array list))))

(defun json-encode-number (number) "NUMBER in JSON." (format "%s" number))

(defun json-encode (object)
  "OBJECT as a JSON string, with json.el's conventions: t is true,
`json-false' false, nil and `json-null' null, symbols strings, alists
and plists objects, other lists and vectors arrays."
  (cond ((eq object t) "true")
        ((eq object json-false) "false")
        ((eq object json-null) "null")
        ((null object) "null")
        ((stringp object) (json-encode-string object))
        ((keywordp object) (json-encode-string (substring (symbol-name object) 1)))
        ((symbolp object) (json-encode-string (symbol-name object)))
        ((numberp object) (json-encode-number object))
        ((hash-table-p object) (json-encode-hash-table object))
        ((vectorp object) (json-encode-array object))
        ((consp object) (json-encode-list object))
        (t (signal 'json-error (list object)))))

(defun json-pretty-print-buffer ()
  "Pretty-print the JSON in the current buffer."
  (interactive)
  (json-pretty-print (point-min) (point-max)))

(defun json-pretty-print (begin end)
  "Pretty-print the JSON between BEGIN and END."
  (interactive "r")
  (let* ((json-object-type 'alist) (json-array-type 'vector) (json-key-type 'string)
         (value (json-read-from-string (buffer-substring-no-properties begin end)))
         (json-encoding-pretty-print t))
    (save-excursion
      (delete-region begin end)
      (goto-char begin)
      (insert (json-encode value)))))

(provide 'json)

;;; json.el ends here
