;;; ert.el --- the subset of ERT that lisp-lite's tests use  -*- lexical-binding: t -*-

;; ert-deftest (with :expected-result and :tags), should, should-not,
;; should-error (with :type), skip-unless, ert-fail, ert-info, and
;; ert-run-tests-batch-and-exit with selectors (t, nil, a regexp string, a
;; test name, (tag TAG), (not S), (and S...), (or S...), (member NAME...)),
;; which prints one line per test and ERT's summary lines ("Ran N tests, N
;; results as expected, N unexpected[, N skipped]", expected failures, the
;; unexpected and skipped lists) and exits with status 0 when every result
;; was expected, 1 otherwise.  Written for gapmacs; not Emacs's ert.el.

;; As Emacs's ert.el: test files use cl-lib's macros and functions
;; (cl-letf, cl-loop, cl-set-exclusive-or...) without requiring it.
(require 'cl-lib)

(define-error 'ert-test-failed "Test failed")
(define-error 'ert-test-skipped "Test skipped")

(defvar ert--tests nil
  "Registered tests, most recent first: (NAME FUNCTION EXPECTED TAGS).")

(defmacro ert-deftest (name _args &rest body)
  "Define test NAME running BODY (docstring and keyword pairs allowed).
Keywords: :expected-result (:passed or :failed, evaluated) and :tags."
  (let ((expected :passed) (tags nil))
    (when (stringp (car body)) (setq body (cdr body)))
    (while (keywordp (car body))
      (cond ((eq (car body) :expected-result) (setq expected (cadr body)))
            ((eq (car body) :tags) (setq tags (cadr body))))
      (setq body (cddr body)))
    `(progn
       (setq ert--tests (cons (list ',name (lambda () ,@body) ,expected ,tags)
                              (assq-delete-all ',name ert--tests)))
       ',name)))

(defun ert-select-tests (selector tests)
  "The entries of TESTS that SELECTOR selects."
  (seq-filter (lambda (test) (ert--selects-p selector test)) tests))

(defun ert--selects-p (selector test)
  (let ((name (car test)))
    (cond ((eq selector t) t)
          ((null selector) nil)
          ((memq selector '(:new :failed :passed :expected :unexpected)) t)
          ((stringp selector) (string-match-p selector (symbol-name name)))
          ((symbolp selector) (eq selector name))
          ((eq (car selector) 'member) (memq name (cdr selector)))
          ((eq (car selector) 'tag) (memq (cadr selector) (nth 3 test)))
          ((eq (car selector) 'not) (not (ert--selects-p (cadr selector) test)))
          ((eq (car selector) 'and)
           (seq-every-p (lambda (s) (ert--selects-p s test)) (cdr selector)))
          ((eq (car selector) 'or)
           (seq-some (lambda (s) (ert--selects-p s test)) (cdr selector)))
          ((eq (car selector) 'satisfies) (funcall (cadr selector) name))
          (t (error "Invalid test selector: %S" selector)))))

(defvar ert--infos nil
  "The (PREFIX . MESSAGE) pairs of the `ert-info' forms around the code
that runs, innermost first.")

(defvar ert--failure-infos nil
  "`ert--infos' where the running test last failed, for its report.")

(defmacro ert-info (spec &rest body)
  "Run BODY with SPEC's message shown with any failure inside it.
SPEC is (MESSAGE-FORM [:prefix PREFIX-FORM]); PREFIX defaults to \"Info: \"."
  (declare (indent 1))
  (let ((message-form (car spec))
        (prefix-form (if (plist-member (cdr spec) :prefix) (plist-get (cdr spec) :prefix) "Info: ")))
    `(let ((ert--infos (cons (cons ,prefix-form ,message-form) ert--infos)))
       ,@body)))

(defun ert-fail (data)
  (setq ert--failure-infos ert--infos)
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

(defun ert-skip (data)
  "Skip the test being run, saying DATA (a string or any object)."
  (signal 'ert-test-skipped (list data)))

(defun ert--run-one (test index total)
  "Run TEST and print its line; return (RESULT EXPECTED-P)."
  (setq ert--failure-infos nil)
  (let* ((name (car test))
         (start (float-time))
         (result
          (condition-case err
              ;; Each test in a buffer of its own, as Emacs's ert runs it;
              ;; the language's own runner has no buffers.
              (progn
                (if (fboundp 'generate-new-buffer)
                    (with-temp-buffer
                      (if (fboundp 'save-window-excursion)
                          (save-window-excursion (funcall (nth 1 test)))
                        (funcall (nth 1 test))))
                  (funcall (nth 1 test)))
                (list 'passed))
            (ert-test-skipped (list 'skipped err))
            (error (list 'failed err))))
         (elapsed (- (float-time) start))
         (kind (car result))
         (expected (or (eq kind 'skipped)
                       (eq kind (if (eq (nth 2 test) :failed) 'failed 'passed)))))
    (cond ((and (eq kind 'failed) (not expected))
           (message "Test %S condition:" name)
           (dolist (info (reverse ert--failure-infos))
             (message "    %s%s" (car info) (cdr info)))
           (message "    %S" (cadr result)))
          ((and (eq kind 'passed) (not expected))
           (message "Test %S passed unexpectedly" name)))
    (message "%9s  %d/%d  %S (%f sec)"
             (let ((word (symbol-name kind))) (if expected word (upcase word)))
             index total name elapsed)
    (list kind expected)))

;; Emacs puts the date in the summary lines; lisp-lite has no
;; format-time-string yet, so the date is left out there.
(defun ert--timestamp (&optional suffix)
  (if (fboundp 'format-time-string)
      (concat (format-time-string "%Y-%m-%d %H:%M:%S%z") (or suffix ""))
    ""))

(defun ert-run-tests-batch-and-exit (&optional selector)
  "Run the tests SELECTOR selects (default all), print the results and ERT's
summary, and exit 0 if every result was as expected, 1 otherwise."
  ;; Under GAPMACS_GC_STRESS the tests themselves are stressed (=tests:
  ;; from here on), not a library they load: that is loadup's stress run.
  (let ((stress (getenv "GAPMACS_GC_STRESS")))
    (when (and (fboundp 'gapmacs-gc-stress) stress (not (member stress '("" "0"))))
      (gapmacs-gc-stress 'tests)))
  (let* ((selector (or selector t))
         (tests (ert-select-tests selector (reverse ert--tests)))
         (total (length tests))
         (expected 0) (skipped 0) (expected-failures 0)
         (unexpected nil) (skips nil)
         (index 0)
         (start (float-time)))
    (message "Running %d tests (%sselector `%S')" total (ert--timestamp ", ") selector)
    (dolist (test tests)
      (setq index (1+ index))
      (let* ((r (ert--run-one test index total)) (kind (car r)))
        (cond ((eq kind 'skipped) (setq skipped (1+ skipped)) (push (car test) skips))
              ((cadr r) (setq expected (1+ expected))
               (when (eq kind 'failed) (setq expected-failures (1+ expected-failures))))
              (t (push (cons kind (car test)) unexpected)))))
    (message "")
    (message "Ran %d tests, %d results as expected, %d unexpected%s (%s%f sec)"
             total expected (length unexpected)
             (if (> skipped 0) (format ", %d skipped" skipped) "")
             (ert--timestamp ", ") (- (float-time) start))
    (when (> expected-failures 0)
      (message "%d expected failures" expected-failures))
    (when unexpected
      (message "")
      (message "%d unexpected results:" (length unexpected))
      (dolist (u (nreverse unexpected))
        (message "%9s  %S" (upcase (symbol-name (car u))) (cdr u))))
    (when skips
      (message "")
      (message "%d skipped results:" skipped)
      (dolist (name (nreverse skips))
        (message "  SKIPPED  %S" name)))
    (message "")
    (kill-emacs (if unexpected 1 0))))

(defun ert-equal-including-properties (a b)
  "Non-nil if A and B are `equal' and, being strings, carry the same text
properties, whose values are compared with `equal' (not `eq')."
  (and (equal a b)
       (or (not (stringp a))
           (let ((i 0) (same t))
             (while (and same (< i (length a)))
               (let ((pa (text-properties-at i a)) (pb (text-properties-at i b)))
                 (setq same (= (length pa) (length pb)))
                 (while (and same pa)
                   (setq same (and (plist-member pb (car pa))
                                   (equal (plist-get pb (car pa)) (cadr pa)))
                         pa (cddr pa))))
               (setq i (1+ i)))
             same))))

(provide 'ert)
;;; ert.el ends here
