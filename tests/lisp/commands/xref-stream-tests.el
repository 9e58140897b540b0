;;; xref-stream-tests.el --- project-find-regexp's matches as they are found  -*- lexical-binding: t -*-

;; gapmacs's streaming *xref* (lisp/xref-stream.el, issue 21): matches show
;; while the search runs, and when it ends the buffer is the one Emacs's own
;; `xref--show-xref-buffer' makes from the same search (run here, on
;; Emacs's xref.el, as the expected value).  Skipped without Emacs's
;; library, and under GNU Emacs, which has no streaming search.
(require 'xref-stream nil t)

(defmacro xref-stream-tests--in-repo (var &rest body)
  "Run BODY with VAR a new git repository holding a few files."
  (declare (indent 1))
  `(let* ((,var (file-name-as-directory (file-truename (make-temp-file "xref-stream" t))))
          (default-directory ,var))
     (unwind-protect
         (progn
           (write-region "int alpha(void) { return 1; }\n" nil (concat ,var "a.c") nil 'silent)
           (write-region "int beta(void) { return alpha() + alpha(); }\n/* alpha */\n"
                         nil (concat ,var "b.c") nil 'silent)
           (make-directory (concat ,var "src"))
           (write-region (mapconcat (lambda (n) (format "line %d%s" n (if (memq n '(2 9 10)) " alpha" "")))
                                    (number-sequence 1 12) "\n")
                         nil (concat ,var "src/notes.txt") nil 'silent)
           (write-region "alpha\n" nil (concat ,var "ignored.log") nil 'silent)
           (write-region "*.log\n" nil (concat ,var ".gitignore") nil 'silent)
           (call-process "git" nil nil nil "init" "-q")
           ,@body)
       (when (get-buffer xref-buffer-name)
         (kill-buffer xref-buffer-name))
       (delete-directory ,var t))))

(defmacro xref-stream-tests--one-name-a-batch (&rest body)
  "Run BODY with a search program that greps each name as xargs reads it
\(xargs gives grep a batch of 128 KiB of names, or what it has at the end)."
  `(let ((xref-search-program 'one-by-one)
         (xref-search-program-alist
          '((one-by-one . "xargs -0 -n 1 grep <C> --null -snHE -e <R>"))))
     ,@body))

(defun xref-stream-tests--wait (predicate)
  "Wait (60 s at most: the collector's stress test is slow) until
PREDICATE holds in *xref*."
  (let ((deadline (+ (float-time) 60)))
    (while (and (not (with-current-buffer xref-buffer-name (funcall predicate)))
                (< (float-time) deadline))
      (accept-process-output nil 0.02))
    (with-current-buffer xref-buffer-name (funcall predicate))))

(defun xref-stream-tests--done ()
  (xref-stream-tests--wait (lambda () (null xref-stream--processes))))

(defun xref-stream-tests--lines ()
  "Each line of *xref*: its text, the face at its start, and its item's line."
  (with-current-buffer xref-buffer-name
    (save-excursion
      (goto-char (point-min))
      (let (lines)
        (while (not (eobp))
          (let ((item (get-text-property (point) 'xref-item)))
            (push (list (buffer-substring-no-properties (point) (line-end-position))
                        (get-text-property (point) 'face)
                        (and item (xref-location-line (xref-item-location item)))
                        (and item (xref-file-location-file (xref-item-location item))))
                  lines))
          (forward-line 1))
        (nreverse lines)))))

(defun xref-stream-tests--emacs-buffer (regexp &optional project)
  "The lines of the *xref* Emacs's own code shows for REGEXP in PROJECT
\(the current one by default)."
  (let* ((project (or project (project-current t)))
         (files (project-files project))
         (xref-buffer-name "*xref emacs*"))
    (save-window-excursion
      (xref--show-xref-buffer (apply-partially #'project--find-regexp-in-files regexp files) nil))
    (prog1 (xref-stream-tests--lines)
      (kill-buffer xref-buffer-name))))

(ert-deftest xref-stream-project-find-regexp-as-emacs ()
  "The streamed buffer ends as Emacs's: text, faces, items, order."
  (skip-unless (and (featurep 'xref-stream) (executable-find "git")))
  (xref-stream-tests--in-repo dir
    (let ((expected (xref-stream-tests--emacs-buffer "alpha")))
      (should (equal (car (nth 0 expected)) "a.c"))
      (save-window-excursion
        (project-find-regexp "alpha")
        (should (xref-stream-tests--done))
        (should (equal (xref-stream-tests--lines) expected))
        (should (string-match-p ":exit \\[4 files, 7 matches"
                                (with-current-buffer xref-buffer-name mode-line-process)))))))

(ert-deftest xref-stream-in-a-plain-directory-as-emacs ()
  "A directory outside version control is listed by find, as
`project-files' lists it (ignored files left out)."
  (skip-unless (featurep 'xref-stream))
  (xref-stream-tests--in-repo dir
    (delete-directory (concat dir ".git") t)
    (write-region "alpha\n" nil (concat dir "a.o") nil 'silent)
    (let* ((project (cons 'transient dir))
           (expected (xref-stream-tests--emacs-buffer "alpha" project)))
      (should-not (member "a.o" (mapcar #'car expected)))
      (save-window-excursion
        (xref-stream-search "alpha" dir (project-listing-command project))
        (should (xref-stream-tests--done))
        (should (equal (xref-stream-tests--lines) expected))))))

(ert-deftest xref-stream-shows-matches-before-the-search-ends ()
  "The first file's match is there, and can be visited, while the
listing still runs; the rest comes after."
  (skip-unless (featurep 'xref-stream))
  (xref-stream-tests--in-repo dir
    (save-window-excursion
      (xref-stream-tests--one-name-a-batch
        ;; The listing gives b.c once the test has looked (and made `go').
        ;; A text file first: visiting it loads no major mode's library.
        (write-region "alpha first\n" nil (concat dir "first.txt") nil 'silent)
        (xref-stream-search "alpha" dir (concat "printf 'first.txt\\0';"
                                                "while [ ! -e go ]; do sleep 0.02; done;"
                                                "printf 'b.c\\0'")))
      (should (xref-stream-tests--wait (lambda () (> (buffer-size) 0))))
      (with-current-buffer xref-buffer-name
        (should xref-stream--processes)
        (should (string-match-p ":run \\[1 file, 1 match," mode-line-process))
        (should (equal (mapcar #'car (xref-stream-tests--lines))
                       '("first.txt" "1: alpha first")))
        (goto-char (point-min))
        (xref-next-line-no-show)
        (let ((location (xref-item-location (get-text-property (point) 'xref-item))))
          (should (equal (xref-file-location-file location) (concat dir "first.txt")))
          (let ((marker (xref-location-marker location)))
            (should (equal (with-current-buffer (marker-buffer marker)
                             (buffer-substring marker (+ marker 5)))
                           "alpha")))))
      (write-region "" nil (concat dir "go") nil 'silent)
      (should (xref-stream-tests--done))
      (should (equal (mapcar #'car (xref-stream-tests--lines))
                     '("b.c" "1: int beta(void) { return alpha() + alpha(); }"
                       "2: /* alpha */"
                       "first.txt" "1: alpha first"))))))

(ert-deftest xref-stream-sorts-a-listing-out-of-order ()
  "Emacs sorts matches by file name: a listing in another order is shown
so once the search ends."
  (skip-unless (featurep 'xref-stream))
  (xref-stream-tests--in-repo dir
    (save-window-excursion
      (xref-stream-tests--one-name-a-batch
        (xref-stream-search "alpha" dir (concat "printf 'b.c\\0';"
                                                "while [ ! -e go ]; do sleep 0.02; done;"
                                                "printf 'a.c\\0'")))
      (should (xref-stream-tests--wait (lambda () (> (buffer-size) 0))))
      (should (equal (car (car (xref-stream-tests--lines))) "b.c"))
      (write-region "" nil (concat dir "go") nil 'silent)
      (should (xref-stream-tests--done))
      (should (equal (seq-filter (lambda (line) (string-match-p "\\.c\\'" line))
                                 (mapcar #'car (xref-stream-tests--lines)))
                     '("a.c" "b.c"))))))

(ert-deftest xref-stream-widens-a-group-as-its-lines-grow ()
  "A group whose later matches have wider line numbers is shown again in
their width, as Emacs shows it (src/notes.txt: line 2, then lines 9 and 10
in the next piece of output)."
  (skip-unless (and (featurep 'xref-stream) (executable-find "git")))
  (xref-stream-tests--in-repo dir
    (let ((expected (xref-stream-tests--emacs-buffer "alpha"))
          (file (concat dir "src/notes.txt")))
      (with-current-buffer (get-buffer-create xref-buffer-name)
        (xref--xref-buffer-mode)
        (setq default-directory dir
              xref-stream--display-root dir)
        (xref-stream--show (xref--convert-hits (list (list 2 file "line 2 alpha")) "alpha"))
        (should (equal (mapcar #'car (xref-stream-tests--lines))
                       '("src/notes.txt" "2: line 2 alpha")))
        (xref-stream--show (xref--convert-hits (list (list 9 file "line 9 alpha")
                                                     (list 10 file "line 10 alpha"))
                                               "alpha"))
        (should (equal (mapcar #'car (xref-stream-tests--lines))
                       '("src/notes.txt" " 2: line 2 alpha" " 9: line 9 alpha" "10: line 10 alpha")))
        (should (equal (xref-stream-tests--lines) (last expected 4)))))))

(ert-deftest xref-stream-says-why-nothing-was-found ()
  (skip-unless (featurep 'xref-stream))
  (xref-stream-tests--in-repo dir
    (save-window-excursion
      (dolist (case '(("zzz" "printf 'a.c\\0'" "No matches for: zzz")
                      ("alpha" "true" "Empty file list")
                      ("alpha" "echo no such >&2; exit 3" "File listing failed: no such")))
        (xref-stream-search (nth 0 case) dir (nth 1 case))
        (should (xref-stream-tests--done))
        (with-current-buffer xref-buffer-name
          (should (equal (buffer-string) (nth 2 case)))
          (should (eq (get-text-property 1 'face) 'error)))))))

(ert-deftest xref-stream-g-searches-again-and-a-new-search-stops-the-old ()
  (skip-unless (featurep 'xref-stream))
  (xref-stream-tests--in-repo dir
    (save-window-excursion
      (xref-stream-search "alpha" dir "printf 'a.c\\0'")
      (should (xref-stream-tests--done))
      (write-region "alpha again\n" nil (concat dir "a.c") t 'silent)
      (with-current-buffer xref-buffer-name (xref-revert-buffer))
      (should (xref-stream-tests--done))
      (should (equal (mapcar #'car (xref-stream-tests--lines))
                     '("a.c" "1: int alpha(void) { return 1; }" "2: alpha again")))
      ;; A search still listing is stopped by the next one, whose results
      ;; alone fill the buffer.
      (xref-stream-search "alpha" dir "sleep 2; printf 'b.c\\0'")
      (let ((old (with-current-buffer xref-buffer-name xref-stream--processes)))
        (xref-stream-search "beta" dir "printf 'b.c\\0'")
        (should-not (seq-some #'process-live-p old)))
      (should (xref-stream-tests--done))
      (should (equal (mapcar #'car (xref-stream-tests--lines))
                     '("b.c" "1: int beta(void) { return alpha() + alpha(); }"))))))

;;; xref-stream-tests.el ends here
