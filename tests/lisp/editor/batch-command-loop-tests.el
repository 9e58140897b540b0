;;; batch-command-loop-tests.el --- keyboard macros drive the command loop in batch  -*- lexical-binding: t -*-

;; Emacs's batch mode has a frame with no display: windows split, and
;; execute-kbd-macro runs the command loop, the minibuffer included, with
;; the macro's keys (how packages' ERT suites drive their commands, ivy's
;; among them).  Every expected value is GNU Emacs 28's in `emacs --batch -Q'
;; (this file passes in both).

(require 'ert)

(defvar batch-command-loop-tests--value nil)

(ert-deftest batch-command-loop-tests-switch-and-type ()
  (let ((start (current-buffer)))
    (unwind-protect
        (save-window-excursion
          (execute-kbd-macro (kbd "C-x b batch-command-loop RET abc C-a C-f X"))
          (should (equal (buffer-name (window-buffer)) "batch-command-loop"))
          (with-current-buffer "batch-command-loop"
            (should (equal (buffer-string) "aXbc"))))
      (when (get-buffer "batch-command-loop") (kill-buffer "batch-command-loop"))
      (set-buffer start))))

(ert-deftest batch-command-loop-tests-minibuffer ()
  ;; The macro types the answer of a minibuffer a command reads, and RET
  ;; ends it; each minibuffer is a recursive edit of its own.
  (setq batch-command-loop-tests--value nil)
  (should (= (recursion-depth) 0))
  (let* ((depths nil)
         (minibuffer-setup-hook
          (list (lambda () (push (list (recursion-depth) (minibuffer-depth)) depths)))))
    (execute-kbd-macro
     (vconcat (kbd "M-:")
              "(setq batch-command-loop-tests--value (list (read-string \"Name: \") (recursion-depth)))"
              (kbd "RET")
              "hello"
              (kbd "RET")))
    (should (equal depths '((1 1) (1 1)))))
  (should (equal batch-command-loop-tests--value '("hello" 0))))

(ert-deftest batch-command-loop-tests-macro-ends-in-minibuffer ()
  ;; A macro that runs out inside the minibuffer ends it as RET would.
  (setq batch-command-loop-tests--value nil)
  (execute-kbd-macro (vconcat (kbd "M-:") "(setq batch-command-loop-tests--value 7)"))
  (should (equal batch-command-loop-tests--value 7)))

(ert-deftest batch-command-loop-tests-macro-ends-with-no-command ()
  ;; What runs as the minibuffer ends at the macro's end runs outside any
  ;; command: this-command is nil there, as in command_loop_1 waiting for a
  ;; key (ivy calls its action again then, and keeps C-u's argument only
  ;; when this-command is nil).
  (setq batch-command-loop-tests--value nil)
  (execute-kbd-macro
   (vconcat (kbd "M-:")
            "(progn (read-string \"Name: \") (setq batch-command-loop-tests--value (list this-command real-this-command)))"
            (kbd "RET") "x" (kbd "RET")))
  (should (equal batch-command-loop-tests--value '(exit-minibuffer exit-minibuffer)))
  (execute-kbd-macro
   (vconcat (kbd "M-:")
            "(progn (read-string \"Name: \") (setq batch-command-loop-tests--value (list this-command real-this-command)))"
            (kbd "RET") "x"))
  (should (equal batch-command-loop-tests--value '(nil nil))))

(ert-deftest batch-command-loop-tests-last-command-at-loop-start ()
  ;; As Emacs's command_loop_1 as it starts (a macro's run, a minibuffer's
  ;; recursive edit): last-command becomes what this-command names, so a
  ;; second macro starts with last-command nil, and a command that read
  ;; from the minibuffer sees itself as the last command after the read
  ;; (counsel-yank-pop pushes the mark unless the last command was a yank).
  (let ((seen nil)
        (map (make-sparse-keymap))
        (global (current-global-map)))
    (define-key map (kbd "C-c y")
      (lambda () (interactive)
        (push (list 'in last-command) seen)
        (read-string "x: ")
        (push (list 'after-read last-command) seen)
        (setq this-command 'yank)))
    (unwind-protect
        (progn
          (use-global-map (make-composed-keymap map global))
          (execute-kbd-macro (kbd "C-c y RET"))
          (push (list 'between last-command this-command) seen)
          (execute-kbd-macro (kbd "C-c y RET")))
      (use-global-map global))
    (setq seen (nreverse seen))
    (should (equal (nth 2 seen) '(between yank nil)))
    (should (equal (nth 3 seen) '(in nil)))
    (should (eq (car (nth 4 seen)) 'after-read))
    (should (functionp (cadr (nth 4 seen))))))

(ert-deftest batch-command-loop-tests-eval-expression-completes-symbols ()
  ;; M-:'s TAB completes the Emacs Lisp symbol before point (partial
  ;; completion: s-c-t-st), and completion-at-point lists a symbol's
  ;; several completions in *Completions* (minibuffer-completion-help of
  ;; the region, as completion--in-region calls it).
  (setq batch-command-loop-tests--value nil)
  (execute-kbd-macro (vconcat (kbd "M-:") "(setq batch-command-loop-tests--value 's-c-t-st"
                              (kbd "TAB") ")" (kbd "RET")))
  (should (eq batch-command-loop-tests--value 'shell-command-to-string))
  (save-window-excursion
    (with-temp-buffer
      (switch-to-buffer (current-buffer))
      (emacs-lisp-mode)
      (insert "(mapca")
      (completion-at-point)
      (should (equal (buffer-string) "(mapca"))
      (with-current-buffer "*Completions*"
        (goto-char (point-min))
        (should (search-forward "mapcan" nil t))
        (should (search-forward "mapcar" nil t))))))

(ert-deftest batch-command-loop-tests-abort-recursive-edit-quits ()
  ;; abort-recursive-edit ends the minibuffer with a quit that reaches the
  ;; macro's caller; abort-minibuffers (C-g there) with minibuffer-quit,
  ;; which ends the macro quietly.
  (let ((map (make-sparse-keymap))
        (keys (make-sparse-keymap))
        (global (current-global-map)))
    (set-keymap-parent map minibuffer-local-map)
    (define-key keys (kbd "C-c m") (lambda () (interactive) (read-from-minibuffer "x: " nil map)))
    (unwind-protect
        (progn
          (use-global-map (make-composed-keymap keys global))
          (define-key map "\C-g" 'abort-recursive-edit)
          (should (equal (condition-case e (progn (execute-kbd-macro (kbd "C-c m a C-g")) 'none)
                           (quit (list 'caught e)))
                         '(caught (quit))))
          (define-key map "\C-g" 'abort-minibuffers)
          (should (eq (condition-case e (progn (execute-kbd-macro (kbd "C-c m a C-g")) 'none)
                        (quit (list 'caught e)))
                      'none))
          (should (eq (lookup-key minibuffer-local-map "\C-g") 'abort-minibuffers))
          (should (= (minibuffer-depth) 0)))
      (use-global-map global))))

(ert-deftest batch-command-loop-tests-read-key ()
  ;; read-key takes the macro's next events, in a command and in a command
  ;; run from a minibuffer's keymap.
  (setq batch-command-loop-tests--value nil)
  (let ((map (make-sparse-keymap)))
    (define-key map (kbd "C-c r")
      (lambda () (interactive)
        (setq batch-command-loop-tests--value (list (read-key "x") (read-key "y")))))
    (let ((global (current-global-map)))
      (unwind-protect
          (progn
            (use-global-map (make-composed-keymap map global))
            (execute-kbd-macro (kbd "C-c r a <f5>")))
        (use-global-map global))))
  (should (equal batch-command-loop-tests--value '(97 f5))))

(ert-deftest batch-command-loop-tests-errors ()
  ;; An error in one of the macro's commands ends the macro and reaches the
  ;; caller; C-g in the minibuffer only leaves it, as the command loop
  ;; handles a quit there.
  (should-error (execute-kbd-macro (kbd "C-x b batch-command-loop-none RET C-b")) :type 'beginning-of-buffer)
  (when (get-buffer "batch-command-loop-none") (kill-buffer "batch-command-loop-none"))
  (setq batch-command-loop-tests--value nil)
  (should-not (execute-kbd-macro
               (vconcat (kbd "M-:") "(setq batch-command-loop-tests--value 1)" (kbd "C-g"))))
  (should-not batch-command-loop-tests--value)
  (should (= (recursion-depth) 0))
  (should-error (exit-minibuffer) :type 'no-catch))

(ert-deftest batch-command-loop-tests-post-command-hook-first ()
  ;; A minibuffer's recursive edit runs post-command-hook before its first
  ;; key, as Emacs's command loop does on entry (ivy shows its candidates
  ;; so).
  (let ((seen nil))
    (minibuffer-with-setup-hook
        (lambda () (add-hook 'post-command-hook (lambda () (push (minibuffer-contents) seen)) nil t))
      (execute-kbd-macro (vconcat (kbd "M-:") "1" (kbd "RET"))))
    (should (equal (reverse seen) '("" "1")))))

(defun batch-command-loop-tests--read-after-field-prompt ()
  (interactive)
  (setq batch-command-loop-tests--value
        (minibuffer-with-setup-hook
            (lambda ()
              (let ((inhibit-read-only t))
                (goto-char (point-min))
                (insert (propertize "ab: " 'field t 'read-only t 'front-sticky t 'rear-nonsticky t))
                (goto-char (point-max))))
          (read-from-minibuffer ""))))

(ert-deftest batch-command-loop-tests-prompt-field ()
  ;; A prompt a package puts at the start of the minibuffer as a field is
  ;; not part of what is read (ivy keeps its own prompt so).
  (setq batch-command-loop-tests--value nil)
  (execute-kbd-macro
   (vconcat (kbd "M-x") "batch-command-loop-tests--read-after-field-prompt" (kbd "RET")
            "xy" (kbd "RET")))
  (should (equal batch-command-loop-tests--value "xy")))

(ert-deftest batch-command-loop-tests-function-keys ()
  ;; A function key with no binding of its own runs what
  ;; local-function-key-map makes of it: <return> is RET, <backspace> DEL.
  (with-temp-buffer
    (save-window-excursion
      (set-window-buffer nil (current-buffer))
      (execute-kbd-macro (kbd "a <return> b <backspace> c"))
      (should (equal (buffer-string) "a\nc")))))

(defun batch-command-loop-tests--read-then-record ()
  (interactive)
  (let ((s (read-string "x: ")))
    (setq batch-command-loop-tests--value (list s this-command real-this-command last-command))))

(defun batch-command-loop-tests--record-last-command ()
  (interactive)
  (setq batch-command-loop-tests--value (list last-command real-last-command)))

(ert-deftest batch-command-loop-tests-commands-after-minibuffer ()
  ;; The minibuffer's commands set this-command and last-command, and a
  ;; command that read from it ends with them so, as in Emacs.
  (let ((map (make-sparse-keymap)))
    (define-key map "r" #'batch-command-loop-tests--read-then-record)
    (define-key map "l" #'batch-command-loop-tests--record-last-command)
    (let ((minor-mode-overriding-map-alist nil)
          (emulation-mode-map-alists (list (list (cons t map)))))
      (execute-kbd-macro (kbd "r a b RET"))
      (should (equal batch-command-loop-tests--value
                     '("ab" exit-minibuffer exit-minibuffer self-insert-command)))
      (execute-kbd-macro (kbd "r a RET l"))
      (should (equal batch-command-loop-tests--value '(exit-minibuffer exit-minibuffer))))))

(ert-deftest batch-command-loop-tests-modes-survive-first-command ()
  ;; A buffer put in a mode before the first command keeps its keymap
  ;; after it (gapmacs loads its commands then) and runs the mode's keys.
  (with-temp-buffer
    (emacs-lisp-mode)
    (save-window-excursion
      (set-window-buffer nil (current-buffer))
      (execute-kbd-macro "a")
      (should (eq major-mode 'emacs-lisp-mode))
      (should (eq (current-local-map) emacs-lisp-mode-map))
      (should (eq (key-binding (kbd "C-M-i")) 'completion-at-point))
      (should (equal (buffer-string) "a")))))

(ert-deftest batch-command-loop-tests-windows ()
  (should (equal (format "%s" (frame-first-window)) "#<window 1 on *scratch*>"))
  (should (equal (format "%s" (minibuffer-window)) "#<window 2 on  *Minibuf-0*>"))
  (save-window-excursion
    (let ((new (split-window)))
      (should (windowp new))
      (should (= (length (window-list)) 2))
      (should (eq (window-buffer new) (window-buffer)))
      ;; 24 lines in a fresh `emacs --batch', 23 in its ert run (see
      ;; batch-window-tests.el).
      (should (<= 23 (+ (window-total-height) (window-total-height new)) 24))
      (delete-window new)
      (should (= (length (window-list)) 1)))))

;; What a minibuffer setup hook sees of the minibuffer's text.
(defun batch-command-loop-tests--minibuffer-text ()
  (push (list (buffer-substring-no-properties (point-min) (point-max))
              (minibuffer-prompt-end) (minibuffer-contents) (point)
              (text-properties-at 1)
              (save-excursion
                (goto-char (minibuffer-prompt-end))
                (condition-case nil (delete-char -1) (text-read-only 'refused))))
        batch-command-loop-tests--value))

(ert-deftest batch-command-loop-tests-prompt-is-text ()
  ;; The prompt is the minibuffer's first text, a read-only field with the
  ;; minibuffer-prompt face after its own faces; the input follows it, C-a
  ;; stops at it, and a deletion cannot reach into it.
  (setq batch-command-loop-tests--value nil)
  (let ((minibuffer-setup-hook (list #'batch-command-loop-tests--minibuffer-text)))
    (execute-kbd-macro
     (vconcat (kbd "M-:")
              "(push (read-string (propertize \"Name: \" 'face 'bold) \"ab\") batch-command-loop-tests--value)"
              (kbd "RET C-a X RET"))))
  (should (equal (nth 0 batch-command-loop-tests--value) "Xab"))
  (let ((seen (nth 1 batch-command-loop-tests--value)))
    (should (equal (butlast seen 2) '("Name: ab" 7 "ab" 9)))
    (should (equal (nth 5 seen) 'refused))
    (should (equal (mapcar (lambda (p) (plist-get (nth 4 seen) p))
                           '(face front-sticky rear-nonsticky field read-only))
                   '((bold minibuffer-prompt) t t t t))))
  (should (equal (car (nth 2 batch-command-loop-tests--value)) "Eval: ")))

(ert-deftest batch-command-loop-tests-frame-lines ()
  ;; A frame's lines count the minibuffer's (Emacs's FRAME_LINES), which
  ;; icomplete and vertico size their candidates by: batch's frame is 25
  ;; lines, its root window 24 while the echo area has one.
  (should (= (frame-height) (frame-total-lines) 25))
  (should (window-full-height-p (frame-first-window))))

;;; batch-command-loop-tests.el ends here
