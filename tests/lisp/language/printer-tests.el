;;; printer-tests.el --- prin1, princ, print, format  -*- lexical-binding: t -*-

;; Made at top level, so their environment does not depend on ERT's macros.
;; Needs the editor: buffers (runs in batch mode, not on the language alone).
(defvar printer-tests--closure (let ((x 1)) (lambda (y) (+ x y))))
(defvar printer-tests--identity (lambda (x) x))
;; Expectations are GNU Emacs 28's output.

(ert-deftest printer-floats ()
  (should (equal (mapcar #'prin1-to-string
                         (list 1.0 0.1 100.0 1e20 1e21 1e6 1e15 1e16 123456789012.0
                               1.0e+INF -1.0e+INF 0.0e+NaN -0.0 (/ 1.0 3) 5e-324 1e-5
                               0.0001 2.5e-7 12345678.9))
                 '("1.0" "0.1" "100.0" "1e+20" "1e+21" "1000000.0" "1e+15" "1e+16"
                   "123456789012.0" "1.0e+INF" "-1.0e+INF" "0.0e+NaN" "-0.0"
                   "0.3333333333333333" "5e-324" "1e-05" "0.0001" "2.5e-07" "12345678.9")))
  (should (equal (number-to-string 1.5) "1.5"))
  (should (equal (format "%s" 2.0) "2.0")))

(ert-deftest printer-strings ()
  (should (equal (prin1-to-string "a\"b\\c\nd\te") "\"a\\\"b\\\\c\nd\te\""))
  (should (equal (prin1-to-string "\xff") "\"\\377\""))
  (should (equal (prin1-to-string "é\x80") "\"é\\200\""))
  (should (equal (prin1-to-string "x" t) "x"))
  (should (equal (format "%s" "a\"b") "a\"b"))
  (should (equal (format "%S" "a\"b") "\"a\\\"b\"")))

