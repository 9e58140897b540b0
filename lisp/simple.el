;;; simple.el --- basic editing commands  -*- lexical-binding: t -*-

;;;; Primitives as commands
;; lisp-lite's builtins carry no interactive specs; wrap the ones that
;; are keys in Emacs, unless lisp-lite already made them commands.

(defmacro simple--commandify (name spec)
  `(unless (commandp ',name)
     (let ((prim (symbol-function ',name)))
       (put ',name 'simple--primitive prim)
       (defalias ',name (lambda (&rest args) (interactive ,spec) (apply prim args))))))

(simple--commandify forward-char "^p")
(simple--commandify backward-char "^p")
(simple--commandify beginning-of-line "^p")
(simple--commandify end-of-line "^p")
(simple--commandify goto-char (list (read-number "Go to char: " (point))))
(simple--commandify upcase-region "*r")
(simple--commandify downcase-region "*r")
(simple--commandify capitalize-region "*r")
(simple--commandify narrow-to-region "r")
(simple--commandify widen "")
(simple--commandify kill-emacs "P")
(simple--commandify delete-char "*p\nP")
(simple--commandify insert-char
                    (list (read-number "Insert character (code): ")
                          (prefix-numeric-value current-prefix-arg) t))

;; Words: the C++ forward-word when lisp-lite has it.
(unless (fboundp 'forward-word)
  (defun forward-word (&optional arg)
    (setq arg (or arg 1))
    (let ((ok t))
      (while (and ok (> arg 0))
        (setq ok (re-search-forward "\\W*\\w+" nil 'move) arg (1- arg)))
      (while (and ok (< arg 0))
        (setq ok (re-search-backward "\\w+\\W*" nil 'move) arg (1+ arg))
        (when ok (skip-word-start)))
      (and ok t)))
  (defun skip-word-start ()
    (while (and (not (bobp)) (string-match-p "\\w" (string (char-before))))
      (backward-char)))
  (defun backward-word (&optional arg) (forward-word (- (or arg 1)))))
(simple--commandify forward-word "^p")
(simple--commandify backward-word "^p")
;;;###autoload
(defun left-word (&optional n) (interactive "^p") (backward-word n))
;;;###autoload
(defun right-word (&optional n) (interactive "^p") (forward-word n))
;;;###autoload
(defun left-char (&optional n) (interactive "^p") (backward-char n))
;;;###autoload
(defun right-char (&optional n) (interactive "^p") (forward-char n))

(unless (fboundp 'skip-chars-forward)
  (defun simple--skip (chars lim step)
    (let ((re (concat "[" chars "]")) (start (point)))
      (if (> step 0)
          (while (and (< (point) (or lim (point-max))) (not (eobp))
                      (string-match-p re (string (char-after))))
            (forward-char 1))
        (while (and (> (point) (or lim (point-min))) (not (bobp))
                    (string-match-p re (string (char-before))))
          (forward-char -1)))
      (- (point) start)))
  (defun skip-chars-forward (chars &optional lim) (simple--skip chars lim 1))
  (defun skip-chars-backward (chars &optional lim) (simple--skip chars lim -1)))

;;;; The mark and the region

(defvar transient-mark-mode nil)
;; On by default in the editor, off in batch, as in Emacs.
(unless (bound-and-true-p noninteractive)
  (setq-default transient-mark-mode t))
(defvar mark-active nil)
(make-variable-buffer-local 'mark-active)
(defvar deactivate-mark nil
  "A command sets this non-nil to deactivate the mark when it ends.
The command loop sets it to nil before each command.")
(defvar activate-mark-hook nil)
(defvar deactivate-mark-hook nil)
(defvar mark-even-if-inactive t)
(defvar use-empty-active-region nil)
(defvar delete-active-region t)
(defvar mark-ring nil)
(make-variable-buffer-local 'mark-ring)
(put 'mark-ring 'permanent-local t)
(defvar mark-ring-max 16)
(defvar shift-select-mode t)

;;;###autoload
(defun region-active-p ()
  (and transient-mark-mode mark-active (mark t) t))

;;;###autoload
(defun use-region-p ()
  (and (region-active-p)
       (or use-empty-active-region (> (region-end) (region-beginning)))))

;;;###autoload
(defun deactivate-mark (&optional force)
  (when (or (region-active-p) force)
    (when (eq (car-safe transient-mark-mode) 'only)
      (setq transient-mark-mode (cdr transient-mark-mode)))
    (setq mark-active nil)
    (run-hooks 'deactivate-mark-hook)))

;;;###autoload
(defun activate-mark (&optional _no-tmm)
  (when (and (mark t) (not (region-active-p)))
    (setq mark-active t)
    (run-hooks 'activate-mark-hook)))

(defun set-mark (pos)
  "Set the mark at POS and activate it; nil deactivates."
  (if pos
      (progn (set-marker (mark-marker) pos (current-buffer))
             (setq mark-active t)
             (run-hooks 'activate-mark-hook))
    (deactivate-mark t)
    (set-marker (mark-marker) nil)))

(defun push-mark (&optional location nomsg activate)
  "Save the mark on the mark ring and set it at LOCATION (default point)."
  (when (mark t)
    (push (copy-marker (mark-marker)) mark-ring)
    (when (> (length mark-ring) mark-ring-max)
      (set-marker (car (last mark-ring)) nil)
      (setq mark-ring (butlast mark-ring))))
  (set-marker (mark-marker) (or location (point)) (current-buffer))
  (unless nomsg (message "Mark set"))
  (if (or activate (not transient-mark-mode))
      (set-mark (mark t)))
  nil)

;;;###autoload
(defun pop-mark ()
  "Move the mark to the previous position on the mark ring (rotating it)."
  (when mark-ring
    (setq mark-ring (nconc mark-ring (list (copy-marker (mark-marker)))))
    (set-marker (mark-marker) (car mark-ring) (current-buffer))
    (set-marker (car mark-ring) nil)
    (pop mark-ring))
  (deactivate-mark))

;;;###autoload
(defun pop-to-mark-command ()
  (interactive)
  (if (null (mark t))
      (user-error "No mark set in this buffer")
    (when (= (point) (mark t)) (message "Mark popped"))
    (goto-char (mark t))
    (pop-mark)))

;;;###autoload
(defun push-mark-command (arg &optional nomsg)
  (interactive "P")
  (let ((mark (mark t)))
    (if (or arg (null mark) (/= mark (point)))
        (push-mark nil nomsg t)
      (activate-mark)
      (unless nomsg (message "Mark activated")))))

;;;###autoload
(defun set-mark-command (arg)
  "Set the mark at point and activate it; with C-u, jump to the previous mark."
  (interactive "P")
  (cond ((and (consp arg) (> (prefix-numeric-value arg) 4))
         (push-mark-command nil))
        (arg
         (setq this-command 'pop-to-mark-command)
         (pop-to-mark-command))
        ((and (eq last-command 'set-mark-command) (region-active-p))
         (deactivate-mark)
         (message "Mark deactivated"))
        ((eq last-command 'set-mark-command)
         (activate-mark)
         (message "Mark activated"))
        (t (push-mark-command nil))))

;;;###autoload
(defun exchange-point-and-mark (&optional arg)
  "Put the mark where point is and point where the mark was; activate the region."
  (interactive "P")
  (let ((omark (mark t)))
    (if (null omark) (user-error "No mark set in this buffer"))
    (set-mark (point))
    (goto-char omark)
    (if arg (deactivate-mark) (activate-mark))
    nil))

(defvar this-command-keys-shift-translated nil
  "The command loop sets this when it found a shifted key's binding unshifted.")

;;;###autoload
(defun handle-shift-selection ()
  "For the ^ interactive code: shifted motion extends a temporary region."
  (cond ((and shift-select-mode this-command-keys-shift-translated)
         (unless (and mark-active (eq (car-safe transient-mark-mode) 'only))
           (setq-local transient-mark-mode
                       (cons 'only (unless (eq transient-mark-mode 'lambda)
                                     transient-mark-mode)))
           (push-mark nil t t)))
        ((eq (car-safe transient-mark-mode) 'only)
         (setq transient-mark-mode (cdr transient-mark-mode))
         (when (eq transient-mark-mode (default-value 'transient-mark-mode))
           (kill-local-variable 'transient-mark-mode))
         (deactivate-mark))))

;;;###autoload
(defun mark-whole-buffer ()
  (interactive)
  (push-mark)
  (push-mark (point-max) nil t)
  (goto-char (point-min)))

(defun simple--region-or-error ()
  (let ((m (mark t)))
    (unless m (user-error "The mark is not set now, so there is no region"))
    (list m (point) 'region)))

;;;; Inserting and deleting

(defvar overwrite-mode nil)
(make-variable-buffer-local 'overwrite-mode)
(defvar post-self-insert-hook nil)

;;;###autoload
(defun self-insert-command (n &optional c)
  "Insert the character typed (`last-command-event') N times."
  (interactive (list (prefix-numeric-value current-prefix-arg) last-command-event))
  (barf-if-buffer-read-only)
  (let ((char (or c last-command-event)))
    (when (< n 0) (error "Negative repetition argument %d" n))
    (unless (and (integerp char) (characterp char))
      (user-error "Not a character: %S" char))
    (when (> n 0)
      (when (and overwrite-mode (not (eolp)))
        (delete-region (point) (min (line-end-position) (+ (point) n))))
      (insert-char char n)
      ;; Auto Fill comes first, as in Emacs's self-insertion (cmds.c): a
      ;; newline fills the line it ended, whatever post-self-insert-hook is.
      (when (and auto-fill-function (memq char '(?\s ?\n)))
        (simple--auto-fill char))
      (run-hooks 'post-self-insert-hook))
    nil))

(defun simple--auto-fill (char)
  (if (not (eq char ?\n))
      (funcall auto-fill-function)
    (backward-char)
    (funcall auto-fill-function)
    (unless (eobp) (forward-char))))

;;;###autoload
(defun newline (&optional arg interactive)
  "Insert a newline, and move to left margin of the new line.
With ARG, insert that many newlines.  Interactively (INTERACTIVE non-nil)
the newline is self-inserted: `post-self-insert-hook' runs, so Electric
Indent mode indents the new line and Auto Fill mode fills the old one."
  (interactive "*P\np")
  (barf-if-buffer-read-only)
  (when (and arg (< (prefix-numeric-value arg) 0))
    (error "Repetition argument has to be non-negative"))
  (let* ((was-page-start (and (bolp) (looking-at page-delimiter)))
         (beforepos (point))
         (last-command-event ?\n)
         (auto-fill-function (if arg nil auto-fill-function))
         (arg (prefix-numeric-value arg))
         (postproc-symbol (make-symbol "newline-postproc"))
         ;; Runs first on the hook, before Electric Indent.
         (postproc
          (lambda ()
            (remove-hook 'post-self-insert-hook postproc-symbol t)
            (when use-hard-newlines
              (set-hard-newline-properties (- (point) arg) (point)))
            ;; A newline that leaves a blank line deletes the margin
            ;; whitespace it left there.
            (save-excursion
              (goto-char beforepos)
              (beginning-of-line)
              (and (looking-at "[ \t]+$")
                   (> (current-left-margin) 0)
                   (delete-region (point) (line-end-position))))
            (or was-page-start (move-to-left-margin nil t)))))
    (fset postproc-symbol postproc)
    (if (not interactive)
        (let ((post-self-insert-hook (list postproc)))
          (self-insert-command arg))
      (unwind-protect
          (progn
            (add-hook 'post-self-insert-hook postproc-symbol nil t)
            (self-insert-command arg))
        (remove-hook 'post-self-insert-hook postproc-symbol t))))
  nil)

;;;###autoload
(defun electric-newline-and-maybe-indent ()
  (interactive "*")
  (newline 1))

;;;###autoload
(defun open-line (n)
  "Insert N newlines after point, leaving point where it was."
  (interactive "*p")
  (let ((p (point)))
    (insert-char ?\n n)
    (goto-char p)))

(defun simple--delete-chars (n killflag)
  (if killflag
      (kill-region (point) (+ (point) n))
    (delete-char n)))

;;;###autoload
(defun delete-backward-char (n &optional killflag)
  "Delete N characters before point, or the region when it is active."
  (interactive "p\nP")
  (barf-if-buffer-read-only)
  (if (and (use-region-p) delete-active-region (= n 1))
      (if killflag (kill-region (region-beginning) (region-end))
        (delete-region (region-beginning) (region-end)))
    (when (< (- (point) n) (point-min)) (signal 'beginning-of-buffer nil))
    (simple--delete-chars (- n) killflag)))

;;;###autoload
(defun delete-forward-char (n &optional killflag)
  "Delete N characters after point, or the region when it is active."
  (interactive "p\nP")
  (barf-if-buffer-read-only)
  (if (and (use-region-p) delete-active-region (= n 1))
      (if killflag (kill-region (region-beginning) (region-end))
        (delete-region (region-beginning) (region-end)))
    (when (> (+ (point) n) (point-max)) (signal 'end-of-buffer nil))
    (simple--delete-chars n killflag)))

;;;###autoload
(defun quoted-insert (arg)
  "Read a character and insert it ARG times, even a control character."
  (interactive "*p")
  (let ((char (read-char)))
    (insert-char char arg)))

;;;; The kill ring

(defvar kill-ring nil)
(defvar kill-ring-max 120)
(defvar kill-ring-yank-pointer nil)
(defvar kill-whole-line nil)
(defvar kill-read-only-ok nil)
(defvar yank-undo-function nil)

;;;###autoload
(defun kill-new (string &optional replace)
  "Make STRING the latest kill; REPLACE overwrites the latest instead.
The other programs' selection learns it through `interprogram-cut-function'."
  (unless (and kill-do-not-save-duplicates
               (equal-including-properties string (car kill-ring)))
    (if (and replace kill-ring)
        (setcar kill-ring string)
      (push string kill-ring)
      (when (> (length kill-ring) kill-ring-max)
        (setcdr (nthcdr (1- kill-ring-max) kill-ring) nil))))
  (setq kill-ring-yank-pointer kill-ring)
  (when (simple--interprogram-function interprogram-cut-function)
    (funcall interprogram-cut-function string))
  string)

(defun simple--interprogram-function (function)
  "FUNCTION unless it is select.el's default and select.el is not loaded.
Emacs preloads select.el; gapmacs loads it at first use.  Until a window
system or a terminal's selection support loads it, there is no selection
and its functions would answer nothing, after loading it and the coding
systems it sets up (a tenth of a second) at the first kill."
  (and function
       (or (featurep 'select) (not (memq function '(gui-select-text gui-selection-value))))
       function))

;;;###autoload
(defun kill-append (string before-p)
  (let ((cur (car kill-ring)))
    (kill-new (if before-p (concat string cur) (concat cur string))
              (or (null cur) (string= cur "") t))))

;;;###autoload
(defun current-kill (n &optional do-not-move)
  "The Nth kill after the current one; rotates the yank pointer unless DO-NOT-MOVE.
For the latest kill (N = 0), a newer text `interprogram-paste-function'
gives (another program's selection, a terminal's paste) is killed first."
  (let ((interprogram-paste (and (= n 0) (simple--interprogram-function interprogram-paste-function)
                                 (funcall interprogram-paste-function))))
    (if interprogram-paste
        (let ((interprogram-cut-function nil)
              (interprogram-paste-function nil))
          (if (listp interprogram-paste)
              (mapc #'kill-new (reverse interprogram-paste))
            (kill-new interprogram-paste))
          (car kill-ring))
      (unless kill-ring (error "Kill ring is empty"))
      (let ((elt (nthcdr (mod (- n (length kill-ring-yank-pointer)) (length kill-ring))
                         kill-ring)))
        (unless do-not-move
          (setq kill-ring-yank-pointer elt)
          (when (and yank-pop-change-selection (> n 0)
                     (simple--interprogram-function interprogram-cut-function))
            (funcall interprogram-cut-function (car elt))))
        (car elt)))))

(defun simple--read-only-p ()
  (and buffer-read-only (not inhibit-read-only)))

;; simple.el's extraction of text, through which kill and copy commands
;; let modes (and `buffer-substring-filters') change what is taken.
(defvar filter-buffer-substring-functions nil
  "Wrappers (as `add-function' makes) around `filter-buffer-substring-function'.")
(defvar filter-buffer-substring-function #'buffer-substring--filter
  "Function of BEG, END and DELETE that extracts the text `filter-buffer-substring' returns.")

(defun filter-buffer-substring (beg end &optional delete)
  "The text between BEG and END as `filter-buffer-substring-function' gives
it (by default the buffer's text); with DELETE, the text is deleted too."
  (funcall filter-buffer-substring-function beg end delete))

(defun buffer-substring--filter (beg end &optional delete)
  "The default `filter-buffer-substring-function': the text, deleted if DELETE."
  (if delete
      (prog1 (buffer-substring beg end) (delete-region beg end))
    (buffer-substring beg end)))

(defvar region-insert-function
  (lambda (lines)
    (let ((first t))
      (dolist (line lines)
        (unless first (insert ?\n))
        (insert-for-yank line)
        (setq first nil))))
  "How a region's text, as `region-extract-function' gave it (a list of
strings, one per piece), is inserted: here the pieces on lines of their own.")

(defvar region-extract-function
  (lambda (method)
    (when (region-beginning)
      (cond ((eq method 'bounds) (list (cons (region-beginning) (region-end))))
            ((eq method 'delete-only) (delete-region (region-beginning) (region-end)))
            (t (filter-buffer-substring (region-beginning) (region-end) method)))))
  "How the region's text is taken: called with METHOD nil (return it), t or
`delete' (delete and return it), `delete-only', or `bounds' (the list of
its (START . END) pieces).  cua-mode's rectangles replace it.")

;;;###autoload
(defun kill-region (beg end &optional region)
  "Kill the text between BEG and END; appends when the last command killed.
Interactively (REGION non-nil) the region is taken by `region-extract-function'."
  (interactive (simple--region-or-error))
  (if (simple--read-only-p)
      (progn (copy-region-as-kill beg end)
             (setq this-command 'kill-region)
             (if kill-read-only-ok
                 (progn (message "Read only text copied to kill ring") nil)
               (barf-if-buffer-read-only)))
    (let ((string (if region (funcall region-extract-function 'delete)
                    (filter-buffer-substring beg end 'delete))))
      (if (eq last-command 'kill-region)
          (kill-append string (< end beg))
        (kill-new string))
      (setq this-command 'kill-region)
      (setq deactivate-mark t)
      nil)))

;;;###autoload
(defun copy-region-as-kill (beg end &optional region)
  (interactive (simple--region-or-error))
  (let ((string (if region (funcall region-extract-function nil)
                  (filter-buffer-substring beg end))))
    (if (eq last-command 'kill-region)
        (kill-append string (< end beg))
      (kill-new string)))
  (setq deactivate-mark t)
  nil)

;;;###autoload
(defun kill-ring-save (beg end &optional region)
  (interactive (simple--region-or-error))
  (copy-region-as-kill beg end region)
  nil)

;;;###autoload
(defun kill-line (&optional arg)
  "Kill to the end of the line; the newline too at the end or when only blanks remain."
  (interactive "P")
  (kill-region (point)
               (progn
                 (if arg
                     (forward-line (prefix-numeric-value arg))
                   (when (eobp) (signal 'end-of-buffer nil))
                   (let ((end (line-end-position)))
                     (if (or (save-excursion (skip-chars-forward " \t" end) (= (point) end))
                             (and kill-whole-line (bolp)))
                         (forward-line 1)
                       (goto-char end))))
                 (point))))

;;;###autoload
(defun kill-whole-line (&optional arg)
  "Kill the current line with its newline; ARG lines forward or back."
  (interactive "p")
  (setq arg (or arg 1))
  (when (and (> arg 0) (eobp) (bolp) (not (bobp))) (signal 'end-of-buffer nil))
  (cond ((zerop arg)
         (kill-region (line-beginning-position) (line-end-position)))
        ((< arg 0)
         (kill-region (line-end-position)
                      (save-excursion (forward-line (1+ arg))
                                      (unless (bobp) (backward-char))
                                      (point))))
        (t (kill-region (line-beginning-position)
                        (save-excursion (forward-line arg) (point))))))

;;;###autoload
(defun kill-word (arg)
  (interactive "p")
  (kill-region (point) (progn (forward-word arg) (point))))

;;;###autoload
(defun backward-kill-word (arg)
  (interactive "p")
  (kill-word (- arg)))

;;;###autoload
(defun zap-to-char (arg char)
  (interactive (list (prefix-numeric-value current-prefix-arg)
                     (read-char "Zap to char: ")))
  (kill-region (point) (progn (search-forward (char-to-string char) nil nil arg) (point))))

;;;###autoload
(defun insert-for-yank (string)
  (insert string))

;;;###autoload
(defun yank (&optional arg)
  "Insert the latest kill; C-u leaves point before it, N the Nth latest."
  (interactive "*P")
  (setq this-command t)
  (push-mark)
  (insert-for-yank (current-kill (cond ((listp arg) 0)
                                       ((eq arg '-) -2)
                                       (t (1- arg)))))
  (when (consp arg)
    (goto-char (prog1 (mark t) (set-marker (mark-marker) (point) (current-buffer)))))
  (when (eq this-command t) (setq this-command 'yank))
  nil)

;;;###autoload
(defun yank-pop (&optional arg)
  "Replace the text just yanked with an earlier kill."
  (interactive "p")
  (if (not (eq last-command 'yank))
      (let ((text (completing-read "Yank from kill-ring: " kill-ring nil t)))
        (push-mark)
        (insert-for-yank text)
        (setq this-command 'yank))
    (setq this-command 'yank)
    (unless arg (setq arg 1))
    (let ((inhibit-read-only t)
          (before (< (point) (mark t))))
      (delete-region (min (point) (mark t)) (max (point) (mark t)))
      (set-marker (mark-marker) (point) (current-buffer))
      (insert-for-yank (current-kill arg))
      (when before
        (goto-char (prog1 (mark t) (set-marker (mark-marker) (point) (current-buffer))))))
    nil))

;;;; Motion

(defvar temporary-goal-column 0)
(defvar goal-column nil)
(defvar next-line-add-newlines nil)

(defun simple--line-move (n)
  (unless (memq last-command '(next-line previous-line))
    (setq temporary-goal-column (current-column)))
  (let ((left (simple--forward-shown-lines n)))
    (cond ((and (> n 0) (or (/= left 0) (and (eobp) (not (bolp)))))
           (goto-char (point-max))
           (signal 'end-of-buffer nil))
          ((and (< n 0) (/= left 0))
           (signal 'beginning-of-buffer nil))
          (t (move-to-column (or goal-column temporary-goal-column))))))

(defun simple--shown-line-start ()
  "Move back to the start of the line as the screen shows it: a line
whose newline before is invisible goes on the line above it."
  (forward-line 0)
  (while (and (not (bobp)) (invisible-p (1- (point))))
    (goto-char (previous-single-char-property-change (point) 'invisible))
    (forward-line 0)))

(defun simple--forward-shown-lines (n)
  "Move N lines down (up when negative) as the screen shows them, as
Emacs's line-move with `line-move-ignore-invisible': lines hidden with
their newlines are passed over.  Return the count `forward-line' would."
  (let ((left 0))
    (if (< n 0)
        (progn
          (simple--shown-line-start)
          (while (and (< n 0) (= left 0))
            (setq left (forward-line -1))
            (when (= left 0) (simple--shown-line-start))
            (setq n (1+ n))))
      (while (and (> n 0) (= left 0))
        (setq left (forward-line 1))
        (while (and (= left 0) (not (eobp)) (invisible-p (1- (point))))
          (goto-char (next-single-char-property-change (point) 'invisible))
          (setq left (if (bolp) 0 (forward-line 1))))
        (setq n (1- n))))
    left))

;;;###autoload
(defun next-line (&optional arg _try-vscroll)
  "Move down ARG lines, keeping the column of the first of consecutive moves."
  (interactive "^p\np")
  (simple--line-move (or arg 1))
  nil)

;;;###autoload
(defun previous-line (&optional arg _try-vscroll)
  (interactive "^p\np")
  (simple--line-move (- (or arg 1)))
  nil)

;;;###autoload
(defun move-beginning-of-line (arg)
  "Move point to the visible start of the line, after ARG - 1 lines, as
Emacs's: invisible newlines are passed over, and a field stops it (the
prompt of a minibuffer or a shell)."
  (interactive "^p")
  (or arg (setq arg 1))
  (let ((orig (point)))
    (unless (= arg 1)
      (forward-line (1- arg)))
    (skip-chars-backward "^\n")
    (while (and (not (bobp)) (invisible-p (1- (point))))
      (goto-char (previous-char-property-change (point)))
      (skip-chars-backward "^\n"))
    (while (and (< (point) orig) (invisible-p (point)))
      (goto-char (next-char-property-change (point) orig)))
    (goto-char (constrain-to-field (point) orig (/= arg 1) t nil))))

;;;###autoload
(defun move-end-of-line (arg)
  "Move point to the end of the line as the screen shows it, after ARG - 1
lines: where hidden text (outline's bodies) ends, as Emacs's."
  (interactive "^p")
  (setq arg (or arg 1))
  (let ((orig (point)))
    (unless (= arg 1)
      (simple--forward-shown-lines (1- arg)))
    ;; The next line's start, then back over its newline (none at the end
    ;; of a last line that has none).
    (if (or (/= (simple--forward-shown-lines 1) 0) (and (eobp) (not (bolp))))
        (goto-char (point-max))
      (unless (bobp) (backward-char 1)))
    (goto-char (constrain-to-field (point) orig (/= arg 1) t nil))))

;;;###autoload
(defun beginning-of-buffer (&optional arg)
  "Go to the beginning of the buffer, leaving the mark where point was."
  (interactive "^P")
  (or (consp arg) (region-active-p) (push-mark))
  (goto-char (if (and arg (not (consp arg)))
                 (+ (point-min) (/ (* (- (point-max) (point-min))
                                      (prefix-numeric-value arg))
                                   10))
               (point-min)))
  (when (and arg (not (consp arg))) (forward-line 1)))

;;;###autoload
(defun end-of-buffer (&optional arg)
  (interactive "^P")
  (or (consp arg) (region-active-p) (push-mark))
  (goto-char (if (and arg (not (consp arg)))
                 (- (point-max) (/ (* (- (point-max) (point-min))
                                      (prefix-numeric-value arg))
                                   10))
               (point-max)))
  (cond ((and arg (not (consp arg))) (forward-line 1))
        ;; As Emacs's: an end not on the screen is shown near, but not at,
        ;; the bottom.
        ((and (eq (current-buffer) (window-buffer))
              (> (point) (window-end nil t)))
         (recenter (if (and scroll-minibuffer-conservatively (window-minibuffer-p))
                       -1 -3)))))

(defvar paragraph-separate "[ \t\f]*$")
(defvar page-delimiter "^\014")

(defun simple--separator-line-p ()
  (save-excursion (beginning-of-line) (looking-at paragraph-separate)))

(defun simple--forward-paragraph-1 ()
  (while (and (not (eobp)) (simple--separator-line-p)) (forward-line 1))
  (while (and (not (eobp)) (not (simple--separator-line-p))) (forward-line 1)))

(defun simple--backward-paragraph-1 ()
  (beginning-of-line)
  (while (and (not (bobp)) (simple--separator-line-p)) (forward-line -1))
  (while (and (not (bobp))
              (not (save-excursion (forward-line -1) (simple--separator-line-p))))
    (forward-line -1))
  (unless (bobp) (forward-line -1)))

;;;###autoload
(defun forward-paragraph (&optional arg)
  "Move to the end of the paragraph (the blank line after it)."
  (interactive "^p")
  (setq arg (or arg 1))
  (dotimes (_ (abs arg))
    (if (> arg 0) (simple--forward-paragraph-1) (simple--backward-paragraph-1))))

;;;###autoload
(defun backward-paragraph (&optional arg)
  "Move to the beginning of the paragraph (the blank line before it)."
  (interactive "^p")
  (forward-paragraph (- (or arg 1))))

;;;###autoload
(defun mark-paragraph (&optional _arg)
  (interactive)
  (forward-paragraph 1)
  (push-mark nil t t)
  (backward-paragraph 1))

;;;###autoload
(defun forward-page (&optional count)
  (interactive "p")
  (setq count (or count 1))
  (while (> count 0)
    (unless (re-search-forward page-delimiter nil t) (goto-char (point-max)))
    (setq count (1- count)))
  (while (< count 0)
    (when (save-excursion (beginning-of-line) (looking-at page-delimiter))
      (beginning-of-line))
    (if (re-search-backward page-delimiter nil t)
        (goto-char (match-end 0))
      (goto-char (point-min)))
    (setq count (1+ count))))

;;;###autoload
(defun backward-page (&optional count)
  (interactive "p")
  (forward-page (- (or count 1))))

;;;###autoload
(defun goto-line (line &optional buffer _relative)
  "Go to line LINE (counting from 1), leaving the mark where point was."
  (interactive (list (if (and current-prefix-arg (not (consp current-prefix-arg)))
                         (prefix-numeric-value current-prefix-arg)
                       (read-number "Goto line: " (line-number-at-pos)))))
  (when buffer (switch-to-buffer buffer))
  (or (region-active-p) (push-mark))
  (widen)
  (goto-char (point-min))
  (forward-line (1- line)))

(defalias 'backward-delete-char #'delete-backward-char)

(defun forward-to-indentation (&optional arg)
  "Move forward ARG lines (default 1) and to the first non-blank there."
  (interactive "^p")
  (forward-line (or arg 1))
  (skip-chars-forward " \t"))

(defun backward-to-indentation (&optional arg)
  "Move backward ARG lines (default 1) and to the first non-blank there."
  (interactive "^p")
  (forward-line (- (or arg 1)))
  (skip-chars-forward " \t"))

;;;###autoload
(defun back-to-indentation ()
  "Move to the first character on this line that is not whitespace; nil,
as Emacs's (xref-pulse-momentarily tells its answer from a region by it)."
  (interactive "^")
  (beginning-of-line)
  (skip-syntax-forward " " (line-end-position))
  ;; Back over whitespace-syntax characters with the prefix flag.
  (backward-prefix-chars))

;;;; Changing text

;;;###autoload
(defun transpose-chars (arg)
  "Swap the characters around point; at the end of a line, the two before it."
  (interactive "*P")
  (when (and (null arg) (eolp) (not (bobp))) (forward-char -1))
  (let ((n (prefix-numeric-value arg)))
    (when (or (bobp) (eobp)) (signal (if (bobp) 'beginning-of-buffer 'end-of-buffer) nil))
    (let* ((p (point))
           (moved (buffer-substring (1- p) p)))
      (delete-region (1- p) p)
      (forward-char (min n (- (point-max) (point))))
      (insert moved))))

;;;###autoload
(defun transpose-words (arg)
  (interactive "*p")
  (let* ((end2 (progn (forward-word 1) (point)))
         (beg2 (progn (forward-word -1) (point)))
         (beg1 (progn (forward-word -1) (point)))
         (end1 (progn (forward-word 1) (point))))
    (ignore arg)
    (let ((w1 (buffer-substring beg1 end1)) (w2 (buffer-substring beg2 end2)))
      (goto-char beg2) (delete-region beg2 end2) (insert w1)
      (goto-char beg1) (delete-region beg1 end1) (insert w2)
      (goto-char end2))))

(defun simple--word-op (fn arg)
  (let* ((beg (point))
         (end (progn (forward-word arg) (point))))
    (funcall fn (min beg end) (max beg end))
    (when (< arg 0) (goto-char beg))))

;;;###autoload
(defun upcase-word (arg)
  (interactive "*p")
  (simple--word-op (get-primitive 'upcase-region) arg))

;;;###autoload
(defun downcase-word (arg)
  (interactive "*p")
  (simple--word-op (get-primitive 'downcase-region) arg))

;;;###autoload
(defun capitalize-word (arg)
  (interactive "*p")
  (simple--word-op (get-primitive 'capitalize-region) arg))

(defun get-primitive (name)
  (or (get name 'simple--primitive) (symbol-function name)))

;;;###autoload
(defun delete-horizontal-space (&optional backward-only)
  (interactive "*P")
  (let ((orig (point)))
    (delete-region (if backward-only orig
                     (progn (skip-chars-forward " \t") (point)))
                   (progn (goto-char orig) (skip-chars-backward " \t") (point)))))

;;;###autoload
(defun just-one-space (&optional n)
  "Replace the spaces and tabs around point with N spaces (default one)."
  (interactive "*p")
  (setq n (or n 1))
  (let ((nl (< n 0)))
    (setq n (abs n))
    (skip-chars-backward (if nl " \t\n" " \t"))
    (let ((start (point)))
      (skip-chars-forward (if nl " \t\n" " \t"))
      (delete-region start (point))
      (insert (make-string n ?\s)))))

;;;###autoload
(defun fixup-whitespace ()
  (interactive "*")
  (save-excursion
    (delete-horizontal-space)
    (unless (or (looking-at "^\\|$\\|[])}]")
                (save-excursion (forward-char -1) (looking-at "$\\|[[({'`]")))
      (insert ?\s))))

;;;###autoload
(defun delete-indentation (&optional arg)
  "Join this line to the previous one (the next one with ARG)."
  (interactive "*P")
  (beginning-of-line)
  (when arg (forward-line 1))
  (when (eq (preceding-char) ?\n)
    (delete-region (point) (1- (point)))
    (fixup-whitespace)))

;;;###autoload
(defun delete-blank-lines ()
  (interactive "*")
  (beginning-of-line)
  (let ((blank "[ \t]*$"))
    (when (looking-at blank)
      (let ((end (save-excursion (while (and (not (eobp)) (looking-at blank)) (forward-line 1)) (point)))
            (start (save-excursion (while (and (not (bobp))
                                               (save-excursion (forward-line -1) (looking-at blank)))
                                     (forward-line -1))
                                   (point))))
        (delete-region start end)
        (when (> end (1+ start)) (insert "\n") (forward-line -1))))))

;;;; Undo

(defvar simple--primitive-undo (symbol-function 'undo))

(defvar undo-no-redo nil
  "If t, `undo' doesn't go through redo entries.")

(defun undo (&optional arg)
  "Undo some previous changes.
Repeat this command to undo more changes; after any other command (C-g
too) the next undo starts again from the newest change, so it redoes.
The primitive messages \"Undo\" (\"Redo\") or signals \"No further undo information\"."
  (interactive "*P")
  (funcall simple--primitive-undo (if (numberp arg) arg 1))
  (setq this-command 'undo)
  nil)

;;;###autoload
(defun undo-only (&optional arg)
  "Undo some previous changes, without redoing what undo already undid."
  (interactive "*p")
  (let ((undo-no-redo t)) (undo arg)))

;;;###autoload
(defun undo-redo (&optional arg)
  "Undo the last ARG undos, as Emacs 28's `undo-redo'."
  (interactive "*p")
  (gapmacs--undo-redo (or arg 1))
  (setq this-command 'undo)
  nil)

;;;; Quitting, evaluating, counting

;;;###autoload
(defun keyboard-quit ()
  "Deactivate the mark and signal `quit'."
  (interactive)
  (deactivate-mark)
  (signal 'quit nil))

(defvar read-expression-history nil)
(defvar values nil)

(defun read--expression (prompt &optional initial-contents)
  ;; As Emacs's: the minibuffer completes Emacs Lisp symbols, and
  ;; eval-expression-minibuffer-setup-hook runs there.
  (minibuffer-with-setup-hook
      (lambda ()
        (add-hook 'completion-at-point-functions #'elisp-completion-at-point nil t)
        (run-hooks 'eval-expression-minibuffer-setup-hook))
    (read-from-minibuffer prompt initial-contents
                          (and (boundp 'read-expression-map) read-expression-map)
                          t 'read-expression-history)))

(defun simple--char-syntax (n)
  (cond ((and (>= n 32) (< n 127)) (format "?%c" n))
        ((and (>= n 0) (< n 32))
         (format "?\\C-%c" (downcase (+ n 64))))
        ((and (>= n 160) (characterp n)) (format "?%c" n))))

(defun eval-expression-print-format (value)
  "The \" (#o101, #x41, ?A)\" suffix Emacs shows after an integer."
  (when (integerp value)
    (let ((char (and (characterp value) (simple--char-syntax value))))
      (if char (format " (#o%o, #x%x, %s)" value value char)
        (format " (#o%o, #x%x)" value value)))))

(defun simple--show-value (value insert)
  (push value values)
  (if insert
      (insert (prin1-to-string value))
    (message "%s%s" (prin1-to-string value)
             (or (eval-expression-print-format value) ""))))

;;;###autoload
(defun eval-expression (exp &optional insert-value _no-truncate _char-print-limit)
  "Evaluate EXP and show its value in the echo area (insert it with C-u)."
  (interactive (list (read--expression "Eval: ") current-prefix-arg))
  (let ((value (eval exp t)))
    (simple--show-value value insert-value)
    value))

;;;###autoload
(defun count-words (start end)
  (let ((words 0))
    (save-excursion
      (save-restriction
        (narrow-to-region start end)
        (goto-char (point-min))
        (while (forward-word 1) (setq words (1+ words)))))
    words))

;;;###autoload
(defun count-words-region (start end &optional _arg)
  "Report the lines, words and characters between START and END."
  (interactive (if (use-region-p) (list (region-beginning) (region-end))
                 (list (point-min) (point-max))))
  (let ((lines (count-lines start end))
        (words (count-words start end))
        (chars (- end start)))
    (message "%s has %d line%s, %d word%s, and %d character%s."
             (if (use-region-p) "Region" "Buffer")
             lines (if (= lines 1) "" "s")
             words (if (= words 1) "" "s")
             chars (if (= chars 1) "" "s"))))

;;;###autoload
(defun what-cursor-position (&optional _detail)
  "Show the character after point, point, and the column (C-x =), as Emacs."
  (interactive "P")
  (let* ((char (char-after))
         (pos (point))
         (total (buffer-size))
         (percent (round (* 100.0 (1- pos)) (max 1 total)))
         (narrowed (if (or (/= (point-min) 1) (/= (point-max) (1+ total)))
                       (format " <%d-%d>" (point-min) (point-max))
                     ""))
         (col (current-column)))
    (cond ((/= pos (point-max))
           (message "Char: %s (%d, #o%o, #x%x) point=%d of %d (%d%%)%s column=%d"
                    (if (< char 256) (single-key-description char) (string char))
                    char char char pos total percent narrowed col))
          ((string= narrowed "")
           (message "point=%d of %d (EOB) column=%d" pos total col))
          (t (message "point=%d of %d (%d%%)%s column=%d" pos total percent narrowed col)))))

;;;; Display settings the redisplay reads

(defvar truncate-lines nil)
(make-variable-buffer-local 'truncate-lines)
(defvar display-line-numbers nil)
(make-variable-buffer-local 'display-line-numbers)

;;;###autoload
(defun toggle-truncate-lines (&optional arg)
  "Toggle whether long lines are truncated (else they wrap)."
  (interactive "P")
  (setq truncate-lines (if (null arg) (not truncate-lines)
                         (> (prefix-numeric-value arg) 0)))
  (message "Truncate long lines %s" (if truncate-lines "enabled" "disabled")))

(define-minor-mode line-number-mode
  "Show the line number of point in the mode line."
  :global t :init-value t)

(define-minor-mode column-number-mode
  "Show the column number of point in the mode line."
  :global t)

(define-minor-mode size-indication-mode
  "Show the buffer's size in the mode line (mode-line-position's \" of %I\")."
  :global t)

(defvar column-number-indicator-zero-based t
  "Non-nil: the mode line counts columns from 0 (its %c), else from 1 (%C).")

(define-minor-mode display-line-numbers-mode
  "Show line numbers at the left of the window (buffer-local `display-line-numbers')."
  :lighter nil
  (setq display-line-numbers (and display-line-numbers-mode t)))

;;;###autoload
(defun read-only-mode (&optional arg)
  "Toggle `buffer-read-only'; a positive ARG sets it, zero or negative clears it."
  (interactive (list (if current-prefix-arg (prefix-numeric-value current-prefix-arg) 'toggle)))
  (setq buffer-read-only (cond ((eq arg 'toggle) (not buffer-read-only))
                               ((and (numberp arg) (< arg 1)) nil)
                               (t t)))
  (when (callint--called-as-command-p 'read-only-mode)
    (message "Read-Only mode %sabled in current buffer" (if buffer-read-only "en" "dis")))
  buffer-read-only)

(define-minor-mode overwrite-mode
  "Typed characters replace the ones after point."
  :lighter " Ovwrt")

;;;; Lines and whitespace

;;;###autoload
(defun buffer-narrowed-p ()
  "Non-nil if the current buffer is narrowed."
  (/= (- (point-max) (point-min)) (buffer-size)))

;;;###autoload
(defun delete-and-extract-region (start end)
  "Delete the text between START and END and return it (with its properties)."
  (if (= start end)
      ""
    (prog1 (buffer-substring start end)
      (delete-region start end))))

(defvar delete-trailing-lines t
  "Non-nil means `delete-trailing-whitespace' on the whole buffer also
deletes the empty lines at its end.")

;;;###autoload
(defun delete-trailing-whitespace (&optional start end)
  "Delete the spaces, tabs and carriage returns at the ends of lines.
Between START and END when given (the region when active), else in the
whole accessible buffer, where trailing empty lines go too when
`delete-trailing-lines'.  Form feeds are kept."
  (interactive (progn (barf-if-buffer-read-only)
                      (if (use-region-p) (list (region-beginning) (region-end)) (list nil nil))))
  (save-match-data
    (save-excursion
      (let ((end-marker (and end (copy-marker end))))
        (goto-char (or start (point-min)))
        (while (re-search-forward "[ \t\r]+$" end-marker t)
          (delete-region (match-beginning 0) (match-end 0)))
        (if end
            (set-marker end-marker nil)
          (and delete-trailing-lines
               (= (goto-char (point-max)) (1+ (buffer-size)))
               (<= (skip-chars-backward "\n") -2)
               (delete-region (1+ (point)) (point-max)))))))
  nil)

(defvar sort-fold-case nil "Non-nil if the sort commands ignore case.")

;;;###autoload
(defun sort-lines (reverse beg end)
  "Sort the lines between BEG and END alphabetically; with REVERSE, in
reverse order.  The sort is stable; `sort-fold-case' ignores case."
  (interactive "P\nr")
  (save-excursion
    (save-restriction
      (narrow-to-region beg end)
      (goto-char (point-min))
      (let* ((text (buffer-substring (point-min) (point-max)))
             (newline-at-end (string-suffix-p "\n" text))
             (lines (split-string (if newline-at-end (substring text 0 -1) text) "\n"))
             ;; string< and string> as they are: sort compares strings
             ;; itself for them, without calling a predicate per pair.
             (sorted (cond ((not sort-fold-case) (sort lines (if reverse #'string> #'string<)))
                           (reverse (sort lines (lambda (a b) (string< (downcase b) (downcase a)))))
                           (t (sort lines (lambda (a b) (string< (downcase a) (downcase b))))))))
        (delete-region (point-min) (point-max))
        (insert (mapconcat #'identity sorted "\n") (if newline-at-end "\n" ""))))))

(provide 'simple)

;;;; A few more of Emacs's default keys

;;;###autoload
(defun transpose-lines (arg)
  "Exchange the current line and the previous one, leaving point after both."
  (interactive "*p")
  (dotimes (_ (max 1 arg))
    (when (bobp) (signal 'beginning-of-buffer nil))
    (beginning-of-line)
    (when (eobp) (insert "\n") (forward-char -1) (beginning-of-line))
    (let* ((start (line-beginning-position))
           (end (min (point-max) (1+ (line-end-position))))
           (line (buffer-substring start end)))
      (unless (string-suffix-p "\n" line) (setq line (concat line "\n")))
      (delete-region start end)
      (forward-line -1)
      (insert line)
      (forward-line 1))))

(defvar recenter-positions '(middle top bottom))
(defvar simple--recenter-last nil)

(unless (and (fboundp 'recenter-top-bottom) (not (autoloadp (symbol-function 'recenter-top-bottom))))
;;;###autoload
(defun recenter-top-bottom (&optional arg)
  "Recenter; repeated, put point's line at the top, then the bottom."
  (interactive "P")
  (if arg
      (recenter (prefix-numeric-value arg))
    (setq simple--recenter-last
          (if (eq last-command 'recenter-top-bottom)
              (or (cadr (memq simple--recenter-last recenter-positions))
                  (car recenter-positions))
            (car recenter-positions)))
    (recenter (cond ((eq simple--recenter-last 'top) 0)
                    ((eq simple--recenter-last 'bottom) -1))))))

(defvar fill-column 70)
(make-variable-buffer-local 'fill-column)

;;;###autoload
(defun set-fill-column (arg)
  (interactive "P")
  (let ((old fill-column))
    (setq fill-column (if (integerp arg) arg (current-column)))
    (message "Fill column set to %d (was %d)" fill-column old)))

(defvar shell-file-name (or (getenv "SHELL") "/bin/sh"))

