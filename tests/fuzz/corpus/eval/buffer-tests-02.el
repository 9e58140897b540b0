(progn
  (let ((b (get-buffer-create "buffer-tests-g")))
    (should (equal (generate-new-buffer-name "buffer-tests-g") "buffer-tests-g<2>"))
    (should (equal (generate-new-buffer-name "buffer-tests-g" "buffer-tests-g") "buffer-tests-g"))
    (let ((b2 (generate-new-buffer "buffer-tests-g")))
      (should (equal (buffer-name b2) "buffer-tests-g<2>"))
      (kill-buffer b2))
    (kill-buffer b))
  (should (equal (generate-new-buffer-name "buffer-tests-free") "buffer-tests-free")))