(ert-deftest reader-deep-nesting-is-an-error-or-works ()
  ;; 100000 nested parens: Emacs may crash here; lisp-lite signals an error
  ;; or reads it, but never crashes.
  (skip-unless (boundp (quote gapmacs-version)))
  (let ((text (concat (make-string 100000 ?\() (make-string 100000 ?\)))))
    (condition-case nil (read text) (error nil))
    (should t)))