;;; loaddefs-variables.el --- the variables Emacs's loaddefs.el defines  -*- lexical-binding: t -*-

;; Emacs preloads its loaddefs.el: a variable whose `defvar' or `defcustom'
;; has an ;;;###autoload cookie exists, with its default value, before its
;; file loads (cus-edit.el reads `custom-file' above its own defcustom of
;; it).  The preloaded index points those variables here: this evaluates
;; every top-level `defvar' of GNU Emacs's loaddefs.el once, on the first
;; use of any of them (30 ms).  One whose value needs what is not loaded
;; yet stays void until its own file loads.

(internal--eval-loaddefs-forms "^(defvar ")

(provide 'loaddefs-variables)
;;; loaddefs-variables.el ends here
