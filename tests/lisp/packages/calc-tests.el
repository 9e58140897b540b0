;;; calc-tests.el --- Emacs's own Calc, computing with bignums  -*- lexical-binding: t -*-

;; Every expected value is what GNU Emacs 28 gives (this file passes in both).
;; No gc-stress run: Calc's algebra allocates millions of conses, and
;; bignum-tests.el stresses the collector over the bignums themselves.

(require 'calc-ext)

(ert-deftest calc-tests-bignums ()
  (should (equal (math-normalize (expt 10 40)) (expt 10 40)))
  (should (equal (math-mul (expt 10 20) (expt 10 20)) (expt 10 40)))
  (should (equal (math-gcd (* 6 (expt 10 30)) (* 4 (expt 10 30))) (* 2 (expt 10 30))))
  ;; calc-eval lays out its result to the batch window's width.
  (should (equal (calc-eval "2^100") "1267650600228229401496703205376"))
  (should (equal (calc-eval "30!") "265252859812191058636308480000000"))
  (should (equal (calc-eval "12345678901234567890 * 98765432109876543210")
                 "1219326311370217952237463801111263526900"))
  (should (equal (calc-eval "solve(x^2 - 5 x + 6 = 0, x)") "x = 3"))
  (should (equal (calc-eval "deriv(x^3 + sin(x), x)") "3 x^2 + pi cos(x) / 180"))
  (should (equal (calc-eval "1/3 + 1/6") "0.5"))
  (should (equal (calc-eval "sqrt(2)") "1.41421356237")))
