;;; rect-tests.el --- lisp/rect.el: C-x r k, C-x r y, C-x r t ...  -*- lexical-binding: t -*-

;; Expected values are GNU Emacs 28's (`indent-tabs-mode' t, `tab-width'
;; 8); the file also runs there.
(when (boundp 'gapmacs-version) (load "loadup" nil t))

(defconst rect-tests--text "abcdef\nab\nabc\tdefgh\nxyz")

(defun rect-tests--pos (line col)
  "The position of LINE (from 1) and COL, as `move-to-column' reaches it."
  (save-excursion
    (goto-char (point-min))
    (forward-line (1- line))
    (move-to-column col)
    (point)))

(defmacro rect-tests--with (text &rest body)
  (declare (indent 1))
  `(with-temp-buffer
     (setq indent-tabs-mode t tab-width 8)
     (insert ,text)
     ,@body))

(ert-deftest rect-extract ()
  (rect-tests--with rect-tests--text
    (should (equal (extract-rectangle (rect-tests--pos 1 1) (rect-tests--pos 4 3))
                   '("bc" "b " "bc" "yz")))
    ;; Short lines are padded, tabs become spaces.
    (should (equal (extract-rectangle (rect-tests--pos 1 1) (rect-tests--pos 3 9))
                   '("bcdef   " "b       " "bc     d")))
    ;; A start inside a tab counts as spaces.
    (should (equal (extract-rectangle (rect-tests--pos 1 4) (rect-tests--pos 3 9))
                   '("ef   " "     " "    d"))))
  (rect-tests--with "\tx\nxxxxxxxxxxxxxxxxxxxx"
    (should (equal (extract-rectangle 1 (rect-tests--pos 2 9)) '("        x" "xxxxxxxxx"))))
  ;; Wide characters count two columns.
  (rect-tests--with "中文字ab\nabcdefgh"
    (should (equal (extract-rectangle (rect-tests--pos 1 1) (rect-tests--pos 2 6))
                   '("文字" "cdef"))))
  ;; A wide character across the left edge counts as a space.
  (rect-tests--with "ab\n中文字ab"
    (should (equal (extract-rectangle (rect-tests--pos 1 1) (rect-tests--pos 2 6))
                   '("b    " " 文字")))))

(ert-deftest rect-delete-and-kill ()
  (rect-tests--with rect-tests--text
    (delete-rectangle (rect-tests--pos 1 1) (rect-tests--pos 4 3))
    (should (equal (buffer-string) "adef\na\na\tdefgh\nx"))
    (should (= (point) 17)))
  (rect-tests--with rect-tests--text
    (goto-char (point-max))
    (kill-rectangle (rect-tests--pos 1 1) (rect-tests--pos 4 3))
    (should (equal killed-rectangle '("bc" "b " "bc" "yz")))
    (should (equal (buffer-string) "adef\na\na\tdefgh\nx"))
    (should (= (point) 17)))
  ;; A tab across the edge is split into spaces before it.
  (rect-tests--with "ab\tcdef\nabcdefghijk"
    (should (equal (delete-extract-rectangle (rect-tests--pos 1 1) (rect-tests--pos 2 5))
                   '("b   " "bcde")))
    (should (equal (buffer-string) "a\tcdef\nafghijk")))
  (rect-tests--with "ab\nabcdefghijk"
    (should (equal (delete-extract-rectangle (rect-tests--pos 1 1) (rect-tests--pos 2 5))
                   '("b   " "bcde")))
    (should (equal (buffer-string) "a\nafghijk")))
  ;; Without `indent-tabs-mode' the split tab becomes spaces.
  (rect-tests--with "ab\tcdef\nab\tcdef\nabcdefghijk"
    (setq indent-tabs-mode nil)
    (should (equal (delete-extract-rectangle (rect-tests--pos 1 1) (rect-tests--pos 3 5))
                   '("b   " "b   " "bcde")))
    (should (equal (buffer-string) "a   cdef\na   cdef\nafghijk")))
  ;; Lines ending inside are padded as `indent-to' would, with tabs.
  (rect-tests--with "\n\n中aeecde中\n中e"
    (should (equal (delete-extract-rectangle 1 11) '("\t  " "\t  " "中aeecde中")))
    (should (equal (buffer-string) "\n\n\n中e")))
  ;; delete-rectangle leaves a line whose wide character spans the left edge.
  (rect-tests--with "xyzbcd\t\n ae中xyz\t\nbcdb\txyz中cd"
    (delete-rectangle 16 22)
    (should (equal (buffer-string) "xyzbcd\t\n ae中xyz\t\nbcdbxyz中cd"))))

(ert-deftest rect-copy-and-yank ()
  (rect-tests--with rect-tests--text
    (goto-char (rect-tests--pos 4 3))
    (copy-rectangle-as-kill (rect-tests--pos 1 1) (rect-tests--pos 4 3))
    (should (equal killed-rectangle '("bc" "b " "bc" "yz")))
    (should (equal (buffer-string) rect-tests--text))
    (goto-char (point-min))
    (yank-rectangle)
    (should (equal (buffer-string) "bcabcdef\nb ab\nbcabc\tdefgh\nyzxyz"))
    (should (= (point) 29))))

(ert-deftest rect-insert ()
  (rect-tests--with rect-tests--text
    (goto-char (rect-tests--pos 2 2))
    (insert-rectangle '("12" "3" "456"))
    (should (equal (buffer-string) "abcdef\nab12\nab3c\tdefgh\nxy456z"))
    (should (= (point) 29)))
  ;; Past the last line new lines are made and indented.
  (rect-tests--with rect-tests--text
    (goto-char (rect-tests--pos 3 1))
    (insert-rectangle '("12" "3" "456"))
    (should (equal (buffer-string) "abcdef\nab\na12bc\tdefgh\nx3yz\n 456")))
  (rect-tests--with rect-tests--text
    (goto-char (rect-tests--pos 3 5))
    (insert-rectangle '("12" "3" "456"))
    (should (equal (buffer-string) "abcdef\nab\nabc\t12defgh\nxyz\t3\n\t456"))))

(ert-deftest rect-open-and-clear ()
  (rect-tests--with rect-tests--text
    (open-rectangle (rect-tests--pos 1 1) (rect-tests--pos 4 3))
    (should (equal (buffer-string) "a  bcdef\na  b\na  bc\tdefgh\nx  yz"))
    (should (= (point) 2)))
  ;; Lines ending left of the rectangle are padded only with FILL.
  (rect-tests--with "abcdefgh\nab\nabcdefgh"
    (open-rectangle (rect-tests--pos 1 3) (rect-tests--pos 3 5))
    (should (equal (buffer-string) "abc  defgh\nab\nabc  defgh")))
  (rect-tests--with "abcdefgh\nab\nabcdefgh"
    (open-rectangle (rect-tests--pos 1 3) (rect-tests--pos 3 5) t)
    (should (equal (buffer-string) "abc  defgh\nab   \nabc  defgh")))
  (rect-tests--with rect-tests--text
    (clear-rectangle (rect-tests--pos 1 1) (rect-tests--pos 4 3))
    (should (equal (buffer-string) "a  def\na\na  \tdefgh\nx")))
  (rect-tests--with rect-tests--text
    (clear-rectangle (rect-tests--pos 1 1) (rect-tests--pos 4 3) t)
    (should (equal (buffer-string) "a  def\na  \na  \tdefgh\nx  ")))
  (rect-tests--with "abcdefgh\nxxxxxxxxxxxxxxxxxxxx"
    (goto-char (rect-tests--pos 2 4))
    (clear-rectangle (rect-tests--pos 1 1) (point))
    (should (equal (buffer-string) "a   efgh\nx   xxxxxxxxxxxxxxxx"))
    (should (= (point) 11)))
  ;; Deleting, killing, clearing and numbering leave point on its text.
  (dolist (f (list #'delete-rectangle #'kill-rectangle #'clear-rectangle
                   (lambda (s e) (rectangle-number-lines s e 1))))
    (rect-tests--with rect-tests--text
      (goto-char 1)
      (funcall f (rect-tests--pos 1 1) (rect-tests--pos 4 3))
      (should (= (point) 1)))))

(ert-deftest rect-string-rectangle ()
  (rect-tests--with rect-tests--text
    (string-rectangle (rect-tests--pos 1 1) (rect-tests--pos 4 3) "XY")
    (should (equal (buffer-string) "aXYdef\naXY\naXY\tdefgh\nxXY"))
    (should (= (point) 25)))
  ;; Short lines are padded to the rectangle.
  (rect-tests--with "abcdef\nab\nabcdefgh"
    (string-rectangle (rect-tests--pos 1 4) (rect-tests--pos 3 5) "XY")
    (should (equal (buffer-string) "abcdXYf\nab  XY\nabcdXYfgh")))
  ;; An empty string deletes the columns.
  (rect-tests--with rect-tests--text
    (string-rectangle (rect-tests--pos 1 1) (rect-tests--pos 4 3) "")
    (should (equal (buffer-string) "adef\na\na\tdefgh\nx")))
  ;; A tab across the edges is split.
  (rect-tests--with "a\tb\nxxxxxxxxxxxxxxxxxxxx"
    (string-rectangle (rect-tests--pos 1 3) (rect-tests--pos 2 5) "Z")
    (should (equal (buffer-string) "a    Zb\nxxxxxZxxxxxxxxxxxx"))))

(ert-deftest rect-number-lines ()
  (rect-tests--with rect-tests--text
    (rectangle-number-lines (rect-tests--pos 1 1) (rect-tests--pos 4 3) 1)
    (should (equal (buffer-string) "a1 bcdef\na2 b\na3 bc\tdefgh\nx4 yz")))
  (rect-tests--with "a\nb\nc\nd\ne\nf\ng\nh\ni\nj\nk"
    (rectangle-number-lines (point-min) (point-max) 1)
    (should (equal (buffer-string) " 1 a\n 2 b\n 3 c\n 4 d\n 5 e\n 6 f\n 7 g\n 8 h\n 9 i\n10 j\n11 k")))
  (rect-tests--with "a\nb\nc"
    (rectangle-number-lines (point-min) (point-max) 9 "%d: ")
    (should (equal (buffer-string) "9: a\n10: b\n11: c"))))

(ert-deftest rect-keys ()
  (dolist (k '(("C-x r k" . kill-rectangle) ("C-x r d" . delete-rectangle)
               ("C-x r y" . yank-rectangle) ("C-x r M-w" . copy-rectangle-as-kill)
               ("C-x r o" . open-rectangle) ("C-x r c" . clear-rectangle)
               ("C-x r t" . string-rectangle) ("C-x r N" . rectangle-number-lines)))
    (should (eq (key-binding (kbd (car k))) (cdr k)))))

(ert-deftest rect-interactive-string-rectangle ()
  ;; The string is read with `read-string', stubbed here.
  (let ((old (symbol-function 'read-string)))
    (unwind-protect
        (progn
          (fset 'read-string (lambda (&rest _) "--"))
          (rect-tests--with "abc\nabc\nabc"
            (let ((transient-mark-mode t))
              (set-mark 2)
              (goto-char (rect-tests--pos 3 2))
              (call-interactively 'string-rectangle)
              (should (equal (buffer-string) "a--c\na--c\na--c"))
              (should (= (point) 14)))))
      (fset 'read-string old))))

;;; rect-tests.el ends here
