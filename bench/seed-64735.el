;;; seed-64735.el --- bug#64735's file listings, as Lisp a user writes them  -*- lexical-binding: t -*-

;; The seed thread (../shared/seeds/, bug#64735) timed ways to list a
;; tree's files: Emacs's synchronous `find-directory-files-recursively'
;; against `find' run as an asynchronous process, its output taken by a
;; string filter or inserted into a buffer, each with the default and with
;; a large `read-process-output-max' (409600), and `project-files'.  The
;; same forms run here in gapmacs and in GNU Emacs (bench/run, section
;; seed), in `--batch -Q' with the environment's BENCH_DIR: each prints
;; (NAME SECONDS FILES).

(require 'project)

(defun seed-find-command (dir)
  (list "find" (expand-file-name dir) "-type" "f" "-print0"))

(defun seed-find-call-process (dir)
  "find run synchronously into a buffer, split at the end."
  (with-temp-buffer
    (let ((coding-system-for-read 'utf-8))
      (apply #'call-process (car (seed-find-command dir)) nil t nil (cdr (seed-find-command dir))))
    (split-string (buffer-string) "\0" t)))

(defun seed-find-string-filter (dir)
  "find as a process; a filter keeps the strings, split at the end."
  (let* ((chunks nil)
         (proc (make-process :name "find" :command (seed-find-command dir)
                             :connection-type 'pipe :noquery t :coding 'utf-8
                             :filter (lambda (_p s) (push s chunks))
                             :sentinel #'ignore)))
    (while (process-live-p proc) (accept-process-output proc))
    (split-string (apply #'concat (nreverse chunks)) "\0" t)))

(defun seed-find-parsing-filter (dir)
  "find as a process; a filter splits each string as it comes (the
thread's \"parallel\" variant: the names are ready when find ends)."
  (let* ((names nil)
         (rest "")
         (proc (make-process :name "find" :command (seed-find-command dir)
                             :connection-type 'pipe :noquery t :coding 'utf-8
                             :filter (lambda (_p s)
                                       (let ((parts (split-string (concat rest s) "\0")))
                                         (setq rest (car (last parts)))
                                         (setq names (nconc (nreverse (butlast parts)) names))))
                             :sentinel #'ignore)))
    (while (process-live-p proc) (accept-process-output proc))
    (nreverse names)))

(defun seed-find-into-buffer (dir)
  "find as a process inserting into a buffer (no filter), split at the end."
  (with-temp-buffer
    (let ((proc (make-process :name "find" :command (seed-find-command dir)
                              :buffer (current-buffer)
                              :connection-type 'pipe :noquery t :coding 'utf-8
                              :sentinel #'ignore)))
      (while (process-live-p proc) (accept-process-output proc))
      (split-string (buffer-string) "\0" t))))

(defun seed-time (name fn)
  (garbage-collect)
  (let* ((files nil)
         (seconds (car (benchmark-run 1 (setq files (funcall fn))))))
    (princ (format "%S\n" (list name seconds (length files))))))

(let ((dir (file-name-as-directory (expand-file-name (getenv "BENCH_DIR")))))
  (seed-time "find-directory-files-recursively"
             (lambda () (directory-files-recursively dir "")))
  (seed-time "find, call-process" (lambda () (seed-find-call-process dir)))
  (dolist (rpom '(nil 409600))
    (let ((read-process-output-max (or rpom read-process-output-max))
          (suffix (if rpom (format " (rpom %d)" rpom) "")))
      (seed-time (concat "find, string filter" suffix)
                 (lambda () (seed-find-string-filter dir)))
      (seed-time (concat "find, filter splitting as it comes" suffix)
                 (lambda () (seed-find-parsing-filter dir)))
      (seed-time (concat "find, into a buffer" suffix)
                 (lambda () (seed-find-into-buffer dir)))))
  (let ((default-directory dir))
    ;; A directory outside version control is a transient project, as
    ;; `project-current' makes one after asking for its root.
    (seed-time "project-files" (lambda () (project-files (or (project-current nil)
                                                             (cons 'transient dir)))))))
