(ert-deftest printer-deep-nesting ()
  (let ((x nil))
    (dotimes (_ 10000) (setq x (list x)))
    (should-error (prin1-to-string x) :type 'error)))