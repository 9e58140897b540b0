;;; dir-tests.el --- directory-files and directory-files-recursively  -*- lexical-binding: t -*-

;; Expected values are what GNU Emacs 28 returns for the same tree.

(defun dir-tests--tree ()
  "Make a small tree; return its root."
  (let ((root (make-temp-file "dir-tests" t)))
    (dolist (d '("a" "a/sub" "b-c" "b" "empty"))
      (make-directory (expand-file-name d root)))
    (dolist (f '("top.el" "top.txt" "a/one.el" "a/sub/deep.el" "a/sub/deep.c" "b/x.el" "b-c/y.el" "a-z.el"))
      (write-region "" nil (expand-file-name f root)))
    root))

(ert-deftest dir-files-sorted-with-dots ()
  (let ((root (dir-tests--tree)))
    (unwind-protect
        (progn
          (should (equal (directory-files root)
                         '("." ".." "a" "a-z.el" "b" "b-c" "empty" "top.el" "top.txt")))
          (should (equal (directory-files root nil "\\.el\\'") '("a-z.el" "top.el")))
          (should (equal (directory-files root t "^top")
                         (list (expand-file-name "top.el" root) (expand-file-name "top.txt" root))))
          ;; COUNT takes the first entries in directory order, then sorts them.
          (should (= (length (directory-files root nil nil nil 3)) 3))
          (should (equal (should-error (directory-files (expand-file-name "nope" root)))
                         (list 'file-missing "Opening directory" "No such file or directory"
                               (expand-file-name "nope" root)))))
      (delete-directory root t))))

(ert-deftest dir-files-recursively-order ()
  (let ((root (dir-tests--tree)))
    (unwind-protect
        (let ((rel (lambda (files) (mapcar (lambda (f) (substring f (1+ (length root)))) files))))
          (should (equal (funcall rel (directory-files-recursively root "\\.el\\'"))
                         '("a/sub/deep.el" "a/one.el" "b-c/y.el" "b/x.el" "a-z.el" "top.el")))
          (should (equal (funcall rel (directory-files-recursively root "" t))
                         '("a/sub/deep.c" "a/sub/deep.el" "a/sub" "a/one.el" "a" "b-c/y.el" "b-c"
                           "b/x.el" "b" "empty" "a-z.el" "top.el" "top.txt")))
          (should (equal (funcall rel (directory-files-recursively
                                       root "\\.el\\'" nil
                                       (lambda (dir) (not (string-suffix-p "/a" dir)))))
                         '("b-c/y.el" "b/x.el" "a-z.el" "top.el"))))
      (delete-directory root t))))

(ert-deftest dir-expand-file-name-keeps-directory-form ()
  "A name ending in a slash expands to one that does, dots collapsed;
values from Emacs 28."
  (dolist (case '(("/usr/share/../" "/usr/") ("/usr/share/.." "/usr") ("/usr/./" "/usr/")
                  ("/usr/share/./" "/usr/share/") ("/usr/share/../lib/" "/usr/lib/")
                  ("a/../" "/tmp/d/") ("a/.." "/tmp/d") ("./" "/tmp/d/") ("." "/tmp/d")
                  ("a/b/../../" "/tmp/d/") ("/usr//share/" "/usr/share/")))
    (should (equal (list (car case) (expand-file-name (car case) "/tmp/d/")) case)))
  ;; cd .. leaves default-directory in directory form.
  (let ((default-directory "/usr/share/"))
    (cd "..")
    (should (equal default-directory "/usr/"))))
