;;; rx.el --- S-expression notation for regexps  -*- lexical-binding: t -*-

;; With GNU Emacs's library, its own rx.el: every form, `rx-define' with
;; arguments, `rx-let' through `macroexpand-all-environment', and Emacs's
;; exact output (python.el, CC Mode and the ELPA modes build their regexps
;; with it).  Without the library, gapmacs's subset (rx-subset.el).

(internal--load-emacs-file-or "emacs-lisp/rx" 'rx-subset)

(provide 'rx)

;;; rx.el ends here
