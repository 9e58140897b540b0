;;; map.el --- map (alist, plist, hash table, array) functions for lisp-lite  -*- lexical-binding: t -*-

;; Written for gapmacs from the documented behaviour of Emacs 28's map
;; library, checked against the emacs binary; not derived from Emacs's
;; map.el.  A map is an alist, a plist (a list whose first element is not
;; a cons), a hash table or an array (keys are indices).  Emacs dispatches
;; with cl-defgeneric; here plain type tests do.  Functions that build a
;; new map from pairs (map-filter, map-remove) return alists, as Emacs's.

(require 'seq)

(define-error 'map-not-inplace "Cannot modify map in-place")

;;;###autoload
(defun mapp (map)
  (or (listp map) (hash-table-p map) (arrayp map)))

(defun map--plist-p (list)
  (and (consp list) (atom (car list))))

(defun map--plist-member (map key testfn)
  (let ((tail map) (test (or testfn #'eq)))
    (while (and tail (not (funcall test (car tail) key)))
      (setq tail (cdr (cdr tail))))
    tail))

;;;###autoload
(defun map-elt (map key &optional default testfn)
  "The value for KEY in MAP, or DEFAULT."
  (cond ((null map) default)
        ((hash-table-p map) (gethash key map default))
        ((arrayp map) (if (and (natnump key) (< key (length map))) (aref map key) default))
        ((map--plist-p map)
         (let ((m (map--plist-member map key testfn))) (if m (car (cdr m)) default)))
        (t (let ((cell (assoc key map (or testfn #'equal)))) (if cell (cdr cell) default)))))

;;;###autoload
(defun map-contains-key (map key &optional testfn)
  (cond ((hash-table-p map)
         (let ((missing (make-symbol "missing"))) (not (eq (gethash key map missing) missing))))
        ((arrayp map) (and (natnump key) (< key (length map))))
        ((map--plist-p map) (map--plist-member map key testfn))
        (t (and (assoc key map (or testfn #'equal)) t))))

;;;###autoload
(defun map-put! (map key value &optional testfn)
  "Set KEY to VALUE in MAP in place; signal `map-not-inplace' when it cannot."
  (cond ((hash-table-p map) (puthash key value map))
        ((arrayp map)
         (if (and (natnump key) (< key (length map))) (aset map key value)
           (signal 'map-not-inplace (list map))))
        ((map--plist-p map)
         (let ((m (map--plist-member map key testfn)))
           (if m (setcar (cdr m) value) (signal 'map-not-inplace (list map)))))
        (t (let ((cell (and map (assoc key map (or testfn #'equal)))))
             (if cell (setcdr cell value) (signal 'map-not-inplace (list map))))))
  value)

;;;###autoload
(defun map-insert (map key value)
  "A copy of MAP with KEY set to VALUE (MAP is left alone)."
  (cond ((hash-table-p map) (let ((h (copy-hash-table map))) (puthash key value h) h))
        ((arrayp map) (let ((a (copy-sequence map))) (aset a key value) a))
        ((map--plist-p map) (cons key (cons value map)))
        (t (cons (cons key value) map))))

;; (setf (map-elt MAP KEY DEFAULT TESTFN) V): in place when possible,
;; otherwise MAP's place gets the result of `map-insert'.
(gv-define-setter map-elt (value map key &optional _default testfn)
  (let ((v (make-symbol "v")))
    `(let ((,v ,value))
       (condition-case nil (map-put! ,map ,key ,v ,testfn)
         (map-not-inplace (setf ,map (map-insert ,map ,key ,v))))
       ,v)))

;;;###autoload
(defmacro map-put (map key value &optional testfn)
  "Obsolete: (setf (map-elt MAP KEY nil TESTFN) VALUE)."
  `(setf (map-elt ,map ,key nil ,testfn) ,value))

;;;###autoload
(defun map-delete (map key)
  "MAP without KEY; lists lose the entry in place when it is not the first.
An array keeps its length: the element becomes nil."
  (cond ((hash-table-p map) (remhash key map) map)
        ((arrayp map) (when (and (natnump key) (< key (length map))) (aset map key nil)) map)
        ((map--plist-p map)
         (if (equal (car map) key) (cdr (cdr map))
           (let ((tail map))
             (while (and (cdr (cdr tail)) (not (equal (car (cdr (cdr tail))) key)))
               (setq tail (cdr (cdr tail))))
             (when (cdr (cdr tail)) (setcdr (cdr tail) (cdr (cdr (cdr (cdr tail))))))
             map)))
        (t (delq (assoc key map) map))))

;;;###autoload
(defun map-apply (function map)
  "A list of FUNCTION called with each key and value of MAP."
  (cond ((hash-table-p map)
         (let (out) (maphash (lambda (k v) (push (funcall function k v) out)) map) (nreverse out)))
        ((arrayp map) (seq-map-indexed (lambda (v i) (funcall function i v)) map))
        ((map--plist-p map)
         (let (out) (while map (push (funcall function (car map) (car (cdr map))) out)
                           (setq map (cdr (cdr map))))
              (nreverse out)))
        (t (mapcar (lambda (cell) (funcall function (car cell) (cdr cell))) map))))

;;;###autoload
(defun map-do (function map) (map-apply function map) nil)
;;;###autoload
(defun map-keys (map) (map-apply (lambda (k _) k) map))
;;;###autoload
(defun map-values (map) (map-apply (lambda (_ v) v) map))
;;;###autoload
(defun map-pairs (map) (map-apply #'cons map))
;;;###autoload
(defun map-keys-apply (function map) (map-apply (lambda (k _) (funcall function k)) map))
;;;###autoload
(defun map-values-apply (function map) (map-apply (lambda (_ v) (funcall function v)) map))
;;;###autoload
(defun map-length (map)
  (cond ((hash-table-p map) (hash-table-count map))
        ((map--plist-p map) (/ (length map) 2))
        (t (length map))))
;;;###autoload
(defun map-empty-p (map) (= (map-length map) 0))

;;;###autoload
(defun map-copy (map)
  (cond ((hash-table-p map) (copy-hash-table map))
        ((map--plist-p map) (copy-sequence map))
        ((listp map) (mapcar (lambda (c) (if (consp c) (cons (car c) (cdr c)) c)) map))
        (t (copy-sequence map))))

;;;###autoload
(defun map-filter (pred map)
  (delq nil (map-apply (lambda (k v) (and (funcall pred k v) (cons k v))) map)))
;;;###autoload
(defun map-remove (pred map)
  (map-filter (lambda (k v) (not (funcall pred k v))) map))

;;;###autoload
(defun map-some (pred map)
  (catch 'map--found
    (map-do (lambda (k v) (let ((r (funcall pred k v))) (if r (throw 'map--found r)))) map)
    nil))

;;;###autoload
(defun map-every-p (pred map)
  (catch 'map--found
    (map-do (lambda (k v) (or (funcall pred k v) (throw 'map--found nil))) map)
    t))

(defun map--from-pairs (pairs type)
  "A map of TYPE (`list', `alist', `plist', `hash-table' or (hash-table ARGS...)) from PAIRS."
  (cond ((memq type '(list alist)) pairs)
        ((eq type 'plist) (apply #'append (mapcar (lambda (p) (list (car p) (cdr p))) pairs)))
        ((or (eq type 'hash-table) (eq (car-safe type) 'hash-table))
         (let ((h (apply #'make-hash-table (or (cdr-safe type) '(:test equal)))))
           (dolist (p pairs) (puthash (car p) (cdr p) h))
           h))
        (t (error "Unknown map type: %S" type))))

;;;###autoload
(defun map-into (map type) (map--from-pairs (map-pairs map) type))

(defun map--merge (type function maps)
  (let ((acc nil))
    (dolist (m maps)
      (map-do (lambda (k v)
                (let ((cell (assoc k acc)))
                  (cond ((null cell) (push (cons k v) acc))
                        (function (setcdr cell (funcall function (cdr cell) v)))
                        (t (setcdr cell v)))))
              m))
    (map--from-pairs (nreverse acc) type)))

;;;###autoload
(defun map-merge (type &rest maps)
  "A map of TYPE with the pairs of MAPS; later maps win."
  (map--merge type nil maps))

;;;###autoload
(defun map-merge-with (type function &rest maps)
  "Like `map-merge', but values of a key present more than once are combined by FUNCTION."
  (map--merge type function maps))

;;;###autoload
(defun map-nested-elt (map keys &optional default)
  (let ((missing (make-symbol "missing")))
    (while (and keys (not (eq map missing)))
      (setq map (if (mapp map) (map-elt map (car keys) missing) missing)
            keys (cdr keys)))
    (if (eq map missing) default map)))

;;;; The `map' pcase pattern and map-let.

(defun map--pattern (arg)
  "The sub-pattern for ARG: SYMBOL, KEYWORD or (KEY PAT).
Emacs 28 ignores a third element (DEFAULT, honoured from Emacs 29 on)."
  (cond ((keywordp arg) `(app (map-elt--at ,arg nil) ,(intern (substring (symbol-name arg) 1))))
        ((symbolp arg) `(app (map-elt--at ',arg nil) ,arg))
        (t `(app (map-elt--at ,(car arg) nil) ,(car (cdr arg))))))

(defun map-elt--at (key default map) (map-elt map key default))

(pcase-defmacro map (&rest args)
  "Match a map whose values for the keys of ARGS match their patterns."
  `(and (pred mapp) ,@(mapcar #'map--pattern args)))

;;;###autoload
(defmacro map-let (keys map &rest body)
  "Bind the variables of KEYS (as in the `map' pattern) to MAP's values around BODY."
  (declare (indent 2))
  `(pcase-let ((,(cons 'map keys) ,map)) ,@body))

(provide 'map)

;;; map.el ends here
