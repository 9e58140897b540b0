;;; emacs-library-tests.el --- GNU Emacs's own Lisp library on load-path  -*- lexical-binding: t -*-

;; `make test' installs Debian's emacs-el (the .el.gz sources, no Emacs):
;; its directories follow gapmacs's lisp/ on load-path, in Emacs 28's order,
;; and its files load from source through zlib.
;; No gc-stress run: the tests start editors of their own.

(defconst emacs-library-tests--dir "/usr/share/emacs/28.2/lisp")
(defconst emacs-library-tests--here (file-name-directory (or load-file-name buffer-file-name)))

(defun emacs-library-tests--gapmacs (env &rest args)
  "Exit status and output of a child gapmacs run with ENV added."
  (with-temp-buffer
    (let* ((process-environment (append env process-environment))
           (status (apply #'call-process (car command-line-args) nil t nil "--batch" "-Q" args)))
      (cons status (buffer-string)))))

(ert-deftest emacs-library-tests-load-path ()
  (should (equal gapmacs-emacs-lisp-directory emacs-library-tests--dir))
  ;; gapmacs's own lisp/ first, then the library and its subdirs.el
  ;; directories in Emacs 28's order (from `emacs -Q --batch': load-path).
  (should (file-exists-p (expand-file-name "simple.el" (car load-path))))
  (should (equal (mapcar (lambda (d) (file-relative-name d emacs-library-tests--dir)) (cdr load-path))
                 '("." "vc" "url" "textmodes" "progmodes" "play" "org" "nxml" "net" "mh-e" "mail"
                   "leim" "language" "international" "image" "gnus" "eshell" "erc" "emulation"
                   "emacs-lisp" "cedet" "calendar" "calc" "obsolete")))
  (should (equal data-directory "/usr/share/emacs/28.2/etc/"))
  (should (equal source-directory "/usr/share/emacs/28.2/")))

(ert-deftest emacs-library-tests-bundled-first ()
  ;; What gapmacs bundles wins over Emacs's file of the same name.
  (should (equal (locate-library "simple") (expand-file-name "simple.el" (car load-path))))
  (should (equal (locate-library "ring")
                 (concat emacs-library-tests--dir "/emacs-lisp/ring.el.gz")))
  (should (equal (locate-library "ring.el") (locate-library "ring"))))

