(ert-deftest reader-circle-shared-strings ()
  ;; A string shared by the printer's labels is one string again.
  (let ((back (car (read-from-string "(#1=\"str\" #1# [#1#])"))))
    (should (equal back '("str" "str" ["str"])))
    (should (eq (nth 0 back) (nth 1 back)))
    (should (eq (nth 0 back) (aref (nth 2 back) 0)))))