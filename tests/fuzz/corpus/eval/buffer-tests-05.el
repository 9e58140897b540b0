(progn
  (let (tb)
    (with-temp-buffer
      (setq tb (current-buffer))
      (should (string-prefix-p " *temp*" (buffer-name)))
      (insert "x"))
    (should-not (buffer-live-p tb))
    ;; killed even on error
    (condition-case nil
        (with-temp-buffer (setq tb (current-buffer)) (error "boom"))
      (error nil))
    (should-not (buffer-live-p tb))))