(ert-deftest emacs-library-tests-ring-from-source ()
  ;; ring.el.gz, read through zlib and evaluated; values from Emacs 28.
  (require 'ring)
  (should (member (concat emacs-library-tests--dir "/emacs-lisp/ring.el.gz")
                  (mapcar #'car load-history)))
  (let ((r (make-ring 3)))
    (dolist (x '(a b c d)) (ring-insert r x))
    (should (equal (ring-elements r) '(d c b)))
    (should (equal (ring-ref r 0) 'd))
    (should (equal (ring-remove r) 'b))
    (should (equal (ring-length r) 2))
    (should (equal (ring-member r 'c) 1))))

(ert-deftest emacs-library-tests-hidden ()
  ;; An empty GAPMACS_EMACS_LISP hides the library: gapmacs runs as before.
  (let ((r (emacs-library-tests--gapmacs
            '("GAPMACS_EMACS_LISP=")
            "--eval" "(progn (princ (list (length load-path) gapmacs-emacs-lisp-directory (locate-library \"ring\"))) (require 'ring))")))
    (should (equal (car r) 255))
    (should (string-prefix-p "(1 nil nil)" (cdr r)))
    (should (string-match-p "Cannot open load file: No such file or directory, ring" (cdr r))))
  ;; A directory that does not exist is no error either.
  (let ((r (emacs-library-tests--gapmacs '("GAPMACS_EMACS_LISP=/nonexistent/lisp")
                                          "--eval" "(princ (length load-path))")))
    (should (equal r '(0 . "1")))))

(ert-deftest emacs-library-tests-compressed-sources ()
  (let* ((dir (make-temp-file "gapmacs-gz" t))
         (good (expand-file-name "gzgood.el" dir))
         (bad (expand-file-name "gzbad.el.gz" dir))
         (load-path (cons dir load-path)))
    (unwind-protect
        (progn
          (with-temp-file good
            (insert ";;; -*- lexical-binding: t -*-\n(defun gzgood-f () \"é\")\n(provide 'gzgood)\n"))
          (should (equal (call-process "gzip" nil nil nil good) 0))
          (should (file-exists-p (concat good ".gz")))
          (require 'gzgood)
          (should (equal (gzgood-f) "é"))
          ;; A cut-short stream: a clear error naming the file, nothing
          ;; defined.  Written as it is, not gzipped again (as Emacs's
          ;; jka-compr would under auto-compression-mode).
          (let ((inhibit-file-name-handlers '(jka-compr-handler))
                (inhibit-file-name-operation 'write-region))
            (with-temp-file bad
              (set-buffer-multibyte nil)
              (insert-file-contents-literally (concat good ".gz"))
              (delete-region (- (point-max) 12) (point-max))
              (goto-char (point-min))
              (while (search-forward "gzgood" nil t) (replace-match "gzbad!"))))
          (let ((err (should-error (load "gzbad") :type 'file-error)))
            (should (string-match-p "gzbad\\.el\\.gz" (error-message-string err))))
          (should-not (fboundp 'gzbad!-f)))
      (delete-directory dir t))))

(defconst emacs-library-tests--ratchet 1227
  "How many of the features Emacs 28 requires in batch (emacs28-requirable.txt,
written by `emacs -Q --batch' over the installed library) also require in
`gapmacs --batch -Q'.  Raise it as the core grows; it must never drop.")

(defconst emacs-library-tests--sample-ratchet 246
  "The same for every fifth feature of the list (the first, sixth...),
which the sanitizer build requires ($GAPMACS_LIBRARY_SAMPLE=5): the whole
list takes it far longer; all 246 loaded on 2026-12-05 (session 20).")

(defun emacs-library-tests--features (list)
  "LIST's features, or every Nth of them when $GAPMACS_LIBRARY_SAMPLE is N."
  (let ((every (string-to-number (or (getenv "GAPMACS_LIBRARY_SAMPLE") "1")))
        (features (with-temp-buffer (insert-file-contents list) (split-string (buffer-string) "\n" t))))
    (if (<= every 1)
        features
      (let ((i -1) sample)
        (dolist (f features (nreverse sample))
          (when (zerop (% (setq i (1+ i)) every)) (push f sample)))))))

(ert-deftest emacs-library-tests-requirable ()
  ;; Each feature in a fresh editor, two at a time.
  (let* ((list (let ((file (make-temp-file "requirable-")))
                 (with-temp-file file
                   (insert (mapconcat #'identity
                                      (emacs-library-tests--features
                                       (expand-file-name "emacs28-requirable.txt" emacs-library-tests--here))
                                      "\n")
                           "\n"))
                 file))
         (sampled (getenv "GAPMACS_LIBRARY_SAMPLE"))
         ;; `exit 0': xargs stops at a command that exits 255 (a failed require).
         (script "timeout 60 \"$0\" --batch -Q --eval \"(require (quote $1))\" >/dev/null 2>&1 && echo \"$1\"; exit 0")
         (ok (with-temp-buffer
               (call-process "xargs" list t nil "-P2" "-n1" "sh" "-c" script (car command-line-args))
               (split-string (buffer-string) "\n" t))))
    (message "emacs-library: %d of %d features of Emacs 28 require" (length ok)
             (with-temp-buffer (insert-file-contents list) (count-lines (point-min) (point-max))))
    (delete-file list)
    (unless sampled (should (member "ring" ok)))
    (should (>= (length ok) (if sampled emacs-library-tests--sample-ratchet
                              emacs-library-tests--ratchet)))))

;; What Emacs has preloaded, on first use (lang/preloaded_index.hpp).

(defun emacs-library-tests--child (env form &rest args)
  "What a fresh `gapmacs --batch -Q ARGS' with ENV added prints for FORM."
  (with-temp-buffer
    (let ((process-environment (append env process-environment)))
      (apply #'call-process (car command-line-args) nil t nil "--batch" "-Q"
             (append args (list "--eval" (format "(prin1 %S)" form)))))
    (buffer-string)))

(ert-deftest emacs-library-tests-preloaded-on-first-use ()
  ;; Nothing is loaded at start-up: the autoload and the special flag are
  ;; there before the file is read (a let binds dynamically without reading
  ;; it), and the first use reads it.
  (should (equal (emacs-library-tests--child
                  nil '(list (autoloadp (symbol-function 'define-widget))
                             (special-variable-p 'warning-series)
                             (featurep 'warnings)
                             (let ((warning-series 'bound)) (funcall (lambda () (symbol-value 'warning-series))))
                             (featurep 'warnings)
                             (boundp 'button-buffer-map)
                             (featurep 'button)))
                 "(t t nil bound nil t t)")))

(ert-deftest emacs-library-tests-preloaded-without-emacs-library ()
  ;; Without GNU Emacs's library only gapmacs's own files are indexed.
  (should (equal (emacs-library-tests--child
                  '("GAPMACS_EMACS_LISP=")
                  '(list (fboundp 'define-widget) (boundp 'warning-series)
                         (keymapp minibuffer-local-map) (fboundp 'help-add-fundoc-usage)))
                 "(nil nil t t)")))

(ert-deftest emacs-library-tests-preloaded-boundp-never-signals ()
  ;; A file that fails to load leaves its variable void; boundp says nil.
  (let ((dir (make-temp-file "gapmacs-pi" t)))
    (unwind-protect
        (progn
          (with-temp-file (expand-file-name "button.el" dir)
            (insert "(error \"broken on purpose\")\n"))
          (should (equal (emacs-library-tests--child
                          nil '(list (boundp 'button-buffer-map)
                                     (condition-case e (symbol-value 'button-buffer-map) (error e)))
                          "-L" dir)
                         "(nil (void-variable button-buffer-map))")))
      (delete-directory dir t))))

(ert-deftest emacs-library-tests-preloaded-loaddefs-files ()
  ;; Every autoload of Emacs's loaddefs.el that gapmacs does not define
  ;; itself names loaddefs's file, with its interactive flag and type.
  (let ((checked 0) (wrong nil))
    (with-temp-buffer
      (insert-file-contents (expand-file-name "loaddefs.el" gapmacs-emacs-lisp-directory))
      (goto-char (point-min))
      (while (re-search-forward "^(autoload '" nil t)
        (goto-char (match-beginning 0))
        (pcase-let ((`(autoload (quote ,name) ,file ,_ ,interactive ,type) (read (current-buffer))))
          (let ((def (symbol-function name)))
            ;; gapmacs's own files define some (bundled_autoloads.cpp).
            (when (and (autoloadp def)
                       (not (locate-file (nth 1 def) (list (car load-path)) '(".el")))
                       (not (locate-file file (list (car load-path)) '(".el"))))
              (setq checked (1+ checked))
              (unless (equal (list (nth 1 def) (nth 3 def) (nth 4 def))
                             (list file (and interactive t) (and (memq type '(macro t)) 'macro)))
                (push (list name def) wrong)))))))
    (should (> checked 2000))
    (should (equal wrong nil))))

(ert-deftest emacs-library-tests-preloaded-one-definition ()
  ;; What gapmacs's own simple.el, subr and window.el lack comes from
  ;; Emacs's files of those names, one definition at a time: the rest of
  ;; those files (which would replace gapmacs's own) is never read.
  (should (equal (emacs-library-tests--child
                  nil '(list (car (symbol-function 'size-indication-mode))
                             (progn (size-indication-mode 1) size-indication-mode)
                             (member-ignore-case "B" (list "a" "b"))
                             (flatten-list '(1 (2 (3)) nil 4))
                             (progn (defvar emacs-library-tests--l (list 1))
                                    (add-to-ordered-list 'emacs-library-tests--l 2 0)
                                    (symbol-value 'emacs-library-tests--l))
                             ;; A definition inside a `let-when-compile'
                             ;; gets what that form binds.
                             (consp lisp-el-font-lock-keywords-1)
                             ;; repeat.el has a variable and a function of
                             ;; this name: each comes from its own form.
                             repeat-check-key (func-arity 'repeat-check-key)))
                 "(autoload t (\"b\") (1 2 3 4) (2 1) t t (2 . 2))")))

(ert-deftest emacs-library-tests-preloaded-alias-of-an-autoload ()
  ;; window.el's (defalias 'window-inside-pixel-edges 'window-body-pixel-edges):
  ;; the first call takes the alias, then the definition of its target,
  ;; as Emacs's eval retries an autoload (company's tooltip calls it).
  (should (equal (emacs-library-tests--child
                  nil '(list (equal (window-inside-pixel-edges) (window-body-pixel-edges))
                             (symbol-function 'window-inside-pixel-edges)
                             (functionp (symbol-function 'window-body-pixel-edges))))
                 "(t window-body-pixel-edges t)")))

(ert-deftest emacs-library-tests-preloaded-one-definition-keeps-gapmacs-own ()
  ;; Emacs's form defines gapmacs's own names too: they stay gapmacs's.
  (let ((dir (make-temp-file "gapmacs-def" t)))
    (unwind-protect
        (progn
          (make-directory (expand-file-name "lib" dir))
          (with-temp-file (expand-file-name "lib/simple.el" dir)
            (insert ";;; -*- lexical-binding: t -*-\n"
                    "(let ((x 1))\n"
                    "  (defun count-words (&rest _) 'emacs)\n"
                    "  (defun binary-overwrite-mode (&optional _) (list 'emacs x)))\n"))
          (should (equal (emacs-library-tests--child
                          (list (concat "GAPMACS_EMACS_LISP=" (expand-file-name "lib" dir)))
                          '(list (binary-overwrite-mode) (car (symbol-function 'count-words))))
                         "((emacs 1) autoload)")))
      (delete-directory dir t))))
