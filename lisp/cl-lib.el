;;; cl-lib.el --- Common Lisp extensions (gapmacs's own)  -*- lexical-binding: t -*-

;; The commonly used part of Emacs 28's cl-lib (cl-macs, cl-seq, cl-extra),
;; written for lisp-lite from the documented behaviour.  Loaded by
;; `(require 'cl-lib)' or through the autoloads set up at start-up.
;; Differences from Emacs are listed in docs/lisp-lite.md.

;;; Basics

(defvar cl--gensym-counter 0)
;;;###autoload
(defun cl-gensym (&optional prefix)
  (let ((p (if (stringp prefix) prefix "G")))
    (make-symbol (format "%s%d" p (prog1 cl--gensym-counter
                                     (setq cl--gensym-counter (1+ cl--gensym-counter)))))))
(defun cl-gentemp (&optional prefix)
  (let ((p (if (stringp prefix) prefix "T")) name)
    (while (intern-soft (setq name (format "%s%d" p cl--gensym-counter)))
      (setq cl--gensym-counter (1+ cl--gensym-counter)))
    (intern name)))

;;;###autoload
(defun cl-plusp (number) (> number 0))
;;;###autoload
(defun cl-minusp (number) (< number 0))
;;;###autoload
(defun cl-evenp (integer) (eq (logand integer 1) 0))
;;;###autoload
(defun cl-oddp (integer) (eq (logand integer 1) 1))
(defun cl-signum (x) (cond ((> x 0) 1) ((< x 0) -1) (t 0)))
;;;###autoload
(defun cl-first (x) (car x))
;;;###autoload
(defun cl-second (x) (car (cdr x)))
;;;###autoload
(defun cl-third (x) (nth 2 x))
(defun cl-fourth (x) (nth 3 x))
(defun cl-fifth (x) (nth 4 x))
(defun cl-sixth (x) (nth 5 x))
(defun cl-seventh (x) (nth 6 x))
(defun cl-eighth (x) (nth 7 x))
(defun cl-ninth (x) (nth 8 x))
(defun cl-tenth (x) (nth 9 x))
;;;###autoload
(defun cl-rest (x) (cdr x))
(defun cl-endp (x) (if (listp x) (null x) (signal 'wrong-type-argument (list 'listp x))))
(defun cl-list-length (x) (proper-list-p x))
(defun cl-tailp (sublist list)
  (while (and (consp list) (not (eq sublist list))) (setq list (cdr list)))
  (if (numberp sublist) (equal sublist list) (eq sublist list)))
(defun cl-ldiff (list sublist)
  (let ((res nil))
    (while (and (consp list) (not (eq list sublist))) (push (pop list) res))
    (nreverse res)))
;;;###autoload
(defun cl-copy-list (list)
  (if (consp list)
      (let ((res nil))
        (while (consp list) (push (pop list) res))
        (prog1 (nreverse res) (setcdr res list)))
    (car list)))
;;;###autoload
(defun cl-list* (arg &rest others)
  (cond ((not others) arg)
        ((not (cdr others)) (cons arg (car others)))
        (t (let* ((n (length others)) (copy (copy-sequence others)) (last (nthcdr (- n 2) copy)))
             (setcdr last (car (cdr last)))
             (cons arg copy)))))
(defun cl-acons (key value alist) (cons (cons key value) alist))
(defun cl-pairlis (keys values &optional alist)
  (nconc (cl-mapcar #'cons keys values) alist))
(defun cl-values (&rest values) values)
(defun cl-values-list (list) list)
(defun cl-constantly (value) (lambda (&rest _) value))

(defun cl-gcd (&rest args)
  (let ((a (abs (or (pop args) 0))))
    (dolist (b args a)
      (setq b (abs b))
      (while (> b 0) (setq b (% a (setq a b)))))))
(defun cl-lcm (&rest args)
  (if (memq 0 args) 0
    (let ((a (abs (or (pop args) 1))))
      (dolist (b args a) (setq a (* (/ a (cl-gcd a b)) (abs b)))))))
(defun cl-isqrt (x)
  (if (and (integerp x) (> x 0))
      (let ((g (cond ((<= x 100) 10) ((<= x 10000) 100) ((<= x 1000000) 1000) (t x))) g2)
        (while (< (setq g2 (/ (+ g (/ x g)) 2)) g) (setq g g2))
        g)
    (if (eq x 0) 0 (signal 'arith-error nil))))
(defun cl-floor (x &optional y)
  (let ((q (floor x y))) (list q (- x (if y (* q y) q)))))
(defun cl-ceiling (x &optional y)
  (let ((res (cl-floor x y)))
    (if (= (car (cdr res)) 0) res
      (list (1+ (car res)) (- (car (cdr res)) (or y 1))))))
(defun cl-truncate (x &optional y)
  (if (eq (>= x 0) (or (null y) (>= y 0))) (cl-floor x y) (cl-ceiling x y)))
(defun cl-round (x &optional y)
  (let ((q (round x y))) (list q (- x (if y (* q y) q)))))
(defun cl-mod (x y) (nth 1 (cl-floor x y)))
(defun cl-rem (x y) (nth 1 (cl-truncate x y)))
;;; Blocks

(defun cl--block-tag (name) (intern (format "--cl-block-%s--" name)))

(defun cl--tree-mentions-p (tree symbols)
  (let ((found nil) (stack (list tree)))
    (while (and stack (not found))
      (let ((x (pop stack)))
        (cond ((consp x)
               (if (eq (car x) 'quote) nil
                 (while (consp x) (push (car x) stack) (setq x (cdr x)))
                 (if x (push x stack))))
              ((memq x symbols) (setq found t)))))
    found))

;;;###autoload
(defmacro cl-block (name &rest body)
  "Define a lexically-scoped block NAME; `cl-return-from' NAME leaves it."
  (declare (indent 1))
  ;; `return'/`return-from' are the old `cl' names (lisp/cl.el aliases).
  (if (cl--tree-mentions-p body '(cl-return cl-return-from return return-from))
      `(catch ',(cl--block-tag name) ,@body)
    (macroexp-progn body)))

;;;###autoload
(defmacro cl-return (&optional result)
  `(cl-return-from nil ,result))

;;;###autoload
(defmacro cl-return-from (name &optional result)
  `(throw ',(cl--block-tag name) ,result))

;;; Argument lists (cl-defun, cl-defmacro, cl-destructuring-bind)

(defconst cl--lambda-list-keywords
  '(&optional &rest &key &allow-other-keys &aux &whole &body &environment))

(defun cl--simple-args-p (args)
  (let ((ok t))
    (while (and ok (consp args))
      (unless (and (symbolp (car args)) (not (memq (car args) '(&key &aux &body &allow-other-keys &whole &environment))))
        (setq ok nil))
      (setq args (cdr args)))
    (and ok (null args))))

(defun cl--keyword-of (var) (intern (format ":%s" var)))

(defun cl--check-keys (plist allowed)
  (unless (plist-get plist :allow-other-keys)
    (let ((tail plist))
      (while tail
        (unless (or (memq (car tail) allowed) (eq (car tail) :allow-other-keys))
          (error "Keyword argument %S not one of %S" (car tail) allowed))
        (setq tail (cdr (cdr tail)))))))

(defun cl--bind-args (args value)
  "`let*' bindings that destructure the list VALUE (a form) by lambda list ARGS."
  (let* ((tail (make-symbol "tail"))
         (bindings (list (list tail value)))
         (mode 'required)
         (keys nil)
         (allow-other nil)
         (has-key nil))
    (when (eq (car-safe args) '&whole)
      (push (list (car (cdr args)) tail) bindings)
      (setq args (cdr (cdr args))))
    (while args
      (let ((a (if (consp args) (car args) args)))
        (cond
         ((not (consp args))            ; dotted: (a . rest)
          (push (list a tail) bindings) (setq args nil a nil))
         ((eq a '&optional) (setq mode 'optional))
         ((memq a '(&rest &body))
          (let ((var (car (cdr args))))
            (if (consp var)
                (setq bindings (append (reverse (cl--bind-args var tail)) bindings))
              (push (list var tail) bindings)))
          (setq args (cdr args)))
         ((eq a '&key) (setq mode 'key has-key t))
         ((eq a '&allow-other-keys) (setq allow-other t))
         ((eq a '&aux) (setq mode 'aux))
         ((eq a '&environment) (push (list (car (cdr args)) nil) bindings) (setq args (cdr args)))
         ((eq mode 'required)
          (if (consp a)
              (setq bindings (append (reverse (cl--bind-args a `(pop ,tail))) bindings))
            (push (list a `(if ,tail (pop ,tail)
                             (signal 'wrong-number-of-arguments (list nil (length ,value)))))
                  bindings)))
         ((eq mode 'optional)
          (let ((var (if (consp a) (car a) a)) (default (if (consp a) (nth 1 a)))
                (svar (if (consp a) (nth 2 a))))
            (when svar (push (list svar `(and ,tail t)) bindings))
            (if (consp var)
                (setq bindings (append (reverse (cl--bind-args var `(if ,tail (pop ,tail) ,default))) bindings))
              (push (list var `(if ,tail (pop ,tail) ,default)) bindings))))
         ((eq mode 'key)
          (let* ((spec (if (consp a) (car a) a))
                 (var (if (consp spec) (nth 1 spec) spec))
                 (kw (if (consp spec) (car spec) (cl--keyword-of spec)))
                 (default (if (consp a) (nth 1 a)))
                 (svar (if (consp a) (nth 2 a)))
                 (found (make-symbol "found")))
            (push kw keys)
            (push (list found `(plist-member ,tail ',kw)) bindings)
            (when svar (push (list svar `(and ,found t)) bindings))
            (if (consp var)
                (setq bindings (append (reverse (cl--bind-args var `(if ,found (car (cdr ,found)) ,default))) bindings))
              (push (list var `(if ,found (car (cdr ,found)) ,default)) bindings))))
         ((eq mode 'aux)
          (if (and (consp a) (consp (car a))) ; &aux ((LINE . COLUMN) FORM) destructures
              (setq bindings (append (reverse (cl--bind-args (car a) (nth 1 a))) bindings))
            (push (if (consp a) (list (car a) (nth 1 a)) (list a nil)) bindings))))
        (when (consp args) (setq args (cdr args)))))
    (when (and has-key (not allow-other))
      (push (list (make-symbol "_") `(cl--check-keys ,tail ',(nreverse keys))) bindings))
    (nreverse bindings)))

(defun cl--split-body (body)
  "(HEADER . REST): the docstring, declarations and interactive form of BODY."
  (let ((header nil))
    (when (and (stringp (car body)) (cdr body)) (push (pop body) header))
    (while (memq (car-safe (car body)) '(declare interactive))
      (push (pop body) header))
    (cons (nreverse header) body)))

(defun cl--transform-lambda (args body &optional block)
  "(ARGS . BODY) for a plain lambda equivalent to the CL lambda list ARGS."
  (let* ((split (cl--split-body body))
         (header (car split))
         (forms (cdr split))
         (forms (if block (list `(cl-block ,block ,@forms)) forms)))
    (if (cl--simple-args-p args)
        (cons args (append header forms))
      (let ((simple nil))
        (while (and (consp args) (symbolp (car args))
                    (not (memq (car args) cl--lambda-list-keywords)))
          (push (pop args) simple))
        (if (and (eq (car-safe args) '&optional) (cl--simple-args-p args))
            (cons (append (nreverse simple) args) (append header forms))
          (let ((rest (make-symbol "rest")))
            (cons (append (nreverse simple) (list '&rest rest))
                  (append header (list `(let* ,(cl--bind-args args rest) ,@forms))))))))))

;;;###autoload
(defmacro cl-defun (name args &rest body)
  "Define NAME as a function with a Common Lisp lambda list."
  (declare (indent 2))
  (let ((res (cl--transform-lambda args body name)))
    `(defun ,name ,(car res) ,@(cdr res))))

(defmacro cl-iter-defun (name args &rest body)
  `(cl-defun ,name ,args ,@body))

;;;###autoload
(defmacro cl-defsubst (name args &rest body)
  `(cl-defun ,name ,args ,@body))

;;;###autoload
(defmacro cl-defmacro (name args &rest body)
  "Define NAME as a macro with a Common Lisp (destructuring) lambda list."
  (declare (indent 2))
  (let ((res (cl--transform-lambda (cl--macro-args args) body name)))
    `(defmacro ,name ,(car res) ,@(cdr res))))

(defun cl--macro-args (args)
  ;; A dotted tail is &rest.
  (if (listp (cdr (last args))) (if (null (cdr (last args))) args args)
    (let ((copy (copy-sequence args)))
      (setcdr (last copy) (list '&rest (cdr (last args))))
      copy)))

;;;###autoload
(defmacro cl-function (func)
  (if (eq (car-safe func) 'lambda)
      (let ((res (cl--transform-lambda (car (cdr func)) (cdr (cdr func)))))
        `(function (lambda ,(car res) ,@(cdr res))))
    `(function ,func)))

;;;###autoload
(defmacro cl-destructuring-bind (args expr &rest body)
  (declare (indent 2))
  `(let* ,(cl--bind-args (cl--macro-args args) expr) ,@body))

;;; Control structure

;;;###autoload
(defmacro cl-case (expr &rest clauses)
  "Eval EXPR and choose among CLAUSES by `eql' on their keys."
  (declare (indent 1))
  (let ((temp (make-symbol "val")))
    `(let ((,temp ,expr))
       (cond
        ,@(mapcar
           (lambda (c)
             (cons (cond ((memq (car c) '(t otherwise)) t)
                         ((eq (car c) 'cl--ecase-error-flag)
                          `(error "cl-ecase failed: %s, %s" ,temp ',(cl--case-keys clauses)))
                         ((listp (car c)) `(cl-member ,temp ',(car c)))
                         (t `(eql ,temp ',(car c))))
                   (or (cdr c) '(nil))))
           clauses)))))

(defun cl--case-keys (clauses)
  (let (keys)
    (dolist (c clauses)
      (unless (eq (car c) 'cl--ecase-error-flag)
        (if (listp (car c)) (setq keys (append keys (car c))) (setq keys (append keys (list (car c)))))))
    keys))

;;;###autoload
(defmacro cl-ecase (expr &rest clauses)
  (declare (indent 1))
  `(cl-case ,expr ,@clauses (cl--ecase-error-flag)))

;;;###autoload
(defmacro cl-typecase (expr &rest clauses)
  (declare (indent 1))
  (let ((temp (make-symbol "val")))
    `(let ((,temp ,expr))
       (cond
        ,@(mapcar
           (lambda (c)
             (cons (cond ((memq (car c) '(t otherwise)) t)
                         ((eq (car c) 'cl--ecase-error-flag)
                          `(error "cl-etypecase failed: %s, %s" ,temp
                                  ',(delq 'cl--ecase-error-flag (mapcar #'car clauses))))
                         (t `(cl-typep ,temp ',(car c))))
                   (or (cdr c) '(nil))))
           clauses)))))

;;;###autoload
(defmacro cl-etypecase (expr &rest clauses)
  (declare (indent 1))
  `(cl-typecase ,expr ,@clauses (cl--ecase-error-flag)))

;;;###autoload
(defmacro cl-dolist (spec &rest body)
  (declare (indent 1))
  `(cl-block nil (dolist ,spec ,@body)))

;;;###autoload
(defmacro cl-dotimes (spec &rest body)
  (declare (indent 1))
  `(cl-block nil (dotimes ,spec ,@body)))

(defmacro cl-do (steps endtest &rest body)
  (declare (indent 2))
  (cl--expand-do 'let 'cl-psetq steps endtest body))
(defmacro cl-do* (steps endtest &rest body)
  (declare (indent 2))
  (cl--expand-do 'let* 'setq steps endtest body))
(defun cl--expand-do (let-sym set-sym steps endtest body)
  `(cl-block nil
     (,let-sym ,(mapcar (lambda (s) (if (consp s) (list (car s) (nth 1 s)) s)) steps)
       (while (not ,(car endtest))
         ,@body
         (,set-sym ,@(apply #'append (mapcar (lambda (s) (if (and (consp s) (cdr (cdr s)))
                                                             (list (car s) (nth 2 s))))
                                             steps))))
       ,@(or (cdr endtest) '(nil)))))

;;;###autoload
(defmacro cl-psetq (&rest args)
  "Set SYMs to VALs in parallel."
  `(cl-psetf ,@args))

(defmacro cl-psetf (&rest args)
  (let ((pairs nil) (temps nil))
    (while args
      (let ((tmp (make-symbol "v")))
        (push (list tmp (car (cdr args))) temps)
        (push (list (car args) tmp) pairs))
      (setq args (cdr (cdr args))))
    `(let ,(nreverse temps)
       (setf ,@(apply #'append (nreverse pairs)))
       nil)))

;;;###autoload
(defmacro cl-rotatef (&rest places)
  (when (cdr places)
    (let ((tmp (make-symbol "tmp")) (forms nil) (p places))
      (while (cdr p)
        (push `(setf ,(car p) ,(car (cdr p))) forms)
        (setq p (cdr p)))
      `(let ((,tmp ,(car places)))
         ,@(nreverse forms)
         (setf ,(car p) ,tmp)
         nil))))

(defmacro cl-shiftf (place &rest args)
  (if (null args) place
    `(prog1 ,place (setf ,place (cl-shiftf ,@args)))))

;;;###autoload
(defmacro cl-pushnew (x place &rest keys)
  "Add X to the list in PLACE unless it is already there (by :test, default `eql')."
  (if (and (null keys) (symbolp place))
      `(setq ,place (cl-adjoin ,x ,place))
    (let ((v (make-symbol "x")))
      `(let ((,v ,x))
         ,(internal--setf-rmw place (lambda (p) `(setf ,p (cl-adjoin ,v ,p ,@keys))))))))

;; internal--setf-rmw (prelude): PLACE's subforms are evaluated once.
;;;###autoload
(defmacro cl-callf (func place &rest args)
  (internal--setf-rmw
   place (lambda (p) `(setf ,p ,(if (symbolp func) `(,func ,p ,@args) `(funcall ,func ,p ,@args))))))
(defmacro cl-callf2 (func arg1 place &rest args)
  (let ((v (make-symbol "x")))
    `(let ((,v ,arg1))
       ,(internal--setf-rmw
         place (lambda (p) `(setf ,p ,(if (symbolp func) `(,func ,v ,p ,@args)
                                       `(funcall ,func ,v ,p ,@args))))))))

(defmacro cl-progv (symbols values &rest body)
  (let ((syms (make-symbol "syms")) (vals (make-symbol "vals")) (binds (make-symbol "binds")))
    `(let ((,syms ,symbols) (,vals ,values) (,binds nil))
       (while ,syms (push (list (pop ,syms) (list 'quote (pop ,vals))) ,binds))
       (eval (list 'let (nreverse ,binds) (list 'funcall (list 'quote (lambda () ,@body))))))))

;;;###autoload
(defmacro cl-multiple-value-bind (vars form &rest body)
  (declare (indent 2))
  (let ((temp (make-symbol "mv")))
    `(let* ((,temp ,form)
            ,@(let ((i -1)) (mapcar (lambda (v) (setq i (1+ i)) (list v `(nth ,i ,temp))) vars)))
       ,@body)))
(defmacro cl-multiple-value-setq (vars form)
  (let ((temp (make-symbol "mv")) (i -1))
    `(let ((,temp ,form))
       ,@(mapcar (lambda (v) (setq i (1+ i)) `(setq ,v (nth ,i ,temp))) vars)
       (car ,temp))))
(defalias 'cl-multiple-value-list #'identity)
(defalias 'cl-multiple-value-call #'apply)
(defmacro cl-the (_type form) form)
(defmacro cl-declare (&rest _specs) nil)
(defmacro cl-declaim (&rest _specs) nil)
(defmacro cl-locally (&rest body) (cons 'progn body))
(defmacro cl-eval-when (_when &rest body) (cons 'progn body))
(defmacro cl-load-time-value (form &optional _read-only) `(quote ,(eval form t)))
(defun cl-proclaim (_spec) nil)

;;;###autoload
(defmacro cl-assert (form &optional show-args string &rest args)
  `(progn
     (or ,form
         ,(if string `(error ,string ,@args)
            `(signal 'cl-assertion-failed
                     (list ',form ,@(and show-args (cl-remove-if-not #'consp (cdr-safe form)) nil)))))
     nil))

;;;###autoload
(defmacro cl-check-type (form type &optional _string)
  (let ((temp (make-symbol "v")))
    `(let ((,temp ,form))
       (unless (cl-typep ,temp ',type)
         (signal 'wrong-type-argument (list ',type ,temp ',form)))
       nil)))

(defmacro cl-with-gensyms (names &rest body)
  (declare (indent 1))
  `(let ,(mapcar (lambda (n) (list n `(make-symbol ,(symbol-name n)))) names) ,@body))

(defmacro cl-once-only (names &rest body)
  (declare (indent 1))
  (let* ((specs (mapcar (lambda (n) (if (consp n) n (list n n))) names))
         (gens (mapcar (lambda (_) (make-symbol "g")) specs)))
    `(let ,(cl-mapcar (lambda (g s) (list g `(make-symbol ,(symbol-name (car s))))) gens specs)
       (list 'let (list ,@(cl-mapcar (lambda (g s) `(list ,g ,(nth 1 s))) gens specs))
             (let ,(cl-mapcar (lambda (g s) (list (car s) g)) gens specs)
               ,@body)))))

;;; Local functions and macros

(defun cl--subst-function-refs (form alist)
  "Replace (function F) by the variable of F in ALIST throughout FORM."
  (cond ((not (consp form)) form)
        ((eq (car form) 'quote) form)
        ((and (eq (car form) 'function) (symbolp (car-safe (cdr form)))
              (assq (car (cdr form)) alist))
         (cdr (assq (car (cdr form)) alist)))
        (t (let ((res nil))
             (while (consp form)
               (push (cl--subst-function-refs (car form) alist) res)
               (setq form (cdr form)))
             (let ((out (nreverse res)))
               (if form (setcdr (last out) form))
               out)))))

(defun cl--local-function-env (alist)
  (mapcar (lambda (pair)
            (let ((var (cdr pair)))
              (cons (car pair) (lambda (&rest args) `(funcall ,var ,@args)))))
          alist))

(defun cl--expand-with-functions (body alist)
  (let ((env (append (cl--local-function-env alist) macroexpand-all-environment)))
    (mapcar (lambda (f) (cl--subst-function-refs (macroexpand-all f env) alist)) body)))

(defvar macroexpand-all-environment nil)

(defun cl--flet-function (def)
  (if (and (cdr def) (null (cdr (cdr def))) (not (listp (car (cdr def)))))
      (car (cdr def))                     ; (NAME EXP)
    (if (and (null (cdr (cdr def))) (consp (car (cdr def))) (cdr def)
             (not (listp (car (car (cdr def))))) (memq (car (car (cdr def))) '(lambda function)))
        (car (cdr def))                   ; (NAME (lambda ...)) also an EXP
      `(cl-function (lambda ,(car (cdr def)) ,@(cdr (cdr def)))))))

;;;###autoload
(defmacro cl-flet (bindings &rest body)
  "Make local function definitions (not seen by the functions themselves)."
  (declare (indent 1))
  (let* ((alist (mapcar (lambda (b) (cons (car b) (make-symbol (format "--cl-%s--" (car b))))) bindings)))
    `(let ,(cl-mapcar (lambda (b pair) (list (cdr pair) (cl--flet-function b))) bindings alist)
       ,@(cl--expand-with-functions body alist))))

;;;###autoload
(defmacro cl-flet* (bindings &rest body)
  (declare (indent 1))
  (if (null bindings) (macroexp-progn body)
    `(cl-flet (,(car bindings)) (cl-flet* ,(cdr bindings) ,@body))))

;;;###autoload
(defmacro cl-labels (bindings &rest body)
  "Make local (recursive) function definitions."
  (declare (indent 1))
  (let* ((alist (mapcar (lambda (b) (cons (car b) (make-symbol (format "--cl-%s--" (car b))))) bindings)))
    `(let ,(mapcar #'cdr alist)
       ,@(cl-mapcar (lambda (b pair)
                      `(setq ,(cdr pair)
                             ,(car (cl--expand-with-functions
                                    (list `(cl-function (lambda ,(car (cdr b)) ,@(cdr (cdr b)))))
                                    alist))))
                    bindings alist)
       ,@(cl--expand-with-functions body alist))))

;;;###autoload
(defmacro cl-macrolet (bindings &rest body)
  "Make local macro definitions."
  (declare (indent 1))
  (let ((env macroexpand-all-environment))
    (dolist (b bindings)
      (let ((res (cl--transform-lambda (cl--macro-args (car (cdr b))) (cdr (cdr b)))))
        (push (cons (car b) (eval `(lambda ,(car res) ,@(cdr res)) t)) env)))
    (let ((macroexpand-all-environment env))
      (macroexp-progn (mapcar (lambda (f) (macroexpand-all f env)) body)))))

(defmacro cl-symbol-macrolet (bindings &rest body)
  "Replace the symbols of BINDINGS by their expansions in BODY (textually)."
  (declare (indent 1))
  (let ((alist (mapcar (lambda (b) (cons (car b) (car (cdr b)))) bindings)))
    (macroexp-progn (mapcar (lambda (f) (cl--sublis-code f alist)) body))))

(defun cl--sublis-code (form alist)
  (cond ((symbolp form) (let ((a (assq form alist))) (if a (cdr a) form)))
        ((not (consp form)) form)
        ((eq (car form) 'quote) form)
        ((eq (car form) 'setq)
         (let ((args (cdr form)) (out nil))
           (while args
             (push `(setf ,(cl--sublis-code (car args) alist) ,(cl--sublis-code (car (cdr args)) alist)) out)
             (setq args (cdr (cdr args))))
           (macroexp-progn (nreverse out))))
        ;; A symbol macro stands for a variable, not a function:
        ;; `(car (car spec))' leaves the calls of car alone.
        ((memq (car form) '(function lambda))
         (if (and (eq (car form) 'function) (symbolp (nth 1 form))) form
           (let ((lam (if (eq (car form) 'function) (nth 1 form) form)))
             (let ((new `(lambda ,(nth 1 lam) ,@(mapcar (lambda (f) (cl--sublis-code f alist)) (nthcdr 2 lam)))))
               (if (eq (car form) 'function) `(function ,new) new)))))
        (t (let ((res (list (if (symbolp (car form)) (car form) (cl--sublis-code (car form) alist)))))
             (setq form (cdr form))
             (while (consp form) (push (cl--sublis-code (car form) alist) res) (setq form (cdr form)))
             (nreverse res)))))

;;;###autoload
(defmacro cl-letf (bindings &rest body)
  "Temporarily bind generalized PLACEs of BINDINGS while BODY runs."
  (declare (indent 1))
  (if (null bindings) (macroexp-progn body)
    (let* ((b (car bindings)) (place (car b))
           (inner `(cl-letf ,(cdr bindings) ,@body)))
      (if (symbolp place)
          `(let (,b) ,inner)
        (let ((old (make-symbol "old")))
          (if (eq (car-safe place) 'symbol-function)
              `(let ((,old (symbol-function ,(nth 1 place))))
                 (unwind-protect (progn ,@(if (cdr b) `((fset ,(nth 1 place) ,(nth 1 b)))) ,inner)
                   (fset ,(nth 1 place) ,old)))
            `(let ((,old ,place))
               (unwind-protect (progn ,@(if (cdr b) `((setf ,place ,(nth 1 b)))) ,inner)
                 (setf ,place ,old)))))))))

;;;###autoload
(defmacro cl-letf* (bindings &rest body)
  (declare (indent 1))
  `(cl-letf ,bindings ,@body))

;;; Types

;;;###autoload
(defun cl-typep (object type)
  "Whether OBJECT is of TYPE (a Common Lisp type specifier)."
  (cond
   ((eq type t) t)
   ((null type) nil)
   ((consp type)
    (let ((head (car type)))
      (cond ((eq head 'or) (let (r) (dolist (ty (cdr type)) (if (cl-typep object ty) (setq r t))) r))
            ((eq head 'and) (let ((r t)) (dolist (ty (cdr type)) (unless (cl-typep object ty) (setq r nil))) r))
            ((eq head 'not) (not (cl-typep object (car (cdr type)))))
            ((memq head '(member cl-member)) (and (cl-member object (cdr type)) t))
            ((eq head 'eql) (eql object (car (cdr type))))
            ((eq head 'satisfies) (and (funcall (car (cdr type)) object) t))
            ((memq head '(integer float real number))
             (and (cl-typep object head)
                  (or (memq (nth 1 type) '(* nil)) (>= object (nth 1 type)))
                  (or (memq (nth 2 type) '(* nil)) (<= object (nth 2 type)))
                  t))
            ((get head 'cl-deftype-handler)
             (cl-typep object (apply (get head 'cl-deftype-handler) (cdr type))))
            (t (error "Bad type spec: %s" type)))))
   ((memq type '(null)) (null object))
   ((eq type 'atom) (atom object))
   ((memq type '(real number)) (numberp object))
   ((eq type 'fixnum) (fixnump object))
   ((eq type 'bignum) (bignump object))
   ((eq type 'natnum) (natnump object))
   ((eq type 'character) (characterp object))
   ((eq type 'base-char) (characterp object))
   ((eq type 'boolean) (booleanp object))
   ((eq type 'keyword) (keywordp object))
   ((eq type 'list) (listp object))
   ((eq type 'cons) (consp object))
   ((eq type 'symbol) (symbolp object))
   ((eq type 'string) (stringp object))
   ((eq type 'array) (arrayp object))
   ((eq type 'vector) (vectorp object))
   ((eq type 'sequence) (sequencep object))
   ((eq type 'function) (functionp object))
   ((eq type 'float) (floatp object))
   ((eq type 'integer) (integerp object))
   ((eq type 'hash-table) (hash-table-p object))
   ((get type 'cl-deftype-satisfies) (and (funcall (get type 'cl-deftype-satisfies) object) t))
   ((get type 'cl--struct-type) (cl--struct-instance-p object type))
   ((get type 'cl-deftype-handler) (cl-typep object (funcall (get type 'cl-deftype-handler))))
   ((fboundp (intern (format "%sp" type))) (and (funcall (intern (format "%sp" type)) object) t))
   ((fboundp (intern (format "%s-p" type))) (and (funcall (intern (format "%s-p" type)) object) t))
   (t (error "Unknown type %S" type))))

(defmacro cl-deftype (name arglist &rest body)
  "Define NAME as the type BODY returns: (NAME ARGS...) binds ARGLIST to
ARGS, an optional argument not given being `*', as in Emacs's cl-macs."
  (let ((optional nil) (args nil))
    (dolist (arg arglist)
      (cond ((memq arg '(&optional &rest &key)) (setq optional (eq arg '&optional)) (push arg args))
            ((and optional (symbolp arg)) (push (list arg ''*) args))
            (t (push arg args))))
    `(progn (put ',name 'cl-deftype-handler (cl-function (lambda ,(nreverse args) ,@body)))
            ',name)))

(defun cl-coerce (x type)
  (cond ((eq type 'list) (if (listp x) x (append x nil)))
        ((eq type 'vector) (if (vectorp x) x (vconcat x)))
        ((eq type 'bool-vector) x)
        ((eq type 'string) (if (stringp x) x (concat x)))
        ((eq type 'array) (if (arrayp x) x (vconcat x)))
        ((and (eq type 'character) (stringp x) (= (length x) 1)) (aref x 0))
        ((and (eq type 'character) (symbolp x)) (cl-coerce (symbol-name x) type))
        ((eq type 'float) (float x))
        ((cl-typep x type) x)
        (t (error "Can't coerce %s to type %s" x type))))

;;; Structures
;;
;; cl-defstruct follows Emacs's protocol, so Emacs's cl-preloaded.el,
;; cl-generic.el and EIEIO see the same structures as in Emacs: a record (or
;; a tagged vector or list) whose tag is the type's name, a variable
;; `cl-struct-NAME-tags' listing the tags of NAME and its descendants (what
;; the predicate and accessors test), and a class object registered by
;; `cl-struct-define' where `cl--find-class' finds it.  The slot lists are
;; also kept on the name's plist for :include and the slot functions.

(defmacro cl--find-class (type) `(get ,type 'cl--class))

(defconst cl--emacs-preloaded
  (and (bound-and-true-p gapmacs-emacs-lisp-directory) (locate-library "emacs-lisp/cl-preloaded") t)
  "Whether Emacs's cl-preloaded.el is there to load.  Asked of the library,
not of `cl-struct-define': the editor loads this file at start-up, before
the preloaded index gives that function its autoload.")

(defvar cl--struct-default-parent nil)

(defun cl--struct-load-classes ()
  "Load Emacs's cl-preloaded.el when the preloaded index has it and it is
not loaded yet: it defines the classes a struct may include or inherit
\(cl-structure-object, cl--class), so they exist before a cl-defstruct expands."
  (let ((define (symbol-function 'cl-struct-define)))
    (when (autoloadp define)
      (autoload-do-load define 'cl-struct-define))))

(defun cl--struct-tags-symbol (name) (intern (format "cl-struct-%s-tags" name)))

(defun cl--struct-instance-p (object name)
  (let ((type (get name 'cl--struct-type))
        (offset (or (get name 'cl--struct-offset) 0))
        (tags (get name 'cl--struct-tags)))
    (and tags (boundp tags)
         (memq (cond ((eq type 'list) (and (consp object) (nth offset object)))
                     ((eq type 'vector) (and (vectorp object) (> (length object) offset) (aref object offset)))
                     (t (type-of object)))
               (symbol-value tags))
         t)))

(defun cl--struct-parse-slot (slot)
  (if (consp slot) (list (car slot) (nth 1 slot) (plist-get (nthcdr 2 slot) :read-only))
    (list slot nil nil)))

(defun cl--struct-tag-test (kind tags offset length)
  "The form testing that `cl-x' is a struct whose tag is in TAGS."
  (cond ((eq kind 'record) `(memq (type-of cl-x) ,tags))
        ((eq kind 'list) `(and (consp cl-x) (memq (nth ,offset cl-x) ,tags)))
        (t `(and (vectorp cl-x) (>= (length cl-x) ,length) (memq (aref cl-x ,offset) ,tags)))))

;;;###autoload
(defmacro cl-defstruct (name-and-options &rest slots)
  "Define a struct type: constructor, accessors (setf-able), predicate, copier."
  (declare (indent 1) (doc-string 2))
  (let* ((name (if (consp name-and-options) (car name-and-options) name-and-options))
         (options (if (consp name-and-options) (cdr name-and-options)))
         (sname (symbol-name name))
         (conc-name (concat sname "-"))
         (constructors nil) (default-constructor t)
         (predicate (intern (concat sname "-p")))
         (copier (intern (concat "copy-" sname)))
         (include nil) (include-defaults nil)
         (type nil) (named nil) (offset 0)
         (docstring (if (stringp (car slots)) (pop slots))))
    (cl--struct-load-classes)
    (dolist (opt options)
      (let ((key (if (consp opt) (car opt) opt)) (args (if (consp opt) (cdr opt))))
        (cond ((eq key :conc-name)
               (setq conc-name (if (car args) (if (symbolp (car args)) (symbol-name (car args)) (car args)) "")))
              ((eq key :constructor)
               (cond ((null args))
                     ((null (car args)) (setq default-constructor nil))
                     ((cdr args) (push args constructors))
                     (t (push (list (car args)) constructors) (setq default-constructor nil))))
              ((eq key :predicate) (setq predicate (car args)))
              ((eq key :copier) (setq copier (car args)))
              ((eq key :include) (setq include (car args) include-defaults (cdr args)))
              ((eq key :type) (setq type (car args)))
              ((eq key :named) (setq named t))
              ((eq key :initial-offset) (setq offset (car args))))))
    (when (and default-constructor (not (assq (intern (concat "make-" sname)) constructors)))
      (push (list (intern (concat "make-" sname))) constructors))
    (when (and include (null type))
      (setq type (let ((k (get include 'cl--struct-type))) (if (eq k 'record) nil k))
            named (and type (get include 'cl--struct-named))
            offset (or (get include 'cl--struct-offset) 0)))
    (let* ((tagged (or (null type) named))
           (kind (or type 'record))
           ;; An unnamed typed struct has no tag in its objects; its class still
           ;; takes one, `cl-struct-NAME', as in Emacs.
           (tag (if tagged name (intern (format "cl-struct-%s" name))))
           (tags (cl--struct-tags-symbol name))
           (parent-slots (if include (copy-sequence (get include 'cl--struct-slots))))
           (parent-slots
            (mapcar (lambda (s)
                      (let ((override (assq (car s) (mapcar (lambda (d) (if (consp d) d (list d nil))) include-defaults))))
                        (if override (list (car s) (nth 1 override) (nth 2 s)) s)))
                    parent-slots))
           (own-slots (mapcar #'cl--struct-parse-slot slots))
           (all-slots (append parent-slots own-slots))
           (base (+ offset (if tagged 1 0)))
           (length (+ base (length all-slots)))
           ;; The slot descriptions cl-struct-define takes: skipped and tag
           ;; slots first, then (NAME DEFAULT . OPTIONS) as written.
           (descs (append (make-list offset '(cl-skip-slot))
                          (if tagged '((cl-tag-slot)))
                          (mapcar (lambda (s) (if (nth 2 s) (list (car s) (nth 1 s) :read-only t) (list (car s) (nth 1 s))))
                                  parent-slots)
                          (mapcar (lambda (s) (if (consp s) s (list s))) slots)))
           (parent (or include (and (null type) cl--struct-default-parent)))
           (test (and tagged (cl--struct-tag-test kind tags offset length)))
           (forms nil))
      (push `(defvar ,tags) forms)
      (push `(put ',name 'cl--struct-slots ',all-slots) forms)
      (push `(put ',name 'cl--struct-type ',kind) forms)
      (push `(put ',name 'cl--struct-named ',named) forms)
      (push `(put ',name 'cl--struct-offset ,offset) forms)
      (push `(put ',name 'cl--struct-tags ',tags) forms)
      (push `(put ',name 'cl--struct-parent ',include) forms)
      ;; Constructors.
      (let ((make-form
             (lambda (values)
               (let ((items (append (make-list offset nil) (if tagged (list `',tag)) values)))
                 (cond ((eq kind 'list) `(list ,@items))
                       ((eq kind 'record) `(record ,@items))
                       (t `(vector ,@items)))))))
        (dolist (c constructors)
          (let ((cname (car c)))
            (if (cdr c)
                ;; BOA constructor: its lambda list names some slots.
                (let* ((arglist (car (cdr c)))
                       (mentioned (cl--lambda-list-vars arglist))
                       (args (cl--boa-defaults arglist all-slots)))
                  (push `(cl-defsubst ,cname ,args
                           ,(funcall make-form
                                     (mapcar (lambda (s) (if (memq (car s) mentioned) (car s) (nth 1 s)))
                                             all-slots)))
                        forms))
              (push `(cl-defsubst ,cname (&key ,@(mapcar (lambda (s) (list (car s) (nth 1 s))) all-slots))
                       ,(funcall make-form (mapcar #'car all-slots)))
                    forms)))))
      ;; Predicate.
      (when (and predicate tagged)
        (push `(defun ,predicate (cl-x) (and ,test t)) forms)
        (push `(put ',name 'cl-deftype-satisfies ',predicate) forms))
      ;; Copier.
      (when copier (push `(defalias ',copier #'copy-sequence) forms))
      ;; Accessors.
      (let ((i base))
        (dolist (s all-slots)
          (let ((acc (intern (concat conc-name (symbol-name (car s)))))
                (idx i))
            (push `(defun ,acc (cl-x)
                     ,@(if tagged `((or ,test (signal 'wrong-type-argument (list ',name cl-x)))))
                     ,(if (eq kind 'list) `(nth ,idx cl-x) `(aref cl-x ,idx)))
                  forms)
            (if (nth 2 s)
                (push `(put ',acc 'gv--setter
                            (lambda (_v &rest _) (error "%s is a read-only slot" ',acc)))
                      forms)
              (push `(put ',acc 'gv--setter
                          (lambda (v obj)
                            ,(if (eq kind 'list)
                                 `(list 'setcar (list 'nthcdr ,idx obj) v)
                               `(list 'aset obj ,idx v))))
                    forms)))
          (setq i (1+ i))))
      (push `(cl-struct-define ',name ,docstring ',parent ',kind ,(and type (eq named t)) ',descs ',tags ',tag t) forms)
      `(progn ,@(nreverse forms) ',name))))

(defun cl-struct-sequence-type (struct-type)
  "The sequence type of STRUCT-TYPE's objects: `vector', `list', or nil for a record."
  (let ((kind (get struct-type 'cl--struct-type)))
    (if (eq kind 'record) nil kind)))

;; The pattern (cl-struct TYPE FIELDS...) of pcase, as Emacs's cl-macs has it
;; (pcase-defmacro's form, without loading pcase.el with cl-lib).
(defun cl-struct--pcase-macroexpander (type &rest fields)
  "Match an object of struct TYPE whose FIELDS (SLOT or (SLOT PAT)) match."
  `(and (pred (lambda (x) (cl-typep x ',type)))
        ,@(mapcar (lambda (field)
                    (let ((pat (if (consp field) (car (cdr field)) field))
                          (offset (cl-struct-slot-offset type (if (consp field) (car field) field))))
                      `(app (lambda (x) ,(if (eq (cl-struct-sequence-type type) 'list)
                                            `(nth ,offset x)
                                          `(aref x ,offset)))
                            ,pat)))
                  fields)))

(defun cl--pattern-vars (pattern)
  "The variables a destructuring PATTERN of cl-defun binds."
  (cond ((memq pattern cl--lambda-list-keywords) nil)
        ((symbolp pattern) (and pattern (list pattern)))
        ((consp pattern) (append (cl--pattern-vars (car pattern)) (cl--pattern-vars (cdr pattern))))))

(defun cl--lambda-list-vars (args)
  (let (vars mode)
    (dolist (a args)
      (cond ((memq a cl--lambda-list-keywords) (setq mode a))
            ((symbolp a) (push a vars))
            ;; &key ((:KEYWORD VAR) DEFAULT)
            ((and (eq mode '&key) (consp (car a)) (keywordp (caar a))) (push (nth 1 (car a)) vars))
            ;; (VAR-OR-PATTERN DEFAULT) after &optional, &key or &aux; a pattern before them
            (t (setq vars (append (reverse (cl--pattern-vars (if mode (car a) a))) vars)))))
    vars))

(defun cl--boa-defaults (args slots)
  "ARGS with slot defaults filled in for &optional and &key arguments without one."
  (let ((mode nil))
    (mapcar (lambda (a)
              (cond ((memq a cl--lambda-list-keywords) (setq mode a) a)
                    ((and (memq mode '(&optional &key)) (symbolp a) (assq a slots))
                     (list a (nth 1 (assq a slots))))
                    ((and (eq mode '&aux) (symbolp a)) (list a (nth 1 (assq a slots))))
                    (t a)))
            args)))

(defun cl-struct-slot-info (struct-type)
  "The slots of STRUCT-TYPE as (NAME DEFAULT OPTIONS...), its tag slot first."
  (let ((class (cl--find-class struct-type)))
    (if (not (and class (fboundp 'cl--struct-class-slots)))
        (mapcar (lambda (s) (list (car s) (nth 1 s))) (get struct-type 'cl--struct-slots))
      (let ((descs (if (cl--struct-class-type class) nil (list '(cl-tag-slot)))))
        (mapc (lambda (slot)
                (push `(,(cl--slot-descriptor-name slot) ,(cl--slot-descriptor-initform slot)
                        ,@(unless (eq (cl--slot-descriptor-type slot) t) `(:type ,(cl--slot-descriptor-type slot)))
                        ,@(apply #'append (mapcar (lambda (p) (list (car p) (cdr p)))
                                                  (cl--slot-descriptor-props slot))))
                      descs))
              (cl--struct-class-slots class))
        (nreverse descs)))))
(defun cl-struct-slot-offset (struct-type slot-name)
  (let ((i 0) (found nil) (slots (get struct-type 'cl--struct-slots)))
    (while (and slots (not found))
      (if (eq (car (car slots)) slot-name) (setq found i))
      (setq i (1+ i) slots (cdr slots)))
    (unless found (error "struct %s has no slot %s" struct-type slot-name))
    (+ found (or (get struct-type 'cl--struct-offset) 0)
       (if (or (eq (get struct-type 'cl--struct-type) 'record) (get struct-type 'cl--struct-named)) 1 0))))
(defun cl-struct-slot-value (struct-type slot-name inst)
  (elt inst (cl-struct-slot-offset struct-type slot-name)))

;;; Sequences: keyword arguments

(defun cl--kw (keys name &optional default)
  (let ((m (plist-member keys name))) (if m (car (cdr m)) default)))

(defun cl--make-test (keys)
  "A function (ITEM ELT) for :test/:test-not, or else :if/:if-not (a
predicate of the element, ITEM unused: (cl-remove nil LIST :if-not P)),
applying :key to ELT."
  (let ((test (cl--kw keys :test)) (test-not (cl--kw keys :test-not))
        (if-pred (cl--kw keys :if)) (if-not (cl--kw keys :if-not))
        (key (cl--kw keys :key)))
    (cond (test-not (lambda (item elt) (not (funcall test-not item (if key (funcall key elt) elt)))))
          ((and (null test) if-pred) (lambda (_item elt) (funcall if-pred (if key (funcall key elt) elt))))
          ((and (null test) if-not) (lambda (_item elt) (not (funcall if-not (if key (funcall key elt) elt)))))
          ((and (null key) (or (null test) (memq test '(eql cl-eql)))) #'eql)
          ((and (null key) test) test)
          (t (let ((test (or test #'eql)))
               (lambda (item elt) (funcall test item (funcall key elt))))))))

(defun cl--make-pred (pred keys)
  ;; A nil PRED is no :if at all, as Emacs's cl-seq reads it: the test is
  ;; then against the item nil (cl-remove-if nil removes the nils).
  (let ((key (cl--kw keys :key)) (pred (or pred #'null)))
    (if key (lambda (elt) (funcall pred (funcall key elt))) pred)))

(defun cl--make-not-pred (pred keys)
  "The negation of PRED for the -if-not functions; a nil PRED is no :if-not
at all, so the test stays the one against nil, as in Emacs."
  (let ((p (cl--make-pred pred keys)))
    (if pred (lambda (x) (not (funcall p x))) p)))

(defun cl--seq-result (seq list)
  (cond ((listp seq) list)
        ((stringp seq) (concat list))
        (t (vconcat list))))

(defun cl--remove (pred seq keys)
  "Remove elements of SEQ satisfying PRED, honouring :count :start :end :from-end."
  (let* ((start (cl--kw keys :start 0)) (end (cl--kw keys :end))
         (count (cl--kw keys :count)) (from-end (cl--kw keys :from-end))
         (list (append seq nil)) (len (length list))
         (end (or end len)) (i 0) (removed 0) (out nil))
    (if (and count from-end)
        (let ((matches 0) (j 0))
          (dolist (x list) (when (and (>= j start) (< j end) (funcall pred x)) (setq matches (1+ matches))) (setq j (1+ j)))
          (let ((skip (max 0 (- matches count))))
            (dolist (x list)
              (if (and (>= i start) (< i end) (funcall pred x))
                  (if (> skip 0) (progn (setq skip (1- skip)) (push x out)) nil)
                (push x out))
              (setq i (1+ i)))))
      (dolist (x list)
        (if (and (>= i start) (< i end) (or (null count) (< removed count)) (funcall pred x))
            (setq removed (1+ removed))
          (push x out))
        (setq i (1+ i))))
    (setq out (nreverse out))
    (if (and (listp seq) (= (length out) len)) seq (cl--seq-result seq out))))

;;;###autoload
(defun cl-remove-if (pred seq &rest keys)
  (cl--remove (cl--make-pred pred keys) seq keys))
;;;###autoload
(defun cl-remove-if-not (pred seq &rest keys)
  (cl--remove (cl--make-not-pred pred keys) seq keys))
;;;###autoload
(defun cl-remove (item seq &rest keys)
  (let ((test (cl--make-test keys))) (cl--remove (lambda (x) (funcall test item x)) seq keys)))
;; Emacs's old names of the c[ad]r functions of three and four letters.
(dolist (name '("aaa" "aad" "ada" "add" "daa" "dad" "dda" "ddd"
                "aaaa" "aaad" "aada" "aadd" "adaa" "adad" "adda" "addd"
                "daaa" "daad" "dada" "dadd" "ddaa" "ddad" "ddda" "dddd"))
  (defalias (intern (concat "cl-c" name "r")) (intern (concat "c" name "r"))))

;;;###autoload
(defalias 'cl-delete #'cl-remove)
(defalias 'cl-delete-if #'cl-remove-if)
(defalias 'cl-delete-if-not #'cl-remove-if-not)

(defun cl--position (pred seq keys)
  (let* ((start (cl--kw keys :start 0)) (end (cl--kw keys :end))
         (from-end (cl--kw keys :from-end))
         (len (length seq)) (end (or end len)) (i start) (found nil))
    (if (listp seq)
        (let ((tail (nthcdr start seq)))
          (while (and tail (< i end) (or from-end (not found)))
            (if (funcall pred (car tail)) (setq found i))
            (setq i (1+ i) tail (cdr tail))))
      (while (and (< i end) (or from-end (not found)))
        (if (funcall pred (aref seq i)) (setq found i))
        (setq i (1+ i))))
    found))

;;;###autoload
(defun cl-position (item seq &rest keys)
  (let ((test (cl--make-test keys))) (cl--position (lambda (x) (funcall test item x)) seq keys)))
;;;###autoload
(defun cl-position-if (pred seq &rest keys)
  (cl--position (cl--make-pred pred keys) seq keys))
(defun cl-position-if-not (pred seq &rest keys)
  (cl--position (cl--make-not-pred pred keys) seq keys))
;;;###autoload
(defun cl-find (item seq &rest keys)
  (let ((i (apply #'cl-position item seq keys))) (and i (elt seq i))))
;;;###autoload
(defun cl-find-if (pred seq &rest keys)
  (let ((i (apply #'cl-position-if pred seq keys))) (and i (elt seq i))))
;;;###autoload
(defun cl-find-if-not (pred seq &rest keys)
  (let ((i (apply #'cl-position-if-not pred seq keys))) (and i (elt seq i))))

(defun cl--count (pred seq keys)
  (let* ((start (cl--kw keys :start 0)) (end (cl--kw keys :end)) (i 0) (n 0))
    (mapc (lambda (x)
            (when (and (>= i start) (or (null end) (< i end)) (funcall pred x)) (setq n (1+ n)))
            (setq i (1+ i)))
          seq)
    n))
;;;###autoload
(defun cl-count (item seq &rest keys)
  (let ((test (cl--make-test keys))) (cl--count (lambda (x) (funcall test item x)) seq keys)))
;;;###autoload
(defun cl-count-if (pred seq &rest keys) (cl--count (cl--make-pred pred keys) seq keys))
(defun cl-count-if-not (pred seq &rest keys)
  (cl--count (cl--make-not-pred pred keys) seq keys))

;;;###autoload
(defun cl-member (item list &rest keys)
  (let ((test (cl--make-test keys)))
    (while (and list (not (funcall test item (car list)))) (setq list (cdr list)))
    list))
(defun cl-member-if (pred list &rest keys)
  (let ((p (cl--make-pred pred keys)))
    (while (and list (not (funcall p (car list)))) (setq list (cdr list)))
    list))
(defun cl-member-if-not (pred list &rest keys)
  (let ((p (cl--make-not-pred pred keys)))
    (while (and list (not (funcall p (car list)))) (setq list (cdr list)))
    list))
;;;###autoload
(defun cl-assoc (item alist &rest keys)
  (let ((test (cl--make-test keys)))
    (cl-find-if (lambda (e) (and (consp e) (funcall test item (car e)))) alist)))
(defun cl-assoc-if (pred alist &rest keys)
  (let ((p (cl--make-pred pred keys))) (cl-find-if (lambda (e) (and (consp e) (funcall p (car e)))) alist)))
(defun cl-rassoc (item alist &rest keys)
  (let ((test (cl--make-test keys)))
    (cl-find-if (lambda (e) (and (consp e) (funcall test item (cdr e)))) alist)))
(defun cl-rassoc-if (pred alist &rest keys)
  (let ((p (cl--make-pred pred keys))) (cl-find-if (lambda (e) (and (consp e) (funcall p (cdr e)))) alist)))

;;;###autoload
(defun cl-adjoin (item list &rest keys)
  (let ((key (cl--kw keys :key)))
    (if (apply #'cl-member (if key (funcall key item) item) list keys) list (cons item list))))

;;;###autoload
(defun cl-reduce (func seq &rest keys)
  (let* ((start (cl--kw keys :start 0)) (end (cl--kw keys :end))
         (key (cl--kw keys :key)) (from-end (cl--kw keys :from-end))
         (list (cl-subseq (append seq nil) start end))
         (list (if key (mapcar key list) list)))
    (if from-end
        (let ((list (reverse list)) acc)
          (if (plist-member keys :initial-value) (setq acc (cl--kw keys :initial-value))
            (if list (setq acc (pop list)) (setq acc (funcall func))))
          (dolist (x list acc) (setq acc (funcall func x acc))))
      (let (acc)
        (if (plist-member keys :initial-value) (setq acc (cl--kw keys :initial-value))
          (if list (setq acc (pop list)) (setq acc (funcall func))))
        (dolist (x list acc) (setq acc (funcall func acc x)))))))

(defun cl--mapcar-many (func seqs &optional accumulate)
  (let* ((lists (mapcar (lambda (s) (append s nil)) seqs)) (out nil))
    (while (not (memq nil lists))
      (let ((v (apply func (mapcar #'car lists))))
        (if accumulate (push v out)))
      (setq lists (mapcar #'cdr lists)))
    (nreverse out)))

;;;###autoload
(defun cl-mapcar (func seq &rest rest)
  (if rest (cl--mapcar-many func (cons seq rest) t) (mapcar func seq)))
(defun cl-mapc (func seq &rest rest)
  (if rest (progn (cl--mapcar-many func (cons seq rest)) seq) (mapc func seq)))
;;;###autoload
(defun cl-mapcan (func seq &rest rest)
  (apply #'nconc (apply #'cl-mapcar func seq rest)))
(defun cl-map (type func seq &rest rest)
  (cl-coerce (apply #'cl-mapcar func seq rest) type))
(defun cl-maplist (func list &rest rest)
  (let ((lists (cons list rest)) (out nil))
    (while (not (memq nil lists))
      (push (apply func lists) out)
      (setq lists (mapcar #'cdr lists)))
    (nreverse out)))
(defun cl-mapl (func list &rest rest)
  (apply #'cl-maplist func list rest) list)
(defun cl-mapcon (func list &rest rest)
  (apply #'nconc (apply #'cl-maplist func list rest)))

;;;###autoload
(defun cl-some (pred seq &rest rest)
  (if rest
      (catch 'cl--some
        (apply #'cl-mapc (lambda (&rest args) (let ((v (apply pred args))) (if v (throw 'cl--some v)))) seq rest)
        nil)
    (let ((found nil) (list (append seq nil)))
      (while (and list (not found)) (setq found (funcall pred (pop list))))
      found)))
;;;###autoload
(defun cl-every (pred seq &rest rest)
  (if rest
      (catch 'cl--every
        (apply #'cl-mapc (lambda (&rest args) (unless (apply pred args) (throw 'cl--every nil))) seq rest)
        t)
    (let ((ok t) (list (append seq nil)))
      (while (and list ok) (setq ok (funcall pred (pop list))))
      (and ok t))))
;;;###autoload
(defun cl-notany (pred seq &rest rest) (not (apply #'cl-some pred seq rest)))
;;;###autoload
(defun cl-notevery (pred seq &rest rest) (not (apply #'cl-every pred seq rest)))

;;;###autoload
(defun cl-subseq (seq start &optional end)
  (cond ((or (stringp seq) (vectorp seq)) (substring seq start end))
        (t (let ((len (and (or (and end (< end 0)) (< start 0)) (length seq))))
             (if (< start 0) (setq start (+ start len)))
             (if (and end (< end 0)) (setq end (+ end len)))
             (when (or (> start (length seq)) (and end (or (> end (length seq)) (< end start))))
               (signal 'args-out-of-range (list seq start end)))
             (let ((tail (nthcdr start seq)))
               (if end (cl-ldiff tail (nthcdr (- end start) tail)) (copy-sequence tail)))))))

(gv-define-setter cl-subseq (new seq start &optional end)
  `(progn (cl-replace ,seq ,new :start1 ,start :end1 ,end) ,new))

;;;###autoload
(defun cl-sort (seq pred &rest keys)
  (let ((key (cl--kw keys :key)))
    (if key (sort seq (lambda (a b) (funcall pred (funcall key a) (funcall key b))))
      (sort seq pred))))
(defalias 'cl-stable-sort #'cl-sort)

(defun cl-merge (type seq1 seq2 pred &rest keys)
  (let ((key (or (cl--kw keys :key) #'identity)) (a (append seq1 nil)) (b (append seq2 nil)) (out nil))
    (while (and a b)
      (if (funcall pred (funcall key (car b)) (funcall key (car a))) (push (pop b) out) (push (pop a) out)))
    (cl-coerce (nconc (nreverse out) a b) type)))

;;;###autoload
(defun cl-remove-duplicates (seq &rest keys)
  "SEQ without duplicates (the last occurrence kept, or the first with :from-end)."
  (let* ((test (cl--make-test keys)) (key (cl--kw keys :key))
         (from-end (cl--kw keys :from-end))
         (list (append seq nil)) (out nil))
    (if from-end
        (dolist (x list)
          (let ((kx (if key (funcall key x) x)))
            (unless (cl-some (lambda (y) (funcall test kx y)) out) (push x out))))
      (while list
        (let* ((x (car list)) (kx (if key (funcall key x) x)))
          (unless (cl-some (lambda (y) (funcall test kx y)) (cdr list)) (push x out)))
        (setq list (cdr list))))
    (cl--seq-result seq (nreverse out))))
(defalias 'cl-delete-duplicates #'cl-remove-duplicates)

;;;###autoload
(defun cl-union (list1 list2 &rest keys)
  (cond ((null list1) list2) ((null list2) list1)
        ((equal list1 list2) list1)
        (t (when (< (length list1) (length list2))
             (setq list1 (prog1 list2 (setq list2 list1))))
           (let ((res list1) (key (cl--kw keys :key)))
             (dolist (x list2)
               (unless (apply #'cl-member (if key (funcall key x) x) list1 keys) (push x res)))
             res))))
(defalias 'cl-nunion #'cl-union)

;;;###autoload
(defun cl-intersection (list1 list2 &rest keys)
  (and list1 list2
       (if (equal list1 list2) list1
         (let ((res nil) (key (cl--kw keys :key)))
           (when (>= (length list1) (length list2))
             (setq list1 (prog1 list2 (setq list2 list1))))
           (dolist (x list1)
             (when (apply #'cl-member (if key (funcall key x) x) list2 keys) (push x res)))
           res))))
(defalias 'cl-nintersection #'cl-intersection)

;;;###autoload
(defun cl-set-difference (list1 list2 &rest keys)
  (if (or (null list1) (null list2)) list1
    (let ((res nil) (key (cl--kw keys :key)))
      (dolist (x list1)
        (unless (apply #'cl-member (if key (funcall key x) x) list2 keys) (push x res)))
      (nreverse res))))
(defalias 'cl-nset-difference #'cl-set-difference)

(defun cl-set-exclusive-or (list1 list2 &rest keys)
  (append (apply #'cl-set-difference list1 list2 keys)
          (apply #'cl-set-difference list2 list1 keys)))
;;;###autoload
(defun cl-subsetp (list1 list2 &rest keys)
  (let ((key (cl--kw keys :key)))
    (cl-every (lambda (x) (apply #'cl-member (if key (funcall key x) x) list2 keys)) list1)))

(defun cl-substitute-if (new pred seq &rest keys)
  (let ((p (cl--make-pred pred keys)) (count (cl--kw keys :count)) (n 0))
    (cl--seq-result seq (mapcar (lambda (x) (if (and (or (null count) (< n count)) (funcall p x))
                                                (progn (setq n (1+ n)) new) x))
                                seq))))
(defun cl-substitute (new old seq &rest keys)
  (let ((test (cl--make-test keys)))
    (apply #'cl-substitute-if new (lambda (x) (funcall test old x)) seq
           (cl--without-keys keys '(:key :test :test-not)))))
(defalias 'cl-nsubstitute #'cl-substitute)
(defalias 'cl-nsubstitute-if #'cl-substitute-if)
(defun cl--without-keys (keys drop)
  (let (out) (while keys (unless (memq (car keys) drop) (push (car keys) out) (push (car (cdr keys)) out))
                    (setq keys (cdr (cdr keys))))
       (nreverse out)))

(defun cl-subst (new old tree &rest keys)
  (let ((test (cl--make-test keys)))
    (cl--subst-if new (lambda (x) (funcall test old x)) tree)))
(defun cl-subst-if (new pred tree &rest _keys) (cl--subst-if new pred tree))
(defun cl--subst-if (new pred tree)
  (cond ((funcall pred tree) new)
        ((consp tree) (let ((a (cl--subst-if new pred (car tree))) (d (cl--subst-if new pred (cdr tree))))
                        (if (and (eq a (car tree)) (eq d (cdr tree))) tree (cons a d))))
        (t tree)))
(defun cl-sublis (alist tree &rest keys)
  (let ((test (cl--make-test keys)))
    (cl--sublis alist tree test)))
(defun cl--sublis (alist tree test)
  (let ((found (cl-find-if (lambda (pair) (funcall test (car pair) tree)) alist)))
    (cond (found (cdr found))
          ((consp tree) (cons (cl--sublis alist (car tree) test) (cl--sublis alist (cdr tree) test)))
          (t tree))))
(defun cl-tree-equal (x y &rest keys)
  (let ((test (cl--make-test keys)))
    (cl--tree-equal x y test)))
(defun cl--tree-equal (x y test)
  (if (and (consp x) (consp y))
      (and (cl--tree-equal (car x) (car y) test) (cl--tree-equal (cdr x) (cdr y) test))
    (and (not (consp x)) (not (consp y)) (funcall test x y))))

(defun cl-fill (seq item &rest keys)
  (let ((start (cl--kw keys :start 0)) (end (or (cl--kw keys :end) (length seq))))
    (if (listp seq)
        (let ((tail (nthcdr start seq)) (i start))
          (while (and tail (< i end)) (setcar tail item) (setq tail (cdr tail) i (1+ i))))
      (let ((i start)) (while (< i end) (aset seq i item) (setq i (1+ i)))))
    seq))
(defun cl-replace (seq1 seq2 &rest keys)
  (let* ((start1 (cl--kw keys :start1 0)) (end1 (or (cl--kw keys :end1) (length seq1)))
         (start2 (cl--kw keys :start2 0)) (end2 (or (cl--kw keys :end2) (length seq2)))
         (n (min (- end1 start1) (- end2 start2)))
         (items (cl-subseq (append seq2 nil) start2 (+ start2 n))))
    (if (listp seq1)
        (let ((tail (nthcdr start1 seq1))) (dolist (x items) (setcar tail x) (setq tail (cdr tail))))
      (let ((i start1)) (dolist (x items) (aset seq1 i x) (setq i (1+ i)))))
    seq1))

(defun cl-mismatch (seq1 seq2 &rest keys)
  "The index in SEQ1 of the first element that differs from SEQ2's, nil when
they match; :start1 :end1 :start2 :end2 bound the compared parts (edmacro
compares a vector with itself), :from-end compares from their ends."
  (let* ((test (cl--make-test (cl--without-keys keys '(:key))))
         (key (cl--kw keys :key))
         (start1 (cl--kw keys :start1 0)) (end1 (or (cl--kw keys :end1) (length seq1)))
         (start2 (cl--kw keys :start2 0)) (end2 (or (cl--kw keys :end2) (length seq2)))
         (same (lambda (i j)
                 (let ((x (elt seq1 i)) (y (elt seq2 j)))
                   (funcall test (if key (funcall key x) x) (if key (funcall key y) y))))))
    (if (cl--kw keys :from-end)
        (progn
          (while (and (< start1 end1) (< start2 end2) (funcall same (1- end1) (1- end2)))
            (setq end1 (1- end1) end2 (1- end2)))
          (and (or (< start1 end1) (< start2 end2)) (1- end1)))
      (while (and (< start1 end1) (< start2 end2) (funcall same start1 start2))
        (setq start1 (1+ start1) start2 (1+ start2)))
      (and (or (< start1 end1) (< start2 end2)) start1))))
(defun cl-search (seq1 seq2 &rest keys)
  (let* ((a (append seq1 nil)) (b (append seq2 nil)) (la (length a)) (lb (length b)) (i 0) (found nil))
    (while (and (not found) (<= (+ i la) lb))
      (when (null (apply #'cl-mismatch a (cl-subseq b i (+ i la)) keys)) (setq found i))
      (setq i (1+ i)))
    found))

(defun cl-concatenate (type &rest seqs)
  (cond ((eq type 'list) (apply #'append (append seqs '(nil))))
        ((eq type 'vector) (apply #'vconcat seqs))
        ((eq type 'string) (apply #'concat seqs))
        (t (error "Not a sequence type name: %S" type))))

;;;###autoload
(defun cl-getf (plist tag &optional def)
  (let ((m (plist-member plist tag))) (if m (car (cdr m)) def)))
(gv-define-setter cl-getf (val plist tag &optional _def)
  `(setf ,plist (plist-put ,plist ,tag ,val)))
(defun cl-get (symbol propname &optional default)
  (cl-getf (symbol-plist symbol) propname default))
(defmacro cl-remf (place tag)
  (let ((p (make-symbol "p")) (tg (make-symbol "tag")))
    `(let ((,p ,place) (,tg ,tag))
       (cond ((null ,p) nil)
             ((eq (car ,p) ,tg) (setf ,place (cdr (cdr ,p))) t)
             (t (let ((found nil))
                  (while (and (cdr (cdr ,p)) (not found))
                    (if (eq (car (cdr (cdr ,p))) ,tg)
                        (progn (setcdr (cdr ,p) (cdr (cdr (cdr (cdr ,p))))) (setq found t))
                      (setq ,p (cdr (cdr ,p)))))
                  found))))))
(defun cl-remprop (symbol propname)
  (let ((plist (symbol-plist symbol)))
    (if (and plist (eq (car plist) propname))
        (progn (setplist symbol (cdr (cdr plist))) t)
      (cl-remf (cdr (cdr plist)) propname))))

(defun cl-random (lim &optional _state) (random lim))
(defun cl-random-state-p (_x) nil)
(defun cl-make-random-state (&optional _state) nil)

(dolist (f '(cl-first cl-second cl-third cl-fourth cl-fifth cl-rest))
  (ignore f))
(gv-define-simple-setter cl-first setcar t)
(gv-define-setter cl-second (v x) `(setcar (cdr ,x) ,v))
(gv-define-setter cl-third (v x) `(setcar (nthcdr 2 ,x) ,v))
(gv-define-setter cl-fourth (v x) `(setcar (nthcdr 3 ,x) ,v))
(gv-define-setter cl-fifth (v x) `(setcar (nthcdr 4 ,x) ,v))
(gv-define-setter cl-rest (v x) `(setcdr ,x ,v))
(gv-define-setter buffer-local-value (v var buf)
  `(with-current-buffer ,buf (set (make-local-variable ,var) ,v)))
(gv-define-setter substring (v str start &optional end)
  `(setf ,str (concat (substring ,str 0 ,start) ,v ,(if end `(substring ,str ,end) ""))))

;;; cl-loop

(defvar cl--loop-args nil)
(defvar cl--loop-name nil)
(defvar cl--loop-bindings nil)
(defvar cl--loop-body nil)
(defvar cl--loop-steps nil)
(defvar cl--loop-initially nil)
(defvar cl--loop-finally nil)
(defvar cl--loop-result-form nil)
(defvar cl--loop-accum nil)
(defvar cl--loop-accum-kind nil)
(defvar cl--loop-result-var nil)
(defvar cl--loop-parallel nil)
(defvar cl--loop-it nil)

;;;###autoload
(defmacro cl-loop (&rest args)
  "The Common Lisp `loop' macro (the common clauses; see docs/lisp-lite.md)."
  (if (not (cl-some #'symbolp args))
      `(cl-block nil (while t ,@args))
    (let ((cl--loop-args args) (cl--loop-name nil) (cl--loop-bindings nil)
          (cl--loop-body nil) (cl--loop-steps nil) (cl--loop-initially nil)
          (cl--loop-finally nil) (cl--loop-result-form nil) (cl--loop-accum nil)
          (cl--loop-accum-kind nil) (cl--loop-result-var nil) (cl--loop-parallel nil))
      (while cl--loop-args (cl--loop-clause))
      (let* ((steps (cl--loop-step-forms))
             (result (cond (cl--loop-result-form (car cl--loop-result-form))
                           (cl--loop-accum (cl--loop-accum-result cl--loop-accum cl--loop-accum-kind))
                           (cl--loop-result-var cl--loop-result-var)))
             (body (append (nreverse cl--loop-body) (if steps (list `(progn ,@steps t))))))
        `(cl-block ,cl--loop-name
           (let* ,(nreverse cl--loop-bindings)
             ,@(nreverse cl--loop-initially)
             (while ,(if (cdr body) `(and ,@body) (or (car body) t)))
             ,@(nreverse cl--loop-finally)
             ,result))))))

(defun cl--loop-step-forms ()
  ;; Groups of (VAR EXPR) made with `and' are assigned in parallel.
  (mapcar (lambda (group)
            (if (cdr group)
                `(cl-psetq ,@(apply #'append group))
              `(setq ,@(car group))))
          (nreverse (mapcar #'reverse cl--loop-steps))))

(defun cl--loop-add-step (var expr)
  (if (and cl--loop-parallel cl--loop-steps)
      (push (list var expr) (car cl--loop-steps))
    (push (list (list var expr)) cl--loop-steps)))

(defun cl--loop-accum-result (var kind)
  (if (memq kind '(collect append nconc)) `(nreverse ,var) var))

(defun cl--loop-pop () (pop cl--loop-args))
(defun cl--loop-peek () (car cl--loop-args))
(defun cl--loop-word-p (x words)
  (and (symbolp x) (memq (intern (string-remove-prefix ":" (symbol-name x))) words)))

(defun cl--loop-bind (var &optional init)
  "Bind VAR (a symbol or a destructuring pattern) in the loop's `let*'."
  (if (consp var)
      (dolist (v (cl--pattern-vars var)) (push (list v nil) cl--loop-bindings))
    (when var (push (list var init) cl--loop-bindings))))

(defun cl--pattern-vars (pattern)
  (cond ((null pattern) nil)
        ((symbolp pattern) (list pattern))
        ((consp pattern) (append (cl--pattern-vars (car pattern)) (cl--pattern-vars (cdr pattern))))))

(defun cl--loop-set (var value)
  "A form setting VAR (maybe a destructuring pattern) to VALUE."
  (if (symbolp var) `(setq ,var ,value)
    (let ((tmp (make-symbol "d")))
      `(let ((,tmp ,value)) ,@(cl--destructure-setq var tmp)))))

(defun cl--destructure-setq (pattern val)
  (cond ((null pattern) nil)
        ((symbolp pattern) (list `(setq ,pattern ,val)))
        (t (append (cl--destructure-setq (car pattern) `(car ,val))
                   (cl--destructure-setq (cdr pattern) `(cdr ,val))))))

(defun cl--loop-temp (name init)
  (let ((s (make-symbol name))) (push (list s init) cl--loop-bindings) s))

(defun cl--loop-clause ()
  (let ((word (cl--loop-pop)))
    (when (keywordp word) (setq word (intern (substring (symbol-name word) 1))))
    (cond
     ((eq word 'named) (setq cl--loop-name (cl--loop-pop)))
     ((memq word '(initially))
      (when (eq (cl--loop-peek) 'do) (cl--loop-pop))
      (while (consp (cl--loop-peek)) (push (cl--loop-pop) cl--loop-initially)))
     ((eq word 'finally)
      (cond ((eq (cl--loop-peek) 'return)
             (cl--loop-pop) (setq cl--loop-result-form (list (cl--loop-pop))))
            ;; `finally (return X)' is `finally return X', as cl-macs reads it.
            ((eq (car-safe (cl--loop-peek)) 'return)
             (setq cl--loop-result-form (list (or (nth 1 (cl--loop-pop)) ''nil))))
            (t (when (memq (cl--loop-peek) '(do doing)) (cl--loop-pop))
               (while (consp (cl--loop-peek)) (push (cl--loop-pop) cl--loop-finally)))))
     ((eq word 'with)
      (let ((more t))
        (while more
          (let ((var (cl--loop-pop)) (init nil))
            (when (eq (cl--loop-peek) '=) (cl--loop-pop) (setq init (cl--loop-pop)))
            (if (consp var)
                (progn (cl--loop-bind var)
                       (let ((tmp (cl--loop-temp "w" init)))
                         (push (list (make-symbol "_") `(progn ,@(cl--destructure-setq var tmp) nil))
                               cl--loop-bindings)))
              (cl--loop-bind var init)))
          (setq more (and (eq (cl--loop-peek) 'and) (cl--loop-pop))))))
     ((memq word '(for as)) (setq cl--loop-parallel nil) (cl--loop-for))
     ((eq word 'repeat)
      (let ((c (cl--loop-temp "count" (cl--loop-pop))))
        (push `(>= (setq ,c (1- ,c)) 0) cl--loop-body)))
     ((eq word 'while) (push (cl--loop-pop) cl--loop-body))
     ((eq word 'until) (push `(not ,(cl--loop-pop)) cl--loop-body))
     ((eq word 'always)
      (unless cl--loop-result-var (setq cl--loop-result-var (cl--loop-temp "result" t)))
      (push `(or ,(cl--loop-pop) (cl-return-from ,cl--loop-name nil)) cl--loop-body))
     ((eq word 'never)
      (unless cl--loop-result-var (setq cl--loop-result-var (cl--loop-temp "result" t)))
      (push `(or (not ,(cl--loop-pop)) (cl-return-from ,cl--loop-name nil)) cl--loop-body))
     ((eq word 'thereis)
      (let ((v (make-symbol "v")))
        (push `(let ((,v ,(cl--loop-pop))) (if ,v (cl-return-from ,cl--loop-name ,v) t)) cl--loop-body)))
     ((eq word 'and) (cl--loop-clause))
     (t (push (cl--loop-action word) cl--loop-body)))))

(defun cl--loop-action (word)
  "Parse one action clause after WORD; a form that returns non-nil."
  (when (keywordp word) (setq word (intern (substring (symbol-name word) 1))))
  (cond
   ((memq word '(do doing))
    (let ((forms nil))
      (while (consp (cl--loop-peek)) (push (cl--loop-pop) forms))
      `(progn ,@(nreverse forms) t)))
   ((eq word 'return)
    (if (eq (cl--loop-peek) 'it) (cl--loop-pop))
    `(cl-return-from ,cl--loop-name ,(cl--loop-pop)))
   ((memq word '(collect collecting append appending nconc nconcing concat concating
                 vconcat vconcating sum summing count counting maximize maximizing
                 minimize minimizing))
    (cl--loop-accumulate word))
   ((memq word '(if when unless))
    (let* ((cond-form (cl--loop-pop))
           (it (make-symbol "it"))
           (then (cl--loop-conditional-actions))
           (else (when (eq (cl--loop-peek) 'else)
                   (cl--loop-pop)
                   (cl--loop-conditional-actions))))
      (when (eq (cl--loop-peek) 'end) (cl--loop-pop))
      (setq then (cl--subst-it then it) else (cl--subst-it else it))
      (when (eq word 'unless) (setq cond-form `(not ,cond-form)))
      `(let ((,it ,cond-form))
         (if ,it (and ,@then t) (and ,@else t)))))
   ((memq word '(for as))
    ;; As Emacs's cl-loop: a `for' under `when' steps only when the
    ;; condition holds (jsonrpc.el: when (bolp) for line = ... do ...).
    (let ((cl--loop-body nil))
      (setq cl--loop-parallel nil)
      (cl--loop-for)
      `(and ,@(nreverse cl--loop-body))))
   (t (error "Expected a `cl-loop' clause, found %S" word))))

(defun cl--subst-it (forms it)
  (mapcar (lambda (f) (cl--sublis-code f (list (cons 'it it)))) forms))

(defun cl--loop-conditional-actions ()
  (let ((forms (list (cl--loop-action (cl--loop-pop)))))
    (while (eq (cl--loop-peek) 'and)
      (cl--loop-pop)
      (push (cl--loop-action (cl--loop-pop)) forms))
    (nreverse forms)))

(defun cl--loop-accumulate (word)
  (let* ((kind (cdr (assq word '((collect . collect) (collecting . collect) (append . append)
                                 (appending . append) (nconc . nconc) (nconcing . nconc)
                                 (concat . concat) (concating . concat) (vconcat . vconcat)
                                 (vconcating . vconcat) (sum . sum) (summing . sum)
                                 (count . count) (counting . count) (maximize . max)
                                 (maximizing . max) (minimize . min) (minimizing . min)))))
         (x (cl--loop-pop))
         (into (when (eq (cl--loop-peek) 'into) (cl--loop-pop) (cl--loop-pop)))
         (init (cond ((memq kind '(sum count)) 0) ((eq kind 'concat) "") ((eq kind 'vconcat) []))))
    (if into
        (progn
          (unless (assq into cl--loop-bindings) (cl--loop-bind into init))
          (cl--loop-accum-form kind into x t))
      (unless cl--loop-accum
        (setq cl--loop-accum (cl--loop-temp "accum" init) cl--loop-accum-kind kind))
      (cl--loop-accum-form kind cl--loop-accum x nil))))

(defun cl--loop-accum-form (kind var x in-order)
  `(progn
     ,(cond ((eq kind 'collect) (if in-order `(setq ,var (nconc ,var (list ,x))) `(push ,x ,var)))
            ((eq kind 'append) (if in-order `(setq ,var (append ,var ,x)) `(setq ,var (nconc (reverse ,x) ,var))))
            ((eq kind 'nconc) (if in-order `(setq ,var (nconc ,var ,x)) `(setq ,var (nconc (nreverse ,x) ,var))))
            ((eq kind 'concat) `(setq ,var (concat ,var ,x)))
            ((eq kind 'vconcat) `(setq ,var (vconcat ,var ,x)))
            ((eq kind 'sum) `(setq ,var (+ ,var ,x)))
            ((eq kind 'count) `(if ,x (setq ,var (1+ ,var))))
            ((eq kind 'max) (let ((v (make-symbol "v"))) `(let ((,v ,x)) (setq ,var (if ,var (max ,var ,v) ,v)))))
            ((eq kind 'min) (let ((v (make-symbol "v"))) `(let ((,v ,x)) (setq ,var (if ,var (min ,var ,v) ,v))))))
     t))

(defun cl--loop-for ()
  (let ((var (cl--loop-pop)) (word (cl--loop-pop)))
    (when (keywordp word) (setq word (intern (substring (symbol-name word) 1))))
    (cond
     ((memq word '(in in-ref))
      (let* ((tail (cl--loop-temp "tail" (cl--loop-pop)))
             (by (when (eq (cl--loop-peek) 'by) (cl--loop-pop) (cl--loop-pop))))
        (cl--loop-bind var)
        (push `(and (consp ,tail) (progn ,(cl--loop-set var `(car ,tail)) t)) cl--loop-body)
        (cl--loop-add-step tail (if by `(funcall ,by ,tail) `(cdr ,tail)))))
     ((eq word 'on)
      (let* ((tail (cl--loop-temp "tail" (cl--loop-pop)))
             (by (when (eq (cl--loop-peek) 'by) (cl--loop-pop) (cl--loop-pop))))
        (cl--loop-bind var)
        (push `(and (consp ,tail) (progn ,(cl--loop-set var tail) t)) cl--loop-body)
        (cl--loop-add-step tail (if by `(funcall ,by ,tail) `(cdr ,tail)))))
     ((memq word '(across across-ref))
      (let* ((arr (cl--loop-temp "array" (cl--loop-pop)))
             (i (cl--loop-temp "i" 0)))
        (cl--loop-bind var)
        (push `(and (< ,i (length ,arr)) (progn ,(cl--loop-set var `(aref ,arr ,i)) t)) cl--loop-body)
        (cl--loop-add-step i `(1+ ,i))))
     ((eq word '=)
      (let ((init (cl--loop-pop)))
        (if (eq (cl--loop-peek) 'then)
            (let ((then (progn (cl--loop-pop) (cl--loop-pop))))
              (if (symbolp var)
                  (progn (cl--loop-bind var init) (cl--loop-add-step var then))
                (let ((first (cl--loop-temp "first" t)))
                  (cl--loop-bind var)
                  (push `(progn ,(cl--loop-set var `(if ,first ,init ,then)) (setq ,first nil) t)
                        cl--loop-body))))
          (cl--loop-bind var)
          (push `(progn ,(cl--loop-set var init) t) cl--loop-body))))
     ((memq word '(from upfrom downfrom to upto below downto above by))
      (push word cl--loop-args)
      (cl--loop-for-arith var))
     ((memq word '(being the each))
      (when (memq (cl--loop-peek) '(the each)) (cl--loop-pop))
      (let* ((kind (cl--loop-pop))
             (of-given (when (memq (cl--loop-peek) '(of in)) (cl--loop-pop) t)))
        (cond
         ((memq kind '(element elements))
          (let* ((seq (cl--loop-pop))
                 (tail (cl--loop-temp "tail" `(append ,seq nil))))
            (cl--loop-bind var)
            (push `(and (consp ,tail) (progn ,(cl--loop-set var `(car ,tail)) t)) cl--loop-body)
            (cl--loop-add-step tail `(cdr ,tail))))
         ((memq kind '(hash-key hash-keys hash-value hash-values))
          (let* ((table (cl--loop-pop))
                 (other (when (eq (cl--loop-peek) 'using)
                          (cl--loop-pop)
                          (car (cdr (cl--loop-pop)))))
                 (keys (memq kind '(hash-key hash-keys)))
                 (tail (cl--loop-temp "tail" `(let ((l nil)) (maphash (lambda (k v) (push (cons k v) l)) ,table)
                                               (nreverse l)))))
            (cl--loop-bind var)
            (when other (cl--loop-bind other))
            (push `(and (consp ,tail)
                        (progn ,(cl--loop-set var (if keys `(car (car ,tail)) `(cdr (car ,tail))))
                               ,@(when other (list (cl--loop-set other (if keys `(cdr (car ,tail)) `(car (car ,tail))))))
                               t))
                  cl--loop-body)
            (cl--loop-add-step tail `(cdr ,tail))))
         ((memq kind '(symbol symbols present-symbol present-symbols external-symbol external-symbols))
          (let ((tail (cl--loop-temp "tail" `(let ((l nil)) (mapatoms (lambda (s) (push s l))) l))))
            (when (eq (cl--loop-peek) 'of) (cl--loop-pop) (cl--loop-pop))
            (cl--loop-bind var)
            (push `(and (consp ,tail) (progn (setq ,var (car ,tail)) t)) cl--loop-body)
            (cl--loop-add-step tail `(cdr ,tail))))
         ((memq kind '(buffer buffers window windows frame frames screen screens
                       overlay overlays key-code key-codes key-binding key-bindings))
          ;; The things Emacs's cl-loop walks, listed first: `of' names the
          ;; frame, buffer or keymap; overlays take `from' and `to', and key
          ;; bindings `using (key-codes K)' (or the other way round).
          (let* ((of (when of-given (cl--loop-pop)))
                 (from (when (eq (cl--loop-peek) 'from) (cl--loop-pop) (cl--loop-pop)))
                 (to (when (eq (cl--loop-peek) 'to) (cl--loop-pop) (cl--loop-pop)))
                 (other (when (eq (cl--loop-peek) 'using) (cl--loop-pop) (car (cdr (cl--loop-pop)))))
                 (keys (memq kind '(key-code key-codes)))
                 (items
                  (pcase kind
                    ((or 'buffer 'buffers) '(buffer-list))
                    ((or 'frame 'frames 'screen 'screens) '(frame-list))
                    ((or 'window 'windows) `(window-list ,of 'nomini))
                    ((or 'overlay 'overlays)
                     `(with-current-buffer (or ,of (current-buffer))
                        (overlays-in (or ,from (point-min)) (or ,to (point-max)))))
                    (_ `(let ((l nil)) (map-keymap (lambda (k b) (push (cons k b) l)) ,of)
                          (nreverse l)))))
                 (pairs (memq kind '(key-code key-codes key-binding key-bindings)))
                 (tail (cl--loop-temp "tail" items)))
            (cl--loop-bind var)
            (when other (cl--loop-bind other))
            (push `(and (consp ,tail)
                        (progn ,(cl--loop-set var (cond ((not pairs) `(car ,tail))
                                                         (keys `(car (car ,tail)))
                                                         (t `(cdr (car ,tail)))))
                               ,@(when other
                                   (list (cl--loop-set other (if keys `(cdr (car ,tail)) `(car (car ,tail))))))
                               t))
                  cl--loop-body)
            (cl--loop-add-step tail `(cdr ,tail))))
         (t (error "Expected a `cl-loop' `being' kind, found %S" kind)))))
     (t (error "Expected a `cl-loop' `for' word, found %S" word))))
  (when (eq (cl--loop-peek) 'and)
    (cl--loop-pop)
    (when (memq (cl--loop-peek) '(for as)) (cl--loop-pop))
    (let ((cl--loop-parallel t)) (cl--loop-for))))

(defun cl--loop-for-arith (var)
  (let (start end step down below-above)
    (while (cl--loop-word-p (cl--loop-peek) '(from upfrom downfrom to upto below downto above by))
      (let ((w (cl--loop-pop)) (v (cl--loop-pop)))
        (cond ((eq w 'from) (setq start v))
              ((eq w 'upfrom) (setq start v))
              ((eq w 'downfrom) (setq start v down t))
              ((memq w '(to upto)) (setq end v))
              ((eq w 'below) (setq end v below-above t))
              ((eq w 'downto) (setq end v down t))
              ((eq w 'above) (setq end v down t below-above t))
              ((eq w 'by) (setq step v)))))
    (cl--loop-bind var (or start 0))
    (let ((end-var (and end (if (numberp end) end (cl--loop-temp "end" end))))
          (step-var (if (or (null step) (numberp step)) (or step 1) (cl--loop-temp "step" step))))
      (when end-var
        (push (if down
                  (if below-above `(> ,var ,end-var) `(>= ,var ,end-var))
                (if below-above `(< ,var ,end-var) `(<= ,var ,end-var)))
              cl--loop-body))
      (cl--loop-add-step var (if down `(- ,var ,step-var) `(+ ,var ,step-var))))))

;;; Generic functions.  With Emacs's library (its cl-preloaded.el is in the
;;; preloaded index), Emacs's own cl-generic.el, as Emacs preloads it; the
;;; start-up autoloads of these two macros name this file, so they load it
;;; from here.  Without it, a subset: dispatch on the types of required
;;; arguments.

(if (or (fboundp 'cl-struct-define) cl--emacs-preloaded)
    (unless (featurep 'cl-generic)
      ;; Loading cl-generic.el redefines both: expand again with its own.
      (defmacro cl-defgeneric (&rest args) (require 'cl-generic) (cons 'cl-defgeneric args))
      (defmacro cl-defmethod (&rest args) (require 'cl-generic) (cons 'cl-defmethod args)))

;;;###autoload
(defmacro cl-defgeneric (name args &rest options)
  (let ((default (cl-find-if (lambda (o) (and (consp o) (eq (car o) :method))) options))
        (body (cl-remove-if (lambda (o) (or (and (consp o) (memq (car o) '(:method declare :documentation)))
                                            (stringp o)))
                            options)))
    `(progn
       (put ',name 'cl--generic-methods nil)
       (defalias ',name (cl--generic-dispatcher ',name))
       ,@(when body
           `((cl-defmethod ,name ,args ,@body)))
       ,@(when default `((cl-defmethod ,name ,@(cdr default))))
       ',name)))

(defun cl--generic-dispatcher (name)
  (lambda (&rest args) (cl--generic-call name args)))

(defun cl--specializer-matches-p (spec arg)
  (cond ((eq spec t) t)
        ((and (consp spec) (eq (car spec) 'eql)) (eql arg (if (consp (car (cdr spec))) (eval (car (cdr spec)) t) (car (cdr spec)))))
        ((and (consp spec) (eq (car spec) 'head)) (and (consp arg) (eql (car arg) (car (cdr spec)))))
        ((eq spec 'null) (null arg))
        ((eq spec 'list) (listp arg))
        ((eq spec 'symbol) (symbolp arg))
        ((eq spec 'number) (numberp arg))
        ((eq spec 'string) (stringp arg))
        (t (cl-typep arg spec))))

(defun cl--specializer-rank (spec)
  ;; Lower is more specific.
  (cond ((eq spec t) 100)
        ((consp spec) 0)
        ((get spec 'cl--struct-slots)
         (let ((d 0) (s (get spec 'cl--struct-parent))) (while s (setq d (1+ d) s (get s 'cl--struct-parent))) (- 50 d)))
        ((memq spec '(sequence atom)) 80)
        ((memq spec '(list number array)) 70)
        (t 60)))

(defun cl--generic-call (name args)
  (let* ((methods (get name 'cl--generic-methods))
         (applicable (cl-remove-if-not
                      (lambda (m) (let ((ok t) (specs (car m)) (as args))
                                    (while (and ok specs)
                                      (unless (cl--specializer-matches-p (car specs) (car as)) (setq ok nil))
                                      (setq specs (cdr specs) as (cdr as)))
                                    ok))
                      methods))
         (sorted (sort (copy-sequence applicable)
                       (lambda (a b)
                         (let ((ra (mapcar #'cl--specializer-rank (car a)))
                               (rb (mapcar #'cl--specializer-rank (car b)))
                               (res nil) (done nil))
                           (while (and ra (not done))
                             (cond ((< (car ra) (or (car rb) 100)) (setq res t done t))
                                   ((> (car ra) (or (car rb) 100)) (setq done t)))
                             (setq ra (cdr ra) rb (cdr rb)))
                           res)))))
    (if (null sorted)
        (signal 'cl-no-applicable-method (cons name args))
      (cl--generic-run sorted args))))

(defun cl--generic-run (methods args)
  (let ((m (car methods)))
    (apply (cdr m)
           (lambda (&rest new-args)
             (if (cdr methods) (cl--generic-run (cdr methods) (or new-args args))
               (signal 'cl-no-next-method nil)))
           args)))

(define-error 'cl-no-method "No method")
(define-error 'cl-no-applicable-method "No applicable method" 'cl-no-method)
(define-error 'cl-no-next-method "No next method" 'cl-no-method)

;;;###autoload
(defmacro cl-defmethod (name args &rest body)
  (declare (indent defun))
  (while (not (listp args)) (setq args (pop body))) ; qualifiers (:around...) are ignored
  (let* ((specs nil) (plain nil) (a args))
    (while (and a (not (memq (car a) cl--lambda-list-keywords)))
      (let ((x (pop a)))
        (if (consp x) (progn (push (car x) plain) (push (car (cdr x)) specs))
          (push x plain) (push t specs))))
    (setq specs (nreverse specs))
    (let* ((arglist (append (nreverse plain) a))
           (uses-next (cl--tree-mentions-p body '(cl-call-next-method cl-next-method-p)))
           (next (make-symbol "next"))
           (res (cl--transform-lambda arglist body)))
      `(progn
         (unless (get ',name 'cl--generic-methods)
           (unless (and (fboundp ',name) (get ',name 'cl--generic))
             (put ',name 'cl--generic t)
             (defalias ',name (cl--generic-dispatcher ',name))))
         (put ',name 'cl--generic-methods
              (cons (cons ',specs
                          (lambda (,next ,@(car res))
                            ,@(if uses-next
                                  `((cl-flet ((cl-call-next-method (&rest args) (apply ,next args))
                                              (cl-next-method-p () t))
                                      ,@(cdr res)))
                                (cons `(ignore ,next) (cdr res)))))
                    (cl-remove ',specs (get ',name 'cl--generic-methods)
                               :key #'car :test #'equal)))
         ',name)))))

(cl-defun cl-parse-integer (string &key start end radix junk-allowed)
  (let* ((s (substring string (or start 0) end))
         (trimmed (string-trim s))
         (radix (or radix 10))
         (re (concat "\\`[-+]?[0-9a-zA-Z]+\\'")))
    (if (and (string-match-p re trimmed)
             (let ((ok t))
               (dolist (c (string-to-list (replace-regexp-in-string "\\`[-+]" "" trimmed)) ok)
                 (let ((d (cond ((<= ?0 c ?9) (- c ?0)) ((<= ?a (downcase c) ?z) (+ 10 (- (downcase c) ?a))) (t 99))))
                   (if (>= d radix) (setq ok nil))))))
        (string-to-number trimmed radix)
      (unless junk-allowed (error "Not an integer string: `%s'" string)))))

(provide 'cl-lib)
(provide 'cl-macs)
(provide 'cl-seq)
(provide 'cl-extra)

;; Emacs preloads cl-preloaded.el, which makes the class objects of
;; structures; its `cl-struct-define' (from the preloaded index) is what
;; every cl-defstruct calls.  Without Emacs's library, structures keep only
;; their tags.
(cond
 ((fboundp 'cl-struct-define))
 (cl--emacs-preloaded (autoload 'cl-struct-define "cl-preloaded"))
 (t
  (defun cl-struct-define (name _docstring parent _type _named _slots children-sym tag _print)
    (if (boundp children-sym) (add-to-list children-sym tag) (set children-sym (list tag)))
    (while parent
      (add-to-list (get parent 'cl--struct-tags) tag)
      (setq parent (get parent 'cl--struct-parent)))
    name)))
;;; cl-lib.el ends here
