;;; find-dired-tests.el --- find-dired and find-name-dired give dired buffers  -*- lexical-binding: t -*-

;; Emacs's own find-dired.el runs; gapmacs replaces only its filter
;; (lisp/find-dired-stream.el), which must leave the buffer Emacs's leaves.
;; Runs in GNU Emacs 28 too (the filter comparison is gapmacs's only):
;;   emacs -Q --batch -l ert -l find-dired-tests.el -f ert-run-tests-batch-and-exit

(require 'dired)
(require 'find-dired)

(defconst find-dired-tests--names
  '("plain.txt" "with space.txt" "new\nline.txt" "tab\there.txt" "-dash.txt" "--" "q'uo\"te.c"
    "star*.c" "what?.c" "[br].c" "back\\slash.c" "$'fake'.c" "é漢.c" "sub/inner.c" "sub/deeper/x.c"
    "sub/ lead space.c" "trailing space.c "))

(defun find-dired-tests--many (n)
  "N, or a tenth of it under the collector's stress (a collection every
few allocations makes thousands of lines minutes)."
  (if (getenv "GAPMACS_GC_STRESS") (/ n 10) n))

(defun find-dired-tests--wait (buffer)
  (let ((deadline (+ (float-time) 60)))
    (while (and (get-buffer-process buffer) (< (float-time) deadline))
      (accept-process-output nil 0.05))
    (accept-process-output nil 0.02)))

(defmacro find-dired-tests--in-tree (&rest body)
  `(let* ((dir (file-name-as-directory (make-temp-file "find-dired-tests" t)))
          (raw (concat dir (decode-coding-string "raw\377\376.c" 'utf-8)))
          ;; Files visited open in Fundamental mode: their major mode is
          ;; not what these tests check.
          (auto-mode-alist nil))
     (unwind-protect
         (progn
           (dolist (n find-dired-tests--names)
             (let ((f (expand-file-name n dir)))
               (make-directory (file-name-directory f) t)
               (with-temp-buffer (insert "contents of " n "\n") (write-region nil nil f nil 'silent))))
           (with-temp-buffer
             (insert "raw contents\n")
             (write-region nil nil raw nil 'silent))
           ,@body)
       (dolist (b (buffer-list))
         (when (and (buffer-live-p b) (buffer-file-name b)
                    (string-prefix-p dir (buffer-file-name b)))
           (kill-buffer b)))
       (when (get-buffer "*Find*") (kill-buffer "*Find*"))
       (delete-directory dir t))))

(defun find-dired-tests--find (dir &rest args)
  "What find lists, as names relative to DIR, sorted."
  (let ((default-directory dir))
    (sort (mapcar (lambda (n) (find-dired-tests--bytes (if (string-prefix-p "./" n) (substring n 2) n)))
                  (split-string (with-temp-buffer
                                  (apply #'call-process "find" nil t nil (append (list ".") args (list "-print0")))
                                  (buffer-string))
                                "\0" t))
          #'string<)))

(defun find-dired-tests--bytes (name)
  "NAME as the bytes of the file name: dired reads find's octal escapes of
a name that is not ASCII back as raw bytes, the same file."
  (encode-coding-string name 'utf-8-unix))

(defun find-dired-tests--listed (buffer dir)
  "The real names of the files BUFFER lists (dired's reading of its lines),
relative to DIR, sorted."
  (with-current-buffer buffer
    (save-excursion
      (goto-char (point-min))
      (let ((names nil))
        (while (not (eobp))
          (let ((file (dired-get-filename nil t)))
            (when file (push (find-dired-tests--bytes (file-relative-name file dir)) names)))
          (forward-line 1))
        (sort names #'string<)))))

(ert-deftest find-name-dired-gives-a-dired-buffer ()
  (find-dired-tests--in-tree
   (let ((b (progn (find-name-dired dir "*.c") (get-buffer "*Find*"))))
     (find-dired-tests--wait b)
     (let ((expected (find-dired-tests--find dir "-name" "*.c")))
       (should (= (length expected) 11))
       (should (equal (find-dired-tests--listed b dir) expected)))
     (with-current-buffer b
       (should (eq major-mode 'dired-mode))
       (should buffer-read-only)
       (should (string-match "\n  find finished at " (buffer-string)))
       (should (equal default-directory dir))))))

(ert-deftest find-dired-awkward-names-visit-the-right-file ()
  (find-dired-tests--in-tree
   (let ((b (progn (find-dired dir "-type f") (get-buffer "*Find*"))))
     (find-dired-tests--wait b)
     (should (equal (find-dired-tests--listed b dir) (find-dired-tests--find dir "-type" "f")))
     (dolist (name (cons (decode-coding-string "raw\377\376.c" 'utf-8)
                         (remove "--" find-dired-tests--names)))
       (with-current-buffer b
         (goto-char (point-min))
         (while (not (equal (find-dired-tests--bytes (or (dired-get-filename nil t) ""))
                            (find-dired-tests--bytes (concat dir name))))
           (forward-line 1)
           (should-not (eobp)))
         (dired-find-file)
         (should (equal (find-dired-tests--bytes (buffer-file-name))
                        (find-dired-tests--bytes (concat dir name))))
         (should (string-match-p "contents" (buffer-string))))))))

(ert-deftest find-dired-buffer-takes-dired-commands ()
  (find-dired-tests--in-tree
   (let ((b (progn (find-dired dir "-name '*.txt'") (get-buffer "*Find*"))))
     (find-dired-tests--wait b)
     (with-current-buffer b
       (dired-mark-files-regexp "space")
       (should (equal (sort (mapcar (lambda (f) (file-relative-name f dir)) (dired-get-marked-files))
                            #'string<)
                      '("with space.txt")))
       (dired-unmark-all-marks)
       ;; Flag the file with a newline in its name and delete it: dired's
       ;; reading of find's escapes reaches the real file.
       (goto-char (point-min))
       (while (not (equal (dired-get-filename nil t) (concat dir "new\nline.txt")))
         (forward-line 1))
       (dired-flag-file-deletion 1)
       (let ((dired-deletion-confirmer (lambda (&rest _) t)))
         (dired-do-flagged-delete t))
       (should-not (file-exists-p (concat dir "new\nline.txt")))
       (should (file-exists-p (concat dir "plain.txt")))))))

(ert-deftest find-dired-kill-find ()
  (let ((b (progn (find-dired "/" "-name zz-no-such -o -exec sleep 10 \\; -quit") (get-buffer "*Find*"))))
    (unwind-protect
        (progn
          (with-current-buffer b
            (should (process-live-p (get-buffer-process b)))
            (kill-find))
          (find-dired-tests--wait b)
          (with-current-buffer b
            (should-not (get-buffer-process b))
            (should (string-match "\n  find \\(killed\\|deleted\\)" (buffer-string)))))
      (kill-buffer b))))

(defun find-dired-tests--pieces (dir)
  "find's -ls output for DIR, cut in pieces of sizes that fall anywhere in
a line (Emacs's filter pads the part of a line a piece ends with, so two
runs of find that are read in different pieces may differ: both filters
must see the same pieces)."
  (let ((output (let ((default-directory dir))
                  (with-temp-buffer
                    (call-process "find" nil t nil "." "-ls")
                    (buffer-string))))
        (sizes '(4096 1000 777 8192 3 90))
        (pieces nil)
        (i 0))
    (while (< i (length output))
      (let ((n (min (nth (% (length pieces) (length sizes)) sizes) (- (length output) i))))
        (push (substring output i (+ i n)) pieces)
        (setq i (+ i n))))
    (nreverse pieces)))

(defun find-dired-tests--feed (filter dir pieces &optional finish)
  "Text and properties of a find-dired buffer for DIR after FILTER took
PIECES from a real process (one that prints nothing), then FINISH with it."
  (let ((buffer (generate-new-buffer "*find-dired-feed*"))
        (find-ls-option '("-ls" . "-dilsb")))
    (unwind-protect
        (with-current-buffer buffer
          (let ((inhibit-read-only t))
            (insert "  " dir ":\n  find . -ls\n"))
          (dired-mode dir (cdr find-ls-option))
          (let ((proc (make-process :name "find-dired-feed" :buffer buffer :noquery t
                                     :command '("sleep" "60"))))
            (unwind-protect
                (progn
                  (set-marker (process-mark proc) (point-max))
                  (dolist (piece pieces) (funcall filter proc piece))
                  (when finish (funcall finish proc)))
              (delete-process proc)))
          (let ((props nil) (pos (point-min)))
            (while (< pos (point-max))
              (let ((next (next-property-change pos nil (point-max))))
                (push (list pos next (text-properties-at pos)) props)
                (setq pos next)))
            (list (buffer-substring-no-properties (point-min) (point-max)) (nreverse props))))
      (kill-buffer buffer))))

(ert-deftest find-dired-stream-leaves-emacs-buffer ()
  "The filter leaves the text and properties Emacs's own leaves, on names
of every kind, whole and cut anywhere."
  (skip-unless (featurep 'find-dired-stream))
  (find-dired-tests--in-tree
   (dotimes (i (find-dired-tests--many 3000))
     (write-region "" nil (format "%sfile-%d with %s.txt" dir i (make-string (% i 7) ?x)) nil 'silent))
   (let* ((pieces (find-dired-tests--pieces dir))
          (emacs-own (advice--cd*r (symbol-function 'find-dired-filter)))
          (ours (find-dired-tests--feed #'find-dired-stream-filter dir pieces))
          (theirs (find-dired-tests--feed emacs-own dir pieces)))
     (should-not (eq emacs-own (symbol-function 'find-dired-filter)))
     (should (> (length pieces) (find-dired-tests--many 100)))
     (should (> (length (car ours)) (find-dired-tests--many 200000)))
     (should (equal (car ours) (car theirs)))
     (should (equal (cadr ours) (cadr theirs))))))

(ert-deftest find-dired-stream-counts-in-the-mode-line ()
  (skip-unless (featurep 'find-dired-stream))
  (find-dired-tests--in-tree
   (let ((b (progn (find-dired dir "") (get-buffer "*Find*"))))
     (find-dired-tests--wait b)
     (with-current-buffer b
       ;; The directory itself, sub, sub/deeper, the names and raw.
       (should (equal mode-line-process
                      (list (format ":exit [%d files]" (+ 3 1 (length find-dired-tests--names))))))))))

(ert-deftest find-name-dired-20000-awkward-names ()
  "On 20,000 files with awkward names (spaces, newlines, tabs, quotes,
leading dashes, wildcards, bytes that are not UTF-8), dired reads back
exactly the names find lists."
  (let* ((n (if (getenv "GAPMACS_GC_STRESS") 300 20000)) ; minutes under stress
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
          (let ((b (progn (find-name-dired dir "*.txt") (get-buffer "*Find*"))))
            (find-dired-tests--wait b)
            (let ((expected (find-dired-tests--find dir "-name" "*.txt")))
              (should (= (length expected) n))
              (should (equal expected (sort (mapcar #'find-dired-tests--bytes names) #'string<)))
              (should (equal (find-dired-tests--listed b dir) expected)))
            (when (featurep 'find-dired-stream)
              (with-current-buffer b
                (should (equal mode-line-process (list (format ":exit [%d files]" n))))))
            (kill-buffer b)))
      (delete-directory dir t))))

(ert-deftest find-dired-stream-yields-to-keys ()
  "While a key waits, the filter inserts find's lines and leaves their dired
properties for later; the sentinel gives them before Emacs's sorts, so the
buffer ends as without keys."
  (skip-unless (featurep 'find-dired-stream))
  (find-dired-tests--in-tree
   (dotimes (i (find-dired-tests--many 2000))
     (write-region "" nil (format "%sfile-%d.txt" dir i) nil 'silent))
   (let* ((pieces (find-dired-tests--pieces dir))
          (count-at-end nil)
          (finish (lambda (proc)
                    (setq count-at-end find-dired-stream--count)
                    (find-dired-stream--before-sentinel proc "finished\n")))
          (plain (find-dired-tests--feed #'find-dired-stream-filter dir pieces finish))
          (with-keys (let ((unread-command-events (list ?x)))
                       (find-dired-tests--feed #'find-dired-stream-filter dir pieces finish))))
     ;; No line was given its properties while the key waited...
     (should (equal count-at-end 0))
     ;; ...and the sentinel gave them all.
     (should (equal with-keys plain))
     (should (> (length (cadr plain)) (find-dired-tests--many 4000))))))
