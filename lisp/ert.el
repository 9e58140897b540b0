;;; ert.el --- the subset of ERT that lisp-lite's tests use  -*- lexical-binding: t -*-

;; ert-deftest, should, should-not, should-error (with :type), skip-unless,
;; ert-fail, and ert-run-tests-batch-and-exit, which runs every test in
;; definition order, prints one line per test in ERT's format, then a
;; summary ending with "N passed, N failed", and exits with status 0 when
;; all passed, 1 otherwise.

(define-error 'ert-test-failed "Test failed")
(define-error 'ert-test-skipped "Test skipped")

(defvar ert--tests nil
  "Registered tests, most recent first: (NAME . FUNCTION).")

(defmacro ert-deftest (name _args &rest body)
  "Define test NAME running BODY (docstring and keyword pairs allowed)."
  (when (stringp (car body)) (setq body (cdr body)))
  (while (keywordp (car body)) (setq body (cddr body)))
  `(progn
     (setq ert--tests (cons (cons ',name (lambda () ,@body))
                            (assq-delete-all ',name ert--tests)))
     ',name))

(defun assq-delete-all (key alist)
  (let ((out nil))
    (dolist (elt alist) (unless (and (consp elt) (eq (car elt) key)) (push elt out)))
    (nreverse out)))

(defun ert-fail (data)
  (signal 'ert-test-failed (list data)))

(defun ert-pass () nil)

(defmacro should (form)
  (let ((value (make-symbol "value")))
    `(let ((,value ,form))
       (unless ,value
         (ert-fail (list '(should ,form) :form ',form :value ,value)))
       ,value)))

(defmacro should-not (form)
  (let ((value (make-symbol "value")))
    `(let ((,value ,form))
       (when ,value
         (ert-fail (list '(should-not ,form) :form ',form :value ,value)))
       nil)))

(defun ert--error-type-matches (err type)
  (let ((conditions (get (car err) 'error-conditions)))
    (if (consp type)
        (let ((found nil))
          (dolist (ty type) (when (memq ty conditions) (setq found t)))
          found)
      (memq type conditions))))

(defmacro should-error (form &rest keys)
  "Check that FORM signals an error (of :type TYPE); return the error."
  (let ((type (plist-get keys :type))
        (err (make-symbol "err")))
    `(let ((,err (condition-case e (progn ,form nil) (error e))))
       (cond ((null ,err)
              (ert-fail (list '(should-error ,form ,@keys) :form ',form
                              :fail-reason "did not signal an error")))
             ((and ,type (not (ert--error-type-matches ,err ,type)))
              (ert-fail (list '(should-error ,form ,@keys) :form ',form :condition ,err
                              :fail-reason "the error signaled did not have the expected type")))
             (t ,err)))))

(defmacro skip-unless (form)
  `(unless ,form (signal 'ert-test-skipped (list '(skip-unless ,form)))))

(defun ert--run-one (test index total)
  "Run TEST; print its line; return passed, failed or skipped."
  (let* ((name (car test))
         (start (float-time))
         (result
          (condition-case err
              (progn (funcall (cdr test)) (list 'passed))
            (ert-test-skipped (list 'skipped err))
            (error (list 'failed err))))
         (elapsed (- (float-time) start)))
    (when (eq (car result) 'failed)
      (message "Test %S condition:" name)
      (message "    %S" (cadr result)))
    (message "   %s  %d/%d  %S (%f sec)"
             (cond ((eq (car result) 'passed) "passed")
                   ((eq (car result) 'skipped) "skipped")
                   (t "FAILED"))
             index total name elapsed)
    (car result)))

(defun ert-run-tests-batch-and-exit (&optional _selector)
  "Run all tests, print the results, exit 0 if all passed, 1 otherwise."
  ;; GAPMACS_GC_STRESS=tests: the loading is done, stress the tests themselves.
  (when (and (fboundp 'gapmacs-gc-stress) (equal (getenv "GAPMACS_GC_STRESS") "tests"))
    (gapmacs-gc-stress t))
  (let* ((tests (reverse ert--tests))
         (total (length tests))
         (passed 0) (failed 0) (skipped 0) (failures nil)
         (index 0)
         (start (float-time)))
    (message "Running %d tests" total)
    (dolist (test tests)
      (setq index (1+ index))
      (let ((r (ert--run-one test index total)))
        (cond ((eq r 'passed) (setq passed (1+ passed)))
              ((eq r 'skipped) (setq skipped (1+ skipped)))
              (t (setq failed (1+ failed)) (push (car test) failures)))))
    (message "")
    (message "Ran %d tests, %d results as expected, %d unexpected%s (%f sec)"
             total (+ passed skipped) failed
             (if (> skipped 0) (format ", %d skipped" skipped) "")
             (- (float-time) start))
    (when failures
      (message "")
      (message "%d unexpected results:" failed)
      (dolist (name (nreverse failures))
        (message "   FAILED  %S" name)))
    (message "%d passed, %d failed" passed failed)
    (kill-emacs (if (> failed 0) 1 0))))

(provide 'ert)
;;; ert.el ends here
