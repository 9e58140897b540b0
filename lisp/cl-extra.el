;;; cl-extra.el --- part of cl-lib in lisp-lite  -*- lexical-binding: t -*-

;; lisp-lite's cl-lib.el holds all of cl-lib (and provides cl-extra); this file
;; lets (require 'cl-extra) work before cl-lib is loaded.

(require 'cl-lib)
(provide 'cl-extra)

;;; cl-extra.el ends here
