;; The first lines of users' init files (tests/lisp/commands/init-file-tests.el runs them
;; in a fresh gapmacs with HOME in a temporary directory, then prints what
;; they set).
(show-paren-mode 1)
(electric-pair-mode 1)
(recentf-mode 1)
(savehist-mode 1)
(save-place-mode 1)
(global-auto-revert-mode 1)
(delete-selection-mode 1)
(winner-mode 1)
(windmove-default-keybindings)
(fido-mode 1)
(xterm-mouse-mode 1)
(menu-bar-mode -1)
(tooltip-mode -1)
(blink-cursor-mode 0)
(column-number-mode 1)
(size-indication-mode 1)
(transient-mark-mode 1)
(global-hl-line-mode 1)
(global-display-line-numbers-mode 1)
(global-visual-line-mode 1)
(global-subword-mode 1)
(cua-mode 1)
(repeat-mode 1)
(global-so-long-mode 1)
(load-theme 'wombat t)
(custom-set-variables
 '(inhibit-startup-screen t)
 '(indent-tabs-mode nil)
 '(fill-column 72))
(custom-set-faces
 '(region ((t (:background "blue")))))
(require 'package)
(setq package-archives nil)
(package-initialize)
(require 'uniquify)
(setq uniquify-buffer-name-style 'forward)
(global-set-key (kbd "C-c r") 'recentf-open-files)
(setq make-backup-files nil)
(fset 'yes-or-no-p 'y-or-n-p)
(put 'narrow-to-region 'disabled nil)
(add-hook 'before-save-hook 'delete-trailing-whitespace)
(prin1 (list show-paren-mode electric-pair-mode recentf-mode savehist-mode
             save-place-mode global-auto-revert-mode delete-selection-mode
             winner-mode fido-mode xterm-mouse-mode menu-bar-mode tooltip-mode
             blink-cursor-mode column-number-mode size-indication-mode
             transient-mark-mode global-hl-line-mode
             global-display-line-numbers-mode global-visual-line-mode
             global-subword-mode cua-mode repeat-mode global-so-long-mode
             custom-enabled-themes indent-tabs-mode fill-column
             (face-attribute 'region :background)
             (featurep 'package) uniquify-buffer-name-style
             (key-binding (kbd "C-c r")) (key-binding [S-left])
             (key-binding [(shift right)]) make-backup-files
             (symbol-function 'yes-or-no-p) (get 'narrow-to-region 'disabled)
             (memq 'delete-trailing-whitespace before-save-hook)))
