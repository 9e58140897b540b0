;;; fields-tests.el --- fields, as Emacs's editfns.c has them  -*- lexical-binding: t -*-

;; Expected values are GNU Emacs 28's: `emacs --batch -Q -l' on this file
;; passes too.

(defun fields-tests--cases ()
  "What the field functions give on text with prompts, a boundary field and an overlay."
  (list
   (with-temp-buffer
     (insert (propertize "Prompt: " 'field 'prompt 'rear-nonsticky t) "input text")
     (list (field-beginning 12) (field-end 12) (field-string-no-properties 12)
           (field-beginning 9) (field-end 9) (field-beginning 9 t) (field-end 9 t)
           (field-beginning 3) (field-end 3) (field-string-no-properties 3)
           (field-beginning 1) (field-end 1)
           (constrain-to-field 1 12) (constrain-to-field 12 3) (constrain-to-field 15 12)
           (constrain-to-field 3 12 t)
           (let ((inhibit-field-text-motion t)) (constrain-to-field 1 12))
           (progn (goto-char 15) (list (constrain-to-field nil 12) (point)))
           (progn (goto-char 2) (list (constrain-to-field nil 12) (point)))
           (field-beginning 12 nil 11) (field-end 12 nil 13)))
   (with-temp-buffer
     ;; comint-like: a line with a prompt field, then a line of output
     (insert "out\n" (propertize "$ " 'field 'prompt 'rear-nonsticky t 'front-sticky t) "cmd\nmore\n")
     (list (field-beginning 8) (field-end 8) (field-beginning 5) (field-end 5) (field-beginning 7)
           (constrain-to-field 5 9) (constrain-to-field 5 9 nil t) (constrain-to-field 3 9 nil t)
           (constrain-to-field 12 9 nil t) (field-string-no-properties 9)))
   (with-temp-buffer
     (insert "aaa" (propertize "BB" 'field 'boundary) "ccc")
     (put-text-property 1 4 'field 'x)
     (put-text-property 6 9 'field 'y)
     (list (field-beginning 5 t) (field-end 5 t) (field-beginning 5) (field-end 5)
           (field-beginning 4 t) (field-end 4 t) (field-end 6 t)))
   (with-temp-buffer
     (insert "one two three")
     (let ((o (make-overlay 5 8)))
       (overlay-put o 'field 'ov)
       (list (field-beginning 6) (field-end 6) (field-string-no-properties 6) (field-beginning 8) (field-end 8) (field-beginning 5) (field-end 5)
             (constrain-to-field 1 6) (constrain-to-field 12 6)
             (progn (delete-field 6) (buffer-string)))))
   (with-temp-buffer
     (insert (propertize "Ask: " 'field t 'read-only t 'rear-nonsticky t) "ans")
     (list (constrain-to-field 1 7 nil nil 'read-only) (constrain-to-field 1 7)
           (constrain-to-field 1 3 nil nil 'read-only)))))

(ert-deftest fields-as-emacs ()
  (should (equal (fields-tests--cases)
                 '((9 19 "input text" 9 19 1 19 1 9 "Prompt: " 1 9 9 9 15 9 1 (15 15) (9 9) 11 13)
                   (7 16 5 7 7 7 7 3 12 "cmd\nmore\n")
                   (1 9 4 6 1 9 9)
                   (5 8 "two" 8 14 5 8 5 8 "one  three")
                   (6 6 1)))))

(ert-deftest fields-line-motion-and-a-prompt ()
  ;; As in comint and dired: C-a stops after a prompt field, and a line's
  ;; beginning is the prompt's end; line motion from column 0 lands at the
  ;; prompt's start.
  (with-temp-buffer
    (insert "first line\n" (propertize "> " 'field 'prompt 'rear-nonsticky t) "input\n")
    (goto-char 16)
    (should (= (line-beginning-position) 14))
    (beginning-of-line)
    (should (= (point) 14))
    (let ((inhibit-field-text-motion t))
      (should (= (line-beginning-position) 12)))
    (goto-char (point-min))
    (line-move 1)
    (should (= (point) 12))))

;;; fields-tests.el ends here
