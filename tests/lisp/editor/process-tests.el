;;; process-tests.el --- processes, filters, sentinels  -*- lexical-binding: t -*-

;; Everything here but the region filter tests also runs in GNU Emacs 28
;; (emacs -Q --batch -l ert -l process-tests.el -f ert-run-tests-batch-and-exit),
;; which is how the expected values were checked.

(when (locate-library "proced")
  (require 'proced))

(defun process-tests--wait (proc)
  "Turn the loop until PROC has ended and its sentinel ran."
  (while (process-live-p proc)
    (accept-process-output proc 1))
  ;; The sentinel runs once the exit is seen; give it a turn.
  (accept-process-output nil 0.05))

(ert-deftest process-default-filter-inserts-at-mark ()
  (with-temp-buffer
    (insert "head\n")
    (goto-char (point-min))
    (let ((p (make-process :name "echo" :buffer (current-buffer)
                           :command '("printf" "one\\ntwo\\n")
                           :sentinel #'ignore)))
      (should (processp p))
      (should (eq (process-filter p) 'internal-default-process-filter))
      (process-tests--wait p)
      (should (equal (buffer-string) "head\none\ntwo\n"))
      (should (= (marker-position (process-mark p)) (point-max)))
      (should (= (point) 1))
      (should (eq (process-status p) 'exit))
      (should (= (process-exit-status p) 0))
      (should-not (memq p (process-list))))))

(ert-deftest process-default-sentinel-writes-to-buffer ()
  (with-temp-buffer
    (let ((p (start-process "tell" (current-buffer) "sh" "-c" "echo hi; exit 3")))
      (should (eq (process-sentinel p) 'internal-default-process-sentinel))
      (process-tests--wait p)
      (should (equal (buffer-string) "hi\n\nProcess tell exited abnormally with code 3\n")))))

(ert-deftest process-string-filter-gets-all-output ()
  (let* ((chunks nil)
         (p (make-process :name "seq" :command '("seq" "1" "3000")
                          :filter (lambda (_p s) (push s chunks))
                          :sentinel #'ignore)))
    (process-tests--wait p)
    (should (equal (apply #'concat (nreverse chunks))
                   (mapconcat (lambda (i) (format "%d\n" i)) (number-sequence 1 3000) "")))))

(ert-deftest process-sentinel-events ()
  (let ((events nil))
    (dolist (script '("exit 0" "exit 2" "kill -TERM $$"))
      (let ((p (make-process :name "s" :command (list "sh" "-c" script)
                             :sentinel (lambda (_p e) (push e events)))))
        (process-tests--wait p)))
    (should (equal (nreverse events)
                   '("finished\n" "exited abnormally with code 2\n" "terminated\n")))))

(ert-deftest process-delete-runs-sentinel-with-killed ()
  (let* ((events nil)
         (p (make-process :name "sleeper" :command '("sleep" "30")
                          :sentinel (lambda (_p e) (push e events)))))
    (should (process-live-p p))
    (delete-process p)
    (should (equal events '("killed\n")))
    (should-not (process-live-p p))
    (should (eq (process-status p) 'signal))
    (should-not (memq p (process-list)))))

(ert-deftest process-missing-program-is-file-missing ()
  (should (equal (should-error (make-process :name "x" :command '("gapmacs-no-such-program")))
                 '(file-missing "Searching for program" "No such file or directory"
                                "gapmacs-no-such-program")))
  (should (equal (should-error (call-process "gapmacs-no-such-program"))
                 '(file-missing "Searching for program" "No such file or directory"
                                "gapmacs-no-such-program"))))

(ert-deftest process-filter-error-is-reported-and-output-goes-on ()
  ;; GNU Emacs in batch mode exits on a filter error; gapmacs reports it and
  ;; goes on, as interactive Emacs does. So this runs in gapmacs only.
  (when (fboundp 'set-process-region-filter)
  (with-temp-buffer
    (let* ((calls 0)
           (buf (current-buffer))
           (p (make-process :name "err" :command '("seq" "1" "2000")
                            :sentinel #'ignore
                            :filter (lambda (_p s)
                                      (setq calls (1+ calls))
                                      (with-current-buffer buf (insert s))
                                      (error "Filter failed")))))
      ;; ERT binds debug-on-error, under which Emacs lets filter errors through.
      (let ((debug-on-error nil))
        (process-tests--wait p))
      (should (> calls 0))
      (should (= (count-lines (point-min) (point-max)) 2000))))))

(ert-deftest process-send-string-and-eof ()
  (with-temp-buffer
    (let ((p (make-process :name "cat" :buffer (current-buffer) :command '("cat")
                           :sentinel #'ignore)))
      (process-send-string p "hello\n")
      (process-send-string p "wörld\n")
      (process-send-eof p)
      (process-tests--wait p)
      (should (equal (buffer-string) "hello\nwörld\n")))))

(ert-deftest process-accessors ()
  (with-temp-buffer
    (let ((p (make-process :name "acc" :buffer (current-buffer) :command '("sleep" "5")
                           :coding 'binary :noquery t)))
      (should (equal (process-name p) "acc"))
      (should (equal (process-command p) '("sleep" "5")))
      (should (eq (process-buffer p) (current-buffer)))
      (should (eq (get-process "acc") p))
      (should (integerp (process-id p)))
      (should (equal (process-coding-system p) '(binary . binary)))
      (should-not (process-query-on-exit-flag p))
      (process-put p 'k 'v)
      (should (eq (process-get p 'k) 'v))
      (should (eq (process-status p) 'run))
      (kill-process p)
      (process-tests--wait p)
      (should (eq (process-status p) 'signal))
      (should (= (process-exit-status p) 9)))))

(ert-deftest process-call-process-destinations ()
  (with-temp-buffer
    (insert "<>")
    (backward-char)
    (should (= (call-process "printf" nil t nil "a\\nb") 0))
    (should (equal (buffer-string) "<a\nb>"))
    (should (= (point) 5)))
  (should (= (call-process "sh" nil nil nil "-c" "exit 4") 4))
  (should (equal (call-process "sh" nil nil nil "-c" "kill -9 $$") "Killed"))
  (should (null (call-process "true" nil 0)))
  (let ((name (generate-new-buffer-name "call-process-out")))
    (call-process "echo" nil name nil "made")
    (should (equal (with-current-buffer name (buffer-string)) "made\n"))
    (kill-buffer name))
  (with-temp-buffer
    (call-process "sh" nil (list (current-buffer) nil) nil "-c" "echo out; echo err >&2")
    (should (equal (buffer-string) "out\n"))))

(ert-deftest process-call-process-region ()
  (with-temp-buffer
    (insert "banana\napple\ncherry\n")
    (call-process-region (point-min) (point-max) "sort" t t)
    (should (equal (buffer-string) "apple\nbanana\ncherry\n"))))

(ert-deftest process-binary-output-round-trips ()
  ;; Bytes a child writes, NULs and invalid UTF-8 included, come back
  ;; byte for byte when the buffer is written with binary.
  (let ((got (make-temp-file "proc-got"))
        (want (make-temp-file "proc-want"))
        (script "printf '\\000\\377\\200ab\\303\\n\\300\\201'"))
    (unwind-protect
        (progn
          (with-temp-buffer
            (let ((coding-system-for-read 'utf-8-unix))
              (call-process "sh" nil t nil "-c" script))
            (should (= (buffer-size) 9))
            (let ((coding-system-for-write 'binary))
              (write-region nil nil got)))
          (call-process "sh" nil (list :file want) nil "-c" script)
          (should (= (call-process "cmp" nil nil nil got want) 0)))
      (delete-file got)
      (delete-file want))))

(ert-deftest process-read-output-max-is-captured-at-start ()
  (with-temp-buffer
    (let ((p (let ((read-process-output-max 7))
               (make-process :name "small" :buffer (current-buffer)
                             :command '("printf" "日本語のテキスト")
                             :sentinel #'ignore))))
      (process-tests--wait p)
      (should (equal (buffer-string) "日本語のテキスト")))))

(ert-deftest process-get-buffer-process ()
  (with-temp-buffer
    (should-not (get-buffer-process (current-buffer)))
    (let ((p (start-process "gbp" (current-buffer) "sleep" "5")))
      (should (eq (get-buffer-process (current-buffer)) p))
      (should (eq (get-buffer-process (buffer-name)) p))
      (delete-process p)
      (should-not (get-buffer-process (current-buffer))))))

(defun process-tests--exec-attributes (process command)
  "PROCESS's attributes once it runs COMMAND: a fork has its parent's until
it execs, and in the middle of an exec the kernel shows the new name with
no arguments yet (\"[sh]\")."
  (let ((tries 0) attrs)
    (while (and (< tries 100)
                (progn (setq attrs (process-attributes (process-id process)))
                       (not (and (equal (alist-get 'comm attrs) command)
                                 (not (string-prefix-p "[" (alist-get 'args attrs)))))))
      (sleep-for 0.02)
      (setq tries (1+ tries)))
    attrs))

(ert-deftest process-system-processes ()
  ;; list-system-processes and process-attributes read /proc as Emacs 28
  ;; does: the same keys in the same order, the units of Emacs's sysdep.c.
  (let ((attrs (process-attributes (emacs-pid))))
    (should (equal (mapcar #'car attrs)
                   '(args pmem pcpu etime rss vsize start thcount nice pri ctime cstime cutime time
                          stime utime cmajflt cminflt majflt minflt tpgid ttname sess pgrp ppid state
                          comm group egid user euid)))
    (should (memq (emacs-pid) (list-system-processes)))
    (should (equal (alist-get 'euid attrs) (user-uid)))
    (should (string-prefix-p (substring invocation-name 0 (min 15 (length invocation-name)))
                             (alist-get 'comm attrs)))
    (should (> (alist-get 'rss attrs) 0))
    (should (= (length (alist-get 'start attrs)) 4)))
  (should-not (process-attributes 999999999))
  (let ((child (make-process :name "sleeper" :command '("sleep" "30") :noquery t)))
    (unwind-protect
        (let ((attrs (process-tests--exec-attributes child "sleep")))
          (should (equal (alist-get 'ppid attrs) (emacs-pid)))
          (should (equal (alist-get 'comm attrs) "sleep"))
          ;; The program as make-process found it on exec-path.
          (should (equal (alist-get 'args attrs) (concat (executable-find "sleep") " 30"))))
      (delete-process child)))
  (let ((child (make-process :name "sleeper" :command '("sh" "-c" "sleep 30; true") :noquery t)))
    (unwind-protect
        ;; A space inside an argument is escaped, as Emacs shows it.
        (let ((args (alist-get 'args (process-tests--exec-attributes child "sh"))))
          (should (equal args (concat (executable-find "sh") " -c sleep\\ 30;\\ true"))))
      (delete-process child))))

(ert-deftest process-proced-lists-this-process ()
  ;; Emacs's proced, on list-system-processes and process-attributes.
  (skip-unless (locate-library "proced"))
  (require 'proced)
  (let ((inhibit-message t))
    (proced))
  (unwind-protect
      (with-current-buffer "*Proced*"
        (goto-char (point-min))
        (should (re-search-forward (format "^ *[^ ]+ +%d " (emacs-pid)) nil t))
        (when (fboundp 'internal--header-line-text) ; Emacs's batch shows none
          (should (string-match-p "\\`  *User +PID %CPU %Mem +Start +Time Args"
                                  (internal--header-line-text header-line-format)))))
    (kill-buffer "*Proced*")))

(ert-deftest process-filters-and-sentinels-run-as-emacs-runs-them ()
  ;; inhibit-quit and last-nonmenu-event bound to t; the current buffer and
  ;; the match data of the code they interrupt are restored afterwards.
  (let* ((seen nil)
         (other (get-buffer-create " *process-tests-other*"))
         (p (make-process :name "asynch" :command '("echo" "hello")
                          :filter (lambda (_p s)
                                    (push (list 'filter inhibit-quit last-nonmenu-event (buffer-name)) seen)
                                    (string-match "l+" s)
                                    (set-buffer other))
                          :sentinel (lambda (_p e)
                                      (push (list 'sentinel inhibit-quit (buffer-name)) seen)
                                      (string-match "d" e)
                                      (set-buffer other)))))
    (unwind-protect
        (with-temp-buffer
          (rename-buffer " *process-tests-caller*")
          (string-match "b" "abc")
          (process-tests--wait p)
          (should (equal (reverse seen)
                         '((filter t t " *process-tests-caller*")
                           (sentinel t " *process-tests-caller*"))))
          (should (equal (match-beginning 0) 1))
          (should (equal (buffer-name) " *process-tests-caller*")))
      (kill-buffer other))))

(ert-deftest process-timers-bind-inhibit-quit-and-keep-the-buffer ()
  ;; As Emacs's timers: C-g waits for them, and the current buffer is
  ;; restored; the match data is not (Emacs does not save it for timers).
  (let ((ran nil)
        (other (get-buffer-create " *process-tests-other*")))
    (unwind-protect
        (with-temp-buffer
          (rename-buffer " *process-tests-timer*")
          (string-match "b" "abc")
          (run-at-time 0 nil (lambda ()
                               (setq ran (list inhibit-quit (buffer-name)))
                               (string-match "c" "abc")
                               (set-buffer other)))
          (while (not ran) (accept-process-output nil 0.05))
          (should (equal ran '(t " *process-tests-timer*")))
          (should (equal (match-beginning 0) 2))
          (should (equal (buffer-name) " *process-tests-timer*")))
      (kill-buffer other))))

(ert-deftest process-with-debug-on-error-a-filter-error-reaches-the-waiter ()
  ;; As Emacs: with debug-on-error (ERT binds it) a filter's error is not
  ;; caught for a message but goes on to whoever waits for the output.
  ;; (Named to run last: Emacs's match data after a filter exits this way
  ;; is what the filter left, which would fail the test above.)
  (let* ((p (make-process :name "boom" :command '("sh" "-c" "echo hello; sleep 5")
                          :filter (lambda (_p _s) (error "Boom")))))
    (unwind-protect
        (should (equal (condition-case e
                           (let ((debug-on-error t) (debugger #'ignore))
                             (while (process-live-p p) (accept-process-output p 0.1))
                             'no-error)
                         (error e))
                       '(error "Boom")))
      (delete-process p))))
