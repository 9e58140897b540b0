(progn
  (should (equal (should-error (read "#4294967298r1"))
                 '(invalid-read-syntax "integer, radix 4294967298")))
  (should (equal (should-error (read "#37r1")) '(invalid-read-syntax "integer, radix 37")))
  (should (equal (should-error (read "#1r1")) '(invalid-read-syntax "integer, radix 1")))
  (should (equal (read "#36rZ") 35)))