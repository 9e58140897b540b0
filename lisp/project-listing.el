;;; project-listing.el --- the one shell command that lists a project's files  -*- lexical-binding: t -*-

;; Emacs 28's `project-files' runs `git ls-files' (or `find') and returns
;; when it ends.  gapmacs's streaming commands (xref-stream.el's search,
;; project-file-stream.el's `project-find-file') run the same command as
;; an asynchronous process and take its names as they come: this file
;; gives that command, built as project.el builds it, ignores included.

;;; Code:

(require 'project)

(defun project-listing--git (root)
  "The shell command `project-files' runs for the git project at ROOT,
or nil when its listing is not one command (submodules to merge)."
  (unless (and (project--vc-merge-submodules-p root)
               (file-exists-p (expand-file-name ".gitmodules" root)))
    (let ((ignores (project--value-in-dir 'project-vc-ignores root)))
      (mapconcat
       #'shell-quote-argument
       (append (list vc-git-program "ls-files" "-z" "-c" "-o" "--exclude-standard")
               (and ignores
                    (cons "--" (mapcar #'project-listing--git-exclude ignores))))
       " "))))

(defun project-listing--git-exclude (ignore)
  "The git pathspec that excludes IGNORE, as `project--vc-list-files' makes it."
  (format ":(exclude,glob,top)%s"
          (cond ((string-match-p "\\*\\*" ignore) ignore)
                ((string-match-p "\\./" ignore) (substring ignore 2))
                ((string-suffix-p "/" ignore) (concat "**/" ignore "**"))
                (t (concat "**/" ignore)))))

(defun project-listing--find (project root)
  "The find command `project--files-in-directory' runs for ROOT of PROJECT."
  (require 'grep)
  (require 'xref)
  (format "%s -H . %s -type f -print0"
          find-program
          (xref--find-ignores-arguments (project--dir-ignores project root) "./")))

(defun project-listing-command (project)
  "The shell command that lists PROJECT's files as `project-files' does,
NUL-terminated and relative to its root, or nil when there is none
\(a remote project, an Hg repository, git submodules)."
  (let ((root (expand-file-name (project-root project))))
    (unless (file-remote-p root)
      (pcase project
        (`(vc . ,_)
         (pcase (ignore-errors (vc-responsible-backend root))
           ('Git (require 'vc-git) (project-listing--git root))
           ('Hg nil)
           (_ (project-listing--find project root))))
        (`(transient . ,_) (project-listing--find project root))))))

(provide 'project-listing)

;;; project-listing.el ends here
