(progn
  (should (equal (prin1-to-string "a\"b\\c\nd\te") "\"a\\\"b\\\\c\nd\te\""))
  (should (equal (prin1-to-string "\xff") "\"\\377\""))
  (should (equal (prin1-to-string "é\x80") "\"é\\200\""))
  (should (equal (prin1-to-string "x" t) "x"))
  (should (equal (format "%s" "a\"b") "a\"b"))
  (should (equal (format "%S" "a\"b") "\"a\\\"b\"")))