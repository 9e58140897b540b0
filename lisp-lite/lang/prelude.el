;;; prelude.el --- the macros Emacs defines in Lisp  -*- lexical-binding: t -*-

;; subr.el's, byte-run.el's and benchmark.el's macros, written the same way
;; so macroexpand shows the same expansions.  Embedded in the binary at build time
;; (lisp-lite/embed.cmake) and evaluated by init(): no file is read at
;; start-up.

;;; Code:

(defalias 'internal--strip-declare
  #'(lambda (body)
      (let ((doc (if (and (stringp (car-safe body)) (cdr-safe body)) (list (car body)))))
        (if doc (setq body (cdr body)))
        (while (eq (car-safe (car-safe body)) 'declare)
          (setq body (cdr body)))
        (append doc body))))

(defalias 'internal--put-form
  #'(lambda (f prop value)
      (list 'function-put (list 'quote f) (list 'quote prop) value)))

;; Emacs's byte-run.el: what each (declare (PROP VALUES...)) spec of a defun
;; or defmacro becomes, so libraries can add their own (cl-generic, gv...).
(defvar defun-declarations-alist
  (list
   (list 'advertised-calling-convention
         #'(lambda (f _args arglist when)
             (list 'set-advertised-calling-convention (list 'quote f) (list 'quote arglist) (list 'quote when))))
   (list 'obsolete
         #'(lambda (f _args new-name when)
             (list 'make-obsolete (list 'quote f) (list 'quote new-name) (list 'quote when))))
   (list 'interactive-only #'(lambda (f _args v) (internal--put-form f 'interactive-only (list 'quote v))))
   (list 'pure #'(lambda (f _args v) (internal--put-form f 'pure (list 'quote v))))
   (list 'side-effect-free #'(lambda (f _args v) (internal--put-form f 'side-effect-free (list 'quote v))))
   (list 'compiler-macro #'(lambda (_f _args _cm) nil)) ; gapmacs interprets: nothing to inline
   (list 'doc-string #'(lambda (f _args v) (internal--put-form f 'doc-string-elt (list 'quote v))))
   (list 'indent #'(lambda (f _args v) (internal--put-form f 'lisp-indent-function (list 'quote v))))
   (list 'speed #'(lambda (f _args v) (internal--put-form f 'speed (list 'quote v))))
   (list 'completion #'(lambda (f _args v) (internal--put-form f 'completion-predicate (list 'function v))))
   (list 'modes #'(lambda (f _args &rest v) (internal--put-form f 'command-modes (list 'quote v))))
   ;; gapmacs's setf takes a setter (VALUE ARG-FORMS...) -> form: gv.el's
   ;; (gv-setter SETTER) and (gv-setter (lambda (VAL) BODY)) in that form.
   (list 'gv-setter
         #'(lambda (f args setter)
             (list 'put (list 'quote f) ''gv--setter
                   (if (symbolp setter)
                       (list 'function
                             (list 'lambda '(v &rest args)
                                   (list 'append (list 'quote (list setter)) 'args '(list v))))
                     (list 'function
                           (list 'lambda '(v &rest args)
                                 (list 'apply (list 'function (cons 'lambda (cons (append (car (cdr setter)) args)
                                                                                  (cdr (cdr setter)))))
                                       'v 'args)))))))))

