;;; reader-circle-tests.el --- #N= and #N# read back  -*- lexical-binding: t -*-

;; Issue 11: what `print-circle' prints reads back with the same sharing
;; and cycles. Also runs in GNU Emacs 28, which is how the expected values
;; were checked:
;;   emacs -Q --batch -l ert -l reader-circle-tests.el -f ert-run-tests-batch-and-exit

(defun reader-circle-tests--round-trip (x)
  (read (let ((print-circle t)) (prin1-to-string x))))

(defun reader-circle-tests--print (x)
  (let ((print-circle t)) (prin1-to-string x)))

(ert-deftest reader-circle-cyclic-list ()
  (let* ((l (list 1 2 3)))
    (setcdr (last l) l)
    (let ((back (reader-circle-tests--round-trip l)))
      (should (eq (nthcdr 3 back) back))
      (should (equal (reader-circle-tests--print back) "#1=(1 2 3 . #1#)")))))

(ert-deftest reader-circle-car-cycle ()
  (let ((l (list 'a 'b)))
    (setcar (cdr l) l)
    (let ((back (reader-circle-tests--round-trip l)))
      (should (eq (cadr back) back))
      (should (eq (car back) 'a)))))

(ert-deftest reader-circle-vector ()
  (let ((v (make-vector 2 nil)))
    (aset v 0 v)
    (aset v 1 (list v))
    (let ((back (reader-circle-tests--round-trip v)))
      (should (vectorp back))
      (should (eq (aref back 0) back))
      (should (eq (car (aref back 1)) back)))))

(ert-deftest reader-circle-shared-not-cyclic ()
  (let* ((c (list 'x))
         (v (vector 1))
         (x (list c c v v)))
    (should (equal (reader-circle-tests--print x) "(#1=(x) #1# #2=[1] #2#)"))
    (let ((back (reader-circle-tests--round-trip x)))
      (should (equal back x))
      (should (eq (nth 0 back) (nth 1 back)))
      (should (eq (nth 2 back) (nth 3 back))))))

(ert-deftest reader-circle-shared-strings ()
  ;; A string shared by the printer's labels is one string again.
  (let ((back (car (read-from-string "(#1=\"str\" #1# [#1#])"))))
    (should (equal back '("str" "str" ["str"])))
    (should (eq (nth 0 back) (nth 1 back)))
    (should (eq (nth 0 back) (aref (nth 2 back) 0)))))

(ert-deftest reader-circle-nested-labels ()
  (let ((back (car (read-from-string "#1=(a #2=[b #1# #2#] #2#)"))))
    (should (eq (aref (nth 1 back) 1) back))
    (should (eq (aref (nth 1 back) 2) (nth 1 back)))
    (should (eq (nth 2 back) (nth 1 back)))))

(ert-deftest reader-circle-emacs-corner-cases ()
  (should (equal (reader-circle-tests--print (car (read-from-string "(#1=(b) #1=(c) #1#)")))
                 "((b) #1=(c) #1#)"))
  (should (equal (car (read-from-string "#1=#1#")) '(nil)))
  (should (equal (car (read-from-string "(#1=a #1#)")) '(a a)))
  (should (equal (car (read-from-string "#1= (a)")) '(a))))

(ert-deftest reader-circle-errors ()
  (should (equal (should-error (read "#2#")) '(invalid-read-syntax "#")))
  (should (equal (should-error (read "(#1#)")) '(invalid-read-syntax "#")))
  (should (equal (should-error (read "#99999999999999999999=(a)")) '(invalid-read-syntax "#")))
  (should (eq (car (should-error (read "#1="))) 'end-of-file))
  ;; A label lasts one read.
  (read "#5=(a)")
  (should (equal (should-error (read "#5#")) '(invalid-read-syntax "#"))))
