;;; pcase.el --- pattern matching for lisp-lite  -*- lexical-binding: t -*-

;; Written for gapmacs from the Emacs Lisp manual's description of
;; `pcase' ("Pattern-Matching Conditional"); not derived from Emacs's
;; pcase.el.  Every macro expands to plain Lisp (let, if, or, setq), so
;; nothing here is needed at run time once a form is expanded.
;;
;; The generator works in continuation-passing style: (pcase--gen PAT SYM
;; K BOUND) returns a form that tests the value held in SYM against PAT
;; and, on success, evaluates the form built by (funcall K BOUND) with the
;; pattern's variables bound; on failure the form returns nil.  Success
;; forms are arranged to return non-nil, so clauses chain with `or'.
;; BOUND lists the variables bound so far, so that a second occurrence of
;; a variable becomes an `eq' test, as documented.

(defun pcase--self-quoting-p (pat)
  (or (keywordp pat) (integerp pat) (stringp pat)))

(defun pcase--funcall (fun arg)
  "The call FUN makes in `pred' and `app': (F ARGS... ARG) or (FUN ARG)."
  (cond ((symbolp fun) (list fun arg))
        ((memq (car fun) '(lambda closure function)) (list 'funcall fun arg))
        (t (append fun (list arg)))))

(defun pcase--pred-test (fun sym)
  (if (and (consp fun) (eq (car fun) 'not))
      (list 'not (pcase--funcall (car (cdr fun)) sym))
    (pcase--funcall fun sym)))

(defun pcase--macroexpander (head)
  (and (symbolp head)
       (let ((f (intern (format "%s--pcase-macroexpander" head))))
         (and (fboundp f) f))))

(defun pcase--gen (pat sym k bound)
  (cond
   ((eq pat '_) (funcall k bound))
   ((eq pat t) (funcall k bound))
   ((null pat) (error "Unknown pattern `%S'" pat))
   ((pcase--self-quoting-p pat) `(if (equal ,sym ',pat) ,(funcall k bound)))
   ((symbolp pat)
    (if (memq pat bound)
        `(if (eq ,sym ,pat) ,(funcall k bound))
      `(let ((,pat ,sym)) ,(funcall k (cons pat bound)))))
   ((not (consp pat)) (error "Unknown pattern `%S'" pat))
   ((eq (car pat) 'quote)
    (let ((v (car (cdr pat))))
      `(if ,(if (or (symbolp v) (integerp v)) `(eq ,sym ',v) `(equal ,sym ',v))
           ,(funcall k bound))))
   ((eq (car pat) '\`) (pcase--gen-qpat (car (cdr pat)) sym k bound))
   ((eq (car pat) 'pred)
    `(if ,(pcase--pred-test (car (cdr pat)) sym) ,(funcall k bound)))
   ((eq (car pat) 'guard) `(if ,(car (cdr pat)) ,(funcall k bound)))
   ((eq (car pat) 'and) (pcase--gen-and (cdr pat) sym k bound))
   ((eq (car pat) 'or) (pcase--gen-or (cdr pat) sym k bound))
   ((eq (car pat) 'app)
    (let ((v (make-symbol "x")))
      `(let ((,v ,(pcase--funcall (car (cdr pat)) sym)))
         ,(pcase--gen (nth 2 pat) v k bound))))
   ((eq (car pat) 'let)
    (let ((v (make-symbol "x")))
      `(let ((,v ,(nth 2 pat)))
         ,(pcase--gen (nth 1 pat) v k bound))))
   ((eq (car pat) 'cl-type)
    `(if (cl-typep ,sym ',(car (cdr pat))) ,(funcall k bound)))
   ((pcase--macroexpander (car pat))
    (pcase--gen (apply (pcase--macroexpander (car pat)) (cdr pat)) sym k bound))
   (t (error "Unknown %s pattern: %S" (car pat) pat))))

(defun pcase--gen-and (pats sym k bound)
  (if (null pats) (funcall k bound)
    (pcase--gen (car pats) sym
                (lambda (b) (pcase--gen-and (cdr pats) sym k b))
                bound)))

;; Each alternative copies its bindings into shared temporaries; the
;; continuation (the clause body, or the rest of the pattern) is built once
;; and sees every variable of every alternative (nil when not bound), as in
;; Emacs.  An alternative's success form is (progn SETQS t).
(defun pcase--gen-or (pats sym k bound)
  (let* ((vars (pcase--vars-of-all pats bound))
         (temps (mapcar (lambda (v) (cons v (make-symbol (symbol-name v)))) vars)))
    `(let ,(mapcar #'cdr temps)
       (if (or ,@(mapcar
                  (lambda (p)
                    (pcase--gen p sym
                                (lambda (b)
                                  `(progn ,@(mapcar (lambda (v) `(setq ,(cdr (assq v temps)) ,v))
                                                    (pcase--new-vars b bound))
                                          t))
                                bound))
                  pats))
           (let ,(mapcar (lambda (tv) (list (car tv) (cdr tv))) temps)
             ,(funcall k (append vars bound)))))))

(defun pcase--new-vars (b bound)
  (let (out)
    (while (not (eq b bound)) (push (car b) out) (setq b (cdr b)))
    out))

(defun pcase--vars-of-all (pats bound)
  (let ((acc nil))
    (dolist (p pats) (dolist (v (pcase--vars p bound)) (unless (memq v acc) (push v acc))))
    (nreverse acc)))

(defun pcase--vars (pat bound)
  "The variables PAT binds that are not in BOUND, in order."
  (let ((acc nil))
    (pcase--gen pat (make-symbol "v")
                (lambda (b) (dolist (v (pcase--new-vars b bound))
                              (unless (memq v acc) (push v acc)))
                  t)
                bound)
    (nreverse acc)))

(defun pcase--gen-qpat (q sym k bound)
  (cond
   ((and (consp q) (eq (car q) '\,)) (pcase--gen (car (cdr q)) sym k bound))
   ((consp q)
    (let ((a (make-symbol "x")) (d (make-symbol "x")))
      `(if (consp ,sym)
           (let ((,a (car ,sym)) (,d (cdr ,sym)))
             ,(pcase--gen-qpat (car q) a
                               (lambda (b) (pcase--gen-qpat (cdr q) d k b))
                               bound)))))
   ((vectorp q)
    (let ((n (length q)))
      `(if (and (vectorp ,sym) (= (length ,sym) ,n))
           ,(pcase--gen-qvec q 0 sym k bound))))
   ((null q) `(if (null ,sym) ,(funcall k bound)))
   ((or (symbolp q) (integerp q)) `(if (eq ,sym ',q) ,(funcall k bound)))
   (t `(if (equal ,sym ',q) ,(funcall k bound)))))

(defun pcase--gen-qvec (q i sym k bound)
  (if (>= i (length q)) (funcall k bound)
    (let ((e (make-symbol "x")))
      `(let ((,e (aref ,sym ,i)))
         ,(pcase--gen-qpat (aref q i) e
                           (lambda (b) (pcase--gen-qvec q (1+ i) sym k b))
                           bound)))))

(defun pcase--expand (exp clauses exhaustive)
  (let* ((val (make-symbol "val")) (res (make-symbol "res"))
         (tests (mapcar (lambda (clause)
                          (pcase--gen (car clause) val
                                      (lambda (_b) `(progn (setq ,res (progn ,@(cdr clause))) t))
                                      nil))
                        clauses)))
    `(let ((,val ,exp) (,res nil))
       ,(if exhaustive
            `(or ,@tests (error "No clause matching `%S'" ,val))
          `(or ,@tests))
       ,res)))

;; lisp-lite expands a macro each time the form is evaluated (no eager
;; expansion at load time), so expansions are remembered per source form:
;; the CASES list of a given pcase form is the same object on every
;; evaluation.  The table is emptied when it grows large, which bounds the
;; memory kept for forms built and evaluated at run time.
(defvar pcase--expansions (make-hash-table :test 'eq))

(defun pcase--same-list-p (a b)
  (while (and a b (eq (car a) (car b))) (setq a (cdr a) b (cdr b)))
  (and (null a) (null b)))

;; Keyed by the first clause: the &rest list itself is new at each call.
(defun pcase--expand-cached (exp cases exhaustive)
  (let ((hit (gethash (car cases) pcase--expansions)))
    (if (and hit (eq (nth 0 hit) exp) (eq (nth 1 hit) exhaustive)
             (pcase--same-list-p (nth 2 hit) cases))
        (nth 3 hit)
      (when (> (hash-table-count pcase--expansions) 5000) (clrhash pcase--expansions))
      (let ((expansion (pcase--expand exp cases exhaustive)))
        (puthash (car cases) (list exp exhaustive cases expansion) pcase--expansions)
        expansion))))

;;;###autoload
(defmacro pcase (exp &rest cases)
  "Evaluate EXP and run the body of the first of CASES whose pattern matches.
Patterns: _, SYMBOL, \\='VAL, KEYWORD, INTEGER, STRING, \\=`QPAT, (pred FUN),
(guard EXPR), (and PAT...), (or PAT...), (app FUN PAT), (let PAT EXPR),
(cl-type TYPE) and those defined with `pcase-defmacro'."
  (declare (indent 1))
  (pcase--expand-cached exp cases nil))

;;;###autoload
(defmacro pcase-exhaustive (exp &rest cases)
  "Like `pcase', but signal an error when no pattern matches."
  (declare (indent 1))
  (pcase--expand-cached exp cases t))

;;;###autoload
(defmacro pcase-defmacro (name args &rest body)
  "Define a new kind of pcase pattern (NAME ARGS...), expanding to BODY."
  (declare (indent 2))
  (when (stringp (car body)) (setq body (cdr body)))
  `(progn (defun ,(intern (format "%s--pcase-macroexpander" name)) ,args ,@body)
          ',name))

;;;; Destructuring: pcase-let and friends assume the pattern matches.

;; Like `pcase--gen' but without tests: conses are taken apart with
;; car-safe/cdr-safe, so a mismatched value binds nil (as Emacs does).
(defun pcase--dgen (pat sym k)
  (cond
   ((memq pat '(_ t)) (funcall k))
   ((and (symbolp pat) pat (not (keywordp pat))) `(let ((,pat ,sym)) ,(funcall k)))
   ((not (consp pat)) (funcall k))
   ((eq (car pat) '\`) (pcase--dgen-qpat (car (cdr pat)) sym k))
   ((eq (car pat) 'and)
    (let ((pats (cdr pat)))
      (if (null pats) (funcall k)
        (pcase--dgen (car pats) sym
                     (lambda () (pcase--dgen (cons 'and (cdr pats)) sym k))))))
   ((eq (car pat) 'app)
    (let ((v (make-symbol "x")))
      `(let ((,v ,(pcase--funcall (car (cdr pat)) sym)))
         ,(pcase--dgen (nth 2 pat) v k))))
   ((eq (car pat) 'let)
    (let ((v (make-symbol "x")))
      `(let ((,v ,(nth 2 pat))) ,(pcase--dgen (nth 1 pat) v k))))
   ((memq (car pat) '(quote pred guard cl-type)) (funcall k))
   ((eq (car pat) 'or)
    ;; Variables of an `or' need the real matcher to know which applies.
    (let* ((vars (pcase--vars-of-all (cdr pat) nil))
           (vals (make-symbol "vals")))
      `(let ((,vals ,(pcase--gen pat sym (lambda (_b) `(list ,@vars)) nil)))
         (let ,(let ((i -1)) (mapcar (lambda (v) (setq i (1+ i)) `(,v (nth ,i ,vals))) vars))
           ,(funcall k)))))
   ((pcase--macroexpander (car pat))
    (pcase--dgen (apply (pcase--macroexpander (car pat)) (cdr pat)) sym k))
   (t (error "Unknown %s pattern: %S" (car pat) pat))))

(defun pcase--dgen-qpat (q sym k)
  (cond
   ((and (consp q) (eq (car q) '\,)) (pcase--dgen (car (cdr q)) sym k))
   ((consp q)
    (let ((a (make-symbol "x")) (d (make-symbol "x")))
      `(let ((,a (car-safe ,sym)) (,d (cdr-safe ,sym)))
         ,(pcase--dgen-qpat (car q) a (lambda () (pcase--dgen-qpat (cdr q) d k))))))
   ((vectorp q) (pcase--dgen-qvec q 0 sym k))
   (t (funcall k))))

(defun pcase--dgen-qvec (q i sym k)
  (if (>= i (length q)) (funcall k)
    (let ((e (make-symbol "x")))
      `(let ((,e (aref ,sym ,i)))
         ,(pcase--dgen-qpat (aref q i) e (lambda () (pcase--dgen-qvec q (1+ i) sym k)))))))

(defun pcase--destructure (pat exp body)
  "A form binding PAT's variables to the parts of EXP's value around BODY."
  (if (and (symbolp pat) (not (eq pat '_)))
      `(let ((,pat ,exp)) ,@body)
    (let ((v (make-symbol "x")))
      `(let ((,v ,exp)) ,(pcase--dgen pat v (lambda () `(progn ,@body)))))))

;;;###autoload
(defmacro pcase-let* (bindings &rest body)
  "Bind the variables of each (PATTERN EXP) of BINDINGS in turn, then run BODY."
  (declare (indent 1))
  (if (null bindings) `(progn ,@body)
    (pcase--destructure (car (car bindings)) (car (cdr (car bindings)))
                        (list `(pcase-let* ,(cdr bindings) ,@body)))))

;;;###autoload
(defmacro pcase-let (bindings &rest body)
  "Like `pcase-let*', but every EXP is evaluated before any variable is bound."
  (declare (indent 1))
  (if (null (cdr bindings)) `(pcase-let* ,bindings ,@body)
    (let ((temps (mapcar (lambda (_) (make-symbol "x")) bindings)))
      `(let ,(let ((ts temps)) (mapcar (lambda (b) (list (pop ts) (car (cdr b)))) bindings))
         (pcase-let* ,(let ((ts temps)) (mapcar (lambda (b) (list (car b) (pop ts))) bindings))
           ,@body)))))

;;;###autoload
(defmacro pcase-dolist (spec &rest body)
  "Like `dolist', but the element is destructured by the pattern (car SPEC)."
  (declare (indent 1))
  (if (symbolp (car spec)) `(dolist ,spec ,@body)
    (let ((x (make-symbol "x")))
      `(dolist (,x ,@(cdr spec))
         (pcase-let* ((,(car spec) ,x)) ,@body)))))

;;;###autoload
(defmacro pcase-setq (&rest args)
  "Assign the variables of each PATTERN VALUE pair of ARGS, destructuring."
  (let ((forms nil))
    (while args
      (let ((pat (car args)) (exp (car (cdr args))))
        (unless (cdr args) (signal 'wrong-number-of-arguments (list 'pcase-setq (length args))))
        (if (symbolp pat) (push `(setq ,pat ,exp) forms)
          (let* ((vars (pcase--vars pat nil)) (vals (make-symbol "vals")) (i -1))
            (push `(let ((,vals ,(pcase--destructure pat exp (list `(list ,@vars)))))
                     ,@(mapcar (lambda (v) (setq i (1+ i)) `(setq ,v (nth ,i ,vals))) vars)
                     nil)
                  forms)))
        (setq args (cdr (cdr args)))))
    (if (cdr forms) `(progn ,@(nreverse forms)) (car forms))))

;;;###autoload
(defmacro pcase-lambda (lambda-list &rest body)
  "Like `lambda', but each argument of LAMBDA-LIST may be a pattern."
  (declare (indent defun))
  (let ((args nil) (binds nil))
    (dolist (a lambda-list)
      (if (symbolp a) (push a args)
        (let ((g (make-symbol "arg")))
          (push g args)
          (push (list a g) binds))))
    (let ((doc (and (stringp (car body)) (cdr body) (list (pop body)))))
      `(lambda ,(nreverse args) ,@doc (pcase-let* ,(nreverse binds) ,@body)))))

(provide 'pcase)

;;; pcase.el ends here
