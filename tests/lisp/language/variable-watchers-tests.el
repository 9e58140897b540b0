;;; variable-watchers-tests.el --- add-variable-watcher and friends  -*- lexical-binding: t -*-

;; Each expected value was printed by `emacs -Q --batch' (GNU Emacs 28.2)
;; running the same forms.
;; Needs the editor: buffers (runs in batch mode, not on the language alone).

(defvar variable-watchers-tests-var 1)
(defvar variable-watchers-tests-log nil)

(defun variable-watchers-tests-watch (symbol newval operation where)
  (push (list symbol newval operation (and where (buffer-name where))) variable-watchers-tests-log))

(ert-deftest variable-watchers-operations ()
  (setq variable-watchers-tests-log nil)
  (add-variable-watcher 'variable-watchers-tests-var #'variable-watchers-tests-watch)
  (unwind-protect
      (progn
        (setq variable-watchers-tests-var 2)
        (let ((variable-watchers-tests-var 3)) (setq variable-watchers-tests-var 4))
        (set-default 'variable-watchers-tests-var 5)
        (with-temp-buffer
          (rename-buffer "vw-buf")
          (setq-local variable-watchers-tests-var 6))
        (makunbound 'variable-watchers-tests-var)
        (defvar variable-watchers-tests-var 7)
        (setq variable-watchers-tests-var 8)
        (defvaralias 'variable-watchers-tests-alias 'variable-watchers-tests-var)
        (setq variable-watchers-tests-alias 9)
        (should (equal (reverse variable-watchers-tests-log)
                       '((variable-watchers-tests-var 2 set nil)
                         (variable-watchers-tests-var 3 let nil)
                         (variable-watchers-tests-var 4 set nil)
                         (variable-watchers-tests-var 2 unlet nil)
                         (variable-watchers-tests-var 5 set nil)
                         (variable-watchers-tests-var 6 set "vw-buf")
                         (variable-watchers-tests-var nil makunbound nil)
                         (variable-watchers-tests-var 7 set nil)
                         (variable-watchers-tests-var 8 set nil)
                         (variable-watchers-tests-var 9 set nil))))
        (should (equal (get-variable-watchers 'variable-watchers-tests-var)
                       '(variable-watchers-tests-watch)))
        ;; Watching an alias watches the variable it names.
        (should (equal (get-variable-watchers 'variable-watchers-tests-alias)
                       '(variable-watchers-tests-watch))))
    (remove-variable-watcher 'variable-watchers-tests-var #'variable-watchers-tests-watch))
  (let ((n (length variable-watchers-tests-log)))
    (setq variable-watchers-tests-var 10)
    (should (= (length variable-watchers-tests-log) n))
    (should-not (get-variable-watchers 'variable-watchers-tests-var))))

(defvar variable-watchers-tests-other 1)

(ert-deftest variable-watchers-defvaralias-notifies-the-alias ()
  (setq variable-watchers-tests-log nil)
  (defvar variable-watchers-tests-new nil)
  (add-variable-watcher 'variable-watchers-tests-new #'variable-watchers-tests-watch)
  (defvaralias 'variable-watchers-tests-new 'variable-watchers-tests-other)
  (should (equal variable-watchers-tests-log
                 '((variable-watchers-tests-new variable-watchers-tests-other defvaralias nil)))))

(defvar variable-watchers-tests-counter 0)

(ert-deftest variable-watchers-no-recursion ()
  ;; A watcher that sets its own variable is not called again for that.
  (let ((calls 0))
    (add-variable-watcher 'variable-watchers-tests-counter
                          (lambda (sym _new op _where)
                            (setq calls (1+ calls))
                            (when (eq op 'set) (set sym 100))))
    (setq variable-watchers-tests-counter 1)
    (should (= calls 1))
    (should (= variable-watchers-tests-counter 1))))

(ert-deftest variable-watchers-error-propagates ()
  (defvar variable-watchers-tests-guarded 0)
  (let ((w (lambda (_s new _o _w) (when (and (numberp new) (< new 0)) (error "Negative")))))
    (add-variable-watcher 'variable-watchers-tests-guarded w)
    (should (equal (condition-case e (setq variable-watchers-tests-guarded -1) (error (cadr e))) "Negative"))
    ;; The watcher runs before the write: the value is unchanged.
    (should (= variable-watchers-tests-guarded 0))
    (let ((variable-watchers-tests-guarded 5)) (should (= variable-watchers-tests-guarded 5)))
    (should (= variable-watchers-tests-guarded 0))
    (remove-variable-watcher 'variable-watchers-tests-guarded w)))
