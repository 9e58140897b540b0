;;; builtin-sweep-tests.el --- every builtin, hostile arguments, no crash  -*- lexical-binding: t -*-

;; gapmacs only: the sweep (builtin-sweep.el) runs in a child gapmacs so
;; that a crash shows as its exit status and names the subr being called.
;; Its stdin is /dev/null (so the batch readers end at once) and its
;; default-directory a fresh temporary directory (the file builtins get
;; relative names made of the sweep's strings).  Under GAPMACS_GC_STRESS
;; the child runs with GAPMACS_GC_STRESS=tests (see builtin-sweep.el).
;; Needs the editor: file names (its driver sweeps every builtin) (runs in batch mode, not on the language alone).

(require 'ert)

(defconst builtin-sweep-tests--driver
  (expand-file-name "builtin-sweep.el"
                    (file-name-directory (or load-file-name buffer-file-name))))

(defconst builtin-sweep-tests--program
  (let ((prog (car command-line-args)))
    (if (string-match-p "/" prog) (expand-file-name prog) prog))
  "This gapmacs (a relative name is taken from the starting directory).")

(defun builtin-sweep-tests--run (env)
  "Runs the sweep with ENV added to the environment; returns (STATUS . LOG)."
  (let* ((dir (make-temp-file "gapmacs-sweep" t))
         (log (expand-file-name "sweep.log" dir))
         (work (expand-file-name "work" dir))
         (process-environment (append env process-environment))
         status)
    (make-directory work)
    (unwind-protect
        (progn
          (let ((default-directory (file-name-as-directory work)))
            (setq status (call-process builtin-sweep-tests--program "/dev/null" (list nil log) nil
                                       "--batch" "-Q" "-l" builtin-sweep-tests--driver
                                       "-f" "builtin-sweep-run")))
          (cons status (with-temp-buffer
                         (insert-file-contents log)
                         (buffer-string))))
      (delete-directory dir t))))

(defun builtin-sweep-tests--last-subr (log)
  (let ((pos 0) last)
    (while (string-match "^SWEEP \\([^\n]*\\)" log pos)
      (setq last (match-string 1 log) pos (match-end 0)))
    last))

(ert-deftest builtin-sweep-every-subr ()
  "Every subr with 0-3 hostile arguments returns or signals, never crashes."
  (skip-unless (boundp 'gapmacs-version))
  (let* ((stress (getenv "GAPMACS_GC_STRESS"))
         (result (builtin-sweep-tests--run
                  (and stress (not (member stress '("" "0")))
                       '("GAPMACS_GC_STRESS=tests"))))
         (status (car result))
         (log (cdr result)))
    (unless (and (eql status 0) (string-match "^SWEEP-DONE" log))
      (ert-fail (list 'sweep-died :status status
                      :while-calling (builtin-sweep-tests--last-subr log)
                      :log-tail (substring log (max 0 (- (length log) 600))))))
    (should (string-match "^SWEEP-DONE \\([0-9]+\\) subrs" log))
    ;; The sweep saw the whole obarray's subrs, not an empty list.
    (should (> (string-to-number (match-string 1 log)) 500))))

(ert-deftest builtin-sweep-detects-a-crash ()
  "The harness can fail: a child that dies is reported with the subr it was calling."
  (skip-unless (boundp 'gapmacs-version))
  (let* ((result (builtin-sweep-tests--run '("SWEEP_ONLY=car,kill-emacs")))
         (log (cdr result)))
    ;; kill-emacs (excluded from the real sweep) ends the child early.
    (should-not (string-match "^SWEEP-DONE" log))
    (should (equal (builtin-sweep-tests--last-subr log) "kill-emacs"))))

;;; builtin-sweep-tests.el ends here
