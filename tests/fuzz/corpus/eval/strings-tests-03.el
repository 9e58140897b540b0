(progn
  (should (equal (split-string "  a  b c ") '("a" "b" "c")))
  (should (equal (split-string "a,b,,c" ",") '("a" "b" "" "c")))
  (should (equal (split-string "a,b,,c" "," t) '("a" "b" "c")))
  (should (equal (split-string "a b\tc\nd" "[ \t\n]+") '("a" "b" "c" "d")))
  (should (equal (split-string " a , b " "," nil " ") '("a" "b")))
  (should (equal (string-trim "  ab \n") "ab"))
  (should (equal (string-trim-left "  ab ") "ab "))
  (should (equal (string-trim-right "  ab ") "  ab")))