;;; char-table-tests.el --- char-tables  -*- lexical-binding: t -*-

;; Each expected value is what GNU Emacs 28 gives (this file passes in both).
;; Needs the editor: regexps (runs in batch mode, not on the language alone).
(when (boundp 'gapmacs-version) (load "loadup" nil t))

(ert-deftest char-table-1 ()
  (should (equal (let ((ct (make-char-table 'test))) (list (char-table-p ct) (aref ct ?a) (aref ct #x4e2d) (char-table-range ct nil)))
                 '(t nil nil nil))))

(ert-deftest char-table-2 ()
  (should (equal (let ((ct (make-char-table 'test 'z))) (list (aref ct ?a) (aref ct ?é) (aref ct #x10FFFF) (aref ct #x3FFFFF) (char-table-range ct nil)))
                 '(z z z z z))))

(ert-deftest char-table-3 ()
  (should (equal (list (char-table-p (make-char-table 'test)) (char-table-p (make-vector 3 nil)) (char-table-p "abc") (char-table-p nil) (char-table-p (standard-syntax-table)))
                 '(t nil nil nil t))))

(ert-deftest char-table-4 ()
  (should (equal (list (char-table-subtype (make-char-table 'test)) (char-table-subtype (standard-syntax-table)))
                 '(test syntax-table))))

(ert-deftest char-table-5 ()
  (should (equal (list (type-of (make-char-table 'test)) (arrayp (make-char-table 'test)) (sequencep (make-char-table 'test)) (vectorp (make-char-table 'test)))
                 '(char-table t t nil))))

(ert-deftest char-table-6 ()
  (should (equal (let ((ct (make-char-table 'test))) (aset ct ?a 1) (aset ct ?é 2) (aset ct ?α 3) (aset ct ?中 4) (list (aref ct ?a) (aref ct ?b) (aref ct ?é) (aref ct ?α) (aref ct ?中) (aref ct ?文)))
                 '(1 nil 2 3 4 nil))))

(ert-deftest char-table-7 ()
  (should (equal (let ((ct (make-char-table 'test 0))) (aset ct #x10FFFF 'top) (aset ct 0 'nul) (aset ct #x3FFFFF 'raw) (list (aref ct 0) (aref ct 1) (aref ct #x10FFFE) (aref ct #x10FFFF) (aref ct #x110000) (aref ct #x3FFFFF)))
                 '(nul 0 0 top 0 raw))))

(ert-deftest char-table-8 ()
  (should (equal (let ((ct (make-char-table 'test))) (list (aset ct ?q 'v) (aref ct ?q)))
                 '(v v))))

(ert-deftest char-table-9 ()
  (should (equal (let ((ct (make-char-table 'test))) (set-char-table-range ct '(?a . ?e) 'low) (list (aref ct ?`) (aref ct ?a) (aref ct ?c) (aref ct ?e) (aref ct ?f) (char-table-range ct ?b) (char-table-range ct ?z)))
                 '(nil low low low nil low nil))))

(ert-deftest char-table-10 ()
  (should (equal (let ((ct (make-char-table 'test))) (set-char-table-range ct '(#x100 . #x2FF) 'mid) (list (aref ct #xFF) (aref ct #x100) (aref ct #x200) (aref ct #x2FF) (aref ct #x300) (char-table-range ct '(#x100 . #x2FF))))
                 '(nil mid mid mid nil mid))))

(ert-deftest char-table-11 ()
  (should (equal (let ((ct (make-char-table 'test 'd))) (set-char-table-range ct t 'all) (list (aref ct ?a) (aref ct #x10FFFF) (char-table-range ct nil)))
                 '(all all d))))

(ert-deftest char-table-12 ()
  (should (equal (let ((ct (make-char-table 'test))) (set-char-table-range ct nil 'dflt) (list (aref ct ?a) (aref ct #x4e2d) (char-table-range ct nil)))
                 '(dflt dflt dflt))))

(ert-deftest char-table-13 ()
  (should (equal (let ((ct (make-char-table 'test))) (aset ct ?a 1) (set-char-table-range ct t nil) (list (aref ct ?a) (aref ct ?b)))
                 '(nil nil))))

(ert-deftest char-table-14 ()
  (should (equal (let ((p (make-char-table 'test)) (c (make-char-table 'test))) (aset p ?a 'pa) (aset p ?b 'pb) (aset c ?b 'cb) (set-char-table-parent c p) (list (eq (char-table-parent c) p) (char-table-parent p) (aref c ?a) (aref c ?b) (aref c ?z) (aref p ?b)))
                 '(t nil pa cb nil pb))))

(ert-deftest char-table-15 ()
  (should (equal (let ((p (make-char-table 'test 'pdef)) (c (make-char-table 'test))) (set-char-table-parent c p) (let ((before (aref c ?x))) (set-char-table-parent c nil) (list before (aref c ?x) (char-table-parent c))))
                 '(pdef nil nil))))

(ert-deftest char-table-16 ()
  (should (equal (let ((p (make-char-table 'test)) (c (make-char-table 'test))) (set-char-table-parent c p) (aset p ?k 'late) (list (aref c ?k) (progn (aset c ?k 'own) (aref c ?k)) (aref p ?k)))
                 '(late own late))))

(ert-deftest char-table-17 ()
  (should (equal (progn (put 'ct-test-three 'char-table-extra-slots 3) (let ((ct (make-char-table 'ct-test-three))) (list (char-table-extra-slot ct 0) (char-table-extra-slot ct 2) (set-char-table-extra-slot ct 1 'one) (char-table-extra-slot ct 1) (char-table-subtype ct))))
                 '(nil nil one one ct-test-three))))

(ert-deftest char-table-18 ()
  (should (equal (progn (put 'ct-test-one 'char-table-extra-slots 1) (let ((ct (make-char-table 'ct-test-one))) (list (condition-case e (char-table-extra-slot ct 1) (error (car e))) (condition-case e (char-table-extra-slot (make-char-table 'test) 0) (error (car e))))))
                 '(args-out-of-range args-out-of-range))))

(ert-deftest char-table-19 ()
  (should (equal (let ((ct (make-char-table 'test)) (r nil)) (set-char-table-range ct '(?a . ?e) 1) (aset ct ?x 2) (aset ct ?é 4) (set-char-table-range ct '(#x100 . #x2FF) 3) (map-char-table (lambda (k v) (push (list (if (consp k) (cons (car k) (cdr k)) k) v) r)) ct) (sort r (lambda (x y) (< (if (consp (car x)) (caar x) (car x)) (if (consp (car y)) (caar y) (car y))))))
                 '(((97 . 101) 1) (120 2) (233 4) ((256 . 767) 3)))))

(ert-deftest char-table-20 ()
  (should (equal (let ((ct (make-char-table 'test)) (r nil)) (aset ct ?a 1) (aset ct ?b 1) (aset ct ?c 2) (map-char-table (lambda (k v) (push (list (if (consp k) (cons (car k) (cdr k)) k) v) r)) ct) (sort r (lambda (x y) (< (if (consp (car x)) (caar x) (car x)) (if (consp (car y)) (caar y) (car y))))))
                 '(((97 . 98) 1) (99 2)))))

(ert-deftest char-table-21 ()
  (should (equal (let ((ct (make-char-table 'test)) (n 0)) (map-char-table (lambda (_k _v) (setq n (1+ n))) ct) n)
                 '0)))

(ert-deftest char-table-22 ()
  (should (equal (let ((p (make-char-table 'test)) (c (make-char-table 'test)) (r nil)) (aset p ?a 1) (aset c ?b 2) (set-char-table-parent c p) (map-char-table (lambda (k v) (push (list (if (consp k) (cons (car k) (cdr k)) k) v) r)) c) (sort r (lambda (x y) (< (if (consp (car x)) (caar x) (car x)) (if (consp (car y)) (caar y) (car y))))))
                 '((97 1) (98 2)))))

(ert-deftest char-table-23 ()
  (should (equal (let* ((ct (make-char-table 'test 0)) (cp (progn (aset ct ?a 1) (copy-sequence ct)))) (aset ct ?a 2) (aset cp ?b 3) (list (char-table-p cp) (char-table-subtype cp) (aref ct ?a) (aref cp ?a) (aref ct ?b) (aref cp ?b) (aref cp ?c) (eq cp ct)))
                 '(t test 2 1 0 3 0 nil))))

(ert-deftest char-table-24 ()
  (should (equal (progn (put 'ct-test-two 'char-table-extra-slots 2) (let* ((p (make-char-table 'ct-test-two)) (ct (make-char-table 'ct-test-two))) (set-char-table-parent ct p) (set-char-table-extra-slot ct 0 'e0) (let ((cp (copy-sequence ct))) (set-char-table-extra-slot ct 0 'changed) (list (char-table-extra-slot cp 0) (eq (char-table-parent cp) p) (char-table-subtype cp)))))
                 '(e0 t ct-test-two))))

(ert-deftest char-table-25 ()
  (should (equal (list (condition-case e (aref (make-char-table 'x) -1) (error (car e))) (condition-case e (aset (make-char-table 'x) -1 1) (error (car e))) (condition-case e (aref (make-char-table 'x) #x400000) (error (car e))) (condition-case e (aref (make-char-table 'x) 'a) (error (car e))))
                 '(wrong-type-argument wrong-type-argument wrong-type-argument wrong-type-argument))))

(ert-deftest char-table-26 ()
  (should (equal (list (condition-case e (char-table-subtype [1 2]) (error (list (car e) (cadr e)))) (condition-case e (char-table-range (make-char-table 'x) 'foo) (error (car e))) (condition-case e (set-char-table-parent (make-char-table 'x) 5) (error (car e))) (condition-case e (make-char-table "x") (error (car e))))
                 '((wrong-type-argument char-table-p) error wrong-type-argument wrong-type-argument))))

(ert-deftest char-table-27 ()
  (should (equal (list (length (make-char-table 'test)) (length (make-char-table 'test 1)))
                 '(4194303 4194303))))

(ert-deftest char-table-28 ()
  (should (equal (let ((ct (make-char-table 'test))) (aset ct ?a 1) (list (equal ct (copy-sequence ct)) (equal ct (make-char-table 'test)) (equal (make-char-table 'test) (make-char-table 'other))))
                 '(t nil nil))))

(ert-deftest char-table-29 ()
  (should (equal (progn (put 'ct-test-init 'char-table-extra-slots 2) (let ((ct (make-char-table 'ct-test-init 'i))) (list (char-table-extra-slot ct 0) (char-table-extra-slot ct 1) (char-table-range ct nil) (aref ct ?a))))
                 '(i i i i))))

(ert-deftest char-table-30 ()
  (should (equal (let ((ct (make-char-table 'test))) (aset ct ?b 'bee) (list (char-table-range ct '(?a . ?c)) (char-table-range ct '(?b . ?c)) (char-table-range ct '(?c . ?c))))
                 '(nil bee nil))))

(ert-deftest char-table-31 ()
  (should (equal (let ((ct (make-char-table 'test 0)) (r nil)) (set-char-table-range ct '(?a . ?e) 1) (map-char-table (lambda (k v) (push (list (if (consp k) (cons (car k) (cdr k)) k) v) r)) ct) (sort r (lambda (x y) (< (if (consp (car x)) (caar x) (car x)) (if (consp (car y)) (caar y) (car y))))))
                 '(((0 . 96) 0) ((97 . 101) 1) ((102 . 4194303) 0)))))

(ert-deftest char-table-32 ()
  (should (equal (let ((ct (make-char-table 'test 0))) (fillarray ct 9) (list (aref ct #x10FFFF) (aref ct #x3FFFFF) (char-table-range ct nil)))
                 '(9 9 9))))

(ert-deftest char-table-purposes-have-emacs-extra-slots-from-the-start ()
  ;; Put by Emacs's C at start-up: a case table made before any library
  ;; has its three extra slots.
  (should (equal (mapcar (lambda (s) (get s 'char-table-extra-slots))
                         '(case-table syntax-table category-table translation-table char-script-table
                                      glyphless-char-display keyboard-translate-table char-code-property-table))
                 '(3 0 2 2 1 1 0 5)))
  (let ((tbl (make-char-table 'case-table)))
    (set-char-table-extra-slot tbl 2 'bar)
    (should (eq (char-table-extra-slot tbl 2) 'bar))
    (should (eq (car (should-error (char-table-extra-slot tbl 3))) 'args-out-of-range))))
