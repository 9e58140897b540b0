;;; change-hooks-tests.el --- the hooks of overlays and text properties that a change runs  -*- lexical-binding: t -*-

;; Emacs's report_overlay_modification and verify_interval_modification:
;; an overlay's insert-in-front-hooks, insert-behind-hooks and
;; modification-hooks, before and after the change; the text's
;; modification-hooks before it and its insert hooks after an insertion.
;; Expected values are what GNU Emacs 28 gives for the same forms (company's
;; templates and yasnippet's fields stand on them).

(require 'ert)

(defvar change-hooks-tests--log nil)

(defun change-hooks-tests--overlay-hook (_overlay &rest args)
  (push (cons 'ov args) change-hooks-tests--log))

(defun change-hooks-tests--text-hook (&rest args)
  (push (cons 'text args) change-hooks-tests--log))

(defun change-hooks-tests--with-overlay (change)
  "The hooks an overlay over 3..6 of \"0123456789\" saw for CHANGE, and the text."
  (with-temp-buffer
    (insert "0123456789")
    (let ((ov (make-overlay 3 6))
          (change-hooks-tests--log nil))
      (dolist (prop '(modification-hooks insert-in-front-hooks insert-behind-hooks))
        (overlay-put ov prop '(change-hooks-tests--overlay-hook)))
      (funcall change)
      (list (nreverse change-hooks-tests--log) (buffer-string)))))

(ert-deftest change-hooks-overlay-insertions ()
  ;; At its start, at its end, inside it: before (OV nil BEG END), after
  ;; (OV t BEG END OLD-LEN).
  (should (equal (change-hooks-tests--with-overlay (lambda () (goto-char 3) (insert "a")))
                 '(((ov nil 3 3) (ov t 3 4 0)) "01a23456789")))
  (should (equal (change-hooks-tests--with-overlay (lambda () (goto-char 6) (insert "b")))
                 '(((ov nil 6 6) (ov t 6 7 0)) "01234b56789")))
  (should (equal (change-hooks-tests--with-overlay (lambda () (goto-char 4) (insert "c")))
                 '(((ov nil 4 4) (ov t 4 5 0)) "012c3456789")))
  ;; Away from it: nothing.
  (should (equal (change-hooks-tests--with-overlay (lambda () (goto-char 1) (insert "x")))
                 '(nil "x0123456789"))))

(ert-deftest change-hooks-overlay-deletions ()
  (should (equal (change-hooks-tests--with-overlay (lambda () (delete-region 2 4)))
                 '(((ov nil 2 4) (ov t 2 2 2)) "03456789")))
  (should (equal (change-hooks-tests--with-overlay (lambda () (delete-region 7 9)))
                 '(nil "01234589"))))

(ert-deftest change-hooks-inhibited ()
  (should (equal (change-hooks-tests--with-overlay
                  (lambda () (let ((inhibit-modification-hooks t)) (goto-char 4) (insert "y"))))
                 '(nil "012y3456789"))))

(ert-deftest change-hooks-overlay-deleted-by-its-hook ()
  "The after call goes to the hooks found before the change; a hook that
deletes its overlay there leaves it deleted, and the next change calls nothing."
  (with-temp-buffer
    (insert "abcdef")
    (let ((change-hooks-tests--log nil)
          (ov (make-overlay 2 4)))
      (overlay-put ov 'modification-hooks
                   (list (lambda (o after beg end &optional len)
                           (push (list 'mod after beg end len (overlay-start o)) change-hooks-tests--log)
                           (when after (delete-overlay o)))))
      (delete-region 2 3)
      (goto-char 2)
      (insert "z")
      (should (equal (list (nreverse change-hooks-tests--log) (buffer-string) (overlay-buffer ov))
                     '(((mod nil 2 3 nil 2) (mod t 2 2 1 2)) "azcdef" nil))))))

(ert-deftest change-hooks-text-properties ()
  "modification-hooks run before a change over the text, each list once
even past text without it; insert-behind-hooks of the character before an
insertion (and insert-in-front-hooks of the one after) run after it."
  (with-temp-buffer
    (insert "abcdefgh")
    (let ((change-hooks-tests--log nil))
      (put-text-property 3 5 'modification-hooks '(change-hooks-tests--text-hook))
      (put-text-property 5 6 'insert-in-front-hooks '(change-hooks-tests--text-hook))
      (put-text-property 2 3 'insert-behind-hooks '(change-hooks-tests--text-hook))
      (goto-char 4)
      (insert "1")
      (goto-char 3)
      (insert "2")
      (delete-region 2 8)
      (should (equal (list (nreverse change-hooks-tests--log) (buffer-string))
                     '(((text 3 4) (text 2 8)) "afgh"))))))

(ert-deftest change-hooks-text-insert-in-front ()
  (with-temp-buffer
    (insert "abcd")
    (let ((change-hooks-tests--log nil))
      (put-text-property 3 4 'insert-in-front-hooks '(change-hooks-tests--text-hook))
      (goto-char 3)
      (insert "xy")
      (goto-char 2)
      (insert "q")
      (should (equal (list (nreverse change-hooks-tests--log) (buffer-string))
                     '(((text 3 5)) "aqbxycd"))))))

(ert-deftest change-hooks-insert-reads-the-string-after-the-hooks ()
  "insert takes a string's text as before-change-functions left it, as
Emacs's insert_from_string reads it after prepare_to_modify_buffer."
  (with-temp-buffer
    (let ((s (copy-sequence "abc")))
      (add-hook 'before-change-functions (lambda (&rest _) (aset s 0 ?X)) nil t)
      (insert s)
      (should (equal (buffer-string) "Xbc"))
      ;; A unibyte string into a multibyte buffer goes the same way.
      (let ((u (string-to-unibyte "def")))
        (setq s u)
        (insert u)
        (should (equal (buffer-string) "XbcXef"))))))

;;; change-hooks-tests.el ends here
