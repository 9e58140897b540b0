;;; minor-mode-tests.el --- define-minor-mode in batch and defvaralias, checked against Emacs 28  -*- lexical-binding: t -*-

;; Every expected value below is what GNU Emacs 28 returns for the form.
;; gc-stress the tests only: the modes below are defined at load, which
;; autoloads easy-mmode and the preloaded index's files (minutes under a
;; collection per allocation in the sanitizer build).
;; Batch: nothing but the test file is loaded, so define-minor-mode and
;; define-globalized-minor-mode must autoload what they need.

(defvar minor-mode-tests--log nil)
(define-minor-mode minor-mode-tests-global-mode "A global mode." :global t :lighter " G" (push (list 'body minor-mode-tests-global-mode) minor-mode-tests--log))
(define-minor-mode minor-mode-tests-local-mode "A buffer-local mode." :lighter " L" :keymap (list (cons (kbd "C-c C-x") (function ignore))))
(define-minor-mode minor-mode-tests-on-mode "On at first." :init-value t :global t)
(add-hook 'minor-mode-tests-global-mode-hook (lambda nil (push 'hook minor-mode-tests--log)))
(defvar minor-mode-tests--turned-on nil)
(defun minor-mode-tests--turn-on nil (minor-mode-tests-local-mode 1))
(define-globalized-minor-mode minor-mode-tests-globalized-mode minor-mode-tests-local-mode minor-mode-tests--turn-on)
(defvar minor-mode-tests--base 1)
(defvaralias 'minor-mode-tests--alias 'minor-mode-tests--base)

(ert-deftest minor-mode-tests-toggling ()
  (should (equal (list minor-mode-tests-global-mode minor-mode-tests-on-mode (boundp 'minor-mode-tests-global-mode-hook))
                 '(nil t t)))
  (should (equal (list (minor-mode-tests-global-mode) minor-mode-tests-global-mode)
                 '(t t)))
  (should (equal (list (minor-mode-tests-global-mode -1) minor-mode-tests-global-mode)
                 '(nil nil)))
  (should (equal (list (minor-mode-tests-global-mode 'toggle) (minor-mode-tests-global-mode 'toggle))
                 '(t nil)))
  (should (equal (list (minor-mode-tests-global-mode 1) (minor-mode-tests-global-mode 0) (minor-mode-tests-global-mode nil))
                 '(t nil t)))
  (should (equal (progn (setq minor-mode-tests--log nil) (minor-mode-tests-global-mode -1) (minor-mode-tests-global-mode 1) (prog1 minor-mode-tests--log (minor-mode-tests-global-mode -1)))
                 '(hook (body t) hook (body nil))))
  (should (equal (and (assq 'minor-mode-tests-global-mode minor-mode-alist) t)
                 't))
  (should (equal (cadr (assq 'minor-mode-tests-global-mode minor-mode-alist))
                 '" G"))
  (should (equal (and (commandp 'minor-mode-tests-global-mode) t)
                 't)))

(ert-deftest minor-mode-tests-local ()
  (should (equal (keymapp minor-mode-tests-local-mode-map)
                 't))
  (should (equal (lookup-key minor-mode-tests-local-mode-map (kbd "C-c C-x"))
                 'ignore))
  (should (equal (with-temp-buffer (minor-mode-tests-local-mode 1) (list minor-mode-tests-local-mode (local-variable-p 'minor-mode-tests-local-mode) (with-temp-buffer minor-mode-tests-local-mode)))
                 '(t t nil)))
  (should (equal (and (assq 'minor-mode-tests-local-mode minor-mode-map-alist) t)
                 't))
  (should (equal (progn (minor-mode-tests-globalized-mode 1) (prog1 (with-temp-buffer (list minor-mode-tests-globalized-mode (progn (fundamental-mode) minor-mode-tests-local-mode))) (minor-mode-tests-globalized-mode -1)))
                 '(t t))))

(ert-deftest minor-mode-tests-defvaralias ()
  (should (equal (list minor-mode-tests--alias (indirect-variable 'minor-mode-tests--alias))
                 '(1 minor-mode-tests--base)))
  (should (equal (progn (setq minor-mode-tests--alias 2) minor-mode-tests--base)
                 '2))
  (should (equal (let ((minor-mode-tests--alias 3)) minor-mode-tests--base)
                 '3))
  (should (equal (let ((minor-mode-tests--base 4)) minor-mode-tests--alias)
                 '4))
  (should (equal (progn (set-default 'minor-mode-tests--alias 5) (default-value 'minor-mode-tests--base))
                 '5))
  (should (equal (with-temp-buffer (setq-local minor-mode-tests--alias 6) (list minor-mode-tests--base (local-variable-p 'minor-mode-tests--base) (default-value 'minor-mode-tests--base)))
                 '(6 t 5)))
  (should (equal (progn (setq minor-mode-tests--v1 'kept) (defvaralias 'minor-mode-tests--v1 'minor-mode-tests--v2) (list minor-mode-tests--v2 (special-variable-p 'minor-mode-tests--v2)))
                 '(kept t)))
  (should (equal (progn (define-obsolete-variable-alias 'minor-mode-tests--old 'minor-mode-tests--new "28.1") (defvar minor-mode-tests--new 'a) (setq minor-mode-tests--old 'b) minor-mode-tests--new)
                 'b)))

;;; minor-mode-tests.el ends here
