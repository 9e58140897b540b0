;;; files-tests.el --- file names and files  -*- lexical-binding: t -*-

(ert-deftest files-names ()
  (should (equal (expand-file-name "a//b/../c" "/tmp/") "/tmp/a/c"))
  (should (equal (expand-file-name "foo/" "/tmp") "/tmp/foo/"))
  (should (equal (expand-file-name "." "/tmp/") "/tmp"))
  (should (equal (expand-file-name ".." "/tmp/x/") "/tmp"))
  (should (equal (expand-file-name "/abs" "/tmp") "/abs"))
  (should (equal (expand-file-name "~/x") (concat (getenv "HOME") "/x")))
  (should (equal (file-name-as-directory "/a") "/a/"))
  (should (equal (file-name-as-directory "") "./"))
  (should (equal (directory-file-name "/a/b/") "/a/b"))
  (should (equal (file-name-directory "/a/b/c") "/a/b/"))
  (should (equal (file-name-directory "c") nil))
  (should (equal (file-name-nondirectory "/a/b/c.el") "c.el"))
  (should (equal (file-name-extension "c.el") "el"))
  (should (equal (file-name-sans-extension "/a/c.el") "/a/c"))
  (should (file-name-absolute-p "/a"))
  (should-not (file-name-absolute-p "a")))

(ert-deftest files-temp-and-predicates ()
  (let ((f (make-temp-file "gapmacs-test-" nil ".txt" "hello")))
    (unwind-protect
        (progn
          (should (file-exists-p f))
          (should (file-readable-p f))
          (should-not (file-directory-p f))
          (should (string-suffix-p ".txt" f)))
      (delete-file f))
    (should-not (file-exists-p f)))
  (let ((d (make-temp-file "gapmacs-test-dir-" t)))
    (should (file-directory-p d))
    (delete-directory d)
    (should-not (file-exists-p d)))
  (should (file-directory-p "/tmp"))
  (should-not (file-exists-p "/nonexistent/file/for/sure")))

(ert-deftest files-load ()
  (let ((f (make-temp-file "gapmacs-load-" nil ".el"
                           ";;; -*- lexical-binding: t -*-\n(defvar files-tests--loaded 42)\n(provide 'files-tests--feature)\n")))
    (unwind-protect
        (progn
          (should (eq (load f nil t) t))
          (should (= files-tests--loaded 42))
          (should (featurep 'files-tests--feature)))
      (delete-file f)))
  (should-error (load "/nonexistent/gapmacs-file") :type 'file-missing)
  (should (eq (load "/nonexistent/gapmacs-file" t) nil)))

(ert-deftest files-environment ()
  (setenv "GAPMACS_TEST_VAR" "value")
  (should (equal (getenv "GAPMACS_TEST_VAR") "value"))
  (should (listp command-line-args))
  (should (stringp (car command-line-args)))
  (should noninteractive))

(ert-deftest files-coding-detected-on-read ()
  ;; Not UTF-8 but Latin-1 text: read as latin-1, written back byte for byte.
  ;; Binary (a NUL, C1 bytes): every byte kept as a raw byte.
  (let ((latin (make-temp-file "latin"))
        (binary (make-temp-file "binary")))
    (unwind-protect
        (let ((coding-system-for-write 'no-conversion))
          (write-region "caf\351 cr\350me\n" nil latin nil 'silent)
          (write-region "bin\0\377\376\200\n" nil binary nil 'silent)
          (with-temp-buffer
            (insert-file-contents latin t)
            (should (equal (buffer-string) "café crème\n"))
            (should (memq (coding-system-base buffer-file-coding-system) '(latin-1 iso-latin-1)))
            (let ((coding-system-for-write nil))
              (write-region nil nil latin nil 'silent)))
          ;; Written back as Latin-1: 11 bytes, not UTF-8's 13.
          (should (= (nth 7 (file-attributes latin)) 11))
          (with-temp-buffer
            (insert-file-contents binary)
            (should (= (buffer-size) 8))
            (should (eq (char-after 5) #x3fffff))))
      (delete-file latin)
      (delete-file binary))))

(ert-deftest files-visit-sets-default-directory ()
  ;; A buffer visiting a file works in the file's directory (autoload.el
  ;; names files relative to it), and find-file works in batch from a
  ;; fresh start, whichever of files.el's definitions is asked for first.
  (let* ((dir (file-name-as-directory (make-temp-file "visit" t)))
         (file (expand-file-name "sub/a.txt" dir)))
    (unwind-protect
        (progn
          (make-directory (expand-file-name "sub" dir))
          (with-temp-file file (insert "a\n"))
          (let ((default-directory "/"))
            (should (equal (with-current-buffer (find-file-noselect file)
                             (prog1 default-directory (kill-buffer)))
                           (expand-file-name "sub/" dir)))
            (should (equal (with-current-buffer (find-file-noselect (expand-file-name "new/b.txt" dir))
                             (prog1 default-directory (kill-buffer)))
                           (expand-file-name "new/" dir))))
          (with-temp-buffer
            ;; The child is not what the stress run checks (it took 5 minutes).
            (let ((process-environment (cons "GAPMACS_GC_STRESS=0" process-environment)))
              (call-process (expand-file-name invocation-name invocation-directory) nil t nil
                            "--batch" "-Q" "--eval"
                            (format "%S" `(progn (find-file ,file) (princ (list (buffer-name) default-directory))))))
            (should (equal (buffer-string) (format "(a.txt %s)" (expand-file-name "sub/" dir))))))
      (delete-directory dir t))))
