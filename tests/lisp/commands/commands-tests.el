;;; commands-tests.el --- interactive-form, commandp, input fallbacks -*- lexical-binding: t -*-

;; Expected values are what GNU Emacs 28 gives (emacs --batch -Q).

(require 'ert)

(defun ct-c1 () "doc" (interactive "p") 1)
(defun ct-c2 () (declare (indent 0)) (interactive) 1)
(defun ct-c3 () 1)
(defun ct-c4 () "doc" (interactive "p" text-mode) 1)
(defalias 'ct-c5 'ct-c1)
(defalias 'ct-c6 'ct-c3)
(put 'ct-c6 'interactive-form '(interactive "P"))
(defun ct-c7 (x) "doc" (message "hi") (interactive "sFoo: ") x)

(ert-deftest commands-interactive-form ()
  (should (equal (list (interactive-form 'ct-c1) (interactive-form 'ct-c2) (interactive-form 'ct-c3)
                       (interactive-form 'ct-c4) (interactive-form 'ct-c5) (interactive-form 'ct-c6)
                       (interactive-form 'ct-c7)
                       (interactive-form (lambda () (interactive "r") 1))
                       (interactive-form '(lambda () "d" (interactive (list 1)) 1))
                       (interactive-form 'car) (interactive-form 'ignore)
                       (interactive-form 'ct-nonexistent) (interactive-form 42))
                 '((interactive "p") (interactive) nil (interactive "p") (interactive "p")
                   (interactive "P") (interactive "sFoo: ") (interactive "r")
                   (interactive (list 1)) nil (interactive nil) nil nil))))

(ert-deftest commands-builtin-specs ()
  (should (equal (mapcar #'interactive-form
                         '(forward-char backward-char beginning-of-line end-of-line forward-line
                           forward-word backward-word delete-char delete-region erase-buffer
                           narrow-to-region widen kill-buffer goto-char undo save-buffer))
                 '((interactive "^p") (interactive "^p") (interactive "^p") (interactive "^p")
                   (interactive "^p") (interactive "^p") (interactive "^p") (interactive "p\nP")
                   (interactive "r") (interactive "*") (interactive "r") (interactive "")
                   (interactive "bKill buffer: ")
                   (interactive (goto-char--read-natnum-interactive "Go to char: "))
                   (interactive "*P") (interactive "p"))))
  ;; Emacs keeps the spec in the subr, not in a property.
  (should-not (get 'forward-char 'interactive-form)))

(ert-deftest commands-commandp ()
  (should (equal (list (commandp 'ct-c1) (commandp 'ct-c3) (commandp 'ct-c5) (commandp 'ct-c6)
                       (commandp "abc") (commandp [1 2]) (commandp "abc" t)
                       (commandp 'forward-char) (commandp 'car)
                       (commandp (lambda () (interactive) 1)) (commandp '(lambda () 1))
                       (commandp 'ct-nonexistent) (commandp 42))
                 '(t nil t t t t nil t nil t nil nil nil))))

(ert-deftest commands-variables ()
  (dolist (v '(unread-command-events this-command last-command real-this-command
               current-prefix-arg prefix-arg last-prefix-arg last-command-event
               last-input-event last-nonmenu-event inhibit-read-only
               inhibit-modification-hooks minibuffer-history executing-kbd-macro))
    (should (boundp v)))
  (should (boundp 'transient-mark-mode))
  (should (local-variable-if-set-p 'deactivate-mark)))

(ert-deftest commands-read-event-unread ()
  (let ((unread-command-events (list ?a ?b ?c)))
    (should (equal (list (read-event) (read-char) last-input-event unread-command-events)
                   '(?a ?b ?b (?c))))
    (should (eq (read-char) ?c))))

(ert-deftest commands-read-string-default ()
  ;; gapmacs's read-string calls read-from-minibuffer by name, so the UI's
  ;; replacement (or this test's) is used; Emacs's calls its C function.
  (skip-unless (boundp 'gapmacs-version))
  (let ((answers (list "" "x" ""))
        (orig (symbol-function 'read-from-minibuffer))
        (seen nil))
    (unwind-protect
        (progn
          (fset 'read-from-minibuffer
                (lambda (prompt &optional initial _keymap _read hist default _inherit)
                  (push (list prompt initial hist default) seen)
                  (pop answers)))
          (should (equal (read-string "A: " nil 'h '("d1" "d2")) "d1"))
          (should (equal (read-string "B: " "i" nil "d") "x"))
          (should (equal (read-string "C: ") "")))
      (fset 'read-from-minibuffer orig))
    (should (equal (nreverse seen)
                   '(("A: " nil h ("d1" "d2")) ("B: " "i" nil "d") ("C: " nil nil nil))))))

;;; commands-tests.el ends here

(ert-deftest commands-autoload-commandp ()
  "An autoload is a command when its INTERACTIVE element is non-nil (Emacs 28)."
  (autoload 'commands-tests--auto-command "commands-tests-nowhere" nil t)
  (autoload 'commands-tests--auto-function "commands-tests-nowhere")
  (should (eq (commandp 'commands-tests--auto-command) t))
  (should (eq (commandp 'commands-tests--auto-function) nil)))
