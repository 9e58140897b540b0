(progn
  (should (equal (upcase "héllo") "HÉLLO"))
  (should (equal (downcase "HÉLLO World") "héllo world"))
  (should (equal (capitalize "hELLO wORLD 1st") "Hello World 1st"))
  (should (equal (upcase-initials "hello world") "Hello World"))
  (should (= (upcase ?a) ?A))
  (should (= (downcase ?É) ?é)))