;;; file-coding-tests.el --- the coding a visited file gets, and keeps on saving  -*- lexical-binding: t -*-

;; As Emacs 28: a file of ASCII text says nothing of its coding, which stays
;; undecided ("-" in the mode line, with its end of line) until a save needs
;; one; then the preferred utf-8.  Values from GNU Emacs 28; the tests pass
;; in `emacs --batch -Q' too.

(defmacro file-coding-tests--with-file (bytes &rest body)
  "Visit a file holding BYTES in a buffer, run BODY there, then clean up."
  (declare (indent 1))
  `(let* ((file (make-temp-file "coding-" nil ".txt"))
          (buffer nil))
     (unwind-protect
         (progn
           (let ((coding-system-for-write 'no-conversion))
             (write-region ,bytes nil file nil 'silent))
           (setq buffer (find-file-noselect file))
           (with-current-buffer buffer ,@body))
       (when buffer
         (with-current-buffer buffer (set-buffer-modified-p nil))
         (kill-buffer buffer))
       (delete-file file))))

(defun file-coding-tests--bytes ()
  "The bytes of the current buffer's file."
  (let ((file buffer-file-name))
    (with-temp-buffer
      (set-buffer-multibyte nil)
      (insert-file-contents-literally file)
      (buffer-string))))

(ert-deftest file-coding-ascii-is-undecided ()
  (file-coding-tests--with-file "hello\n"
    (should (eq buffer-file-coding-system 'undecided-unix))
    (should (eq last-coding-system-used 'undecided-unix))
    (should (eq (coding-system-get buffer-file-coding-system :mnemonic) ?-))
    ;; Saved as ASCII, it stays undecided.
    (goto-char (point-max))
    (insert "more\n")
    (save-buffer)
    (should (eq buffer-file-coding-system 'undecided-unix))
    ;; A character beyond ASCII: saved as utf-8, which it then is.
    (insert "\u00e9\n")
    (save-buffer)
    (should (eq buffer-file-coding-system 'utf-8-unix))
    (should (eq last-coding-system-used 'utf-8-unix))
    (should (equal (file-coding-tests--bytes) "hello\nmore\n\303\251\n"))))

(ert-deftest file-coding-ascii-with-crlf-is-undecided-dos ()
  (file-coding-tests--with-file "a\r\nb\r\n"
    (should (eq buffer-file-coding-system 'undecided-dos))
    (should (equal (buffer-string) "a\nb\n"))
    (goto-char (point-max))
    (insert "\u00e9\n")
    (save-buffer)
    (should (eq buffer-file-coding-system 'utf-8-dos))
    (should (equal (file-coding-tests--bytes) "a\r\nb\r\n\303\251\r\n"))))

(ert-deftest file-coding-utf-8-is-utf-8 ()
  (file-coding-tests--with-file "h\303\251llo\n"
    (should (eq buffer-file-coding-system 'utf-8-unix))
    (should (equal (buffer-string) "h\u00e9llo\n"))))

;;; file-coding-tests.el ends here
