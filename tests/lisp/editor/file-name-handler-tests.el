;;; file-name-handler-tests.el --- file primitives ask file-name-handler-alist  -*- lexical-binding: t -*-

;; Tramp, jka-compr and ffap's URLs rely on the file primitives handing a
;; name to the handler `file-name-handler-alist' gives it, as Emacs's
;; fileio.c does.  A handler here keeps "/mem:" files in a hash table.
;; Each expected value was checked with `emacs -Q --batch' (GNU Emacs 28.2).

(require 'ert)

(defvar fnh-test--files (make-hash-table :test 'equal))
(defvar fnh-test--calls nil "The (OPERATION ARGS...) the handler saw, newest first.")

(defun fnh-test--run-real (operation args)
  (let ((inhibit-file-name-handlers (cons 'fnh-test--handler inhibit-file-name-handlers))
        (inhibit-file-name-operation operation))
    (apply operation args)))

(defun fnh-test--handler (operation &rest args)
  (push (cons operation args) fnh-test--calls)
  (pcase operation
    ((or 'file-exists-p 'file-readable-p) (and (gethash (car args) fnh-test--files) t))
    ('file-directory-p nil)
    ('insert-file-contents
     (let ((text (gethash (car args) fnh-test--files)))
       (unless text (signal 'file-missing (list "Opening input file" "No such file" (car args))))
       (insert text)
       (list (car args) (length text))))
    ('write-region
     (let ((start (nth 0 args)) (end (nth 1 args)) (file (nth 2 args)))
       (puthash file (cond ((stringp start) start)
                           ((null start) (buffer-string))
                           (t (buffer-substring start end)))
                fnh-test--files)
       nil))
    ('load (eval (car (read-from-string (gethash (car args) fnh-test--files))) t) t)
    ('verify-visited-file-modtime 'handler-says)
    ('set-visited-file-modtime nil)
    ('copy-file
     (puthash (nth 1 args)
              (with-temp-buffer (insert-file-contents (nth 0 args)) (buffer-string))
              fnh-test--files)
     nil)
    (_ (fnh-test--run-real operation args))))

(defmacro fnh-test--with-handler (&rest body)
  (declare (indent 0))
  `(let ((file-name-handler-alist (cons '("\\`/mem:" . fnh-test--handler) file-name-handler-alist))
         (fnh-test--files (make-hash-table :test 'equal))
         (fnh-test--calls nil))
     ,@body))

(ert-deftest file-name-handler-write-and-read ()
  (fnh-test--with-handler
    (with-temp-buffer
      (insert "hello\nworld\n")
      (write-region (point-min) (point-max) "/mem:greeting"))
    (should (equal (gethash "/mem:greeting" fnh-test--files) "hello\nworld\n"))
    (should (file-exists-p "/mem:greeting"))
    (should-not (file-exists-p "/mem:other"))
    (should (equal (with-temp-buffer
                     (list (insert-file-contents "/mem:greeting") (buffer-string)))
                   '(("/mem:greeting" 12) "hello\nworld\n")))
    (should-error (insert-file-contents "/mem:other") :type 'file-missing)))

(ert-deftest file-name-handler-relative-names-expand-first ()
  (fnh-test--with-handler
    (let ((default-directory "/mem:dir/"))
      (with-temp-buffer
        (insert "x")
        (write-region nil nil "f.txt")))
    (should (equal (gethash "/mem:dir/f.txt" fnh-test--files) "x"))
    ;; The handler saw the expansion, then the write of the expanded name.
    (should (equal (car fnh-test--calls)
                   '(write-region nil nil "/mem:dir/f.txt" nil nil "/mem:dir/f.txt" nil)))
    (should (assq 'expand-file-name fnh-test--calls))))

(ert-deftest file-name-handler-second-name ()
  (fnh-test--with-handler
    (let ((real (make-temp-file "fnh" nil ".txt" "from disk")))
      (unwind-protect
          (progn
            (copy-file real "/mem:copy")
            (should (equal (gethash "/mem:copy" fnh-test--files) "from disk")))
        (delete-file real)))))

(ert-deftest file-name-handler-syntax-functions-see-the-name-as-given ()
  (let* ((seen nil)
         (file-name-handler-alist
          (list (cons "\\`mem:" (lambda (operation &rest args)
                                  (push (cons operation args) seen)
                                  "handled")))))
    (should (equal (file-name-directory "mem:a/b") "handled"))
    (should (equal (file-name-nondirectory "mem:a/b") "handled"))
    (should (equal (directory-file-name "mem:a/") "handled"))
    (should (equal (file-name-as-directory "mem:a") "handled"))
    (should (equal (reverse seen)
                   '((file-name-directory "mem:a/b") (file-name-nondirectory "mem:a/b")
                     (directory-file-name "mem:a/") (file-name-as-directory "mem:a"))))
    ;; Names it does not match are the primitives' own.
    (should (equal (file-name-directory "/tmp/a/b") "/tmp/a/"))))

(ert-deftest file-name-handler-keeps-urls ()
  ;; What ffap-read-file-or-url installs so that a URL stays a URL.
  (let ((file-name-handler-alist
         (cons (cons "\\`\\(https?\\|ftp\\)://"
                     (lambda (operation &rest args)
                       (if (eq operation 'expand-file-name)
                           (car args)
                         (let ((inhibit-file-name-handlers t)) (apply operation args)))))
               file-name-handler-alist)))
    (should (equal (expand-file-name "https://www.gnu.org/software/emacs/" "/tmp/")
                   "https://www.gnu.org/software/emacs/"))
    (should (equal (expand-file-name "notes.txt" "/tmp/") "/tmp/notes.txt"))))

(ert-deftest file-name-handler-find-chooses-the-last-match ()
  (let ((file-name-handler-alist '(("\\.gz\\'" . fnh-test-gz) ("\\`/ssh:" . fnh-test-remote)
                                   ("/x" . fnh-test-x))))
    (should (eq (find-file-name-handler "/ssh:h:/a.gz" 'file-exists-p) 'fnh-test-gz))
    (should (eq (find-file-name-handler "/ssh:h:/a" 'file-exists-p) 'fnh-test-remote))
    (should (eq (find-file-name-handler "/ssh:h:/x/a" 'file-exists-p) 'fnh-test-x))
    (should (eq (find-file-name-handler "/tmp/a" 'file-exists-p) nil))
    ;; A handler inhibited for the operation under way is passed over.
    (let ((inhibit-file-name-handlers '(fnh-test-gz))
          (inhibit-file-name-operation 'file-exists-p))
      (should (eq (find-file-name-handler "/ssh:h:/a.gz" 'file-exists-p) 'fnh-test-remote))
      (should (eq (find-file-name-handler "/ssh:h:/a.gz" 'insert-file-contents) 'fnh-test-gz)))
    ;; A handler with an `operations' property takes only those.
    (put 'fnh-test-gz 'operations '(insert-file-contents))
    (unwind-protect
        (progn
          (should (eq (find-file-name-handler "/ssh:h:/a.gz" 'file-exists-p) 'fnh-test-remote))
          (should (eq (find-file-name-handler "/ssh:h:/a.gz" 'insert-file-contents) 'fnh-test-gz)))
      (put 'fnh-test-gz 'operations nil))))

(ert-deftest file-name-handler-matches-without-case-folding ()
  (let ((file-name-handler-alist '(("\\`/MEM:" . fnh-test-upper)))
        (case-fold-search t))
    (should (eq (find-file-name-handler "/MEM:a" 'file-exists-p) 'fnh-test-upper))
    (should (eq (find-file-name-handler "/mem:a" 'file-exists-p) nil))))

(ert-deftest file-name-handler-keeps-match-data ()
  (let ((file-name-handler-alist '(("\\`/mem:" . fnh-test-any))))
    (string-match "b+" "abbbc")
    (find-file-name-handler "/mem:x" 'file-exists-p)
    (should (equal (match-data) '(1 4)))))

(ert-deftest file-name-handler-load ()
  (fnh-test--with-handler
    (puthash "/mem:lib.el" "(setq fnh-test--loaded 'yes)" fnh-test--files)
    (defvar fnh-test--loaded nil)
    (should (eq (load "/mem:lib.el" nil t) t))
    (should (eq fnh-test--loaded 'yes))
    ;; Looked for with its suffixes first, then handed over as found.
    (should (equal (car fnh-test--calls) '(load "/mem:lib.el" nil t t)))
    (should (member '(file-readable-p "/mem:lib.el.el") fnh-test--calls))))

(ert-deftest file-name-handler-visited-modtime ()
  (fnh-test--with-handler
    (with-temp-buffer
      (setq buffer-file-name "/mem:visited")
      (set-visited-file-modtime)
      (should (equal (car fnh-test--calls) '(set-visited-file-modtime nil)))
      ;; A modification time known, the handler says whether it still holds.
      (set-visited-file-modtime '(0 1))
      (should (eq (verify-visited-file-modtime) 'handler-says))
      (should (equal (car fnh-test--calls) '(verify-visited-file-modtime nil))))))

(ert-deftest file-name-handler-write-region-visit ()
  (fnh-test--with-handler
    (with-temp-buffer
      (insert "visited")
      ;; VISIT a name the handler claims: the buffer then visits it.
      (write-region nil nil "/tmp/fnh-not-written" nil "/mem:shown")
      (should (equal buffer-file-name "/mem:shown"))
      (should-not (buffer-modified-p))
      (should-not (file-exists-p "/tmp/fnh-not-written"))
      (should (equal (car fnh-test--calls)
                     '(write-region nil nil "/tmp/fnh-not-written" nil "/mem:shown" "/mem:shown" nil)))
      (set-buffer-modified-p nil)
      (setq buffer-file-name nil))))
