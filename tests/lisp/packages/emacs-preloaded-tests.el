;;; emacs-preloaded-tests.el --- what Emacs has preloaded that its library needs  -*- lexical-binding: t -*-

;; Functions and variables Emacs defines in C or preloads (subr.el,
;; files.el, simple.el, loaddefs.el...) that Emacs's own library and the
;; ELPA packages use at load time.  Each expected value was printed by
;; `emacs -Q --batch' (GNU Emacs 28.2) evaluating the same form; the file
;; passes there too.

(dolist (feature '(eldoc paren electric rmail frame rfn-eshadow))
  (require feature))
(with-temp-buffer
  (emacs-lisp-mode)
  (insert "x")
  (comment-region (point-min) (point-max))
  (text-mode))
(rx-let ((d digit)) (rx d))
(ignore shell-command-buffer-name custom-file require-final-newline ignored-local-variables)
(file-chase-links "/")
(directory-files-and-attributes "/" nil "\\`\\'")

(ert-deftest emacs-preloaded-delayed-initializations ()
  ;; Emacs sets the `custom-initialize-delay' options of its preloaded
  ;; files at start-up, after they have all loaded; gapmacs, when each file
  ;; has loaded: eldoc's global mode calls `turn-on-eldoc-mode', defined
  ;; below it, and rmail.el reads `rmail-spool-directory' while it loads.
  (dolist (feature '(eldoc paren electric rmail frame rfn-eshadow))
    (require feature))
  (should (equal (list global-eldoc-mode global-font-lock-mode show-paren-mode electric-indent-mode
                       blink-cursor-mode rmail-spool-directory (bound-and-true-p file-name-shadow-mode))
                 '(t nil t t nil "/var/mail/" t))))

(ert-deftest emacs-preloaded-subrs ()
  (should (subrp (symbol-function 'car)))
  (should-not (subrp 'car))
  (should-not (subrp (lambda () 1)))
  (should (equal (subr-name (symbol-function 'car)) "car"))
  (should (equal (subr-arity (symbol-function 'if)) '(2 . unevalled)))
  (should (equal (subr-arity (symbol-function 'list)) '(0 . many)))
  (should (equal (func-arity 'car) '(1 . 1)))
  (should (equal (condition-case e (func-arity 'emacs-preloaded-tests-undefined) (error e))
                 '(void-function emacs-preloaded-tests-undefined))))

(ert-deftest emacs-preloaded-features ()
  (should (equal (format "%i|%5i|%-3i|" 42 7 8) "42|    7|8  |"))
  (should (featurep 'md5))
  (should (featurep 'sha1))
  (should (featurep 'base64))
  (should (equal regexp-unmatchable "\\`a\\`"))
  (should-not (string-match-p regexp-unmatchable "a")))

(ert-deftest emacs-preloaded-rx-let ()
  (should (equal (rx-let ((digits (+ digit)) (sign (any "+-"))) (rx (? sign) digits))
                 "[+-]?[[:digit:]]+"))
  (should (equal (rx-let-eval '((d (+ digit))) (rx-to-string '(seq "x" d) t))
                 "x[[:digit:]]+")))

(ert-deftest emacs-preloaded-lisp-mode-comments ()
  (with-temp-buffer
    (emacs-lisp-mode)
    (insert "(defun foo ()\n  1)")
    (comment-region (point-min) (point-max))
    (should (equal (list comment-start comment-start-skip comment-add comment-column)
                   '(";" ";+ *" 1 40)))
    (should (equal (buffer-string) ";; (defun foo ()\n;;   1)"))))

(ert-deftest emacs-preloaded-abbrev-tables ()
  (should (abbrev-table-p text-mode-abbrev-table))
  (with-temp-buffer
    (text-mode)
    (should (eq local-abbrev-table text-mode-abbrev-table))))

(ert-deftest emacs-preloaded-files-variables ()
  (should (equal shell-command-buffer-name "*Shell Command Output*"))
  (should (equal shell-command-buffer-name-async "*Async Shell Command*"))
  (should (boundp 'custom-file))
  (should (null require-final-newline))
  (should (eq mode-require-final-newline t))
  (should (memq 'ignored-local-variables ignored-local-variables)))

(ert-deftest emacs-preloaded-require-final-newline ()
  (let* ((dir (make-temp-file "gapmacs-rfn" t))
         (file (expand-file-name "f.txt" dir)))
    (unwind-protect
        (progn
          (with-temp-buffer
            (setq buffer-file-name file)
            (let ((require-final-newline t))
              (insert "abc")
              (save-buffer)))
          (with-temp-buffer
            (insert-file-contents file)
            (should (equal (buffer-string) "abc\n")))
          (with-temp-buffer
            (setq buffer-file-name file)
            (let ((require-final-newline nil))
              (insert "xyz")
              (save-buffer)))
          (with-temp-buffer
            (insert-file-contents file)
            (should (equal (buffer-string) "xyz"))))
      (delete-directory dir t))))

(ert-deftest emacs-preloaded-file-functions ()
  (let ((dir (make-temp-file "gapmacs-links" t)))
    (unwind-protect
        (progn
          (with-temp-file (expand-file-name "target" dir) (insert "x"))
          (make-symbolic-link "target" (expand-file-name "link1" dir))
          (make-symbolic-link "link1" (expand-file-name "link2" dir))
          (should (equal (file-chase-links (expand-file-name "link2" dir))
                         (expand-file-name "target" dir)))
          (should (equal (file-chase-links (expand-file-name "link2" dir) 1)
                         (expand-file-name "link1" dir)))
          (let ((entries (directory-files-and-attributes dir nil "\\`t")))
            (should (equal (mapcar #'car entries) '("target")))
            (should (equal (file-attribute-size (cdr (car entries))) 1)))
          (should (equal (prune-directory-list (list dir (expand-file-name "nope" dir)))
                         (list dir))))
      (delete-directory dir t))))

