;;; repeat.el --- C-x z: repeat the last command, then z alone again  -*- lexical-binding: t -*-

;; The command loop does not keep the last command's event and argument
;; across a `repeat', so a post-command hook saves them for every other
;; command; self-insertion repeats its own character, as in Emacs.

(defvar repeat--last nil "(COMMAND EVENT PREFIX-ARG) of the last command other than `repeat'.")

(defun repeat--remember ()
  (unless (memq this-command '(repeat nil))
    (setq repeat--last (list this-command last-command-event current-prefix-arg))))
(add-hook 'post-command-hook #'repeat--remember)

(defvar repeat--again-map
  (let ((map (make-sparse-keymap))) (define-key map "z" 'repeat) map)
  "After C-x z, z alone repeats again.")

(defun repeat (arg)
  "Repeat the most recent command; a prefix ARG replaces its argument."
  (interactive "P")
  (unless repeat--last (user-error "There is nothing to repeat"))
  (let ((last-command-event (nth 1 repeat--last))
        (current-prefix-arg (or arg (nth 2 repeat--last))))
    (setq this-command (car repeat--last))
    (call-interactively (car repeat--last)))
  (setq this-command 'repeat)
  (set-transient-map repeat--again-map))

(define-key ctl-x-map "z" 'repeat)

(provide 'repeat)
;;; repeat.el ends here
