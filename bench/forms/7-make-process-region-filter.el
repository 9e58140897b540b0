(let ((coding-system-for-read 'binary))
  (kill-buffer (get-buffer-create " *zeroes*"))
  (benchmark-run
      1
    (let ((proc (make-process :name "dd" :buffer (get-buffer-create " *zeroes*")
                              :command '("dd" "if=/dev/zero" "bs=1000" "count=1000000")
                              :region-filter (lambda (proc start end)))))
      (while (and (process-live-p proc)
                  (accept-process-output proc 0.01))))))
