;;; file-safety-tests.el --- saves and visits that lose nothing  -*- lexical-binding: t -*-

;; Issue 18: a file replaced with the same mtime is noticed (size too), and
;; at the first edit; backups keep the original's mode and never write
;; through a planted symlink; a FIFO's writer is read; /dev/zero is empty;
;; a large buffer saves byte for byte from its gap. (A writable file in a
;; read-only directory and extended attributes: tests/buffer/file_io_test.cpp.)
;; Runs in GNU Emacs 28 too (the /dev/zero test is gapmacs's only):
;;   emacs -Q --batch -l ert -l file-safety-tests.el -f ert-run-tests-batch-and-exit

;; Emacs preloads files.el; gapmacs's batch saves without its backups until
;; it is loaded.
(when (boundp 'gapmacs-version) (require 'files))

(defmacro file-safety--in-dir (dir &rest body)
  (declare (indent 1))
  `(let ((,dir (file-name-as-directory (make-temp-file "file-safety" t))))
     (unwind-protect (progn ,@body)
       (set-file-modes ,dir #o700)
       (delete-directory ,dir t))))

(defun file-safety--contents (file)
  "FILE's bytes, as a unibyte string."
  (with-temp-buffer
    (set-buffer-multibyte nil)
    (let ((coding-system-for-read 'no-conversion)) (insert-file-contents file))
    (buffer-string)))

(defun file-safety--visit (file)
  (let ((buf (find-file-noselect file)))
    (with-current-buffer buf (buffer-enable-undo))
    buf))

(defun file-safety--discard (buf)
  (with-current-buffer buf (set-buffer-modified-p nil))
  (kill-buffer buf))

(ert-deftest file-safety-same-mtime-other-size-is-a-change ()
  ;; cp -p, rsync -t and tar keep the mtime: the size tells.
  (file-safety--in-dir dir
    (let* ((file (expand-file-name "f" dir))
           (_ (write-region "short\n" nil file nil 'silent))
           (buf (file-safety--visit file))
           (mtime (file-attribute-modification-time (file-attributes file))))
      (unwind-protect
          (progn
            (should (verify-visited-file-modtime buf))
            (write-region "a longer text\n" nil file nil 'silent)
            (set-file-times file mtime)
            (should (equal (file-attribute-modification-time (file-attributes file)) mtime))
            (should-not (verify-visited-file-modtime buf)))
        (file-safety--discard buf)))))

(ert-deftest file-safety-first-edit-of-a-changed-file-asks ()
  ;; Emacs asks (ask-user-about-supersession-threat) at the first change;
  ;; in batch that is an error, and the buffer is left as it was.
  (file-safety--in-dir dir
    (let* ((file (expand-file-name "f" dir))
           (_ (write-region "mine\n" nil file nil 'silent))
           (buf (file-safety--visit file)))
      (unwind-protect
          (with-current-buffer buf
            (write-region "theirs, longer\n" nil file nil 'silent)
            (should-error (insert "x"))
            (should (equal (buffer-string) "mine\n"))
            (should-not (buffer-modified-p)))
        (file-safety--discard buf)))))

(ert-deftest file-safety-touched-but-unchanged-file-does-not-ask ()
  (file-safety--in-dir dir
    (let* ((file (expand-file-name "f" dir))
           (_ (write-region "same\n" nil file nil 'silent))
           (buf (file-safety--visit file)))
      (unwind-protect
          (with-current-buffer buf
            (set-file-times file (time-add (current-time) 100))
            (insert "x")
            (should (equal (buffer-string) "xsame\n")))
        (file-safety--discard buf)))))

(ert-deftest file-safety-backup-keeps-a-private-mode ()
  (file-safety--in-dir dir
    (let* ((file (expand-file-name "secret" dir)))
      (write-region "password\n" nil file nil 'silent)
      (set-file-modes file #o600)
      (let ((buf (file-safety--visit file)))
        (unwind-protect
            (with-current-buffer buf
              (let ((make-backup-files t) (backup-inhibited nil))
                (goto-char (point-max))
                (insert "more\n")
                (save-buffer))
              (should (file-exists-p (concat file "~")))
              (should (= (file-modes (concat file "~")) #o600))
              (should (equal (file-safety--contents (concat file "~")) "password\n"))
              (should (= (file-modes file) #o600)))
          (file-safety--discard buf))))))

(ert-deftest file-safety-backup-does-not-follow-a-planted-symlink ()
  (file-safety--in-dir dir
    (let* ((file (expand-file-name "notes" dir))
           (target (expand-file-name "victim" dir)))
      (write-region "notes\n" nil file nil 'silent)
      (write-region "precious\n" nil target nil 'silent)
      (make-symbolic-link target (concat file "~"))
      (let ((buf (file-safety--visit file)))
        (unwind-protect
            (with-current-buffer buf
              (let ((make-backup-files t) (backup-inhibited nil))
                (goto-char (point-max))
                (insert "more\n")
                (save-buffer))
              (should (equal (file-safety--contents target) "precious\n"))
              (should-not (file-symlink-p (concat file "~")))
              (should (equal (file-safety--contents (concat file "~")) "notes\n")))
          (file-safety--discard buf))))))

(ert-deftest file-safety-fifo-writer-is-read ()
  (skip-unless (executable-find "mkfifo"))
  (file-safety--in-dir dir
    (let ((fifo (expand-file-name "fifo" dir)))
      (should (= 0 (call-process "mkfifo" nil nil nil fifo)))
      (let ((writer (start-process "writer" nil "sh" "-c"
                                   (format "printf 'from the writer\\n' > %s" (shell-quote-argument fifo)))))
        ;; The writer waits in open() until a reader comes.
        (sleep-for 0.3)
        (with-temp-buffer
          (insert-file-contents fifo)
          (should (equal (buffer-string) "from the writer\n")))
        (while (process-live-p writer) (accept-process-output writer 0.1))
        (should (= 0 (process-exit-status writer)))))))

(ert-deftest file-safety-dev-zero-is-empty ()
  ;; gapmacs reads a character device that is no terminal as empty; Emacs 28
  ;; gives /dev/zero empty at top level but reads it without end here.
  (skip-unless (boundp 'gapmacs-version))
  (with-temp-buffer
    (insert-file-contents "/dev/zero")
    (should (= (buffer-size) 0))))

(ert-deftest file-safety-big-buffer-saves-byte-for-byte ()
  ;; Several chunks of the gap-buffer writer, multibyte text across their
  ;; edges, the gap in the middle.
  (file-safety--in-dir dir
    (let* ((file (expand-file-name "big" dir))
           (piece (concat (make-string 1000 ?x) "é€\n"))
           (buf (find-file-noselect file)))
      (unwind-protect
          (with-current-buffer buf
            (dotimes (_ 1100) (insert piece)) ; past one 1 MiB chunk
            (goto-char (/ (point-max) 2))
            (insert "middle")
            (save-buffer)
            (let ((text (buffer-string)))
              (with-temp-buffer
                (insert-file-contents file)
                (should (equal (buffer-string) text)))))
        (file-safety--discard buf)))))

(ert-deftest file-safety-utf-16-with-a-bom-is-text ()
  ;; Issue 18: it opened as raw bytes. Emacs detects the mark, decodes the
  ;; text without it, and saves it back byte for byte.
  (file-safety--in-dir dir
    (dolist (case `(("le" ,(unibyte-string #xff #xfe ?a 0 #xe9 0 ?\n 0) utf-16le-with-signature-unix)
                    ("be" ,(unibyte-string #xfe #xff 0 ?a 0 #xe9 0 ?\n) utf-16be-with-signature-unix)
                    ("u8" ,(unibyte-string #xef #xbb #xbf ?a #xc3 #xa9 ?\n) utf-8-with-signature-unix)))
      (let* ((file (expand-file-name (car case) dir))
             (bytes (nth 1 case)))
        (let ((coding-system-for-write 'no-conversion))
          (write-region bytes nil file nil 'silent))
        (let ((buf (find-file-noselect file)))
          (unwind-protect
              (with-current-buffer buf
                (should (equal (buffer-string) "aé\n"))
                (should (eq buffer-file-coding-system (nth 2 case)))
                (goto-char (point-max))
                (insert "z")
                (delete-char -1)
                (save-buffer)
                (should (equal (file-safety--contents file) bytes)))
            (file-safety--discard buf)))))))

;;; file-safety-tests.el ends here
