;;; process-fd-tests.el --- no descriptor leaks into children  -*- lexical-binding: t -*-

;; Issue 11, Security: a child gets none of the editor's descriptors, on
;; pipes or on a pty, even while the editor holds the pipes of another
;; process (and the pty of the child itself). A child sees 0, 1 and 2, and
;; at most what the editor itself inherited from whoever started it (a test
;; runner may leave some open; those are not the editor's to close, and
;; Emacs passes them on too). Also runs in GNU Emacs 28:
;;   emacs -Q --batch -l ert -l process-fd-tests.el -f ert-run-tests-batch-and-exit

(defconst process-fd-tests--script
  ;; `true' keeps the shell from exec'ing ls: ls then lists the shell's table.
  "ls /proc/$$/fd; true")

(defun process-fd-tests--own-fds ()
  (sort (mapcar #'string-to-number (directory-files "/proc/self/fd" nil "\\`[0-9]+\\'")) #'<))

(defun process-fd-tests--numbers (text)
  (sort (mapcar #'string-to-number (split-string text)) #'<))

(defun process-fd-tests--check (child-fds inherited)
  "CHILD-FDS hold 0, 1, 2, and otherwise only INHERITED ones."
  (should (equal (seq-take child-fds 3) '(0 1 2)))
  (dolist (fd (nthcdr 3 child-fds))
    (should (memq fd inherited))))

(defun process-fd-tests--async (connection-type)
  (let* ((inherited (process-fd-tests--own-fds))
         (holder (make-process :name "holder" :command '("cat") :noquery t))
         (buf (generate-new-buffer "fds"))
         (p (make-process :name "fds" :buffer buf :connection-type connection-type
                          :command (list "sh" "-c" process-fd-tests--script)
                          :sentinel #'ignore)))
    (unwind-protect
        (progn
          (while (process-live-p p) (accept-process-output p 0.1))
          (accept-process-output nil 0.05)
          ;; The editor did open descriptors for these processes...
          (should (> (length (process-fd-tests--own-fds)) (length inherited)))
          ;; ...and none reached the child.
          (process-fd-tests--check
           (process-fd-tests--numbers (with-current-buffer buf (buffer-string))) inherited))
      (delete-process holder)
      (kill-buffer buf))))

(ert-deftest process-fd-pipe-child-gets-no-descriptor ()
  (process-fd-tests--async 'pipe))

(ert-deftest process-fd-pty-child-gets-no-descriptor ()
  (process-fd-tests--async 'pty))

(ert-deftest process-fd-call-process-child-gets-no-descriptor ()
  (let* ((inherited (process-fd-tests--own-fds))
         (holder (make-process :name "holder" :command '("cat") :noquery t)))
    (unwind-protect
        (with-temp-buffer
          (call-process "sh" nil t nil "-c" process-fd-tests--script)
          (process-fd-tests--check (process-fd-tests--numbers (buffer-string)) inherited))
      (delete-process holder))))
