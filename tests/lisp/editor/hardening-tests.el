;;; hardening-tests.el --- hostile input: reader, codings, devices, errors  -*- lexical-binding: t -*-

;; Regression tests for issue #11's defects: each was a crash, a hang or a
;; wrong value before.  They pass under GNU Emacs 28 as well, except the
;; gapmacs-only ones (skip-unless).

(ert-deftest hardening-wrong-types-are-errors ()
  ;; Once SIGSEGV: string functions given a non-string.
  (should (equal (should-error (string-width 1)) '(wrong-type-argument stringp 1)))
  (should-error (string-prefix-p 1 "a") :type 'wrong-type-argument)
  (should-error (string-search 'a "a") :type 'wrong-type-argument)
  (should-error (string-replace 1 "a" "b") :type 'wrong-type-argument)
  (should-error (string-distance "a" 2) :type 'wrong-type-argument)
  (should-error (string-to-vector 5) :type 'wrong-type-argument)
  (should-error (format 1) :type 'wrong-type-argument)
  (should-error (error 1) :type 'wrong-type-argument)
  (should (equal (string-to-list '(1 2)) '(1 2)))
  (should (equal (string-to-vector '(1 2)) [1 2])))

(ert-deftest hardening-reader-depth ()
  ;; Quotes, backquotes, commas and #' nest without a list: once a crash.
  (should-error (read (make-string 5000 ?`)))
  (should (eq (car (read (concat (make-string 1000 ?') "a"))) 'quote))
  (should (equal (read "''a") '''a)))

(ert-deftest hardening-reader-depth-gapmacs ()
  "50000 levels: a Lisp error (Emacs 28 takes minutes here)."
  (skip-unless (boundp 'gapmacs-version))
  (should-error (read (make-string 50000 ?')))
  (should-error (read (concat (make-string 50000 ?,) "a")))
  ;; (string-replace builds them without a cons per piece: quick under stress.)
  (should-error (read (concat (string-replace "x" "#'" (make-string 50000 ?x)) "a")))
  (should-error (read (concat "?" (string-replace "x" "\\C-" (make-string 300000 ?x)) "a"))))

(ert-deftest hardening-reader-radix ()
  (should (equal (should-error (read "#4294967298r1"))
                 '(invalid-read-syntax "integer, radix 4294967298")))
  (should (equal (should-error (read "#37r1")) '(invalid-read-syntax "integer, radix 37")))
  (should (equal (should-error (read "#1r1")) '(invalid-read-syntax "integer, radix 1")))
  (should (equal (read "#36rZ") 35)))

(ert-deftest hardening-reader-named-chars ()
  (should (equal (read "\"\\N{U+E9}\"") "é"))
  (should (equal (read "\"\\N{LATIN SMALL LETTER E WITH ACUTE}\"") "é"))
  (should (equal (read "\"\\N{latin small  letter e with acute}\"") "é"))
  (should (equal (read "?\\N{SNOWMAN}") 9731))
  (should (equal (read "?\\N{U+1F600}") #x1F600))
  (should (equal (should-error (read "\"\\N{NOPE}\"")) '(invalid-read-syntax "\\N{NOPE}")))
  (should (equal (should-error (read "\"\\N{U+D800}\"")) '(invalid-read-syntax "\\N{U+D800}")))
  (should (equal (should-error (read "\"\\N{U+110000}\"")) '(invalid-read-syntax "\\N{U+110000}"))))

(ert-deftest hardening-coding-systems-must-be-symbols ()
  (should (equal (should-error (check-coding-system "utf-8")) '(wrong-type-argument symbolp "utf-8")))
  (should (equal (should-error (decode-coding-string "abc" 5)) '(wrong-type-argument symbolp 5)))
  (let ((file (make-temp-file "hardening")))
    (unwind-protect
        (progn
          (should (equal (should-error (let ((coding-system-for-read 5))
                                         (with-temp-buffer (insert-file-contents file))))
                         '(wrong-type-argument symbolp 5)))
          (should (equal (should-error (let ((coding-system-for-write 5))
                                         (write-region "x" nil file)))
                         '(wrong-type-argument symbolp 5))))
      (delete-file file)))
  (should (equal (should-error (make-process :name "hardening" :command '("true") :coding "utf-8"))
                 '(wrong-type-argument symbolp "utf-8")))
  (let ((p (start-process "hardening" nil "cat")))
    (unwind-protect
        (should (equal (should-error (set-process-coding-system p "utf-8" 5))
                       '(wrong-type-argument symbolp "utf-8")))
      (delete-process p))))

(ert-deftest hardening-devices-with-beg-end ()
  ;; Once read /dev/zero forever: BEG/END need a regular file, as in Emacs.
  (with-temp-buffer
    (should (equal (should-error (insert-file-contents "/dev/zero" nil 0 1000))
                   '(file-error "not a regular file" "/dev/zero")))
    (should (equal (buffer-size) 0))
    ;; A device with an end reads to it.
    (should (equal (insert-file-contents "/dev/null") '("/dev/null" 0)))))

(ert-deftest hardening-sit-for-nil ()
  ;; Once blocked forever in batch.
  (should (equal (should-error (sit-for nil)) '(wrong-type-argument numberp nil)))
  (should (equal (should-error (sleep-for nil)) '(wrong-type-argument numberp nil)))
  (should (eq (sit-for 0) t))
  (should (eq (sit-for -1) t)))

(ert-deftest hardening-uncaught-deep-error-is-reported ()
  "An uncaught error with data 300 deep or circular: reported, status 255."
  (skip-unless (boundp 'gapmacs-version))
  (let ((prog (car command-line-args)))
    (dolist (form '("(let ((x nil)) (dotimes (_ 300) (setq x (list x))) (signal 'error (list \"boom\" x)))"
                    "(let ((l (list 1 2))) (setcdr (cdr l) l) (signal 'error (cons \"boom\" l)))"
                    "(let ((h (make-hash-table))) (puthash h h h) (error \"boom %S\" h))"))
      (with-temp-buffer
        (let ((status (call-process prog nil t nil "--batch" "-Q" "--eval" form)))
          (should (equal status 255))
          (goto-char (point-min))
          (should (looking-at "boom")))))))

;; Once replaced the inode (a new file renamed over the name), so the
;; other name kept the old text.
(ert-deftest hardening-write-region-keeps-hard-links ()
  (let* ((dir (make-temp-file "hardening" t))
         (a (expand-file-name "a" dir))
         (b (expand-file-name "b" dir)))
    (unwind-protect
        (progn
          (write-region "old" nil a)
          (add-name-to-file a b)
          (write-region "new text" nil a)
          (should (equal (with-temp-buffer (insert-file-contents b) (buffer-string)) "new text"))
          (write-region " appended" nil b t)
          (should (equal (with-temp-buffer (insert-file-contents a) (buffer-string)) "new text appended"))
          (should (equal (nth 1 (file-attributes a)) 2))
          ;; No copy is left beside them.
          (should (equal (directory-files dir nil "\\`[^.]") '("a" "b")))
          (should (equal (length (directory-files dir)) 4)))
      (delete-directory dir t))))

;; aset on a string changes the character's bytes in place (same width:
;; no copy); the results are Emacs's for every kind of string.
(ert-deftest hardening-aset-strings ()
  (dolist (case '(("abc" 1 ?x "axc" nil 3)
                  ("abc" 1 ?é "a\351c" nil 3) ; stays unibyte, as in Emacs
                  ("abc" 0 ?漢 "漢bc" t 5)
                  ("héllo" 1 ?e "hello" t 5)
                  ("héllo" 1 ?漢 "h漢llo" t 7)
                  ("héllo" 4 ?😀 "héll😀" t 9)
                  ("漢字" 1 ?a "漢a" t 4)
                  ("\377\200a" 0 ?a "a\200a" nil 3)
                  ("\377\200a" 2 200 "\377\200\310" nil 3)))
    (let ((s (copy-sequence (nth 0 case))))
      (aset s (nth 1 case) (nth 2 case))
      (should (equal s (nth 3 case)))
      (should (eq (multibyte-string-p s) (nth 4 case)))
      (should (equal (string-bytes s) (nth 5 case)))))
  (let ((s (concat "é" (make-string 99999 ?a)))) ; multibyte: é takes 2 bytes
    (dotimes (i 1000) (aset s (* i 100) ?é))
    (should (equal (length s) 100000))
    (should (equal (string-bytes s) 101000))
    (should (equal (aref s 100) ?é))
    (should (equal (aref s 101) ?a))
    (dotimes (i 1000) (aset s (* i 100) ?b))
    (should (equal s (apply #'concat (make-list 1000 (concat "b" (make-string 99 ?a))))))))

;;; hardening-tests.el ends here

;; Found by the reader fuzzer (third pass): "\x342178" read into a string
;; whose bytes decoded as another character.  Emacs holds #x200000..#x3FFF7F
;; in five bytes (F8 and four continuation bytes), and so does gapmacs now:
;; they read, print, insert and compare as in Emacs 28 (pcomplete.el uses
;; #x3FFF7F as a separator).  Expected values from GNU Emacs 28.2.
(ert-deftest hardening-five-byte-characters ()
  (should (equal (append (read "\"a\\x342178\"") nil) '(?a #x342178)))
  (should (equal (append (string #x3FFF7F ?a) nil) '(#x3FFF7F ?a)))
  (should (equal (string-bytes (string #x3FFF7F)) 5))
  (should (equal (length (string #x200000 #x3FFF7F)) 2))
  (should (equal (car (read-from-string (prin1-to-string (string #x342178)))) (string #x342178)))
  (should (string< (string #x3FFF7F) (string #x3FFF80)))
  (should (string< (string #x10FFFF) (string #x200000)))
  (should-not (string< (string #x3FFF80) (string #x3FFF7F)))
  (should (equal (append (encode-coding-string (string #x3FFF7F) 'utf-8) nil) '(248 143 191 189 191)))
  (with-temp-buffer
    (insert "a\u00e9" #x3FFF7F "b")
    (should (equal (list (char-before 4) (char-after 3) (buffer-size)) (list #x3FFF7F #x3FFF7F 4)))
    (should (equal (list (byte-to-position 3) (byte-to-position 4) (byte-to-position 6)
                         (byte-to-position 9) (byte-to-position 10) (byte-to-position 11)
                         (position-bytes 4) (position-bytes 5))
                   '(2 3 3 4 5 nil 9 10))))
  (let ((s1 "abc") (s2 "bc"))
    (should (equal (string-match "\\(?:.\\|\n\\)*?\\(\\(?:.\\|\n\\)*\\)\x3FFF7F\\(?:.\\|\n\\)*\\1\\'"
                                 (concat s1 "\x3FFF7F" s2))
                   0))
    (should (equal (- (match-end 1) (match-beginning 1)) 2)))
  (should (equal (append (string #x1FFFFF #x3FFF80) nil) '(#x1FFFFF #x3FFF80))))
