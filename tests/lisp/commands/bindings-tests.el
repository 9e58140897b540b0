;;; bindings-tests.el --- lisp/bindings.el: Emacs's default keys  -*- lexical-binding: t -*-

;; The global map is the editor's own; these run only in gapmacs.
(when (boundp 'gapmacs-version) (load "loadup" nil t))

(defconst bindings-tests--ui-commands
  '(split-window-below split-window-right other-window delete-window
    delete-other-windows scroll-up-command scroll-down-command recenter-top-bottom
    scroll-left scroll-right enlarge-window enlarge-window-horizontally
    shrink-window-horizontally balance-windows
    )
  "Commands the C++ UI provides (or that are not written yet).")

(ert-deftest bindings-emacs-defaults ()
  (skip-unless (boundp 'gapmacs-version))
  (dolist (pair '(("C-x C-f" . find-file) ("C-x C-s" . save-buffer)
                  ("C-x C-w" . write-file) ("C-x s" . save-some-buffers)
                  ("C-x b" . switch-to-buffer) ("C-x k" . kill-buffer)
                  ("C-x C-b" . list-buffers) ("C-x C-c" . save-buffers-kill-terminal)
                  ("C-x h" . mark-whole-buffer) ("C-x C-x" . exchange-point-and-mark)
                  ("C-x u" . undo) ("C-/" . undo) ("C-_" . undo) ("C-g" . keyboard-quit)
                  ("C-q" . quoted-insert) ("M-x" . execute-extended-command)
                  ("M-:" . eval-expression) ("M-%" . query-replace)
                  ("C-s" . isearch-forward) ("C-r" . isearch-backward)
                  ("C-M-s" . isearch-forward-regexp) ("M-g g" . goto-line)
                  ("M-g M-g" . goto-line) ("C-x 2" . split-window-below)
                  ("C-x 3" . split-window-right) ("C-x o" . other-window)
                  ("C-x 0" . delete-window) ("C-x 1" . delete-other-windows)
                  ("C-v" . scroll-up-command) ("M-v" . scroll-down-command)
                  ("<up>" . previous-line) ("<down>" . next-line)
                  ("<prior>" . scroll-down-command) ("<next>" . scroll-up-command)
                  ("<deletechar>" . delete-forward-char) ("<home>" . move-beginning-of-line)
                  ("<end>" . move-end-of-line) ("RET" . newline) ("DEL" . delete-backward-char)
                  ("C-d" . delete-char) ("C-k" . kill-line) ("C-w" . kill-region)
                  ("M-w" . kill-ring-save) ("C-y" . yank) ("M-y" . yank-pop)
                  ("M-d" . kill-word) ("M-DEL" . backward-kill-word)
                  ("C-SPC" . set-mark-command) ("C-@" . set-mark-command)
                  ("C-u" . universal-argument) ("M-5" . digit-argument)
                  ("M--" . negative-argument) ("C-x C-e" . eval-last-sexp)
                  ("a" . self-insert-command) ("é" . self-insert-command)
                  ("日" . self-insert-command) ("SPC" . self-insert-command)))
    (should (equal (cons (car pair) (key-binding (kbd (car pair))))
                   (cons (car pair) (cdr pair))))))

(ert-deftest bindings-meta-as-escape ()
  (skip-unless (boundp 'gapmacs-version))
  ;; The terminal sends M-x as ESC x.
  (should (eq (key-binding "\ex") 'execute-extended-command))
  (should (eq (key-binding [27 ?g ?g]) 'goto-line))
  (should (eq (lookup-key global-map [?\M-x]) 'execute-extended-command))
  (should (keymapp (key-binding "\e")))
  (should (null (key-binding [?\C-x ?\C-z ?q]))))

(ert-deftest bindings-every-command-exists ()
  (skip-unless (boundp 'gapmacs-version))
  (let (missing)
    (dolist (map (list global-map esc-map ctl-x-map goto-map ctl-x-4-map))
      (dolist (elt (cdr map))
        (let ((cmd (cdr-safe elt)))
          (when (and cmd (symbolp cmd) (not (keymapp cmd))
                     (not (memq cmd bindings-tests--ui-commands))
                     (not (commandp cmd)))
            (push cmd missing)))))
    (should (equal missing nil))))
