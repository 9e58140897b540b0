(ert-deftest reader-circle-errors ()
  (should (equal (should-error (read "#2#")) '(invalid-read-syntax "#")))
  (should (equal (should-error (read "(#1#)")) '(invalid-read-syntax "#")))
  (should (equal (should-error (read "#99999999999999999999=(a)")) '(invalid-read-syntax "#")))
  (should (eq (car (should-error (read "#1="))) 'end-of-file))
  ;; A label lasts one read.
  (read "#5=(a)")
  (should (equal (should-error (read "#5#")) '(invalid-read-syntax "#"))))