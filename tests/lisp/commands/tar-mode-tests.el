;;; tar-mode-tests.el --- Emacs's tar-mode on gapmacs's buffers  -*- lexical-binding: t -*-


(ert-deftest buffer-tar-mode-on-swap-text ()
  ;; Emacs's tar-mode keeps the archive's bytes in a second buffer through
  ;; buffer-swap-text: the listing shows, and an extracted file is whole.
  (skip-unless (locate-library "tar-mode"))
  (let* ((dir (make-temp-file "tar-tests" t))
         (tar (expand-file-name "t.tar" dir)))
    (unwind-protect
        (progn
          (make-directory (expand-file-name "pkg" dir))
          (with-temp-file (expand-file-name "pkg/a.txt" dir) (insert "hello\n"))
          (with-temp-file (expand-file-name "pkg/b.el" dir) (insert "(provide 'b)\n"))
          (should (eq 0 (call-process "tar" nil nil nil "-C" dir "-cf" tar "pkg/a.txt" "pkg/b.el")))
          (with-current-buffer (find-file-noselect tar)
            (tar-mode)
            (should (equal (mapcar #'tar-header-name tar-parse-info) '("pkg/a.txt" "pkg/b.el")))
            (should (string-match-p "pkg/b\\.el\n\\'" (buffer-string)))
            (let ((default-directory (file-name-as-directory (expand-file-name "out" dir)))
                  (inhibit-message t))
              (make-directory default-directory)
              (tar-untar-buffer))
            (kill-buffer))
          (should (equal (with-temp-buffer
                           (insert-file-contents (expand-file-name "out/pkg/b.el" dir))
                           (buffer-string))
                         "(provide 'b)\n")))
      (delete-directory dir t))))

;;; tar-mode-tests.el ends here