(ert-deftest printer-symbols ()
  (should (equal (prin1-to-string
                  (list 'a\ b '\1 '1a '-1a '\? 'a\,b (intern "") (intern "a(b") 'a.b '\.
                        '\#a 'a\#b '\' '\` (intern "a;b") '\+1 '+ '- '-- '1+ 'a\\b 'a?b
                        '\-1\.5 (intern "1e5") 'é))
                 "(a\\ b \\1 1a -1a \\? a\\,b ## a\\(b a\\.b \\. \\#a a\\#b \\' \\` a\\;b \\+1 + - -- 1+ a\\\\b a\\?b \\-1\\.5 \\1e5 é)"))
  (should (equal (prin1-to-string (make-symbol "x")) "x"))
  (should (equal (format "%s" 'a\ b) "a b")))

(ert-deftest printer-lists-vectors-quotes ()
  (should (equal (prin1-to-string '(1 (2 . 3) [4 "5"] nil)) "(1 (2 . 3) [4 \"5\"] nil)"))
  (should (equal (prin1-to-string ''a) "'a"))
  (should (equal (prin1-to-string '#'f) "#'f"))
  (should (equal (prin1-to-string '`(a ,b ,@c)) "`(a ,b ,@c)"))
  (should (equal (prin1-to-string '(quote a b)) "(quote a b)"))
  (should (equal (prin1-to-string '(function . a)) "(function . a)"))
  (should (equal (prin1-to-string [a [b] ()]) "[a [b] nil]")))

(ert-deftest printer-functions ()
  (should (equal (prin1-to-string (symbol-function 'car)) "#<subr car>"))
  (should (equal (prin1-to-string (symbol-function 'if)) "#<subr if>"))
  (should (equal (prin1-to-string printer-tests--closure)
                 "(closure ((x . 1) t) (y) (+ x y))"))
  (should (equal (prin1-to-string printer-tests--identity) "(closure (t) (x) x)")))

(ert-deftest printer-hash-tables ()
  (should (equal (prin1-to-string (make-hash-table :test 'equal))
                 "#s(hash-table size 65 test equal rehash-size 1.5 rehash-threshold 0.8125 data ())"))
  (let ((h (make-hash-table)))
    (puthash 'k 'v h)
    (puthash 1 2 h)
    (should (equal (prin1-to-string h)
                   "#s(hash-table size 65 test eql rehash-size 1.5 rehash-threshold 0.8125 data (k v 1 2))")))
  (let ((h (make-hash-table :size 1)))
    (dotimes (i 5) (puthash i i h))
    (should (equal (prin1-to-string h)
                   "#s(hash-table size 6 test eql rehash-size 1.5 rehash-threshold 0.8125 data (0 0 1 1 2 2 3 3 4 4))")))
  (let ((h (make-hash-table)))
    (puthash 1 1 h) (puthash 2 2 h) (remhash 1 h) (puthash 3 3 h)
    (should (equal (prin1-to-string h)
                   "#s(hash-table size 65 test eql rehash-size 1.5 rehash-threshold 0.8125 data (3 3 2 2))"))))

(ert-deftest printer-circular ()
  (let ((x (list 1 2 3))) (setcdr (cddr x) x)
       (should (equal (prin1-to-string x) "(1 2 3 1 2 . #2)")))
  (let ((x (list 1 2))) (setcar x x)
       (should (equal (prin1-to-string x) "(#0 2)")))
  (let ((x (vector 1 2))) (aset x 0 x)
       (should (equal (prin1-to-string x) "[#0 2]"))))

(ert-deftest printer-deep-nesting ()
  (let ((x nil))
    (dotimes (_ 10000) (setq x (list x)))
    (should-error (prin1-to-string x) :type 'error)))

(ert-deftest printer-print-functions ()
  (should (equal (with-output-to-string (prin1 "a") (princ "b") (print 'c) (terpri))
                 "\"a\"b\nc\n\n"))
  (should (equal (with-output-to-string (princ 1.5) (princ '(a "b"))) "1.5(a b)"))
  (let ((chars nil))
    (prin1 'ab (lambda (c) (push c chars)))
    (should (equal (nreverse chars) '(?a ?b)))))

(ert-deftest printer-format ()
  (should (equal (format "[%5s|%-5s|%.2s|%5d|%-5d|%05d|%+d|% d|%x|%X|%o|%#x|%#o|%c|%f|%.2f|%e|%g|%g|%g|%%|%S|%s|%d|%x]"
                         "ab" "ab" "abc" 42 42 42 42 42 255 255 8 255 8 ?é 3.14159 3.14159 31415.9 0.0001 1e10 100.0 "q" 'sym 3.9 -255)
                 "[   ab|ab   |ab|   42|42   |00042|+42| 42|ff|FF|10|0xff|010|é|3.141590|3.14|3.141590e+04|0.0001|1e+10|100|%|\"q\"|sym|3|-ff]"))
  (should (equal (format "%s %s %s %s" 1.5 nil '(1 "a" b) [a "b"]) "1.5 nil (1 a b) [a b]"))
  (should (equal (format "%-10.3f|%10.3e|%5c|%#g|%.3g" 3.14159 31415.9 ?a 1.0 1234567.0)
                 "3.142     | 3.142e+04|    a|1.00000|1.23e+06"))
  (should (equal (format "%2$s %1$s" 'a 'b) "b a"))
  (should (equal (format-message "`%s' can't" 'x) "‘x’ can’t"))
  (should-error (format "%d" "x") :type 'error)
  (should-error (format "%s") :type 'error))

(ert-deftest printer-buffers-without-escapes-are-their-names ()
  "princ and %s write a live buffer's name, as Emacs's print.c; print and
%S its #<buffer NAME>; a killed buffer is #<killed buffer> both ways."
  (let ((b (generate-new-buffer "printer-tests-b")))
    (should (equal (format "%s|%S" b b) "printer-tests-b|#<buffer printer-tests-b>"))
    (should (equal (prin1-to-string b t) "printer-tests-b"))
    (should (equal (with-output-to-string (princ b)) "printer-tests-b"))
    (should (equal (format "%s" (list b)) "(printer-tests-b)"))
    (kill-buffer b)
    (should (equal (format "%s|%S" b b) "#<killed buffer>|#<killed buffer>"))))

(ert-deftest printer-external-debugging-output ()
  ;; A printer given `external-debugging-output' writes to standard error.
  (with-temp-buffer
    (should (eq 0 (call-process (expand-file-name invocation-name invocation-directory)
                                nil '(t t) nil "--batch" "-Q" "--eval"
                                "(princ \"d\\u00e9j\\u00e0\" #'external-debugging-output)")))
    (should (equal (decode-coding-string (buffer-string) 'utf-8) "déjà"))))
