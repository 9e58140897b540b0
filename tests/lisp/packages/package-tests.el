;;; package-tests.el --- package.el against a local archive  -*- lexical-binding: t -*-
;; No gc-stress run: it drives Emacs's package.el and bytecomp.el (262 s under stress) and starts an editor of its own.

;; Emacs's own package.el (from GNU Emacs's library) installs a package
;; from an archive that is a directory (the network is not reachable
;; here), and the next start finds it.  The test also runs under Emacs 28,
;; which gives the same results.

(require 'package)

(defun package-tests--archive (dir)
  "Make DIR an archive holding one single-file package, hello-pkg 1.2."
  (with-temp-file (expand-file-name "hello-pkg-1.2.el" dir)
    (insert ";;; hello-pkg.el --- A greeting  -*- lexical-binding: t -*-\n\n"
            ";; Version: 1.2\n;; Package-Requires: ((emacs \"25.1\"))\n\n"
            ";;; Commentary:\n;; Says hello.\n\n;;; Code:\n\n"
            ";;;###autoload\n(defun hello-pkg-greet (name)\n  \"Greet NAME.\"\n"
            "  (format \"Hello, %s!\" name))\n\n(provide 'hello-pkg)\n;;; hello-pkg.el ends here\n"))
  (package-tests--tar-package dir)
  (with-temp-file (expand-file-name "archive-contents" dir)
    (insert "(1\n (hello-pkg . [(1 2) ((emacs (25 1))) \"A greeting\" single ((:keywords \"demo\"))])\n"
            " (multi-pkg . [(0 3) nil \"Several files\" tar nil]))\n")))

(defun package-tests--tar-package (dir)
  "Make multi-pkg 0.3 in DIR: a tar package, as most of ELPA's are (Emacs's
package.el unpacks it with tar-mode, on buffer-swap-text)."
  (let* ((work (make-temp-file "multi" t))
         (src (expand-file-name "multi-pkg-0.3" work)))
    (make-directory src)
    (with-temp-file (expand-file-name "multi-pkg.el" src)
      (insert ";;; multi-pkg.el --- Several files  -*- lexical-binding: t -*-\n\n"
              ";;;###autoload\n(defun multi-pkg-hello () (require 'multi-pkg-extra) (multi-pkg-extra-word))\n\n"
              "(provide 'multi-pkg)\n"))
    (with-temp-file (expand-file-name "multi-pkg-extra.el" src)
      (insert ";;; multi-pkg-extra.el --- The rest  -*- lexical-binding: t -*-\n\n"
              "(defun multi-pkg-extra-word () \"déjà\")\n\n(provide 'multi-pkg-extra)\n"))
    (with-temp-file (expand-file-name "multi-pkg-pkg.el" src)
      (insert "(define-package \"multi-pkg\" \"0.3\" \"Several files\" nil)\n"))
    (with-temp-file (expand-file-name "README" src)
      (insert "Read me.\n"))
    (unwind-protect
        (unless (eq 0 (call-process "tar" nil nil nil "-C" work "-cf"
                                    (expand-file-name "multi-pkg-0.3.tar" dir) "multi-pkg-0.3"))
          (error "tar failed"))
      (delete-directory work t))))

(ert-deftest package-tests-install-from-local-archive ()
  (let* ((top (make-temp-file "package-tests" t))
         (archive (expand-file-name "archive/" top))
         (package-user-dir (expand-file-name "elpa" top))
         (package-archives `(("local" . ,archive)))
         (package-check-signature nil)
         (package-alist nil)
         (package-archive-contents nil)
         (inhibit-message t))
    (unwind-protect
        (progn
          (make-directory archive)
          (package-tests--archive archive)
          (package-initialize)
          (package-refresh-contents)
          (should (equal (mapcar #'car package-archive-contents) '(multi-pkg hello-pkg)))
          (should (equal (package-desc-summary (cadr (assq 'hello-pkg package-archive-contents)))
                         "A greeting"))
          (should-not (package-installed-p 'hello-pkg))
          (package-install 'hello-pkg)
          (should (package-installed-p 'hello-pkg))
          (package-install 'multi-pkg)
          (should (package-installed-p 'multi-pkg))
          ;; Emacs compiles each file too; gapmacs runs sources.
          (should (equal (seq-remove (lambda (f) (string-suffix-p ".elc" f))
                                     (directory-files (expand-file-name "multi-pkg-0.3" package-user-dir)
                                                      nil "\\`[^.]"))
                         '("README" "multi-pkg-autoloads.el" "multi-pkg-extra.el" "multi-pkg-pkg.el" "multi-pkg.el")))
          (let ((dir (expand-file-name "hello-pkg-1.2" package-user-dir)))
            (should (file-exists-p (expand-file-name "hello-pkg.el" dir)))
            (should (file-exists-p (expand-file-name "hello-pkg-pkg.el" dir)))
            (should (file-exists-p (expand-file-name "hello-pkg-autoloads.el" dir))))
          ;; The next start: package-initialize makes the autoload, the
          ;; first call loads the file.
          (with-temp-buffer
            ;; Standard output only: loading a library from source may warn
            ;; on standard error (eieio's obsolete generic, as Emacs does
            ;; when it expands the source), and the load cache decides.
            (call-process (expand-file-name invocation-name invocation-directory) nil '(t nil) nil
                          "--batch" "-Q" "--eval"
                          (format "%S" `(progn (require 'package)
                                               (setq package-user-dir ,package-user-dir)
                                               (package-initialize)
                                               (prin1 (list (autoloadp (symbol-function 'hello-pkg-greet))
                                                            (hello-pkg-greet "you")
                                                            (multi-pkg-hello))))))
            (should (equal (decode-coding-string (buffer-string) 'utf-8) "(t \"Hello, you!\" \"déjà\")"))))
      (delete-directory top t))))

(ert-deftest package-tests-compiling-writes-no-elc ()
  ;; gapmacs only (Emacs writes the .elc): gapmacs runs sources, so
  ;; byte-compile-file checks that the file reads and writes nothing.
  (skip-unless (fboundp 'gapmacs-gc-stress))
  (require 'bytecomp)
  (let* ((dir (make-temp-file "compile" t))
         (good (expand-file-name "good.el" dir))
         (bad (expand-file-name "bad.el" dir))
         (tail (expand-file-name "tail.el" dir))
         (inhibit-message t))
    (unwind-protect
        (progn
          (with-temp-file good (insert ";; x\n(defun package-tests--good () 'ok)\n"))
          (with-temp-file bad (insert "(defun package-tests--bad ()\n"))
          (with-temp-file tail (insert "(defun package-tests--tail () 'ok)\n;; Local Variables:\n"
                                       ";; no-byte-compile: t\n;; End:\n;;; tail.el ends here\n"))
          (should (eq (byte-compile-file tail) 'no-byte-compile))
          (with-temp-file tail (insert "(defun package-tests--tail () 'ok)\n;; only comments after\n"))
          (should (eq (byte-compile-file tail) t))
          (should (eq (byte-compile-file good) t))
          (should-not (file-exists-p (concat good "c")))
          (should-not (fboundp 'package-tests--good))
          (should (byte-compile-file good t))
          (should (eq (package-tests--good) 'ok))
          (should-not (byte-compile-file bad))
          (should (equal (directory-files dir nil "\\`[^.]") '("bad.el" "good.el" "tail.el"))))
      (delete-directory dir t))))

;;; package-tests.el ends here
