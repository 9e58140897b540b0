;;; bundled-autoloads-tests.el --- the autoloads of the bundled files say true  -*- lexical-binding: t -*-

;; gapmacs autoloads what Emacs has preloaded (lisp/simple.el, lisp.el,
;; shell-command.el...), from a hand-kept table and the preloaded index
;; (lang/preloaded_index.inc): each entry must name a
;; file that defines the function, as a command exactly when the autoload
;; says so and as a macro exactly when it says so.  gapmacs only (Emacs
;; preloads these files).
;; No gc-stress run: the test loads every bundled file, which takes many
;; minutes with a collection per allocation; "lisp: loadup (gc-stress)" and
;; "lisp: bundled libraries (gc-stress)" load them under stress.

(ert-deftest bundled-autoloads-define-what-they-promise ()
  (skip-unless (boundp 'gapmacs-version))
  (let (autoloads wrong)
    (mapatoms (lambda (s)
                (let ((f (and (fboundp s) (symbol-function s))))
                  ;; Those of gapmacs's lisp/; preloaded-index-tests.el checks
                  ;; the ones of Emacs's library against its loaddefs.el.
                  (when (and (eq (car-safe f) 'autoload)
                             (locate-file (nth 1 f) (list (car load-path)) '(".el")))
                    (push (cons s f) autoloads)))))
    (should (> (length autoloads) 100))
    (dolist (entry autoloads)
      (let* ((sym (car entry)) (def (cdr entry))
             (file (nth 1 def)) (interactive (nth 3 def)) (macro (eq (nth 4 def) 'macro)))
        (condition-case err
            (progn
              (load file nil t)
              (let ((now (indirect-function sym)))
                (cond ((eq (car-safe now) 'autoload)
                       (push (list sym file "still an autoload") wrong))
                      ((not (eq macro (eq (car-safe now) 'macro)))
                       (push (list sym file "macro flag") wrong))
                      ((and (not macro) (not (eq (and interactive t) (and (commandp sym) t))))
                       (push (list sym file "interactive flag") wrong)))))
          (error (push (list sym file err) wrong)))))
    (when wrong (message "%S" wrong))
    (should (equal wrong nil))))
