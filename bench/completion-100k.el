;;; completion-100k.el --- TAB over 100,000 file names  -*- lexical-binding: t -*-

;; What one TAB or ? costs in project-find-file on a large tree: Emacs's
;; `completion-try-completion' and `completion-all-completions' over a
;; `project-file' table (substring style) of the names of bench/run's
;; 100,000-file tree (1000 directories of 100), for a few inputs.  The
;; same Lisp runs in gapmacs and GNU Emacs (bench/run, section
;; completion); each line is (NAME SECONDS MATCHES).

(let* ((names (let (l)
                (dotimes (d 1000)
                  (dotimes (f 100)
                    (push (format "d%03d/sub%d/f%03d.txt" d (% d 10) f) l)))
                (nreverse l)))
       (table (lambda (string pred action)
                (if (eq action 'metadata)
                    '(metadata (category . project-file))
                  (complete-with-action action names string pred))))
       (metadata (completion-metadata "" table nil)))
  (dolist (input '("f099" "d5" "d999/sub9/f09" "zzz"))
    (let* ((start (float-time))
           (all (completion-all-completions input table nil (length input) metadata))
           (seconds (- (float-time) start)))
      (princ (format "%S\n" (list (format "all %s" input) seconds (safe-length all)))))
    (let* ((start (float-time))
           (try (completion-try-completion input table nil (length input) metadata))
           (seconds (- (float-time) start)))
      (princ (format "%S\n" (list (format "try %s" input) seconds (if try 1 0)))))))
