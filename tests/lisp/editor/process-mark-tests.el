;;; process-mark-tests.el --- output when the process mark points elsewhere  -*- lexical-binding: t -*-

;; Issue 11, defect 8: output was dropped when the process mark pointed
;; nowhere. As Emacs 28's internal-default-process-filter, output goes to
;; the process buffer whatever the mark says: at the mark clipped to the
;; accessible text, or at the end of the accessible text when the mark
;; points nowhere, and the mark is put back after it. Everything but the
;; region filter test also runs in GNU Emacs 28, which is how the expected
;; values were checked:
;;   emacs -Q --batch -l ert -l process-mark-tests.el -f ert-run-tests-batch-and-exit

(defun process-mark-tests--run (setup &optional script)
  "Run SCRIPT (prints OUT, then TWO on a second line of input) into a
buffer holding \"0123456789\", after (SETUP PROC BUFFER OTHER-BUFFER).
Return (TEXT BEGV ZV MARK-BUFFER MARK-POS OTHER-TEXT), TEXT whole."
  (let ((b (generate-new-buffer "pm-out"))
        (other (generate-new-buffer "pm-other")))
    (unwind-protect
        (let (p)
          (with-current-buffer b (insert "0123456789"))
          (with-current-buffer other (insert "abcdef"))
          (setq p (make-process
                   :name "pm" :buffer b :sentinel #'ignore
                   :command (list "sh" "-c" (or script "read x; printf OUT; read y; printf TWO"))))
          (funcall setup p b other)
          (process-send-string p "go\n")
          (accept-process-output p 1)
          (process-send-string p "go\n")
          (while (process-live-p p) (accept-process-output p 0.1))
          (accept-process-output nil 0.05)
          (with-current-buffer b
            (list (save-restriction (widen) (buffer-string)) (point-min) (point-max)
                  (eq (marker-buffer (process-mark p)) b)
                  (marker-position (process-mark p))
                  (with-current-buffer other (buffer-string)))))
      (kill-buffer b)
      (kill-buffer other))))

(ert-deftest process-mark-nowhere-inserts-at-end ()
  (should (equal (process-mark-tests--run
                  (lambda (p _b _o) (set-marker (process-mark p) nil)))
                 '("0123456789OUTTWO" 1 17 t 17 "abcdef"))))

(ert-deftest process-mark-nowhere-keeps-point-before ()
  (let (pt)
    (process-mark-tests--run
     (lambda (p b _o)
       (set-marker (process-mark p) nil)
       (with-current-buffer b
         (goto-char 4)
         (add-hook 'kill-buffer-hook (lambda () (setq pt (point))) nil t))))
    (should (= pt 4))))

(ert-deftest process-mark-nowhere-narrowed-inserts-at-accessible-end ()
  (should (equal (process-mark-tests--run
                  (lambda (p b _o)
                    (set-marker (process-mark p) nil)
                    (with-current-buffer b (narrow-to-region 3 6))))
                 '("01234OUTTWO56789" 3 12 t 12 "abcdef"))))

(ert-deftest process-mark-nowhere-read-only ()
  (should (equal (process-mark-tests--run
                  (lambda (p b _o)
                    (set-marker (process-mark p) nil)
                    (with-current-buffer b (setq buffer-read-only t))))
                 '("0123456789OUTTWO" 1 17 t 17 "abcdef"))))

(ert-deftest process-mark-in-other-buffer-writes-process-buffer ()
  ;; The mark's position counts, in the process buffer; the other buffer
  ;; is left alone and the mark comes back.
  (should (equal (process-mark-tests--run
                  (lambda (p _b o) (set-marker (process-mark p) 3 o)))
                 '("01OUTTWO23456789" 1 17 t 9 "abcdef"))))

(ert-deftest process-mark-outside-narrowing-is-clipped ()
  (should (equal (process-mark-tests--run
                  (lambda (p b _o)
                    (set-marker (process-mark p) 8 b)
                    (with-current-buffer b (narrow-to-region 2 4))))
                 '("012OUTTWO3456789" 2 10 t 10 "abcdef")))
  (should (equal (process-mark-tests--run
                  (lambda (p b _o)
                    (set-marker (process-mark p) 1 b)
                    (with-current-buffer b (narrow-to-region 5 7))))
                 '("0123OUTTWO456789" 5 13 t 11 "abcdef"))))

(ert-deftest process-mark-nowhere-string-filter-default ()
  ;; A filter calling the default one by name takes the same path.
  (should (equal (process-mark-tests--run
                  (lambda (p _b _o)
                    (set-marker (process-mark p) nil)
                    (set-process-filter p (lambda (p s) (internal-default-process-filter p s)))))
                 '("0123456789OUTTWO" 1 17 t 17 "abcdef"))))

(ert-deftest process-mark-nowhere-sentinel-message-at-end ()
  (let ((b (generate-new-buffer "pm-sentinel")))
    (unwind-protect
        (let ((p (make-process :name "pm" :buffer b :command '("sh" "-c" "read x; exit 3"))))
          (with-current-buffer b (insert "abc"))
          (set-marker (process-mark p) nil)
          (with-current-buffer b (narrow-to-region 1 2))
          (process-send-string p "go\n")
          (while (process-live-p p) (accept-process-output p 0.1))
          (accept-process-output nil 0.1)
          (with-current-buffer b
            (should (equal (save-restriction (widen) (buffer-string))
                           "a\nProcess pm exited abnormally with code 3\nbc"))
            (should (= (marker-position (process-mark p)) (point-max)))))
      (kill-buffer b))))

(ert-deftest process-mark-nowhere-region-filter ()
  ;; gapmacs only: the region filter gets exactly the text, at the end.
  (skip-unless (fboundp 'set-process-region-filter))
  (let (regions)
    (should (equal (process-mark-tests--run
                    (lambda (p b _o)
                      (set-process-region-filter
                       p (lambda (_p s e) (push (buffer-substring s e) regions)))
                      (set-marker (process-mark p) nil)
                      (with-current-buffer b (narrow-to-region 3 6))))
                   '("01234OUTTWO56789" 3 12 t 12 "abcdef")))
    (should (equal (apply #'concat (nreverse regions)) "OUTTWO"))))

(ert-deftest process-mark-nowhere-again-between-reads ()
  ;; Pointing the mark nowhere again after the first chunk.
  (should (equal (process-mark-tests--run
                  (lambda (p _b _o)
                    (set-marker (process-mark p) 5)
                    (set-marker (process-mark p) nil))
                  "read x; printf OUT; sleep 0.2; printf TWO")
                 '("0123456789OUTTWO" 1 17 t 17 "abcdef"))))
