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
