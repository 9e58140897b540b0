(progn
  (should (equal (let ((a 1) (b 2)) (list a b)) '(1 2)))
  (should (equal (let ((a 1)) (let ((a 2) (b a)) (list a b))) '(2 1)))
  (should (equal (let* ((a 1) (b (1+ a))) (list a b)) '(1 2)))
  (should (equal (let (a (b)) (list a b)) '(nil nil))))