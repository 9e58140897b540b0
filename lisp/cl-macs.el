;;; cl-macs.el --- part of cl-lib in lisp-lite  -*- lexical-binding: t -*-

;; lisp-lite's cl-lib.el holds all of cl-lib (and provides cl-macs); this file
;; lets (require 'cl-macs) work before cl-lib is loaded.

(require 'cl-lib)
(provide 'cl-macs)

;;; cl-macs.el ends here
