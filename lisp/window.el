;;; window.el --- resizing windows and moving by window lines  -*- lexical-binding: t -*-

;; The resizing itself is the frame's (enlarge-window, balance-windows in
;; ui/); this file gives it Emacs's keys and the commands built on it.

(defmacro save-selected-window (&rest body)
  "Run BODY, then select again the window that was selected, and make the
buffer that was current current again, as Emacs does."
  (declare (indent 0) (debug t))
  (let ((window (make-symbol "window")))
    `(let ((,window (selected-window)))
       (save-current-buffer
         (unwind-protect (progn ,@body)
           (when (window-live-p ,window)
             (select-window ,window 'norecord)))))))

(defmacro with-selected-window (window &rest body)
  "Run BODY with WINDOW selected; then the selection and the current
buffer are as they were."
  (declare (indent 1) (debug t))
  `(save-selected-window
     (select-window ,window 'norecord)
     ,@body))

(defun window--keep-starts-above-output (buffer start end)
  "Windows on BUFFER whose start output pushed from START to END start at START.
Process output goes in before markers, which moves a window start sitting
at the process mark to after the new text: the window would show what
comes after the output (nothing). Emacs's comint inserts without pushing
window starts; region filters of shell buffers call this to do the same."
  (when (and (< start end) (fboundp 'get-buffer-window-list))
    (dolist (w (get-buffer-window-list buffer nil t))
      (when (= (window-start w) end)
        (set-window-start w start t)))))

(defun shrink-window-if-larger-than-buffer (&optional window)
  "Shrink WINDOW to fit its buffer's lines, if it is taller than they need."
  (interactive)
  (let ((here (selected-window)))
    (unwind-protect
        (progn
          (when window (select-window window))
          (let* ((lines (1+ (count-lines (point-min) (point-max))))
                 (extra (- (window-body-height) lines)))
            (when (> extra 0)
              (condition-case nil (shrink-window extra) (error nil)))))
      (select-window here))))

(defconst display-buffer--action-custom-type
  '(cons :tag "Action"
         (choice :tag "Action functions"
                 (const :tag "--" ignore)
                 (function :tag "Function")
                 (repeat :tag "Functions" function))
         (alist :tag "Action arguments" :key-type symbol :value-type (sexp :tag "Value")))
  "The custom type of a display action (FUNCTIONS . ALIST), for the options
of libraries that say how their buffers are shown.")

(defvar window--recenter-positions-cycle nil)

(defun move-to-window-line (arg)
  "Move point to the start of window line ARG: nil the middle, negative from the bottom."
  (interactive "P")
  (let* ((height (window-body-height))
         (n (cond ((null arg) (/ height 2))
                  ((consp arg) (/ height 2))
                  ((< (prefix-numeric-value arg) 0) (+ height (prefix-numeric-value arg)))
                  (t (prefix-numeric-value arg)))))
    (goto-char (window-start))
    (forward-line (max 0 (min n (1- height))))
    n))

(defun move-to-window-line-top-bottom (&optional arg)
  "M-r: point to the middle line, then the top, then the bottom, as Emacs cycles."
  (interactive "P")
  (if arg (move-to-window-line arg)
    (setq window--recenter-positions-cycle
          (if (eq last-command 'move-to-window-line-top-bottom)
              (window--next-line-position window--recenter-positions-cycle)
            'middle))
    (move-to-window-line (window--line-of-position window--recenter-positions-cycle))))

(defun window--next-line-position (where)
  (cdr (assq where '((middle . top) (top . bottom) (bottom . middle)))))

(defun window--line-of-position (where)
  (cdr (assq where '((middle . nil) (top . 0) (bottom . -1)))))

(define-key ctl-x-map "^" 'enlarge-window)
(define-key ctl-x-map "}" 'enlarge-window-horizontally)
(define-key ctl-x-map "{" 'shrink-window-horizontally)
(define-key ctl-x-map "-" 'shrink-window-if-larger-than-buffer)
(define-key ctl-x-map "+" 'balance-windows)
(define-key global-map "\er" 'move-to-window-line-top-bottom)

(provide 'window)
;;; window.el ends here

;;;; What Emacs's window.el and window.c give libraries (Calc, gud, help)
;; on top of the frame's windows (ui/): the editor's only.

(defvar window--dedicated nil
  "Alist of (WINDOW . FLAG) for `set-window-dedicated-p'.")

(defun window-dedicated-p (&optional window)
  "Non-nil when WINDOW (default: the selected one) is dedicated to its buffer."
  (let ((w (or window (selected-window))))
    (setq window--dedicated (seq-filter (lambda (e) (window-live-p (car e))) window--dedicated))
    (cdr (assq w window--dedicated))))

(defun set-window-dedicated-p (window flag)
  "Mark WINDOW as dedicated to its buffer when FLAG is non-nil: commands
that show another buffer then choose another window.  Returns FLAG."
  (let ((w (or window (selected-window))))
    (setq window--dedicated (cons (cons w flag) (assq-delete-all w window--dedicated)))
    flag))

(defun window-full-width-p (&optional window)
  "Non-nil when WINDOW (default: the selected one) is as wide as the frame."
  (= (window-total-width window) (frame-width)))

(defun window-full-height-p (&optional window)
  "Non-nil when WINDOW has no window above or below it."
  (= (window-total-height window)
     (- (frame-height) (window-total-height (minibuffer-window)))))

(defun get-largest-window (&optional _all-frames dedicated not-selected _no-other)
  "The window with the most lines and columns: not a dedicated one unless
DEDICATED, not the selected one when NOT-SELECTED."
  (let ((best nil) (best-size 0))
    (dolist (w (window-list) best)
      (let ((size (* (window-total-height w) (window-total-width w))))
        (when (and (not (window-minibuffer-p w))
                   (or dedicated (not (window-dedicated-p w)))
                   (not (and not-selected (eq w (selected-window))))
                   (> size best-size))
          (setq best w best-size size))))))

(defun delete-windows-on (&optional buffer-or-name _frame)
  "Delete the windows showing BUFFER-OR-NAME (default: the current buffer);
the frame's last window shows another buffer instead."
  (let ((buffer (if buffer-or-name (get-buffer buffer-or-name) (current-buffer))))
    (when buffer
      (dolist (w (get-buffer-window-list buffer nil t))
        (if (cdr (window-list))
            (delete-window w)
          (set-window-buffer w (other-buffer buffer)))))))

(defun pos-visible-in-window-p (&optional pos window _partially)
  "Non-nil when POS (default: point) lies in the text WINDOW shows."
  (let ((w (or window (selected-window)))
        (p (or pos (point))))
    (and (>= p (window-start w)) (<= p (window-end w t)))))

(defvar pop-up-windows t
  "Whether showing a buffer may split a window (Emacs's option).")
(defvar pop-up-frames nil
  "Whether showing a buffer may make a frame: never on a terminal.")
(defvar split-height-threshold 80
  "Lines a window needs before it is split one above the other.")
(defvar split-width-threshold 160
  "Columns a window needs before it is split side by side.")
(defvar window-min-height 4 "The fewest lines a window is made with.")
(defvar window-min-width 10 "The fewest columns a window is made with.")

(defun vertical-motion (lines &optional _window _cur-col)
  "Move LINES screen lines down (up when negative) to the start of one,
and return how many were moved; LINES may be (COLS . LINES), COLS then the
column to go to.  On gapmacs's screen a line wider than the window is
truncated, so a screen line is a line of text."
  (let ((n (if (consp lines) (cdr lines) lines))
        (col (and (consp lines) (car lines)))
        (from (line-number-at-pos)))
    (forward-line n)
    (when (and (> n 0) (eobp) (not (bolp)) (= (line-number-at-pos) from))
      (beginning-of-line))
    (when col (move-to-column (truncate col)))
    (- (line-number-at-pos) from)))
