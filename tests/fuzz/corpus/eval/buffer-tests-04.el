(progn
  (let ((outer (current-buffer))
        (b (get-buffer-create "buffer-tests-w")))
    (with-current-buffer b
      (should (eq (current-buffer) b))
      (insert "hello"))
    (should (eq (current-buffer) outer))
    (should (equal (with-current-buffer b (buffer-string)) "hello"))
    (should (= (buffer-size b) 5))
    (kill-buffer b)))