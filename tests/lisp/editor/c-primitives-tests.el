;;; c-primitives-tests.el --- Emacs's C primitives that gapmacs writes in Lisp  -*- lexical-binding: t -*-

;; Expected values are GNU Emacs 28's in batch; the file also runs there.
;; gapmacs defines these in lisp/subr-extra.el (the libraries call them:
;; hl-line's walk-windows wants window-list-1, org-mode buffer-base-buffer...).

(ert-deftest c-primitives-invisible-p ()
  (with-temp-buffer
    (insert "abcdef")
    (put-text-property 2 3 'invisible 'foo)
    (put-text-property 3 4 'invisible 'bar)
    (setq buffer-invisibility-spec '(foo (bar . t)))
    (should (equal (list (invisible-p 1) (invisible-p 2) (invisible-p 3) (invisible-p 'foo)
                         (invisible-p '(x bar)) (invisible-p nil))
                   '(nil t 2 t 2 nil)))
    (setq buffer-invisibility-spec t)
    (should (equal (list (invisible-p 3) (invisible-p 'zz) (invisible-p 1)) '(t t nil)))))

(ert-deftest c-primitives-bytes-and-text ()
  (should (equal (get-byte 0 "a") 97))
  (should (equal (get-byte 0 (string-to-unibyte "\377")) 255))
  (should (equal (get-byte 0 (string #x3FFFFF)) 255))
  (should (equal (should-error (get-byte 0 "é")) '(error "Not an ASCII nor an 8-bit character: 233")))
  (should (equal (with-temp-buffer (insert "abc") (get-byte 1)) 97))
  (with-temp-buffer
    (insert "abcd")
    (let ((b (current-buffer)))
      (with-temp-buffer
        (insert "abXd")
        (let ((case-fold-search t))
          (should (equal (list (compare-buffer-substrings b 1 5 nil 1 5)
                               (compare-buffer-substrings nil 1 5 b 1 5)
                               (compare-buffer-substrings b 1 3 nil 1 3)
                               (compare-buffer-substrings b 1 3 nil 1 5)
                               (compare-buffer-substrings b 1 5 nil 1 3))
                         '(-3 3 0 -3 3))))
        (let ((case-fold-search nil))
          ;; c after X in code order; folded, before x.
          (should (equal (compare-buffer-substrings b 1 5 nil 1 5) 3))))))
  (should (equal (list (ngettext "a" "b" 1) (ngettext "a" "b" 0)) '("a" "b")))
  (should (equal (lax-plist-get (list "a" 1 "b" 2) "b") 2))
  (should (equal (lax-plist-put (list "a" 1) "b" 2) '("a" 1 "b" 2)))
  (should (equal (lax-plist-put (list "a" 1) "a" 3) '("a" 3)))
  (let ((s (copy-sequence "ab")))
    (should-not (clear-string s))
    (should (equal s (string 0 0))))
  (should (equal (text-quoting-style) 'curve))
  (should (equal (let ((text-quoting-style 'grave)) (text-quoting-style)) 'grave))
  (should (memq (byteorder) '(?l ?B))))

(ert-deftest c-primitives-files-and-buffers ()
  (should (equal (should-error (access-file "/nonexistent" "Opening") :type 'file-missing)
                 '(file-missing "Opening" "No such file or directory" "/nonexistent")))
  (should-not (access-file temporary-file-directory "x"))
  (should-not (buffer-base-buffer))
  (should-not (get-file-buffer "/nonexistent/x"))
  (let* ((file (make-temp-file "gfb"))
         (buffer (find-file-noselect file)))
    (unwind-protect
        (progn
          (should (eq (get-file-buffer file) buffer))
          (should (eq (get-file-buffer (file-relative-name file)) buffer)))
      (kill-buffer buffer)
      (delete-file file))))

(ert-deftest c-primitives-window-parameters ()
  (let ((w (selected-window)))
    (should (window-valid-p w))
    (should-not (window-valid-p 3))
    (should (equal (window-list-1) (list w)))
    (should-not (window-parameter nil 'c-primitives-a))
    (should (equal (set-window-parameter nil 'c-primitives-a 1) 1))
    (set-window-parameter w 'c-primitives-b 2)
    (set-window-parameter nil 'c-primitives-a 3)
    (should (equal (seq-filter (lambda (p) (memq (car p) '(c-primitives-a c-primitives-b)))
                               (window-parameters))
                   '((c-primitives-b . 2) (c-primitives-a . 3))))
    (should (equal (window-parameter w 'c-primitives-a) 3))
    (setf (window-parameter nil 'c-primitives-a) 4)
    (should (equal (window-parameter nil 'c-primitives-a) 4))
    (should (equal (should-error (window-parameter 3 'a)) '(wrong-type-argument windowp 3)))))

(ert-deftest c-primitives-batch-terminal ()
  ;; Batch reads no keys and shows nothing.
  (should (equal (list (input-pending-p) (current-message) (active-minibuffer-window)
                       (minibuffer-selected-window) (minibuffer-prompt) (minibuffer-depth)
                       (recent-keys) (ding) (redisplay) (force-window-update))
                 '(nil nil nil nil nil 0 [] nil t t))))

(ert-deftest c-primitives-format-mode-line ()
  ;; Emacs 28's values in `emacs -nw' (its batch formats every mode line
  ;; as ""): gapmacs's editor draws mode-name, mode-line-process and the
  ;; minor modes' lighters through it.
  (skip-unless (not (and noninteractive (not (fboundp 'gapmacs-gc-stress)))))
  (save-window-excursion
   (with-temp-buffer
    (rename-buffer "c-primitives" t)
    ;; The mode line formats the selected window's buffer.
    (set-window-buffer nil (current-buffer))
    (setq mode-name "Lisp Interaction")
    (let ((lexical-binding nil))
      (should (equal (format-mode-line '("ELisp" (lexical-binding (:propertize "/l") (:propertize "/d"))))
                     "ELisp/d")))
    (let ((lexical-binding t))
      (should (equal (format-mode-line '("ELisp" (lexical-binding "/l" "/d"))) "ELisp/l")))
    (should (equal (format-mode-line '(5 "ab")) "ab   "))
    (should (equal (format-mode-line '(-2 "abc")) "ab"))
    (should (equal (format-mode-line "%b %% x") (concat (buffer-name) " % x")))
    (should (equal (format-mode-line t) ""))
    (should (equal (format-mode-line '(t "a")) "a"))
    (should (equal (format-mode-line '(:eval (concat "e" "v"))) "ev"))
    (should (equal (format-mode-line 'mode-name) "Lisp Interaction")))))

;;; c-primitives-tests.el ends here

(ert-deftest c-primitives-header-line-text ()
  ;; gapmacs only: the text the editor's header line shows, as Emacs 28
  ;; draws tabulated-list's column titles (checked beside emacs -nw).
  (skip-unless (fboundp 'internal--header-line-text))
  (let ((header-line-format nil))
    (should (equal (internal--header-line-text
                    (list "" (propertize " " 'display '(space :align-to 2)) "Package"
                          (propertize " " 'display '(space :align-to 12)) "Version"
                          (propertize " " 'display '(space :width 3)) "|"))
                   "  Package   Version   |"))
    ;; A title longer than its column pushes the next one on, as Emacs does.
    (should (equal (internal--header-line-text
                    (list "abcdef" (propertize " " 'display '(space :align-to 3)) "x"))
                   "abcdefx"))
    (should (equal (internal--header-line-text "%b") (buffer-name)))))

(ert-deftest c-primitives-translate-region ()
  ;; Emacs 28's values: a char-table of characters, vectors and sequences
  ;; (as make-translation-table-from-alist makes them), and a string
  ;; table; the count is of the characters put in.
  (should (equal (list
                  (with-temp-buffer
                    (insert "abcabc")
                    (let ((table (make-char-table 'translation-table)))
                      (aset table ?a ?x)
                      (aset table ?b [?y ?z])
                      (list (translate-region-internal 1 7 table) (buffer-string))))
                  (with-temp-buffer
                    (insert "hello")
                    (let ((tbl (make-string 128 0)))
                      (dotimes (i 128) (aset tbl i i))
                      (aset tbl ?l ?L)
                      (list (translate-region-internal 1 6 tbl) (buffer-string))))
                  (with-temp-buffer
                    (insert "abab")
                    (let ((table (make-char-table 'translation-table)))
                      (aset table ?a '(([?a ?b] . ?Q)))
                      (list (translate-region-internal 1 5 table) (buffer-string)))))
                 '((6 "xyzcxyzc") (2 "heLLo") (2 "QQ")))))

(ert-deftest c-primitives-columns-of-format-characters ()
  ;; A zero-width no-break space takes no column, as in Emacs 28 (company
  ;; puts one before each wide character of its tooltip).
  (with-temp-buffer
    (insert (string #xFEFF #x86d9 #xFEFF #x86d9))
    (move-to-column 4)
    (should (equal (list (point) (current-column)) '(5 4)))))

(ert-deftest c-primitives-lax-plist-get-refuses-improper-plists ()
  ;; As Emacs 28's fns.c (unlike plist-get, which never signals).
  (should (equal (should-error (lax-plist-get '(:foo 1 :bar) :bar))
                 '(wrong-type-argument plistp (:foo 1 :bar))))
  (should (equal (should-error (lax-plist-get '(:foo 1 . :bar) :qux))
                 '(wrong-type-argument plistp (:foo 1 . :bar))))
  (should (equal (lax-plist-get '("a" 1 "b" 2) "b") 2))
  (let ((l (list :a 1 :b 2 :c 3)))
    (setcdr (last l) (cddr l))
    (should (eq (car (should-error (lax-plist-get l :d))) 'circular-list))))
