;;; help-tests.el --- lisp/help.el: C-h f, C-h v, C-h k, C-h b  -*- lexical-binding: t -*-

;; `documentation' is checked against GNU Emacs 28 too; the *Help* texts
;; are gapmacs's own (Emacs adds file names and links), so those run in
;; gapmacs only.
(when (boundp 'gapmacs-version) (load "loadup" nil t))

(defun help-tests--sample (count &optional _width)
  "Sample a COUNT.
Second line."
  (interactive "p")
  count)

(defmacro help-tests--echo (&rest body)
  "The last message BODY shows."
  (let ((old (make-symbol "old")) (last (make-symbol "last")))
    `(let ((,old (symbol-function 'message)) ,last)
       (unwind-protect
           (progn (fset 'message (lambda (&rest args) (setq ,last (apply #'format args))))
                  ,@body)
         (fset 'message ,old))
       ,last)))

(defmacro help-tests--help-text (&rest body)
  `(progn ,@body (with-current-buffer "*Help*" (buffer-string))))

(ert-deftest help-documentation-of-lisp-functions ()
  (should (equal (documentation 'help-tests--sample) "Sample a COUNT.\nSecond line."))
  (should (equal (documentation (lambda (x) "Doc." x)) "Doc."))
  (should (equal (documentation (lambda (x) "only a return value")) "only a return value"))
  (should-not (documentation (lambda (x) x))))

(ert-deftest help-builtins-name-their-arguments-as-emacs ()
  ;; Emacs 28's values: the names of its usage lines, downcased; a line with
  ;; BODY... is not a list of names, so its arity speaks.
  (should (equal (help-function-arglist 'mapcar t) '(function sequence)))
  (should (equal (help-function-arglist 'substring t) '(string &optional from to)))
  (should (equal (help-function-arglist 'goto-char t) '(position)))
  (should (equal (help-function-arglist 'list t) '(&rest objects)))
  (should (equal (help-function-arglist 'let t) '(arg1 &rest rest)))
  (should (equal (help-function-arglist 'point t) nil))
  (should (equal (help-split-fundoc (documentation 'car) 'car 'usage) "(car LIST)"))
  (should (equal (help-split-fundoc (documentation 'let) 'let 'usage) "(let VARLIST BODY...)")))

(defvar help-tests--documented-var 1 "What C-h v shows.")
(defconst help-tests--documented-const 2 "A constant's doc.")

(ert-deftest help-defvar-and-defconst-keep-their-docstrings ()
  (should (equal (get 'help-tests--documented-var 'variable-documentation) "What C-h v shows."))
  (should (equal (get 'help-tests--documented-const 'variable-documentation) "A constant's doc.")))

(ert-deftest help-describe-function-lisp ()
  (skip-unless (boundp 'gapmacs-version))
  (let ((text (help-tests--help-text (describe-function 'help-tests--sample))))
    (should (string-prefix-p "help-tests--sample is an interactive Lisp function.\n" text))
    (should (string-match-p "^(help-tests--sample COUNT &optional WIDTH)$" text))
    (should (string-match-p "^Sample a COUNT\\.\nSecond line\\.$" text)))
  (with-current-buffer "*Help*"
    (should (eq major-mode 'help-mode))
    (should buffer-read-only)
    (should-not (buffer-modified-p))))

(ert-deftest help-describe-function-builtin-and-macro ()
  (skip-unless (boundp 'gapmacs-version))
  (let ((text (help-tests--help-text (describe-function 'substring))))
    (should (string-match-p "^substring is a built-in function" text))
    (should (string-match-p "^(substring STRING &optional FROM TO)$" text)))
  (let ((text (help-tests--help-text (describe-function 'when))))
    (should (string-match-p "^when is a Lisp macro" text))
    (should (string-match-p "^(when COND &rest BODY)$" text)))
  (should (string-match-p "^(list &rest OBJECTS)$"
                          (help-tests--help-text (describe-function 'list))))
  ;; A special form's usage line, as Emacs's C-h f shows it.
  (should (string-match-p "^(let VARLIST BODY\\.\\.\\.)$"
                          (help-tests--help-text (describe-function 'let))))
  (should-error (describe-function 'help-tests--no-such-function) :type 'user-error))

(ert-deftest help-describe-key-names-the-map-and-keys ()
  (skip-unless (boundp 'gapmacs-version))
  (with-temp-buffer
    (let ((text (help-tests--help-text (describe-key (kbd "C-x C-f")))))
      (should (string-prefix-p
               "C-x C-f runs the command find-file (found in global-map), which is an interactive"
               text))
      (should (string-match-p "^It is bound to C-x C-f\\.$" text)))
    (should (equal (help-tests--echo (describe-key-briefly (kbd "C-x C-f")))
                   "C-x C-f runs the command find-file"))
    (should (equal (help-tests--echo (describe-key-briefly (kbd "C-x C-M-%")))
                   "C-x C-M-% is undefined"))))

(ert-deftest help-describe-variable-local-and-global ()
  (skip-unless (boundp 'gapmacs-version))
  (defvar help-tests--var 5 "A variable for the help tests.")
  (with-temp-buffer
    (rename-buffer "help-tests-buffer" t)
    (setq-local help-tests--var 9)
    (let ((text (help-tests--help-text (describe-variable 'help-tests--var))))
      (should (string-match-p "^Its value is 9\nLocal in buffer help-tests-buffer[^;]*; global value is 5$" text))
      (should (string-match-p "^A variable for the help tests\\.$" text))))
  (should (string-match-p "It is void as a variable"
                          (help-tests--help-text (describe-variable 'help-tests--unbound)))))

(ert-deftest help-describe-bindings-collapses-runs ()
  (skip-unless (boundp 'gapmacs-version))
  (let ((map (make-sparse-keymap)))
    (dolist (c '(?a ?b ?c ?d)) (define-key map (string c) 'help-tests--sample))
    (define-key map "x" 'ignore)
    (define-key map "\C-c\C-a" 'help-tests--sample)
    (with-temp-buffer
      (use-local-map map)
      (let ((text (help-tests--help-text (describe-bindings))))
        (should (string-match-p "^a \\.\\. d +help-tests--sample$" text))
        (should (string-match-p "^x +ignore$" text))
        (should (string-match-p "^C-c C-a +help-tests--sample$" text))
        (should (string-match-p "^Global Bindings:$" text))
        (should (< (string-match "Major Mode Bindings" text)
                   (string-match "Global Bindings" text)))))))

(ert-deftest help-where-is ()
  (skip-unless (boundp 'gapmacs-version))
  (should (equal (help-tests--echo (where-is 'find-file)) "find-file is on C-x C-f"))
  (should (equal (help-tests--echo (where-is 'help-tests--sample))
                 "help-tests--sample is not on any key")))
