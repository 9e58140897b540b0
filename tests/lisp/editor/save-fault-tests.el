;;; save-fault-tests.el --- saving when the target is not what it was  -*- lexical-binding: t -*-

;; Issue 11, Fault injection: saving onto a file that was replaced by a
;; directory is a clear file error; the directory and what is in it are
;; untouched, and no temporary file is left beside it. Also runs in GNU
;; Emacs 28:
;;   emacs -Q --batch -l ert -l save-fault-tests.el -f ert-run-tests-batch-and-exit

(ert-deftest save-fault-file-replaced-by-directory ()
  (let* ((dir (make-temp-file "save-fault" t))
         (file (expand-file-name "target" dir))
         buf)
    (unwind-protect
        (progn
          (write-region "old\n" nil file nil 'silent)
          (setq buf (find-file-noselect file))
          (with-current-buffer buf (goto-char (point-max)) (insert "new\n"))
          (delete-file file)
          (make-directory file)
          (write-region "inside\n" nil (expand-file-name "kept" file) nil 'silent)
          (let ((err (should-error (with-current-buffer buf
                                     (write-region nil nil file nil 'silent))
                                   :type 'file-error)))
            (should (string-match-p "directory" (format "%s" err))))
          (should (file-directory-p file))
          (should (equal (directory-files file nil "\\`[^.]") '("kept")))
          (should (equal (directory-files dir nil "\\`[^.]") '("target")))
          (with-current-buffer buf
            (should (buffer-modified-p))
            (should (equal (buffer-string) "old\nnew\n"))))
      (when buf
        (with-current-buffer buf (set-buffer-modified-p nil))
        (kill-buffer buf))
      (delete-directory dir t))))

(ert-deftest save-fault-write-region-into-missing-directory ()
  (let* ((dir (make-temp-file "save-fault" t))
         (file (expand-file-name "no/such/dir/file" dir)))
    (unwind-protect
        (progn
          (with-temp-buffer
            (insert "text")
            (should-error (write-region nil nil file nil 'silent) :type 'file-error))
          (should (equal (directory-files dir nil "\\`[^.]") nil)))
      (delete-directory dir t))))

;; Issue 11, Security: temporary files are private; a save keeps the mode.
(ert-deftest save-fault-temporary-files-are-private ()
  (let ((file (make-temp-file "save-fault"))
        (dir (make-temp-file "save-fault" t)))
    (unwind-protect
        (progn
          (should (= (file-modes file) #o600))
          (should (= (file-modes dir) #o700)))
      (delete-file file)
      (delete-directory dir))))

(ert-deftest save-fault-save-keeps-mode ()
  (let* ((dir (make-temp-file "save-fault" t))
         (file (expand-file-name "kept-mode" dir))
         buf)
    (unwind-protect
        (progn
          (write-region "old\n" nil file nil 'silent)
          (set-file-modes file #o640)
          (setq buf (find-file-noselect file))
          (with-current-buffer buf
            (goto-char (point-max))
            (insert "new\n")
            (save-buffer))
          (should (= (file-modes file) #o640))
          (should (equal (with-temp-buffer (insert-file-contents file) (buffer-string)) "old\nnew\n"))
          ;; Nothing but the file (no temporary, no backup by default here).
          (should (member (directory-files dir nil "\\`[^.]")
                          '(("kept-mode") ("kept-mode" "kept-mode~")))))
      (when buf (kill-buffer buf))
      (delete-directory dir t))))
