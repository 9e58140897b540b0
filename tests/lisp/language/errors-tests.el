;;; errors-tests.el --- signals, handlers and error messages  -*- lexical-binding: t -*-

;; Made at top level, so their environment is (t) under ERT too.
;; Needs the editor: buffers (runs in batch mode, not on the language alone).
(defalias 'errors-tests--id (lambda (x) x))

(ert-deftest errors-condition-case-by-parent ()
  (should (equal (condition-case e (car 1) (wrong-type-argument (list 'wta e)))
                 '(wta (wrong-type-argument listp 1))))
  (should (equal (condition-case e (car 1) (error (car e))) 'wrong-type-argument))
  (should (equal (condition-case nil (/ 1 0) (arith-error 'arith)) 'arith))
  (should (equal (condition-case nil (signal 'overflow-error nil) (arith-error 'parent)) 'parent))
  (should (equal (condition-case nil (signal 'file-missing '("x")) (file-error 'file)) 'file))
  (should (equal (condition-case nil (car 1) ((void-variable wrong-type-argument) 'list)) 'list))
  (should (equal (condition-case nil (car 1) (t 'any)) 'any))
  (should (equal (condition-case v (+ 1 2) (:success (* v 10))) 30))
  (should (equal (condition-case nil (signal 'quit nil) (error 'error) (quit 'quit)) 'quit)))

(ert-deftest errors-signal-data ()
  (should (equal (should-error (car 'a)) '(wrong-type-argument listp a)))
  (should (equal (should-error (+ 1 'a)) '(wrong-type-argument number-or-marker-p a)))
  (should (equal (should-error (eval '(car) t)) '(wrong-number-of-arguments car 0)))
  (should (equal (should-error (funcall 'car)) `(wrong-number-of-arguments ,(symbol-function 'car) 0)))
  (should (equal (should-error (errors-tests--id)) '(wrong-number-of-arguments ((t) (x) x) 0)))
  (should (equal (should-error (eval '(if) t)) '(wrong-number-of-arguments if 0)))
  (should (equal (should-error (eval 'errors-tests--unbound t)) '(void-variable errors-tests--unbound)))
  (should (equal (should-error (eval '(errors-tests--nofn 1) t)) '(void-function errors-tests--nofn)))
  (should (equal (should-error (funcall 1)) '(invalid-function 1)))
  (should (equal (should-error (funcall (intern "when"))) '(invalid-function when)))
  (should (equal (should-error (aref [1 2] 5)) '(args-out-of-range [1 2] 5)))
  (should (equal (should-error (substring "abc" 2 1)) '(args-out-of-range "abc" 2 1)))
  (should (equal (should-error (/ 5 0)) '(arith-error)))
  (should (equal (should-error (error "x %d" 1)) '(error "x 1")))
  (should (equal (should-error (user-error "u %s" 'v)) '(user-error "u v")))
  ;; A symbol without error-conditions is not an `error'; only t catches it.
  (should (equal (condition-case e (signal 'my-unknown '(1)) (error 'error) (t e)) '(my-unknown 1))))

(ert-deftest errors-message-strings ()
  (should (equal (error-message-string '(wrong-type-argument numberp a)) "Wrong type argument: numberp, a"))
  (should (equal (error-message-string '(void-variable foo)) "Symbol’s value as variable is void: foo"))
  (should (equal (error-message-string '(void-function foo)) "Symbol’s function definition is void: foo"))
  (should (equal (error-message-string '(error "x %d" 1)) "x %d: 1"))
  (should (equal (error-message-string '(error "foo" 1 2)) "foo: 1, 2"))
  (should (equal (error-message-string '(file-missing "Opening input file" "No such file or directory" "/x"))
                 "Opening input file: No such file or directory, /x"))
  (should (equal (error-message-string '(foo 1)) "peculiar error: 1"))
  (should (equal (error-message-string '(end-of-file)) "End of file during parsing"))
  (should (equal (error-message-string '(user-error "abc" "d")) "abc, d"))
  (should (equal (error-message-string '(args-out-of-range "abc" 5)) "Args out of range: \"abc\", 5"))
  (should (equal (error-message-string '(invalid-read-syntax ")" 1 2)) "Invalid read syntax: \")\", 1, 2"))
  (should (equal (error-message-string '(quit)) "Quit"))
  (should (equal (error-message-string '(arith-error)) "Arithmetic error")))

(ert-deftest errors-define-error ()
  (define-error 'errors-tests--parent "Parent error")
  (define-error 'errors-tests--child "Child error" 'errors-tests--parent)
  (should (equal (get 'errors-tests--child 'error-conditions)
                 '(errors-tests--child errors-tests--parent error)))
  (should (equal (condition-case e (signal 'errors-tests--child '(1)) (errors-tests--parent e))
                 '(errors-tests--child 1)))
  (should (equal (error-message-string '(errors-tests--child 1 "two")) "Child error: 1, \"two\"")))

(ert-deftest errors-ignore-errors ()
  (should (equal (ignore-errors (car 1)) nil))
  (should (equal (ignore-errors 1 2) 2)))

(ert-deftest errors-with-demoted-errors ()
  ;; Without a format string (SMIE's use), the first argument is part of
  ;; the body, as in Emacs 28; values from Emacs 28.
  (let ((inhibit-message t))
    (should (equal (with-demoted-errors (+ 1 2)) 3))
    (should (equal (with-demoted-errors "E: %S" (+ 1 2)) 3))
    (should (equal (with-demoted-errors "E: %S" (error "boom")) nil))
    (should (equal (with-demoted-errors "just a string") "just a string"))
    (should (equal (with-demoted-errors (error "x") 1) nil))))

(ert-deftest errors-file-notify-and-date-errors ()
  ;; fileio.c's error symbols: autorevert catches file-notify-error.
  (should (equal (get 'file-notify-error 'error-conditions) '(file-notify-error file-error error)))
  (should (equal (condition-case nil (signal 'file-notify-error '("x")) (file-error 'caught)) 'caught))
  (should (equal (get 'file-date-error 'error-conditions) '(file-date-error file-error error))))

(ert-deftest errors-standard-conditions ()
  (dolist (sym '(quit user-error wrong-type-argument args-out-of-range void-variable void-function
                 invalid-function wrong-number-of-arguments setting-constant arith-error overflow-error
                 end-of-file invalid-read-syntax no-catch file-error file-missing file-already-exists
                 coding-system-error cl-assertion-failed buffer-read-only beginning-of-buffer
                 end-of-buffer search-failed invalid-regexp scan-error))
    (should (memq sym (get sym 'error-conditions)))
    (should (stringp (get sym 'error-message))))
  (should (equal (get 'overflow-error 'error-conditions) '(overflow-error range-error arith-error error))))

(ert-deftest errors-batch-backtrace-on-error ()
  ;; With debug-on-error, an error that reaches batch's top level shows the
  ;; calls it came through, innermost first, as Emacs's debugger prints them.
  (with-temp-buffer
    (let ((status (call-process (car command-line-args) nil t nil "--batch" "-Q"
                                "--eval" "(setq debug-on-error t)"
                                "--eval" "(progn (defun errors-tests--f (x) (car x)) (errors-tests--f 5))")))
      (should (equal status 255))
      (goto-char (point-min))
      (should (looking-at "Debugger entered--Lisp error: (wrong-type-argument listp 5)\n  car(5)\n  errors-tests--f(5)\n"))))
  ;; Without it, the message alone (Emacs 28 prints the backtrace there
  ;; too: `backtrace-on-error-noninteractive').
  (when (boundp 'gapmacs-version)
   (with-temp-buffer
    (call-process (car command-line-args) nil t nil "--batch" "-Q" "--eval" "(car 5)")
    (should (equal (buffer-string) "Wrong type argument: listp, 5\n")))))
