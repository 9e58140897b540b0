(progn
  (let ((x nil))
    (dotimes (_ 300) (setq x (list x)))
    (should (equal (should-error (prin1-to-string x))
                   '(error "Apparently circular structure being printed")))
    (should-error (error-message-string (list 'error "boom" x)))))