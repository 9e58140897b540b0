(progn
  (should (equal (prin1-to-string
                  (list 'a\ b '\1 '1a '-1a '\? 'a\,b (intern "") (intern "a(b") 'a.b '\.
                        '\#a 'a\#b '\' '\` (intern "a;b") '\+1 '+ '- '-- '1+ 'a\\b 'a?b
                        '\-1\.5 (intern "1e5") 'é))
                 "(a\\ b \\1 1a -1a \\? a\\,b ## a\\(b a\\.b \\. \\#a a\\#b \\' \\` a\\;b \\+1 + - -- 1+ a\\\\b a\\?b \\-1\\.5 \\1e5 é)"))
  (should (equal (prin1-to-string (make-symbol "x")) "x"))
  (should (equal (format "%s" 'a\ b) "a b")))