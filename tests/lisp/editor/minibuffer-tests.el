;;; minibuffer-tests.el --- lisp/minibuffer.el  -*- lexical-binding: t -*-

;; Expected values are GNU Emacs 28's; the file also runs there (the tests
;; that replace the minibuffer reader run only in gapmacs, whose readers
;; are Lisp).
(when (boundp 'gapmacs-version) (load "loadup" nil t))

(defmacro minibuffer-tests--with-input (inputs &rest body)
  "Run BODY with `read-from-minibuffer' answering INPUTS in turn; the prompts
it saw are in `minibuffer-tests--prompts'."
  (declare (indent 1))
  (let ((old (make-symbol "old")) (queue (make-symbol "queue")))
    `(let ((,old (symbol-function 'read-from-minibuffer))
           (,queue (copy-sequence ,inputs)))
       (setq minibuffer-tests--prompts nil)
       (unwind-protect
           (progn
             (fset 'read-from-minibuffer
                   (lambda (prompt &rest _)
                     (push prompt minibuffer-tests--prompts)
                     (pop ,queue)))
             ,@body)
         (fset 'read-from-minibuffer ,old)))))

(defvar minibuffer-tests--prompts nil)

(ert-deftest minibuffer-try-completion ()
  (should (equal (try-completion "fo" '("foo" "foobar" "baz")) "foo"))
  (should (eq (try-completion "foo" '("foo")) t))
  (should (equal (try-completion "foo" '("foo" "foobar")) "foo"))
  (should (null (try-completion "x" '("foo"))))
  (should (equal (try-completion "f" '(("foo" . 1) ("fab" . 2))) "f"))
  (should (equal (try-completion "fo" '(foo fab)) "foo"))
  (should (equal (try-completion "b" '("bar" "baz") (lambda (s) (string= s "bar"))) "bar"))
  (should (eq (try-completion "bar" '("bar" "baz") (lambda (s) (string= s "bar"))) t))
  (should (equal (try-completion "" '("abc" "abd")) "ab"))
  (should (equal (try-completion "car-s" obarray 'fboundp) "car-safe")))

(ert-deftest minibuffer-all-and-test-completion ()
  (should (equal (all-completions "f" '("foo" "bar" "fab")) '("foo" "fab")))
  (should (equal (all-completions "" '(a b)) '("a" "b")))
  (should (equal (all-completions "f" '(("foo" . 1) ("fab" . 2)) (lambda (c) (= (cdr c) 2)))
                 '("fab")))
  (should (eq (test-completion "foo" '("foo" "foobar")) t))
  (should-not (test-completion "fo" '("foo")))
  (should (test-completion "foo" '(("foo" . 1)))))

(ert-deftest minibuffer-completion-regexps-case-and-characters ()
  ;; Emacs 28's answers.
  (let ((completion-regexp-list '("b" "[0-9]")))
    (should (equal (all-completions "a" '("ab1" "ab" "a1" "xb1" "ab2")) '("ab1" "ab2"))))
  (let ((completion-regexp-list '("B")) (completion-ignore-case t))
    (should (equal (all-completions "A" '("ab1" "Ab" "a1")) '("ab1" "Ab"))))
  (let ((completion-ignore-case t))
    (should (equal (try-completion "é" '("école" "Écrit")) "éc"))
    (should (equal (try-completion "ÉCOLE" '("école")) "école")))
  (should (equal (try-completion "f" '("föö" "föb")) "fö"))
  (should (equal (try-completion "" '("abc" "abd" "x")) ""))
  (should (equal (all-completions "fo" '(("foo" . 1) foo2 "bar" 3)) '("foo" "foo2")))
  (should-not (try-completion "a" (make-vector 3 0)))
  (should-error (let ((completion-regexp-list '("["))) (all-completions "" '("a")))
                :type 'invalid-regexp))

(ert-deftest minibuffer-completion-of-a-circular-list-signals ()
  ;; Emacs 28 loops forever here; gapmacs signals, as Emacs's other list
  ;; walks do.
  (skip-unless (boundp 'gapmacs-version))
  (let ((l (list "a" "b")))
    (setcdr (cdr l) l)
    (should-error (all-completions "" l) :type 'circular-list)
    (should-error (try-completion "a" l) :type 'circular-list)))

(ert-deftest minibuffer-hash-table-completion ()
  (let ((h (make-hash-table :test 'equal)))
    (puthash "abc" 1 h) (puthash "abd" 2 h) (puthash 'abe 3 h)
    (should (equal (try-completion "a" h) "ab"))
    (should (equal (sort (all-completions "a" h) 'string<) '("abc" "abd" "abe")))
    (should (equal (all-completions "a" h (lambda (_k v) (> v 2))) '("abe")))))

(ert-deftest minibuffer-function-completion ()
  (let ((table (lambda (string pred action)
                 (complete-with-action action '("red" "green" "grey") string pred))))
    (should (equal (try-completion "g" table) "gre"))
    (should (equal (all-completions "gr" table) '("green" "grey")))
    (should (test-completion "red" table))))

(ert-deftest minibuffer-ignore-case ()
  (let ((completion-ignore-case t))
    (should (equal (try-completion "FO" '("foo" "foobar")) "foo"))
    (should (equal (try-completion "FOO" '("foo")) "foo"))
    (should (equal (all-completions "F" '("foo" "Fab")) '("foo" "Fab")))
    (should (test-completion "FOO" '("foo")))))

(ert-deftest minibuffer-format-prompt ()
  (should (equal (format-prompt "Goto line" 5) "Goto line (default 5): "))
  (should (equal (format-prompt "X %s" nil "y") "X y: ")))

(ert-deftest minibuffer-substitute-in-file-name ()
  (should (equal (substitute-in-file-name "/foo//bar") "/bar"))
  (should (equal (substitute-in-file-name "/a/b/~/x") "~/x")))

(ert-deftest minibuffer-complete-command ()
  (skip-unless (boundp 'gapmacs-version))
  (with-temp-buffer
    (let ((minibuffer-completion-table '("apple" "apricot" "banana"))
          (minibuffer-completion-predicate nil))
      (insert "a")
      (minibuffer-complete)
      (should (equal (buffer-string) "ap"))
      (erase-buffer) (insert "b")
      (minibuffer-complete)
      (should (equal (buffer-string) "banana"))
      (erase-buffer) (insert "x")
      (should-not (minibuffer-complete))
      (should (equal (buffer-string) "x"))
      (erase-buffer) (insert "ap")
      (minibuffer-complete)
      (should (get-buffer "*Completions*"))
      (should (string-match-p "apricot" (with-current-buffer "*Completions*" (buffer-string)))))))

(ert-deftest minibuffer-complete-uses-the-completion-styles ()
  "TAB completes as Emacs's `completion-styles' and the table's category
say (project-file: substring), point where the style puts it; with no
category, basic then partial-completion (\"s/b\" is src/b.c)."
  (skip-unless (and (boundp 'gapmacs-version) (fboundp 'completion-try-completion)))
  (let* ((files '("doc/notes.txt" "src/a.c" "src/b.c"))
         (project-table (lambda (string pred action)
                          (if (eq action 'metadata)
                              '(metadata (category . project-file))
                            (complete-with-action action files string pred)))))
    (with-temp-buffer
      (let ((minibuffer-completion-table project-table))
        (insert "a.c")
        (should (minibuffer-complete))
        (should (equal (buffer-string) "src/a.c"))
        (erase-buffer) (insert "notes")
        (minibuffer-complete)
        (should (equal (buffer-string) "doc/notes.txt"))
        (erase-buffer) (insert "zzz")
        (should-not (minibuffer-complete))
        (should (equal (buffer-string) "zzz")))
      (let ((minibuffer-completion-table files))
        (erase-buffer) (insert "s/b")
        (minibuffer-complete)
        (should (equal (buffer-string) "src/b.c"))
        (erase-buffer) (insert "a.c")
        (should-not (minibuffer-complete))))))

(ert-deftest minibuffer-complete-word ()
  (skip-unless (boundp 'gapmacs-version))
  (with-temp-buffer
    (let ((minibuffer-completion-table '("find-file" "find-file-other-window")))
      (insert "fi")
      (minibuffer-complete-word)
      (should (equal (buffer-string) "find-")))))

(ert-deftest minibuffer-complete-word-goes-past-a-complete-name ()
  ;; As Emacs: when the input is already a name and also the start of
  ;; longer ones, SPC completes on to the separator that follows it.
  (skip-unless (boundp 'gapmacs-version))
  (with-temp-buffer
    (let ((minibuffer-completion-table '("LATIN SMALL LETTER E" "LATIN SMALL LETTER E WITH ACUTE"))
          (completion-ignore-case t))
      (insert "latin small letter e")
      (minibuffer-complete-word)
      (should (equal (buffer-string) "LATIN SMALL LETTER E ")))))

(ert-deftest minibuffer-completion-tests-the-predicate-after-the-prefix ()
  ;; Emacs calls PREDICATE only on the names that match, with a list's
  ;; element or a hash table's key and value.
  (let ((seen nil)
        (table (make-hash-table :test 'equal)))
    (puthash "alpha" 1 table)
    (puthash "beta" 2 table)
    (puthash "alps" 3 table)
    (should (equal (sort (all-completions "al" table (lambda (k v) (push k seen) (> v 1))) #'string<)
                   '("alps")))
    (should (equal (sort seen #'string<) '("alpha" "alps")))
    (setq seen nil)
    (should (equal (all-completions "c" '(("car" . 1) "cdr" "bus" cons)
                                    (lambda (e) (push e seen) (not (equal e "cdr"))))
                   '("car" "cons")))
    (should (equal (reverse seen) '(("car" . 1) "cdr" cons)))))

(ert-deftest minibuffer-history-elements ()
  (skip-unless (boundp 'gapmacs-version))
  (with-temp-buffer
    (let ((minibuffer-history-variable 'minibuffer-tests--hist)
          (minibuffer-history-position 0)
          (minibuffer-text-before-history nil)
          (minibuffer-default "dflt"))
      (defvar minibuffer-tests--hist)
      (setq minibuffer-tests--hist '("newest" "older"))
      (insert "typed")
      (previous-history-element 1)
      (should (equal (buffer-string) "newest"))
      (previous-history-element 1)
      (should (equal (buffer-string) "older"))
      (should-error (previous-history-element 1) :type 'user-error)
      (next-history-element 2)
      (should (equal (buffer-string) "typed"))
      (next-history-element 1)
      (should (equal (buffer-string) "dflt")))))

(ert-deftest minibuffer-add-to-history ()
  (defvar minibuffer-tests--h2 nil)
  (let ((minibuffer-tests--h2 nil) (history-length 2))
    (add-to-history 'minibuffer-tests--h2 "a")
    (add-to-history 'minibuffer-tests--h2 "b")
    (add-to-history 'minibuffer-tests--h2 "c")
    (should (equal minibuffer-tests--h2 '("c" "b")))))

(ert-deftest minibuffer-completing-read ()
  (skip-unless (boundp 'gapmacs-version))
  (minibuffer-tests--with-input '("" "typed")
    (should (equal (completing-read "Pick: " '("a" "b") nil t nil nil "b") "b"))
    (should (equal (completing-read "Pick: " '("a" "b")) "typed"))))

(ert-deftest minibuffer-read-number ()
  (skip-unless (boundp 'gapmacs-version))
  (minibuffer-tests--with-input '("abc" "12")
    (should (= (read-number "N: ") 12))
    (should (= (length minibuffer-tests--prompts) 2)))
  (minibuffer-tests--with-input '("")
    (should (= (read-number "Goto line: " 7) 7))
    (should (equal (car minibuffer-tests--prompts) "Goto line (default 7): "))))

(ert-deftest minibuffer-read-buffer ()
  (skip-unless (boundp 'gapmacs-version))
  (with-temp-buffer
    (rename-buffer "minibuffer-tests-buf" t)
    (minibuffer-tests--with-input '("")
      (should (equal (read-buffer "Buffer: " (current-buffer)) (buffer-name)))
      (should (equal (car minibuffer-tests--prompts)
                     (format "Buffer (default %s): " (buffer-name)))))))

(ert-deftest minibuffer-yes-or-no-p ()
  (skip-unless (boundp 'gapmacs-version))
  (minibuffer-tests--with-input '("maybe" "yes")
    (should (eq (yes-or-no-p "Really? ") t))
    (should (equal minibuffer-tests--prompts '("Really? (yes or no) " "Really? (yes or no) "))))
  (minibuffer-tests--with-input '("no")
    (should-not (yes-or-no-p "Really?"))))

(ert-deftest minibuffer-y-or-n-p-events ()
  (skip-unless (boundp 'gapmacs-version))
  (let ((old (symbol-function 'read-event)) (events (list ?x ?Y ?\d)))
    (unwind-protect
        (progn
          (fset 'read-event (lambda (&rest _) (pop events)))
          (defvar noninteractive)
          (let ((noninteractive nil))
            (should (eq (y-or-n-p "Go? ") t))
            (should (eq (y-or-n-p "Go? ") nil))))
      (fset 'read-event old))))
(ert-deftest minibuffer-file-name-completion ()
  (let* ((dir (make-temp-file "mbt" t))
         (default-directory (file-name-as-directory dir)))
    (unwind-protect
        (progn
          (with-temp-buffer (write-region "" nil (expand-file-name "alpha.txt" dir)))
          (with-temp-buffer (write-region "" nil (expand-file-name "alpine.txt" dir)))
          (make-directory (expand-file-name "beta" dir))
          (should (equal (file-name-completion "al" dir) "alp"))
          (should (equal (file-name-completion "b" dir) "beta/"))
          (should (equal (sort (file-name-all-completions "al" dir) 'string<)
                         '("alpha.txt" "alpine.txt")))
          (should (equal (try-completion (concat dir "/alph") 'read-file-name-internal)
                         (concat dir "/alpha.txt")))
          (should (test-completion (concat dir "/beta") 'read-file-name-internal)))
      (delete-directory dir t))))

(ert-deftest minibuffer-messages-log-collapses-repeats ()
  ;; As Emacs's message_dolog: a message that repeats the last line of
  ;; *Messages* makes it "TEXT [N times]"; message-log-max nil logs nothing.
  (let ((tag (format "repeat-%s" (random 1000000))))
    (message "%s" tag)
    (message "%s" tag)
    (message "%s" tag)
    (let ((message-log-max nil)) (message "not logged %s" tag))
    (message "%s done" tag)
    (with-current-buffer "*Messages*"
      (should (string-suffix-p (format "%s [3 times]\n%s done\n" tag tag) (buffer-string))))))

(ert-deftest minibuffer-read-file-name-default-through-completing-read ()
  ;; A completion UI (ivy, vertico) reads file names through
  ;; completing-read-function; its DEF is the visited file, abbreviated, as
  ;; Emacs's read-file-name-default passes it (ivy's C-M-j returns it).
  (let* ((got nil)
         (completing-read-function
          (lambda (_prompt _coll _pred _req _init _hist def &rest _) (setq got def) ""))
         (insert-default-directory t))
    (with-temp-buffer
      (set-visited-file-name (expand-file-name "~/dummy-dir/dummy-file"))
      (set-buffer-modified-p nil)
      (read-file-name "File: ")
      (should (equal got "~/dummy-dir/dummy-file")))))

(ert-deftest minibuffer-inhibit-interaction-signals ()
  ;; Emacs 28: while inhibit-interaction is non-nil every way of asking
  ;; signals inhibited-interaction, even with input waiting.
  (let ((inhibit-interaction t)
        (unread-command-events (list ?y ?e ?s ?\r)))
    (dolist (ask (list (lambda () (read-from-minibuffer "x"))
                       (lambda () (read-string "x"))
                       (lambda () (read-event))
                       (lambda () (read-char))
                       (lambda () (read-char-exclusive))
                       (lambda () (yes-or-no-p "x"))
                       (lambda () (y-or-n-p "x"))))
      (should (equal (should-error (funcall ask)) '(inhibited-interaction))))
    (should (equal unread-command-events (list ?y ?e ?s ?\r))))
  (should (equal (error-message-string '(inhibited-interaction)) "User interaction while inhibited")))

(ert-deftest minibuffer-try-completion-ignoring-case-prefers-the-typed-case ()
  ;; minibuf.c's choice of the best match under completion-ignore-case:
  ;; one the others complete exactly, else one that keeps the input's case;
  ;; the same name twice is one match.
  (let ((completion-ignore-case t))
    (should (equal (try-completion "baz" '("bAz" "baz")) "baz"))
    (should (equal (try-completion "baz" '("baz" "bAz")) "baz"))
    (should (equal (try-completion "BA" '("bAz" "baz")) "bAz"))
    (should (equal (try-completion "BAZ" '("baz")) "baz"))
    (should (equal (try-completion "b" '("Bar" "baz")) "ba"))
    (should (equal (try-completion "fo" '("FOO" "foobar")) "FOO"))
    (should (equal (try-completion "foo" '("FOO" "foo" "Foo")) "foo"))
    (should (eq (try-completion "foo" '("foo" "foo")) t)))
  (should (equal (try-completion "fo" '("foo" "foobar")) "foo"))
  (should (eq (try-completion "foo" '("foo")) t))
  (should (equal (try-completion "foo" '("foo" "foobar")) "foo")))
