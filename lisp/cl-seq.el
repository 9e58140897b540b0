;;; cl-seq.el --- part of cl-lib in lisp-lite  -*- lexical-binding: t -*-

;; lisp-lite's cl-lib.el holds all of cl-lib (and provides cl-seq); this file
;; lets (require 'cl-seq) work before cl-lib is loaded.

(require 'cl-lib)
(provide 'cl-seq)

;;; cl-seq.el ends here
