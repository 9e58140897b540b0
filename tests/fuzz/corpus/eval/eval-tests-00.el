(progn
  (let ((counter (let ((n 0)) (lambda () (setq n (1+ n))))))
    (funcall counter)
    (should (= (funcall counter) 2)))
  (let ((fns (mapcar (lambda (i) (lambda () i)) '(1 2 3))))
    (should (equal (mapcar #'funcall fns) '(1 2 3))))
  (should (equal (let ((x 1)) (let ((f (lambda () x))) (let ((x 2)) (ignore x) (funcall f)))) 1)))