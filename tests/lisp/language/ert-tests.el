;;; ert-tests.el --- ERT's batch report: summary lines, exit status, selectors  -*- lexical-binding: t -*-

;; A child (this same program: gapmacs, or emacs when run under GNU Emacs
;; 28) runs a small test file; its report and exit status must be what
;; Emacs 28's ERT prints (the lines below were taken from Emacs).
;; Needs the editor: files, text properties (runs in batch mode, not on the language alone).

(defconst ert-tests--file-contents
  "(ert-deftest ert-tests-a1 () (should (= 1 1)))
(ert-deftest ert-tests-a2 () :tags '(quick) (should-error (car 1) :type 'wrong-type-argument))
(ert-deftest ert-tests-a3 () :expected-result :failed (should (= 1 2)))
(ert-deftest ert-tests-a4 () (skip-unless nil))
(ert-deftest ert-tests-a5 () :expected-result :failed (should (= 1 1)))
(ert-deftest ert-tests-a6 () (should (= 1 2)))
")

(defun ert-tests--run (selector)
  "Run the file above with SELECTOR in a child; return (STATUS . OUTPUT)."
  (let ((file (make-temp-file "ert-tests" nil ".el")))
    (unwind-protect
        (progn
          (with-temp-file file (insert ert-tests--file-contents))
          (with-temp-buffer
            ;; The child is not what the stress run checks (it took a minute).
            (let* ((process-environment (cons "GAPMACS_GC_STRESS=0" process-environment))
                   (status (call-process (car command-line-args) nil t nil "--batch" "-Q" "-l" "ert"
                                         "-l" file "--eval"
                                         (format "(ert-run-tests-batch-and-exit '%S)" selector))))
              (cons status (buffer-string)))))
      (delete-file file))))

(defun ert-tests--has-line (output regexp)
  (string-match-p (concat "^" regexp "$") output))

(ert-deftest ert-tests-summary-and-status ()
  (let* ((r (ert-tests--run t)) (out (cdr r)))
    (should (equal (car r) 1))
    (should (string-match-p "^Running 6 tests (.*selector .t.)$" out))
    (should (ert-tests--has-line out "   passed  1/6  ert-tests-a1 (.* sec)"))
    (should (ert-tests--has-line out "   failed  3/6  ert-tests-a3 (.* sec)"))
    (should (ert-tests--has-line out "  skipped  4/6  ert-tests-a4 (.* sec)"))
    (should (ert-tests--has-line out "Test ert-tests-a5 passed unexpectedly"))
    (should (ert-tests--has-line out "   PASSED  5/6  ert-tests-a5 (.* sec)"))
    (should (ert-tests--has-line out "   FAILED  6/6  ert-tests-a6 (.* sec)"))
    (should (ert-tests--has-line
             out "Ran 6 tests, 3 results as expected, 2 unexpected, 1 skipped (.* sec)"))
    (should (ert-tests--has-line out "1 expected failures"))
    (should (ert-tests--has-line out "2 unexpected results:"))
    (should (ert-tests--has-line out "   PASSED  ert-tests-a5"))
    (should (ert-tests--has-line out "1 skipped results:"))
    (should (ert-tests--has-line out "  SKIPPED  ert-tests-a4"))))

(ert-deftest ert-tests-selectors ()
  (let ((r (ert-tests--run '(tag quick))))
    (should (equal (car r) 0))
    (should (ert-tests--has-line (cdr r) "   passed  1/1  ert-tests-a2 (.* sec)"))
    (should (ert-tests--has-line (cdr r) "Ran 1 tests, 1 results as expected, 0 unexpected (.* sec)")))
  (let ((r (ert-tests--run "a[34]")))
    (should (equal (car r) 0))
    (should (ert-tests--has-line
             (cdr r) "Ran 2 tests, 1 results as expected, 0 unexpected, 1 skipped (.* sec)")))
  (let ((r (ert-tests--run '(not (or "a5" "a6")))))
    (should (equal (car r) 0))
    (should (string-match-p "^Running 4 tests" (cdr r))))
  (let ((r (ert-tests--run 'ert-tests-a6)))
    (should (equal (car r) 1))
    (should (ert-tests--has-line (cdr r) "   FAILED  ert-tests-a6"))))

;;; ert-tests.el ends here

(ert-deftest ert-tests-equal-including-properties ()
  ;; Property values compared with `equal', where equal-including-properties uses eq.
  (should (ert-equal-including-properties (propertize "ab" 'p (list 1)) (propertize "ab" 'p (list 1))))
  (should-not (ert-equal-including-properties (propertize "ab" 'p 1) (propertize "ab" 'p 2)))
  (should-not (ert-equal-including-properties (propertize "ab" 'p 1) "ab"))
  (should-not (ert-equal-including-properties (propertize "ab" 'p 1) (concat "a" (propertize "b" 'p 1))))
  (should (ert-equal-including-properties (concat (propertize "a" 'p 1 'q 2) "b")
                                          (concat (propertize "a" 'q 2 'p 1) "b")))
  (should-not (ert-equal-including-properties "a" "b")))

(ert-deftest ert-tests-ert-info-binds-its-message ()
  ;; As Emacs's ert: each ert-info adds (PREFIX . MESSAGE) in front, and
  ;; its body's value is the form's.
  (should (equal (ert-info ("m" :prefix "P: ") ert--infos) '(("P: " . "m"))))
  (should (equal (ert-info ((format "%d" 1))
                   (ert-info ("inner") ert--infos))
                 '(("Info: " . "inner") ("Info: " . "1"))))
  (should (eq (ert-info ("x") 'value) 'value)))
