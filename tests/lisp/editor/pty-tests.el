;;; pty-tests.el --- processes on a pseudo-terminal  -*- lexical-binding: t -*-

;; Expected values are what GNU Emacs 28 gives for the same forms.

(defun pty-tests--wait (p)
  (let ((deadline (+ (float-time) 10)))
    (while (and (process-live-p p) (< (float-time) deadline))
      (accept-process-output p 0.1))
    (accept-process-output nil 0.05)))

(ert-deftest pty-tty-name ()
  (with-temp-buffer
    (let ((p (make-process :name "tty" :buffer (current-buffer)
                           :command '("tty") :connection-type 'pty
                           :sentinel #'ignore)))
      (should (string-prefix-p "/dev/pts/" (process-tty-name p)))
      (pty-tests--wait p)
      (should (equal (buffer-string) (concat (process-tty-name p) "\n"))))))

(ert-deftest pty-pipes-by-default ()
  ;; A deliberate difference: Emacs's process-connection-type is t.
  (skip-unless (boundp 'gapmacs-version))
  (with-temp-buffer
    (let ((p (make-process :name "notty" :buffer (current-buffer)
                           :command '("sh" "-c" "tty; true") :sentinel #'ignore)))
      (should-not (process-tty-name p))
      (pty-tests--wait p)
      (should (equal (buffer-string) "not a tty\n")))))

(ert-deftest pty-input-and-eof ()
  ;; No echo: the text comes back once, from cat; C-d ends cat's input.
  (with-temp-buffer
    (let ((p (make-process :name "cat" :buffer (current-buffer)
                           :command '("cat") :connection-type 'pty
                           :sentinel #'ignore)))
      (process-send-string p "hello\n")
      (accept-process-output p 2)
      (process-send-eof p)
      (pty-tests--wait p)
      (should (equal (buffer-string) "hello\n"))
      (should (eq (process-status p) 'exit)))))

(ert-deftest pty-interrupt-reaches-the-foreground-job ()
  ;; C-c through the terminal (interrupt-process with CURRENT-GROUP, as
  ;; comint's C-c C-c): an interactive shell's foreground command dies, the
  ;; shell lives and prompts again.
  (skip-unless (file-executable-p "/bin/bash"))
  (with-temp-buffer
    (let* ((process-environment (cons "PS1=<prompt>" process-environment))
           (p (make-process :name "bash" :buffer (current-buffer)
                            :command '("bash" "--noprofile" "--norc" "-i")
                            :connection-type 'pty :sentinel #'ignore)))
      (should-not (process-running-child-p p))
      (process-send-string p "sleep 100\n")
      ;; Until bash has handed the terminal to the job: a C-c before that
      ;; reaches bash at its prompt, not `sleep'.
      (let ((deadline (+ (float-time) 5)))
        (while (and (not (numberp (process-running-child-p p))) (< (float-time) deadline))
          (accept-process-output p 0.05)))
      (should (numberp (process-running-child-p p)))
      (erase-buffer)
      ;; The job's group has the terminal a moment before the job resets
      ;; bash's signal handlers and execs `sleep': a C-c in that moment is
      ;; lost, and a user presses it again.  So does the test.
      (let ((deadline (+ (float-time) 5)))
        (while (and (not (string-match-p "<prompt>" (buffer-string)))
                    (< (float-time) deadline))
          (when (numberp (process-running-child-p p))
            (interrupt-process p t))
          (accept-process-output p 0.2)))
      (should (string-match-p "<prompt>" (buffer-string)))
      (should (process-live-p p))
      ;; A line typed while bash is still busy with the interrupt may be
      ;; dropped (seen once under the sanitizers on a loaded machine): as
      ;; a user would, type `exit' again until bash has gone.
      (let ((deadline (+ (float-time) 10)))
        (while (and (process-live-p p) (< (float-time) deadline))
          (process-send-string p "exit\n")
          (let ((retry (+ (float-time) 2)))
            (while (and (process-live-p p) (< (float-time) retry))
              (accept-process-output p 0.1)))))
      (should-not (process-live-p p)))))

(ert-deftest process-environment-reaches-children ()
  (let ((process-environment (cons "PTY_TESTS_VAR=set here" process-environment)))
    (should (equal (getenv "PTY_TESTS_VAR") "set here"))
    (should (equal (with-temp-buffer
                     (call-process "sh" nil t nil "-c" "printf %s \"$PTY_TESTS_VAR\"")
                     (buffer-string))
                   "set here"))
    (setenv "PTY_TESTS_VAR" "changed")
    (should (equal (getenv "PTY_TESTS_VAR") "changed"))
    (setenv "PTY_TESTS_VAR")
    (should-not (getenv "PTY_TESTS_VAR")))
  (should-not (getenv "PTY_TESTS_VAR")))

(ert-deftest pty-window-size ()
  (with-temp-buffer
    (let ((p (make-process :name "stty" :buffer (current-buffer)
                           :command '("sh" "-c" "sleep 0.3; stty size")
                           :connection-type 'pty :sentinel #'ignore)))
      (set-process-window-size p 30 100)
      (pty-tests--wait p)
      (should (equal (buffer-string) "30 100\n")))))
