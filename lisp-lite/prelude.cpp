// The macros Emacs defines in Lisp (subr.el, byte-run.el, benchmark.el),
// written the same way so macroexpand shows the same expansions. Compiled
// into the binary and evaluated by init(): no file is read at start-up.
#include "lisp-lite/eval.hpp"

namespace gapmacs::lisp {

namespace {

constexpr const char* prelude_source = R"ELISP(
(defalias 'internal--strip-declare
  #'(lambda (body)
      (let ((doc (if (and (stringp (car-safe body)) (cdr-safe body)) (list (car body)))))
        (if doc (setq body (cdr body)))
        (while (eq (car-safe (car-safe body)) 'declare)
          (setq body (cdr body)))
        (append doc body))))

(defalias 'defmacro
  (cons 'macro
        #'(lambda (name arglist &rest body)
            (list 'defalias (list 'quote name)
                  (list 'cons ''macro
                        (list 'function
                              (cons 'lambda (cons arglist (internal--strip-declare body)))))))))

(defmacro defun (name arglist &rest body)
  (list 'defalias (list 'quote name)
        (list 'function (cons 'lambda (cons arglist (internal--strip-declare body))))))

(defmacro lambda (&rest cdr)
  (list 'function (cons 'lambda cdr)))

(defmacro declare (&rest _specs) nil)
(defmacro defsubst (name arglist &rest body) `(defun ,name ,arglist ,@body))
(defmacro define-inline (name arglist &rest body) `(defun ,name ,arglist ,@body))
(defmacro defcustom (symbol standard &optional doc &rest _args) `(defvar ,symbol ,standard ,doc))
(defmacro defgroup (&rest _args) nil)
(defmacro defface (face _spec &optional _doc &rest _args) `(quote ,face))
(defmacro eval-when-compile (&rest body) (list 'quote (eval (cons 'progn body) lexical-binding)))
(defmacro eval-and-compile (&rest body) (cons 'progn body))
(defmacro with-no-warnings (&rest body) (cons 'progn body))
(defmacro with-suppressed-warnings (_warnings &rest body) (cons 'progn body))

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
       ((memq head '(aref elt)) (list 'aset (car args) (nth 1 args) value))
       ((eq head 'gethash) (list 'puthash (car args) value (nth 1 args)))
       ((eq head 'get) (list 'put (car args) (nth 1 args) value))
       ((eq head 'symbol-value) (list 'set (car args) value))
       ((eq head 'symbol-function) (list 'fset (car args) value))
       ((eq head 'symbol-plist) (list 'setplist (car args) value))
       ((eq head 'plist-get)
        (internal--setf-expand (car args) (list 'plist-put (car args) (nth 1 args) value)))
       (t (let ((expanded (macroexpand-1 place)))
            (if (eq expanded place)
                (error "%S is not a valid place expression" place)
              (internal--setf-expand expanded value))))))))

(defmacro setf (&rest pairs)
  (let ((forms nil))
    (while pairs
      (setq forms (cons (internal--setf-expand (car pairs) (car (cdr pairs))) forms))
      (setq pairs (cdr (cdr pairs))))
    (if (cdr forms) (cons 'progn (nreverse forms)) (car forms))))

(defmacro push (newelt place)
  (if (symbolp place)
      (list 'setq place (list 'cons newelt place))
    (internal--setf-expand place (list 'cons newelt place))))

(defmacro pop (place)
  (list 'car-safe
        (if (symbolp place)
            (list 'prog1 place (list 'setq place (list 'cdr place)))
          (list 'prog1 place (internal--setf-expand place (list 'cdr place))))))

(defmacro cl-incf (place &optional x)
  (internal--setf-expand place (if x (list '+ place x) (list '1+ place))))
(defmacro cl-decf (place &optional x)
  (internal--setf-expand place (if x (list '- place x) (list '1- place))))
(defmacro add-to-list (list-var element &optional append)
  `(if (member ,element (symbol-value ,list-var)) (symbol-value ,list-var)
     (set ,list-var (if ,append (append (symbol-value ,list-var) (list ,element))
                      (cons ,element (symbol-value ,list-var))))))

(defmacro ignore-errors (&rest body)
  (list 'condition-case nil (cons 'progn body) '(error nil)))

(defmacro condition-case-unless-debug (var bodyform &rest handlers)
  (cons 'condition-case (cons var (cons bodyform handlers))))

(defmacro with-demoted-errors (format &rest body)
  (let ((err (make-symbol "err")))
    `(condition-case ,err (progn ,@body)
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

(defun string-blank-p (string) (string-empty-p (string-trim string)))
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
(defun read-char-by-name (prompt &optional allow-single)
  (let* ((input (read-string prompt))
         (char (cond ((string-match-p "\\`[0-9a-fA-F]+\\'" input)
                      (string-to-number input 16))
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
(provide 'subr-x)
)ELISP";

} // namespace

void load_prelude()
{
    load_text(prelude_source, "prelude", true);
}

} // namespace gapmacs::lisp
