;;; mule-tests.el --- Emacs's charsets and coding systems, as data  -*- lexical-binding: t -*-

;; codings.el and charsets.el keep the registry Emacs's coding.c and
;; charset.c keep; mule-setup.el loads Emacs's own mule.el, mule-conf.el,
;; mule-cmds.el and language files on it.  Each expected value was printed
;; by `emacs -Q --batch' (GNU Emacs 28.2, LANG=C.UTF-8) evaluating the same
;; form; (char-charset ?é) is left out, as it follows the locale.

(require 'mule-setup)
(defconst mule-tests--found-latin (find-coding-systems-string "aé"))
(defconst mule-tests--found-kana (find-coding-systems-string "aあ"))
(mapc (lambda (charset) (encode-char ?あ charset)) '(japanese-jisx0208 iso-8859-2 katakana-jisx0201))

(defun mule-tests--map-sums (charset b1-from b1-to b2-from b2-to)
  "Over CHARSET's codes with a first byte in B1-FROM..B1-TO and a second in
B2-FROM..B2-TO: how many decode to Unicode characters, their sum, a sum of
each code times its character (mod 1000000007), and how many of those
characters encode back to their code."
  (let ((n 0) (sum 0) (mix 0) (back 0))
    (dolist (b1 (number-sequence b1-from b1-to))
      (dolist (b2 (number-sequence b2-from b2-to))
        (let* ((code (+ (* b1 256) b2)) (c (decode-char charset code)))
          (when (and c (< c #x110000))
            (setq n (1+ n) sum (+ sum c) mix (% (+ mix (* code c)) 1000000007))
            (when (eql (encode-char c charset) code) (setq back (1+ back)))))))
    (list charset n sum mix back)))

;; Each map read whole, from its file or its vector (charset--map-tables).
(defconst mule-tests--map-sums
  (when (featurep 'mule)
    (mapcar (lambda (spec) (apply #'mule-tests--map-sums spec))
            '((japanese-jisx0208 #x21 #x7e #x21 #x7e) (japanese-jisx0212 #x21 #x7e #x21 #x7e)
              (japanese-jisx0213-1 #x21 #x7e #x21 #x7e) (chinese-gb2312 #x21 #x7e #x21 #x7e)
              (korean-ksc5601 #x21 #x7e #x21 #x7e) (chinese-cns11643-1 #x21 #x7e #x21 #x7e)
              (big5 #xa1 #xfe #x40 #xfe) (iso-8859-7 0 0 0 255) (windows-1252 0 0 0 255)
              (cp437 0 0 0 255) (vietnamese-viscii-lower 0 0 0 255)))))

(defmacro mule-tests--with-library (&rest body)
  "BODY when Emacs's library is installed (its files make the registry)."
  `(if (not (featurep 'mule))
       (ert-skip "GNU Emacs's Lisp library (emacs-el) is not installed")
     ,@body))

(ert-deftest mule-coding-systems ()
  (mule-tests--with-library
   (should (equal (coding-system-aliases 'utf-8)
                  '(utf-8 mule-utf-8 cp65001)))
   (should (equal (coding-system-aliases 'latin-1)
                  '(iso-latin-1 iso-8859-1 latin-1)))
   (should (equal (coding-system-aliases nil)
                  '(no-conversion binary)))
   (should (equal (coding-system-base 'latin-1-dos)
                  'iso-latin-1))
   (should (equal (coding-system-base 'mule-utf-8-dos)
                  'utf-8))
   (should (equal (coding-system-base nil)
                  'no-conversion))
   (should (equal (coding-system-eol-type 'latin-1)
                  '[iso-latin-1-unix iso-latin-1-dos iso-latin-1-mac]))
   (should (equal (coding-system-eol-type 'binary)
                  '0))
   (should (equal (coding-system-eol-type 'utf-8-dos)
                  '1))
   (should (equal (coding-system-eol-type nil)
                  '0))
   (should (equal (coding-system-get 'latin-1 :mime-charset)
                  'iso-8859-1))
   (should (equal (coding-system-type 'euc-jp)
                  'iso-2022))
   (should (equal (coding-system-category 'euc-jp)
                  'coding-category-iso-8-2))
   (should (equal (coding-system-change-eol-conversion 'utf-8 'dos)
                  'utf-8-dos))
   (should (equal (length (coding-system-list t))
                  '126))
   (should (equal (sort-coding-systems (list 'iso-latin-1 'utf-8 'euc-jp 'utf-16 'iso-2022-jp))
                  '(utf-8 iso-latin-1 iso-2022-jp euc-jp utf-16)))
   (should (equal coding-category-list
                  '(coding-category-utf-8 coding-category-iso-7 coding-category-charset coding-category-iso-7-else coding-category-iso-8-else coding-category-emacs-mule coding-category-raw-text coding-category-iso-7-tight coding-category-iso-8-1 coding-category-iso-8-2 coding-category-utf-8-auto coding-category-utf-8-sig coding-category-utf-16-auto coding-category-utf-16-be coding-category-utf-16-le coding-category-utf-16-be-nosig coding-category-utf-16-le-nosig coding-category-sjis coding-category-big5 coding-category-ccl coding-category-undecided)))
   (should (equal (find-coding-systems-string "abc")
                  '(undecided)))
   (should (equal mule-tests--found-latin
                  '(utf-8 chinese-iso-8bit iso-latin-1 euc-jis-2004 japanese-iso-8bit windows-1256 windows-1258 vietnamese-viscii iso-2022-jp-2004 cp851 iso-latin-10 hp-roman8 next mac-roman cp437 cp865 cp863 cp861 cp860 cp858 cp857 cp852 cp850 cp775 windows-1257 windows-1254 windows-1252 windows-1250 iso-latin-9 iso-latin-8 iso-latin-7 iso-latin-6 iso-latin-5 iso-latin-4 iso-latin-3 iso-latin-2 chinese-gb18030 chinese-gbk chinese-hz utf-7 iso-2022-jp-2 iso-2022-cn-ext iso-2022-cn utf-16 utf-16be-with-signature utf-16le-with-signature utf-16be utf-16le compound-text-with-extensions compound-text iso-2022-7bit utf-8-auto utf-8-with-signature emacs-mule raw-text iso-2022-8bit-ss2 iso-2022-7bit-lock eucjp-ms georgian-academy georgian-ps vietnamese-tcvn vietnamese-viqr vietnamese-vscii japanese-shift-jis-2004 japanese-iso-7bit-1978-irv ibm297 ibm285 ibm284 ibm280 ibm278 ibm277 ibm275 ibm274 ibm273 ibm256 ibm1047 utf-7-imap utf-8-emacs prefer-utf-8 no-conversion ctext-no-compositions iso-2022-7bit-lock-ss2 iso-2022-7bit-ss2)))
   (should (equal mule-tests--found-kana
                  '(utf-8 chinese-iso-8bit japanese-shift-jis iso-2022-jp korean-iso-8bit euc-jis-2004 japanese-iso-8bit iso-2022-jp-2004 chinese-gb18030 chinese-gbk chinese-big5-hkscs chinese-hz utf-7 iso-2022-kr iso-2022-jp-2 iso-2022-cn-ext iso-2022-cn utf-16 utf-16be-with-signature utf-16le-with-signature utf-16be utf-16le compound-text-with-extensions compound-text iso-2022-7bit utf-8-auto utf-8-with-signature emacs-mule raw-text iso-2022-8bit-ss2 iso-2022-7bit-lock eucjp-ms korean-cp949 japanese-shift-jis-2004 japanese-iso-7bit-1978-irv japanese-cp932 utf-7-imap utf-8-emacs prefer-utf-8 no-conversion ctext-no-compositions iso-2022-7bit-lock-ss2 iso-2022-7bit-ss2)))
   (should (equal current-language-environment
                  '"English"))
   (should (equal (get-language-info "Japanese" 'coding-system)
                  '(iso-2022-jp japanese-iso-8bit japanese-shift-jis japanese-iso-7bit-1978-irv iso-2022-jp-2004 japanese-shift-jis-2004 euc-jis-2004)))))

(ert-deftest mule-charsets ()
  (mule-tests--with-library
   (should (equal (decode-char 'iso-8859-2 161)
                  '260))
   (should (equal (encode-char 261 'iso-8859-2)
                  '177))
   (should (equal (decode-char 'japanese-jisx0208 9250)
                  '12354))
   (should (equal (decode-char 'japanese-jisx0208 11553)
                  '1311848))
   (should (equal (encode-char 12354 'japanese-jisx0208)
                  '9250))
   (should (equal (encode-char 233 'ascii)
                  'nil))
   (should (equal (decode-char 'eight-bit 128)
                  '4194176))
   (should (equal (decode-char 'katakana-jisx0201 49)
                  '65393))
   (should (equal (char-charset 97)
                  'ascii))
   (should (equal (char-charset 12354)
                  'unicode))
   (should (equal (split-char 12354)
                  '(unicode 0 48 66)))
   (should (equal (charset-plist 'iso-8859-2)
                  '(:name iso-8859-2 :docstring "ISO/IEC 8859/2" :short-name "Latin-2" :long-name "ISO/IEC 8859/2" :ascii-compatible-p t :code-space [0 255] :map "8859-2" :dimension 1 :base iso-8859-2)))
   (should (equal (charsetp 'ucs)
                  't))
   (should (equal (charsetp 'no-such)
                  'nil))))

(ert-deftest mule-charset-maps ()
  (mule-tests--with-library
   (should (equal mule-tests--map-sums
                  '((japanese-jisx0208 6879 198276615 460978703 6879)
                    (japanese-jisx0212 6067 176974738 897403305 6067)
                    (japanese-jisx0213-1 8762 245581356 693287640 8762)
                    (chinese-gb2312 7445 211636360 850730671 7445)
                    (korean-ksc5601 8227 283351719 843114262 8227)
                    (chinese-cns11643-1 5867 170987940 550988533 5867)
                    (big5 13901 432972774 357602480 13901)
                    (iso-8859-7 253 124391 23413544 253)
                    (windows-1252 251 172640 25432460 251)
                    (cp437 256 613265 125574876 256)
                    (vietnamese-viscii-lower 67 360664 25818383 67))))
   ;; A map as a vector, codes as ranges; codes outside the space dropped.
   (let ((tables (charset--map-tables [(#x21 . #x23) #x3041 #x7f #x100 #x24 #x3050]
                                      [#x21 #x7e] 1 #x21 #x7e)))
     (should (equal (mapcar (lambda (code) (gethash code (car tables))) '(#x21 #x23 #x24 #x7f))
                    '(#x3041 #x3043 #x3050 nil)))
     (should (equal (gethash #x3042 (cdr tables)) #x22)))
   (should-error (charset--map-tables "/nonexistent/map" [0 255] 1 0 255) :type 'file-missing)))

(ert-deftest mule-make-char ()
  (mule-tests--with-library
   ;; An ISO 2022 charset's bytes with or without the high bit (thai-util).
   (should (equal (list (make-char 'latin-iso8859-1 #xe9) (make-char 'latin-iso8859-1 #x69)
                        (make-char 'japanese-jisx0208 #x24 #x22) (make-char 'japanese-jisx0208 #xa4 #xa2)
                        (make-char 'thai-tis620 230)
                        (condition-case e (make-char 'ascii 300) (error e))
                        (make-char 'ascii) (make-char 'unicode 0 #x30 #x42))
                  '(233 233 12354 12354 3654 (args-out-of-range 255 300) 0 12354)))))

(ert-deftest mule-conversion ()
  (mule-tests--with-library
   (should (equal (coding-system-plist 'utf-8)
                  '(:ascii-compatible-p t :category coding-category-utf-8 :name utf-8 :docstring "UTF-8 (no signature (BOM))" :coding-type utf-8 :mnemonic 85 :charset-list (unicode) :mime-charset utf-8)))
   (should (equal (coding-system-plist 'iso-latin-2)
                  '(:ascii-compatible-p t :category coding-category-charset :name iso-latin-2 :docstring "ISO 2022 based 8-bit encoding for Latin-2 (MIME:ISO-8859-2)." :coding-type charset :mnemonic 50 :charset-list (iso-8859-2) :mime-charset iso-8859-2)))
   (should (equal (coding-system-priority-list)
                  '(utf-8 iso-2022-7bit iso-latin-1 iso-2022-7bit-lock iso-2022-8bit-ss2 emacs-mule raw-text iso-2022-jp in-is13194-devanagari chinese-iso-8bit utf-8-auto utf-8-with-signature utf-16 utf-16be-with-signature utf-16le-with-signature utf-16be utf-16le japanese-shift-jis chinese-big5 undecided)))
   (should (equal (coding-system-priority-list t)
                  'utf-8))
   (should (equal (decode-coding-string "\244\242" 'japanese-iso-8bit)
                  '#("あ" 0 1 (charset japanese-jisx0208))))
   (should (equal (decode-coding-string "caf\351" 'latin-1)
                  '#("café" 0 4 (charset iso-8859-1))))
   (should (equal (encode-coding-string "é" 'iso-latin-1)
                  '"\351"))
   (should (equal (condition-case e (check-coding-system 'no-such-coding) (coding-system-error e))
                  '(coding-system-error no-such-coding)))
   (should (equal (coding-system-p 'prefer-utf-8)
                  't))
   (should (equal (coding-system-p 'no-such-coding)
                  'nil))
   (should (equal (progn (define-coding-system-alias 'my-test-utf 'utf-8) (list (coding-system-base 'my-test-utf-dos) (decode-coding-string "\303\251" 'my-test-utf)))
                  '(utf-8 "é")))))

(ert-deftest mule-unknown-coding-signals ()
  (should-error (decode-coding-string "x" 'no-such-coding) :type 'coding-system-error)
  (should-error (coding-system-plist 'no-such-coding) :type 'coding-system-error)
  (should-error (decode-char 'no-such-charset 65) :type 'wrong-type-argument))

(defun mule-tests--coding-for (args)
  "What `file-coding-system-alist' calls for \".foo\" files: utf-8, and
ARGS kept in `mule-tests--coding-args'."
  (setq mule-tests--coding-args args)
  'utf-8)
(defvar mule-tests--coding-args nil)

(ert-deftest mule-find-operation-coding-system ()
  ;; Expected values from Emacs 28 (vc's diff asks for a directory's).
  (should (equal (find-operation-coding-system 'insert-file-contents "/tmp/x.el")
                 '(prefer-utf-8 . prefer-utf-8)))
  (should (equal (find-operation-coding-system 'write-region 1 2 "/tmp/x.tar")
                 '(no-conversion . no-conversion)))
  (should (equal (find-operation-coding-system 'insert-file-contents "/tmp/") '(undecided)))
  (with-temp-buffer
    (should (equal (find-operation-coding-system 'insert-file-contents (cons "/tmp/x.el" (current-buffer)))
                   '(prefer-utf-8 . prefer-utf-8))))
  (let ((process-coding-system-alist '(("\\`ls\\'" utf-8 . latin-1))))
    (should (equal (find-operation-coding-system 'start-process "n" nil "ls" "-l") '(utf-8 . latin-1)))
    (should-not (find-operation-coding-system 'call-process "LS")))
  (let ((file-coding-system-alist '(("\\.foo\\'" . mule-tests--coding-for))))
    (should (equal (find-operation-coding-system 'insert-file-contents "a.foo" t) '(utf-8 . utf-8)))
    (should (equal mule-tests--coding-args '(insert-file-contents "a.foo" t))))
  (should-error (find-operation-coding-system 'no-such-operation "x"))
  (should-error (find-operation-coding-system 'write-region 1 2)))

(ert-deftest mule-converters-without-registry ()
  ;; Names the converters know stay coding systems, registry or not.
  (should (coding-system-p 'utf-8-unix))
  (should (equal (decode-coding-string "caf\351" 'iso-8859-1) "café"))
  (should (eq (coding-system-eol-type 'utf-8-unix) 0)))

(ert-deftest mule-ccl-refused-clearly ()
  (let ((id (register-ccl-program 'mule-tests-ccl [10 0 0])))
    (should (eq (get 'mule-tests-ccl 'ccl-program-idx) id))
    (should (eq (register-ccl-program 'mule-tests-ccl [10 1 0]) id))
    (should (ccl-program-p 'mule-tests-ccl))
    (should-not (ccl-program-p 'mule-tests-no-such-ccl))
    (should (string-match-p "CCL programs do not run"
                            (cadr (should-error (ccl-execute-on-string 'mule-tests-ccl (make-vector 9 0) "x")))))))

(ert-deftest mule-reading-a-buffer-across-its-window ()
  ;; `read' takes a buffer's text by growing windows of 4096 characters; a
  ;; number cut at a window's end (#x66|00) is read whole.
  (with-temp-buffer
    (insert "(" (make-string 4091 ?\s) "#x6600 a)")
    (goto-char (point-min))
    (should (equal (read (current-buffer)) '(#x6600 a)))))

(ert-deftest mule-save-in-an-emacs-coding ()
  ;; A buffer given Emacs's name of a coding saves in it (bytes from Emacs 28).
  (let ((f (make-temp-file "mule-tests-")))
    (unwind-protect
        (progn
          (with-temp-buffer
            (insert "café\n")
            (set-buffer-file-coding-system 'japanese-iso-8bit)
            (write-region nil nil f))
          (should (equal (with-temp-buffer
                           (set-buffer-multibyte nil)
                           (insert-file-contents-literally f)
                           (buffer-string))
                         "caf\217\253\261\n"))
          (should (equal (coding-system-base 'japanese-iso-8bit-unix) 'japanese-iso-8bit)))
      (delete-file f))))

(defun mule-tests--emacs-make-translation-table (&rest args)
  "Emacs 28's `make-translation-table' (mule.el), as written there."
  (let ((table (make-char-table 'translation-table))
        revlist)
    (dolist (elts args)
      (dolist (elt elts)
        (let ((from (car elt))
              (to (cdr elt))
              to-alt rev-from rev-to)
          (if (setq to-alt (aref table to))
              (setq to to-alt))
          (aset table from to)
          (when (setq rev-from (assq from revlist))
            (dolist (elt (cdr rev-from))
              (aset table elt to))
            (setcdr rev-from nil))
          (setq rev-to (assq to revlist))
          (if rev-to
              (setcdr rev-to (cons from (cdr rev-to)))
            (setq revlist (cons (list to from) revlist))))))
    (set-char-table-extra-slot table 1 1)
    table))

(ert-deftest mule-tests-make-translation-table ()
  ;; gapmacs's linear copy gives Emacs's tables: chains, cycles, a
  ;; character translated twice, and random pairs over few characters.
  (let* ((chain '((?a . ?b) (?b . ?c) (?c . ?a) (?d . ?b) (?x . ?x) (?y . ?z)
                  (?z . ?y) (?e . ?e) (?f . ?e) (?e . ?g)))
         (state (copy-sequence "mule-tests"))
         (random-pairs (let (l)
                         (dotimes (i 3000)
                           (setq state (secure-hash 'md5 state))
                           (push (cons (+ ?a (% (string-to-number (substring state 0 4) 16) 40))
                                       (+ ?a (% (string-to-number (substring state 4 8) 16) 40)))
                                 l))
                         l)))
    (dolist (args (list (list chain) (list chain (reverse chain)) (list random-pairs)
                        (list random-pairs (reverse random-pairs) chain)))
      (let ((ours (apply #'make-translation-table args))
            (emacs (apply #'mule-tests--emacs-make-translation-table args)))
        (dolist (pairs args)
          (dolist (pair pairs)
            (should (equal (aref ours (car pair)) (aref emacs (car pair))))
            (should (equal (aref ours (cdr pair)) (aref emacs (cdr pair))))))
        (should (equal (char-table-extra-slot ours 1) 1))))))

;;; mule-tests.el ends here
