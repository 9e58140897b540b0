;;; shell-command-tests.el --- lisp/shell-command.el and lisp/process-menu.el  -*- lexical-binding: t -*-

;; Expected values are GNU Emacs 28's; the file also runs there.
(when (boundp 'gapmacs-version) (load "loadup" nil t))

(defvar shell-tests--shown nil "The buffer last given to `display-buffer'.")
(defvar shell-tests--message nil "The last message.")

(defmacro shell-tests--capturing (&rest body)
  "Run BODY with `display-buffer' and `message' recorded, not acted on."
  `(let ((old-display (symbol-function 'display-buffer))
         (old-message (symbol-function 'message)))
     (setq shell-tests--shown nil shell-tests--message nil)
     (unwind-protect
         (progn
           (fset 'display-buffer (lambda (b &rest _) (setq shell-tests--shown (get-buffer b)) nil))
           (fset 'message (lambda (fmt &rest args)
                            (setq shell-tests--message (and fmt (apply #'format fmt args)))))
           ,@body)
       (fset 'display-buffer old-display)
       (fset 'message old-message))))

(ert-deftest shell-quote-argument-posix ()
  (should (equal (shell-quote-argument "") "''"))
  (should (equal (shell-quote-argument "abc-_./019") "abc-_./019"))
  (should (equal (shell-quote-argument "a b'c\nd-é_./$")
                 "a\\ b\\'c'\n'd-\\é_./\\$"))
  ;; Whatever the name, the shell hands it back unchanged.
  (dolist (s '("-n" "a b" "it's" "\"q\"" "*?[x]" "$HOME" "a\nb" "tab\there" "\\" "é漢"))
    (should (equal (shell-command-to-string (concat "printf %s " (shell-quote-argument s)))
                   s))))

(ert-deftest shell-command-to-string-output ()
  (should (equal (shell-command-to-string "echo hi; echo err >&2") "hi\nerr\n"))
  (should (equal (shell-command-to-string "true") ""))
  (should (equal shell-command-switch "-c")))

(ert-deftest shell-process-lines ()
  (should (equal (process-lines "sh" "-c" "printf 'x\\n\\ny'") '("x" "" "y")))
  (should (equal (process-lines "printf" "a\\nb\\n") '("a" "b")))
  (should (equal (should-error (process-lines "sh" "-c" "echo x; exit 3"))
                 '(error "sh exited with status 3")))
  (should (equal (process-lines-ignore-status "sh" "-c" "echo x; exit 3") '("x"))))

(ert-deftest shell-call-process-shell-command ()
  (with-temp-buffer
    (should (equal (call-process-shell-command "echo" nil t nil "a" "b") 0))
    (should (equal (buffer-string) "a b\n"))
    (should (equal (call-process-shell-command "exit 4") 4))))

(ert-deftest shell-start-process-shell-command ()
  (with-temp-buffer
    (let ((p (start-process-shell-command "sh-test" (current-buffer) "echo one; echo two")))
      (should (equal (car (last (process-command p))) "echo one; echo two"))
      ;; Emacs may see the exit before the last output.
      (let ((deadline (+ (float-time) 10)))
        (while (and (not (string-search "two\n" (buffer-string))) (< (float-time) deadline))
          (accept-process-output p 0.05)))
      (should (string-prefix-p "one\ntwo\n" (buffer-string))))))

(ert-deftest shell-process-environment ()
  (should (consp process-environment))
  (should (member (concat "HOME=" (getenv "HOME")) process-environment))
  (let ((process-environment (cons "SHELL_TEST_VAR=xyz" process-environment)))
    (should (equal (shell-command-to-string "printf %s \"$SHELL_TEST_VAR\"") "xyz")))
  (should (equal (shell-command-to-string "printf %s \"$SHELL_TEST_VAR\"") ""))
  ;; The first entry for a name wins; a bare name unsets it.
  (let ((process-environment (append '("HOME=/first" "LOGNAME") process-environment
                                     '("HOME=/last"))))
    (should (equal (shell-command-to-string "printf %s \"$HOME:${LOGNAME-unset}\"")
                   "/first:unset"))))

(ert-deftest shell-command-echo-area-and-buffer ()
  (shell-tests--capturing
   (should (equal (shell-command "echo hello") 0))
   (should (equal shell-tests--message "hello"))
   (should-not shell-tests--shown)
   (shell-command "printf 'l1\\nl2\\n'")
   ;; Emacs in batch prints even long output as a message.
   (when (boundp 'gapmacs-version)
     (should (eq shell-tests--shown (get-buffer "*Shell Command Output*"))))
   (should (equal (with-current-buffer "*Shell Command Output*" (buffer-string)) "l1\nl2\n"))
   (should (equal (shell-command "true") 0))
   (should (equal shell-tests--message "(Shell command succeeded with no output)"))
   (should (equal (shell-command "exit 3") 3))
   (should (equal shell-tests--message "(Shell command failed with code 3 and no output)"))
   (should (equal (with-current-buffer "*Shell Command Output*" mode-line-process)
                  " - Exit [3]"))))

(ert-deftest shell-command-insert-at-point ()
  (with-temp-buffer
    (insert "<>")
    (goto-char 2)
    (shell-command "echo in" t)
    (should (equal (buffer-string) "<in\n>"))
    (should (= (point) 2))
    (should (= (mark t) 5))))

(ert-deftest shell-command-on-region-replace ()
  (with-temp-buffer
    (insert "b\na\nc\n")
    (shell-command-on-region 1 (point-max) "sort" nil t)
    (should (equal (buffer-string) "a\nb\nc\n"))
    (should (= (point) 1))
    (should (= (mark t) 7)))
  (with-temp-buffer
    (insert "x\ny\n")
    (shell-tests--capturing
     (shell-command-on-region 1 (point-max) "tr a-z A-Z")
     (should (equal (with-current-buffer "*Shell Command Output*" (buffer-string)) "X\nY\n"))
     (should (equal (buffer-string) "x\ny\n"))
     (shell-command-on-region 1 3 "tr a-z A-Z")
     (should (equal shell-tests--message "X")))))

(ert-deftest shell-async-shell-command ()
  (shell-tests--capturing
   (let ((p (async-shell-command "echo async; exit 2")))
     (while (process-live-p p) (accept-process-output p 0.1))
     (accept-process-output nil 0.05)
     (should (equal (buffer-name shell-tests--shown) "*Async Shell Command*"))
     (should (equal (with-current-buffer shell-tests--shown (buffer-string)) "async\n"))
     (should (equal shell-tests--message "echo async; exit 2: exited abnormally with code 2.")))))

;;;; list-processes (lisp/process-menu.el; its layout is gapmacs's, so gapmacs-only)

(ert-deftest process-menu-lists-and-deletes ()
  (skip-unless (boundp 'gapmacs-version))
  (let* ((owner (get-buffer-create "pm-owner"))
         (p1 (make-process :name "pm-sleep" :buffer owner :command '("sleep" "30")))
         (p2 (make-process :name "pm-cat" :command '("cat") :noquery t))
         (b (list-processes)))
    (unwind-protect
        (with-current-buffer b
          (should (eq major-mode 'process-menu-mode))
          (goto-char (point-min))
          (should (looking-at " Process +PID +Status +Buffer +TTY +Command$"))
          (should (re-search-forward
                   (format "^ pm-sleep +%d +run +pm-owner +-- +sleep 30$" (process-id p1)) nil t))
          (should (re-search-forward "^ pm-cat +[0-9]+ +run +-- +-- +cat$" nil t))
          ;; Only the processes that ask before exiting, with a prefix argument.
          (list-processes t)
          (should-not (string-search "pm-cat" (buffer-string)))
          (list-processes)
          (goto-char (point-min))
          (re-search-forward "^ pm-sleep")
          (process-menu-delete-process)
          (should-not (process-live-p p1))
          (should-not (string-search "pm-sleep" (buffer-string)))
          (should (string-search "pm-cat" (buffer-string)))
          (goto-char (point-min))
          (should-error (process-menu-delete-process) :type 'user-error))
      (delete-process p1)
      (delete-process p2)
      (kill-buffer owner))))

;;;; comint and M-x shell (lisp/comint.el, lisp/shell.el; faces are
;;;; `font-lock-face' text properties, as Emacs's shell mode makes them)

(defun shell-tests--face-runs ()
  "The buffer's stretches with a `font-lock-face', as (TEXT FACE)."
  (let ((pos (point-min)) runs)
    (while (< pos (point-max))
      (let ((next (next-single-property-change pos 'font-lock-face nil (point-max))))
        (when (get-text-property pos 'font-lock-face)
          (push (list (buffer-substring-no-properties pos next) (get-text-property pos 'font-lock-face))
                runs))
        (setq pos next)))
    (nreverse runs)))

(defun shell-tests--wait-for (regexp &optional proc)
  (let ((deadline (+ (float-time) 10)))
    (while (and (not (save-excursion (goto-char (point-min)) (re-search-forward regexp nil t)))
                (< (float-time) deadline))
      (accept-process-output proc 0.05))))

(ert-deftest shell-comint-sgr-to-faces ()
  (skip-unless (boundp 'gapmacs-version))
  (should (equal (comint--sgr-apply nil '(1 31)) '(:weight bold :foreground "red")))
  (should (equal (comint--sgr-apply '(:foreground "red") '(0)) nil))
  (should (equal (comint--sgr-apply '(:foreground "red") '(44 39)) '(:background "blue")))
  (should (equal (comint--sgr-apply nil '(38 5 200 92)) '(:foreground "green")))
  (with-temp-buffer
    ;; An escape cut in two by the pipe is still recognised.
    (make-comint-in-buffer "sgr" (current-buffer) "sh" nil "-c"
                           "printf 'a \\033[3'; sleep 0.3; printf '2mgreen\\033[0m b \\033[1mbold\\n'")
    (shell-tests--wait-for "bold\n")
    (should (equal (buffer-substring 1 (1+ (length "a green b bold\n"))) "a green b bold\n"))
    (should (equal (shell-tests--face-runs) '(("green" (:foreground "green")) ("bold\n" (:weight bold)))))
    ;; Emacs's shell-reapply-ansi-color reads them back from ansi-color-face.
    (should (equal (get-text-property 3 'ansi-color-face) '(:foreground "green")))
    (should-not (overlays-in (point-min) (point-max)))))

(ert-deftest shell-comint-sgr-faces-are-shared ()
  "Stretches in the same colours share one face: a stream of a million
coloured lines holds a few faces, not a million."
  (skip-unless (boundp 'gapmacs-version))
  (with-temp-buffer
    (make-comint-in-buffer "sgr" (current-buffer) "sh" nil "-c"
                           "for i in 1 2 3; do printf '\\033[1;31mred\\033[0m \\033[1;31magain\\033[0m\\n'; done; echo end")
    (shell-tests--wait-for "end\n")
    (let ((runs (shell-tests--face-runs)))
      (should (equal (mapcar #'car runs) '("red" "again" "red" "again" "red" "again")))
      (should (equal (cadr (car runs)) '(:weight bold :foreground "red")))
      (dolist (run (cdr runs))
        (should (eq (cadr run) (cadr (car runs))))))))

(ert-deftest shell-comint-faces-stop-where-the-output-does ()
  "Output goes in before markers: a face that ends, or is still open, where
one output ends does not spread over the next; an escape that ends an
output is no error."
  (skip-unless (boundp 'gapmacs-version))
  (with-temp-buffer
    (make-comint-in-buffer "sgr" (current-buffer) "sh" nil "-c"
                           (concat "printf '\\033[31mred\\033[0m'; sleep 0.3; printf ' plain \\033[32mgr'; "
                                   "sleep 0.3; printf 'een\\033[0m tail\\n'"))
    (shell-tests--wait-for "tail\n")
    (should (string-prefix-p "red plain green tail\n" (buffer-string)))
    (let ((faced nil))
      (dotimes (i (length "red plain green tail"))
        (push (plist-get (get-text-property (1+ i) 'font-lock-face) :foreground) faced))
      (should (equal (nreverse faced)
                     (append (make-list 3 "red") (make-list 7 nil) (make-list 5 "green") (make-list 5 nil)))))))

;; Emacs's default `comint-output-filter-functions' (its loaddefs.el
;; defines it) names ansi-color-process-output,
;; comint-postoutput-scroll-to-bottom and comint-watch-for-password-prompt;
;; they ran on every output and signalled (comint-last-output-start was void).
(ert-deftest shell-comint-output-functions-as-emacs ()
  (require 'comint)
  (should (memq 'comint-watch-for-password-prompt (default-value 'comint-output-filter-functions)))
  (with-temp-buffer
    (comint-mode)                       ; which kills local variables
    (let ((seen nil) (errors nil))
      (add-hook 'comint-output-filter-functions
                (lambda (string)
                  ;; A function of the output as it came, run in the
                  ;; process buffer once its escapes are faces.
                  (push (list string (buffer-substring comint-last-output-start (process-mark (get-buffer-process (current-buffer)))))
                        seen))
                t t)                    ; after the global functions
      (let ((debug-on-error nil)
            (command-error-function (lambda (&rest args) (push args errors))))
        (make-comint-in-buffer "out" (current-buffer) "sh" nil "-c" "printf 'one \\033[1mtwo\\033[0m\\n'")
        (shell-tests--wait-for "two\n"))
      (should-not errors)
      (should (equal (apply #'concat (mapcar #'car (reverse seen))) "one \e[1mtwo\e[0m\n"))
      (should (equal (apply #'concat (mapcar #'cadr (reverse seen))) "one two\n"))
      (should (markerp comint-last-output-start)))))

(ert-deftest shell-comint-escapes-stay-without-ansi-color ()
  "Without ansi-color-process-output in the hook, the escapes stay (as
Emacs leaves them), shown escaped by redisplay."
  (require 'comint)
  (with-temp-buffer
    (comint-mode)
    (setq-local comint-output-filter-functions nil)
    (make-comint-in-buffer "raw" (current-buffer) "sh" nil "-c" "printf '\\033[31mred\\033[0m\\n'")
    (shell-tests--wait-for "red")
    (shell-tests--wait-for "\e\\[0m")
    (should (string-prefix-p "\e[31mred\e[0m" (buffer-string)))
    (should-not (shell-tests--face-runs))))

(ert-deftest shell-comint-password-prompt ()
  "A password prompt at the end of the output is answered without echo,
as Emacs's comint-watch-for-password-prompt does; other output is not."
  (require 'comint)                     ; comint-password-function is special
  (with-temp-buffer
    (let* ((asked nil)
           (comint-password-function (lambda (prompt) (push prompt asked) "s3cret")))
      (make-comint-in-buffer "pw" (current-buffer) "sh" nil "-c"
                             "echo 'no password: here, said the log'; printf 'Password: '; read x; echo \"got $x\"")
      (shell-tests--wait-for "got s3cret")
      ;; Emacs's prompt names the buffer when no window shows it.
      (should (= (length asked) 1))
      (should (string-suffix-p "Password: " (car asked)))
      (should (string-search "got s3cret" (buffer-string))))))

(ert-deftest shell-comint-input-history-eof ()
  (skip-unless (boundp 'gapmacs-version))
  (with-temp-buffer
    (make-comint-in-buffer "cat" (current-buffer) "cat")
    (let ((proc (get-buffer-process (current-buffer))))
      (should (eq major-mode 'comint-mode))
      (insert "first")
      (comint-send-input)
      (shell-tests--wait-for "first\nfirst\n" proc)
      (should (equal (buffer-string) "first\nfirst\n"))
      (insert "second")
      (comint-send-input)
      (shell-tests--wait-for "second\nsecond\n" proc)
      (comint-previous-input 1)
      (should (equal (buffer-substring (process-mark proc) (point-max)) "second"))
      (comint-previous-input 1)
      (should (equal (buffer-substring (process-mark proc) (point-max)) "first"))
      (comint-next-input 1)
      (should (equal (buffer-substring (process-mark proc) (point-max)) "second"))
      (comint-kill-input)
      (should (= (point-max) (process-mark proc)))
      ;; C-d at the end sends EOF: cat ends.
      (comint-delchar-or-maybe-eof 1)
      (let ((deadline (+ (float-time) 10)))
        (while (and (process-live-p proc) (< (float-time) deadline))
          (accept-process-output proc 0.05)))
      (should-not (process-live-p proc)))))

(ert-deftest shell-interrupt-keeps-the-shell ()
  (skip-unless (boundp 'gapmacs-version))
  (let ((b (shell (generate-new-buffer-name "*shell-test*") "/bin/sh")))
    (unwind-protect
        (with-current-buffer b
          (should (eq major-mode 'shell-mode))
          (insert "sleep 100")
          (comint-send-input)
          (sleep-for 0.3)
          (comint-interrupt-subjob)
          (insert "echo status-$?")
          (comint-send-input)
          (shell-tests--wait-for "status-[0-9]+")
          (should (save-excursion (goto-char (point-min)) (re-search-forward "status-130$" nil t)))
          (should (process-live-p (get-buffer-process b))))
      (let ((kill-buffer-query-functions nil)) (kill-buffer b)))))

;; The tests below run in Emacs 28 too.
(defmacro shell-tests--with-buffer (var name &rest body)
  "Run BODY with VAR a new buffer called NAME; its process and it go after."
  (declare (indent 2))
  `(let ((,var (generate-new-buffer ,name)))
     (unwind-protect
         (progn ,@body)
       (let ((proc (get-buffer-process ,var)))
         (when proc
           (set-process-query-on-exit-flag proc nil)
           (delete-process proc)))
       (kill-buffer ,var))))

(defun shell-tests--send (input)
  "Type INPUT at the end of the current comint buffer and RET."
  (goto-char (point-max))
  (insert input)
  (comint-send-input))

(ert-deftest shell-dirtrack-follows-cd-pushd-popd ()
  "default-directory follows the cd, pushd and popd typed in M-x shell,
quoting, ~, - and a failing cd included, as Emacs's shell-directory-tracker."
  (let* ((top (file-name-as-directory (make-temp-file "dirtrack" t)))
         (sub (file-name-as-directory (expand-file-name "sub dir" top)))
         (home (file-name-as-directory (expand-file-name "~")))
         (explicit-shell-file-name "/bin/sh")
         (default-directory top))
    (make-directory sub)
    (unwind-protect
        (shell-tests--with-buffer buffer "*dirtrack-test*"
          (with-current-buffer (shell buffer)
            (shell-tests--send "cd 'sub dir'")
            (should (equal default-directory sub))
            (shell-tests--send "cd -")
            (should (equal default-directory top))
            (shell-tests--send "echo hi; cd sub\\ dir && ls")
            (should (equal default-directory sub))
            (shell-tests--send "cd ..")
            (should (equal default-directory top))
            (shell-tests--send "pushd \"sub dir\"")
            (should (equal default-directory sub))
            (should (equal shell-dirstack (list top)))
            (shell-tests--send "popd")
            (should (equal default-directory top))
            (should-not shell-dirstack)
            (shell-tests--send "cd /no/such/directory/here")
            (should (equal default-directory top))
            (shell-tests--send "cd")
            (should (equal default-directory home))
            (shell-dirtrack-mode -1)
            (shell-tests--send (concat "cd " top))
            (should (equal default-directory home))))
      (delete-directory top t))))

(ert-deftest shell-comint-output-commands ()
  "C-c C-o flushes the last output and keeps the prompt, C-c M-o clears
the buffer up to the prompt, TAB completes a file name (Emacs's comint)."
  (require 'comint)
  (let* ((dir (file-name-as-directory (make-temp-file "comint-cmds" t)))
         (default-directory dir))
    (write-region "" nil (expand-file-name "unique-name.txt" dir))
    (make-directory (expand-file-name "subdir-x" dir))
    (unwind-protect
        (shell-tests--with-buffer buffer "*comint-cmds*"
          (with-current-buffer buffer
            (make-comint-in-buffer "cmds" buffer "/bin/sh" nil "-c"
                                   "while read line; do echo \"out $line\"; echo \"more $line\"; printf 'PROMPT> '; done")
            (let ((proc (get-buffer-process buffer)))
              (shell-tests--send "one")
              (shell-tests--wait-for "more one\nPROMPT> " proc)
              (shell-tests--send "two")
              (shell-tests--wait-for "more two\nPROMPT> " proc)
              (comint-delete-output)
              (should (string-suffix-p "two\n*** output flushed ***\nPROMPT> " (buffer-string)))
              (should (string-search "out one" (buffer-string)))
              (should (= (process-mark proc) (point-max)))
              (comint-clear-buffer)
              (should (equal (buffer-string) "PROMPT> "))
              (goto-char (point-max))
              (insert "cat uniq")
              (completion-at-point)
              (should (equal (buffer-substring (process-mark proc) (point-max)) "cat unique-name.txt "))
              (insert "subdir-")
              (completion-at-point)
              (should (equal (buffer-substring (process-mark proc) (point-max)) "cat unique-name.txt subdir-x/")))))
      (delete-directory dir t))))

(ert-deftest shell-comint-carriage-motion-fields-prompt ()
  "Output as a terminal shows it: CR LF is a newline, a lone CR starts the
line again, BS deletes; the output is the `output' field, so
beginning-of-line stops after the prompt, which is highlighted (Emacs's
comint)."
  (require 'comint)
  (shell-tests--with-buffer buffer "*comint-cr*"
    (with-current-buffer buffer
      (make-comint-in-buffer "cr" buffer "/bin/sh" nil "-c"
                             "printf 'progress 10%%\\rprogress 99%%\\r\\nnext ab\\bc\\nPROMPT> '; read x")
      (shell-tests--wait-for "PROMPT> \\'" (get-buffer-process buffer))
      (should (equal (buffer-string) "progress 99%\nnext ac\nPROMPT> "))
      (should (eq (get-text-property 1 'field) 'output))
      (should (memq 'comint-highlight-prompt
                    (ensure-list (get-text-property (- (point-max) 2) 'font-lock-face))))
      (should-not (get-text-property 3 'font-lock-face))
      (goto-char (point-max))
      (insert "typed")
      (beginning-of-line)
      (should (equal (buffer-substring (point) (point-max)) "typed"))
      (goto-char (point-max))
      (move-beginning-of-line 1)          ; C-a
      (should (equal (buffer-substring (point) (point-max)) "typed"))
      (move-beginning-of-line 1)
      (should (equal (buffer-substring (point) (point-max)) "typed")))))

(ert-deftest shell-comint-preoutput-filter-functions ()
  "What comint-preoutput-filter-functions return is what is shown."
  (require 'comint)
  (shell-tests--with-buffer buffer "*comint-pre*"
    (with-current-buffer buffer
      (comint-mode)
      (add-hook 'comint-preoutput-filter-functions
                (lambda (string) (replace-regexp-in-string "SECRET" "******" (upcase string)))
                nil t)
      (make-comint-in-buffer "pre" buffer "/bin/sh" nil "-c" "echo one secret two; read x")
      (let ((proc (get-buffer-process buffer)))
        (shell-tests--wait-for "TWO" proc)
        (should (equal (buffer-string) "ONE ****** TWO\n"))
        (should (= (process-mark proc) (point-max)))))))

(ert-deftest shell-comint-prompt-navigation ()
  "C-c C-p and C-c C-n go to the input after each prompt (the ends of the
output field), as Emacs's comint."
  (require 'comint)
  (shell-tests--with-buffer buffer "*comint-prompts*"
    (with-current-buffer buffer
      (make-comint-in-buffer "prompts" buffer "/bin/sh" nil "-c"
                             "printf 'P1> '; while read line; do echo \"out $line\"; printf 'P2> '; done")
      (let ((proc (get-buffer-process buffer)))
        (shell-tests--wait-for "P1> \\'" proc)
        (shell-tests--send "first")
        (shell-tests--wait-for "P2> \\'" proc)
        (shell-tests--send "second")
        (shell-tests--wait-for "out second\nP2> \\'" proc)
        (should (equal (buffer-string) "P1> first\nout first\nP2> second\nout second\nP2> "))
        (goto-char (point-max))
        (comint-previous-prompt 1)
        (should (looking-at "second\n"))
        (comint-previous-prompt 1)
        (should (looking-at "first\n"))
        (comint-next-prompt 1)
        (should (looking-at "second\n"))
        (comint-next-prompt 1)
        (should (= (point) (point-max)))))))

(ert-deftest shell-reads-the-shell-history ()
  "M-x shell starts with the shell's history file in its input ring
($HISTFILE here): M-p gives the last command of the last session."
  (let* ((history (make-temp-file "history" nil nil "ls -l\n#1700000000\nmake test\ngit status\n"))
         (process-environment (cons (concat "HISTFILE=" history) process-environment))
         (explicit-shell-file-name "/bin/sh"))
    (unwind-protect
        (shell-tests--with-buffer buffer "*history-test*"
          (with-current-buffer (shell buffer)
            (goto-char (point-max))
            (let ((pmark (process-mark (get-buffer-process buffer))))
              (comint-previous-input 1)
              (should (equal (buffer-substring pmark (point-max)) "git status"))
              (comint-previous-input 1)
              (should (equal (buffer-substring pmark (point-max)) "make test"))
              (comint-previous-input 1)
              (should (equal (buffer-substring pmark (point-max)) "ls -l")))))
      (delete-file history))))

(ert-deftest shell-completes-command-names ()
  "TAB on the first word of a shell input completes a command on
exec-path; on a later word, a file name."
  (let* ((bin (file-name-as-directory (make-temp-file "shell-bin" t)))
         (exec-path (cons bin exec-path))
         (explicit-shell-file-name "/bin/sh")
         (default-directory bin))
    (write-region "#!/bin/sh\n" nil (expand-file-name "zqxprogram" bin))
    (set-file-modes (expand-file-name "zqxprogram" bin) #o755)
    (write-region "" nil (expand-file-name "zqxdata.txt" bin))
    (unwind-protect
        (shell-tests--with-buffer buffer "*command-completion*"
          (with-current-buffer (shell buffer)
            (let ((pmark (process-mark (get-buffer-process buffer))))
              (goto-char (point-max))
              (insert "zqxp")
              (completion-at-point)
              (should (equal (buffer-substring pmark (point-max)) "zqxprogram "))
              (insert "zqxd")
              (completion-at-point)
              (should (equal (buffer-substring pmark (point-max)) "zqxprogram zqxdata.txt ")))))
      (delete-directory bin t))))
