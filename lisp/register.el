;;; register.el --- registers: C-x r s, C-x r i, C-x r SPC, C-x r j ...  -*- lexical-binding: t -*-

;; A register is a character naming a saved value in `register-alist':
;; a string (C-x r s), a buffer position as a marker (C-x r SPC), a
;; rectangle as a list of strings (C-x r r) or a number (C-x r n).
;; Registers are read with `read-char' (Emacs's preview window of the
;; registers in use is not shown).  A position register of a file's
;; buffer outlives the buffer as (file-query FILE POSITION): jumping to
;; it offers to visit the file again, as in Emacs.  Frame and window
;; configurations (C-u C-x r SPC, C-x r w) are not supported.
;; As in Emacs 28, an interactive C-x r i leaves point after the text and
;; the mark before it; with C-u point goes before the text.

(require 'rect)

(defvar register-alist nil
  "Alist of (REGISTER . VALUE): the registers in use.")

(defun get-register (register)
  "The contents of REGISTER (a character), or nil."
  (alist-get register register-alist))

(defun set-register (register value)
  "Set the contents of REGISTER to VALUE; return VALUE."
  (let ((cell (assq register register-alist)))
    (if cell
        (setcdr cell value)
      (push (cons register value) register-alist))
    value))

(defun register-read-with-preview (prompt)
  "Read a register name (a character) with PROMPT; C-g quits."
  (let ((c (read-char prompt)))
    (when (eq c ?\C-g) (signal 'quit nil))
    c))

(defun register--describe (register)
  (single-key-description register))

(defun register--swap-out ()
  "On killing a file's buffer, keep its position registers as file positions."
  (when buffer-file-name
    (let ((buffer (current-buffer)))
      (dolist (cell register-alist)
        (when (and (markerp (cdr cell)) (eq (marker-buffer (cdr cell)) buffer))
          (setcdr cell (list 'file-query buffer-file-name
                             (marker-position (cdr cell)))))))))

(defun point-to-register (register &optional arg)
  "Store point's position in the current buffer in REGISTER.
\\[jump-to-register] goes back there."
  (interactive (list (register-read-with-preview
                      (if current-prefix-arg "Frame configuration to register: "
                        "Point to register: "))
                     current-prefix-arg))
  (when arg (user-error "Frame configurations are not supported"))
  (when buffer-file-name
    (add-hook 'kill-buffer-hook #'register--swap-out nil t))
  (set-register register (point-marker)))

(defun jump-to-register (register &optional delete)
  "Go to the buffer position saved in REGISTER, setting the mark first."
  (interactive (list (register-read-with-preview "Jump to register: ")
                     current-prefix-arg))
  (funcall (if (fboundp 'register-val-jump-to) #'register-val-jump-to #'register--jump-to-value)
           (get-register register) delete))

;; What a register does with its value.  Emacs's register.el goes through
;; the generic functions register-val-jump-to, register-val-insert and
;; register-val-describe, so that a library can keep a kind of value of its
;; own in a register (kmacro.el's keyboard macros); they need Emacs's
;; cl-generic, which the editor has only once its start-up has loaded
;; Emacs's library: register-values.el defines them then, on these.
(defun register--jump-to-value (val _delete)
  "Execute the \"jump\" operation of the register value VAL."
  (cond
   ((markerp val)
    (unless (marker-buffer val)
      (user-error "That register’s buffer no longer exists"))
    (switch-to-buffer (marker-buffer val))
    (unless (or (= (point) (marker-position val))
                (eq last-command 'jump-to-register))
      (push-mark))
    (goto-char val))
   ((eq (car-safe val) 'file-query)
    (unless (y-or-n-p (format "Visit file %s again? " (nth 1 val)))
      (user-error "Register access aborted"))
    (find-file (nth 1 val))
    (goto-char (nth 2 val)))
   (t (user-error "Register doesn’t contain a buffer position or configuration"))))

(defun register--insert-value (val)
  "Insert the register value VAL."
  (cond
   ((stringp val) (insert-for-yank val))
   ((numberp val) (insert (number-to-string val)))
   ((and (consp val) (stringp (car val))) (insert-rectangle val))
   ((markerp val)
    (unless (marker-position val) (user-error "Register does not contain text"))
    (insert (number-to-string (marker-position val))))
   ((eq (car-safe val) 'file-query) (insert (number-to-string (nth 2 val))))
   (t (user-error "Register does not contain text"))))

(defun register--describe-value (val verbose)
  "Print a description of the register value VAL to `standard-output', as
Emacs's `describe-register-1' follows \"Register R contains \" with it."
  (cond
   ((numberp val) (princ val))
   ((markerp val)
    (if (marker-buffer val)
        (princ (format "a buffer position:\n    buffer %s, position %d"
                       (buffer-name (marker-buffer val)) (marker-position val)))
      (princ "a marker in no buffer")))
   ((eq (car-safe val) 'file-query)
    (princ (format "a file-query reference:\n    file %S,\n    position %d." (nth 1 val) (nth 2 val))))
   ((and (consp val) (stringp (car val)))
    (if verbose
        (progn (princ "the rectangle:\n")
               (dolist (line val) (princ (concat "    " line "\n"))))
      (princ (concat "a rectangle starting with " (car val)))))
   ((stringp val)
    (if verbose
        (princ (concat "the text:\n" (substring-no-properties val)))
      (cond ((string-match "[^ \t\n].\\{,20\\}" val)
             (princ (concat "text starting with\n    " (match-string 0 val))))
            ((string-match "^[ \t\n]+$" val) (princ "whitespace"))
            (t (princ "the empty string")))))
   (t (princ "Garbage:\n")
      (when verbose (prin1 val)))))

(defun copy-to-register (register start end &optional delete-flag _region)
  "Copy the text from START to END into REGISTER.
With DELETE-FLAG (C-u), delete it from the buffer too."
  (interactive (list (register-read-with-preview "Copy to register: ")
                     (region-beginning) (region-end) current-prefix-arg t))
  (set-register register (buffer-substring start end))
  (setq deactivate-mark t)
  (when delete-flag (delete-region start end))
  nil)

(defun register--add-text (register start end delete-flag append)
  (let ((old (or (get-register register) ""))
        (text (buffer-substring start end)))
    (unless (stringp old) (user-error "Register does not contain text"))
    (set-register register (if append (concat old text) (concat text old)))
    (setq deactivate-mark t)
    (when delete-flag (delete-region start end))
    nil))

(defun append-to-register (register start end &optional delete-flag)
  "Add the text from START to END to the end of REGISTER's text.
With DELETE-FLAG (C-u), delete it from the buffer too."
  (interactive (list (register-read-with-preview "Append to register: ")
                     (region-beginning) (region-end) current-prefix-arg))
  (register--add-text register start end delete-flag t))

(defun prepend-to-register (register start end &optional delete-flag)
  "Add the text from START to END to the start of REGISTER's text.
With DELETE-FLAG (C-u), delete it from the buffer too."
  (interactive (list (register-read-with-preview "Prepend to register: ")
                     (region-beginning) (region-end) current-prefix-arg))
  (register--add-text register start end delete-flag nil))

(defun copy-rectangle-to-register (register start end &optional delete-flag)
  "Copy the rectangle START END into REGISTER.
With DELETE-FLAG (C-u), delete it from the buffer too."
  (interactive (list (register-read-with-preview "Copy rectangle to register: ")
                     (region-beginning) (region-end) current-prefix-arg))
  (set-register register (if delete-flag
                             (delete-extract-rectangle start end)
                           (extract-rectangle start end)))
  (setq deactivate-mark t)
  nil)

(defun number-to-register (number register)
  "Store NUMBER in REGISTER.
Without a prefix argument, read the number written at point and move past
it (0 if there is none)."
  (interactive (list current-prefix-arg
                     (register-read-with-preview "Number to register: ")))
  (set-register register
                (if number
                    (prefix-numeric-value number)
                  (if (looking-at "\\s-*-?[0-9]+")
                      (progn (goto-char (match-end 0))
                             (string-to-number (match-string 0)))
                    0))))

(defun increment-register (prefix register)
  "Add PREFIX (1 without one) to the number in REGISTER.
If REGISTER holds text, append the region to it instead."
  (interactive (list current-prefix-arg
                     (register-read-with-preview "Increment register: ")))
  (let ((val (get-register register)))
    (cond
     ((numberp val)
      (set-register register (+ val (prefix-numeric-value prefix))))
     ((or (null val) (stringp val))
      (append-to-register register (region-beginning) (region-end) prefix))
     (t (user-error "Register does not contain a number or text")))))

(defun insert-register (register &optional arg)
  "Insert the contents of REGISTER, setting the mark.
Point ends before the text unless ARG; interactively ARG is t without a
prefix argument, so point ends after it (as in Emacs 28)."
  (interactive (progn (barf-if-buffer-read-only)
                      (list (register-read-with-preview "Insert register: ")
                            (not current-prefix-arg))))
  (push-mark)
  (funcall (if (fboundp 'register-val-insert) #'register-val-insert #'register--insert-value)
           (get-register register))
  (unless arg (exchange-point-and-mark)))

(defun register--text (register)
  "The description of REGISTER that `view-register' shows, or nil if empty."
  (let ((val (get-register register))
        (name (register--describe register)))
    (cond
     ((null val) nil)
     ((numberp val) (format "Register %s contains %s\n" name val))
     ((markerp val)
      (if (marker-buffer val)
          (format "Register %s contains a buffer position:\n    buffer %s, position %d\n"
                  name (buffer-name (marker-buffer val)) (marker-position val))
        (format "Register %s contains a marker in no buffer\n" name)))
     ((eq (car-safe val) 'file-query)
      (format "Register %s contains a file-query reference:\n    visit %s\n    position %d\n"
              name (nth 1 val) (nth 2 val)))
     ((stringp val) (format "Register %s contains the text:\n%s\n" name val))
     ((and (consp val) (stringp (car val)))
      (concat (format "Register %s contains the rectangle:\n" name)
              (mapconcat (lambda (line) (concat "    " line "\n")) val "")))
     (t (format "Register %s contains %s\n" name
                (with-output-to-string
                  (funcall (if (fboundp 'register-val-describe) #'register-val-describe #'register--describe-value)
                           val t)))))))

(defun view-register (register)
  "Show what REGISTER contains in the *Output* buffer."
  (interactive (list (register-read-with-preview "View register: ")))
  (let ((text (register--text register)))
    (if (not text)
        (message "Register %s is empty" (register--describe register))
      (let ((buffer (get-buffer-create "*Output*")))
        (with-current-buffer buffer
          (let ((inhibit-read-only t))
            (erase-buffer)
            (insert text)
            (goto-char (point-min))
            (set-buffer-modified-p nil)))
        (display-buffer buffer)))))

(define-key ctl-x-r-map "s" 'copy-to-register)
(define-key ctl-x-r-map "x" 'copy-to-register)
(define-key ctl-x-r-map "i" 'insert-register)
(define-key ctl-x-r-map "g" 'insert-register)
(define-key ctl-x-r-map " " 'point-to-register)
(define-key ctl-x-r-map (kbd "C-@") 'point-to-register)
(define-key ctl-x-r-map (kbd "C-SPC") 'point-to-register)
(define-key ctl-x-r-map "j" 'jump-to-register)
(define-key ctl-x-r-map "r" 'copy-rectangle-to-register)
(define-key ctl-x-r-map "n" 'number-to-register)
(define-key ctl-x-r-map "+" 'increment-register)

(provide 'register)
;;; register.el ends here
