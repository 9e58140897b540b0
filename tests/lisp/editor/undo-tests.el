;;; undo-tests.el --- undo after a visit, the modified flag, redo  -*- lexical-binding: t -*-

;; Issue 18: a visited file's text is no undo step; undo clears the modified
;; flag only when it returns to what the file holds; an undo after another
;; command redoes; undo-redo and undo-only as Emacs 28. Expected values are
;; GNU Emacs 28's; the file runs there too:
;;   emacs -Q --batch -l ert -l undo-tests.el -f ert-run-tests-batch-and-exit

(defmacro undo-tests--with-file (text &rest body)
  "Visit a temporary file holding TEXT, run BODY in its buffer, clean up."
  (declare (indent 1))
  `(let* ((file (make-temp-file "undo-tests" nil ".txt" ,text))
          (buf (find-file-noselect file)))
     (unwind-protect
         (with-current-buffer buf
           (buffer-enable-undo)
           ,@body)
       (with-current-buffer buf (set-buffer-modified-p nil))
       (kill-buffer buf)
       (delete-file file))))

(defun undo-tests--undo ()
  "One `undo' as a command after another command."
  (let ((last-command 'self-insert-command)) (undo)))

(defun undo-tests--undo-more ()
  "One `undo' continuing an undo sequence."
  (let ((last-command 'undo)) (undo)))

(ert-deftest undo-after-visit-keeps-the-file-text ()
  (undo-tests--with-file "alpha\nbeta\n"
    (should-error (undo-tests--undo) :type 'user-error)
    (should (equal (buffer-string) "alpha\nbeta\n"))
    (should-not (buffer-modified-p))))

(ert-deftest undo-to-the-visited-text-clears-modified ()
  (undo-tests--with-file "alpha\n"
    (goto-char (point-min))
    (insert "X")
    (undo-boundary)
    (should (buffer-modified-p))
    (undo-tests--undo)
    (should (equal (buffer-string) "alpha\n"))
    (should-not (buffer-modified-p))))

(ert-deftest undo-past-a-save-stays-modified ()
  ;; Text saved as "Xalpha": undoing the X gives what the file no longer
  ;; holds, so the buffer must stay modified (saving it must be possible).
  (undo-tests--with-file "alpha\n"
    (goto-char (point-min))
    (insert "X")
    (undo-boundary)
    (save-buffer)
    (should-not (buffer-modified-p))
    (undo-tests--undo)
    (should (equal (buffer-string) "alpha\n"))
    (should (buffer-modified-p))
    (save-buffer)
    (should (equal (with-temp-buffer (insert-file-contents file) (buffer-string)) "alpha\n"))))

(ert-deftest undo-after-set-buffer-modified-p-nil-as-emacs ()
  ;; set-buffer-modified-p nil is no save: undoing back to the visited text
  ;; marks the buffer unmodified, as the file holds that text (Emacs 28).
  (undo-tests--with-file "alpha\n"
    (goto-char (point-min))
    (insert "A")
    (undo-boundary)
    (set-buffer-modified-p nil)
    (insert "B")
    (undo-boundary)
    (undo-tests--undo)
    (should (equal (buffer-string) "Aalpha\n"))
    (should-not (buffer-modified-p))
    (undo-tests--undo-more)
    (should (equal (buffer-string) "alpha\n"))
    (should-not (buffer-modified-p))))

(ert-deftest undo-after-another-command-redoes ()
  (with-temp-buffer
    (buffer-enable-undo)
    (insert "one")
    (undo-boundary)
    (insert " two")
    (undo-boundary)
    (undo-tests--undo)
    (undo-boundary)
    (should (equal (buffer-string) "one"))
    (undo-tests--undo-more)
    (undo-boundary)
    (should (equal (buffer-string) ""))
    ;; Another command (C-g) between: the next undo undoes the last undo.
    (undo-tests--undo)
    (undo-boundary)
    (should (equal (buffer-string) "one"))))

(ert-deftest undo-redo-takes-back-the-last-undo ()
  (with-temp-buffer
    (buffer-enable-undo)
    (insert "one")
    (undo-boundary)
    (insert " two")
    (undo-boundary)
    (undo-tests--undo)
    (undo-boundary)
    (should (equal (buffer-string) "one"))
    (let ((last-command 'undo)) (undo-redo 1))
    (undo-boundary)
    (should (equal (buffer-string) "one two"))
    ;; The last change is no undo now.
    (should-error (let ((last-command 'undo)) (undo-redo 1)) :type 'user-error)))

(ert-deftest undo-only-skips-what-was-undone ()
  (with-temp-buffer
    (buffer-enable-undo)
    (insert "a")
    (undo-boundary)
    (insert "b")
    (undo-boundary)
    (undo-tests--undo)
    (undo-boundary)
    (should (equal (buffer-string) "a"))
    ;; A plain undo here would redo "b"; undo-only goes on to "a".
    (let ((last-command 'ignore)) (undo-only))
    (undo-boundary)
    (should (equal (buffer-string) ""))))

;;; undo-tests.el ends here
