(progn
  (should (equal (reverse '(1 2 3)) '(3 2 1)))
  (should (equal (reverse [1 2 3]) [3 2 1]))
  (should (equal (reverse "abc") "cba"))
  (should (equal (nreverse (list 1 2 3)) '(3 2 1))))