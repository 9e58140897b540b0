;;; exec-path-tests.el --- finding programs along exec-path  -*- lexical-binding: t -*-

;; Each expected value is what GNU Emacs 28 gives (this file passes in both).
(when (boundp 'gapmacs-version) (load "loadup" nil t))

(ert-deftest exec-path-1 ()
  (should (equal (list (file-executable-p (executable-find "sh")) (file-name-absolute-p (executable-find "sh")) (executable-find "no-such-program-xyz") (let ((exec-path nil)) (executable-find "sh")) (let ((exec-path (list "/bin"))) (executable-find "sh")) (executable-find "/bin/sh") (executable-find "/no/such/sh"))
                 '(t t nil nil "/bin/sh" "/bin/sh" nil))))

(ert-deftest exec-path-2 ()
  (should (equal (with-temp-buffer (call-process "cat" nil t nil "/proc/self/cmdline") (file-name-absolute-p (car (split-string (buffer-string) "\0"))))
                 't)))

(ert-deftest exec-path-3 ()
  (should (equal (condition-case e (call-process "no-such-program-xyz") (file-missing (cdr e)))
                 '("Searching for program" "No such file or directory" "no-such-program-xyz"))))

(ert-deftest exec-path-4 ()
  (should (equal (let ((exec-path (list "/no/such/dir"))) (condition-case e (call-process "sh" nil nil nil "-c" "exit 3") (file-missing (cdr e))))
                 '("Searching for program" "No such file or directory" "sh"))))

(ert-deftest exec-path-5 ()
  (should (equal (let ((exec-path (list "/no/such/dir"))) (call-process "/bin/sh" nil nil nil "-c" "exit 3"))
                 '3)))

(ert-deftest exec-path-6 ()
  (should (equal (let ((exec-path (list "/no/such/dir"))) (condition-case e (start-process "x" nil "sh") (file-missing (cdr e))))
                 '("Searching for program" "No such file or directory" "sh"))))

(ert-deftest exec-path-7 ()
  (should (equal (list (stringp (car exec-path)) exec-suffixes)
                 '(t ("")))))
