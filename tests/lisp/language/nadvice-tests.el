;;; nadvice-tests.el --- advice-add and add-function, checked against Emacs 28  -*- lexical-binding: t -*-

;; Every expected value below is what GNU Emacs 28 returns for the form.
;; Needs the editor: regexps (runs in batch mode, not on the language alone).

(defun nadvice-tests--double (x) (* x 2))
(defun nadvice-tests--inc-around (orig x) (1+ (funcall orig x)))
(defun nadvice-tests--id (&rest args) args)
(defvar nadvice-tests--log nil)
(defun nadvice-tests--log-before (&rest args) (push (cons 'before args) nadvice-tests--log))
(defun nadvice-tests--log-after (&rest args) (push (cons 'after args) nadvice-tests--log))
(defun nadvice-tests--ten-args (args) (mapcar (lambda (a) (* 10 a)) args))
(defun nadvice-tests--even-p (x) (= 0 (% x 2)))

(ert-deftest nadvice-tests-kinds ()
  (should (equal (progn (advice-add 'nadvice-tests--double :around #'nadvice-tests--inc-around) (prog1 (list (nadvice-tests--double 3) (and (advice-member-p #'nadvice-tests--inc-around 'nadvice-tests--double) t)) (advice-remove 'nadvice-tests--double #'nadvice-tests--inc-around)))
                 '(7 t)))
  (should (equal (list (nadvice-tests--double 3) (advice-member-p #'nadvice-tests--inc-around 'nadvice-tests--double))
                 '(6 nil)))
  (should (equal (progn (setq nadvice-tests--log nil) (advice-add 'nadvice-tests--id :before #'nadvice-tests--log-before) (advice-add 'nadvice-tests--id :after #'nadvice-tests--log-after) (prog1 (list (nadvice-tests--id 1 2) nadvice-tests--log) (advice-remove 'nadvice-tests--id #'nadvice-tests--log-before) (advice-remove 'nadvice-tests--id #'nadvice-tests--log-after)))
                 '((1 2) ((after 1 2) (before 1 2)))))
  (should (equal (progn (advice-add 'nadvice-tests--id :override #'list) (prog1 (nadvice-tests--id 1) (advice-remove 'nadvice-tests--id #'list)))
                 '(1)))
  (should (equal (progn (advice-add 'nadvice-tests--id :filter-args #'nadvice-tests--ten-args) (prog1 (nadvice-tests--id 1 2) (advice-remove 'nadvice-tests--id #'nadvice-tests--ten-args)))
                 '(10 20)))
  (should (equal (progn (advice-add 'nadvice-tests--double :filter-return #'1+ '((name . plus-one))) (prog1 (list (nadvice-tests--double 4) (and (advice-member-p 'plus-one 'nadvice-tests--double) t)) (advice-remove 'nadvice-tests--double 'plus-one)))
                 '(9 t)))
  (should (equal (progn (advice-add 'nadvice-tests--double :before-while #'nadvice-tests--even-p) (prog1 (list (nadvice-tests--double 2) (nadvice-tests--double 3)) (advice-remove 'nadvice-tests--double #'nadvice-tests--even-p)))
                 '(4 nil)))
  (should (equal (progn (advice-add 'nadvice-tests--double :before-until #'nadvice-tests--even-p) (prog1 (list (nadvice-tests--double 2) (nadvice-tests--double 3)) (advice-remove 'nadvice-tests--double #'nadvice-tests--even-p)))
                 '(t 6)))
  (should (equal (progn (advice-add 'nadvice-tests--id :after-until #'ignore) (prog1 (list (nadvice-tests--id) (nadvice-tests--id 5)) (advice-remove 'nadvice-tests--id #'ignore)))
                 '(nil (5))))
  (should (equal (progn (advice-add 'nadvice-tests--id :after-while #'list) (prog1 (list (nadvice-tests--id) (nadvice-tests--id 5)) (advice-remove 'nadvice-tests--id #'list)))
                 '(nil (5))))
  (should (equal (nadvice-tests--id 1 2)
                 '(1 2))))

(ert-deftest nadvice-tests-stacking ()
  (should (equal (progn (advice-add 'nadvice-tests--double :filter-return #'1+) (advice-add 'nadvice-tests--double :filter-return #'-) (prog1 (nadvice-tests--double 5) (advice-remove 'nadvice-tests--double #'1+) (advice-remove 'nadvice-tests--double #'-)))
                 '-11))
  (should (equal (progn (advice-add 'nadvice-tests--double :filter-return #'1+) (advice-add 'nadvice-tests--double :filter-return #'1+) (prog1 (nadvice-tests--double 5) (advice-remove 'nadvice-tests--double #'1+)))
                 '11))
  (should (equal (nadvice-tests--double 5)
                 '10)))

(ert-deftest nadvice-tests-add-function ()
  (should (equal (let ((f #'nadvice-tests--double)) (add-function :filter-return (var f) #'1+) (funcall f 3))
                 '7))
  (should (equal (let ((f #'nadvice-tests--double)) (add-function :around (var f) #'nadvice-tests--inc-around) (remove-function (var f) #'nadvice-tests--inc-around) (funcall f 3))
                 '6)))

;;; nadvice-tests.el ends here
