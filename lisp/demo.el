;;; demo.el --- what gapmacs can do so far, as a table  -*- lexical-binding: t -*-

;; `make run' runs this until the terminal editor exists: the process output
;; forms of bug#32729 (seed 002) at 100 MB, each way gapmacs can receive
;; output, timed with benchmark-run.

(defconst demo-count "count=100000")

(defun demo-dd (&rest keys)
  "Run dd (100 MB of zeroes) into \" *zeroes*\" with KEYS for make-process."
  (kill-buffer (get-buffer-create " *zeroes*"))
  (let ((proc (apply #'make-process :name "dd" :buffer (get-buffer-create " *zeroes*")
                     :command (list "dd" "if=/dev/zero" "bs=1000" demo-count)
                     :sentinel #'ignore keys)))
    (while (process-live-p proc)
      (accept-process-output proc 0.1))))

(defconst demo-forms
  `(("call-process, output discarded"
     . ,(lambda () (call-process "dd" nil nil nil "if=/dev/zero" "bs=1000" demo-count)))
    ("call-process into a buffer, utf-8"
     . ,(lambda () (call-process "dd" nil (get-buffer-create " *zeroes*") nil
                                 "if=/dev/zero" "bs=1000" demo-count)))
    ("call-process into a buffer, binary"
     . ,(lambda () (let ((coding-system-for-read 'binary))
                     (call-process "dd" nil (get-buffer-create " *zeroes*") nil
                                   "if=/dev/zero" "bs=1000" demo-count))))
    ("make-process, no filter (into the gap)"
     . ,(lambda () (demo-dd :coding 'binary)))
    ("make-process, empty string filter"
     . ,(lambda () (demo-dd :coding 'binary :filter (lambda (_p _s)))))
    ("make-process, string filter that inserts"
     . ,(lambda () (demo-dd :coding 'binary
                            :filter (lambda (_p s)
                                      (with-current-buffer " *zeroes*"
                                        (goto-char (point-max))
                                        (insert s))))))
    ("make-process, region filter (new)"
     . ,(lambda () (demo-dd :coding 'binary :region-filter (lambda (_p _s _e)))))))

(princ "gapmacs: 100 MB from dd, received each way (the forms of bug#32729)\n\n")
(princ (format "%-42s %9s %6s %9s\n" "how" "seconds" "GCs" "MB/s"))
(princ (format "%s\n" (make-string 69 ?-)))
(dolist (entry demo-forms)
  (let ((result (benchmark-run 1 (funcall (cdr entry)))))
    (princ (format "%-42s %9.3f %6d %9.0f\n" (car entry) (nth 0 result) (nth 1 result)
                   (/ 100.0 (nth 0 result))))))
(princ "\nThe terminal editor is not built yet; `gapmacs --batch' runs Lisp (see README.md).\n")
