(progn
  (let ((s "\xff\x80"))
    (should (= (length s) 2))
    (should (equal (append s nil) '(255 128))))
  (should (equal (prin1-to-string (string-to-multibyte "\xff")) "\"\\377\"")))