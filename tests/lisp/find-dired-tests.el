;;; find-dired-tests.el --- lisp/find-dired.el  -*- lexical-binding: t -*-

;; gapmacs's *Find* lists names (no dired), so these checks are gapmacs-only.
(when (boundp 'gapmacs-version) (load "loadup" nil t))

(defconst find-dired-tests--names
  '("plain.txt" "with space.txt" "new\nline.txt" "tab\there.txt" "-dash.txt" "--" "q'uo\"te.c"
    "star*.c" "what?.c" "[br].c" "back\\slash.c" "$'fake'.c" "é漢.c" "sub/inner.c" "sub/deeper/x.c"
    "sub/ lead space.c"))

(defun find-dired-tests--wait (buffer)
  (let ((deadline (+ (float-time) 20)))
    (while (and (get-buffer-process buffer) (< (float-time) deadline))
      (accept-process-output nil 0.05))
    (accept-process-output nil 0.02)))

(defmacro find-dired-tests--in-tree (&rest body)
  `(let* ((dir (file-name-as-directory (make-temp-file "find-dired-tests" t)))
          (raw (concat dir (decode-coding-string "raw\377\376.c" 'utf-8)))
          ;; Files visited open in Fundamental mode: their major mode is
          ;; not what these tests check, and CC Mode's set-up of a buffer
          ;; under the collector's stress took minutes.
          (auto-mode-alist nil))
     (unwind-protect
         (progn
           (dolist (n find-dired-tests--names)
             (let ((f (expand-file-name n dir)))
               (make-directory (file-name-directory f) t)
               (with-temp-buffer (insert "contents of " n "\n") (write-region nil nil f))))
           (with-temp-buffer
             (insert "raw contents\n")
             (write-region nil nil raw))
           ,@body)
       (dolist (b (buffer-list))
         (when (and (buffer-live-p b) (buffer-file-name b)
                    (string-prefix-p dir (buffer-file-name b)))
           (kill-buffer b)))
       (delete-directory dir t))))

(defun find-dired-tests--find (dir &rest args)
  "What find lists, as names relative to DIR, sorted."
  (let ((default-directory dir))
    (sort (mapcar (lambda (n) (if (string-prefix-p "./" n) (substring n 2) n))
                  (split-string (with-temp-buffer
                                  (apply #'call-process "find" nil t nil (append (list ".") args (list "-print0")))
                                  (buffer-string))
                                "\0" t))
          #'string<)))

(defun find-dired-tests--listed (buffer)
  (with-current-buffer buffer
    (sort (find-dired-names) #'string<)))

(ert-deftest find-name-dired-lists-what-find-lists ()
  (skip-unless (boundp 'gapmacs-version))
  (find-dired-tests--in-tree
   (let ((b (find-name-dired dir "*.c")))
     (find-dired-tests--wait b)
     (let ((expected (find-dired-tests--find dir "-name" "*.c")))
       (should (= (length expected) 11))
       (should (equal (find-dired-tests--listed b) expected)))
     (with-current-buffer b
       (should (eq major-mode 'find-dired-mode))
       (should buffer-read-only)
       (should (string-match "\n  find finished at " (buffer-string)))
       (should (string-prefix-p ":exit [11 files]" mode-line-process))
       ;; One line per name: the listing has exactly as many lines as names.
       (should (= (- (line-number-at-pos (point-max)) find-dired--first-line) (+ 11 2)))
       (should (string-search "\n  $'$\\'fake\\'.c'\n" (buffer-string)))))))

(ert-deftest find-dired-args-and-awkward-names ()
  (skip-unless (boundp 'gapmacs-version))
  (find-dired-tests--in-tree
   (let ((b (find-dired dir "")))
     (find-dired-tests--wait b)
     (should (equal (find-dired-tests--listed b) (find-dired-tests--find dir)))
     (with-current-buffer b
       (should (string-match-p "^  \\.\n" (buffer-string)))))
   (let ((b (find-dired dir "-type f -name '*e*'")))
     (find-dired-tests--wait b)
     (should (equal (find-dired-tests--listed b)
                    (find-dired-tests--find dir "-type" "f" "-name" "*e*"))))))

(ert-deftest find-dired-display-and-visit ()
  (skip-unless (boundp 'gapmacs-version))
  (find-dired-tests--in-tree
   (let ((b (find-dired dir "-type f")))
     (find-dired-tests--wait b)
     (with-current-buffer b
       (goto-char (point-min))
       (should-error (find-dired-find-file) :type 'user-error)
       ;; The newline is shown escaped, and RET visits the real file.
       (re-search-forward "^  \\$'new\\\\nline\\.txt'$")
       (find-dired-find-file)
       (should (equal (buffer-file-name) (concat dir "new\nline.txt")))
       (should (equal (buffer-string) "contents of new\nline.txt\n")))
     ;; Issue 18: a TAB is listed as the file is named, as in Emacs (it was
     ;; shell-quoted), and RET visits it.
     (dolist (name (list "tab\there.txt" "-dash.txt" "q'uo\"te.c" "star*.c" "[br].c" "sub/ lead space.c" "é漢.c"
                         (decode-coding-string "raw\377\376.c" 'utf-8)))
       (with-current-buffer b
         (goto-char (point-min))
         (should (search-forward (concat "\n  " name "\n")))
         (forward-line -1)
         (find-dired-find-file)
         (should (equal (buffer-file-name) (concat dir name)))
         (should (string-match-p "contents" (buffer-string))))))))

(ert-deftest find-dired-kill-and-rerun ()
  (skip-unless (boundp 'gapmacs-version))
  (let ((b (find-dired "/" "-name zz-no-such -o -exec sleep 10 \\; -quit")))
    (with-current-buffer b
      (should (string-prefix-p ":run" mode-line-process))
      (kill-find))
    (find-dired-tests--wait b)
    (with-current-buffer b
      (should (string-match "\n  find killed at " (buffer-string)))
      (should (string-prefix-p ":signal [0 files]" mode-line-process))))
  (find-dired-tests--in-tree
   (let ((b (find-name-dired dir "plain.txt")))
     (find-dired-tests--wait b)
     (with-temp-buffer (insert "new") (write-region nil nil (concat dir "sub/plain.txt")))
     (with-current-buffer b (revert-buffer))
     (find-dired-tests--wait b)
     (should (equal (find-dired-tests--listed b) '("plain.txt" "sub/plain.txt"))))))

(ert-deftest find-name-dired-20000-awkward-names ()
  "The issue's check: on 20,000 files with awkward names (spaces, newlines,
tabs, quotes, leading dashes, wildcards, bytes that are not UTF-8), the
listing is exactly find's, byte for byte (utf-8 decoding keeps raw bytes,
so equal strings are equal bytes)."
  (skip-unless (boundp 'gapmacs-version))
  (let* ((n (if (getenv "GAPMACS_GC_STRESS") 200 20000)) ; every allocation collects then
         (dir (file-name-as-directory (make-temp-file "find-dired-big" t)))
         (default-directory dir)
         (shapes (list "plain %d.txt" "-dash%d.txt" "new\nline%d.txt" "tab\t%d.txt"
                       "q'uo\"te%d.txt" "star*%d?.txt" "[br]%d.txt" "raw\377%d.txt"
                       "$'x'%d.txt" "back\\%d.txt"))
         (names nil))
    (unwind-protect
        (progn
          (dotimes (i n)
            (push (format "d%d/%s" (% i 37)
                          (format (decode-coding-string (nth (% i (length shapes)) shapes) 'utf-8) i))
                  names))
          (with-temp-buffer
            (dotimes (d 37) (insert (format "d%d" d) 0))
            (call-process-region (point-min) (point-max) "xargs" nil nil nil "-0" "mkdir" "-p" "--")
            (erase-buffer)
            (dolist (name names) (insert name 0))
            (call-process-region (point-min) (point-max) "xargs" nil nil nil "-0" "touch" "--"))
          (let ((b (find-name-dired dir "*.txt")))
            (find-dired-tests--wait b)
            (let ((expected (find-dired-tests--find dir "-name" "*.txt")))
              (should (= (length expected) n))
              (should (equal expected (sort names #'string<)))
              (should (equal (find-dired-tests--listed b) expected)))
            (with-current-buffer b
              (should (string-prefix-p (format ":exit [%d files]" n) mode-line-process)))))
      (delete-directory dir t))))
