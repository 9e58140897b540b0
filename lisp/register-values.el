;;; register-values.el --- Emacs's generic functions of register values, and keyboard macros in registers  -*- lexical-binding: t -*-

;; Emacs's register.el jumps to, inserts and describes a register's value
;; through generic functions, and kmacro.el keeps a keyboard macro in a
;; register as a `kmacro-register' (consult-register adds its methods).
;; They need Emacs's cl-generic and cl-preloaded: the editor loads this
;; after its start-up has loaded Emacs's library (loadup.el), batch when
;; kmacro.el loads.  The default bodies are register.el's.

(require 'register)
(require 'cl-generic)

(cl-defgeneric register-val-jump-to (val delete)
  "Execute the \"jump\" operation of the register value VAL."
  (register--jump-to-value val delete))

(cl-defgeneric register-val-insert (val)
  "Insert the register value VAL."
  (register--insert-value val))

(cl-defgeneric register-val-describe (val verbose)
  "Print a description of the register value VAL to `standard-output'."
  (register--describe-value val verbose))

(cl-defstruct (kmacro-register
               (:constructor nil)
               (:constructor kmacro-make-register (macro)))
  macro)

(cl-defmethod register-val-jump-to ((data kmacro-register) _delete)
  (execute-kbd-macro (kmacro-register-macro data) (prefix-numeric-value current-prefix-arg)))

(cl-defmethod register-val-describe ((data kmacro-register) _verbose)
  (princ (format "a keyboard macro:\n   %s" (format-kbd-macro (kmacro-register-macro data)))))

(cl-defmethod register-val-insert ((data kmacro-register))
  (insert (format-kbd-macro (kmacro-register-macro data))))

(defun kmacro-to-register (r)
  "Store the last keyboard macro in register R."
  (interactive
   (progn
     (or last-kbd-macro (error "No keyboard macro defined"))
     (list (register-read-with-preview "Save to register: "))))
  (set-register r (kmacro-make-register last-kbd-macro)))

(provide 'register-values)
;;; register-values.el ends here
