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

;;;###autoload
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
    ;; The line moved to, fewer than asked where the text ends (company
    ;; starts its tooltip on a new line then).
    (vertical-motion (max 0 (min n (1- height))))))

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

(defun window-resize (window delta &optional horizontal _ignore _pixelwise)
  "Make WINDOW (nil: the selected one) DELTA lines taller (columns wider
with HORIZONTAL), its neighbours giving or taking them; a terminal's
pixel is a line or a column.  The minibuffer window's height follows its
text, as `resize-mini-windows' has it: resizing it does nothing."
  (let ((window (or window (selected-window))))
    (unless (or (window-minibuffer-p window) (zerop delta))
      (with-selected-window window
        (enlarge-window delta horizontal)))))

(defun window-text-height (&optional window pixelwise)
  "The lines of text WINDOW shows: its body's height (a terminal's line
is one pixel high)."
  (window-body-height window pixelwise))

(defun posn-at-point (&optional pos window)
  "Where POS (default: point) shows in WINDOW (default: the selected one),
as Emacs's position of a mouse event there: (WINDOW POS (X . Y) 0 nil POS
\(COL . ROW) nil (0 . 0) (1 . 1)), X and Y the column and row in the
window's text; nil when POS is not shown.  On a terminal a character is
one unit wide and high."
  (let* ((window (or window (selected-window)))
         (pos (or pos (window-point window))))
    (when (pos-visible-in-window-p pos window)
      (with-current-buffer (window-buffer window)
        (save-excursion
          (goto-char pos)
          (let ((xy (cons (max 0 (- (current-column) (window-hscroll window)))
                          (count-lines (window-start window) (line-beginning-position)))))
            (list window pos xy 0 nil pos xy nil '(0 . 0) '(1 . 1))))))))

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
    ;; On the last line, down stops at the end of the text, as Emacs's.
    (forward-line n)
    (when col (move-to-column (truncate col)))
    (- (line-number-at-pos) from)))

;;;; Where a buffer is shown: display-buffer and its actions, as Emacs's.

;; Emacs's window.el finds the window by walking its window tree (parents,
;; siblings, sizes in pixels), which gapmacs's frame does not expose; these
;; are its display-buffer, its action chain and its action functions on the
;; frame's windows, with the options users set in their init files
;; (display-buffer-alist, pop-up-windows, split-height-threshold...).
;; Batch's one window cannot be split: there a buffer shows where it
;; already is, and pop-to-buffer shows it in that window.

(defvar display-buffer-overriding-action '(nil . nil)
  "An action (FUNCTIONS . ALIST) that overrides all others.")
(defvar display-buffer-alist nil
  "Alist of (CONDITION . ACTION): a buffer whose name matches CONDITION (a
regexp, or a function of the name and the action) is shown by ACTION.")
(defvar display-buffer-base-action '(nil . nil)
  "The action tried after the caller's, before the fallback.")
(defvar display-buffer-fallback-action
  '((display-buffer--maybe-same-window
     display-buffer-reuse-window
     display-buffer--maybe-pop-up-frame-or-window
     display-buffer-in-previous-window
     display-buffer-use-some-window
     display-buffer-pop-up-frame))
  "The action tried last.")
(defvar display-buffer--same-window-action
  '(display-buffer-same-window (inhibit-same-window . nil)))
(defvar display-buffer--other-frame-action
  '((display-buffer-reuse-window display-buffer-pop-up-frame) (reusable-frames . 0) (inhibit-same-window . t)))
(defvar display-buffer-function nil "Obsolete: a function that shows a buffer instead.")
(defvar same-window-buffer-names nil "Buffers (names, or lists starting with one) shown in the selected window.")
(defvar same-window-regexps nil "Buffers whose name matches one of these show in the selected window.")
(defvar split-window-preferred-function #'split-window-sensibly
  "How display-buffer splits a window to make one.")
(defvar switch-to-buffer-obey-display-actions nil)

(defun window--can-split-p ()
  "Whether this frame's windows can be split (not batch's one window)."
  (fboundp 'split-window))

(defun same-window-p (buffer-name)
  "Non-nil when a buffer named BUFFER-NAME shows in the selected window
\(`same-window-buffer-names', `same-window-regexps')."
  (cond ((not (stringp buffer-name)))
        ((member buffer-name same-window-buffer-names))
        ((assoc buffer-name same-window-buffer-names))
        ((seq-some (lambda (regexp)
                     (let ((re (if (consp regexp) (car regexp) regexp)))
                       (and (stringp re) (string-match-p re buffer-name))))
                   same-window-regexps))))

