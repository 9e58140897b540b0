;;; callint.el --- call-interactively, prefix arguments, M-x  -*- lexical-binding: t -*-

(defvar command-history nil)
(defvar extended-command-history nil)
(defvar callint--interactive-depth nil
  "The function `funcall-interactively' is calling, while it runs.")

(defun prefix-numeric-value (raw)
  "The numeric meaning of a raw prefix argument RAW."
  (cond ((null raw) 1)
        ((eq raw '-) -1)
        ((consp raw) (car raw))
        ((integerp raw) raw)
        (t 1)))

(defun funcall-interactively (function &rest args)
  "Call FUNCTION with ARGS so that `called-interactively-p' says t."
  (let ((callint--interactive-depth function))
    (apply function args)))

(defun callint--called-as-command-p (name)
  "Non-nil if the innermost `call-interactively' called NAME.
Exact where `called-interactively-p' is approximate; for code that knows its name."
  (eq callint--interactive-depth name))

(defun called-interactively-p (&optional kind)
  "Non-nil when the function calling this was called by `call-interactively'
itself, as Emacs's reads the backtrace: not in the functions that command
calls, nor when Lisp called it.  KIND `interactive' says nil in a keyboard
macro and in batch mode too."
  (unless (and (eq kind 'interactive) (or executing-kbd-macro noninteractive))
    ;; Frame 1 is the caller; `funcall-interactively' calls it through `apply'.
    (let ((outer (cadr (backtrace-frame 2 'called-interactively-p))))
      (when (eq outer 'apply)
        (setq outer (cadr (backtrace-frame 3 'called-interactively-p))))
      (eq outer 'funcall-interactively))))

;;;; Reading each kind of argument

(defun callint--region ()
  (let ((m (mark t)))
    (unless m (error "The mark is not set now, so there is no region"))
    (list (min (point) m) (max (point) m))))

(defun callint--read-symbol (prompt pred)
  (let ((name (completing-read prompt obarray pred t)))
    (when (equal name "") (error "No command name given"))
    (intern name)))

(defun callint--key (prompt)
  (read-key-sequence prompt))

(defun callint--dispatch (code prompt)
  (cond
   ((eq code ?a) (list (callint--read-symbol prompt #'fboundp)))
   ((eq code ?b) (list (read-buffer prompt (current-buffer) t)))
   ((eq code ?B) (list (read-buffer prompt (other-buffer (current-buffer)))))
   ((eq code ?c) (list (read-char prompt)))
   ((eq code ?C) (list (callint--read-symbol prompt #'commandp)))
   ((eq code ?d) (list (point)))
   ((eq code ?D) (list (read-file-name prompt nil default-directory t)))
   ((eq code ?e) (list last-command-event))
   ((eq code ?f) (list (read-file-name prompt nil nil t)))
   ((eq code ?F) (list (read-file-name prompt)))
   ((eq code ?G) (list (read-file-name prompt nil nil nil "")))
   ((eq code ?i) (list nil))
   ((memq code '(?k ?K)) (list (callint--key prompt)))
   ((eq code ?m) (list (or (mark t) (error "The mark is not set now, so there is no region"))))
   ((eq code ?M) (list (read-string prompt)))
   ((eq code ?n) (list (read-number prompt)))
   ((eq code ?N) (list (if current-prefix-arg
                           (prefix-numeric-value current-prefix-arg)
                         (read-number prompt))))
   ((eq code ?p) (list (prefix-numeric-value current-prefix-arg)))
   ((eq code ?P) (list current-prefix-arg))
   ((eq code ?r) (callint--region))
   ((eq code ?s) (list (read-string prompt)))
   ((eq code ?S) (list (intern (read-string prompt))))
   ((eq code ?U) (list nil))
   ((eq code ?v) (list (callint--read-symbol
                        prompt (lambda (s) (and (boundp s) (not (keywordp s)))))))
   ((eq code ?x) (list (read-from-minibuffer prompt nil nil t)))
   ((eq code ?X) (list (eval (read-from-minibuffer prompt nil nil t) t)))
   ((eq code ?z) (list (let ((s (read-string prompt)))
                         (and (not (equal s "")) (intern s)))))
   ((eq code ?Z) (list (and current-prefix-arg
                            (let ((s (read-string prompt)))
                              (and (not (equal s "")) (intern s))))))
   (t (error "Invalid control letter `%c' (#o%o, #x%04x) in interactive calling string"
             code code code))))

(defun callint--flags (spec)
  "Handle the leading * @ ^ of SPEC; return the rest."
  (let ((i 0))
    (while (and (< i (length spec)) (memq (aref spec i) '(?* ?@ ?^)))
      (cond ((eq (aref spec i) ?*) (barf-if-buffer-read-only))
            ((eq (aref spec i) ?^)
             (when (fboundp 'handle-shift-selection) (handle-shift-selection))))
      (setq i (1+ i)))
    (substring spec i)))

(defun callint--string-args (spec)
  (let ((args nil))
    (dolist (line (split-string (callint--flags spec) "\n"))
      (unless (equal line "")
        (let ((prompt (apply #'format-message (substring line 1) (reverse args))))
          (dolist (a (callint--dispatch (aref line 0) prompt))
            (push a args)))))
    (nreverse args)))

(defun callint--spec (function)
  (let ((form (interactive-form function)))
    (unless form
      (signal 'wrong-type-argument (list 'commandp function)))
    (cadr form)))

(defun callint--quote-arg (arg)
  (if (or (consp arg) (and (symbolp arg) (not (memq arg '(nil t))) (not (keywordp arg))))
      (list 'quote arg)
    arg))

(defconst callint--history-max 100)

(defun callint--reads-from-user-p (spec)
  "Non-nil if string SPEC reads an argument in the minibuffer (Emacs records those)."
  (and (stringp spec)
       (let ((found nil))
         (dolist (line (split-string spec "\n") found)
           (setq line (string-trim-left line "[*@^]+"))
           (when (and (> (length line) 0)
                      (memq (aref line 0)
                            '(?a ?b ?B ?C ?D ?f ?F ?G ?k ?K ?M ?n ?s ?S ?v ?x ?X ?z)))
             (setq found t))))))

(defun call-interactively (function &optional record-flag _keys)
  "Call FUNCTION, reading its arguments as its `interactive' spec says."
  (unless (commandp function)
    (signal 'wrong-type-argument (list 'commandp function)))
  (let* ((spec (callint--spec function))
         ;; As callint.c: reading the arguments (a minibuffer's commands)
         ;; leaves this-command, real-this-command and last-command as the
         ;; command found them.
         (command this-command)
         (real-command real-this-command)
         (previous last-command)
         (args (cond ((null spec) nil)
                     ((stringp spec) (callint--string-args spec))
                     (t (eval spec t)))))
    (setq this-command command
          real-this-command real-command
          last-command previous)
    (when (or record-flag (callint--reads-from-user-p spec))
      (push (cons function (mapcar #'callint--quote-arg args)) command-history)
      (when (> (length command-history) callint--history-max)
        (setcdr (nthcdr (1- callint--history-max) command-history) nil)))
    (apply #'funcall-interactively function args)))

(defun command-execute (cmd &optional record-flag keys special)
  "Run command CMD as the command loop does: prefix-arg becomes current-prefix-arg."
  (unless special
    (setq current-prefix-arg prefix-arg
          prefix-arg nil))
  (let ((final (indirect-function cmd)))
    (cond ((or (stringp final) (vectorp final))
           (if (fboundp 'execute-kbd-macro)
               (execute-kbd-macro final (prefix-numeric-value current-prefix-arg))
             (error "Keyboard macros are not supported")))
          (t (call-interactively cmd record-flag keys)))))

;;;; Reading keys, when the UI gives no read-key-sequence

(unless (fboundp 'read-key-sequence)
  (defun read-key-sequence (prompt &rest _)
    (let ((keys []) (done nil))
      (while (not done)
        (setq keys (vconcat keys (list (read-event prompt))))
        (let ((b (key-binding keys)))
          (setq done (not (keymapp b)))))
      (if (let ((ok t))
            (dolist (e (append keys nil) ok)
              (unless (and (integerp e) (>= e 0) (< e 128)) (setq ok nil))))
          (concat keys)
        keys))))

(unless (fboundp 'read-key-sequence-vector)
  (defun read-key-sequence-vector (prompt &rest _)
    (vconcat (read-key-sequence prompt))))

;;;; Prefix arguments (Emacs 28: a transient map, nothing in the command loop)

(defvar universal-argument-map
  (let ((map (make-sparse-keymap)))
    (define-key map "\C-u" 'universal-argument-more)
    (define-key map "-" 'universal-argument-minus)
    (dotimes (i 10)
      (define-key map (string (+ ?0 i)) 'digit-argument))
    map))

(defvar universal-argument--clear nil)

(defun universal-argument--mode ()
  (when (fboundp 'prefix-command-update) (prefix-command-update))
  (setq universal-argument--clear (set-transient-map universal-argument-map)))

(defun universal-argument ()
  "Begin a numeric argument: (4), then (16) with another C-u, or digits."
  (interactive)
  (setq prefix-arg (list 4))
  (universal-argument--mode))

(defun universal-argument-more (arg)
  (interactive "P")
  (setq prefix-arg (cond ((consp arg) (list (* 4 (car arg))))
                         ((eq arg '-) (list -4))
                         (t arg)))
  (universal-argument--mode))

(defun negative-argument (arg)
  "Begin a negative numeric argument."
  (interactive "P")
  (setq prefix-arg (cond ((integerp arg) (- arg))
                         ((eq arg '-) nil)
                         (t '-)))
  (universal-argument--mode))

(defun digit-argument (arg)
  "Append the digit typed to the numeric argument."
  (interactive "P")
  (let* ((char (if (integerp last-command-event)
                   last-command-event
                 (get last-command-event 'ascii-character)))
         (digit (- (logand char ?\177) ?0)))
    (setq prefix-arg (cond ((integerp arg) (+ (* arg 10) (if (< arg 0) (- digit) digit)))
                           ((eq arg '-) (if (zerop digit) '- (- digit)))
                           (t digit))))
  (universal-argument--mode))

(defun universal-argument-minus (arg)
  "After digits, `-' is an ordinary key given the argument; before, it negates."
  (interactive "P")
  (if (integerp arg)
      (progn (setq prefix-arg arg)
             (when universal-argument--clear (funcall universal-argument--clear))
             (push last-command-event unread-command-events))
    (negative-argument arg)))

;;;; M-x

(defun callint--command-prompt (arg)
  (concat (cond ((eq arg '-) "- ")
                ((equal arg '(4)) "C-u ")
                ((consp arg) (format "%d " (car arg)))
                ((integerp arg) (format "%d " arg)))
          "M-x "))

(defun callint--command-table (string predicate action)
  "The commands, as Emacs's M-x completes them: their key bindings shown
beside them in *Completions* (`suggest-key-bindings')."
  (if (eq action 'metadata)
      (and suggest-key-bindings (fboundp 'read-extended-command--affixation)
           '(metadata (affixation-function . read-extended-command--affixation)
                      (category . command)))
    (complete-with-action action obarray string predicate)))

(defun read-extended-command ()
  "Read a command name, with completion over all commands."
  (let ((name (completing-read (callint--command-prompt current-prefix-arg)
                               #'callint--command-table #'commandp t nil
                               'extended-command-history)))
    (when (equal name "") (user-error "No command name given"))
    name))

(defun execute-extended-command (prefixarg &optional command-name _typed)
  "Read a command name and run it, passing the prefix argument on."
  (interactive (list current-prefix-arg (read-extended-command)))
  (let ((function (if (symbolp command-name) command-name (intern-soft command-name))))
    (unless (commandp function) (user-error "%s is not a valid command name" command-name))
    (setq this-command function)
    (when (boundp 'real-this-command) (setq real-this-command function))
    (let ((prefix-arg prefixarg))
      (command-execute function 'record))))

;;;; One turn of the command loop, as Emacs's keyboard.c does it
;; A reference for the C++ loop (which may call it) and what the tests
;; drive: everything a command sees is set up here.

(defvar real-last-command nil)

(defun gapmacs-command-loop-step (keys)
  "Run the command bound to KEYS (a key sequence just read) as Emacs's loop would."
  (let ((cmd (key-binding keys t)))
    (setq last-command-event (aref keys (1- (length keys))))
    (setq this-command cmd real-this-command cmd)
    (setq deactivate-mark nil)
    (run-hooks 'pre-command-hook)
    (condition-case err
        (if this-command
            (command-execute this-command)
          (message "%s is undefined" (key-description keys)))
      (quit (message "Quit"))
      (error (message "%s" (error-message-string err))))
    (run-hooks 'post-command-hook)
    (unless prefix-arg
      (setq last-command this-command real-last-command real-this-command))
    (when (and deactivate-mark transient-mark-mode mark-active)
      (deactivate-mark))
    (undo-boundary)))

(defun gapmacs-command-loop-run (&optional count)
  "Read key sequences and run them, COUNT times or until the input runs out."
  (while (and (or (null count) (>= (setq count (1- count)) 0))
              unread-command-events)
    (gapmacs-command-loop-step (read-key-sequence-vector nil))))

(provide 'callint)
