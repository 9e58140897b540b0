;;; nadvice.el --- advice-add and add-function  -*- lexical-binding: t -*-

;; With GNU Emacs's library, its own nadvice.el: an advice is a byte-code
;; function (lang/bytecode.cpp runs it), so `advice--p', advice.el's
;; `defadvice' (CC Mode) and every reader of advice objects work; advice
;; survives a redefinition (`defalias-fset-function') and has depths.
;; Without the library, gapmacs's subset (nadvice-subset.el).

(internal--load-emacs-file-or "emacs-lisp/nadvice" 'nadvice-subset)

(gv-define-simple-setter process-filter set-process-filter)
(gv-define-simple-setter process-sentinel set-process-sentinel)

;;;###autoload (autoload 'add-function "nadvice" nil nil 'macro)
;;;###autoload (autoload 'remove-function "nadvice" nil nil 'macro)
;;;###autoload (autoload 'advice-add "nadvice" nil nil nil)
;;;###autoload (autoload 'advice-remove "nadvice" nil nil nil)
;;;###autoload (autoload 'advice-member-p "nadvice" nil nil nil)
;;;###autoload (autoload 'advice-mapc "nadvice" nil nil nil)
;;;###autoload (autoload 'advice-function-member-p "nadvice" nil nil nil)

(provide 'nadvice)

;;; nadvice.el ends here
