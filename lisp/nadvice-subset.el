;;; nadvice-subset.el --- advice-add and add-function without Emacs's library  -*- lexical-binding: t -*-

;; Written for gapmacs from the Emacs Lisp manual ("Advising Functions");
;; not derived from Emacs's nadvice.el.  An advised function value is a
;; wrapper closure; `advice--wrappers' maps each wrapper to (HOW FUNCTION
;; INNER PROPS), which is how the chain is walked for removal and
;; membership.  advice-add is add-function on (symbol-function SYMBOL), so
;; redefining an advised function with defun drops its advice (Emacs keeps
;; it).

(require 'pcase)

(defvar advice--wrappers (make-hash-table :test 'eq :weakness 'key))

(defconst advice--how-list
  '(:around :before :after :override :after-until :after-while
    :before-until :before-while :filter-args :filter-return))

(defun advice--call (how function inner args)
  (pcase how
    (:around (apply function inner args))
    (:before (apply function args) (apply inner args))
    (:after (prog1 (apply inner args) (apply function args)))
    (:override (apply function args))
    (:after-until (or (apply inner args) (apply function args)))
    (:after-while (and (apply inner args) (apply function args)))
    (:before-until (or (apply function args) (apply inner args)))
    (:before-while (and (apply function args) (apply inner args)))
    (:filter-args (apply inner (funcall function args)))
    (:filter-return (funcall function (apply inner args)))))

(defun advice--interactive-form (f)
  (and f (commandp f) (interactive-form f)))

(defun advice--make (how function inner props)
  (unless (memq how advice--how-list) (error "Unknown add-function location `%S'" how))
  ;; As Emacs, the advised function is a command when either is: the
  ;; advice's interactive spec wins, else the original's is kept.
  (let* ((call (lambda (&rest args)
                 (advice--call how function (or inner #'ignore) args)))
         (spec (or (advice--interactive-form function) (advice--interactive-form inner)))
         (wrapper (if spec
                      (eval `(lambda (&rest args) ,spec (apply ',call args)) t)
                    call)))
    (puthash wrapper (list how function inner props) advice--wrappers)
    wrapper))

(defun advice--info (value) (and value (gethash value advice--wrappers)))

(defun advice--matches (info function)
  (or (equal (nth 1 info) function)
      (let ((name (cdr (assq 'name (nth 3 info)))))
        (and name (equal name function)))))

(defun advice--member (function value)
  (let ((info (advice--info value)) (found nil))
    (while (and info (not found))
      (if (advice--matches info function) (setq found t)
        (setq info (advice--info (nth 2 info)))))
    found))

(defun advice--remove (function value)
  "VALUE's advice chain without FUNCTION (a function or an advice name)."
  (let ((info (advice--info value)))
    (cond ((null info) value)
          ((advice--matches info function) (advice--remove function (nth 2 info)))
          (t (let ((inner (advice--remove function (nth 2 info))))
               (if (eq inner (nth 2 info)) value
                 (advice--make (nth 0 info) (nth 1 info) inner (nth 3 info))))))))

(defun advice--add (how function value props)
  (if (advice--member (or (cdr (assq 'name props)) function) value)
      value
    (advice--make how function value props)))

(defun advice--place (place)
  "The setf place for add-function's PLACE: (var V), (local SYMBOL-FORM) or a place."
  (pcase place
    (`(var ,v) v)
    (`(local ,sym) `(symbol-value (progn (make-local-variable ,sym) ,sym)))
    (_ place)))

(defmacro add-function (how place function &optional props)
  "Add FUNCTION as HOW advice to the function stored in PLACE."
  (let ((p (advice--place place)))
    `(setf ,p (advice--add ,how ,function ,p ,props))))

(defmacro remove-function (place function)
  "Remove FUNCTION (or the advice named so) from the function in PLACE."
  (let ((p (advice--place place)))
    `(setf ,p (advice--remove ,function ,p))))

(defun advice-function-member-p (advice function-def)
  (advice--member advice function-def))

(defun advice-add (symbol how function &optional props)
  "Advise the function SYMBOL with FUNCTION, run as HOW (:around, :before...)."
  (fset symbol (advice--add how function (and (fboundp symbol) (symbol-function symbol)) props))
  nil)

(defun advice-remove (symbol function)
  (when (fboundp symbol)
    (fset symbol (advice--remove function (symbol-function symbol))))
  nil)

(defun advice-member-p (advice symbol)
  (and (fboundp symbol) (advice--member advice (symbol-function symbol))))

(defun advice-mapc (f symbol)
  "Call F with each advice function of SYMBOL and its properties."
  (let ((info (and (fboundp symbol) (advice--info (symbol-function symbol)))))
    (while info
      (funcall f (nth 1 info) (nth 3 info))
      (setq info (advice--info (nth 2 info))))))

(provide 'nadvice-subset)

;;; nadvice-subset.el ends here
