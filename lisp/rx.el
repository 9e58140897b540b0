;;; rx.el --- S-expression notation for regexps  -*- lexical-binding: t -*-

;; With GNU Emacs's library, its own rx.el: every form, `rx-define' with
;; arguments, `rx-let' through `macroexpand-all-environment', and Emacs's
;; exact output (python.el, CC Mode and the ELPA modes build their regexps
;; with it).  Without the library, gapmacs's subset (rx-subset.el).

(internal--load-emacs-file-or "emacs-lisp/rx" 'rx-subset)

;;;###autoload (autoload 'rx "rx" nil nil 'macro)
;;;###autoload (autoload 'rx-define "rx" nil nil 'macro)
;;;###autoload (autoload 'rx-let "rx" nil nil 'macro)
;;;###autoload (autoload 'rx-let-eval "rx" nil nil 'macro)
;;;###autoload (autoload 'rx-to-string "rx" nil nil nil)

(provide 'rx)

;;; rx.el ends here
