(progn
  (should (equal (prin1-to-string '(1 (2 . 3) [4 "5"] nil)) "(1 (2 . 3) [4 \"5\"] nil)"))
  (should (equal (prin1-to-string ''a) "'a"))
  (should (equal (prin1-to-string '#'f) "#'f"))
  (should (equal (prin1-to-string '`(a ,b ,@c)) "`(a ,b ,@c)"))
  (should (equal (prin1-to-string '(quote a b)) "(quote a b)"))
  (should (equal (prin1-to-string '(function . a)) "(function . a)"))
  (should (equal (prin1-to-string [a [b] ()]) "[a [b] nil]")))