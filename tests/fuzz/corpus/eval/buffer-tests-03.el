(progn
  (let ((b (get-buffer-create "buffer-tests-ren")))
    (with-current-buffer b (should (equal (rename-buffer "buffer-tests-ren2") "buffer-tests-ren2")))
    (should (equal (buffer-name b) "buffer-tests-ren2"))
    (should-not (get-buffer "buffer-tests-ren"))
    (kill-buffer b)))