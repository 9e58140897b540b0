(progn
  (should (equal (read "\"\\N{U+E9}\"") "é"))
  (should (equal (read "\"\\N{LATIN SMALL LETTER E WITH ACUTE}\"") "é"))
  (should (equal (read "\"\\N{latin small  letter e with acute}\"") "é"))
  (should (equal (read "?\\N{SNOWMAN}") 9731))
  (should (equal (read "?\\N{U+1F600}") #x1F600))
  (should (equal (should-error (read "\"\\N{NOPE}\"")) '(invalid-read-syntax "\\N{NOPE}")))
  (should (equal (should-error (read "\"\\N{U+D800}\"")) '(invalid-read-syntax "\\N{U+D800}")))
  (should (equal (should-error (read "\"\\N{U+110000}\"")) '(invalid-read-syntax "\\N{U+110000}"))))