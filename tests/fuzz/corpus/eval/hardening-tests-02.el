(progn
  "50000 levels: a Lisp error (Emacs 28 takes minutes here)."
  (skip-unless (boundp 'gapmacs-version))
  (should-error (read (make-string 50000 ?')))
  (should-error (read (concat (make-string 50000 ?,) "a")))
  ;; (string-replace builds them without a cons per piece: quick under stress.)
  (should-error (read (concat (string-replace "x" "#'" (make-string 50000 ?x)) "a")))
  (should-error (read (concat "?" (string-replace "x" "\\C-" (make-string 300000 ?x)) "a"))))