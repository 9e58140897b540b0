;;; bindings.el --- Emacs's default global key bindings  -*- lexical-binding: t -*-

;; Every character from SPC on inserts itself; control keys and meta keys
;; are bound below.  Keys are written with `kbd' so they read as in the
;; Emacs manual.

(defconst bindings--max-char 4194303)

(defun bindings--define (map pairs)
  (dolist (p pairs)
    (define-key map (if (stringp (car p)) (kbd (car p)) (car p)) (cdr p))))

(define-key global-map (vector (cons 128 bindings--max-char)) 'self-insert-command)
(let ((c 32))
  (while (< c 127)
    (define-key global-map (vector c) 'self-insert-command)
    (setq c (1+ c))))

(bindings--define
 global-map
 '(("C-@" . set-mark-command) ("C-SPC" . set-mark-command)
   ("C-a" . move-beginning-of-line) ("C-b" . backward-char)
   ("C-d" . delete-char) ("C-e" . move-end-of-line) ("C-f" . forward-char)
   ("C-g" . keyboard-quit) ("TAB" . indent-for-tab-command)
   ("C-j" . electric-newline-and-maybe-indent) ("C-k" . kill-line)
   ("C-l" . recenter-top-bottom) ("RET" . newline) ("C-n" . next-line)
   ("C-o" . open-line) ("C-p" . previous-line) ("C-q" . quoted-insert)
   ("C-r" . isearch-backward) ("C-s" . isearch-forward)
   ("C-t" . transpose-chars) ("C-u" . universal-argument)
   ("C-v" . scroll-up-command) ("C-w" . kill-region) ("C-y" . yank)
   ("C-_" . undo) ("C-/" . undo) ("C-?" . undo-redo) ("C-M-_" . undo-redo) ("DEL" . delete-backward-char)
   ("C-M-s" . isearch-forward-regexp) ("C-M-r" . isearch-backward-regexp)
   ("C-M-%" . query-replace-regexp) ("C-M-f" . forward-sexp) ("C-M-b" . backward-sexp)
   ("C-M-n" . forward-list) ("C-M-p" . backward-list) ("C-M-u" . backward-up-list)
   ("C-M-d" . down-list) ("C-M-a" . beginning-of-defun) ("C-M-e" . end-of-defun)
   ("C-M-h" . mark-defun) ("C-M-t" . transpose-sexps)
   ("C--" . negative-argument) ("M--" . negative-argument)
   ("<up>" . previous-line) ("<down>" . next-line)
   ("<left>" . left-char) ("<right>" . right-char)
   ("<home>" . move-beginning-of-line) ("<end>" . move-end-of-line)
   ("<prior>" . scroll-down-command) ("<next>" . scroll-up-command)
   ("<deletechar>" . delete-forward-char) ("<delete>" . delete-forward-char)
   ("<backspace>" . delete-backward-char)
   ("C-<home>" . beginning-of-buffer) ("C-<end>" . end-of-buffer)
   ("C-<left>" . left-word) ("C-<right>" . right-word)
   ("M-<left>" . left-word) ("M-<right>" . right-word)
   ("C-<up>" . backward-paragraph) ("C-<down>" . forward-paragraph)
   ("C-<delete>" . kill-word) ("C-<backspace>" . backward-kill-word)))

(dotimes (i 10)
  (define-key global-map (vector (logior (ash 1 26) (+ ?0 i))) 'digit-argument)
  (define-key esc-map (string (+ ?0 i)) 'digit-argument))

(bindings--define
 esc-map
 '(("x" . execute-extended-command) (":" . eval-expression)
   ("%" . query-replace) ("f" . forward-word) ("b" . backward-word)
   ("d" . kill-word) ("DEL" . backward-kill-word) ("w" . kill-ring-save)
   ("y" . yank-pop) ("v" . scroll-down-command) ("<" . beginning-of-buffer)
   (">" . end-of-buffer) ("u" . upcase-word) ("l" . downcase-word)
   ("c" . capitalize-word) ("\\" . delete-horizontal-space)
   ("SPC" . just-one-space) ("m" . back-to-indentation)
   ("^" . delete-indentation) ("{" . backward-paragraph)
   ("}" . forward-paragraph) ("=" . count-words-region) ("z" . zap-to-char)
   ("t" . transpose-words) ("h" . mark-paragraph) ("!" . shell-command)))

(bindings--define
 goto-map
 '(("g" . goto-line) ("M-g" . goto-line) ("c" . goto-char)))

(bindings--define
 ctl-x-map
 '(("C-c" . save-buffers-kill-terminal) ("C-f" . find-file)
   ("C-s" . save-buffer) ("C-w" . write-file) ("s" . save-some-buffers)
   ("b" . switch-to-buffer) ("k" . kill-buffer) ("C-b" . list-buffers)
   ("h" . mark-whole-buffer) ("C-x" . exchange-point-and-mark)
   ("u" . undo) ("0" . delete-window) ("1" . delete-other-windows)
   ("2" . split-window-below) ("3" . split-window-right) ("o" . other-window)
   ("[" . backward-page) ("]" . forward-page) ("C-e" . eval-last-sexp)
   ("C-q" . read-only-mode) ("C-u" . upcase-region) ("C-l" . downcase-region)
   ("i" . insert-file) ("=" . what-cursor-position) ("C-o" . delete-blank-lines)
   ("C-t" . transpose-lines) ("f" . set-fill-column) ("C-v" . find-alternate-file)
   ("n n" . narrow-to-region) ("n w" . widen) ("n p" . narrow-to-page)
   ("n d" . narrow-to-defun)))

(bindings--define
 ctl-x-4-map
 '(("f" . find-file-other-window) ("C-f" . find-file-other-window)
   ("b" . switch-to-buffer-other-window)))

;; Emacs's keys for the commands its loaddefs.el autoloads (C-x d, C-x p,
;; M-., C-x r b...), where gapmacs has no key of its own; none without
;; Emacs's library.  The editor runs this at start-up once Emacs's
;; autoloads are in place (after loadup); batch when this file loads.
(defun bindings--emacs-library-keys ()
  (internal--eval-loaddefs-forms
   "^ ?(define-key "
   (lambda (form)
     (pcase form
       (`(define-key ,(and map (pred symbolp)) ,key ,def)
        (and (boundp map) (keymapp (symbol-value map))
             (null (lookup-key (symbol-value map) (eval key t)))
             ;; A command gapmacs has (not dabbrev-completion: gapmacs's
             ;; dabbrev.el stands in for Emacs's), or a prefix map.
             (pcase def
               (`(,(or 'quote 'function) ,(and cmd (pred symbolp))) (commandp cmd))
               ((pred symbolp) (and (boundp def) (keymapp (symbol-value def))))))))))
  ;; Emacs's bindings.el has these (dired.el is not preloaded).
  (when (fboundp 'dired-jump)
    (define-key ctl-x-map "\C-j" 'dired-jump)
    (define-key ctl-x-4-map "\C-j" 'dired-jump-other-window)))

;; Emacs's menu bar: the menus libraries add their items to, under
;; [menu-bar] in the global map (a terminal shows no menu bar: they are
;; kept, not drawn).
(defconst menu-bar-separator '("--") "Separator for menus.")
(defvar menu-bar-file-menu (make-sparse-keymap "File"))
(defvar menu-bar-edit-menu (make-sparse-keymap "Edit"))
(defvar menu-bar-options-menu (make-sparse-keymap "Options"))
(defvar menu-bar-tools-menu (make-sparse-keymap "Tools"))
(defvar menu-bar-search-menu (make-sparse-keymap "Search"))
(defvar menu-bar-help-menu (make-sparse-keymap "Help"))
(defvar menu-bar-manuals-menu (make-sparse-keymap "More Manuals"))
(define-key menu-bar-help-menu [manuals] (cons "More Manuals" menu-bar-manuals-menu))
(define-key global-map [menu-bar help-menu] (cons "Help" menu-bar-help-menu))
(define-key global-map [menu-bar tools] (cons "Tools" menu-bar-tools-menu))
(define-key global-map [menu-bar options] (cons "Options" menu-bar-options-menu))
(define-key global-map [menu-bar edit] (cons "Edit" menu-bar-edit-menu))
(define-key global-map [menu-bar file] (cons "File" menu-bar-file-menu))
(define-key menu-bar-edit-menu [search] (cons "Search" menu-bar-search-menu))

(defvar help-char ?\C-h "The character that asks for help in prompts and prefix keys.")
(defvar help-event-list '(help f1) "Events other than `help-char' that ask for help.")

(defvar mode-line-misc-info '((global-mode-string ("" global-mode-string)))
  "Mode line construct for miscellaneous information: which-function-mode and
the global mode string put theirs here.")
(put 'mode-line-misc-info 'risky-local-variable t)

(defun propertized-buffer-identification (fmt)
  "A mode line construct showing FMT (a %-construct such as \"%12b\") in the
`mode-line-buffer-id' face, as Emacs's."
  (list (propertize fmt 'face 'mode-line-buffer-id)))

(defvar-local mode-line-buffer-identification (propertized-buffer-identification "%12b")
  "Mode line construct for the buffer's name; Calc, Dired, Info and others
set their own.")
(put 'mode-line-buffer-identification 'risky-local-variable t)

;; Emacs's mode-line-format and its parts, the same constructs (help
;; texts aside; a terminal's mode line takes no mouse clicks here), so that
;; what packages and init files do to them does the same: the editor draws
;; every window's mode line from its buffer's `mode-line-format'
;; (lisp-lite/editor/mode_line_format.cpp formats the constructs).
(defvar mode-line-front-space '(:eval (if (display-graphic-p) " " "-"))
  "Mode line construct at the front of the mode line.")
(put 'mode-line-front-space 'risky-local-variable t)

(defvar mode-line-eol-desc-cache nil
  "(EOL-TYPE MNEMONIC . PROPERTIZED) of the end-of-line mnemonics shown.")

(defun mode-line-eol-desc ()
  "The mode line's mnemonic for the end of line of the buffer's coding
system, made once for each (as Emacs's: the mode line is formatted at
every redisplay)."
  (let* ((eol (coding-system-eol-type buffer-file-coding-system))
         (mnemonic (cond ((eq eol 1) eol-mnemonic-dos)
                         ((eq eol 2) eol-mnemonic-mac)
                         ((eq eol 0) eol-mnemonic-unix)
                         (t eol-mnemonic-undecided)))
         (known (assq eol mode-line-eol-desc-cache)))
    (if (and known (eq (cadr known) mnemonic))
        (cddr known)
      (setq mode-line-eol-desc-cache (assq-delete-all eol mode-line-eol-desc-cache))
      (let ((desc (propertize mnemonic 'help-echo "End-of-line style")))
        (push (cons eol (cons mnemonic desc)) mode-line-eol-desc-cache)
        desc))))

(defvar-local mode-line-mule-info
  `(""
    (current-input-method
     (:propertize ("" current-input-method-title) help-echo "Current input method"))
    ,(propertize "%z" 'help-echo "Coding systems of the keyboard, the terminal and the buffer")
    (:eval (mode-line-eol-desc)))
  "Mode line construct for the input method and the coding systems.")
(put 'mode-line-mule-info 'risky-local-variable t)

(defvar mode-line-client
  '("" (:propertize ("" (:eval (if (frame-parameter nil 'client) "@" ""))) help-echo "emacsclient frame"))
  "Mode line construct showing an emacsclient frame.")
(put 'mode-line-client 'risky-local-variable t)

(defvar-local mode-line-modified
  (list (propertize "%1*" 'help-echo "Read-only state") (propertize "%1+" 'help-echo "Modified state"))
  "Mode line construct showing whether the buffer is read-only or modified.")
(put 'mode-line-modified 'risky-local-variable t)

(defvar-local mode-line-remote
  (list (propertize "%1@" 'help-echo "Whether the default directory is remote"))
  "Mode line construct showing a remote default directory.")
(put 'mode-line-remote 'risky-local-variable t)

(defun mode-line-frame-control ()
  "The frame identification of the mode line: the frame's name on a terminal."
  (if (or (null window-system) (eq window-system 'pc)) "-%F  " "  "))

(defvar mode-line-frame-identification '(:eval (mode-line-frame-control))
  "Mode line construct naming the frame.")
(put 'mode-line-frame-identification 'risky-local-variable t)

(defvar-local mode-line-process nil
  "Mode line construct for the status of the buffer's process.")

(defun gapmacs--mode-line-progress ()
  "For a buffer with a process and no `mode-line-process': its status and,
while its output streams into a buffer, how much came and how fast
\(\":run 12.3M 45.0M/s\")."
  (let ((proc (and (null mode-line-process) (get-buffer-process (current-buffer)))))
    (when proc
      (concat ":" (symbol-name (process-status proc))
              (unless (or (process-tty-name proc) (not (fboundp 'gapmacs-process-progress)))
                (let* ((progress (gapmacs-process-progress proc))
                       (bytes (car progress)) (seconds (cadr progress)))
                  (when (> bytes 0)
                    (concat " " (gapmacs--human-size bytes)
                            (and (> seconds 0.2) (concat " " (gapmacs--human-size (/ bytes seconds)) "/s"))))))))))

(defun gapmacs--human-size (bytes)
  "\"12.3M\" for BYTES."
  (let ((units '("B" "K" "M" "G" "T")) (n (float bytes)))
    (while (and (>= n 1024) (cdr units))
      (setq n (/ n 1024) units (cdr units)))
    (if (equal (car units) "B") (format "%.0fB" n) (format "%.1f%s" n (car units)))))

(defvar mode-line-modes
  (list (propertize "%[" 'help-echo "Recursive edit, type C-M-c to get out")
        "("
        '(:propertize ("" mode-name) help-echo "Major mode")
        '("" mode-line-process)
        ;; gapmacs's: a process's progress where its mode shows nothing.
        '(:eval (gapmacs--mode-line-progress))
        '(:propertize ("" minor-mode-alist) help-echo "Minor mode")
        (propertize "%n" 'help-echo "Narrowed")
        ")"
        (propertize "%]" 'help-echo "Recursive edit, type C-M-c to get out")
        " ")
  "Mode line construct for the major and minor modes.")
(put 'mode-line-modes 'risky-local-variable t)

(defcustom mode-line-percent-position '(-3 "%p")
  "How the mode line shows where the window is in the buffer."
  :type 'sexp :group 'mode-line)
(put 'mode-line-percent-position 'risky-local-variable t)
(defcustom mode-line-position-line-format '(" L%l")
  "The line number in the mode line, with `line-number-mode'."
  :type '(list string) :group 'mode-line)
(defcustom mode-line-position-column-format '(" C%c")
  "The column number in the mode line, with `column-number-mode'."
  :type '(list string) :group 'mode-line)
(defcustom mode-line-position-column-line-format '(" (%l,%c)")
  "Line and column in the mode line, with both modes on."
  :type '(list string) :group 'mode-line)

(defvar mode-line-position
  `((:propertize mode-line-percent-position help-echo "Window scroll percentage")
    (size-indication-mode (8 ,(propertize " of %I" 'help-echo "Size indication mode")))
    (line-number-mode
     (column-number-mode
      (column-number-indicator-zero-based
       (10 (:propertize mode-line-position-column-line-format help-echo "Line and column"))
       (10 (:propertize (:eval (string-replace "%c" "%C" (car mode-line-position-column-line-format)))
                        help-echo "Line and column")))
      (6 (:propertize mode-line-position-line-format help-echo "Line number")))
     (column-number-mode
      (column-number-indicator-zero-based
       (6 (:propertize mode-line-position-column-format help-echo "Column number"))
       (6 (:propertize (:eval (string-replace "%c" "%C" (car mode-line-position-column-format)))
                       help-echo "Column number"))))))
  "Mode line construct for where point and the window are in the buffer.")
(put 'mode-line-position 'risky-local-variable t)

(defvar mode-line-end-spaces '(:eval (unless (display-graphic-p) "-%-"))
  "Mode line construct at the end of the mode line.")
(put 'mode-line-end-spaces 'risky-local-variable t)

(defvar-local mode-line-format nil
  "What the mode line of a window shows, as a mode line construct.")
(setq-default mode-line-format
              (list "%e" 'mode-line-front-space 'mode-line-mule-info 'mode-line-client
                    'mode-line-modified 'mode-line-remote 'mode-line-frame-identification
                    'mode-line-buffer-identification "   " 'mode-line-position
                    '(vc-mode vc-mode) "  " 'mode-line-modes 'mode-line-misc-info
                    'mode-line-end-spaces))
(put 'mode-line-format 'standard-value (list (list 'quote (default-value 'mode-line-format))))

;; What Emacs's libraries mark risky in their autoload cookies, preloaded in
;; Emacs (which-func-current, a mode line construct of which-func.el): the
;; mode line trusts their :eval forms only so.  Run as
;; `bindings--emacs-library-keys' is.
(defun bindings--emacs-library-risky-variables ()
  (internal--eval-loaddefs-forms "^ ?(put '[^ \n]+ 'risky-local-variable "))

(defun make-mode-line-mouse-map (mouse function)
  "A keymap binding MOUSE on the mode line to FUNCTION."
  (let ((map (make-sparse-keymap)))
    (define-key map (vector 'mode-line mouse) function)
    map))

;; How Emacs's own files (menu-bar.el, mule-cmds.el, vc-hooks.el...) add
;; their menu entries: ITEM is a definition, (STRING . DEF) or a
;; (menu-item ...) list, bound as it is (menus are inert in a terminal).
(defun bindings--define-key (map key item)
  (declare (indent 2))
  (define-key map key item))

;; Narrowing to the page around point (C-x n p): the text between the
;; page delimiters before and after it, delimiters excluded, as Emacs shows it.
(defun narrow-to-page (&optional arg)
  "Show only the current page (the ARGth next or previous one with ARG)."
  (interactive "P")
  (widen)
  (let ((arg (if arg (prefix-numeric-value arg) 0)))
    (save-excursion
      (cond ((> arg 0) (forward-page arg))
            ((< arg 0) (forward-page (1- arg))))
      ;; Point on a delimiter belongs to the page the delimiter starts.
      (when (and (looking-at page-delimiter) (< (point) (match-end 0)))
        (goto-char (match-end 0)))
      (let ((start (save-excursion
                     (if (re-search-backward page-delimiter nil t) (match-end 0) (point-min))))
            (end (save-excursion
                   (if (re-search-forward page-delimiter nil t) (match-beginning 0) (point-max)))))
        (narrow-to-region start end)))))

;; Sideways scrolling of truncated lines (the UI's window-hscroll).
(global-set-key (kbd "C-x <") #'scroll-left)
(global-set-key (kbd "C-x >") #'scroll-right)

;; More of Emacs 28's global keys (its bindings.el and keyboard.c), each
;; bound to a command gapmacs defines or takes from Emacs's library;
;; values checked by tests/lisp/commands/global-keys-tests.el beside
;; Emacs 28.  Those of window.el's buffer history (C-x <left>...), frames
;; and tabs are not bound: gapmacs's windows do not keep them.
(dolist (binding
         '(("M-(" . insert-parentheses) ("M-)" . move-past-close-and-reindent)
           ("M-@" . mark-word) ("C-M-o" . split-line)
           ("M-j" . default-indent-new-line) ("C-M-j" . default-indent-new-line)
           ("C-M-<right>" . forward-sexp) ("C-M-<left>" . backward-sexp)
           ("C-M-<up>" . backward-up-list) ("C-M-<down>" . down-list)
           ("C-M-<home>" . beginning-of-defun) ("C-M-<end>" . end-of-defun)
           ("ESC C-<right>" . forward-sexp) ("ESC C-<left>" . backward-sexp)
           ("ESC C-<up>" . backward-up-list) ("ESC C-<down>" . down-list)
           ("ESC C-<home>" . beginning-of-defun) ("ESC C-<end>" . end-of-defun)
           ("ESC C-<backspace>" . backward-kill-sexp) ("ESC C-<delete>" . backward-kill-sexp)
           ("ESC <left>" . backward-word) ("ESC <right>" . forward-word)
           ("ESC <next>" . scroll-other-window) ("ESC <prior>" . scroll-other-window-down)
           ("M-<next>" . scroll-other-window) ("M-<prior>" . scroll-other-window-down)
           ("C-M-S-v" . scroll-other-window-down)
           ("C-<next>" . scroll-left) ("C-<prior>" . scroll-right)
           ("C-M--" . negative-argument) ("C-M-w" . append-next-kill)
           ("C-S-<backspace>" . kill-whole-line) ("S-<delete>" . kill-region)
           ("<deleteline>" . kill-line) ("<insertline>" . open-line)
           ("M-~" . not-modified) ("M-'" . abbrev-prefix-mark)
           ("C-M-c" . exit-recursive-edit) ("C-]" . abort-recursive-edit)
           ("C-x l" . count-lines-page) ("C-x C-p" . mark-page)
           ("C-x C-n" . set-goal-column) ("C-x ;" . comment-set-column)
           ("C-x ." . set-fill-prefix) ("C-x $" . set-selective-display)
           ("C-x '" . expand-abbrev) ("C-x C-r" . find-file-read-only)
           ("C-x 4 C-o" . display-buffer)
           ("C-x C-SPC" . pop-global-mark) ("C-x C-@" . pop-global-mark)
           ("M-g TAB" . move-to-column)))
  (global-set-key (kbd (car binding)) (cdr binding)))
(dotimes (i 10)
  (global-set-key (vector (logior (ash 1 26) (ash 1 27) (+ ?0 i))) 'digit-argument))

;; The commands repeat-mode repeats with a key alone (C-x o o, C-x u u,
;; M-g n n...), as Emacs 28's preloaded files mark them; the maps
;; themselves come from Emacs's library on first use.
(dolist (entry '((undo . undo-repeat-map) (next-error . next-error-repeat-map)
                 (previous-error . next-error-repeat-map) (other-window . other-window-repeat-map)
                 (enlarge-window . resize-window-repeat-map)
                 (enlarge-window-horizontally . resize-window-repeat-map)
                 (shrink-window . resize-window-repeat-map)
                 (shrink-window-horizontally . resize-window-repeat-map)
                 (forward-page . page-navigation-repeat-map)
                 (backward-page . page-navigation-repeat-map)
                 (tab-next . tab-bar-switch-repeat-map) (tab-previous . tab-bar-switch-repeat-map)
                 (tab-move . tab-bar-move-repeat-map)
                 (tab-bar-move-tab-backward . tab-bar-move-repeat-map)))
  (put (car entry) 'repeat-map (cdr entry)))

;; Last: loaddefs.el's forms use what this file defines (its menus name
;; menu-bar-separator), which would otherwise load this file again.
(when noninteractive
  (bindings--emacs-library-keys)
  (bindings--emacs-library-risky-variables))

(provide 'bindings)
