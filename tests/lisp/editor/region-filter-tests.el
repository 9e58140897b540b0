;;; region-filter-tests.el --- the :region-filter design  -*- lexical-binding: t -*-

;; A region filter is called as (FILTER PROC START END) after the output was
;; inserted at the process mark, with the process buffer current. gapmacs only.

(defun region-tests--wait (proc)
  (while (process-live-p proc)
    (accept-process-output proc 1))
  (accept-process-output nil 0.05))

(defun region-tests--n (n)
  "N, or a twentieth of it when the collector runs at every allocation
\(GAPMACS_GC_STRESS=1, also under the sanitizers), so the suite stays quick."
  (if (getenv "GAPMACS_GC_STRESS") (max 10 (/ n 20)) n))

(defun region-tests--expected (n)
  (mapconcat (lambda (i) (format "%d\n" i)) (number-sequence 1 n) ""))

(ert-deftest region-filter-sees-inserted-text ()
  (let ((buf (generate-new-buffer "region"))
        (seen nil) (in-buffer t) (at-mark t))
    (unwind-protect
        (let ((p (make-process :name "seq" :buffer buf
                               :command (list "seq" "1" (number-to-string (region-tests--n 5000)))
                               :sentinel #'ignore
                               :region-filter
                               (lambda (proc start end)
                                 (setq in-buffer (and in-buffer (eq (current-buffer) buf)))
                                 (setq at-mark (and at-mark (= end (marker-position (process-mark proc)))))
                                 (push (buffer-substring start end) seen)))))
          (should (eq (process-filter p) 'internal-default-process-filter))
          (should (functionp (process-region-filter p)))
          (region-tests--wait p)
          (should in-buffer)
          (should at-mark)
          (should (equal (apply #'concat (nreverse seen)) (region-tests--expected (region-tests--n 5000))))
          (should (equal (with-current-buffer buf (buffer-string)) (region-tests--expected (region-tests--n 5000)))))
      (kill-buffer buf))))

(ert-deftest region-filter-may-delete-what-it-was-given ()
  ;; Keep only lines that end in 7: the filter edits the region it is handed.
  (with-temp-buffer
    (let* ((partial "")
           (p (make-process
               :name "seq" :buffer (current-buffer)
               :command (list "seq" "1" (number-to-string (region-tests--n 3000)))
               :sentinel #'ignore
               :region-filter
               (lambda (_proc start end)
                 (let ((text (concat partial (buffer-substring start end))))
                   (delete-region start end)
                   (let ((lines (split-string text "\n")))
                     (setq partial (car (last lines)))
                     (dolist (line (butlast lines))
                       (when (string-suffix-p "7" line)
                         (goto-char (point-max))
                         (insert line "\n")))))))))
      (region-tests--wait p)
      (should (equal (buffer-string)
                     (mapconcat (lambda (i) (if (= (% i 10) 7) (format "%d\n" i) ""))
                                (number-sequence 1 (region-tests--n 3000)) ""))))))

(ert-deftest region-filter-setting-one-kind-removes-the-other ()
  (with-temp-buffer
    (let ((p (make-process :name "sleep" :buffer (current-buffer) :command '("sleep" "5")
                           :sentinel #'ignore)))
      (set-process-region-filter p (lambda (_p _s _e)))
      (should (process-region-filter p))
      (set-process-filter p (lambda (_p _s)))
      (should-not (process-region-filter p))
      (set-process-region-filter p (lambda (_p _s _e)))
      (should (eq (process-filter p) 'internal-default-process-filter))
      (delete-process p))))

(ert-deftest region-filter-needs-a-buffer ()
  (should-error (make-process :name "x" :command '("true") :region-filter #'ignore)))

(ert-deftest region-filter-error-is-reported-and-output-goes-on ()
  (with-temp-buffer
    (let* ((calls 0)
           (p (make-process :name "seq" :buffer (current-buffer)
                            :command (list "seq" "1" (number-to-string (region-tests--n 2000)))
                            :sentinel #'ignore
                            :region-filter (lambda (_p _s _e)
                                             (setq calls (1+ calls))
                                             (error "Region filter failed")))))
      (region-tests--wait p)
      (should (> calls 0))
      (should (equal (buffer-string) (region-tests--expected (region-tests--n 2000)))))))

(ert-deftest region-filter-that-kills-its-buffer ()
  (let* ((buf (generate-new-buffer "doomed"))
         (calls 0)
         (p (make-process :name "yes" :buffer buf :command '("yes")
                          :sentinel #'ignore
                          :region-filter (lambda (_p _s _e)
                                           (setq calls (1+ calls))
                                           (kill-buffer buf)))))
    (region-tests--wait p)
    (should (= calls 1))
    (should-not (buffer-live-p buf))
    ;; As in Emacs, killing a process's buffer deletes the process.
    (should-not (process-live-p p))))

(ert-deftest region-filter-with-nested-accept-process-output ()
  (with-temp-buffer
    (let* ((seen nil)
           (p (make-process :name "seq" :buffer (current-buffer)
                            :command (list "seq" "1" (number-to-string (region-tests--n 20000)))
                            :sentinel #'ignore
                            :region-filter (lambda (proc start end)
                                             (push (buffer-substring start end) seen)
                                             (accept-process-output proc 0.001)))))
      (region-tests--wait p)
      (should (equal (apply #'concat (nreverse seen)) (region-tests--expected (region-tests--n 20000))))
      (should (equal (buffer-string) (region-tests--expected (region-tests--n 20000)))))))

(ert-deftest region-filter-decodes-split-characters ()
  (with-temp-buffer
    (let* ((text (apply #'concat (make-list 500 "aé日😀")))
           (p (let ((read-process-output-max 3))
                (make-process :name "printf" :buffer (current-buffer)
                              :command (list "printf" "%s" text)
                              :sentinel #'ignore
                              :region-filter (lambda (_p _s _e))))))
      (region-tests--wait p)
      (should (equal (buffer-string) text)))))

(ert-deftest process-sentinel-error-is-reported-and-editor-goes-on ()
  ;; (In this file because GNU Emacs in batch mode exits on such an error.)
  (let* ((ran nil)
         (p (make-process :name "s" :command '("true")
                          :sentinel (lambda (_p _e) (setq ran t) (error "Sentinel failed")))))
    (region-tests--wait p)
    (should ran)
    (should (eq (process-status p) 'exit))
    ;; The editor is still working: another process runs normally.
    (with-temp-buffer
      (should (= (call-process "echo" nil t nil "alive") 0))
      (should (equal (buffer-string) "alive\n")))))

(ert-deftest processes-in-a-loop-leave-no-descriptor ()
  (let ((fds (length (directory-files "/proc/self/fd"))))
    (dotimes (i (region-tests--n 200))
      (with-temp-buffer
        (let ((p (make-process :name "n" :buffer (current-buffer)
                               :command (list "echo" (number-to-string i))
                               :sentinel #'ignore)))
          ;; gapmacs runs the sentinel as it sees the exit: no extra turn.
          (while (process-live-p p)
            (accept-process-output p 1))
          (should (equal (buffer-string) (format "%d\n" i))))))
    (garbage-collect)
    (should (= (length (directory-files "/proc/self/fd")) fds))
    (should-not (process-list))))