(ert-deftest emacs-preloaded-edebug-specs ()
  (def-edebug-spec emacs-preloaded-tests-form (form body))
  (should (equal (get 'emacs-preloaded-tests-form 'edebug-form-spec) '(form body)))
  (def-edebug-elem-spec 'emacs-preloaded-tests-elem '(symbolp form))
  (should (equal (get 'emacs-preloaded-tests-elem 'edebug-elem-spec) '(symbolp form))))

(require 'easy-mmode) ; gapmacs's lisp/easy-mmode.el: its modes.el, not Emacs's file
(easy-mmode-define-navigation emacs-preloaded-tests-heading "^\\* " "heading")

(ert-deftest emacs-preloaded-easy-mmode-navigation ()
  (with-temp-buffer
    (insert "intro\n* one\ntext\n* two\nmore\n")
    (goto-char (point-min))
    (emacs-preloaded-tests-heading-next)
    (should (= (line-number-at-pos) 2))
    (emacs-preloaded-tests-heading-next)
    (should (= (line-number-at-pos) 4))
    (emacs-preloaded-tests-heading-prev)
    (should (= (line-number-at-pos) 2))
    (should (equal (condition-case e (emacs-preloaded-tests-heading-prev) (user-error (cadr e)))
                   "No previous heading"))))

(ert-deftest emacs-preloaded-struct-accessors ()
  ;; Accessors of the cl-defstructs of Emacs's preloaded files (simple.el's
  ;; decoded-time, syntax.el's ppss), and startup.el's variables, in a
  ;; fresh process where nothing asked for them yet.
  (with-temp-buffer
    (call-process (expand-file-name invocation-name invocation-directory) nil t nil
                  "--batch" "-Q" "--eval"
                  (format "%S" '(prin1 (list (decoded-time-year (decode-time 0 t))
                                             (decoded-time-month (decode-time 86400 t))
                                             (with-temp-buffer
                                               (insert "(a (b")
                                               (ppss-depth (syntax-ppss)))
                                             emacs-basic-display
                                             (stringp initial-scratch-message)))))
    (should (equal (buffer-string) "(1970 1 2 nil t)"))))
