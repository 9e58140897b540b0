;;; loaddefs-variables.el --- the variables and aliases Emacs's loaddefs.el defines  -*- lexical-binding: t -*-

;; Emacs preloads its loaddefs.el: a variable whose `defvar' or `defcustom'
;; has an ;;;###autoload cookie exists, with its default value, before its
;; file loads (cus-edit.el reads `custom-file' above its own defcustom of
;; it).  The preloaded index points those variables here: this evaluates
;; every top-level `defvar' of GNU Emacs's loaddefs.el once, on the first
;; use of any of them (30 ms).  One whose value needs what is not loaded
;; yet stays void until its own file loads.

(internal--eval-loaddefs-forms "^(defvar ")
;; The aliases only loaddefs.el has (javascript-mode, xml-mode: an
;; ;;;###autoload on the cookie's own line), which the index sends here too.
(internal--eval-loaddefs-forms
 "^ ?(defalias '"
 (lambda (form)
   ;; Not over what gapmacs defines itself.
   (let ((function (symbol-function (nth 1 (nth 1 form)))))
     (or (null function)
         (and (autoloadp function) (equal (nth 1 function) "loaddefs-variables"))))))

(provide 'loaddefs-variables)
;;; loaddefs-variables.el ends here
