;;; kmacro.el --- keyboard macros: C-x ( C-x ) C-x e, F3 F4, the counter  -*- lexical-binding: t -*-

;; Recording and replaying are in the UI (ui/keyboard_macro.cpp, Emacs's
;; macros.c); this file gives them Emacs's keys.  While a macro is being
;; defined the mode line shows "Def".

(defvar kmacro-counter 0 "The keyboard macro counter, inserted by F3 while defining.")
(defvar kmacro-counter-format "%d" "How `kmacro-insert-counter' formats the counter.")

(add-minor-mode 'defining-kbd-macro " Def")

(defun kmacro-start-macro (arg)
  "Start defining a keyboard macro; with C-u, append to the last one."
  (interactive "P")
  (unless (consp arg) (setq kmacro-counter (if (numberp arg) arg 0)))
  (start-kbd-macro (consp arg)))

(defun kmacro-end-macro (arg)
  "End the keyboard macro's definition; with a prefix N, run it N-1 more times."
  (interactive "p")
  (end-kbd-macro arg))

(defun kmacro-insert-counter (arg)
  "Insert the macro counter and add ARG (1) to it."
  (interactive "p")
  (insert (format kmacro-counter-format kmacro-counter))
  (setq kmacro-counter (+ kmacro-counter (or arg 1))))

(defun kmacro-start-macro-or-insert-counter (arg)
  "F3: start a macro, or while defining (or running) one insert the counter."
  (interactive "P")
  (if (or defining-kbd-macro executing-kbd-macro)
      (kmacro-insert-counter (prefix-numeric-value arg))
    (kmacro-start-macro arg)))

(defun kmacro-end-or-call-macro (arg)
  "F4: end the definition, or run the last macro ARG times (0: until an error)."
  (interactive "P")
  (if defining-kbd-macro
      (kmacro-end-macro (prefix-numeric-value arg))
    (call-last-kbd-macro arg)))

(defvar kmacro-call-repeat-map
  (let ((map (make-sparse-keymap)))
    (define-key map "e" 'kmacro-end-and-call-macro)
    map)
  "After C-x e, e alone runs the macro again, as in Emacs.")

(defun kmacro-end-and-call-macro (arg)
  "C-x e: end the definition if one is in progress, then run the macro."
  (interactive "P")
  (when defining-kbd-macro (end-kbd-macro))
  (call-last-kbd-macro arg)
  (when (and (not executing-kbd-macro) (fboundp 'set-transient-map))
    (message "(Type e to repeat macro)")
    (set-transient-map kmacro-call-repeat-map)))

(defun name-last-kbd-macro (symbol)
  "Make SYMBOL a command that runs the last keyboard macro."
  (interactive "SName for last kbd macro: ")
  (unless last-kbd-macro (user-error "No keyboard macro defined"))
  (fset symbol last-kbd-macro))

(defun insert-kbd-macro (symbol)
  "Insert Lisp that defines SYMBOL's keyboard macro, for an init file."
  (interactive "CInsert kbd macro (name): ")
  (insert (format "(fset '%s\n   (kbd %S))\n" symbol
                  (key-description (symbol-function symbol)))))

(define-key ctl-x-map "(" 'kmacro-start-macro)
(define-key ctl-x-map ")" 'kmacro-end-macro)
(define-key ctl-x-map "e" 'kmacro-end-and-call-macro)
(define-key global-map [f3] 'kmacro-start-macro-or-insert-counter)
(define-key global-map [f4] 'kmacro-end-or-call-macro)

;; A keyboard macro in a register (register-values.el), where Emacs's
;; library gives what it needs; the editor's start-up loads it later.
(when (fboundp 'cl-struct-define)
  (require 'register-values))

(provide 'kmacro)
;;; kmacro.el ends here
