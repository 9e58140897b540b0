;;; batch-window-tests.el --- the windows of batch mode, as Emacs 28's  -*- lexical-binding: t -*-

;; Every expected value is what GNU Emacs 28 gives in `emacs --batch -Q'
;; (this file passes in both): one 80x24 window on *scratch* and a one-line
;; minibuffer window.

(ert-deftest batch-window-tests-layout ()
  (should (windowp (selected-window)))
  (should (eq (selected-window) (frame-selected-window)))
  (should (equal (format "%s" (selected-window)) "#<window 1 on *scratch*>"))
  ;; 24 lines in a fresh `emacs --batch'; Emacs's ert run has 23 (its
  ;; echo area grew): what holds in both is the frame's 80 columns, the
  ;; mode line and a window above the minibuffer's.
  (should (equal (list (window-body-width) (window-width) (window-total-width) (window-hscroll))
                 '(80 80 80 0)))
  (should (= (window-body-height) (1- (window-height))))
  (should (= (window-total-height) (window-height)))
  (should (<= 23 (window-height) 24))
  (should (window-minibuffer-p (minibuffer-window)))
  (should-not (window-minibuffer-p))
  (should (equal (buffer-name (window-buffer (minibuffer-window))) " *Minibuf-0*"))
  (should (equal (window-height (minibuffer-window)) 1))
  (should (equal (window-list) (list (selected-window))))
  (should (eq (get-buffer-window "*scratch*") (selected-window)))
  (should-not (get-buffer-window "*Messages*"))
  (should-not (windowp 'window))
  (should-error (window-buffer 'window) :type 'wrong-type-argument))

(ert-deftest batch-window-tests-buffer-and-point ()
  (let ((scratch (window-buffer))
        (b (get-buffer-create "batch-window-tests")))
    (unwind-protect
        (progn
          ;; Making a buffer current does not show it.
          (with-temp-buffer
            (should (eq (window-buffer) scratch))
            (should-not (get-buffer-window)))
          (set-window-buffer nil b)
          (should (eq (window-buffer) b))
          (should-not (eq (current-buffer) b))
          ;; The window's point is its buffer's.
          (with-current-buffer b (insert "hello"))
          (should (equal (window-point) 6))
          (should (equal (set-window-point nil 2) 2))
          (should (equal (with-current-buffer b (point)) 2))
          (should (equal (set-window-start nil 3) 3))
          (should (equal (window-start) 3))
          ;; A killed buffer's window shows another.
          (kill-buffer b)
          (should (buffer-live-p (window-buffer))))
      (when (buffer-live-p b) (kill-buffer b))
      (set-window-buffer nil scratch))))

(ert-deftest batch-window-tests-delete ()
  ;; One ordinary window: deleting the others does nothing (org-agenda-list
  ;; calls it), deleting it is an error.
  (let ((before (window-list)))
    (should (eq (delete-other-windows) nil))
    (should (equal (window-list) before))
    (should (equal (should-error (delete-window))
                   '(error "Attempt to delete minibuffer or sole ordinary window")))
    (should (equal (window-list) before))))

(ert-deftest batch-window-vertical-motion-at-the-end ()
  ;; Down from the last line stops at the end of the text, and
  ;; move-to-window-line says how far it got (company puts its tooltip on
  ;; a new line by it).  Emacs 28's values.
  (with-temp-buffer
    (switch-to-buffer (current-buffer))
    (insert "ab\ncd")
    (should (equal (mapcar (lambda (p) (goto-char p) (list (vertical-motion 1) (point))) '(1 3 4 5 6))
                   '((1 4) (1 4) (0 6) (0 6) (0 6))))
    (erase-buffer)
    (insert "(forward-")
    (set-window-start nil 1)
    (should (equal (list (move-to-window-line 1) (point)) '(0 10)))))
