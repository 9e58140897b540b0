(progn
  (should (get-buffer "*scratch*"))
  (should (buffer-live-p (current-buffer)))
  (let ((b (generate-new-buffer "buffer-tests-cur")))
    (set-buffer b)
    (kill-buffer b)
    ;; killing the current buffer switches to another live one
    (should (buffer-live-p (current-buffer)))))