(defvar macro-declarations-alist
  (cons (list 'debug #'(lambda (name _args spec) (list 'put (list 'quote name) ''edebug-form-spec (list 'quote spec))))
        (cons (list 'no-font-lock-keyword
                    #'(lambda (name _args v) (internal--put-form name 'no-font-lock-keyword (list 'quote v))))
              defun-declarations-alist)))

;; Where the docstring is in a call of each defining form Emacs has preloaded
;; (byte-run.el's (declare (doc-string N)) and lisp-mode.el's puts):
;; font-lock shows that string in font-lock-doc-face.  gapmacs's own
;; special forms and macros have no declare of their own to say it.
(let ((positions '((autoload . 3) (cl-defgeneric . 3) (cl-defmacro . 3) (cl-defstruct . 2)
                   (cl-defsubst . 3) (cl-defun . 3) (defadvice . 3) (defalias . 3) (defconst . 3)
                   (defcustom . 3) (defface . 3) (defgroup . 3) (define-advice . 3) (define-category . 2)
                   (define-compilation-mode . 3) (define-derived-mode . 4) (define-generic-mode . 7)
                   (define-globalized-minor-mode . 2) (define-inline . 3) (define-minor-mode . 2)
                   (define-obsolete-function-alias . 4) (define-obsolete-variable-alias . 4)
                   (define-skeleton . 2) (define-widget . 3) (defmacro . 3) (defsubst . 3) (deftheme . 2)
                   (defun . 3) (defvar . 3) (defvar-local . 3) (defvaralias . 3) (easy-menu-define . 3)
                   (lambda . 2) (pcase-defmacro . 3) (pcase-lambda . 2))))
  (while positions
    (put (car (car positions)) 'doc-string-elt (cdr (car positions)))
    (setq positions (cdr positions))))

(defalias 'internal--declarations
  #'(lambda (name arglist body alist)
      ;; The forms of BODY's (declare ...) specs, by ALIST; a spec no
      ;; handler knows is dropped.
      (let ((forms nil))
        (if (and (stringp (car-safe body)) (cdr-safe body)) (setq body (cdr body)))
        (while (eq (car-safe (car-safe body)) 'declare)
          (let ((specs (cdr (car body))))
            (while specs
              (let ((handler (car-safe (cdr-safe (assq (car-safe (car specs)) alist)))))
                (if handler
                    (let ((form (apply handler name arglist (cdr-safe (car specs)))))
                      (if form (setq forms (cons form forms))))))
              (setq specs (cdr specs))))
          (setq body (cdr body)))
        (nreverse forms))))

(defalias 'internal--with-declarations
  #'(lambda (name arglist body alist definition)
      (let ((forms (internal--declarations name arglist body alist)))
        (if forms (cons 'prog1 (cons definition forms)) definition))))

(defalias 'defmacro
  (cons 'macro
        #'(lambda (name arglist &rest body)
            (internal--with-declarations
             name arglist body macro-declarations-alist
             (list 'defalias (list 'quote name)
                   (list 'cons ''macro
                         (list 'function
                               (cons 'lambda (cons arglist (internal--strip-declare body))))))))))

(defmacro defun (name arglist &rest body)
  (internal--with-declarations
   name arglist body defun-declarations-alist
   (list 'defalias (list 'quote name)
         (list 'function (cons 'lambda (cons arglist (internal--strip-declare body)))))))

(defalias 'function-put
  #'(lambda (func prop value)
      "Set FUNC's property PROP to VALUE (what `function-get' reads)."
      (put func prop value)))

(defalias 'function-get
  #'(lambda (f prop &optional _autoload)
      "FUNC's property PROP, following aliases as Emacs does."
      (let ((val nil))
        (while (and (symbolp f)
                    (null (setq val (get f prop)))
                    (fboundp f)
                    (symbolp (symbol-function f)))
          (setq f (symbol-function f)))
        val)))

(defmacro lambda (&rest cdr)
  (list 'function (cons 'lambda cdr)))

(defmacro declare (&rest _specs) nil)
(defmacro defsubst (name arglist &rest body) `(defun ,name ,arglist ,@body))
(defmacro defcustom (symbol standard &optional doc &rest args)
  `(custom-declare-variable ',symbol ',standard ,doc ,@args))
(defmacro defgroup (symbol members doc &rest args)
  `(custom-declare-group ',symbol ,members ,doc ,@args))
(defmacro defface (face spec doc &rest args)
  `(custom-declare-face ',face ,spec ,doc ,@args))
(defmacro declare-function (&rest _args) nil)
;; macroexp.el's helpers, which library macros call.
(defun macroexp-progn (exps) (if (cdr exps) (cons 'progn exps) (car exps)))
(defun macroexp-unprogn (exp) (if (eq (car-safe exp) 'progn) (or (cdr exp) '(nil)) (list exp)))
(defun macroexp-quote (v)
  (if (and (not (memq v '(nil t))) (or (keywordp v) (not (or (symbolp v) (consp v))))) v
    (list 'quote v)))
(defun macroexp-const-p (exp)
  (cond ((consp exp) (or (eq (car exp) 'quote) (and (eq (car exp) 'function) (symbolp (car (cdr exp))))))
        ((symbolp exp) (or (memq exp '(nil t)) (keywordp exp)))
        (t t)))
(defun macroexp-copyable-p (exp) (or (symbolp exp) (macroexp-const-p exp)))
(defun macroexp-small-p (exp) (or (symbolp exp) (macroexp-const-p exp)))
(defmacro macroexp-let2 (test sym exp &rest body)
  (let ((expsym (make-symbol "exp")) (bodysym (make-symbol "body")))
    `(let* ((,expsym ,exp)
            (,sym (if (funcall #',(or test 'macroexp-copyable-p) ,expsym) ,expsym (make-symbol ,(symbol-name sym))))
            (,bodysym ,(macroexp-progn body)))
       (if (eq ,sym ,expsym) ,bodysym
         (list 'let (list (list ,sym ,expsym)) ,bodysym)))))
(defmacro macroexp-let2* (test bindings &rest body)
  (if (null bindings) (macroexp-progn body)
    (let ((b (car bindings)))
      (if (symbolp b) (setq b (list b b)))
      `(macroexp-let2 ,test ,(car b) ,(car (cdr b))
         (macroexp-let2* ,test ,(cdr bindings) ,@body)))))
(defmacro eval-when-compile (&rest body) (list 'quote (eval (cons 'progn body) lexical-binding)))
(defmacro eval-and-compile (&rest body) (cons 'progn body))
(defmacro with-eval-after-load (file &rest body)
  `(eval-after-load ,file (lambda () ,@body)))

(defmacro with-no-warnings (&rest body) (cons 'progn body))
(defvar byte-compile--suppressed-warnings nil)
(defvar byte-compile-warnings t)
;; Macros expand when their form runs, so the warnings a macro gives while
;; BODY expands (cl-defmethod's obsolete generic) see WARNINGS suppressed.
(defmacro with-suppressed-warnings (warnings &rest body)
  (list 'let (list (list 'byte-compile--suppressed-warnings
                         (list 'append (list 'quote warnings) 'byte-compile--suppressed-warnings)))
        (cons 'progn body)))

(defmacro when (cond &rest body)
  (list 'if cond (cons 'progn body)))

(defmacro unless (cond &rest body)
  (cons 'if (cons cond (cons nil body))))

(defmacro dolist (spec &rest body)
  (let ((tail (make-symbol "tail")))
    `(let ((,tail ,(nth 1 spec)))
       (while ,tail
         (let ((,(car spec) (car ,tail)))
           ,@body
           (setq ,tail (cdr ,tail))))
       ,@(cdr (cdr spec)))))

(defmacro dotimes (spec &rest body)
  (let ((var (nth 0 spec))
        (end (nth 1 spec))
        (upper-bound (make-symbol "upper-bound"))
        (counter (make-symbol "counter")))
    `(let ((,upper-bound ,end)
           (,counter 0))
       (while (< ,counter ,upper-bound)
         (let ((,var ,counter))
           ,@body)
         (setq ,counter (1+ ,counter)))
       ,@(if (cddr spec)
             `((let ((,var ,counter)) ,@(cddr spec)))))))

(defun internal--setf-expand (place value)
  (if (symbolp place)
      (list 'setq place value)
    (let ((head (car place)) (args (cdr place)))
      (cond
       ((eq head 'car) (list 'setcar (car args) value))
       ((eq head 'cdr) (list 'setcdr (car args) value))
       ((eq head 'caar) (list 'setcar (list 'car (car args)) value))
       ((eq head 'cadr) (list 'setcar (list 'cdr (car args)) value))
       ((eq head 'cdar) (list 'setcdr (list 'car (car args)) value))
       ((eq head 'cddr) (list 'setcdr (list 'cdr (car args)) value))
       ((eq head 'nth) (list 'setcar (list 'nthcdr (car args) (nth 1 args)) value))
       ((eq head 'nthcdr) (list 'setcdr (list 'nthcdr (list '1- (car args)) (nth 1 args)) value))
       ((eq head 'aref) (list 'aset (car args) (nth 1 args) value))
       ((eq head 'elt)
        (let ((s (make-symbol "s")) (n (make-symbol "n")) (v (make-symbol "v")))
          `(let ((,s ,(car args)) (,n ,(nth 1 args)) (,v ,value))
             (if (listp ,s) (setcar (nthcdr ,n ,s) ,v) (aset ,s ,n ,v)))))
       ((eq head 'gethash) (list 'puthash (car args) value (nth 1 args)))
       ((eq head 'get) (list 'put (car args) (nth 1 args) value))
       ((eq head 'symbol-value) (list 'set (car args) value))
       ((eq head 'symbol-function) (list 'fset (car args) value))
       ((eq head 'symbol-plist) (list 'setplist (car args) value))
       ((eq head 'plist-get)
        (let ((p (make-symbol "p")) (k (make-symbol "k")))
          `(let* ((,k ,(nth 1 args)) (,p (cdr (plist-member ,(car args) ,k))))
             (if ,p (setcar ,p ,value)
               ,(internal--setf-expand (car args) `(cons ,k (cons ,value ,(car args))))))))
       ((eq head 'alist-get) (internal--setf-alist-get args value))
       ((internal--branch-place-p place)
        (internal--place-branches place (lambda (p) (internal--setf-expand p value))))
       ((internal--cxr-place-p head)
        ;; (caddr X) is (car (cddr X)): set the car or cdr of the rest.
        (let ((name (symbol-name head)))
          (list (if (eq (aref name 1) ?a) 'setcar 'setcdr)
                (list (intern (concat "c" (substring name 2))) (car args))
                value)))
       ((get head 'gv--setter) (apply (get head 'gv--setter) value args))
       ((get head 'gv-expander)
        (apply (get head 'gv-expander) (lambda (_getter setter) (funcall setter value)) args))
       ((and (symbolp head) (autoloadp (symbol-function head)))
        (autoload-do-load (symbol-function head) head)
        (internal--setf-expand place value))
       (t (let ((expanded (macroexpand-1 place)))
            (if (eq expanded place)
                ;; Any other call is a place whose setter is the function
                ;; (setf HEAD), as gv.el has it (cl-defmethod defines them).
                (cons (gv-setter head) (cons value args))
              (internal--setf-expand expanded value))))))))

(defun gv-setter (name)
  "The symbol where the (setf NAME) function is placed."
  (intern (format "(setf %s)" name)))

;; (setf (alist-get KEY ALIST DEFAULT REMOVE TESTFN) VALUE), as gv.el.
(defun internal--setf-alist-get (args value)
  (let ((k (make-symbol "k")) (p (make-symbol "p")) (v (make-symbol "v"))
        (key (car args)) (alist (nth 1 args)) (default (nth 2 args))
        (remove (nth 3 args)) (testfn (nth 4 args)))
    `(let* ((,k ,key)
            (,p ,(if testfn `(if (and ,testfn (not (eq ,testfn 'eq)))
                                 (assoc ,k ,alist ,testfn) (assq ,k ,alist))
                   `(assq ,k ,alist)))
            (,v ,value))
       ,(if remove
            `(if (and ,remove (equal ,v ,default))
                 ,(internal--setf-expand alist `(delq ,p ,alist))
               (if ,p (setcdr ,p ,v)
                 ,(internal--setf-expand alist `(cons (setq ,p (cons ,k ,v)) ,alist))))
          `(if ,p (setcdr ,p ,v)
             ,(internal--setf-expand alist `(cons (setq ,p (cons ,k ,v)) ,alist))))
       ,v)))

;; gv.el's definers. gapmacs's setters, (lambda (VALUE ARGS...) FORM), are
;; in the `gv--setter' property; `gv-expander' holds what Emacs keeps
;; there, (lambda (DO ARGS...) FORM) calling DO with a getter form and a
;; setter function, which packages define and copy from symbol to symbol.
(defmacro gv-define-setter (name arglist &rest body)
  `(progn (put ',name 'gv--setter (lambda ,arglist ,@body)) ',name))
(defmacro gv-define-expander (name handler)
  (declare (indent 1))
  `(progn (put ',name 'gv-expander ,handler) ',name))
(defun internal--gv-simple-setter (setter fix-return)
  "A `gv--setter' storing with (SETTER ARGS... VALUE); FIX-RETURN non-nil
makes the setf return VALUE rather than what SETTER returns."
  (lambda (value &rest args)
    (if fix-return
        (let ((v (make-symbol "v")))
          (list 'let (list (list v value)) (cons setter (append args (list v))) v))
      (cons setter (append args (list value))))))
(defmacro gv-define-simple-setter (name setter &optional fix-return)
  `(progn (put ',name 'gv--setter (internal--gv-simple-setter ',setter ,fix-return)) ',name))

(defmacro setf (&rest pairs)
  (let ((forms nil))
    (while pairs
      (setq forms (cons (internal--setf-expand (car pairs) (car (cdr pairs))) forms))
      (setq pairs (cdr (cdr pairs))))
    (if (cdr forms) (cons 'progn (nreverse forms)) (car forms))))

(defun internal--cxr-place-p (head)
  (and (symbolp head)
       (let ((name (symbol-name head)))
         (and (> (length name) 4) (string-match-p "\\`c[ad]+r\\'" name)))))

;; The argument of these places that is itself a place (the setter assigns
;; it), so it must not be replaced by a temporary.
(defun internal--place-arg-p (head i)
  (if (eq head 'alist-get) (= i 1)
    (and (memq head '(plist-get substring cl-subseq cl-getf map-elt)) (= i 0))))

;; gv.el's places that are control structures: the value forms of an `if',
;; `cond', `progn', `let' or `let*' are places, each given to FN.
(defun internal--setf-last (forms fn)
  (append (butlast forms) (list (funcall fn (car (last forms))))))
(defun internal--place-branches (place fn)
  (let ((head (car place)))
    (cond
     ((eq head 'if)
      (cons 'if (cons (nth 1 place) (cons (funcall fn (nth 2 place))
                                          (internal--setf-last (nthcdr 3 place) fn)))))
     ((eq head 'cond)
      (cons 'cond (mapcar (lambda (clause) (cons (car clause) (internal--setf-last (cdr clause) fn)))
                          (cdr place))))
     ((eq head 'progn) (cons 'progn (internal--setf-last (cdr place) fn)))
     (t (cons head (cons (nth 1 place) (internal--setf-last (nthcdr 2 place) fn)))))))
(defun internal--branch-place-p (place)
  (and (memq (car place) '(if cond progn let let*))
       (not (and (eq (car place) 'if) (null (nthcdr 3 place))))))

(defun internal--setf-rmw (place fn)
  "Call FN with a place equivalent to PLACE and wrap the form it returns.
Read-modify-write macros (push, pop, cl-incf...) read and write PLACE, so
its argument forms are bound to temporaries and evaluated once, as gv does."
  (cond
   ((atom place) (funcall fn place))
   ((internal--branch-place-p place)
    (internal--place-branches place (lambda (p) (internal--setf-rmw p fn))))
   (t
    (let ((head (car place)))
      (cond
       ((and (symbolp head) (get head 'gv-expander) (not (get head 'gv--setter)))
        (apply (get head 'gv-expander)
               (lambda (getter setter) (funcall fn (internal--gv-place getter setter)))
               (cdr place)))
       ((and (symbolp head) (not (get head 'gv--setter)) (macrop head))
        (internal--setf-rmw (macroexpand-1 place) fn))
       (t
        (let ((i 0) (binds nil) (args nil))
          (dolist (a (cdr place))
            (if (or (atom a) (memq (car a) '(quote function)) (internal--place-arg-p head i))
                (setq args (cons a args))
              (let ((tmp (make-symbol "a")))
                (setq binds (cons (list tmp a) binds) args (cons tmp args))))
            (setq i (1+ i)))
          (let ((form (funcall fn (cons head (nreverse args)))))
            (if binds (list 'let* (nreverse binds) form) form)))))))))

;; A place made of an Emacs expander's GETTER form and SETTER function: a
;; call of a fresh macro that expands to GETTER and whose setter is SETTER.
(defun internal--gv-place (getter setter)
  (let ((place (make-symbol "gv-place")))
    (fset place (cons 'macro (lambda () getter)))
    (put place 'gv--setter (lambda (value) (funcall setter value)))
    (list place)))

;; gv.el's entry point: DO gets PLACE's getter form and setter function.
(defun gv-get (place do)
  (internal--setf-rmw place
                      (lambda (p) (funcall do p (lambda (value) (internal--setf-expand p value))))))

;; gv.el's references to places: (GETTER . SETTER) closures.
(defmacro gv-ref (place)
  (internal--setf-rmw place
                      (lambda (p)
                        (list 'cons (list 'lambda nil p)
                              (list 'lambda '(gv--val) (internal--setf-expand p 'gv--val))))))
(defun gv-deref (ref) (funcall (car ref)))
(put 'gv-deref 'gv--setter (lambda (value ref) (list 'funcall (list 'cdr ref) value)))

;; gv.el's places on Emacs's primitives: (PLACE SETTER) stores with
;; (SETTER ARGS... VALUE), and with a third element t the setf returns
;; VALUE rather than what SETTER returns.
(dolist (entry '((char-table-range set-char-table-range) (default-value set-default)
                 (frame-parameter set-frame-parameter t) (terminal-parameter set-terminal-parameter)
                 (keymap-parent set-keymap-parent) (match-data set-match-data t)
                 (overlay-get overlay-put) (process-buffer set-process-buffer)
                 (process-filter set-process-filter) (process-sentinel set-process-sentinel)
                 (process-get process-put) (window-parameter set-window-parameter)
                 (buffer-file-name set-visited-file-name t) (buffer-name rename-buffer t)
                 (current-buffer set-buffer) (current-column move-to-column t)
                 (current-global-map use-global-map t) (current-local-map use-local-map t)
                 (current-window-configuration set-window-configuration t)
                 (default-file-modes set-default-file-modes t) (documentation-property put)
                 (file-modes set-file-modes t) (frame-parameters modify-frame-parameters t)
                 (getenv setenv t) (get-register set-register) (global-key-binding global-set-key)
                 (local-key-binding local-set-key) (mark set-mark t) (mark-marker set-mark t)
                 (marker-position set-marker t) (point goto-char) (point-marker goto-char t)
                 (selected-window select-window) (selected-frame select-frame)
                 (standard-case-table set-standard-case-table) (syntax-table set-syntax-table)
                 (visited-file-modtime set-visited-file-modtime t)))
  (unless (get (car entry) 'gv--setter)
    (put (car entry) 'gv--setter (internal--gv-simple-setter (nth 1 entry) (nth 2 entry)))))
(gv-define-setter overlay-start (value ov) (list 'progn (list 'move-overlay ov value (list 'overlay-end ov)) value))
(gv-define-setter overlay-end (value ov) (list 'progn (list 'move-overlay ov (list 'overlay-start ov) value) value))
(gv-define-setter window-buffer (value &optional w) (list 'progn (list 'set-window-buffer w value) value))
(gv-define-setter window-display-table (value &optional w)
  (list 'progn (list 'set-window-display-table w value) value))
(gv-define-setter window-dedicated-p (value &optional w) (list 'set-window-dedicated-p w value))
(gv-define-setter window-hscroll (value &optional w) (list 'set-window-hscroll w value))
(gv-define-setter window-point (value &optional w) (list 'set-window-point w value))
(gv-define-setter window-start (value &optional w) (list 'set-window-start w value))
(gv-define-setter buffer-local-value (value var buf)
  (list 'with-current-buffer buf (list 'set (list 'make-local-variable var) value)))
(gv-define-setter buffer-modified-p (flag &optional buf)
  (list 'with-current-buffer (list 'or buf '(current-buffer)) (list 'set-buffer-modified-p flag)))
(gv-define-setter buffer-string (value) (list 'insert (list 'prog1 value '(erase-buffer))))
(gv-define-setter point-max (value) (list 'progn (list 'narrow-to-region '(point-min) value) value))
(gv-define-setter point-min (value) (list 'progn (list 'narrow-to-region value '(point-max)) value))
(gv-define-setter face-background (value face &optional frame) (list 'set-face-background face value frame))
(gv-define-setter face-foreground (value face &optional frame) (list 'set-face-foreground face value frame))
(gv-define-setter face-font (value face &optional frame) (list 'set-face-font face value frame))
(gv-define-setter face-underline-p (value face &optional frame) (list 'set-face-underline face value frame))

(defmacro push (newelt place)
  (if (symbolp place)
      (list 'setq place (list 'cons newelt place))
    (let ((v (make-symbol "v")))
      (list 'let (list (list v newelt))
            (internal--setf-rmw place (lambda (p) (internal--setf-expand p (list 'cons v p))))))))

(defmacro pop (place)
  (list 'car-safe
        (if (symbolp place)
            (list 'prog1 place (list 'setq place (list 'cdr place)))
          (internal--setf-rmw place
                              (lambda (p) (list 'prog1 p (internal--setf-expand p (list 'cdr p))))))))

(defmacro cl-incf (place &optional x)
  (internal--setf-rmw place (lambda (p) (internal--setf-expand p (if x (list '+ p x) (list '1+ p))))))
(defmacro cl-decf (place &optional x)
  (internal--setf-rmw place (lambda (p) (internal--setf-expand p (if x (list '- p x) (list '1- p))))))
(defun add-to-list (list-var element &optional append compare-fn)
  "Add ELEMENT to the value of LIST-VAR unless it is there already (as
COMPARE-FN says, `equal' by default), at the end when APPEND."
  (if (let ((list (symbol-value list-var)))
        (cond ((null compare-fn) (member element list))
              ((eq compare-fn #'eq) (memq element list))
              ((eq compare-fn #'eql) (memql element list))
              (t (while (and list (not (funcall compare-fn element (car list))))
                   (setq list (cdr list)))
                 list)))
      (symbol-value list-var)
    (set list-var (if append
                      (append (symbol-value list-var) (list element))
                    (cons element (symbol-value list-var))))))

(defmacro ignore-errors (&rest body)
  (list 'condition-case nil (cons 'progn body) '(error nil)))

(defmacro condition-case-unless-debug (var bodyform &rest handlers)
  (cons 'condition-case (cons var (cons bodyform handlers))))

;; Without a FORMAT string (Emacs's old form, SMIE's), the first argument
;; is part of BODY.
(defmacro with-demoted-errors (format &rest body)
  (let ((err (make-symbol "err")))
    (unless (and (stringp format) body)
      (when format (setq body (cons format body)))
      (setq format "Error: %S"))
    `(condition-case-unless-debug ,err (progn ,@body)
       (error (message ,format ,err) nil))))

(defmacro save-match-data (&rest body) (cons 'progn body))

(defmacro with-output-to-string (&rest body)
  `(let ((standard-output (internal--make-string-output)))
     (progn ,@body)
     (internal--string-output-contents standard-output)))

(defmacro with-current-buffer (buffer-or-name &rest body)
  `(save-current-buffer (set-buffer ,buffer-or-name) ,@body))

(defmacro with-temp-buffer (&rest body)
  (let ((temp-buffer (make-symbol "temp-buffer")))
    `(let ((,temp-buffer (generate-new-buffer " *temp*" t)))
       (with-current-buffer ,temp-buffer
         (unwind-protect (progn ,@body)
           (and (buffer-name ,temp-buffer) (kill-buffer ,temp-buffer)))))))

(defun insert-file-contents-literally (filename &optional visit beg end replace)
  "Insert FILENAME's bytes unconverted: raw bytes in a multibyte buffer,
a \".gz\" file's compressed (as Emacs, which inhibits jka-compr here)."
  (let ((coding-system-for-read 'no-conversion)
        (inhibit-file-name-handlers (append '(jka-compr-handler image-file-handler epa-file-handler)
                                            inhibit-file-name-handlers))
        (inhibit-file-name-operation 'insert-file-contents))
    (insert-file-contents filename visit beg end replace)))
(defun coding--convert-region (start end fn coding-system destination)
  "Replace START..END with (FN TEXT CODING-SYSTEM), as Emacs's coding regions do."
  (let* ((b (min start end)) (e (max start end))
         (s (funcall fn (buffer-substring b e) coding-system)))
    (cond ((eq destination t) s)
          ((bufferp destination)
           (with-current-buffer destination (insert s))
           (length s))
          (t (let ((pt (point)))
               (goto-char b)
               (delete-region b e)
               (insert s)
               ;; Point inside the region goes to its start, after it follows the text.
               (goto-char (cond ((< pt b) pt) ((>= pt e) (+ pt (- (length s) (- e b)))) (t b)))
               (length s))))))
(defun encode-coding-region (start end coding-system &optional destination)
  (coding--convert-region start end #'encode-coding-string coding-system destination))
(defun decode-coding-region (start end coding-system &optional destination)
  (coding--convert-region start end #'decode-coding-string coding-system destination))
(defmacro with-temp-file (file &rest body)
  (let ((temp-file (make-symbol "temp-file"))
        (temp-buffer (make-symbol "temp-buffer")))
    `(let ((,temp-file ,file)
           (,temp-buffer (generate-new-buffer " *temp file*" t)))
       (unwind-protect
           (prog1 (with-current-buffer ,temp-buffer ,@body)
             (with-current-buffer ,temp-buffer (write-region nil nil ,temp-file nil 0)))
         (and (buffer-name ,temp-buffer) (kill-buffer ,temp-buffer))))))

(defun assoc-delete-all (key alist &optional test)
  (let ((test (or test #'equal)) (out nil))
    (dolist (elt alist) (unless (and (consp elt) (funcall test (car elt) key)) (push elt out)))
    (nreverse out)))
(defun assq-delete-all (key alist) (assoc-delete-all key alist #'eq))
(defun rassq-delete-all (value alist)
  (let ((out nil))
    (dolist (elt alist) (unless (and (consp elt) (eq (cdr elt) value)) (push elt out)))
    (nreverse out)))

;; Joins with one slash between components; empty components are dropped.
(defun file-name-concat (directory &rest components)
  (let ((parts (delq nil (mapcar (lambda (c) (and c (not (equal c "")) c))
                                 (cons directory components)))))
    (if (null parts) ""
      (let ((out (car parts)))
        (dolist (p (cdr parts))
          (setq out (concat (file-name-as-directory out) p)))
        out))))

;; Climbs from DIRECTORY (default-directory) with "../" until it is an
;; ancestor of FILENAME, then appends the rest of FILENAME.
(defun file-relative-name (filename &optional directory)
  (let* ((file (expand-file-name filename))
         (ancestor (file-name-as-directory (expand-file-name (or directory default-directory))))
         (up ""))
    (while (not (or (string-prefix-p ancestor file)
                    (equal (file-name-as-directory file) ancestor)))
      (setq ancestor (file-name-directory (directory-file-name ancestor))
            up (concat up "../")))
    (let ((result (concat up (if (> (length file) (length ancestor))
                                 (substring file (length ancestor))
                               ""))))
      (cond ((not (equal result "")) result)
            ((string-suffix-p "/" file) "./")
            (t ".")))))

(defmacro benchmark-elapse (&rest forms)
  (let ((t1 (make-symbol "t1")))
    `(let ((,t1 (float-time)))
       ,@forms
       (- (float-time) ,t1))))

(defmacro benchmark-run (&optional repetitions &rest forms)
  (unless (or (natnump repetitions) (and repetitions (symbolp repetitions)))
    (setq forms (cons repetitions forms)
          repetitions 1))
  (let ((i (make-symbol "i"))
        (gcs (make-symbol "gcs"))
        (gc (make-symbol "gc")))
    `(let ((,gc gc-elapsed)
           (,gcs gcs-done))
       (list ,(if (or (symbolp repetitions) (> repetitions 1))
                  `(- (benchmark-elapse (dotimes (,i ,repetitions) ,@forms))
                      (benchmark-elapse (dotimes (,i ,repetitions) nil)))
                `(benchmark-elapse ,@forms))
             (- gcs-done ,gcs)
             (- gc-elapsed ,gc)))))

(defun benchmark (repetitions form)
  (if (stringp form) (setq form (read form)))
  (let ((result (eval (list 'benchmark-run repetitions form) t)))
    (if (zerop (nth 1 result))
        (message "Elapsed time: %fs" (car result))
      (message "Elapsed time: %fs (%fs in %d GCs)" (car result)
               (nth 2 result) (nth 1 result)))))

(defun define-error (name message &optional parent)
  (or parent (setq parent 'error))
  (let ((conditions
         (if (consp parent)
             (apply #'append
                    (mapcar (lambda (parent)
                              (cons parent
                                    (or (get parent 'error-conditions)
                                        (error "Unknown signal `%s'" parent))))
                            parent))
           (cons parent (get parent 'error-conditions)))))
    (put name 'error-conditions (delete-dups (copy-sequence (cons name conditions))))
    (when message (put name 'error-message message))))

(defun delete-dups (list)
  (let ((tail list))
    (while tail
      (setcdr tail (delete (car tail) (cdr tail)))
      (setq tail (cdr tail))))
  list)

(defun assoc-default (key alist &optional test default)
  (let (found (tail alist) value)
    (while (and tail (not found))
      (let ((elt (car tail)))
        (when (funcall (or test #'equal) (if (consp elt) (car elt) elt) key)
          (setq found t value (if (consp elt) (cdr elt) default))))
      (setq tail (cdr tail)))
    value))

(defun string-blank-p (string) (string-match-p "\\`[ \t\n\r]*\\'" string))
(defun string-remove-prefix (prefix string)
  (if (string-prefix-p prefix string) (substring string (length prefix)) string))
(defun string-remove-suffix (suffix string)
  (if (string-suffix-p suffix string) (substring string 0 (- (length string) (length suffix))) string))
(defun cl-evenp (n) (= (% n 2) 0))
(defun cl-oddp (n) (/= (% n 2) 0))
(defun xor (a b) (if a (not b) b))
(defun flatten-tree (tree)
  (let (elems)
    (while (consp tree)
      (let ((elem (pop tree)))
        (while (consp elem)
          (push (cdr elem) tree)
          (setq elem (car elem)))
        (if elem (push elem elems))))
    (if tree (push tree elems))
    (nreverse elems)))
(defun seq-filter (pred seq)
  (let (out) (mapc (lambda (x) (if (funcall pred x) (push x out))) seq) (nreverse out)))
(defun seq-reduce (fn seq init)
  (let ((acc init)) (mapc (lambda (x) (setq acc (funcall fn acc x))) seq) acc))
(defun cl-remove-if-not (pred seq) (seq-filter pred seq))
(defun cl-remove-if (pred seq) (seq-filter (lambda (x) (not (funcall pred x))) seq))

(defmacro setq-local (&rest pairs)
  (unless (zerop (mod (length pairs) 2))
    (error "PAIRS must have an even number of variable/value members"))
  (let ((expr nil))
    (while pairs
      (unless (symbolp (car pairs))
        (error "Attempting to set a non-symbol: %s" (car pairs)))
      (setq expr
            (cons
             (list 'set
                   (list 'make-local-variable (list 'quote (car pairs)))
                   (car (cdr pairs)))
             expr))
      (setq pairs (cdr (cdr pairs))))
    (if (cdr expr) (cons 'progn (nreverse expr)) (car expr))))

(defmacro defvar-local (var val &optional docstring)
  (list 'progn (list 'defvar var val docstring)
        (list 'make-variable-buffer-local (list 'quote var))))

(defmacro bound-and-true-p (var)
  (list 'and (list 'boundp (list 'quote var)) var))

;; add-hook and remove-hook as in Emacs 28's subr.el.
(defun add-hook (hook function &optional depth local)
  (or (boundp hook) (set hook nil))
  (or (default-boundp hook) (set-default hook nil))
  (unless (numberp depth) (setq depth (if depth 90 0)))
  (if local (unless (local-variable-if-set-p hook)
              (set (make-local-variable hook) (list t)))
    (unless (and (consp (symbol-value hook)) (memq t (symbol-value hook)))
      (setq local t)))
  (let ((hook-value (if local (symbol-value hook) (default-value hook))))
    (when (or (not (listp hook-value)) (functionp hook-value))
      (setq hook-value (list hook-value)))
    (unless (member function hook-value)
      (when (or (get hook 'hook--depth-alist) (not (zerop depth)))
        (put hook 'hook--depth-alist (cons (cons function depth) (get hook 'hook--depth-alist))))
      (setq hook-value
            (if (< 0 depth)
                (append hook-value (list function))
              (cons function hook-value)))
      (let ((depth-alist (get hook 'hook--depth-alist)))
        (when depth-alist
          (setq hook-value
                (sort (if (< 0 depth) hook-value (copy-sequence hook-value))
                      (lambda (f1 f2)
                        (< (alist-get f1 depth-alist 0 nil #'eq)
                           (alist-get f2 depth-alist 0 nil #'eq))))))))
    (if local
        (progn
          (and (symbolp function)
               (get function 'permanent-local-hook)
               (not (get hook 'permanent-local))
               (put hook 'permanent-local 'permanent-local-hook))
          (set hook hook-value))
      (set-default hook hook-value))))

(defun remove-hook (hook function &optional local)
  (or (boundp hook) (set hook nil))
  (or (default-boundp hook) (set-default hook nil))
  (unless (and local (not (local-variable-p hook)))
    (when (and (local-variable-p hook)
               (not (and (consp (symbol-value hook))
                         (memq t (symbol-value hook)))))
      (setq local t))
    (let ((hook-value (if local (symbol-value hook) (default-value hook)))
          (old-fun nil))
      (if (or (not (listp hook-value)) (eq (car hook-value) 'lambda))
          (when (equal hook-value function)
            (setq old-fun hook-value)
            (setq hook-value nil))
        (when (setq old-fun (car (member function hook-value)))
          (setq hook-value (remq old-fun hook-value))))
      (when old-fun
        (let* ((depths (get hook 'hook--depth-alist))
               (di (assq old-fun depths)))
          (when di (put hook 'hook--depth-alist (delq di depths)))))
      (if (not local)
          (set-default hook hook-value)
        (if (equal hook-value '(t))
            (kill-local-variable hook)
          (set hook hook-value))))))

(make-variable-buffer-local 'delay-mode-hooks)
(put 'delay-mode-hooks 'permanent-local t)
(make-variable-buffer-local 'delayed-mode-hooks)

(defun run-mode-hooks (&rest hooks)
  (if delay-mode-hooks
      (dolist (hook hooks)
        (push hook delayed-mode-hooks))
    (setq hooks (nconc (nreverse delayed-mode-hooks) hooks))
    ;; So that the sexp primitives call syntax-propertize before the
    ;; mode's first syntax-ppss does (subr.el).
    (and (bound-and-true-p syntax-propertize-function)
         (not (local-variable-p 'parse-sexp-lookup-properties))
         (setq-local parse-sexp-lookup-properties t))
    (setq delayed-mode-hooks nil)
    (apply #'run-hooks (cons 'change-major-mode-after-body-hook hooks))
    (run-hooks 'after-change-major-mode-hook)))

;; Helpers the interactive specs of builtin commands call (commands.cpp),
;; as in Emacs 28 (simplified where noted in docs/lisp-lite.md).
(defun goto-char--read-natnum-interactive (prompt)
  (if (and current-prefix-arg (not (consp current-prefix-arg)))
      (list (prefix-numeric-value current-prefix-arg))
    (list (read-number prompt (point)))))
(defun region-noncontiguous-p () nil)
(defvar delete-by-moving-to-trash nil)
(defvar confirm-nonexistent-file-or-buffer 'after-completion)
(defun confirm-nonexistent-file-or-buffer ()
  (cond ((eq confirm-nonexistent-file-or-buffer 'after-completion)
         'confirm-after-completion)
        (confirm-nonexistent-file-or-buffer 'confirm)
        (t nil)))
(defvar ucs-names nil)
(defun read-char-by-name (prompt &optional allow-single)
  (let* ((enable-recursive-minibuffers t)
         (completion-ignore-case t)
         (input (completing-read prompt (ucs-names)))
         (char (cond ((char-from-name input t))
                     ((string-match-p "\\`[0-9a-fA-F]+\\'" input)
                      (ignore-errors (string-to-number input 16)))
                     ((string-match-p "\\`#\\([bBoOxX]\\|[0-9]+[rR]\\)[0-9a-zA-Z]+\\'" input)
                      (ignore-errors (car (read-from-string input))))
                     ((and allow-single (= (length input) 1)) (aref input 0)))))
    (unless (characterp char) (error "Invalid character"))
    char))

(defun read-string (prompt &optional initial-input history default-value inherit-input-method)
  (let ((val (read-from-minibuffer prompt initial-input nil nil history default-value
                                   inherit-input-method)))
    (if (and (stringp val) (= (length val) 0) default-value)
        (if (consp default-value) (car default-value) default-value)
      val)))
;; ---- loading: features, eval-after-load, custom, obsolete aliases ----
(defvar macroexpand-all-environment nil)

;; A bundled file that stands in for one of Emacs's library (nadvice.el,
;; rx.el): Emacs's own FILE when the library is installed, else gapmacs's
;; SUBSET feature.
(defun internal--load-emacs-file-or (file subset)
  (let ((emacs (and gapmacs-emacs-lisp-directory
                    (locate-file file (list gapmacs-emacs-lisp-directory) '(".el" ".el.gz")))))
    (if emacs (load emacs nil t t) (require subset))))
(provide 'emacs)
(provide 'gv)
(provide 'base64) ; the builtins of base64.cpp, as Emacs provides them
(defvar after-load-alist nil)
(defvar auto-compression-mode t
  "Non-nil: files whose names end in \".gz\" are gunzipped when read and
gzipped when written, as under Emacs's auto-compression-mode (on by
default).  insert-file-contents and write-region do it in gapmacs.")
(defun auto-compression-mode (&optional arg)
  "Toggle reading and writing \".gz\" files through gzip."
  (interactive (list (or current-prefix-arg 'toggle)))
  (setq auto-compression-mode
        (cond ((eq arg 'toggle) (not auto-compression-mode))
              ((null arg) t)
              (t (> (prefix-numeric-value arg) 0)))))
(defvar after-load-functions nil)
(defvar load-suffixes '(".el"))
(defvar load-file-rep-suffixes '("" ".gz"))
(defvar load-true-file-name nil)
;; What Emacs's library reads at load time and Emacs sets in C or preloads
;; (values as in Emacs 28 on Debian, where they are not the machine's).
(defvar window-system nil)
(defvar purify-flag nil)
(defvar remote-shell-program "ssh")
(defvar configure-info-directory "/usr/share/info")
(defvar package--builtin-versions (list (list 'emacs emacs-major-version emacs-minor-version)))
(defvar locate-dominating-stop-dir-regexp
  "\\`\\(?:[\\/][\\/][^\\/]+[\\/]\\|/\\(?:net\\|afs\\|\\.\\.\\.\\)/\\)\\'")
(defvar user-full-name (user-full-name))
(defvar user-login-name (user-login-name))
(defvar user-real-login-name (user-real-login-name))
(defvar user-mail-address (concat (user-login-name) "@" (system-name)))
(defvar minor-mode-alist (list (list 'abbrev-mode " Abbrev"))
  "(VARIABLE CONSTRUCT) of the minor modes the mode line names while
VARIABLE is non-nil; Emacs's starts with Abbrev mode's.")
(defvar definition-prefixes (make-hash-table :test 'equal)
  "Prefix -> the files that define names starting with it (for completion in help).")
(defun register-definition-prefixes (file prefixes)
  (dolist (prefix prefixes)
    (puthash prefix (cons file (gethash prefix definition-prefixes)) definition-prefixes)))
(defvar byte-compile-current-file nil)

(defun load-history-regexp (file)
  (concat (if (file-name-absolute-p file) "\\`" "\\(\\`\\|/\\)")
          (regexp-quote file)
          (if (file-name-extension file) "" "\\(\\.elc\\|\\.el\\)?")
          "\\'"))

(defun internal--file-loaded-p (file)
  (let ((re (load-history-regexp file)) (found nil) (tail load-history))
    (while (and tail (not found))
      (if (and (stringp (car-safe (car tail))) (string-match-p re (car (car tail))))
          (setq found t))
      (setq tail (cdr tail)))
    found))

(defun eval-after-load (file form)
  (let ((func (if (functionp form) form (lambda () (eval form t))))
        (key (if (stringp file) file file)))
    (if (if (stringp file) (internal--file-loaded-p file) (featurep file))
        (funcall func)
      (let ((elt (assoc key after-load-alist)))
        (unless elt
          (setq elt (list key))
          (setq after-load-alist (cons elt after-load-alist)))
        (unless (member func (cdr elt))
          (setcdr elt (append (cdr elt) (list func))))))
    nil))

;; Packages require Emacs's bytecomp.el for its variables and macros
;; (use-package); its `byte-compile' would run Emacs's compiler, which
;; gapmacs does not: the interpreter's stays, and compiling a file
;; (package.el after an install) checks that it reads and writes no .elc,
;; which gapmacs never loads (subr-extra.el).
(eval-after-load 'bytecomp
  (lambda ()
    (defalias 'byte-compile 'internal--byte-compile-interpreted)
    (defalias 'byte-compile-file 'internal--byte-compile-file-check)))

;; Emacs preloads nadvice, and find-func.el and help-fns.el read advice
;; only once (featurep 'nadvice): without it find-function-library
;; takes a function's symbol for its definition and loops.
(eval-after-load 'find-func (lambda () (require 'nadvice)))
(defun internal--help-C-file-name (_subr-or-var _kind)
  "gapmacs's `help-C-file-name': nil, as its built-in functions and
variables are C++, in no file that help or `find-function' could visit
\(Emacs's finds the C file in its DOC file, which gapmacs has not)."
  nil)
(eval-after-load 'help-fns
  (lambda ()
    (require 'nadvice)
    (defalias 'help-C-file-name #'internal--help-C-file-name)))

;; project.el's searches show their matches as they are found, and
;; project-find-file reads while the project is listed
;; (lisp/xref-stream.el, lisp/project-file-stream.el).
(eval-after-load 'project
  (lambda () (require 'xref-stream) (require 'project-file-stream)))

;; find-dired's listing is Emacs's, its filter gapmacs's: the same dired
;; buffer at find's pace (lisp/find-dired-stream.el).
(eval-after-load 'find-dired
  (lambda () (require 'find-dired-stream)))

(defun do-after-load-evaluation (abs-file)
  (dolist (elt after-load-alist)
    (when (and (stringp (car elt)) (string-match-p (load-history-regexp (car elt)) abs-file))
      (mapc #'funcall (cdr elt))))
  (run-hook-with-args 'after-load-functions abs-file))

;; As Emacs 28's custom.el: the :initialize function sets the value (by
;; default custom-initialize-reset, which goes through :set).
(defvar custom-current-group-alist nil
  "Alist of (FILE . GROUP): the last group defined in each file.")
(defun custom-declare-variable (symbol default doc &rest args)
  (put symbol 'standard-value (list default))
  ;; Without :group, the group last defined in this file (as Emacs).
  (let ((group (and (not (plist-member args :group))
                     (cdr (assoc load-file-name custom-current-group-alist)))))
    (if group (custom-add-to-group group symbol 'custom-variable)))
  (let ((initialize #'custom-initialize-reset) (local nil))
    (while args
      (let ((k (car args)) (v (car (cdr args))))
        (cond ((eq k :initialize) (setq initialize v))
              ((eq k :type) (put symbol 'custom-type v))
              ((eq k :set) (put symbol 'custom-set v))
              ((eq k :get) (put symbol 'custom-get v))
              ((eq k :group) (custom-add-to-group v symbol 'custom-variable))
              ((eq k :local) (setq local (memq v '(t permanent)))
               (if (eq v 'permanent) (put symbol 'permanent-local t)))
              ((eq k :safe) (put symbol 'safe-local-variable v))
              ((eq k :risky) (put symbol 'risky-local-variable v))
              ((eq k :options) (put symbol 'custom-options (copy-sequence v)))
              ((memq k '(:version :package-version :link :load :tag :set-after))
               (custom-handle-keyword symbol k v 'custom-variable))))
      (setq args (cdr (cdr args))))
    (internal--define-uninitialized-variable symbol doc)
    (funcall initialize symbol default)
    (if local (make-variable-buffer-local symbol)))
  symbol)

(defun custom-initialize-default (symbol exp)
  (unless (default-boundp symbol)
    (set-default-toplevel-value symbol (eval exp t))))
(defun custom-initialize-set (symbol exp)
  (unless (default-boundp symbol)
    (funcall (or (get symbol 'custom-set) #'set-default-toplevel-value) symbol (eval exp t))))
(defun custom-initialize-reset (symbol exp)
  (funcall (or (get symbol 'custom-set) #'set-default-toplevel-value)
           symbol
           (condition-case nil
               (let ((def (default-toplevel-value symbol)) (getter (get symbol 'custom-get)))
                 (if getter (funcall getter symbol) def))
             (error (eval (let ((sv (get symbol 'saved-value))) (if sv (car sv) exp)) t)))))
(defun custom-initialize-changed (symbol exp)
  (condition-case nil
      (let ((def (default-toplevel-value symbol)))
        (funcall (or (get symbol 'custom-set) #'set-default-toplevel-value)
                 symbol (let ((getter (get symbol 'custom-get))) (if getter (funcall getter symbol) def))))
    (error
     (cond ((get symbol 'saved-value)
            (funcall (or (get symbol 'custom-set) #'set-default-toplevel-value)
                     symbol (eval (car (get symbol 'saved-value)) t)))
           (t (set-default-toplevel-value symbol (eval exp t)))))))
;; Emacs delays these to its next start; loaded after start-up there is
;; no later, so they are set now (as Emacs 28 does then). Start-up is over
;; whenever Lisp runs: t says so to Emacs's custom.el (startup.el's value).
(defvar custom-delayed-init-variables nil
  "(SYMBOL . FILE) of the `custom-initialize-delay' variables whose :set
waits for their FILE to finish loading, last first.")
(defun internal--custom-initialize-delay (symbol value)
  "Set SYMBOL to VALUE, and through its :set once the file being loaded
has loaded: Emacs does it at start-up, after the files it preloads, and a
global mode's :set calls what the rest of its file defines (eldoc's
`turn-on-eldoc-mode').  Outside a load, at once."
  (if (and load-in-progress load-file-name)
      (progn
        (unless (default-boundp symbol)
          (set-default-toplevel-value symbol (eval value t)))
        (setq custom-delayed-init-variables
              (cons (cons symbol load-file-name) custom-delayed-init-variables)))
    (custom-initialize-reset symbol value)))
(defalias 'custom-initialize-delay #'internal--custom-initialize-delay)
;; Emacs's custom.el leaves them for a start-up that has passed.
(eval-after-load 'custom
  (lambda () (defalias 'custom-initialize-delay #'internal--custom-initialize-delay)))
(defun internal--run-delayed-inits (file)
  "Set through their :set the variables `custom-initialize-delay' left
for FILE, as Emacs's start-up does for its preloaded files."
  (let ((ready nil) (left nil))
    (dolist (entry custom-delayed-init-variables)
      ;; A bare symbol: Emacs's own custom-initialize-delay put it there,
      ;; while custom.el loaded.
      (if (or (symbolp entry) (equal (cdr entry) file)) (push entry ready) (push entry left)))
    (setq custom-delayed-init-variables (nreverse left))
    (dolist (entry ready)
      (let ((symbol (if (consp entry) (car entry) entry)))
        (custom-initialize-reset symbol (car (get symbol 'standard-value)))))))

(defun custom-declare-group (symbol members doc &rest args)
  (dolist (m members) (custom-add-to-group symbol (car m) (nth 1 m)))
  (if doc (put symbol 'group-documentation doc))
  (while args
    (cond ((eq (car args) :prefix) (put symbol 'custom-prefix (car (cdr args))))
          ((eq (car args) :group) (custom-add-to-group (car (cdr args)) symbol 'custom-group))
          ((fboundp 'custom-handle-keyword)
           (custom-handle-keyword symbol (car args) (car (cdr args)) 'custom-group)))
    (setq args (cdr (cdr args))))
  ;; As Emacs: packages find their file's group here (company's
  ;; `(setcdr (assoc load-file-name custom-current-group-alist) ...)').
  (let ((elt (assoc load-file-name custom-current-group-alist)))
    (if elt (setcdr elt symbol)
      (setq custom-current-group-alist
            (cons (cons load-file-name symbol) custom-current-group-alist))))
  symbol)

(defvar custom--declared-faces nil)
(defun custom-declare-face (face spec doc &rest _args)
  ;; Before Emacs's faces.el is loaded the spec is kept; lisp/face-core.el
  ;; makes the face once it is (batch start-up loads neither).
  (unless (get face 'face-defface-spec)
    (if (featurep 'faces)
        (face-spec-set face spec 'face-defface-spec)
      (put face 'face-defface-spec spec)
      (setq custom--declared-faces (cons (cons face load-file-name) custom--declared-faces)))
    (setq current-load-list (cons (cons 'defface face) current-load-list))
    (if doc (put face 'face-documentation doc)))
  face)

(defun custom-add-to-group (group option widget)
  (let ((members (get group 'custom-group)) (entry (list option widget)))
    (unless (member entry members)
      (put group 'custom-group (append members (list entry))))))
(defun custom-add-option (symbol option)
  (let ((options (get symbol 'custom-options)))
    (unless (member option options) (put symbol 'custom-options (cons option options)))))
(defun custom-autoload (symbol load &optional noset)
  (put symbol 'custom-autoload (if noset 'noset t))
  (put symbol 'custom-loads (cons load (get symbol 'custom-loads))))
(defun custom-variable-p (variable)
  (and (symbolp variable)
       (or (get variable 'standard-value) (get variable 'custom-autoload))))
(defun custom-quote (sexp)
  (if (or (memq sexp '(t nil)) (keywordp sexp) (and (consp sexp) (memq (car sexp) '(lambda closure)))
          (stringp sexp) (numberp sexp) (vectorp sexp))
      sexp
    (list 'quote sexp)))
(defun customize-set-variable (variable value &optional _comment)
  (funcall (or (get variable 'custom-set) #'set-default) variable value)
  (put variable 'customized-value (list (custom-quote value)))
  value)
(defun custom-set-default (variable value) (set-default variable value))
(defun custom-set-variables (&rest args)
  (dolist (entry args)
    (let* ((symbol (car entry)) (value (eval (nth 1 entry) t)))
      (put symbol 'saved-value (list (nth 1 entry)))
      (funcall (or (get symbol 'custom-set) #'set-default) symbol value))))
(defun custom-set-faces (&rest _args) nil)

(defun make-obsolete (obsolete-name current-name when)
  (put obsolete-name 'byte-obsolete-info (list current-name nil when))
  obsolete-name)
(defun make-obsolete-variable (obsolete-name current-name when &optional access-type)
  (put obsolete-name 'byte-obsolete-variable (list current-name access-type when))
  obsolete-name)
(defmacro define-obsolete-function-alias (obsolete-name current-name when &optional docstring)
  `(progn (defalias ,obsolete-name ,current-name ,docstring)
          (make-obsolete ,obsolete-name ,current-name ,when)))
;; No variable aliases yet: the obsolete name gets the current value once.
(defmacro define-obsolete-variable-alias (obsolete-name current-name when &optional _docstring)
  `(progn (if (fboundp 'defvaralias) (defvaralias ,obsolete-name ,current-name)
            (if (boundp ,current-name)
                (eval (list 'defvar ,obsolete-name (list 'quote (symbol-value ,current-name))) t)
              (eval (list 'defvar ,obsolete-name) t)))
          (make-obsolete-variable ,obsolete-name ,current-name ,when)))

(defun apply-partially (fun &rest args)
  (lambda (&rest args2) (apply fun (append args args2))))
(defmacro ignore-error (condition &rest body)
  `(condition-case nil (progn ,@body) (,condition nil)))

;; Lisp versions of builtins lisp-lite lacks (a native one, when added, wins).
(unless (fboundp 'assoc-string)
  (defun assoc-string (key list &optional case-fold)
    (if (symbolp key) (setq key (symbol-name key)))
    (let ((found nil))
      (while (and list (not found))
        (let* ((elt (car list)) (k (if (consp elt) (car elt) elt)))
          (if (symbolp k) (setq k (symbol-name k)))
          (if (and (stringp k) (eq t (compare-strings key nil nil k nil nil case-fold)))
              (setq found elt)))
        (setq list (cdr list)))
      found)))
(unless (fboundp 'compare-strings)
  (defun compare-strings (str1 start1 end1 str2 start2 end2 &optional ignore-case)
    (let* ((s1 (substring str1 (or start1 0) (and end1 (min end1 (length str1)))))
           (s2 (substring str2 (or start2 0) (and end2 (min end2 (length str2)))))
           (s1 (if ignore-case (upcase s1) s1)) (s2 (if ignore-case (upcase s2) s2))
           (n (min (length s1) (length s2))) (i 0))
      (while (and (< i n) (eq (aref s1 i) (aref s2 i))) (setq i (1+ i)))
      (cond ((< i n) (if (< (aref s1 i) (aref s2 i)) (- (1+ i)) (1+ i)))
            ((< (length s1) (length s2)) (- (1+ i)))
            ((> (length s1) (length s2)) (1+ i))
            (t t)))))

;;; prelude.el ends here
