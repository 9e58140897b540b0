;;; seq.el --- sequence functions for lisp-lite  -*- lexical-binding: t -*-

;; Written for gapmacs from the documented behaviour of Emacs 28's seq
;; library (the Emacs Lisp manual, "Sequence Functions"), checked against
;; the emacs binary; not derived from Emacs's seq.el.  Emacs dispatches
;; these with cl-defgeneric; here a sequence is a list, vector or string
;; and the functions dispatch with plain type tests.  Results that Emacs
;; builds with seq-into keep the type of the input (seq-take, seq-drop,
;; seq-subseq, seq-sort, seq-reverse...); the mapping ones return lists.

(require 'pcase)

;;;###autoload
(defun seqp (object) (sequencep object))
;;;###autoload
(defun seq-elt (sequence n) (elt sequence n))
;;;###autoload
(defun seq-length (sequence) (length sequence))
;;;###autoload
(defun seq-empty-p (sequence) (= (length sequence) 0))
;;;###autoload
(defun seq-first (sequence) (elt sequence 0))
;;;###autoload
(defun seq-copy (sequence) (copy-sequence sequence))
;;;###autoload
(defun seq-into-sequence (sequence) sequence)

(gv-define-setter seq-elt (value sequence n) `(setf (elt ,sequence ,n) ,value))

(defun seq--like (original list)
  "LIST converted to the type of the sequence ORIGINAL."
  (cond ((listp original) list)
        ((stringp original) (concat list))
        (t (vconcat list))))

;;;###autoload
(defun seq-into (sequence type)
  "SEQUENCE converted to TYPE: `list', `vector' or `string'."
  (pcase type
    ('list (if (listp sequence) sequence (append sequence nil)))
    ('vector (if (vectorp sequence) sequence (vconcat sequence)))
    ('string (if (stringp sequence) sequence (concat sequence)))
    (_ (error "Not a sequence type name: %S" type))))

;;;###autoload
(defun seq-concatenate (type &rest sequences)
  (pcase type
    ('list (apply #'append (append sequences '(nil))))
    ('vector (apply #'vconcat sequences))
    ('string (apply #'concat sequences))
    (_ (error "Not a sequence type name: %S" type))))

;;;###autoload
(defun seq-do (function sequence) (mapc function sequence) sequence)
;;;###autoload
(defalias 'seq-each #'seq-do)
;;;###autoload
(defun seq-map (function sequence) (mapcar function sequence))

;;;###autoload
(defmacro seq-doseq (spec &rest body)
  "Loop over the sequence (cadr SPEC), binding (car SPEC) to each element."
  (declare (indent 1))
  `(seq-do (lambda (,(car spec)) ,@body) ,(car (cdr spec))))

;;;###autoload
(defun seq-do-indexed (function sequence)
  (let ((i 0))
    (mapc (lambda (e) (funcall function e i) (setq i (1+ i))) sequence))
  nil)

;;;###autoload
(defun seq-map-indexed (function sequence)
  (let ((i -1))
    (mapcar (lambda (e) (setq i (1+ i)) (funcall function e i)) sequence)))

;;;###autoload
(defun seq-mapn (function sequence &rest sequences)
  "FUNCTION applied to the elements of the sequences in turn, up to the shortest."
  (let ((lists (mapcar (lambda (s) (append s nil)) (cons sequence sequences)))
        (out nil))
    (while (not (memq nil lists))
      (push (apply function (mapcar #'car lists)) out)
      (setq lists (mapcar #'cdr lists)))
    (nreverse out)))

;;;###autoload
(defun seq-mapcat (function sequence &optional type)
  (apply #'seq-concatenate (or type 'list) (seq-map function sequence)))

(defun seq-filter (pred sequence)
  (let (out) (mapc (lambda (e) (if (funcall pred e) (push e out))) sequence) (nreverse out)))
;;;###autoload
(defun seq-remove (pred sequence)
  (seq-filter (lambda (e) (not (funcall pred e))) sequence))

(defun seq-reduce (function sequence initial-value)
  (let ((acc initial-value))
    (mapc (lambda (e) (setq acc (funcall function acc e))) sequence)
    acc))

(defun seq--list (sequence) (if (listp sequence) sequence (append sequence nil)))

;;;###autoload
(defun seq-some (pred sequence)
  (let ((l (seq--list sequence)) (r nil))
    (while (and l (not (setq r (funcall pred (car l))))) (setq l (cdr l)))
    r))

;;;###autoload
(defun seq-every-p (pred sequence)
  (let ((l (seq--list sequence)))
    (while (and l (funcall pred (car l))) (setq l (cdr l)))
    (null l)))

;;;###autoload
(defun seq-find (pred sequence &optional default)
  (let ((l (seq--list sequence)))
    (while (and l (not (funcall pred (car l)))) (setq l (cdr l)))
    (if l (car l) default)))

;;;###autoload
(defun seq-count (pred sequence)
  (let ((n 0)) (mapc (lambda (e) (if (funcall pred e) (setq n (1+ n)))) sequence) n))

(defun seq--test (testfn) (or testfn #'equal))

;;;###autoload
(defun seq-contains-p (sequence elt &optional testfn)
  (let ((l (seq--list sequence)) (test (seq--test testfn)))
    (while (and l (not (funcall test elt (car l)))) (setq l (cdr l)))
    (and l t)))

;;;###autoload
(defun seq-contains (sequence elt &optional testfn)
  "Obsolete: the first element of SEQUENCE equal to ELT."
  (seq-some (lambda (e) (and (funcall (seq--test testfn) elt e) e)) sequence))

;;;###autoload
(defun seq-position (sequence elt &optional testfn)
  (let ((l (seq--list sequence)) (i 0) (test (seq--test testfn)))
    (while (and l (not (funcall test elt (car l)))) (setq l (cdr l) i (1+ i)))
    (and l i)))

;;;###autoload
(defun seq-uniq (sequence &optional testfn)
  (let (out)
    (mapc (lambda (e) (unless (seq-contains-p out e testfn) (push e out))) sequence)
    (nreverse out)))

;;;###autoload
(defun seq-set-equal-p (sequence1 sequence2 &optional testfn)
  (and (seq-every-p (lambda (e) (seq-contains-p sequence2 e testfn)) sequence1)
       (seq-every-p (lambda (e) (seq-contains-p sequence1 e testfn)) sequence2)))

;;;###autoload
(defun seq-union (sequence1 sequence2 &optional testfn)
  (seq-uniq (append (seq--list sequence1) (seq--list sequence2)) testfn))

;;;###autoload
(defun seq-intersection (sequence1 sequence2 &optional testfn)
  (seq-filter (lambda (e) (seq-contains-p sequence2 e testfn)) sequence1))

;;;###autoload
(defun seq-difference (sequence1 sequence2 &optional testfn)
  (seq-remove (lambda (e) (seq-contains-p sequence2 e testfn)) sequence1))

;;;###autoload
(defun seq-subseq (sequence start &optional end)
  "The part of SEQUENCE from START to END; negative indices count from the end."
  (let* ((len (length sequence))
         (s (if (< start 0) (+ len start) start))
         (e (cond ((null end) len) ((< end 0) (+ len end)) (t end))))
    (unless (and (<= 0 s) (<= s e) (<= e len))
      (error "Bad bounding indices: %s, %s" start end))
    (if (listp sequence)
        (let ((tail (nthcdr s sequence)) (out nil) (n (- e s)))
          (while (> n 0) (push (car tail) out) (setq tail (cdr tail) n (1- n)))
          (nreverse out))
      (substring sequence s e))))

;;;###autoload
(defun seq-take (sequence n)
  ;; A list's first N only are read, as Emacs's: its tail may be dotted
  ;; (completion-all-sorted-completions ends with the base size).
  (if (listp sequence)
      (let ((out nil))
        (while (and (consp sequence) (> n 0))
          (push (car sequence) out)
          (setq sequence (cdr sequence) n (1- n)))
        (nreverse out))
    (seq-subseq sequence 0 (max 0 (min n (length sequence))))))

;;;###autoload
(defun seq-drop (sequence n)
  (cond ((<= n 0) sequence)
        ((listp sequence) (nthcdr n sequence))
        (t (seq-subseq sequence (min n (length sequence))))))

(defun seq--while-count (pred sequence)
  (let ((l (seq--list sequence)) (n 0))
    (while (and l (funcall pred (car l))) (setq l (cdr l) n (1+ n)))
    n))

;;;###autoload
(defun seq-take-while (pred sequence)
  (seq-take sequence (seq--while-count pred sequence)))
;;;###autoload
(defun seq-drop-while (pred sequence)
  (seq-drop sequence (seq--while-count pred sequence)))

;;;###autoload
(defun seq-rest (sequence) (seq-drop sequence 1))

;;;###autoload
(defun seq-reverse (sequence) (reverse sequence))

;;;###autoload
(defun seq-sort (pred sequence)
  (seq--like sequence (sort (append sequence nil) pred)))

;;;###autoload
(defun seq-sort-by (function pred sequence)
  (seq-sort (lambda (a b) (funcall pred (funcall function a) (funcall function b))) sequence))

;;;###autoload
(defun seq-partition (sequence n)
  "SEQUENCE cut into pieces of N elements, of SEQUENCE's type; nil if N <= 0."
  (when (> n 0)
    (let ((out nil))
      (while (not (seq-empty-p sequence))
        (push (seq-take sequence n) out)
        (setq sequence (seq-drop sequence n)))
      (nreverse out))))

;;;###autoload
(defun seq-group-by (function sequence)
  "An alist (KEY ELEMENTS...) grouping SEQUENCE by FUNCTION, as Emacs orders it."
  (let ((groups nil))
    (mapc (lambda (e)
            (let* ((k (funcall function e)) (cell (assoc k groups)))
              (if cell (setcdr cell (cons e (cdr cell)))
                (push (list k e) groups))))
          (reverse (seq--list sequence)))
    groups))

;;;###autoload
(defun seq-min (sequence) (apply #'min (seq--list sequence)))
;;;###autoload
(defun seq-max (sequence) (apply #'max (seq--list sequence)))

;;;###autoload
(defun seq-random-elt (sequence)
  (if (seq-empty-p sequence) (error "Sequence cannot be empty")
    (elt sequence (random (length sequence)))))

;;;; Destructuring: the `seq' pcase pattern, seq-let and seq-setq.

(defun seq--elt-at (n sequence)
  "Element N of SEQUENCE, nil past its end (for the pattern's `app')."
  (and (< n (length sequence)) (elt sequence n)))
(defun seq--drop-at (n sequence) (seq-drop sequence n))

(defun seq--patterns (args)
  (let ((i 0) (out nil))
    (while args
      (let ((a (car args)))
        (cond ((eq a '&rest)
               (push `(app (seq--drop-at ,i) ,(car (cdr args))) out)
               (setq args nil))
              (t (push `(app (seq--elt-at ,i)
                             ,(if (and (consp a) (not (memq (car a) '(\` quote pred app and or guard let))))
                                  (cons 'seq a)
                                a))
                       out))))
      (setq i (1+ i) args (cdr args)))
    (nreverse out)))

(pcase-defmacro seq (&rest patterns)
  "Match a sequence whose elements match PATTERNS (&rest PAT for the tail)."
  `(and (pred seqp) ,@(seq--patterns patterns)))

;;;###autoload
(defmacro seq-let (args sequence &rest body)
  "Bind the names of ARGS to the elements of SEQUENCE (nested lists allowed)."
  (declare (indent 2))
  `(pcase-let ((,(cons 'seq (append args nil)) ,sequence)) ,@body))

;;;###autoload
(defmacro seq-setq (args sequence)
  `(pcase-setq ,(cons 'seq (append args nil)) ,sequence))

(provide 'seq)

;;; seq.el ends here
