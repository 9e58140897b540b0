;;; file-attributes-tests.el --- file-attributes, modes, copies, visited modtime  -*- lexical-binding: t -*-

;; Expected values are what GNU Emacs 28 returns for the same forms.

(defmacro file-attributes-tests--with-dir (var &rest body)
  (declare (indent 1))
  `(let ((,var (file-name-as-directory (make-temp-file "fat" t))))
     (unwind-protect (progn ,@body)
       (delete-directory ,var t))))

(ert-deftest file-attributes-of-a-file ()
  (file-attributes-tests--with-dir dir
    (let ((f (expand-file-name "a" dir)))
      (write-region "hello" nil f nil 'silent)
      (set-file-modes f #o640)
      (let ((attrs (file-attributes f)))
        (should-not (nth 0 attrs))
        (should (= (nth 1 attrs) 1))
        (should (= (nth 7 attrs) 5))
        (should (equal (nth 8 attrs) "-rw-r-----"))
        (should (= (length (nth 5 attrs)) 4))
        (should (integerp (nth 10 attrs))))
      (should (= (file-modes f) #o640))
      (should (eq (car (file-attributes dir)) t))
      (should-not (file-attributes (expand-file-name "none" dir))))))

(ert-deftest file-attributes-links ()
  (file-attributes-tests--with-dir dir
    (let ((f (expand-file-name "a" dir))
          (l (expand-file-name "l" dir))
          (h (expand-file-name "h" dir)))
      (write-region "x" nil f nil 'silent)
      (make-symbolic-link "a" l)
      (should (equal (car (file-attributes l)) "a"))
      (should (equal (file-symlink-p l) "a"))
      (should-not (file-symlink-p f))
      (add-name-to-file f h)
      (should (= (nth 1 (file-attributes f)) 2))
      (should (eq (car (should-error (add-name-to-file f h))) 'file-already-exists)))))

(ert-deftest file-copy ()
  (file-attributes-tests--with-dir dir
    (let ((f (expand-file-name "a" dir))
          (g (expand-file-name "b" dir)))
      (write-region "data\n" nil f nil 'silent)
      (set-file-modes f #o600)
      (copy-file f g)
      (should (equal (with-temp-buffer (insert-file-contents g) (buffer-string)) "data\n"))
      (should (= (file-modes g) #o600))
      (should (eq (car (should-error (copy-file f g))) 'file-already-exists))
      (copy-file f g t)
      (should (equal (cadr (should-error (copy-file f (file-name-as-directory dir) t)))
                     "Input and output files are the same"))
      (should (eq (car (should-error (copy-file (expand-file-name "none" dir) g t)))
                  'file-missing)))))

(ert-deftest file-visited-modtime ()
  (file-attributes-tests--with-dir dir
    (let ((f (expand-file-name "v" dir)))
      (write-region "one\n" nil f nil 'silent)
      (with-temp-buffer
        (should (equal (visited-file-modtime) 0))
        (insert-file-contents f t)
        (should (consp (visited-file-modtime)))
        (should (verify-visited-file-modtime (current-buffer)))
        ;; Someone else writes the file a second later.
        (set-file-times f (time-add (current-time) 2))
        (should-not (verify-visited-file-modtime (current-buffer)))
        (set-visited-file-modtime)
        (should (verify-visited-file-modtime (current-buffer)))
        (clear-visited-file-modtime)
        (should (equal (visited-file-modtime) 0)))
      (with-temp-buffer
        (let ((missing (expand-file-name "missing" dir)))
          (ignore-errors (insert-file-contents missing t))
          (should (equal (visited-file-modtime) -1))
          (should (verify-visited-file-modtime (current-buffer)))
          (write-region "new" nil missing nil 'silent)
          (should-not (verify-visited-file-modtime (current-buffer))))))))

(ert-deftest file-newer-than ()
  (file-attributes-tests--with-dir dir
    (let ((a (expand-file-name "a" dir))
          (b (expand-file-name "b" dir)))
      (write-region "a" nil a nil 'silent)
      (should (file-newer-than-file-p a b))
      (should-not (file-newer-than-file-p b a))
      (write-region "b" nil b nil 'silent)
      (set-file-times b (time-add (current-time) 10))
      (should (file-newer-than-file-p b a)))))

(ert-deftest file-attributes-default-file-modes ()
  ;; The umask as modes, and setting it (with-file-modes, server.el).
  (let ((old (default-file-modes)))
    (unwind-protect
        (let ((f (make-temp-file "modes")))
          (delete-file f)
          (set-default-file-modes #o700)
          (should (= (default-file-modes) #o700))
          (with-temp-file f (insert "x"))
          (should (= (file-modes f) #o600))
          (delete-file f)
          (with-file-modes #o755
            (should (= (default-file-modes) #o755)))
          (should (= (default-file-modes) #o700)))
      (set-default-file-modes old))))
