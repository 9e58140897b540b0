(ert-deftest printer-floats ()
  (should (equal (mapcar #'prin1-to-string
                         (list 1.0 0.1 100.0 1e20 1e21 1e6 1e15 1e16 123456789012.0
                               1.0e+INF -1.0e+INF 0.0e+NaN -0.0 (/ 1.0 3) 5e-324 1e-5
                               0.0001 2.5e-7 12345678.9))
                 '("1.0" "0.1" "100.0" "1e+20" "1e+21" "1000000.0" "1e+15" "1e+16"
                   "123456789012.0" "1.0e+INF" "-1.0e+INF" "0.0e+NaN" "-0.0"
                   "0.3333333333333333" "5e-324" "1e-05" "0.0001" "2.5e-07" "12345678.9")))
  (should (equal (number-to-string 1.5) "1.5"))
  (should (equal (format "%s" 2.0) "2.0")))