(progn
  (should (equal (prin1-to-string (symbol-function 'car)) "#<subr car>"))
  (should (equal (prin1-to-string (symbol-function 'if)) "#<subr if>"))
  (should (equal (prin1-to-string printer-tests--closure)
                 "(closure ((x . 1) t) (y) (+ x y))"))
  (should (equal (prin1-to-string printer-tests--identity) "(closure (t) (x) x)")))