;;; project-search.el --- project-files and project-find-regexp, timed  -*- lexical-binding: t -*-

;; Run in `--batch -Q' by bench/run (section project), in gapmacs and in
;; GNU Emacs alike, in the project's root: prints
;; (PROJECT-FILES-SECONDS FILES FIRST-MATCH-SECONDS ALL-SECONDS MATCHES),
;; FIRST-MATCH-SECONDS nil where nothing is shown before the search ends
;; (Emacs 28).  The regexp is the environment's BENCH_REGEXP.

(require 'project)
(require 'xref)
(let* ((regexp (getenv "BENCH_REGEXP"))
       (project (project-current t))
       (listed nil)
       (files (benchmark-run 1 (setq listed (project-files project))))
       (count (length listed))
       (streaming (require 'xref-stream nil t))
       (first nil)
       (start (float-time)))
  (when streaming
    (advice-add 'xref-stream--show :before
                (lambda (&rest _) (unless first (setq first (- (float-time) start))))))
  (project-find-regexp regexp)
  (when streaming
    (with-current-buffer xref-buffer-name
      (while xref-stream--processes
        (accept-process-output nil 0.005))))
  (let ((all (- (float-time) start))
        (matches (with-current-buffer xref-buffer-name
                   (let ((n 0) (pos (point-min)))
                     (while (setq pos (next-single-property-change pos 'xref-item))
                       (when (get-text-property pos 'xref-item) (setq n (1+ n))))
                     n))))
    (princ (format "%S\n" (list (car files) count first all matches)))))
