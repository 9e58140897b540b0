;;; dired-tests.el --- Emacs's dired on gapmacs: listing, motion, marks, deletion  -*- lexical-binding: t -*-

;; Emacs's own dired.el, from its library (issue 21): the expected values
;; are GNU Emacs 28's (`emacs --batch -Q -l' on this file passes too).
(when (boundp 'gapmacs-version) (load "loadup" nil t))

(defmacro dired-tests--in-dir (var &rest body)
  "Run BODY with VAR a new directory holding a.txt, b.el and sub/, killing
the buffers made there afterwards."
  (declare (indent 1))
  `(let* ((,var (file-name-as-directory (make-temp-file "dired-tests" t))))
     (unwind-protect
         (progn
           (write-region "a\n" nil (concat ,var "a.txt") nil 'silent)
           (write-region "(b)\n" nil (concat ,var "b.el") nil 'silent)
           (make-directory (concat ,var "sub"))
           ,@body)
       (dolist (b (buffer-list))
         (when (string-prefix-p ,var (buffer-local-value 'default-directory b))
           (kill-buffer b)))
       (delete-directory ,var t))))

(defun dired-tests--files ()
  "The file names the dired buffer lists, in order."
  (save-excursion
    (goto-char (point-min))
    (let (names)
      (while (not (eobp))
        (let ((name (dired-get-filename 'no-dir t)))
          (when name (push name names)))
        (forward-line 1))
      (nreverse names))))

(ert-deftest dired-visiting-a-directory ()
  (skip-unless (fboundp 'dired-noselect))
  (dired-tests--in-dir dir
    (with-current-buffer (find-file-noselect dir)
      (should (eq major-mode 'dired-mode))
      (should (equal (dired-tests--files) '("." ".." "a.txt" "b.el" "sub")))
      (should (equal dired-directory (abbreviate-file-name dir)))
      (should buffer-read-only))))

(ert-deftest dired-motion-and-marks ()
  (skip-unless (fboundp 'dired-noselect))
  (dired-tests--in-dir dir
    (with-current-buffer (dired-noselect dir)
      (goto-char (point-min))
      (dired-next-line 4)
      (should (equal (dired-get-filename) (concat dir "a.txt")))
      ;; Point is on the name, past the listing's columns.
      (should (looking-at "a\\.txt$"))
      (dired-mark 1)
      (dired-mark 1)
      (should (equal (dired-get-marked-files) (list (concat dir "a.txt") (concat dir "b.el"))))
      (should (looking-at "sub$"))
      (dired-previous-line 1)
      (dired-unmark 1)
      (should (equal (dired-get-marked-files) (list (concat dir "a.txt")))))))

(ert-deftest dired-delete-and-revert ()
  (skip-unless (fboundp 'dired-noselect))
  (dired-tests--in-dir dir
    (with-current-buffer (dired-noselect dir)
      (dired-goto-file (concat dir "b.el"))
      (dired-flag-file-deletion 1)
      (cl-letf (((symbol-function 'yes-or-no-p) (lambda (&rest _) t)))
        (dired-do-flagged-delete))
      (should-not (file-exists-p (concat dir "b.el")))
      (should (equal (dired-tests--files) '("." ".." "a.txt" "sub")))
      (write-region "" nil (concat dir "c.txt") nil 'silent)
      (revert-buffer)
      (should (equal (dired-tests--files) '("." ".." "a.txt" "c.txt" "sub"))))))

(ert-deftest dired-create-directory-lists-it ()
  (skip-unless (fboundp 'dired-noselect))
  (dired-tests--in-dir dir
    (with-current-buffer (dired-noselect dir)
      (dired-create-directory (concat dir "made"))
      (should (file-directory-p (concat dir "made")))
      (should (member "made" (dired-tests--files))))))

;;; dired-tests.el ends here
