;;; subr-x.el --- extra Lisp functions (gapmacs's own)  -*- lexical-binding: t -*-

;; The macros of Emacs 28's subr-x.el, written for lisp-lite.  The string
;; functions (`string-join', `string-trim'..., `string-blank-p',
;; `string-remove-prefix'...) and `hash-table-keys'/`hash-table-values' are
;; built in; this file adds what is left.  Loaded by `require' or through
;; the autoloads set up at start-up.

;;;###autoload
(defun internal--build-binding (binding prev-var)
  "A `let*' binding for one element of an `if-let*' VARLIST."
  (let ((binding (cond ((symbolp binding) (list binding binding))
                       ((null (cdr binding)) (list (make-symbol "s") (car binding)))
                       (t binding))))
    (when (> (length binding) 2)
      (signal 'error (cons "`let' bindings can have only one value-form" binding)))
    (if prev-var
        (list (car binding) (list 'and prev-var (nth 1 binding)))
      binding)))

(defun internal--build-bindings (varlist)
  (let ((prev nil) (out nil))
    (dolist (b varlist)
      (let ((nb (internal--build-binding b prev)))
        (push nb out)
        (setq prev (car nb))))
    (nreverse out)))

;;;###autoload
(defmacro if-let* (varlist then &rest else)
  "Bind VARLIST sequentially as `let*'; THEN if all values are non-nil, else ELSE."
  (declare (indent 2))
  (if varlist
      (let ((bindings (internal--build-bindings varlist)))
        `(let* ,bindings
           (if ,(car (car (last bindings))) ,then ,@else)))
    `(let* () ,then)))

;;;###autoload
(defmacro when-let* (varlist &rest body)
  (declare (indent 1))
  (list 'if-let* varlist (macroexp-progn body)))

;;;###autoload
(defmacro and-let* (varlist &rest body)
  "Bind VARLIST as `if-let*'; if all are non-nil, BODY (or the last value)."
  (declare (indent 1))
  (if varlist
      (let* ((bindings (internal--build-bindings varlist))
             (last-var (car (car (last bindings)))))
        `(let* ,bindings
           (if ,last-var ,(if body (macroexp-progn body) last-var))))
    (if body (macroexp-progn body) t)))

(defun internal--if-let-spec (spec)
  (if (and (<= (length spec) 2) (not (listp (car spec))))
      (list spec)
    spec))

;;;###autoload
(defmacro if-let (spec then &rest else)
  "As `if-let*'; SPEC may also be one binding (SYMBOL VALUEFORM)."
  (declare (indent 2))
  `(if-let* ,(internal--if-let-spec spec) ,then ,@else))

;;;###autoload
(defmacro when-let (spec &rest body)
  (declare (indent 1))
  (list 'if-let spec (macroexp-progn body)))

;;;###autoload
(defmacro thread-first (&rest forms)
  "Thread FORMS: each result becomes the first argument of the next form."
  (let ((acc (car forms)))
    (dolist (f (cdr forms))
      (setq acc (if (consp f) (cons (car f) (cons acc (cdr f))) (list f acc))))
    acc))

;;;###autoload
(defmacro thread-last (&rest forms)
  "Thread FORMS: each result becomes the last argument of the next form."
  (let ((acc (car forms)))
    (dolist (f (cdr forms))
      (setq acc (if (consp f) (append f (list acc)) (list f acc))))
    acc))

;;;###autoload
(defmacro named-let (name bindings &rest body)
  "Loop as Scheme's named let: NAME is a local function over BINDINGS' vars."
  (declare (indent 2))
  (let* ((fsym (make-symbol (symbol-name name)))
         (vars (mapcar (lambda (b) (if (consp b) (car b) b)) bindings))
         (inits (mapcar (lambda (b) (if (consp b) (car (cdr b)) nil)) bindings))
         (env (list (cons name (lambda (&rest args) (cons 'funcall (cons fsym args))))))
         (expanded (mapcar (lambda (f) (macroexpand-all f env)) body)))
    `(let ((,fsym nil))
       (setq ,fsym (lambda ,vars ,@expanded))
       (funcall ,fsym ,@inits))))

;;;###autoload
(defsubst hash-table-empty-p (hash-table)
  (zerop (hash-table-count hash-table)))

;;;###autoload
(defun string-pad (string length &optional padding start)
  (let ((pad (- length (length string))))
    (if (<= pad 0) string
      (let ((fill (make-string pad (or padding ?\s))))
        (if start (concat fill string) (concat string fill))))))

;;;###autoload
(defun string-lines (string &optional omit-nulls)
  (split-string string "\n" omit-nulls))

;;;###autoload
(defun string-truncate-left (string length)
  (let ((strlen (length string)))
    (if (<= strlen length) string
      (setq length (max 0 (- length 3)))
      (concat "..." (substring string (min (1- strlen) (max 0 (- strlen length))))))))

;;;###autoload
(defun string-limit (string length &optional end _coding-system)
  (if (<= (length string) length) string
    (if end (substring string (- (length string) length))
      (substring string 0 length))))

(provide 'subr-x)
;;; subr-x.el ends here