(defun display-buffer-assq-regexp (buffer-name alist action)
  "The action of ALIST's first entry whose condition matches BUFFER-NAME."
  (catch 'match
    (dolist (entry alist)
      (let ((key (car entry)))
        (when (or (and (stringp key) (string-match-p key buffer-name))
                  (and (functionp key) (funcall key buffer-name action)))
          (throw 'match (cdr entry)))))))

(defun display-buffer (buffer-or-name &optional action frame)
  "Show BUFFER-OR-NAME in some window, without selecting it, and return
that window.  ACTION (FUNCTIONS . ALIST) says how, after
`display-buffer-overriding-action' and `display-buffer-alist' and before
`display-buffer-base-action' and `display-buffer-fallback-action'; a
non-nil ACTION that is not a list means not the selected window."
  (interactive (list (read-buffer "Display buffer: " (other-buffer (current-buffer)))
                     (if current-prefix-arg t)))
  (let ((buffer (if (bufferp buffer-or-name) buffer-or-name (get-buffer buffer-or-name)))
        (inhibit-same-window (and action (not (listp action)))))
    (unless (buffer-live-p buffer)
      (error "Invalid buffer"))
    (unless (listp action) (setq action nil))
    (cond
     ((not (window--can-split-p)) (get-buffer-window buffer))
     (display-buffer-function (funcall display-buffer-function buffer inhibit-same-window))
     (t
      (let* ((user-action (display-buffer-assq-regexp (buffer-name buffer) display-buffer-alist action))
             (extra-action (cons nil (append (and inhibit-same-window '((inhibit-same-window . t)))
                                             (and frame `((reusable-frames . ,frame))))))
             (actions (list display-buffer-overriding-action user-action action extra-action
                            display-buffer-base-action display-buffer-fallback-action))
             (functions (apply #'append (mapcar (lambda (a)
                                                  (let ((f (car a))) (if (functionp f) (list f) f)))
                                                actions)))
             (alist (apply #'append (mapcar #'cdr actions)))
             (window nil))
        (while (and functions (not window))
          (setq window (funcall (car functions) buffer alist)
                functions (cdr functions)))
        (and (windowp window) window))))))

(defun window-normalize-buffer-to-switch-to (buffer-or-name)
  "The buffer BUFFER-OR-NAME names, made (in its default mode) when there is
none; nil means `other-buffer'."
  (let ((buffer (cond ((bufferp buffer-or-name) buffer-or-name)
                      ((null buffer-or-name) (other-buffer))
                      (t (get-buffer buffer-or-name)))))
    (or buffer
        (let ((made (get-buffer-create buffer-or-name)))
          (set-buffer-major-mode made)
          made))))

(defun pop-to-buffer (buffer-or-name &optional action norecord)
  "Show BUFFER-OR-NAME as `display-buffer' does with ACTION, select its
window and make it current; return the buffer."
  (interactive (list (read-buffer "Pop to buffer: " (other-buffer (current-buffer)))
                     (if current-prefix-arg t)))
  (let ((buffer (window-normalize-buffer-to-switch-to buffer-or-name)))
    (if (not (window--can-split-p))
        (switch-to-buffer buffer norecord)
      (let ((window (display-buffer buffer action)))
        (when window (select-window window norecord))))
    (set-buffer buffer)
    buffer))

(defun pop-to-buffer-same-window (buffer &optional norecord)
  "Show BUFFER in the selected window, unless `display-buffer-alist' says
otherwise, and select it."
  (pop-to-buffer buffer display-buffer--same-window-action norecord))

(defun switch-to-buffer-other-window (buffer-or-name &optional norecord)
  "Select BUFFER-OR-NAME in another window."
  (interactive (list (read-buffer-to-switch "Switch to buffer in other window: ")))
  (pop-to-buffer buffer-or-name t norecord))

(defun window--display-buffer (buffer window type &optional alist)
  "Show BUFFER in WINDOW for `display-buffer'; TYPE `window' when WINDOW was
made for it (`quit-window' then deletes it), else `reuse'.  ALIST's
`dedicated', `window-height' and `window-width' apply.  Returns WINDOW."
  (when (eq type 'window)
    (set-window-parameter window 'quit-restore (list 'window 'window (selected-window) buffer)))
  (unless (eq buffer (window-buffer window))
    (set-window-dedicated-p window nil)
    (set-window-buffer window buffer))
  (let ((dedicated (cdr (assq 'dedicated alist))))
    (when dedicated (set-window-dedicated-p window dedicated)))
  (when (or (eq type 'window)
            (let ((quit-restore (window-parameter window 'quit-restore)))
              (and (eq (car quit-restore) 'window) (eq (nth 3 quit-restore) buffer))))
    (window--resize-for-display window (cdr (assq 'window-height alist)) nil)
    (window--resize-for-display window (cdr (assq 'window-width alist)) t))
  window)

(defun window--resize-for-display (window size horizontal)
  "Make WINDOW SIZE lines (columns when HORIZONTAL) as an action's
`window-height' or `window-width' says: a count, a fraction of the frame,
or a function called with WINDOW."
  (ignore-errors
    (cond ((functionp size) (funcall size window))
          ((numberp size)
           (let* ((whole (if horizontal (frame-width) (frame-height)))
                  (want (if (floatp size) (round (* size whole)) size))
                  (have (if horizontal (window-total-width window) (window-total-height window))))
             (unless (= want have)
               (with-selected-window window
                 (enlarge-window (- want have) horizontal))))))))

;;; The action functions.

(defun display-buffer-same-window (buffer alist)
  "Show BUFFER in the selected window, unless ALIST inhibits it or the
window is a minibuffer or dedicated."
  (unless (or (cdr (assq 'inhibit-same-window alist))
              (window-minibuffer-p) (window-dedicated-p))
    (window--display-buffer buffer (selected-window) 'reuse alist)))

(defun display-buffer--maybe-same-window (buffer alist)
  (and (same-window-p (buffer-name buffer))
       (display-buffer-same-window buffer alist)))

(defun window--display-candidates (alist)
  "The windows an action may use: not the minibuffer's, not the selected one
when ALIST inhibits it."
  (let ((inhibit (cdr (assq 'inhibit-same-window alist))))
    (seq-remove (lambda (w) (or (window-minibuffer-p w) (and inhibit (eq w (selected-window)))))
                (window-list))))

(defun display-buffer-reuse-window (buffer alist)
  "Use a window already showing BUFFER, the selected one first."
  (let ((window (seq-find (lambda (w) (eq (window-buffer w) buffer))
                          (let ((ws (window--display-candidates alist)))
                            (if (memq (selected-window) ws) (cons (selected-window) ws) ws)))))
    (when window
      (window--display-buffer buffer window 'reuse alist))))

(defun display-buffer-reuse-mode-window (buffer alist)
  "Use a window showing a buffer in BUFFER's major mode (or ALIST's `mode':
a mode or a list of them), not the selected one unless ALIST allows it."
  (let* ((alist (if (assq 'inhibit-same-window alist) alist
                  (cons '(inhibit-same-window . t) alist)))
         (modes (let ((m (or (cdr (assq 'mode alist)) (buffer-local-value 'major-mode buffer))))
                  (if (listp m) m (list m))))
         (candidates (window--display-candidates alist))
         (window (or (seq-find (lambda (w) (eq (window-buffer w) buffer)) candidates)
                     (seq-find (lambda (w)
                                 (and (not (window-dedicated-p w))
                                      (with-current-buffer (window-buffer w)
                                        (apply #'derived-mode-p modes))))
                               candidates))))
    (when window
      (window--display-buffer buffer window 'reuse alist))))

(defun display-buffer--maybe-pop-up-frame-or-window (buffer alist)
  (display-buffer--maybe-pop-up-window buffer alist))

(defun display-buffer--maybe-pop-up-window (buffer alist)
  (and pop-up-windows (display-buffer-pop-up-window buffer alist)))

(defun window-splittable-p (window &optional horizontal)
  "Whether `split-window-sensibly' may split WINDOW (side by side when
HORIZONTAL): wide or tall enough for `split-width-threshold' or
`split-height-threshold'."
  (when (and (window-live-p window) (not (window-minibuffer-p window)))
    (with-current-buffer (window-buffer window)
      (if horizontal
          (and (memq window-size-fixed '(nil height))
               (numberp split-width-threshold)
               (>= (window-total-width window)
                   (max split-width-threshold (* 2 (max window-min-width 2)))))
        (and (memq window-size-fixed '(nil width))
             (numberp split-height-threshold)
             (>= (window-total-height window)
                 (max split-height-threshold
                      (* 2 (max window-min-height
                            ;; gapmacs draws a mode line unless the variable says none
                            (if (or (not (boundp 'mode-line-format)) mode-line-format) 2 1))))))))))

(defun split-window-sensibly (&optional window)
  "Split WINDOW one above the other if it is tall enough, else side by side
if it is wide enough, else (the frame's only window) one above the other
anyway; return the new window, or nil."
  (let ((window (or window (selected-window))))
    (or (and (window-splittable-p window)
             (with-selected-window window (split-window-below)))
        (and (window-splittable-p window t)
             (with-selected-window window (split-window-right)))
        (and (not (cdr (seq-remove #'window-minibuffer-p (window-list))))
             (let ((split-height-threshold 0))
               (and (window-splittable-p window)
                    (with-selected-window window (split-window-below))))))))

(defun window--try-to-split-window (window &optional _alist)
  "WINDOW split by `split-window-preferred-function': the new window, or nil."
  (and (window-live-p window)
       (not (window-dedicated-p window))
       (let ((made (ignore-errors (funcall split-window-preferred-function window))))
         (and (window-live-p made) made))))

(defun window--lru-window (&optional not-selected)
  "The window to use when none is chosen: the next one after the selected
\(gapmacs keeps no use times), not dedicated; the selected one last,
unless NOT-SELECTED."
  (let ((others (seq-remove (lambda (w) (or (window-minibuffer-p w) (window-dedicated-p w)
                                            (eq w (selected-window))))
                            (let ((all (window-list)))
                              (append (cdr (memq (selected-window) all)) all)))))
    (or (car others)
        (and (not not-selected) (not (window-dedicated-p)) (not (window-minibuffer-p))
             (selected-window)))))

(defun display-buffer-pop-up-window (buffer alist)
  "Show BUFFER in a window split from the largest one (or another)."
  (let ((window (and (window--can-split-p)
                     (or (window--try-to-split-window (get-largest-window nil nil) alist)
                         (window--try-to-split-window (window--lru-window) alist)))))
    (when window
      (window--display-buffer buffer window 'window alist))))

(defun display-buffer-in-previous-window (buffer alist)
  "Show BUFFER in ALIST's `previous-window' when that is live."
  (let ((window (cdr (assq 'previous-window alist))))
    (when (and (window-live-p window) (not (window-dedicated-p window))
               (memq window (window--display-candidates alist)))
      (window--display-buffer buffer window 'reuse alist))))

(defun display-buffer-use-some-window (buffer alist)
  "Show BUFFER in some window: another than the selected one if there is."
  (let ((window (window--lru-window (cdr (assq 'inhibit-same-window alist)))))
    (when window
      (window--display-buffer buffer window 'reuse alist))))

(defalias 'display-buffer-use-least-recent-window #'display-buffer-use-some-window)

(defun display-buffer-pop-up-frame (_buffer _alist)
  "No frame: gapmacs's terminal shows one." nil)

(defun display-buffer-no-window (_buffer alist)
  "Show BUFFER nowhere, when ALIST's `allow-no-window' allows it."
  (when (cdr (assq 'allow-no-window alist))
    'fail))

(defun window--bottom-window ()
  "The lowest (then leftmost) window of the frame."
  (car (sort (seq-remove #'window-minibuffer-p (window-list))
             (lambda (a b) (or (> (window-top-line a) (window-top-line b))
                               (and (= (window-top-line a) (window-top-line b))
                                    (< (window-left-column a) (window-left-column b))))))))

(defun display-buffer-below-selected (buffer alist)
  "Show BUFFER in a window split below the selected one, or in the window
below it."
  (let* ((selected (selected-window))
         (below (seq-find (lambda (w) (and (= (window-top-line w)
                                              (+ (window-top-line selected) (window-total-height selected)))
                                           (<= (window-left-column w) (window-left-column selected))))
                          (window-list))))
    (cond ((and below (eq (window-buffer below) buffer))
           (window--display-buffer buffer below 'reuse alist))
          ((and (window--can-split-p) (not (window-dedicated-p)) (window-splittable-p selected))
           (window--display-buffer buffer (split-window-below) 'window alist))
          ((and (window--can-split-p) (not (window-dedicated-p))
                (let ((split-height-threshold 0)) (window-splittable-p selected)))
           (window--display-buffer buffer (split-window-below) 'window alist))
          ((and below (not (window-dedicated-p below)))
           (window--display-buffer buffer below 'reuse alist)))))

(defun display-buffer-at-bottom (buffer alist)
  "Show BUFFER in a window at the bottom of the frame."
  (let ((bottom (window--bottom-window)))
    (cond ((and bottom (eq (window-buffer bottom) buffer))
           (window--display-buffer buffer bottom 'reuse alist))
          ((and bottom (window--can-split-p) (not (window-dedicated-p bottom))
                (let ((split-height-threshold 0)) (window-splittable-p bottom)))
           (window--display-buffer buffer (split-window bottom nil 'below) 'window alist))
          ((and bottom (not (window-dedicated-p bottom)))
           (window--display-buffer buffer bottom 'reuse alist)))))

(defun display-buffer-in-side-window (buffer alist)
  "Show BUFFER at ALIST's `side' of the frame (default bottom); gapmacs's
frame has no side windows, so this is a window split at that side."
  (if (memq (cdr (assq 'side alist)) '(left right))
      (display-buffer-in-direction buffer (cons (cons 'direction (cdr (assq 'side alist))) alist))
    (display-buffer-at-bottom buffer alist)))

(defun display-buffer-in-direction (buffer alist)
  "Show BUFFER in a window in ALIST's `direction' from the selected one."
  (pcase (cdr (assq 'direction alist))
    ((or 'right 'rightmost)
     (if (and (window--can-split-p) (not (window-dedicated-p)))
         (window--display-buffer buffer (split-window (selected-window) nil 'right) 'window alist)
       (display-buffer-use-some-window buffer alist)))
    ((or 'left 'leftmost)
     (if (and (window--can-split-p) (not (window-dedicated-p)))
         (let ((new (split-window (selected-window) nil 'right)))
           ;; The new window is on the right: the buffers swap sides.
           (set-window-buffer new (window-buffer))
           (window--display-buffer buffer (selected-window) 'reuse alist))
       (display-buffer-use-some-window buffer alist)))
    ((or 'up 'above 'top) (display-buffer-use-some-window buffer alist))
    ((or 'bottom) (display-buffer-at-bottom buffer alist))
    (_ (display-buffer-below-selected buffer alist))))

(defun quit-window (&optional kill window)
  "Quit WINDOW (default: the selected one): delete it when display-buffer
made it for its buffer, else show another buffer there; then bury its
buffer, or kill it with KILL (the prefix argument)."
  (interactive "P")
  (let* ((window (or window (selected-window)))
         (buffer (window-buffer window))
         (quit-restore (window-parameter window 'quit-restore)))
    (cond ((and (eq (car quit-restore) 'window) (window--can-split-p)
                (cdr (seq-remove #'window-minibuffer-p (window-list))))
           (delete-window window)
           (when (window-live-p (nth 2 quit-restore))
             (select-window (nth 2 quit-restore))))
          ((eq window (selected-window))
           (switch-to-buffer (other-buffer buffer)))
          (t (set-window-buffer window (other-buffer buffer))))
    (set-window-parameter window 'quit-restore nil)
    (if kill (kill-buffer buffer) (bury-buffer-soft buffer))))

(defun bury-buffer-soft (_buffer) nil)
