(progn
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