;;; kill-emacs-tests.el --- kill-emacs runs its hook and no unwind form  -*- lexical-binding: t -*-

;; As Emacs 28's Fkill_emacs: kill-emacs-hook runs first (where recentf,
;; savehist and save-place write their files); a function of it that
;; signals is reported and the others still run; then the process exits
;; with the status given, and no unwind-protect cleanup runs on the way
;; (interpreted or byte-compiled).  Each case runs in a child of the
;; editor under test; every expected value is GNU Emacs 28's (this file
;; passes there too).

(require 'ert)

(defun kill-emacs-tests--run (form)
  "Run FORM in a child `--batch -Q'; return (EXIT-STATUS . OUTPUT)."
  (with-temp-buffer
    (let ((status (call-process (car command-line-args) nil t nil "--batch" "-Q"
                                "--eval" (prin1-to-string form))))
      (cons status (buffer-string)))))

(ert-deftest kill-emacs-skips-unwind-forms ()
  (should (equal (kill-emacs-tests--run
                  '(unwind-protect (kill-emacs 3) (message "cleanup ran") (kill-emacs 2)))
                 '(3 . "")))
  (should (equal (kill-emacs-tests--run
                  '(funcall (byte-compile (lambda ()
                                            (unwind-protect (kill-emacs 4)
                                              (message "compiled cleanup ran")
                                              (kill-emacs 5))))))
                 '(4 . ""))))

(ert-deftest kill-emacs-runs-its-hook-and-reports-errors ()
  (should (equal (kill-emacs-tests--run
                  '(progn (add-hook 'kill-emacs-hook (lambda () (message "second")))
                          (add-hook 'kill-emacs-hook (lambda () (error "Boom")))
                          (kill-emacs 6)))
                 '(6 . "Error in kill-emacs-hook ((closure (t) nil (error \"Boom\"))): (error \"Boom\")\nsecond\n"))))

;;; kill-emacs-tests.el ends here
