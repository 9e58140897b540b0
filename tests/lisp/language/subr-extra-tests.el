;;; subr-extra-tests.el --- versions, sizes, durations, truncation...  -*- lexical-binding: t -*-

;; Expected values are GNU Emacs 28's; the file also runs there.
;; Needs the editor: buffers, regexps, file names, invocation-directory (runs in batch mode, not on the language alone).

(ert-deftest subr-extra-versions ()
  (should (equal (version-to-list "1.2.3-pre4") '(1 2 3 -1 4)))
  (should (equal (version-to-list "1.0alpha") '(1 0 -3)))
  (should (equal (version-to-list "2.3a") '(2 3 1)))
  (should (equal (version-to-list "1.0-rc1") '(1 0 -1 1)))
  (should (equal (version-to-list "1.0.git") '(1 0 -4)))
  (should (equal (version-to-list "22.8beta3") '(22 8 -2 3)))
  (should-error (version-to-list "x.y"))
  (should (version< "1.9" "1.10"))
  (should (version< "1.0pre" "1.0"))
  (should-not (version< "1.0" "1.0.0"))
  (should (version<= "1.0" "1.0.0"))
  (should (version= "1" "1.0.0"))
  (should (version< emacs-version "99")))

(ert-deftest subr-extra-file-size-human-readable ()
  (dolist (case '((0 "0" "0" "0 B") (999 "999" "999" "999 B") (1000 "1000" "1k" "1000 B")
                  (1024 "1k" "1k" "1 KiB") (1500 "1.5k" "1.5k" "1.5 KiB") (10240 "10k" "10.2k" "10 KiB")
                  (123456 "120.6k" "123.5k" "120.6 KiB") (5000000 "4.8M" "5M" "4.8 MiB")
                  (1e10 "9.3G" "10G" "9.3 GiB")))
    (should (equal (file-size-human-readable (nth 0 case)) (nth 1 case)))
    (should (equal (file-size-human-readable (nth 0 case) 'si) (nth 2 case)))
    (should (equal (file-size-human-readable (nth 0 case) 'iec " ") (nth 3 case)))))

(ert-deftest subr-extra-format-seconds ()
  (should (equal (format-seconds "%Y, %D, %H, %M, %z%S" 93784) "1 day, 2 hours, 3 minutes, 4 seconds"))
  (should (equal (format-seconds "%Y, %D, %H, %M, %z%S" 0) "0 seconds"))
  (should (equal (format-seconds "%Y, %D, %H, %M, %z%S" 61) "1 minute, 1 second"))
  (should (equal (format-seconds "%h:%m:%s" 93784) "26:3:4"))
  (should (equal (format-seconds "%.2h:%.2m:%.2s" 61) "00:01:01"))
  (should (equal (format-seconds "%yy %dd %hh %mm %ss%z" 0) ""))
  (should (equal (format-seconds "%M %z%S" 93784) "1563 minutes 4 seconds")))

(ert-deftest subr-extra-truncate-string-to-width ()
  (should (equal (truncate-string-to-width "漢字abc" 4 nil nil "…") "漢…"))
  (should (equal (truncate-string-to-width "abcdef" 3) "abc"))
  (should (equal (truncate-string-to-width "abcdef" 10 nil ?.) "abcdef...."))
  (should (equal (truncate-string-to-width "漢字abc" 3 1 ?x) "xx"))
  (should (equal (truncate-string-to-width "abcdef" 4 nil nil "…") "abc…"))
  (should (equal (truncate-string-to-width "ab" 4 nil nil "…") "ab"))
  (should (equal (truncate-string-to-width "abcdef" 5 2) "cde")))

(ert-deftest subr-extra-lengths ()
  (should (length= '(1 2) 2))
  (should-not (length= '(1 2) 3))
  (should (length= nil 0))
  (should-not (length< '(1) 0))
  (should (length< '(1) 2))
  (should (length> '(1 2) 1))
  (should (length> nil -1))
  (should (length= "ab" 2))
  (should (equal (ensure-list 1) '(1)))
  (should (equal (ensure-list '(2)) '(2))))

(ert-deftest subr-extra-buffer-macros ()
  (with-temp-buffer
    (insert "x")
    (set-buffer-modified-p nil)
    (with-silent-modifications (put-text-property 1 2 'face 'bold))
    (should-not (buffer-modified-p))
    (should (eq (get-text-property 1 'face) 'bold))
    (set-mark 1)
    (goto-char 2)
    (save-mark-and-excursion
      (set-mark 2)
      (goto-char 1))
    (should (= (point) 2))
    (should (= (mark) 1)))
  (should (= (with-output-to-temp-buffer "*subr-extra-tmp*" (princ "hello") 42) 42))
  ;; (Emacs in batch ends the text with a newline of its own.)
  (should (string-prefix-p "hello" (with-current-buffer "*subr-extra-tmp*" (buffer-string))))
  (kill-buffer "*subr-extra-tmp*"))

(ert-deftest subr-extra-progress-reporters ()
  ;; The messages Emacs 28 shows for the same calls (printed by emacs -Q --batch).
  (let ((shown nil) (message (symbol-function 'message)))
    (fset 'message (lambda (fmt &rest args) (push (apply #'format fmt args) shown)))
    (unwind-protect
        (progn
          (let ((r (make-progress-reporter "Working" 0 10 nil 20 0)))
            (dotimes (i 11) (progress-reporter-update r i))
            (progress-reporter-done r))
          (let ((r (make-progress-reporter "Pulse:" nil nil nil nil 0)))
            (progress-reporter-update r)
            (progress-reporter-update r "x")
            (progress-reporter-force-update r nil "New")
            (progress-reporter-done r))
          ;; MIN-TIME 1000: only the first report and `done', however slow
          ;; the machine (the sanitizer build under GC stress).
          (push (dotimes-with-progress-reporter (i 2 'res)
                    (make-progress-reporter "Loop" 0 2 nil nil 1000)
                  (ignore i))
                shown)
          (push (dolist-with-progress-reporter (x '(a b) 'r2)
                    (make-progress-reporter "List" 0 2 nil nil 1000)
                  (ignore x))
                shown))
      (fset 'message message))
    (should (equal (nreverse shown)
                   '("Working... " "Working...20% " "Working...40% " "Working...60% " "Working...80% "
                     "Working...100% " "Working...done" "Pulse: \\ " "Pulse: | " "Pulse: / x" "New - x"
                     "Newdone" "Loop... " "Loop...done" res "List... " "List...done" r2)))
    (should (equal (func-arity 'progress-reporter-update) '(1 . 3)))))

(ert-deftest subr-extra-load-average ()
  ;; The kernel's averages (/proc/loadavg), times 100 and truncated, or
  ;; as floats: display-time-mode shows the first.
  (let* ((kernel (with-temp-buffer
                   (insert-file-contents "/proc/loadavg")
                   (mapcar #'string-to-number (butlast (split-string (buffer-string)) 2))))
         (floats (load-average t))
         (ints (load-average)))
    (should (= (length floats) 3))
    (should (cl-every #'floatp floats))
    (should (cl-every #'natnump ints))
    ;; Read a moment apart: the same to within what a few seconds move them.
    (should (cl-every (lambda (a b) (< (abs (- a b)) 0.5)) floats kernel))
    (should (cl-every (lambda (i f) (<= (abs (- i (truncate (* 100 f)))) 50)) ints floats))))

(ert-deftest subr-extra-process-and-user-ids ()
  (should (equal (emacs-pid) (string-to-number (file-name-nondirectory (file-truename "/proc/self")))))
  (should (equal (user-real-uid) (string-to-number (shell-command-to-string "id -ru"))))
  (should (equal (user-uid) (string-to-number (shell-command-to-string "id -u"))))
  (let* ((prefix (expand-file-name "subr-extra-" temporary-file-directory))
         (name (make-temp-name prefix)))
    (should (string-prefix-p prefix name))
    (should (equal (length name) (+ (length prefix) 6)))
    (should-not (file-exists-p name))
    (should-not (equal name (make-temp-name prefix)))))

(ert-deftest subr-extra-thing-at-point-url-variables ()
  ;; Emacs 28.2's values.
  (require 'thingatpt)
  (should (equal (length thing-at-point-uri-schemes) 94))
  (should (equal (list (car thing-at-point-uri-schemes) (car (last thing-at-point-uri-schemes)))
                 '("aaa://" "wais://")))
  (should (equal thing-at-point-url-path-regexp "[^]\t\n \"'<>[^`{}]*[^]\t\n \"'<>[^`{}.,;]+"))
  (should (string-match-p thing-at-point-short-url-regexp "see www.gnu.org/software/emacs.")))

(ert-deftest subr-extra-package-needs ()
  ;; What Debian's ELPA packages called first (markdown-mode, csv-mode,
  ;; js2-mode, yaml-mode, hydra, evil, with-editor).
  (with-temp-buffer
    (insert "ab\n  cd\nef")
    (goto-char 5)
    (should (equal (list (point-at-bol) (point-at-eol)) '(4 8)))
    (goto-char 2)
    (forward-to-indentation 1)
    (should (equal (point) 6))
    (backward-to-indentation 1)
    (should (equal (point) 1))
    (should (equal buffer-invisibility-spec t))
    (add-to-invisibility-spec '(outline . t))
    (add-to-invisibility-spec 'hide)
    (should (equal buffer-invisibility-spec '(hide (outline . t) t)))
    (remove-from-invisibility-spec '(outline . t))
    (should (equal buffer-invisibility-spec '(hide t)))
    (should (local-variable-p 'buffer-invisibility-spec)))
  (should (equal (default-value 'buffer-invisibility-spec) t))
  ;; Emacs's per-buffer variables are local once set.
  (should (local-variable-if-set-p 'abbrev-mode))
  (should (equal (locate-file-internal "sh" exec-path nil #'file-executable-p) (locate-file "sh" exec-path nil 'executable)))
  (should (string-suffix-p "/sh" (locate-file "sh" exec-path nil 'executable)))
  (should-not (locate-file "bin" '("/usr") nil))          ; a directory is not a file
  (should-not (locate-file "bin" '("/usr") nil t))        ; files.el: t is a mode list
  (should-not (locate-file-internal "bin" '("/usr") nil t))
  (should (equal (locate-file-internal "sh" '("/bin" "/usr/bin") nil t) (locate-file "sh" '("/bin" "/usr/bin"))))
  (should (equal (locate-file "passwd" '("/etc") nil 'readable) "/etc/passwd"))
  (should (equal (locate-file "passwd" '("/etc") nil 'executable) nil)))

(ert-deftest subr-extra-company-needs ()
  ;; What company's ERT suite called first.
  (with-temp-buffer
    (let ((tick (buffer-modified-tick)) (chars (buffer-chars-modified-tick)))
      (insert "abc")
      (should (> (buffer-chars-modified-tick) chars))
      (should (= (buffer-chars-modified-tick) (buffer-modified-tick)))
      (should (> (buffer-modified-tick) tick))
      (setq chars (buffer-chars-modified-tick) tick (buffer-modified-tick))
      (put-text-property 1 2 'face 'bold)
      (should (= (buffer-chars-modified-tick) chars))  ; properties: not the text
      (should (> (buffer-modified-tick) tick))
      (should (= (buffer-modified-tick (current-buffer)) (buffer-modified-tick))))
    (backward-delete-char 1)
    (should (equal (buffer-string) "ab"))
    (insert " (x (y)")
    (should-error (check-parens) :type 'user-error)
    (should (= (point) 4))
    (goto-char (point-max))
    (insert ")")
    (should-not (check-parens)))
  (should (= (time-to-seconds '(0 3 0 0)) 3.0))
  (should (equal (window-fringes) '(0 0 nil nil))))
