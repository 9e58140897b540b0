;;; process-argv-tests.el --- no shell unless asked for  -*- lexical-binding: t -*-

;; Issue 11, Security: program arguments go to the program as argv, never
;; through a shell: a file name full of shell syntax is one argument, and
;; nothing in it runs. Also runs in GNU Emacs 28:
;;   emacs -Q --batch -l ert -l process-argv-tests.el -f ert-run-tests-batch-and-exit

(defconst process-argv-tests--hostile
  "a b;touch pwned;$(touch pwned2)`touch pwned3`|'\"*\n$HOME")

(ert-deftest process-argv-call-process-passes-argv ()
  (let ((default-directory (file-name-as-directory (make-temp-file "argv" t))))
    (unwind-protect
        (with-temp-buffer
          (should (= 0 (call-process "printf" nil t nil "[%s]" process-argv-tests--hostile)))
          (should (equal (buffer-string) (concat "[" process-argv-tests--hostile "]")))
          (should (equal (directory-files default-directory nil "\\`[^.]") nil)))
      (delete-directory default-directory t))))

(ert-deftest process-argv-make-process-passes-argv ()
  (let* ((default-directory (file-name-as-directory (make-temp-file "argv" t)))
         (buf (generate-new-buffer "argv"))
         (p (make-process :name "argv" :buffer buf :sentinel #'ignore
                          :command (list "printf" "[%s]" process-argv-tests--hostile))))
    (unwind-protect
        (progn
          (while (process-live-p p) (accept-process-output p 0.1))
          (accept-process-output nil 0.05)
          (should (equal (with-current-buffer buf (buffer-string))
                         (concat "[" process-argv-tests--hostile "]")))
          (should (equal (directory-files default-directory nil "\\`[^.]") nil)))
      (kill-buffer buf)
      (delete-directory default-directory t))))
