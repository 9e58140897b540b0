;;; read-stream-tests.el --- read from buffers and markers; utf-8-auto and utf-8-with-signature  -*- lexical-binding: t -*-

;; Each expected value is what GNU Emacs 28 gives (this file passes in both).
;; Needs the editor: buffers, coding systems (runs in batch mode, not on the language alone).


(ert-deftest read-stream-1 ()
  (should (equal (with-temp-buffer (insert "(a b) c \"s\" 12") (goto-char 1) (list (read (current-buffer)) (point) (read (current-buffer)) (read (current-buffer)) (read (current-buffer)) (point)))
                 '((a b) 6 c "s" 12 15))))

(ert-deftest read-stream-2 ()
  (should (equal (with-temp-buffer (insert "(a b") (goto-char 1) (condition-case e (read (current-buffer)) (end-of-file (list (car e) (point)))))
                 '(end-of-file 5))))

(ert-deftest read-stream-3 ()
  (should (equal (with-temp-buffer (insert "x y") (let ((m (copy-marker 1))) (list (read m) (marker-position m) (read m) (marker-position m))))
                 '(x 2 y 4))))

(ert-deftest read-stream-4 ()
  (should (equal (with-temp-buffer (insert (make-string 5000 97) " (b)") (goto-char 1) (list (length (symbol-name (read (current-buffer)))) (point) (read (current-buffer))))
                 '(5000 5001 (b)))))

(ert-deftest read-stream-5 ()
  (should (equal (with-temp-buffer (insert "(" (make-string 9000 120) ")") (goto-char 1) (length (symbol-name (car (read (current-buffer))))))
                 '9000)))

(ert-deftest read-stream-6 ()
  (should (equal (with-temp-buffer (insert "  ;; c\n 'q") (goto-char 1) (list (read (current-buffer)) (point)))
                 '('q 11))))

(ert-deftest read-stream-7 ()
  (should (equal (encode-coding-string "aé" 'utf-8-auto)
                 '"a\303\251")))

(ert-deftest read-stream-8 ()
  (should (equal (encode-coding-string "aé" 'utf-8-with-signature)
                 '"\357\273\277a\303\251")))

(ert-deftest read-stream-9 ()
  (should (equal (encode-coding-string "a\nb" 'utf-8-auto-dos)
                 '"a\15\nb")))

(ert-deftest read-stream-10 ()
  (should (equal (decode-coding-string (unibyte-string 239 187 191 97 195 169) 'utf-8-auto)
                 '"aé")))

(ert-deftest read-stream-11 ()
  (should (equal (encode-coding-string "a" 'utf-8-with-signature)
                 '"\357\273\277a")))

(ert-deftest read-stream-12 ()
  (should (equal (decode-coding-string "abc" 'utf-8-auto)
                 '"abc")))

(ert-deftest read-stream-13 ()
  (should (equal (decode-coding-string "\357\273\277x" 'utf-8-with-signature)
                 '"x")))

(ert-deftest read-stream-14 ()
  (should (equal (decode-coding-string "\357\273\277x" 'utf-8)
                 '"﻿x")))

(ert-deftest read-stream-15 ()
  (should (equal (coding-system-p 'utf-8-auto)
                 't)))

(ert-deftest read-stream-16 ()
  (should (equal (coding-system-p 'utf-8-with-signature-unix)
                 't)))

