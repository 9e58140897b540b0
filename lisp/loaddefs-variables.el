;;; loaddefs-variables.el --- the variables Emacs's loaddefs.el defines  -*- lexical-binding: t -*-

;; Emacs preloads its loaddefs.el: a variable whose `defvar' or `defcustom'
;; has an ;;;###autoload cookie exists, with its default value, before its
;; file loads (cus-edit.el reads `custom-file' above its own defcustom of
;; it).  The preloaded index points those variables here: this evaluates
;; every top-level `defvar' of GNU Emacs's loaddefs.el once, on the first
;; use of any of them (30 ms).  One whose value needs what is not loaded
;; yet stays void until its own file loads.

(when gapmacs-emacs-lisp-directory
  (let ((loaddefs (expand-file-name "loaddefs.el" gapmacs-emacs-lisp-directory)))
    (when (file-readable-p loaddefs)
      (with-temp-buffer
        (insert-file-contents loaddefs)
        (while (re-search-forward "^(defvar " nil t)
          (goto-char (match-beginning 0))
          (let ((form (read (current-buffer))))
            (condition-case nil
                (eval form t)
              (error nil))))))))

(provide 'loaddefs-variables)
;;; loaddefs-variables.el ends here
