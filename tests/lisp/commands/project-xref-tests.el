;;; project-xref-tests.el --- Emacs's project.el and xref.el on gapmacs  -*- lexical-binding: t -*-

;; Emacs's own project.el and xref.el, from its library (issue 21), with
;; what they take from grep.el (gapmacs's).  Expected values are GNU Emacs
;; 28's (`emacs --batch -Q -l' on this file passes too).
(require 'grep)

(ert-deftest grep-expand-template-as-emacs ()
  (should (equal (grep-expand-template "grep <C> -nH --null -e <R> <F> <D> <X> <N>"
                                       "Foo bar" "a.c" "/d" "-x" '("-w"))
                 "grep -w -nH --null -e Foo\\ bar a.c /d -x /dev/null"))
  (let ((grep-highlight-matches 'always) (case-fold-search t))
    (should (equal (grep-expand-template "<C> <R>" "foo") "--color=always -i foo")))
  (let ((case-fold-search nil))
    (should (equal (grep-expand-template "<C> <R>" "foo") " foo"))))

(ert-deftest grep-regexp-alist-reads-hits ()
  (let ((s "src/a.c\0003:int alpha;\nb.c:12: x\n") hits (start 0))
    (while (string-match (car (car grep-regexp-alist)) s start)
      (push (list (match-string 1 s) (match-string 2 s)) hits)
      (setq start (match-end 0)))
    (should (equal (nreverse hits) '(("src/a.c" "3") ("b.c" "12"))))))

(defmacro project-xref-tests--in-repo (var &rest body)
  "Run BODY with VAR a new git repository holding a.c, b.c and src/notes.txt."
  (declare (indent 1))
  `(let* ((,var (file-name-as-directory (make-temp-file "project-xref" t)))
          (default-directory ,var))
     (unwind-protect
         (progn
           (write-region "int alpha(void) { return 1; }\n" nil (concat ,var "a.c") nil 'silent)
           (write-region "int beta(void) { return alpha(); }\n" nil (concat ,var "b.c") nil 'silent)
           (make-directory (concat ,var "src"))
           (write-region "alpha here\n" nil (concat ,var "src/notes.txt") nil 'silent)
           (call-process "git" nil nil nil "init" "-q")
           ,@body)
       (delete-directory ,var t))))

(ert-deftest project-files-of-a-git-repository ()
  (skip-unless (and (fboundp 'project-current) (executable-find "git")))
  (project-xref-tests--in-repo dir
    (let ((project (project-current nil dir)))
      (should (equal (project-root project) dir))
      (should (equal (sort (mapcar (lambda (f) (file-relative-name f dir)) (project-files project))
                           #'string<)
                     '("a.c" "b.c" "src/notes.txt"))))))

(ert-deftest project-files-of-a-plain-directory ()
  "A directory outside version control: find, without what
`grep-find-ignored-files' and `vc-directory-exclusion-list' name."
  (skip-unless (fboundp 'project-files))
  (let ((dir (file-name-as-directory (make-temp-file "project-plain" t))))
    (unwind-protect
        (progn
          (dolist (name '("a.c" "a.o" ".#lock" "notes~" "sub/b.txt" ".svn/entries"))
            (make-directory (file-name-directory (concat dir name)) t)
            (write-region "x\n" nil (concat dir name) nil 'silent))
          (should (equal (sort (mapcar (lambda (f) (file-relative-name f dir))
                                       (project-files (cons 'transient dir)))
                               #'string<)
                         '("a.c" "sub/b.txt"))))
      (delete-directory dir t))))

(ert-deftest xref-matches-in-files-as-emacs ()
  (skip-unless (fboundp 'xref-matches-in-files))
  (project-xref-tests--in-repo dir
    (let ((hits (xref-matches-in-files "alpha" (project-files (project-current nil dir)))))
      (should (equal (mapcar (lambda (x)
                               (let ((loc (xref-item-location x)))
                                 (list (file-relative-name (xref-location-group loc) dir)
                                       (xref-location-line loc)
                                       (substring-no-properties (xref-item-summary x)))))
                             hits)
                     '(("a.c" 1 "int alpha(void) { return 1; }")
                       ("b.c" 1 "int beta(void) { return alpha(); }")
                       ("src/notes.txt" 1 "alpha here")))))))

(ert-deftest xref-references-in-directory-as-emacs ()
  "M-?'s search without a backend of its own: Emacs's semantic/symref
runs grep.el's `grep-find-template' over the files of the buffer's mode."
  (skip-unless (fboundp 'xref-references-in-directory))
  (let ((dir (file-name-as-directory (make-temp-file "project-refs" t))))
    (unwind-protect
        (progn
          (write-region "(defun alpha () (beta))\n" nil (concat dir "a.el") nil 'silent)
          (write-region ";; alpha-beta\n(alpha)\n" nil (concat dir "b.el") nil 'silent)
          (write-region "alpha\n" nil (concat dir "c.txt") nil 'silent)
          (with-current-buffer (find-file-noselect (concat dir "a.el"))
            (unwind-protect
                (should (equal (sort (mapcar (lambda (x)
                                               (let ((loc (xref-item-location x)))
                                                 (format "%s:%d: %s"
                                                         (file-relative-name (xref-location-group loc) dir)
                                                         (xref-location-line loc)
                                                         (substring-no-properties (xref-item-summary x)))))
                                             (xref-references-in-directory "alpha" dir))
                                     #'string<)
                               '("a.el:1: (defun alpha () (beta))" "b.el:2: (alpha)")))
              (kill-buffer))))
      (delete-directory dir t))))

;;; project-xref-tests.el ends here
