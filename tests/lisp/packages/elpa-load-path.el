;;; elpa-load-path.el --- the ELPA packages `make elpa' unpacked, on load-path  -*- lexical-binding: t -*-

;; Debian's elpa-* packages, downloaded and unpacked by `make elpa' into
;; build-elpa/ (not installed: some depend on GNU Emacs).  The tests that
;; load a package load this file first.  $GAPMACS_ELPA_SRC points elsewhere.

(defconst elpa-load-path-directory
  (or (getenv "GAPMACS_ELPA_SRC")
      (expand-file-name "../../../build-elpa/root/usr/share/emacs/site-lisp/elpa-src"
                        (file-name-directory (or load-file-name buffer-file-name))))
  "Where each package has its directory NAME-VERSION.")

(unless (file-directory-p elpa-load-path-directory)
  (error "No ELPA packages in %s: run `make elpa'" elpa-load-path-directory))

(dolist (dir (directory-files elpa-load-path-directory t "\\`[^.]"))
  (add-to-list 'load-path dir t))

(provide 'elpa-load-path)
;;; elpa-load-path.el ends here
