;;; derived.el --- part of modes.el in gapmacs  -*- lexical-binding: t -*-

;; gapmacs's modes.el holds easy-mmode's and derived.el's macros
;; (define-minor-mode, define-globalized-minor-mode, define-derived-mode,
;; easy-mmode-defmap...); this file lets (require 'derived) load them
;; instead of Emacs's own derived.el, which would replace them.

(require 'modes)
(provide 'derived)

;;; derived.el ends here
