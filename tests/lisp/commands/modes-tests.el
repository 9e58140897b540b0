;;; modes-tests.el --- lisp/modes.el  -*- lexical-binding: t -*-

;; Expected values are GNU Emacs 28's; the file also runs there.
(when (boundp 'gapmacs-version) (load "loadup" nil t))

(defvar modes-tests--log nil)
(defvar-local modes-tests--local nil)

(define-derived-mode modes-tests-parent-mode text-mode "MParent"
  "Parent."
  (push 'parent-body modes-tests--log)
  (setq modes-tests--local 'set-by-parent))

(define-derived-mode modes-tests-child-mode modes-tests-parent-mode "MChild"
  "Child."
  (push 'child-body modes-tests--log))

(define-key modes-tests-parent-mode-map "p" 'modes-tests-p)
(define-key modes-tests-child-mode-map "c" 'modes-tests-c)

(ert-deftest modes-derived-mode-basics ()
  (with-temp-buffer
    (setq modes-tests--log nil)
    (let ((modes-tests-parent-mode-hook (list (lambda () (push 'parent-hook modes-tests--log))))
          (modes-tests-child-mode-hook (list (lambda () (push 'child-hook modes-tests--log))))
          (text-mode-hook (list (lambda () (push 'text-hook modes-tests--log)))))
      (modes-tests-child-mode))
    ;; Bodies run parent first; all hooks run at the end, parent's first.
    (should (equal (reverse modes-tests--log)
                   '(parent-body child-body text-hook parent-hook child-hook)))
    (should (eq major-mode 'modes-tests-child-mode))
    (should (equal mode-name "MChild"))
    (should (eq (current-local-map) modes-tests-child-mode-map))
    (should (eq (keymap-parent modes-tests-child-mode-map) modes-tests-parent-mode-map))
    (should (eq (key-binding "p") 'modes-tests-p))
    (should (eq (key-binding "c") 'modes-tests-c))
    (should (eq modes-tests--local 'set-by-parent))
    (should (derived-mode-p 'text-mode))
    (should-not (derived-mode-p 'prog-mode))
    (should (eq (get 'modes-tests-child-mode 'derived-mode-parent) 'modes-tests-parent-mode))))

(ert-deftest modes-major-mode-resets-locals ()
  (with-temp-buffer
    (setq modes-tests--local 'stale)
    (fundamental-mode)
    (should (eq major-mode 'fundamental-mode))
    (should (null modes-tests--local))
    (should (null (current-local-map)))))

(ert-deftest modes-text-and-prog-mode ()
  (with-temp-buffer
    (text-mode)
    (should (equal mode-name "Text"))
    (prog-mode)
    (should (equal mode-name "Prog"))
    (emacs-lisp-mode)
    (should (derived-mode-p 'prog-mode))
    (lisp-interaction-mode)
    (should (eq major-mode 'lisp-interaction-mode))
    (should (derived-mode-p 'emacs-lisp-mode))))

(ert-deftest modes-special-mode ()
  (with-temp-buffer
    (special-mode)
    (should buffer-read-only)
    (should (eq (key-binding "q") 'quit-window))
    (should (eq (key-binding "g") 'revert-buffer))))

(define-minor-mode modes-tests-minor-mode
  "A local minor mode."
  :lighter " MT"
  :keymap (list (cons (kbd "C-c z") 'modes-tests-z)))

(define-minor-mode modes-tests-global-mode
  "A global minor mode."
  :global t)

(ert-deftest modes-minor-mode-arguments ()
  (with-temp-buffer
    (should-not modes-tests-minor-mode)
    (modes-tests-minor-mode)
    (should modes-tests-minor-mode)
    (modes-tests-minor-mode 'toggle)
    (should-not modes-tests-minor-mode)
    (modes-tests-minor-mode 1)
    (should modes-tests-minor-mode)
    (modes-tests-minor-mode 0)
    (should-not modes-tests-minor-mode)
    (modes-tests-minor-mode -1)
    (should-not modes-tests-minor-mode)
    (modes-tests-minor-mode nil)
    (should modes-tests-minor-mode)
    (let ((current-prefix-arg nil))
      (call-interactively 'modes-tests-minor-mode))
    (should-not modes-tests-minor-mode)))

(ert-deftest modes-minor-mode-locality-keymap-and-hooks ()
  (let ((ran nil) b1 b2)
    (setq b1 (generate-new-buffer "mt1") b2 (generate-new-buffer "mt2"))
    (unwind-protect
        (let ((modes-tests-minor-mode-hook (list (lambda () (push modes-tests-minor-mode ran)))))
          (with-current-buffer b1 (modes-tests-minor-mode 1))
          (should (with-current-buffer b1 modes-tests-minor-mode))
          (should-not (with-current-buffer b2 modes-tests-minor-mode))
          (should (equal ran '(t)))
          (should (assq 'modes-tests-minor-mode minor-mode-alist))
          (should (eq (cdr (assq 'modes-tests-minor-mode minor-mode-map-alist))
                      modes-tests-minor-mode-map))
          (should (eq (with-current-buffer b1 (key-binding (kbd "C-c z"))) 'modes-tests-z))
          (should-not (with-current-buffer b2 (key-binding (kbd "C-c z")))))
      (kill-buffer b1) (kill-buffer b2)))
  (modes-tests-global-mode 1)
  (should (with-temp-buffer modes-tests-global-mode))
  (modes-tests-global-mode -1)
  (should-not modes-tests-global-mode))

(ert-deftest modes-set-auto-mode ()
  (with-temp-buffer
    (insert ";; -*- mode: text -*-\n")
    (set-auto-mode)
    (should (eq major-mode 'text-mode)))
  (with-temp-buffer
    (insert "#!/bin/sh\necho\n")
    (set-auto-mode)
    (should (derived-mode-p 'prog-mode)))
  (let ((file (make-temp-file "modes" nil ".el")))
    (unwind-protect
        (with-current-buffer (find-file-noselect file)
          (set-auto-mode)
          (prog1 (should (eq major-mode 'emacs-lisp-mode))
            (kill-buffer)))
      (delete-file file))))

(ert-deftest modes-magic-alists ()
  ;; magic-mode-alist before the file name, magic-fallback-mode-alist
  ;; after it: a regexp at the buffer's start or a function.
  (let ((magic-mode-alist '(("%!MODES-TEST" . text-mode)))
        (magic-fallback-mode-alist (list (cons (lambda () (looking-at "MODES-FALLBACK")) 'emacs-lisp-mode)))
        (file (make-temp-file "modes" nil ".el")))
    (unwind-protect
        (with-current-buffer (find-file-noselect file)
          (insert "%!MODES-TEST\n")
          (set-auto-mode)
          (should (eq major-mode 'text-mode))
          (erase-buffer)
          (insert "MODES-FALLBACK\n")
          (setq buffer-file-name (concat file ".unknown-extension"))
          (set-auto-mode)
          (should (eq major-mode 'emacs-lisp-mode))
          (set-buffer-modified-p nil)
          (kill-buffer))
      (delete-file file))))

(ert-deftest modes-elisp-mode-name-says-the-scoping ()
  ;; Emacs 28's mode name: "/l" or "/d" (in the warning face) after ELisp,
  ;; by the buffer's lexical-binding.  (Emacs's batch mode formats no mode
  ;; line: the test runs where it does.)
  (skip-unless (equal (format-mode-line "x") "x"))
  (with-temp-buffer
    (emacs-lisp-mode)
    (should (equal (car mode-name) "ELisp"))
    (setq lexical-binding nil)
    (let ((name (format-mode-line mode-name nil nil (current-buffer))))
      (should (equal (substring-no-properties name) "ELisp/d"))
      (should (eq (get-text-property 5 'face name) 'warning)))
    (setq lexical-binding t)
    (should (equal (substring-no-properties (format-mode-line mode-name nil nil (current-buffer))) "ELisp/l"))))
