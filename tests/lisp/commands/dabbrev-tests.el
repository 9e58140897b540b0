;;; dabbrev-tests.el --- lisp/dabbrev.el: M-/  -*- lexical-binding: t -*-

;; Expected values are GNU Emacs 28's; the file also runs there.  Emacs
;; also looks in every other buffer, so the words here start with "zq",
;; which no other buffer of a test run holds, and the words of the "other
;; buffer" test are built at run time.
(when (boundp 'gapmacs-version) (load "loadup" nil t))

(defun dabbrev-tests--run (text pt n)
  "Type M-/ N times at PT in TEXT; the buffer and point (or the error) after each."
  (with-temp-buffer
    (insert text)
    (goto-char pt)
    (let ((results nil) (last-command nil))
      (dotimes (_ n)
        (setq this-command 'dabbrev-expand)
        (push (condition-case e
                  (progn (dabbrev-expand nil) (list (buffer-string) (point)))
                (user-error (list 'error (cadr e) (buffer-string) (point))))
              results)
        (setq last-command 'dabbrev-expand))
      (nreverse results))))

(ert-deftest dabbrev-nearest-earlier-then-later ()
  (should (equal (dabbrev-tests--run "zqfoobar zqfoxtrot zqfo zqfortune zqfoobar zqforward" 24 5)
                 '(("zqfoobar zqfoxtrot zqfoxtrot zqfortune zqfoobar zqforward" 29)
                   ("zqfoobar zqfoxtrot zqfoobar zqfortune zqfoobar zqforward" 28)
                   ("zqfoobar zqfoxtrot zqfortune zqfortune zqfoobar zqforward" 29)
                   ("zqfoobar zqfoxtrot zqforward zqfortune zqfoobar zqforward" 29)
                   (error "No further dynamic expansion for ‘zqfo’ found"
                          "zqfoobar zqfoxtrot zqfo zqfortune zqfoobar zqforward" 24)))))

(ert-deftest dabbrev-across-lines ()
  (should (equal (dabbrev-tests--run "zqalpha\nzqal\nzqalgebra zqaltitude" 13 4)
                 '(("zqalpha\nzqalpha\nzqalgebra zqaltitude" 16)
                   ("zqalpha\nzqalgebra\nzqalgebra zqaltitude" 18)
                   ("zqalpha\nzqaltitude\nzqalgebra zqaltitude" 19)
                   (error "No further dynamic expansion for ‘zqal’ found"
                          "zqalpha\nzqal\nzqalgebra zqaltitude" 13)))))

(ert-deftest dabbrev-none ()
  (should (equal (dabbrev-tests--run "zqabc zqxyz" 12 1)
                 '((error "No dynamic expansion for ‘zqxyz’ found" "zqabc zqxyz" 12)))))

(ert-deftest dabbrev-word-starts-only ()
  ;; "xzqalpha" does not begin with "zqal".
  (should (equal (dabbrev-tests--run "xzqalpha zqal" 14 2)
                 '((error "No dynamic expansion for ‘zqal’ found" "xzqalpha zqal" 14)
                   (error "No dynamic expansion for ‘zqal’ found" "xzqalpha zqal" 14)))))

(ert-deftest dabbrev-symbol-characters ()
  (should (equal (dabbrev-tests--run "zqfoo-bar zqfoo_baz zqfoo.qux zqfo" 35 4)
                 '(("zqfoo-bar zqfoo_baz zqfoo.qux zqfoo" 36)
                   ("zqfoo-bar zqfoo_baz zqfoo.qux zqfoo_baz" 40)
                   ("zqfoo-bar zqfoo_baz zqfoo.qux zqfoo-bar" 40)
                   (error "No further dynamic expansion for ‘zqfo’ found"
                          "zqfoo-bar zqfoo_baz zqfoo.qux zqfo" 35)))))

(ert-deftest dabbrev-case ()
  ;; Distinct whatever their case; a lower-case abbreviation gives lower case.
  (should (equal (dabbrev-tests--run "Zqhello zqhello ZQHELLO zqhelium zqhe" 38 3)
                 '(("Zqhello zqhello ZQHELLO zqhelium zqhelium" 42)
                   ("Zqhello zqhello ZQHELLO zqhelium zqhello" 41)
                   (error "No further dynamic expansion for ‘zqhe’ found"
                          "Zqhello zqhello ZQHELLO zqhelium zqhe" 38))))
  ;; Capitalized: capitalized.
  (should (equal (mapcar #'car (dabbrev-tests--run "zqhello Zqhelium ZQHELIX Zqhe" 30 3))
                 '("zqhello Zqhelium ZQHELIX Zqhelix" "zqhello Zqhelium ZQHELIX Zqhelium"
                   "zqhello Zqhelium ZQHELIX Zqhello")))
  ;; Upper case: upper case.
  (should (equal (mapcar #'car (dabbrev-tests--run "zqhello Zqhelium ZQHELIX ZQHE" 30 3))
                 '("zqhello Zqhelium ZQHELIX ZQHELIX" "zqhello Zqhelium ZQHELIX ZQHELIUM"
                   "zqhello Zqhelium ZQHELIX ZQHELLO")))
  ;; Mixed case the candidate starts with: the candidate's case.
  (should (equal (mapcar #'car (dabbrev-tests--run "zqhello Zqhelium ZQHELIX ZQhe" 30 3))
                 '("zqhello Zqhelium ZQHELIX Zqhelix" "zqhello Zqhelium ZQHELIX Zqhelium"
                   "zqhello Zqhelium ZQHELIX Zqhello")))
  (should (equal (mapcar #'car (dabbrev-tests--run "ZqHeLLo zqhe" 13 1)) '("ZqHeLLo zqhello")))
  (should (equal (mapcar #'car (dabbrev-tests--run "zqhello zqhEL" 14 1)) '("zqhello zqhello"))))

(ert-deftest dabbrev-single-capital ()
  (should (equal (mapcar #'car (dabbrev-tests--run "Zqaaa zqbbb Zqccc Z" 20 1))
                 '("Zqaaa zqbbb Zqccc Zqccc")))
  (should (equal (mapcar #'car (dabbrev-tests--run "ZQAAA Z" 8 1)) '("ZQAAA ZQAAA")))
  ;; One capital letter makes a lower-case candidate upper case; a repeated
  ;; M-/ takes the case of the expansion it replaces.
  (should (equal (mapcar #'car (dabbrev-tests--run "ZqAB, zqab, ZqAB, ZQABD, zqa, Z zqab, zqb" 32 4))
                 '("ZqAB, zqab, ZqAB, ZQABD, zqa, ZQA zqab, zqb"
                   "ZqAB, zqab, ZqAB, ZQABD, zqa, ZQABD zqab, zqb"
                   "ZqAB, zqab, ZqAB, ZQABD, zqa, ZqAB zqab, zqb"
                   "ZqAB, zqab, ZqAB, ZQABD, zqa, Zqb zqab, zqb"))))

(ert-deftest dabbrev-other-buffers ()
  (let ((word (concat "zq" "otherbuf" "word"))
        (b (generate-new-buffer "dabbrev-tests-other")))
    (unwind-protect
        (progn
          (with-current-buffer b (insert "x " word " y"))
          (should (equal (dabbrev-tests--run (concat "zqo" "th") 6 2)
                         (list (list word (1+ (length word)))
                               (list 'error (concat "No further dynamic expansion for ‘zqo"
                                                    "th’ found")
                                     "zqoth" 6)))))
      (kill-buffer b))))

(ert-deftest dabbrev-new-abbrev-after-other-command ()
  (with-temp-buffer
    (insert "zqone zqtwo zq")
    (let ((last-command nil))
      (setq this-command 'dabbrev-expand)
      (dabbrev-expand nil)
      (should (equal (buffer-string) "zqone zqtwo zqtwo"))
      ;; Another command in between: M-/ starts afresh from "zqtwo".
      (setq last-command 'self-insert-command this-command 'dabbrev-expand)
      (should (equal (condition-case e (dabbrev-expand nil) (user-error (cadr e)))
                     "No dynamic expansion for ‘zqtwo’ found")))))

(ert-deftest dabbrev-key ()
  (should (eq (key-binding (kbd "M-/")) 'dabbrev-expand)))

;;; dabbrev-tests.el ends here

(ert-deftest dabbrev-none-leaves-the-buffer-unmodified ()
  ;; Issue 18: a failed M-/ changed nothing, yet marked the buffer modified.
  (with-temp-buffer
    (insert "zqabc zqxyz")
    (set-buffer-modified-p nil)
    (let ((last-command nil) (this-command 'dabbrev-expand))
      (should-error (dabbrev-expand nil) :type 'user-error))
    (should (equal (buffer-string) "zqabc zqxyz"))
    (should-not (buffer-modified-p))))
