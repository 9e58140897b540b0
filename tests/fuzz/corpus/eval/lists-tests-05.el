(progn
  (should (equal (mapcar #'1+ '(1 2 3)) '(2 3 4)))
  (should (equal (mapcar #'1+ [1 2]) '(2 3)))
  (should (equal (mapcar #'identity "ab") '(?a ?b)))
  (should (equal (mapconcat #'symbol-name '(a b c) "-") "a-b-c"))
  (should (equal (mapcan (lambda (x) (list x x)) '(1 2)) '(1 1 2 2)))
  (let ((sum 0)) (mapc (lambda (x) (setq sum (+ sum x))) '(1 2 3)) (should (= sum 6))))