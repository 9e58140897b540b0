;;; inline.el --- define-inline, for an interpreter  -*- lexical-binding: t -*-

;; `define-inline' lets a library write a function once and have the byte
;; compiler inline it.  lisp-lite compiles nothing, so only the function
;; half is needed: the body is run as a plain function body in which
;; `inline-quote' builds the call its template describes (,X is the
;; argument X itself), `inline-letevals' just binds what it is asked to,
;; no argument counts as a constant (as in Emacs's function half) and
;; `inline-error' signals.

(defun inline--unquote-template (template)
  "The code TEMPLATE (an `inline-quote' body) stands for, run in place."
  (cond
   ((eq (car-safe template) '\,) (cadr template))
   ((memq (car-safe template) '(quote function)) template)
   ((and (consp template)
         (let ((tail (cdr template)) (spliced nil))
           (while (consp tail)
             (when (eq (car-safe (car tail)) '\,@) (setq spliced t))
             (setq tail (cdr tail)))
           spliced))
    ;; (f a ,@rest) becomes (apply #'f (append (list a) rest)).
    `(apply #',(car template)
            (append ,@(mapcar (lambda (arg)
                                (if (eq (car-safe arg) '\,@)
                                    (cadr arg)
                                  `(list ,(inline--unquote-template arg))))
                              (cdr template)))))
   ((consp template)
    (let ((out nil) (tail template))
      (while (consp tail)
        (push (inline--unquote-template (car tail)) out)
        (setq tail (cdr tail)))
      (nconc (nreverse out) tail)))
   (t template)))

;;;###autoload
(defmacro inline-quote (template)
  "Within `define-inline': the code TEMPLATE describes, evaluated."
  (inline--unquote-template template))

;;;###autoload
(defmacro inline-letevals (vars &rest body)
  "Within `define-inline': BODY with VARS evaluated once.
The arguments of a function already are; (VAR EXP) entries are bound."
  (declare (indent 1))
  (if (listp vars)
      (let ((bindings (delq nil (mapcar (lambda (v) (and (consp v) v)) vars))))
        (if bindings `(let* ,bindings ,@body) `(progn ,@body)))
    `(progn ,@body)))

;;;###autoload
(defmacro inline-const-p (_exp)
  "Within `define-inline': whether EXP is a constant: never in a
function, as in Emacs's uncompiled function half."
  nil)

;;;###autoload
(defmacro inline-const-val (exp)
  "Within `define-inline': the value of EXP."
  exp)

;;;###autoload
(defmacro inline-error (format &rest args)
  "Within `define-inline': signal an error with FORMAT and ARGS."
  `(error ,format ,@args))

;;;###autoload
(defmacro define-inline (name args &rest body)
  "Define NAME as a function whose BODY is written with `inline-quote'."
  (declare (indent defun) (debug defun) (doc-string 3))
  (let ((doc (and (stringp (car body)) (cdr body) (list (pop body))))
        (declarations nil))
    (while (eq (car-safe (car body)) 'declare)
      (push (pop body) declarations))
    `(defun ,name ,args ,@doc ,@(nreverse declarations) ,@body)))

(provide 'inline)

;;; inline.el ends here
