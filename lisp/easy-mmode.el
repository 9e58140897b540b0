;;; easy-mmode.el --- part of modes.el in gapmacs  -*- lexical-binding: t -*-

;; gapmacs's modes.el holds easy-mmode's and derived.el's macros
;; (define-minor-mode, define-globalized-minor-mode, define-derived-mode,
;; easy-mmode-defmap...); this file lets (require 'easy-mmode) load them
;; instead of Emacs's own easy-mmode.el, which would replace them.

(require 'modes)
(provide 'easy-mmode)

;;; easy-mmode.el ends here
