(progn
  ;; Quotes, backquotes, commas and #' nest without a list: once a crash.
  (should-error (read (make-string 5000 ?`)))
  (should (eq (car (read (concat (make-string 1000 ?') "a"))) 'quote))
  (should (equal (read "''a") '''a)))