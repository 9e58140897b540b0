(progn
  (should (equal (let ((a 1) (b 2)) (setq a 10 b (+ a 1)) (list a b)) '(10 11)))
  (should-error (eval '(setq a) t) :type 'wrong-number-of-arguments)
  (should-error (setq nil 1) :type 'setting-constant)
  (should-error (set t 1) :type 'setting-constant)
  (should-error (set :key 1) :type 'setting-constant))