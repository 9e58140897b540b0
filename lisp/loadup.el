;;; loadup.el --- load the editor's Lisp in order  -*- lexical-binding: t -*-

;; Fallbacks for builtins lisp-lite may lack; each is defined only when
;; missing, so the C++ versions win once they exist.
(unless (fboundp 'add-hook)
  (defun add-hook (hook function &optional depth _local)
    (or (boundp hook) (set hook nil))
    (let ((value (symbol-value hook)))
      (when (or (functionp value) (and value (symbolp value)))
        (setq value (list value)))
      (unless (member function value)
        (set hook (if (and depth (not (and (numberp depth) (< depth 0))))
                      (append value (list function))
                    (cons function value)))))))
(unless (fboundp 'remove-hook)
  (defun remove-hook (hook function &optional _local)
    (when (boundp hook)
      (let ((value (symbol-value hook)))
        (set hook (if (listp value) (delete function (copy-sequence value))
                    (unless (equal value function) value)))))))
(unless (fboundp 'run-hook-with-args)
  (defun run-hook-with-args (hook &rest args)
    (when (boundp hook)
      (let ((value (symbol-value hook)))
        (if (or (functionp value) (and value (symbolp value)))
            (apply value args)
          (dolist (f value) (unless (eq f t) (apply f args))))))))
(unless (fboundp 'make-local-variable)
  (defun make-local-variable (variable) variable))
(unless (fboundp 'make-variable-buffer-local)
  (defun make-variable-buffer-local (variable) variable))
(unless (fboundp 'kill-local-variable)
  (defun kill-local-variable (variable) variable))
(unless (fboundp 'kill-all-local-variables)
  (defun kill-all-local-variables (&rest _) (run-hooks 'change-major-mode-hook) nil))
(unless (fboundp 'setq-local)
  (defmacro setq-local (&rest pairs)
    (let (forms)
      (while pairs
        (push `(set (make-local-variable ',(car pairs)) ,(cadr pairs)) forms)
        (setq pairs (cddr pairs)))
      (cons 'progn (nreverse forms)))))
(unless (fboundp 'defvar-local)
  (defmacro defvar-local (symbol value &optional doc)
    `(progn (defvar ,symbol ,value ,doc) ',symbol)))

(unless (fboundp 'interactive-form)
  (defun interactive-form (cmd)
    (let ((f (indirect-function cmd)))
      (when (memq (car-safe f) '(closure lambda))
        (let ((body (if (eq (car f) 'closure) (nthcdr 3 f) (nthcdr 2 f))))
          (when (and (stringp (car body)) (cdr body)) (setq body (cdr body)))
          (while (eq (car-safe (car body)) 'declare) (setq body (cdr body)))
          (and (eq (car-safe (car body)) 'interactive) (car body)))))))

;; Batch readers over `unread-command-events' (A's C++ ones also read stdin).
(unless (fboundp 'read-event)
  (defun read-event (&optional _prompt _inherit _seconds)
    (if unread-command-events
        (pop unread-command-events)
      (signal 'end-of-file '("Error reading from stdin")))))
(unless (fboundp 'read-from-minibuffer)
  (defun read-from-minibuffer (_prompt &optional initial _keymap read _hist default _inherit)
    (let ((chars nil) (e nil))
      (unless unread-command-events (signal 'end-of-file '("Error reading from stdin")))
      (while (and unread-command-events
                  (not (memq (setq e (pop unread-command-events)) '(13 10))))
        (push e chars))
      (let ((s (concat (or (and (stringp initial) initial) "") (apply #'string (nreverse chars)))))
        (when (and (equal s "") default (not read))
          (setq s (if (consp default) (car default) default)))
        (if read (car (read-from-string s)) s)))))

(unless (boundp 'buffer-read-only)
  (defvar buffer-read-only nil)
  (when (fboundp 'make-variable-buffer-local)
    (make-variable-buffer-local 'buffer-read-only)))
(unless (fboundp 'barf-if-buffer-read-only)
  (defun barf-if-buffer-read-only (&optional _position)
    (when (and buffer-read-only (not inhibit-read-only))
      (signal 'buffer-read-only (list (current-buffer))))))

(dolist (v '(this-command last-command real-this-command current-prefix-arg
             prefix-arg last-command-event last-prefix-arg unread-command-events
             pre-command-hook post-command-hook deactivate-mark
             inhibit-read-only))
  (unless (special-variable-p v) (eval (list 'defvar v nil))))

(defvar-local mode-line-process nil
  "Shown after the mode name in the mode line (a process's status).")

(defun loadup--load (file)
  "Load the bundled FILE unless it is loaded already.  Batch mode loads a
bundled file on first use and this whole list when a command first runs
(a keyboard macro): a file loaded again would run its forms again and
make its modes' keymaps anew under buffers already in those modes."
  (let ((path (locate-library file)))
    (unless (and path (assoc path load-history))
      (load file nil t))))

(loadup--load "keymap")
(loadup--load "callint")
(loadup--load "modes")
(loadup--load "simple")
(loadup--load "minibuffer")
(loadup--load "files")
(loadup--load "isearch")
(loadup--load "replace")
(loadup--load "bindings")
(loadup--load "iso-transl")

;; *scratch* is for Lisp, as in Emacs.
(defvar initial-major-mode 'lisp-interaction-mode)
(defvar initial-scratch-message
  ";; This buffer is for text that is not saved, and for Lisp evaluation.
;; To create a file, visit it with C-x C-f and enter text in its buffer.

"
  "Text shown in *scratch* at start-up; nil for none (set it in the init file).")

(defun startup--insert-scratch-message ()
  "Insert `initial-scratch-message' into an empty *scratch*, as Emacs does
after the init file has had its say."
  (let ((scratch (get-buffer "*scratch*")))
    (when (and initial-scratch-message scratch)
      (with-current-buffer scratch
        (when (zerop (buffer-size))
          (insert initial-scratch-message)
          (set-buffer-modified-p nil))))))
(defconst startup--xterm-like-regexp
  "\\`\\(?:xterm\\|screen\\|tmux\\|putty\\|alacritty\\|kitty\\|foot\\|st-\\|vte\\|gnome\\|konsole\\)"
  "The terminal types whose palette is xterm's: Emacs initializes them
with term/xterm.el (directly, or through term/screen.el, term/tmux.el).")

(defun startup--terminal-setup ()
  "What Emacs's start-up does for the text terminal, before the init file
and before any face is made from its spec: the terminal's colours
\(tty-colors.el's, or xterm's 16, 88 or 256 as term/xterm.el registers
them) and the background mode its type implies (faces.el: light for an
xterm, dark for screen or tmux).  Nothing without Emacs's library."
  (let ((type (tty-type)))
    (when (and type (locate-library "term/tty-colors"))
      (tty-register-default-colors)
      (when (and (> (display-color-cells) 2) (string-match-p startup--xterm-like-regexp type))
        (require 'term/xterm)
        (xterm-register-default-colors xterm-standard-colors))
      (frame-set-background-mode (selected-frame)))))

(defun startup--preloaded-modes ()
  "Turn on the global modes Emacs 28 has on at start-up: loading their
files (preloaded in Emacs) runs their `custom-initialize-delay', which
turns them on outside batch: font-lock, show-paren, electric-indent.
Emacs's vc-hooks, preloaded too, loads at the first visit."
  (when (locate-library "font-core")
    ;; And register-values (Emacs's generic functions of registers, a
    ;; keyboard macro in one), which needs Emacs's cl-generic.
    (dolist (feature '(font-core paren electric register-values))
      (condition-case err
          (require feature)
        (error (message "Loading %s: %s" feature (error-message-string err))))))
  (when (locate-library "vc/vc-hooks")
    (add-hook 'find-file-hook #'startup--vc-first-visit)))

(defun startup--vc-first-visit ()
  "Load vc-hooks at the first visit (60 ms that start-up need not wait
for): from then on its `vc-refresh-state' runs at every visit, giving a
file under version control its `vc-mode' (the mode line's Git-master)."
  (remove-hook 'find-file-hook #'startup--vc-first-visit)
  (condition-case err
      (progn (require 'vc-hooks) (vc-refresh-state))
    (error (message "Loading vc-hooks: %s" (error-message-string err)))))

(when (get-buffer "*scratch*")
  (with-current-buffer "*scratch*"
    (unless (derived-mode-p initial-major-mode) (funcall initial-major-mode))))
(loadup--load "xterm")
(loadup--load "shell-command")
(loadup--load "compile")
(loadup--load "grep")
(loadup--load "process-menu")
(loadup--load "help")
(loadup--load "kmacro")
(loadup--load "fill")
(loadup--load "dabbrev")
(loadup--load "rect")
(loadup--load "register")
(loadup--load "window")
(loadup--load "paragraphs")
(loadup--load "indent")
(loadup--load "newcomment")
(loadup--load "repeat")
(loadup--load "sexp")
(loadup--load "occur")
(loadup--load "comint")
(loadup--load "shell")
