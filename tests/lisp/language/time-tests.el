;;; time-tests.el --- format-time-string, decode-time, encode-time...  -*- lexical-binding: t -*-

;; Expected values are GNU Emacs 28's; the file also runs there. Times are
;; given explicitly, with explicit zones, so the results do not depend on
;; the machine's clock or zone.

(defconst time-tests--t '(25000 1000 123456 789000)) ; 2021-12-01 23:23:20.123456789 UTC

(ert-deftest time-format-time-string ()
  (should (equal (format-time-string "%Y-%m-%d %H:%M:%S" time-tests--t t) "2021-12-01 23:23:20"))
  (should (equal (format-time-string "%N" time-tests--t t) "123456789"))
  (should (equal (format-time-string "%3N" time-tests--t t) "123"))
  (should (equal (format-time-string "%z %:z %::z %Z" time-tests--t t) "+0000 +00:00 +00:00:00 GMT"))
  (should (equal (format-time-string "%-d|%_5H|%^a|%%|%e" time-tests--t t) "1|   23|WED|%| 1"))
  (should (equal (format-time-string "%Z %z" 0 -5400) "-0130 -0130"))
  (should (equal (format-time-string "%Z" 0 '(3600 "ABC")) "ABC"))
  (should (equal (format-time-string "%H:%M %Z" 0 "Europe/Paris") "01:00 CET"))
  (should (equal (format-time-string "%Y" 1e9 t) "2001"))
  (should (equal (format-time-string "%s" 86400 t) "86400"))
  (should-error (format-time-string 5))
  (should-error (format-time-string "%Y" 'not-a-time)))

(ert-deftest time-current-time-string ()
  (should (equal (current-time-string 0 t) "Thu Jan  1 00:00:00 1970"))
  (should (equal (current-time-string time-tests--t t) "Wed Dec  1 23:23:20 2021"))
  (should (= (length (current-time-string)) 24)))

(ert-deftest time-decode-and-encode ()
  (should (equal (decode-time 0 t) '(0 0 0 1 1 1970 4 nil 0)))
  (should (equal (decode-time '(0 0) "Europe/Paris") '(0 0 1 1 1 1970 4 nil 3600)))
  (should (equal (decode-time '(25000 0) "America/New_York") (decode-time (* 25000 65536) "America/New_York")))
  (should (eq (nth 7 (decode-time '(25000 0) "America/New_York")) nil))
  (should (equal (encode-time (list 0 0 0 1 1 2000 nil nil t)) '(14445 17280)))
  (should (= (float-time (encode-time 0 0 0 1 1 2000 t)) 946684800.0))
  (should (equal (encode-time (list 0 30 12 15 6 2021 nil -1 "Europe/Paris")) '(24776 33064)))
  ;; decode then encode gives the time back.
  (should (= (float-time (encode-time (decode-time 1234567890 "Asia/Tokyo"))) 1234567890.0)))

(ert-deftest time-zones ()
  (should (equal (current-time-zone 0 "Europe/Paris") '(3600 "CET")))
  (should (equal (current-time-zone 0 t) '(0 "GMT")))
  (should (equal (current-time-zone 0 -5400) '(-5400 "-0130"))))

(ert-deftest time-arithmetic ()
  (should (time-less-p 1 1.5))
  (should-not (time-less-p '(0 2) 1.5))
  (should (time-equal-p 1 '(0 1)))
  (should (equal (time-add 1.5 '(0 1 500000)) '(0 3 0 0)))
  (should (equal (time-add '(0 1) '(0 2)) 3))
  (should (equal (time-subtract 3 1) 2))
  (should (equal (time-add 1.5 2) '(0 3 500000 0)))
  (should (equal (time-add 1 '(0 1 2 3)) '(0 2 2 3)))
  (should (= (float-time '(1 0)) 65536.0))
  (should (time-less-p (time-subtract nil 10) nil)))

(ert-deftest time-convert-forms ()
  (should (equal (time-convert 10 'list) '(0 10 0 0)))
  (should (equal (time-convert 1.5 'list) '(0 1 500000 0)))
  (should (equal (time-convert 1.5 'integer) 1))
  (should (equal (time-convert -1.5 'integer) -2))
  (should (equal (time-convert 7 t) '(7 . 1)))
  (should (equal (time-convert 1.5 1000) '(1500 . 1000)))
  (should (equal (time-convert '(0 1 500000 0) t) '(1500000000000 . 1000000000000))))

(ert-deftest time-equal-p-of-nil ()
  ;; nil is the current time: it equals nil only, whatever the clock says.
  (should (time-equal-p nil nil))
  (should-not (time-equal-p nil 0))
  (should-not (time-equal-p 0 nil))
  (should (time-equal-p 1 '(0 1))))
