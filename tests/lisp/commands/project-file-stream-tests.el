;;; project-file-stream-tests.el --- project-find-file reading while the scan runs  -*- lexical-binding: t -*-

;; gapmacs's project-find-file (lisp/project-file-stream.el, issue 21):
;; the minibuffer completes over the names listed so far, its prompt counts
;; them, the names end as `project-files' gives them, and leaving the
;; minibuffer stops the scan.  Skipped without Emacs's library, and under
;; GNU Emacs, which lists the project before it reads.
(require 'cl-lib)
(require 'project nil t)
(require 'project-file-stream nil t)

(defmacro project-file-stream-tests--in-repo (var &rest body)
  "Run BODY with VAR a new git repository holding a few files."
  (declare (indent 1))
  `(let* ((,var (file-name-as-directory (file-truename (make-temp-file "project-file-stream" t))))
          (default-directory ,var))
     (unwind-protect
         (progn
           (make-directory (concat ,var "src"))
           (make-directory (concat ,var "doc"))
           (dolist (file '("src/a.c" "src/b.c" "doc/notes.txt" "README" "build.log"))
             (write-region "text\n" nil (concat ,var file) nil 'silent))
           (write-region "*.log\n" nil (concat ,var ".gitignore") nil 'silent)
           (call-process "git" nil nil nil "init" "-q")
           ,@body)
       (delete-directory ,var t))))

(defun project-file-stream-tests--wait (predicate)
  "Wait (60 s at most: the collector's stress test is slow) until PREDICATE holds."
  (let ((deadline (+ (float-time) 60)))
    (while (and (not (funcall predicate)) (< (float-time) deadline))
      (accept-process-output nil 0.02))
    (funcall predicate)))

(defun project-file-stream-tests--listing-processes ()
  (seq-filter (lambda (p) (and (string-prefix-p "project-files" (process-name p))
                               (process-live-p p)))
              (process-list)))

(ert-deftest project-file-stream-lists-what-project-files-lists ()
  "The scan's names, once it ends, are `project-files'' (ignores honoured,
in its order), relative to the root."
  (skip-unless (and (featurep 'project-file-stream) (executable-find "git")))
  (project-file-stream-tests--in-repo dir
    (let* ((project (project-current t))
           (expected (mapcar (lambda (file) (file-relative-name file dir)) (project-files project)))
           (scan (project-file-stream-start dir (project-listing-command project))))
      (should (member "src/a.c" expected))
      (should-not (member "build.log" expected))
      (should (equal (project-file-stream-wait scan) expected))
      (should (equal (project-file-stream--prompt scan)
                     (format "%s (%d files): " (project-file-stream--scan-prompt scan)
                             (length expected))))
      (project-file-stream-stop scan))))

(ert-deftest project-file-stream-completes-over-the-names-so-far ()
  "While the listing runs, completion sees the names it printed, a name
cut between two reads included once whole; the prompt counts them."
  (skip-unless (featurep 'project-file-stream))
  (project-file-stream-tests--in-repo dir
    (let ((scan (project-file-stream-start
                 dir (concat "printf 'doc/notes.txt\\0src/a';"
                             "while [ ! -e go ]; do sleep 0.02; done;"
                             "printf '.c\\0README'"))))
      (unwind-protect
          (let ((table (project-file-stream-table scan)))
            (setf (project-file-stream--scan-prompt scan) "Find file in x")
            (should (project-file-stream-tests--wait
                     (lambda () (= (project-file-stream--scan-count scan) 1))))
            (should (equal (all-completions "" table) '("doc/notes.txt")))
            (should (equal (completion-metadata "" table nil) '(metadata (category . project-file))))
            (should (equal (project-file-stream--prompt scan) "Find file in x (1 file, scanning): "))
            (write-region "" nil (concat dir "go") nil 'silent)
            (should (equal (project-file-stream-wait scan) '("doc/notes.txt" "src/a.c" "README")))
            (should (equal (all-completions "src/" table) '("src/a.c")))
            (should (equal (project-file-stream--prompt scan) "Find file in x (3 files): ")))
        (project-file-stream-stop scan)))))

(ert-deftest project-file-stream-says-why-the-listing-failed ()
  (skip-unless (featurep 'project-file-stream))
  (project-file-stream-tests--in-repo dir
    (let ((scan (project-file-stream-start
                 dir "printf 'a\\0'; echo 'fatal: not a git repository' >&2; exit 128")))
      (setf (project-file-stream--scan-prompt scan) "Find file in x")
      (should (equal (project-file-stream-wait scan) '("a")))
      (should (equal (project-file-stream--failure scan)
                     "File listing failed: fatal: not a git repository"))
      (should (equal (project-file-stream--prompt scan) "Find file in x (1 file, listing failed): "))
      (project-file-stream-stop scan))))

(ert-deftest project-file-stream-a-stopped-scan-reports-nothing ()
  "Once the reading ended, the listing killed says nothing: its
minibuffer may be reading something else."
  (skip-unless (featurep 'project-file-stream))
  (project-file-stream-tests--in-repo dir
    (let* ((scan (project-file-stream-start dir "printf 'a\\0'; sleep 30"))
           (process (project-file-stream--scan-process scan)))
      (should (project-file-stream-tests--wait
               (lambda () (= (project-file-stream--scan-count scan) 1))))
      (project-file-stream-stop scan)
      (should (project-file-stream-tests--wait (lambda () (not (process-live-p process)))))
      (accept-process-output nil 0.1)
      (should-not (project-file-stream--scan-status scan))
      (should-not (project-file-stream--failure scan)))))

(ert-deftest project-find-file-reads-while-listing-and-stops-the-scan ()
  "The minibuffer opens before the listing ends, completes over what came
\(the project-file category's substring style, where Emacs's completion
styles are), visits the name read, and the listing is stopped."
  (skip-unless (and (featurep 'project-file-stream) (executable-find "git")
                    (fboundp 'completion-try-completion)))
  (project-file-stream-tests--in-repo dir
    (let ((prompts nil) (seen nil) (reader (symbol-function 'read-from-minibuffer)))
      (unwind-protect
          (cl-letf (((symbol-function 'project-listing-command)
                     (lambda (_project) "printf 'doc/notes.txt\\0src/a.c\\0'; sleep 30"))
                    ((symbol-function 'read-from-minibuffer)
                     (lambda (prompt &rest _)
                       (push prompt prompts)
                       (project-file-stream-tests--wait
                        (lambda () (equal (all-completions "" minibuffer-completion-table)
                                          '("doc/notes.txt" "src/a.c"))))
                       (setq seen (completion-try-completion "a.c" minibuffer-completion-table nil 3
                                                             (completion-metadata "" minibuffer-completion-table nil)))
                       (car seen))))
            (with-current-buffer (find-file-noselect (concat dir "README"))
              (project-find-file)))
        (fset 'read-from-minibuffer reader))
      (should (equal prompts (list (format "Find file in %s (0 files, scanning): " dir))))
      (should (equal seen '("src/a.c" . 7)))
      (let ((visited (get-file-buffer (concat dir "src/a.c"))))
        (should visited)
        (kill-buffer visited))
      (should-not (project-file-stream-tests--listing-processes))
      (kill-buffer (get-file-buffer (concat dir "README"))))))

;;; project-file-stream-tests.el ends here
