;;; seed-forms-tests.el --- the benchmark forms of bug#32729, run unchanged  -*- lexical-binding: t -*-

;; The forms of ../shared/seeds/002 (Lars Ingebrigtsen's message), verbatim
;; but for count=1000 instead of count=1000000 (1 MB instead of 1 GB); bench/
;; runs them at full size. Each must run and leave what GNU Emacs leaves
;; (checked by running this file in emacs -Q --batch).

(defun seed-tests--zeroes-size ()
  (with-current-buffer (get-buffer-create " *zeroes*") (buffer-size)))

(defun seed-tests--dd-output-p (start)
  "Non-nil if 1000000 NULs start at START in \" *zeroes*\", then dd's report.
dd writes its report to stderr, which goes to the same buffer."
  (with-current-buffer " *zeroes*"
    (and (equal (buffer-substring start (+ start 10)) (make-string 10 0))
         (equal (buffer-substring (+ start 999990) (+ start 1000000)) (make-string 10 0))
         (equal (buffer-substring (+ start 1000000) (+ start 1000017)) "1000+0 records in"))))

(defun seed-tests--finish ()
  "Wait until every process ended and was reported.
The forms stop waiting when 10 ms pass without output, which a loaded
machine can make happen before dd is done; the test then waits for the rest."
  (let ((deadline (+ (float-time) 60)))
    (while (and (process-list) (< (float-time) deadline))
      (accept-process-output nil 0.05)))
  (accept-process-output nil 0.05))

(defun seed-tests--timing-p (result)
  (and (= (length result) 3) (numberp (nth 0 result)) (integerp (nth 1 result))
       (numberp (nth 2 result))))

(ert-deftest seed-form-1-call-process-to-nowhere ()
  (should (seed-tests--timing-p
           (benchmark-run 1 (call-process "dd" nil nil nil "if=/dev/zero" "bs=1000"
                                          "count=1000")))))

(ert-deftest seed-form-2-call-process-into-buffer ()
  (kill-buffer (get-buffer-create " *zeroes*"))
  (should (seed-tests--timing-p
           (benchmark-run 1 (call-process "dd" nil (get-buffer-create " *zeroes*") nil
                                          "if=/dev/zero" "bs=1000" "count=1000"))))
  (should (seed-tests--dd-output-p 1)))

(ert-deftest seed-form-3-call-process-binary ()
  (kill-buffer (get-buffer-create " *zeroes*"))
  (should (seed-tests--timing-p
           (let ((coding-system-for-read 'binary))
             (benchmark-run 1 (call-process "dd" nil (get-buffer-create " *zeroes*") nil
                                            "if=/dev/zero" "bs=1000" "count=1000")))))
  (should (seed-tests--dd-output-p 1)))

(ert-deftest seed-form-4-empty-string-filter ()
  (should (seed-tests--timing-p
           (let ((coding-system-for-read 'binary))
             (kill-buffer (get-buffer-create " *zeroes*"))
             (benchmark-run
                 1
               (let ((proc (start-process "dd" (get-buffer-create " *zeroes*") "dd"
                                          "if=/dev/zero" "bs=1000" "count=1000")))
                 (set-process-filter proc (lambda (proc string)
                                            ))
                 (while (and (process-live-p proc)
                             (accept-process-output proc 0.01))))))))
  ;; The filter kept nothing; the default sentinel reported the end.
  (seed-tests--finish)
  (should (equal (with-current-buffer " *zeroes*" (buffer-string)) "\nProcess dd finished\n")))

(ert-deftest seed-form-5-inserting-string-filter ()
  (should (seed-tests--timing-p
           (let ((coding-system-for-read 'binary))
             (kill-buffer (get-buffer-create " *zeroes*"))
             (benchmark-run
                 1
               (let ((proc (start-process "dd" (get-buffer-create " *zeroes*") "dd"
                                          "if=/dev/zero" "bs=1000" "count=1000")))
                 (set-process-filter proc (lambda (proc string)
                                            (with-current-buffer
                                                (get-buffer-create " *zeroes*")
                                              (goto-char (point-max))
                                              (insert string))))
                 (while (and (process-live-p proc)
                             (accept-process-output proc 0.01))))))))
  (seed-tests--finish)
  ;; The filter inserted at point-max; the process mark stayed at 1, where
  ;; the default sentinel wrote.
  (should (equal (with-current-buffer " *zeroes*" (buffer-substring 1 22)) "\nProcess dd finished\n"))
  (should (seed-tests--dd-output-p 22)))

(ert-deftest seed-form-6-no-filter ()
  ;; The same loop with the default filter: output goes straight to the buffer.
  (should (seed-tests--timing-p
           (let ((coding-system-for-read 'binary))
             (kill-buffer (get-buffer-create " *zeroes*"))
             (benchmark-run
                 1
               (let ((proc (start-process "dd" (get-buffer-create " *zeroes*") "dd"
                                          "if=/dev/zero" "bs=1000" "count=1000")))
                 (while (and (process-live-p proc)
                             (accept-process-output proc 0.01))))))))
  (seed-tests--finish)
  (should (seed-tests--dd-output-p 1))
  (should (string-suffix-p "\nProcess dd finished\n"
                           (with-current-buffer " *zeroes*" (buffer-string)))))
