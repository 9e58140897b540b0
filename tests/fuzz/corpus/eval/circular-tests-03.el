(progn
  (let ((h (make-hash-table)))
    (puthash h h h)
    (should (equal (let ((print-circle nil)) (prin1-to-string h))
                   "#s(hash-table size 65 test eql rehash-size 1.5 rehash-threshold 0.8125 data (#0 #0))"))
    (should (equal (let ((print-circle t)) (prin1-to-string h))
                   "#1=#s(hash-table size 65 test eql rehash-size 1.5 rehash-threshold 0.8125 data (#1# #1#))"))))